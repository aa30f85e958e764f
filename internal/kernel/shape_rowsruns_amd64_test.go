//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestRowsRunsKernels holds the row runs kernels (f16RowsRuns, AVX-512, and
// f16RowsRunsY, AVX2, with their streaming and ahead forms) to their twin within their contract: 1 to 40
// rows of 1 to 300 elements (2 to 600 bytes), pitches from the row to 200
// bytes more, at every 2-byte offset, changes as TestRunsKernels; no byte
// of the gaps or around the rows may change.
func TestRowsRunsKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(73, 74))
	for _, k := range rowsRunsPairs {
		if skip(k) {
			continue
		}
		for c := range 2000 {
			rows, n := 1+r.IntN(40), 1+r.IntN(300)
			if r.IntN(4) == 0 {
				n = 1 + r.IntN(40)
			}
			pitch := 2*n + 2*r.IntN(100)
			var steps [5]uint64
			steps[4] = 1 + r.Uint64N(1<<uint(r.IntN(40)))
			for i := range 2 {
				steps[2*i] = 32 + r.Uint64N(uint64(1+r.IntN(100)))
				steps[2*i+1] = r.Uint64N(steps[4])
			}
			rem := r.Uint64N(steps[4])
			next := r.Uint64N(uint64(n) + 40)
			v, inc := r.Uint64(), []uint64{1, 0xFFFF, r.Uint64()}[r.IntN(3)]
			m := newKernelMem(r, (rows-1)*pitch+2*n, false)
			m.off &^= 1 // aligned to the element
			w := m.twin()
			k.asm(m.dst(), rows, pitch, 2*n, v, inc, next, rem, &steps)
			k.twin(w.dst(), rows, pitch, 2*n, v, inc, next, rem, &steps)
			compareMem(t, fmt.Sprintf("%s rows %d n %d pitch %d next %d rem %d steps %v case %d", k.name, rows, n, pitch, next, rem, steps, c), m, w)
		}
	}
}
