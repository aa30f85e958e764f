//go:build amd64 && !purego

package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestStreamingShortKeeps: a destination shorter than streamingMin (the
// rest of a large run, which plans by the whole run) takes the last
// verdict, however old, rather than measuring the cache.
func TestStreamingShortKeeps(t *testing.T) {
	defer pinVerdicts()
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	streamV.at.Store(1) // long ago
	streamV.wins.Store(true)
	if b := make([]byte, 1<<20); !streaming(len(b), len(b), len(b)) || streamV.at.Load() != 1 {
		t.Fatal("a short destination was measured")
	}
	streamV.at.Store(0)
}

// TestStreamingRemeasures: a verdict older than Recheck is measured
// again; a fresh one is kept.
func TestStreamingRemeasures(t *testing.T) {
	defer pinVerdicts()
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	n := streamingMin
	streamV.at.Store(1) // long ago
	_ = streaming(n, n, n)
	at := streamV.at.Load()
	if at == 1 {
		t.Fatal("an old verdict was not measured again")
	}
	_ = streaming(n, n, n)
	if streamV.at.Load() != at {
		t.Fatal("a fresh verdict was measured again")
	}
}

// TestStreamingRowsGaps: a padded layout's fill that measures streaming
// stores writes no byte between its rows, nor any byte past its last row
// in the dst it is handed (16 MiB more, as a caller once handed it the
// rest of its buffer): rows of 1024 elements, and pixels of 3 (the span of
// lanes). (The measurement once wrote 16 MiB of dst from the first row on,
// over gaps and past the last row; it now writes memory of its own, and
// rows spanning 8 MiB measure nothing, however long their dst.)
func TestStreamingRowsGaps(t *testing.T) {
	defer pinVerdicts()
	pinned = nil // (measured, as outside the tests)
	defer func() { pinned = &testVerdicts }()
	var asm *table // (the fill measures on an assembly table only)
	for _, tb := range machineTables() {
		if tb.asm && asm == nil {
			asm = tb
		}
	}
	if asm == nil {
		t.Skip("no assembly table here (no AVX2, or DML_TABLE=go)")
	}
	for _, c := range []struct {
		v        *verdict
		bytes    int
		pitch, n int // elements
	}{{&streamV, streamingMin + 4<<20, 1040, 1024}, {&streamV, streamingMin + 4<<20, 4, 3}, {&streamV, 8 << 20, 1040, 1024}} {
		pitch, n := c.pitch, c.n
		for _, size := range []int{1, 4} {
			rows := c.bytes / (pitch * size)
			span := (rows-1)*pitch*size + n*size
			mem := make([]byte, span+16<<20)
			for i := range mem {
				mem[i] = 0xAA
			}
			f := NewFiller(Int, size, 0, 1, uint64(rows*n))
			if size == 4 {
				f = NewFiller(Float32, 4, 0, 0x3F800000, uint64(rows*n))
			}
			onTable(f, asm)
			c.v.at.Store(0) // measure now
			f.FillRowsLE(mem, rows, pitch*size, n, 0, uint64(n), 1)
			if measured, want := c.v.at.Load() != 0, n*size >= addBlock && span >= streamingMin; measured != want {
				t.Fatalf("%d bytes, rows of %d elements of size %d: measured %v, want %v (padded rows below addBlock, and rows spanning less than streamingMin, take the last verdict)", c.bytes, n, size, measured, want)
			}
			for r := range rows - 1 {
				for at := r*pitch*size + n*size; at < (r+1)*pitch*size; at++ {
					if mem[at] != 0xAA {
						t.Fatalf("%d bytes, rows of %d elements of size %d: gap byte %d (after row %d) = %#x, want 0xaa", c.bytes, n, size, at, r, mem[at])
					}
				}
			}
			for at := span; at < len(mem); at++ {
				if mem[at] != 0xAA {
					t.Fatalf("%d bytes, rows of %d elements of size %d: byte %d, %d past the last row, = %#x, want 0xaa", c.bytes, n, size, at, at-span, mem[at])
				}
			}
		}
	}
}

// TestStoreRows: the measurement's row stores write every whole 64-byte
// line within each row, and nothing else.
func TestStoreRows(t *testing.T) {
	defer pinVerdicts()
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(91, 92))
	var p [32]byte
	for i := range p {
		p[i] = byte(i + 1)
	}
	for c := range 200 {
		rows, rowBytes := 1+r.IntN(20), 1+r.IntN(600)
		pitch := rowBytes + r.IntN(200)
		mem := make([]byte, 64+rows*pitch+64)
		off := r.IntN(64)
		dst := mem[off : off+(rows-1)*pitch+rowBytes]
		for _, store := range []func(*byte, int, int, int, *[32]byte){storeRowsAVX2, storeRowsAVX2NT} {
			for i := range mem {
				mem[i] = 0xAA
			}
			store(&dst[0], rows, pitch, rowBytes, &p)
			base := uintptr(unsafe.Pointer(&mem[0]))
			for i := range mem {
				want := byte(0xAA)
				at := i - off // the byte's place in dst
				if row := at / pitch; at >= 0 && row < rows && at-row*pitch < rowBytes {
					first := (base + uintptr(off+row*pitch) + 63) &^ 63
					end := (base + uintptr(off+row*pitch+rowBytes)) &^ 63
					if a := base + uintptr(i); a >= first && a < end {
						want = p[(a-first)%32]
					}
				}
				if mem[i] != want {
					t.Fatalf("case %d (rows %d pitch %d rowBytes %d off %d): byte %d = %#x, want %#x", c, rows, pitch, rowBytes, off, i, mem[i], want)
				}
			}
		}
	}
}

// pinVerdicts sets the measurement's verdict as if measured now and fresh
// for ever, to what it is before any measurement (streaming stores
// slower): the tests of the measurement leave it so when they end. (Every
// other test's fill takes testVerdicts, pinned, and measures nothing.)
func pinVerdicts() {
	streamV.wins.Store(false)
	streamV.at.Store(math.MaxInt64)
}
