package kernel

import (
	"math"
	"testing"
)

// validBinadeS is valid for a piece of binade-s (mBinadeS):
// validBinade, which checks what the binade methods share and each
// one's own.
func (s *Seq) validBinadeS(t *table, a, last, step uint64, b []byte, p piece) string {
	return s.validBinade(t, a, last, step, b, p)
}

// TestBinadeMethodFloat32 is TestBinadeMethod for float32 (mBinadeS), on
// every table: starts and deltas within about 2^30 of
// each other (so that the exact sums fit), some near the subnormals, some
// crossing zero, against Bits.
func TestBinadeMethodFloat32(t *testing.T) {
	mem := make([]byte, 1<<17+64)
	defer setStreaming(0)
	for _, tb := range machineTables() {
		r := tableRand(1022, tb) // (this table's cases, whatever other tables the host has)
		tested, ties, want := 0, 0, draws(1000)
		for c := 0; tested < want && c < 100000; c++ {
			e := r.IntN(60) - 30
			if r.IntN(8) == 0 {
				e = -150 + r.IntN(40) // subnormals and the binades above them
			}
			x := func(e int) uint64 {
				v := math.Ldexp(r.Float64()*2-1, e)
				if r.IntN(3) == 0 {
					v = math.Ldexp(float64(r.IntN(64)-32), e) // few significant bits: ties
				}
				return uint64(math.Float32bits(float32(v)))
			}
			f := onTable(NewFiller(Float32, 4, x(e), x(e-r.IntN(30)), 0), tb)
			n := 32 + r.IntN(len(mem)/4-64)
			step := uint64(1)
			if r.IntN(4) == 0 {
				step = 1 + r.Uint64N(50)
			}
			i0 := 1 + r.Uint64N(1000)
			last := i0 + uint64(n-1)*step
			if f.mode != modeLinear || !f.binSLanes(i0, last) || f.overflowFrom(i0, step, n) < n {
				continue
			}
			tested++
			off := 4 * r.IntN(16)
			dst := mem[off : off+4*n]
			st := store(r.IntN(2))
			for j := 0; j < n; {
				var pl plan
				e := f.planBinades(tb, j, n, i0+uint64(j)*step, step, st, mBinadeS, &pl)
				for k := range pl.n {
					if pl.p[k].m == mBinadeS && (pl.p[k].ties || pl.p[k].tie < pl.p[k].n) {
						ties++
					}
					f.exec(dst[4*j:], shifted(pl.p[k], j), i0+uint64(j)*step, step)
				}
				j = e
			}
			for j := range n {
				i := i0 + uint64(j)*step
				if got, want := elementAt(dst, 4, j), f.Bits(i); got != want {
					t.Fatalf("%s: start %#x delta %#x i0 %d step %d n %d: element %d (index %d) = %#x, want %#x",
						tb.name, f.start, f.delta, i0, step, n, j, i, got, want)
				}
			}
		}
		if tested < want || ties < want/20 {
			t.Fatalf("%s: %d sequences fit the float32 binade method, %d pieces with ties", tb.name, tested, ties)
		}
	}
}
