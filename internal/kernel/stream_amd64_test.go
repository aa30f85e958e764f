//go:build amd64 && !purego

package kernel

import "testing"

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
