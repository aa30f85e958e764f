//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestRowFMASKernels holds rowsFMASx and rowsFMASY (AVX2), each with its
// streaming and ahead forms, to their twin within their contract:
// rows of 128 bytes or more at multiples of 4 bytes (any alignment to a
// cache line, both forms), indices below 2^24 at any step, any finite start
// and delta.
func TestRowFMASKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(99, 100))
	for _, p := range rowsFMASPairs {
		if skip(p) {
			continue // (no AVX-512 on this CPU)
		}
		for c := range 400 {
			rows, pitch, rowBytes := rowsCase32(r)
			// Index i0 + row*rowStep + e*step for element e of a row,
			// below 2^24.
			step := 1 + r.Uint64N(3)
			rowStep := uint64(pitch/4)*step + r.Uint64N(3)
			i0 := r.Uint64N(1<<24 - uint64(rows)*rowStep - uint64(rowBytes/4)*step - 64) // (64: the places' d below)
			var base [16]float32
			for l := range base {
				base[l] = float32(uint64(l) * step)
			}
			m := newKernelMem(r, (rows-1)*pitch+rowBytes, true)
			m.off += 4 * r.IntN(16)
			steps := rowSteps{i0, rowStep, step, uint64(rowBytes/4-16) * step}
			if !p.nt && r.IntN(2) == 0 { // places apart from one sequence (the regular forms write each from its own)
				steps.d, steps.lastD = r.Uint64N(4), r.Uint64N(uint64(rowBytes/4))
			}
			start, delta := finiteBits32(r), finiteBits32(r)
			inc := uint64(math.Float32bits(float32(16 * step)))
			w := m.twin()
			p.asm(m.dst(), rows, pitch, rowBytes, &base, &steps, inc, start, delta)
			p.twin(w.dst(), rows, pitch, rowBytes, &base, &steps, inc, start, delta)
			compareMem(t, fmt.Sprintf("%s rows %d pitch %d rowBytes %d off %d start %#x delta %#x case %d", p.name, rows, pitch, rowBytes, m.off, start, delta, c), m, w)
		}
	}
}
