package kernel

import (
	"fmt"
	"testing"
)

// TestBinadeMethod plans float16 runs that fit int32 lanes (or int64 lanes:
// without AVX-512 their pieces go to the runs kernel, float64 lanes or the
// plain method) with the binade split directly (not only where the planner picks it, after faster
// methods) and executes them on every table: zero crossings, subnormals,
// ties, short pieces, both signs and steps, both store kinds.
func TestBinadeMethod(t *testing.T) {
	mem := make([]byte, 1<<16+64)
	defer setStreaming(0)
	for _, tb := range machineTables() {
		r := tableRand(1018, tb) // (this table's cases, whatever other tables the host has)
		tested, wide, want := 0, 0, draws(1500)
		for c := 0; tested < want && c < 100000; c++ {
			f := onTable(NewFiller(Float16, 2, randomBits(r, Float16, 2), randomBits(r, Float16, 2), 0), tb)
			n := 32 + r.IntN(len(mem)/2-64)
			step := uint64(1)
			if r.IntN(4) == 0 {
				step = 1 + r.Uint64N(50)
			}
			i0 := 1 + r.Uint64N(1000)
			last := i0 + uint64(n-1)*step
			m, fits := mBinade, f.int32Lanes(i0, last)
			if r.IntN(2) == 0 { // (binade-q's plan: runs pieces, the others float64 lanes or plain)
				m, fits = mBinadeQ, f.int64Lanes(i0, last)
			}
			if f.mode != modeLinear || !fits || f.overflowFrom(i0, step, n) < n {
				continue
			}
			if m == mBinadeQ && !f.int32Lanes(i0, last) {
				wide++
			}
			tested++
			off := 2 * r.IntN(32)
			dst := mem[off : off+2*n]
			st := store(r.IntN(2))
			for j := 0; j < n; {
				var pl plan
				e := f.planBinades(tb, j, n, i0+uint64(j)*step, step, st, m, &pl)
				for k := range pl.n {
					f.exec(dst[2*j:], shifted(pl.p[k], j), i0+uint64(j)*step, step)
				}
				j = e
			}
			checkFloat16(t, f, dst, i0, step, tb.name+" binade split")
		}
		if tested < want {
			t.Fatalf("only %d sequences fit the binade method", tested)
		}
		if wide < want/30 {
			t.Fatalf("%s: only %d sequences took int64 lanes past 31 bits", tb.name, wide)
		}
	}
}

// TestBinadeTiesWide runs float16 binades whose ties fall every 64 or
// 128 elements, which the span kernels write in their tie forms (span64,
// f16BinxSpan128) where the table has them and the stores are regular,
// and which are rounded after the kernel elsewhere: growing and shrinking
// magnitudes of both signs, steps 1 to 3, scaled shifts of 7 to 16, at any
// offset in a line, against Bits; no byte beside a run may change.
func TestBinadeTiesWide(t *testing.T) {
	defer setStreaming(0)
	mem := make([]byte, 1<<17+64)
	cases := []struct {
		start, delta float32
		i0, step     uint64
		per          uint32 // the period of the ties
	}{
		{2048, 1.0 / 32, 0, 1, 64},
		{-2048, -1.0 / 32, 5, 1, 64},                      // negative, growing
		{-1000, 1.0 / 128, 3, 1, 64},                      // negative, shrinking
		{512, 3.0 / 128, 0, 1, 64},                        // ties of an odd delta
		{2048, 1.0 / 64, 2, 2, 64},                        // step 2
		{0.0625, 1.0 / (1 << 20), 9, 1, 64},               // a subnormal delta
		{0.0625 + 1.0/(1<<14), 3.0 / (1 << 20), 2, 3, 64}, // step 3
		{512, 3.0 / 256, 0, 1, 128},                       // every 128
		{-2000, 3.0 / 128, 1, 1, 128},                     // negative, shrinking
		{1024, 3.0 / 256, 2, 2, 128},                      // step 2
		{2048, 3.0 / 64, 7, 1, 128},
		{-0.0625, -1.0 / (1 << 21), 11, 1, 128}, // a subnormal delta
	}
	for _, tb := range machineTables() {
		r := tableRand(1020, tb) // (this table's cases, whatever other tables the host has)
		for ci, c := range cases {
			f := onTable(NewFiller(Float16, 2, f16(c.start), f16(c.delta), 0), tb)
			for k := range 4 {
				setStreaming([]int{-1, 1}[k%2])
				n := 1 + r.IntN(len(mem)/2-40)
				if k < 2 {
					n = 4000 + r.IntN(len(mem)/2-4040)
				}
				off := 2 * r.IntN(32)
				dst := mem[off : off+2*n]
				wide := 0
				for _, pp := range planAll(t, tb, f, dst, c.i0, c.step) {
					if why := f.valid(tb, pp.dst, pp.i0, c.step, pp.p); why != "" {
						t.Fatalf("%s case %d: piece %v breaks its precondition: %s", tb.name, ci, pp.p.m, why)
					}
					if pp.p.m == mBinade && pp.p.ties && pp.p.per == c.per {
						wide++
					}
				}
				if tb.spanTies() && k == 0 && wide == 0 {
					for _, pp := range planAll(t, tb, f, dst, c.i0, c.step) {
						t.Logf("%+v", pp.p)
					}
					t.Fatalf("%s case %d (%d elements from %d, step %d): no binade piece of ties every %d in a tie form", tb.name, ci, n, c.i0, c.step, c.per)
				}
				for i := range mem {
					mem[i] = 0xA5
				}
				f.FillLE(dst, c.i0, c.step)
				checkFloat16(t, f, dst, c.i0, c.step, fmt.Sprintf("%s case %d try %d", tb.name, ci, k))
				if off > 0 && mem[off-1] != 0xA5 || mem[off+2*n] != 0xA5 {
					t.Fatalf("%s case %d: a byte beside the run changed", tb.name, ci)
				}
			}
		}
	}
}
