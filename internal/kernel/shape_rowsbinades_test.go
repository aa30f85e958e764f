package kernel

import "testing"

// validRowsBinS is validRows for a piece of float32 rows of one binade
// (mRowsBinS).
func (s *Seq) validRowsBinS(n int, a, last, rowStep, step uint64, p piece) string {
	if s.kind != Float32 || !s.linearFloat() || rowStep != uint64(n)*step || !s.binSLanes(a, last) {
		return "not float32 rows of consecutive indices in int64 lanes"
	}
	return s.binadeParams(a, last, p)
}

// TestFillRowsBinadeS: float32 rows of consecutive indices past 2^24 in
// int64 lanes (binadeRowsCaseS), some with ties, give Bits for every
// element and leave the gaps, on every table; every table plans rows of
// the float32 binade row kernel with ties.
func TestFillRowsBinadeS(t *testing.T) {
	mem := make([]byte, 1<<18+64)
	for _, tb := range machineTables() {
		r := tableRand(1007, tb) // (this table's cases, whatever other tables the host has)
		tied, cases := 0, draws(600)
		for c := range cases {
			rc := binadeRowsCaseS(r, mem)
			f, dst := onTable(rc.f, tb), rc.dst
			for _, p := range planAllRows(tb, rc) {
				if why := f.validRows(tb, dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, 1, p); why != "" {
					t.Fatalf("%s case %d: piece %v: %s", tb.name, c, p.m, why)
				}
				if p.m == mRowsBinS && p.ties {
					tied++
				}
			}
			if why := fillRowsMismatch(tb, rc, 0x5A); why != "" {
				t.Fatalf("%s case %d: start %#x delta %#x i0 %d rows %d pitch %d n %d: %s",
					tb.name, c, f.start, f.delta, rc.i0, rc.rows, rc.pitch, rc.n, why)
			}
		}
		if tied < cases/30 {
			t.Errorf("%s: only %d float32 binade row pieces with ties planned", tb.name, tied)
		}
	}
}
