//go:build amd64 && !purego

package kernel

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestStreamingMeasureFits: the measurement stays inside a destination of
// exactly the streaming size at an odd address.
func TestStreamingMeasureFits(t *testing.T) {
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	mem := make([]byte, streamingMin+64)
	dst := mem[7 : 7+streamingMin]
	streamAt.Store(0)
	_ = streaming(dst, len(dst), len(dst)) // must not panic or write outside dst
	for _, b := range mem[:7] {
		if b != 0 {
			t.Fatal("wrote before dst")
		}
	}
	for _, b := range mem[7+streamingMin:] {
		if b != 0 {
			t.Fatal("wrote after dst")
		}
	}
}

// TestStreamingShortKeeps: a destination shorter than streamingMin (the
// rest of a large run, which plans by the whole run) takes the last
// verdict, however old, rather than measuring the cache.
func TestStreamingShortKeeps(t *testing.T) {
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	streamAt.Store(1) // long ago
	streamWins.Store(true)
	if b := make([]byte, 1<<20); !streaming(b, len(b), len(b)) || streamAt.Load() != 1 {
		t.Fatal("a short destination was measured")
	}
	streamAt.Store(0)
}

// TestStreamingRemeasures: a verdict older than streamRecheck is measured
// again; a fresh one is kept.
func TestStreamingRemeasures(t *testing.T) {
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	dst := make([]byte, streamingMin)
	streamAt.Store(1) // long ago
	_ = streaming(dst, len(dst), len(dst))
	at := streamAt.Load()
	if at == 1 {
		t.Fatal("an old verdict was not measured again")
	}
	_ = streaming(dst, len(dst), len(dst))
	if streamAt.Load() != at {
		t.Fatal("a fresh verdict was measured again")
	}
}

// TestStreamingRowsGaps: a padded layout's fill that measures streaming
// stores (on 16 MiB of its rows) writes no byte between its rows. (The
// measurement once wrote 16 MiB of the layout whole, gaps and all.)
func TestStreamingRowsGaps(t *testing.T) {
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	const pitch, n = 1040, 1024 // bytes a row, elements a row
	for _, size := range []int{1, 4} {
		rows := (streamingMin + 4<<20) / (n * size)
		mem := make([]byte, (rows-1)*pitch*size+n*size)
		for i := range mem {
			mem[i] = 0xAA
		}
		f := NewFiller(Int, size, 0, 1, uint64(rows*n))
		if size == 4 {
			f = NewFiller(Float32, 4, 0, 0x3F800000, uint64(rows*n))
		}
		streamAt.Store(0) // measure now
		f.FillRowsLE(mem, rows, pitch*size, n, 0, n, 1)
		if streamAt.Load() == 0 {
			t.Fatalf("size %d: the fill did not measure", size)
		}
		for r := range rows - 1 {
			for at := r*pitch*size + n*size; at < (r+1)*pitch*size; at++ {
				if mem[at] != 0xAA {
					t.Fatalf("size %d: gap byte %d (after row %d) = %#x, want 0xaa", size, at, r, mem[at])
				}
			}
		}
	}
}

// TestStoreRows: the measurement's row stores write every whole 64-byte
// line within each row, and nothing else.
func TestStoreRows(t *testing.T) {
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
