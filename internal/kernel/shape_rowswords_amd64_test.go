//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestRowKernels holds the row kernels of words and float32 lanes
// (rowsAdd{B,W,D,Q,S}, AVX-512 and AVX2, each store kind) to their twin.
func TestRowKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(69, 70))
	for _, p := range rowsPairs {
		k := laneOf(p.name, len("rowsAdd")) // the lane kind
		for c := range 100 {
			rows, pitch, rowBytes := rowsCase(r, 128)
			m := newKernelMem(r, (rows-1)*pitch+rowBytes, p.nt)
			if p.nt { // streaming rows: at multiples of 16 bytes, 256 or more long
				rowBytes = 256 + 16*r.IntN(60)
				pitch = rowBytes + 16*r.IntN(8)
				m = newKernelMem(r, (rows-1)*pitch+rowBytes, true)
				m.off += 16 * r.IntN(4)
			}
			var base [128]byte
			var inc [32]byte
			var steps rowSteps
			size := 1 << min(k, laneQ)
			switch {
			case k == laneS:
				// Exact float32 lanes: every value a multiple of 2^unit
				// below 2^23 units in magnitude (rows of one run where
				// streaming: see below).
				const budget = 1 << 23
				size = 4
				maxD := int64(budget / (2 * (rowBytes/4 + 64)))
				d, rowD, s := r.Int64N(2*maxD+1)-maxD, r.Int64N(budget/(2*int64(rows))+1)-budget/(4*int64(rows)), r.Int64N(budget/2+1)-budget/4
				lastD := int64((rowBytes-128)/4) * d
				if !p.nt {
					lastD = r.Int64N(budget/2+1) - budget/4
				}
				sc := math.Ldexp(1, r.IntN(200)-149)
				for l := range 32 {
					putLE(base[4*l:], 4, uint64(math.Float32bits(float32(float64(int64(l)*d)*sc))))
				}
				inc = broadcast32(float32(float64(32*d) * sc))
				steps = rowSteps{math.Float64bits(float64(s) * sc), math.Float64bits(float64(rowD) * sc),
					math.Float64bits(float64(d) * sc), math.Float64bits(float64(lastD) * sc)}
			case p.nt:
				// Every row one run: the kernel and its twin take the
				// three places' values for different bytes, alike only
				// where the values are of one sequence, as the planner
				// gives them.
				d := r.Uint64()
				for l := range 128 / size {
					putLE(base[size*l:], size, uint64(l)*d)
				}
				for l := range 32 / size {
					putLE(inc[size*l:], size, uint64(128/size)*d)
				}
				steps = rowSteps{r.Uint64(), r.Uint64(), d, uint64((rowBytes-128)/size) * d}
			default:
				for i := range base {
					base[i] = byte(r.Uint32())
				}
				for i := range inc {
					inc[i] = byte(r.Uint32())
				}
				steps = rowSteps{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
			}
			w := m.twin()
			p.asm(m.dst(), rows, pitch, rowBytes, &base, &steps, &inc)
			p.twin(w.dst(), rows, pitch, rowBytes, &base, &steps, &inc)
			compareMem(t, fmt.Sprintf("%s rows %d pitch %d rowBytes %d case %d", p.name, rows, pitch, rowBytes, c), m, w)
		}
	}
}
