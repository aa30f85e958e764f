//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestBinadeWideKernels holds the int64-lane binade kernels (float32's
// f32Binq, f32BinqY) to their twin, within their contracts:
// every kb below 2^(shift+bits) (here below 2^62 too, to stay in int64),
// shift at most maxShift, c even; small steps (many elements a last place)
// and first at a tie among the cases.
func TestBinadeWideKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(73, 74))
	// (16 int64 lanes a block of 16 float32; shift at most 32; kb below
	// 2^(shift+32); c of 32 bits.)
	const lanes, maxShift, bits, cWidth = 16, 32, 32, 32
	for _, p := range binSPairs {
		if skip(p) {
			continue // (no AVX-512 on this CPU)
		}
		for c := range 600 {
			blocks := r.IntN(40)
			shift := 1 + r.Uint64N(maxShift)
			cc, ties := r.Uint64()&(1<<cWidth-2), r.Uint64N(2)
			limit := int64(1) << min(62, shift+bits)
			span := int64(lanes * blocks) // kb moves by at most span*|dm|
			maxD := min(1<<45, (limit-1)/(span+1))
			if r.IntN(3) == 0 {
				maxD = min(maxD, 1<<12) // small steps: many elements per last place
			}
			dm := r.Int64N(2*maxD+1) - maxD
			var base [16]int64
			for l := range base {
				base[l] = int64(l) * dm
			}
			lo, hi := int64(0), limit-1 // the range of first
			if dm >= 0 {
				hi -= span * dm
			} else {
				lo -= span * dm
			}
			first, inc := uint64(lo+r.Int64N(hi-lo+1)), uint64(int64(lanes)*dm)
			switch r.IntN(6) {
			case 0:
				first = uint64(lo)
			case 1:
				first = uint64(hi)
			case 2: // at a tie: half a last place past a multiple of 2^shift
				h := uint64(1) << (shift - 1)
				first = max(uint64(lo), min(uint64(hi), first&^(h<<1-1)|h))
			}
			m := newKernelMem(r, blocks*64, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, inc, shift, cc, ties)
			p.twin(w.dst(), blocks, &base, first, inc, shift, cc, ties)
			compareMem(t, fmt.Sprintf("%s shift %d ties %d dm %d case %d", p.name, shift, ties, dm, c), m, w)
		}
	}
}
