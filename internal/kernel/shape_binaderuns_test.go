package kernel

import (
	"fmt"
	"testing"
)

// validBinadeRuns is valid for a piece of binade-runs (mBinadeRuns):
// validBinade, which checks what the binade methods share and each
// one's own.
func (s *Seq) validBinadeRuns(t *table, a, last, step uint64, b []byte, p piece) string {
	return s.validBinade(t, a, last, step, b, p)
}

// TestBinadeRunsMethod fills float16 runs whose binades change value
// every 64 elements or more (fine deltas against the values), which the
// planner gives the runs kernel (every table has one): growing and
// shrinking magnitudes of both signs, exact ties at every change (1024 +
// i/2048: every 2048th element a tie, to even), steps, every store kind, at
// any 2-byte offset in a line; every element is Bits' on every table, and
// the runs method is planned for some of each case on every table (so that
// the test is not vacuous).
func TestBinadeRunsMethod(t *testing.T) {
	defer setStreaming(0)
	mem := make([]byte, 1<<19+64)
	cases := []struct {
		start, delta float32
		i0, step     uint64
	}{
		{0.1, 3e-4, 220000, 1},                         // up, shifts 17 and more
		{0.1, 3e-4, 400000, 1},                         // up, past 31 bits
		{600, -3e-4, 0, 1},                             // down toward zero
		{-600, 3e-4, 7, 1},                             // negative, shrinking
		{-0.1, -3e-4, 220000, 1},                       // negative, growing
		{1024, 1.0 / 2048, 0, 1},                       // a tie at every change
		{1024 + 0.5, 1.0 / 4096, 3, 2},                 // step 2
		{3, 1.0 / (1 << 22), 5, 3},                     // step 3, a subnormal delta
		{1.0 / (1 << 17), 1.0 / (1 << 17), 1 << 21, 1}, // a tie at every change, shift 11
		{1.0 / (1 << 17), 1.0 / (1 << 17), 1<<23 + 5, 3},
		{0.25, 6e-8, 10, 1}, // long runs
	}
	for _, tb := range machineTables() {
		r := tableRand(1019, tb) // (this table's cases, whatever other tables the host has)
		for ci, c := range cases {
			f := onTable(NewFiller(Float16, 2, f16(c.start), f16(c.delta), 0), tb)
			for k := range 6 {
				setStreaming([]int{-1, 1}[k%2])
				n := 20000 + r.IntN(len(mem)/2-20100)
				off := 2 * r.IntN(32)
				dst := mem[off : off+2*n]
				runs := 0
				for _, pp := range planAll(t, tb, f, dst, c.i0, c.step) {
					if why := f.valid(tb, pp.dst, pp.i0, c.step, pp.p); why != "" {
						t.Fatalf("%s case %d: piece %v breaks its precondition: %s", tb.name, ci, pp.p.m, why)
					}
					if pp.p.m == mBinadeRuns {
						runs++
					}
				}
				if runs == 0 {
					for _, pp := range planAll(t, tb, f, dst, c.i0, c.step) {
						t.Logf("%+v", pp.p)
					}
					t.Fatalf("%s case %d (%d elements from %d, step %d): no runs piece planned", tb.name, ci, n, c.i0, c.step)
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
