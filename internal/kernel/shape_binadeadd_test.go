package kernel

import (
	"fmt"
	"math"
	"testing"
)

// validBinadeAdd is valid for a piece of binade-add (mBinadeAdd):
// validBinade, which checks what the binade methods share and each
// one's own.
func (s *Seq) validBinadeAdd(t *table, a, last, step uint64, b []byte, p piece) string {
	return s.validBinade(t, a, last, step, b, p)
}

// TestBinadeAddMethod runs float16 runs whose binades repeat every 64
// elements (deltas of few significant bits: integers, halves, eighths,
// ...) through the planner and every table against Bits, and needs some
// mBinadeAdd pieces of every kind: with ties and without, with magnitudes
// falling (toward zero) and rising, at every alignment and both store
// kinds.
func TestBinadeAddMethod(t *testing.T) {
	mem := make([]byte, 1<<18+64)
	defer setStreaming(0)
	for _, tb := range machineTables() {
		r := tableRand(1021, tb) // (this table's cases, whatever other tables the host has)
		var pieces, ties, falling int
		// draws(2000) cases, and more until the quotas below are met, at
		// most 2000 (falling sequences are the rarest).
		cases := draws(2000)
		c := 0
		for ; c < cases || (pieces < cases/4 || ties < cases/20 || pieces-ties < cases/20 || falling < cases/40) && c < 2000; c++ {
			delta := float64(1+r.IntN(7)) * math.Ldexp(1, r.IntN(16)-12)
			start := math.Ldexp(float64(r.IntN(1<<11)), r.IntN(16)-10)
			if r.IntN(2) == 0 {
				delta = -delta
			}
			if r.IntN(2) == 0 {
				start = -start
			}
			f := onTable(NewFiller(Float16, 2, uint64(f64ToF16(start)), uint64(f64ToF16(delta)), 0), tb)
			n := 160 + r.IntN(len(mem)/2-224)
			i0, step := uint64(r.IntN(3)), uint64(1+r.IntN(2))
			off := 2 * r.IntN(32)
			dst := mem[off : off+2*n]
			setStreaming(1 - 2*r.IntN(2))
			for _, pp := range planAll(t, tb, f, dst, i0, step) {
				if p := pp.p; p.m == mBinadeAdd {
					pieces++
					if p.ties || int(p.tie) < int(p.n) {
						ties++
					}
					if int64(p.d) < 0 {
						falling++
					}
				}
			}
			f.FillLE(dst, i0, step)
			checkFloat16(t, f, dst, i0, step, fmt.Sprintf("%s case %d", tb.name, c))
		}
		t.Logf("%s: %d binade-add pieces: %d with ties, %d falling", tb.name, pieces, ties, falling)
		if pieces < cases/4 || ties < cases/20 || pieces-ties < cases/20 || falling < cases/40 {
			t.Fatalf("%s: %d binade-add pieces: %d with ties, %d falling", tb.name, pieces, ties, falling)
		}
	}
}
