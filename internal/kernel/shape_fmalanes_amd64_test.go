//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func TestFMAKernels(t *testing.T) {
	needAVX2(t)
	if !CPU.FMA {
		t.Skip("no FMA on this CPU")
	}
	r := rand.New(rand.NewPCG(75, 76))
	for _, p := range fmaPairs {
		if skip(p) {
			continue
		}
		for c := range 300 {
			blocks := r.IntN(40)
			step := 1 + r.Uint64N(5)
			i0 := r.Uint64N(1 << 32)
			var base [16]float64
			for l := range base {
				base[l] = float64(uint64(l) * step)
			}
			d16 := float64(16 * step)
			inc := [4]float64{d16, d16, d16, d16}
			start, delta := randomBits(r, Float64, 8), randomBits(r, Float64, 8)
			m := newKernelMem(r, blocks*128, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, math.Float64bits(float64(i0)), &inc, start, delta)
			p.twin(w.dst(), blocks, &base, math.Float64bits(float64(i0)), &inc, start, delta)
			compareMem(t, fmt.Sprintf("%s start %#x delta %#x case %d", p.name, start, delta, c), m, w)
		}
	}
}
