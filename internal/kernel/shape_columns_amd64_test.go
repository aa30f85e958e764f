//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestZipKernels: the zip kernels against their twin for every element
// size and row length they take, any number of blocks the buffer holds,
// random columns, the bytes around the rows untouched.
func TestZipKernels(t *testing.T) {
	if !CPU.AVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	r := rand.New(rand.NewPCG(103, 104))
	for _, p := range zipPairs {
		n := int(p.name[len("zip")] - '0')
		lgs := []uint{1, 2, 3} // zip{n}x: elements of 2 to 8 bytes
		if strings.HasSuffix(p.name, "Bx") {
			lgs = []uint{0} // zip{n}Bx: bytes
		}
		for _, lg := range lgs {
			z := newZipPlan(n, lg)
			maxBlocks := z.stride >> lg / z.rows // a chunk's rows, in blocks
			for c := range 20 {
				blocks := r.IntN(maxBlocks + 1)
				if c == 0 {
					blocks = maxBlocks
				}
				cols := make([]byte, columnsBuf)
				for i := range cols {
					cols[i] = byte(r.Uint32())
				}
				m := newKernelMem(r, blocks*z.rows*n<<lg, false)
				w := m.twin()
				p.asm(m.dst(), &cols[0], blocks, z)
				p.twin(w.dst(), &cols[0], blocks, z)
				compareMem(t, fmt.Sprintf("%s lg %d n %d blocks %d", p.name, lg, n, blocks), m, w)
			}
		}
	}
}
