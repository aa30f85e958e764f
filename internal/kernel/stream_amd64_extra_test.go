//go:build amd64 && !purego

package kernel

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestStreamingMeasureFits: the one-time measurement stays inside a
// destination of exactly the streaming size at an odd address.
func TestStreamingMeasureFits(t *testing.T) {
	mem := make([]byte, streamingMin+64)
	dst := mem[7 : 7+streamingMin]
	before := append([]byte(nil), mem[:7]...)
	_ = streaming(dst) // must not panic or write outside dst
	for i, b := range before {
		if mem[i] != b {
			t.Fatal("wrote before dst")
		}
	}
	for _, b := range mem[7+streamingMin:] {
		if b != 0 {
			t.Fatal("wrote after dst")
		}
	}
}

// TestF16PiecesMatchesPlain calls the float16 binade kernels directly (not
// only where FillLE picks them, after faster paths) on random sequences and
// ranges that fit their int32 lanes: zero crossings, subnormals, ties,
// short pieces, both signs and steps; AVX-512 and AVX2, both store kinds.
func TestF16PiecesMatchesPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	mem := make([]byte, 1<<16+64)
	// f16Pieces takes dst aligned to its elements (fillFast sees to that):
	// start from a 64-byte boundary, whatever the allocator gives (the race
	// detector's may give an odd address).
	mem = mem[(64-uintptr(unsafe.Pointer(&mem[0]))%64)%64:][:1<<16]
	defer setAVX512(true)
	tested := 0
	for c := 0; tested < 4000 && c < 100000; c++ {
		s := New(Float16, 2, randomBits(r, Float16, 2), randomBits(r, Float16, 2))
		n := 32 + r.IntN(len(mem)/2-64)
		step := uint64(1)
		if r.IntN(4) == 0 {
			step = 1 + r.Uint64N(50)
		}
		i0 := 1 + r.Uint64N(1000)
		last := i0 + uint64(n-1)*step
		if s.mode != modeLinear || !s.int32Lanes(i0, last) || s.overflowFrom(i0, step, n) < n {
			continue
		}
		tested++
		setAVX512(c%2 == 0)
		off := 2 * r.IntN(32)
		dst := mem[off : off+2*n]
		s.f16Pieces(dst, i0, step, r.IntN(2) == 0)
		checkFloat16(t, s, dst, i0, step, "f16Pieces")
	}
	if tested < 4000 {
		t.Fatalf("only %d sequences fit the binade kernels", tested)
	}
}

// TestQuo holds the float64 division with correction to integer division.
func TestQuo(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 54))
	for c := range 1000000 {
		x, y := r.Int64N(1<<33), 1+r.Int64N(1<<33-1)
		if c%2 == 0 {
			y = 1 + r.Int64N(1000)
			x = y*r.Int64N((1<<33)/y) - r.Int64N(2) // at and just below multiples
			x = max(x, 0)
		}
		if got, want := quo(x, y), x/y; got != want {
			t.Fatalf("quo(%d, %d) = %d, want %d", x, y, got, want)
		}
	}
}

// TestStreamingRemeasures: a verdict older than streamRecheck is measured
// again; a fresh one is kept.
func TestStreamingRemeasures(t *testing.T) {
	dst := make([]byte, streamingMin)
	streamAt.Store(1) // long ago
	_ = streaming(dst)
	at := streamAt.Load()
	if at == 1 {
		t.Fatal("an old verdict was not measured again")
	}
	_ = streaming(dst)
	if streamAt.Load() != at {
		t.Fatal("a fresh verdict was measured again")
	}
}
