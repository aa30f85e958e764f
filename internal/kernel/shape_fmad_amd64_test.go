//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestFMADKernels holds fmaDStore[x][NT] to their twin, the blocks they
// write and the count
// they return: random float32 starts and deltas (as float64) at indices
// below 2^32, and runs made to meet the blocks they must leave: indices
// about 2^24 with delta a power of two and start 0 or far below (float64
// values at float32 midpoints), values below 2^-126, and a run through an
// exact zero.
func TestFMADKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(79, 80))
	f64 := func(b uint64) uint64 { return math.Float64bits(float64(math.Float32frombits(uint32(b)))) }
	left := 0 // cases where the kernel left a block
	for _, p := range fmaDPairs {
		if skip(p) {
			continue
		}
		for c := range 600 {
			blocks := r.IntN(40)
			step := 1 + r.Uint64N(5)
			i0 := r.Uint64N(1 << 32)
			start, delta := f64(finiteBits32(r)), f64(finiteBits32(r))
			switch c % 4 {
			case 1: // float32 midpoints: i*2^e, i odd past 2^24
				e := r.IntN(40) - 20
				i0 = 1<<24 + r.Uint64N(2000) - 1000
				delta = math.Float64bits(math.Ldexp(1, e))
				start = 0
				if r.IntN(2) == 0 {
					start = math.Float64bits(math.Ldexp(1, e-60-r.IntN(30)))
				}
			case 2: // below 2^-126
				delta = math.Float64bits(math.Ldexp(float64(r.Uint32()&0xFFFFFF), -150-r.IntN(20)))
				start = math.Float64bits(math.Ldexp(float64(r.Uint32()&0xFFFFFF), -150-r.IntN(20)))
				i0 = r.Uint64N(1 << 16)
			case 3: // through an exact zero: start = -k*delta, k among the indices
				step = 1
				i0 = r.Uint64N(1 << 20)
				d := math.Ldexp(float64(r.Uint32()&0xFFFF), r.IntN(40)-20)
				delta = math.Float64bits(d)
				start = math.Float64bits(-float64(i0+r.Uint64N(uint64(16*blocks+1))) * d)
			}
			if r.IntN(2) == 0 {
				delta ^= 1 << 63
				start ^= 1 << 63
			}
			var base [16]float64
			for l := range base {
				base[l] = float64(uint64(l) * step)
			}
			d16 := float64(16 * step)
			inc := [4]float64{d16, d16, d16, d16}
			m := newKernelMem(r, 64*blocks, p.nt)
			w := m.twin()
			first := math.Float64bits(float64(i0))
			tiny := uint64(1) // 0 in a quarter of the cases (the kernel then looks for midpoints only)
			if r.IntN(4) == 0 {
				tiny = 0
			}
			got := p.asm(m.dst(), blocks, &base, first, &inc, start, delta, tiny)
			want := p.twin(w.dst(), blocks, &base, first, &inc, start, delta, tiny)
			what := fmt.Sprintf("%s start %#x delta %#x i0 %d step %d blocks %d tiny %d case %d", p.name, start, delta, i0, step, blocks, tiny, c)
			if got != want {
				t.Fatalf("%s: wrote %d blocks, the Go twin %d", what, got, want)
			}
			if got < blocks {
				left++
			}
			compareMem(t, what, m, w)
		}
	}
	t.Logf("the kernels left a block in %d cases", left)
	if CPU.AVX512 && left < 300 {
		t.Fatalf("the kernels left a block in %d cases of %d", left, 600*len(fmaDPairs))
	}
}
