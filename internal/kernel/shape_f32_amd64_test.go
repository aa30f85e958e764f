//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func TestF32To16Kernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(65, 66))
	for _, p := range f32Pairs {
		if skip(p) {
			continue
		}
		for c := range 300 {
			blocks := r.IntN(40)
			b, f, in := exactLanes(r, 32, blocks, 24, r.IntN(50)-40)
			var base [32]float32
			for l := range base {
				base[l] = float32(b[l])
			}
			d := float32(in)
			inc := [8]float32{d, d, d, d, d, d, d, d}
			first := uint64(math.Float32bits(float32(f)))
			m := newKernelMem(r, blocks*64, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, &inc)
			p.twin(w.dst(), blocks, &base, first, &inc)
			compareMem(t, fmt.Sprintf("%s case %d", p.name, c), m, w)
		}
	}
}
