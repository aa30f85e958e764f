//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestRunsKernels holds the runs kernels (f16Runs, AVX-512, and f16RunsY,
// AVX2, with their streaming and ahead forms) to their twin within their contract: spans of 1 to 700
// elements at every 2-byte offset in a line, changes 32 or more elements
// apart (exactly 32 among them), the first anywhere from element 0 to past
// the span, remainders at the edges of their range; no byte around the
// span may change.
func TestRunsKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(71, 72))
	for _, k := range runsPairs {
		if skip(k) {
			continue
		}
		for c := range 3000 {
			n := 1 + r.IntN(700)
			if r.IntN(4) == 0 {
				n = 1 + r.IntN(64) // one or two lines
			}
			var steps [5]uint64
			steps[4] = 1 + r.Uint64N(1<<uint(r.IntN(40)))
			for i := range 2 {
				steps[2*i] = 32 + r.Uint64N(uint64(1+r.IntN(100)))
				steps[2*i+1] = r.Uint64N(steps[4])
				if r.IntN(4) == 0 {
					steps[2*i+1] = steps[4] - 1
				}
			}
			rem := r.Uint64N(steps[4])
			if r.IntN(4) == 0 {
				rem = 0
			}
			next := r.Uint64N(uint64(n) + 40)
			v, inc := r.Uint64(), []uint64{1, 0xFFFF, r.Uint64()}[r.IntN(3)]
			m := newKernelMem(r, 2*n, false)
			m.off &^= 1 // aligned to the element
			w := m.twin()
			k.asm(m.dst(), n, v, inc, next, rem, &steps)
			k.twin(w.dst(), n, v, inc, next, rem, &steps)
			compareMem(t, fmt.Sprintf("%s n %d next %d rem %d steps %v case %d", k.name, n, next, rem, steps, c), m, w)
		}
	}
}
