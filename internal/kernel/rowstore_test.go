package kernel

import (
	"math"
	"testing"
	"unsafe"
)

// TestRowStoreWholeSpan: rows spanning streamingMin bytes or more store
// alike in every piece, as a run's pieces do: float32 0, +1 in rows of
// 1024 elements, 16 apart, go from row 1 in binade pieces of 1, 2, 4, ...
// rows, most spanning far less than streamingMin, and every piece of a
// method with a streaming form streams where the machine streams faster
// (forced here) and none where it does not; rows of whole lines (at a
// 64-byte aligned address) and rows 16 bytes off them alike. Every element
// is Bits and every padding byte untouched, on every table (not under
// -short: the plans alone).
func TestRowStoreWholeSpan(t *testing.T) {
	const n, pitch = 1024, 4 * 1040
	rows := streamingMin/pitch + 2
	const i0 = 1<<24 - 64*n // (64 rows in the binade below 2^24, the rest in the next: two pieces)
	mem := make([]byte, (rows-1)*pitch+4*n+128)
	off := int((64 - uintptr(unsafe.Pointer(&mem[0]))%64) % 64)
	defer setStreaming(0)
	for _, skew := range []int{0, 16} {
		dst := mem[off+skew : off+skew+(rows-1)*pitch+4*n]
		if got := wholeLines(dst, pitch, 4*n); got != (skew == 0) {
			t.Fatalf("skew %d: wholeLines = %v", skew, got)
		}
		for _, tb := range machineTables() {
			f := onTable(NewFiller(Float32, 4, 0, uint64(math.Float32bits(1)), i0+uint64(rows*n)), tb)
			c := rowsLayout{f: f, dst: dst, rows: rows, pitch: pitch, n: n, i0: i0, rowStep: n, step: 1}
			for _, stream := range []int{0, 1} {
				setStreaming(stream)
				small := 0 // streamable pieces spanning less than streamingMin
				for _, p := range planAllRows(tb, c) {
					at := int(p.j) * pitch
					span := (int(p.n)-1)*pitch + 4*n
					if !rowsStreamable(p.m, dst[at:at+span], pitch, 4*n) {
						continue
					}
					if span < streamingMin {
						small++
					}
					if want := store(stream); p.st != want {
						t.Fatalf("%s, skew %d, streaming %d: piece %v of rows [%d, %d) stores %v, want %v", tb.name, skew, stream, p.m, p.j, p.j+p.n, p.st, want)
					}
				}
				if small == 0 {
					t.Fatalf("%s, skew %d: no piece of a streamable method spans less than streamingMin: the case tests nothing", tb.name, skew)
				}
			}
			if testing.Short() {
				continue // (the plans alone: the fills write 16 MiB a case)
			}
			setStreaming(1)
			for i := range mem {
				mem[i] = 0x5A
			}
			f.FillRowsLE(dst, rows, pitch, n, i0, n, 1)
			if why := rowsMismatch(f, dst, rows, pitch, n, i0, n, 1, 0x5A); why != "" {
				t.Fatalf("%s, skew %d: %s", tb.name, skew, why)
			}
		}
	}
}

// TestWholeLines: rows are whole lines a whole number of lines apart only
// where the first starts on a line, and the pitch and the row are
// multiples of 64 bytes.
func TestWholeLines(t *testing.T) {
	mem := make([]byte, 1<<14)
	off := int((64 - uintptr(unsafe.Pointer(&mem[0]))%64) % 64)
	for _, c := range []struct {
		at, pitch, rowBytes int
		want                bool
	}{
		{0, 4160, 4096, true}, {64, 128, 64, true}, {0, 4096, 4096, true},
		{16, 4160, 4096, false}, {32, 128, 64, false},
		{0, 4176, 4096, false}, {0, 4160, 4080, false}, {0, 4128, 4064, false},
	} {
		if got := wholeLines(mem[off+c.at:], c.pitch, c.rowBytes); got != c.want {
			t.Errorf("at %d (a line + %d), pitch %d, rows of %d: wholeLines = %v, want %v", off+c.at, c.at%64, c.pitch, c.rowBytes, got, c.want)
		}
	}
}
