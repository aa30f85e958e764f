//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// binRowsDraw draws the rest of a case of a row kernel in int64 binade
// lanes for rows of rowBytes pitch bytes apart (elements of size bytes,
// blocks of lanes): their memory (streaming-aligned, then moved by whole
// elements), shift (1 to maxShift) and the step dm an element (lane l of
// the base is l*dm; magnitudes that rise or fall), every kb from 0 to below
// 2^(shift+bits) and 2^62, the places of a row from one sequence, some at a
// tie.
func binRowsDraw(r *rand.Rand, rows, pitch, rowBytes, size, lanes int, maxShift, bits uint64) (m *kernelMem, shift uint64, dm int64, steps rowSteps) {
	shift = 1 + r.Uint64N(maxShift)
	limit := int64(1) << min(62, shift+bits)
	span := int64(rows) * int64(pitch/size+2) // elements from the first to the last
	dm = r.Int64N(limit/span/2 + 1)
	if r.IntN(3) == 0 {
		dm = min(dm, r.Int64N(1<<12)) // many elements a last place
	}
	k0 := r.Int64N(limit - span*dm)
	h := int64(1) << (shift - 1)
	if r.IntN(3) == 0 { // at a tie: half a last place past a multiple of 2^shift
		k0 = min(k0&^(h<<1-1)|h, limit-span*dm-1)
	}
	if r.IntN(2) == 0 { // magnitudes that fall
		k0 = limit - 1 - r.Int64N(limit-span*dm)
		if r.IntN(3) == 0 {
			k0 = max(k0&^(h<<1-1)|h, span*dm)
		}
		dm = -dm
	}
	rowD := int64(pitch/size+r.IntN(2)) * dm
	m = newKernelMem(r, (rows-1)*pitch+rowBytes, true)
	m.off += size * r.IntN(64/size)
	steps = rowSteps{uint64(k0), uint64(rowD), uint64(dm), uint64(int64(rowBytes/size-lanes) * dm)}
	return m, shift, dm, steps
}

// TestRowBinSKernels holds rowsBinSY[NT] to its twin within its
// contract: rows of 128 bytes or more at multiples of 4 bytes (any
// alignment to a cache line, every form), every kb below 2^(shift+32) and
// 2^62, shift at most 32, c even, with and without the tie step; the
// places of a row from one sequence, some at a tie.
func TestRowBinSKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(101, 102))
	for _, p := range rowsBinSPairs {
		if skip(p) {
			continue // (no AVX-512 on this CPU)
		}
		for c := range 600 {
			rows, pitch, rowBytes := rowsCase32(r)
			m, shift, dm, steps := binRowsDraw(r, rows, pitch, rowBytes, 4, 16, 32, 32)
			var base [16]int64
			for l := range base {
				base[l] = int64(l) * dm
			}
			cc, ties := r.Uint64()&(1<<32-2), r.Uint64N(2)
			w := m.twin()
			p.asm(m.dst(), rows, pitch, rowBytes, &base, &steps, uint64(16*dm), shift, cc, ties)
			p.twin(w.dst(), rows, pitch, rowBytes, &base, &steps, uint64(16*dm), shift, cc, ties)
			compareMem(t, fmt.Sprintf("%s rows %d pitch %d rowBytes %d off %d shift %d ties %d case %d", p.name, rows, pitch, rowBytes, m.off, shift, ties, c), m, w)
		}
	}
}
