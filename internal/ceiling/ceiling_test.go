package ceiling

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml/internal/benchcore"
)

// layouts are the layouts the writers are held to: dmlbench's (fewer
// runs), and odd ones: runs of one byte, runs a line or more apart and
// not a multiple of a line, one run, runs that touch.
var layouts = []Rows{
	{Count: 5, Pitch: 4160, Bytes: 4096}, // padded FLOAT32 rows: 1024 elements, pitch 1040
	{Count: 5, Pitch: 1040, Bytes: 1024}, // UINT8
	{Count: 5, Pitch: 2080, Bytes: 2048}, // FLOAT16
	{Count: 3, Pitch: 8320, Bytes: 8192}, // INT64
	{Count: 50, Pitch: 16, Bytes: 12},    // FLOAT32 pixels, 3 channels in 4
	{Count: 50, Pitch: 4, Bytes: 3},      // UINT8
	{Count: 50, Pitch: 8, Bytes: 6},      // FLOAT16
	{Count: 50, Pitch: 32, Bytes: 24},    // INT64
	{Count: 100, Pitch: 20, Bytes: 20},   // FLOAT32 pixels of 5 channels: contiguous
	{Count: 1, Pitch: 0, Bytes: 1000},    // packed
	{Count: 1, Pitch: 0, Bytes: 1},
	{Count: 7, Pitch: 3, Bytes: 1},
	{Count: 3, Pitch: 200, Bytes: 1},
	{Count: 9, Pitch: 100, Bytes: 70},
	{Count: 4, Pitch: 65, Bytes: 1},
	{Count: 2, Pitch: 64, Bytes: 64},
	{Count: 3, Pitch: 128, Bytes: 64},
	{Count: 200, Pitch: 24, Bytes: 17},
}

// aligns are the offsets of the buffer's start within a 64-byte line the
// writers are run at.
var aligns = []int{0, 1, 7, 8, 13, 32, 63}

// TestWritersWriteTheLayout: every writer this machine runs writes the
// pattern on every byte of each layout (the byte at address a being
// Pattern's byte a%8) and leaves every other byte of the buffer, before,
// between and after the runs, as it was; at every offset of the buffer's
// start within a line.
func TestWritersWriteTheLayout(t *testing.T) {
	for _, r := range layouts {
		ws, err := Writers(r)
		if err != nil {
			t.Fatalf("%+v: %v", r, err)
		}
		// The line writers' plans through the Go twin, on every build.
		twin := &lineWriter{r: r, store: storeLinesGo}
		ws = append(ws, Writer{"lines through the Go twin", twin.write})
		for _, w := range ws {
			for _, align := range aligns {
				checkWriter(t, r, w, align)
			}
		}
	}
}

func checkWriter(t *testing.T, r Rows, w Writer, align int) {
	t.Helper()
	const margin, untouched = 192, 0x5A // 0x5A: none of the pattern's bytes
	back := benchcore.PageAligned(margin + align + r.Span() + margin)
	for i := range back {
		back[i] = untouched
	}
	b := back[margin+align : margin+align+r.Span()]
	w.Write(b)
	base := uintptr(unsafe.Pointer(&back[0]))
	want := make([]byte, len(back))
	for i := range want {
		want[i] = untouched
	}
	for run := range r.Count {
		for j := range r.Bytes {
			at := margin + align + run*r.Pitch + j
			want[at] = byte(uint64(0x0123456789ABCDEF) >> (8 * ((base + uintptr(at)) % 8)))
		}
	}
	bad := 0
	for i := range back {
		if back[i] != want[i] && bad < 3 {
			bad++
			t.Errorf("%s, %+v, buffer %d bytes past a line: byte %d of the buffer (%d from its start) is %#x, want %#x",
				w.Name, r, align, i, i-margin-align, back[i], want[i])
		}
	}
}

// TestWritersOffered: with AVX-512, the line writers are offered beside
// "go" (so that the test above holds the assembly); a layout whose lines
// repeat only after more than maxPeriod lines has "go" alone; a layout
// that is none is refused, saying why.
func TestWritersOffered(t *testing.T) {
	names := func(r Rows) string {
		ws, err := Writers(r)
		if err != nil {
			return err.Error()
		}
		s := ""
		for _, w := range ws {
			s += w.Name + " "
		}
		return s
	}
	all := "go "
	for _, s := range lineStores() {
		all += s.name + " "
	}
	if got := names(Rows{Count: 5, Pitch: 16, Bytes: 12}); got != all {
		t.Errorf("pixels of 3 in 4: %q, want %q", got, all)
	}
	if got := names(Rows{Count: 100, Pitch: 12, Bytes: 12}); !strings.Contains(got, "packed ") {
		t.Errorf("pixels of 3 in 3 (one run): %q, want the packed store methods among them", got)
	}
	if got := names(Rows{Count: 2, Pitch: 4097 * 64 * 3, Bytes: 1}); got != "go " {
		t.Errorf("runs 4097*192 bytes apart: %q, want go alone", got)
	}
	for r, want := range map[Rows]string{
		{Count: 0, Pitch: 4, Bytes: 3}: "ceiling: 0 runs: a layout has one or more",
		{Count: 2, Pitch: 4, Bytes: 0}: "ceiling: runs of 0 bytes: a run has one byte or more",
		{Count: 2, Pitch: 3, Bytes: 4}: "ceiling: runs of 4 bytes 3 bytes apart overlap",
	} {
		if got := names(r); got != want {
			t.Errorf("%+v: %q, want %q", r, got, want)
		}
	}
}

// TestPeriod: the lines after which runs fall at the same place in a
// line again.
func TestPeriod(t *testing.T) {
	for pitch, want := range map[int]int{16: 1, 64: 1, 128: 2, 1040: 65, 2080: 65, 4160: 65, 8320: 130, 3: 3, 20: 5} {
		if got := period(pitch); got != want {
			t.Errorf("period(%d) = %d, want %d", pitch, got, want)
		}
	}
}

func ExampleWriters() {
	// Pixels of 3 float32 channels in 4 slots: 12 bytes of every 16.
	ws, _ := Writers(Rows{Count: 4, Pitch: 16, Bytes: 12})
	b := benchcore.PageAligned(64)
	ws[0].Write(b)
	fmt.Printf("% x\n", b[:32])
	// Output: ef cd ab 89 67 45 23 01 ef cd ab 89 00 00 00 00 ef cd ab 89 67 45 23 01 ef cd ab 89 00 00 00 00
}
