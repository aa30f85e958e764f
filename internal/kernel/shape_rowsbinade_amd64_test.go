//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestRowBinadeKernels holds rowsBinx and rowsBinY (AVX2), with their ahead
// forms, to their twin within their contract: each
// place's every kb below 2^(shift+12), shift at most 20, c even, any tie
// masks.
func TestRowBinadeKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(75, 76))
	for _, p := range rowsBinPairs {
		if skip(p) {
			continue // (no AVX-512 on this CPU)
		}
		for c := range 300 {
			rows, pitch, rowBytes := rowsCase(r, 64)
			rowBytes &^= 1
			shift, cc := 1+r.Uint64N(20), r.Uint64()&0xFFFE
			limit := int64(1) << (shift + 12)
			up := uint(r.IntN(3))
			span := int64(32*(rowBytes/64+2)) << up // a place's kb moves by at most span*|dm|
			maxD := min(1<<15, (limit-1)/(span+1))
			dm := r.Int64N(2*maxD+1) - maxD
			var base [32]int32
			for l, e := range packOrder {
				base[l] = int32(uint32(uint64(e*dm) << up))
			}
			lo, hi := int64(0), limit-1 // the range of a place's first
			if dm >= 0 {
				hi -= span * dm
			} else {
				lo -= span * dm
			}
			// Places within [lo, hi]: the first row's kb within an eighth
			// of the range's middle, and each of the row, mis and last
			// steps moving it by at most another eighth.
			wd := (hi - lo) / 8
			steps := binSteps{
				kb:    uint64((lo+hi)/2 + r.Int64N(2*wd+1) - wd),
				rowD:  uint64(r.Int64N(2*(wd/int64(rows))+1) - wd/int64(rows)),
				d:     uint64(r.Int64N(2*(wd/32)+1) - wd/32),
				lastD: uint64(r.Int64N(2*wd+1) - wd),
				n:     uint64(rowBytes / 2), tie: r.Uint64(), perMask: 1<<r.IntN(6) - 1,
			}
			if r.IntN(4) == 0 { // every kb at an end of the range
				steps.kb, steps.rowD, steps.d, steps.lastD = uint64(lo), 0, 0, 0
				if r.IntN(2) == 0 {
					steps.kb = uint64(hi)
				}
			}
			if r.IntN(2) == 0 {
				steps.every = uint64(r.Uint32()) // tie masks
			}
			inc := uint64(32*dm) << up
			m := newKernelMem(r, (rows-1)*pitch+rowBytes, p.nt)
			w := m.twin()
			p.asm(m.dst(), rows, pitch, rowBytes, &base, &steps, inc, shift, cc)
			p.twin(w.dst(), rows, pitch, rowBytes, &base, &steps, inc, shift, cc)
			compareMem(t, fmt.Sprintf("%s rows %d pitch %d rowBytes %d shift %d case %d", p.name, rows, pitch, rowBytes, shift, c), m, w)
		}
	}
}
