package kernel

// The method rows-binade-q (mRowsBinQ; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mRowsBinQ plans float16 rows whose exact sums pass 31 bits as
// rows-binade: each piece becomes rows-runs where runsPay holds, else
// row-runs. No piece is executed as mRowsBinQ (see binade-q).

// canF16Int64 holds for float16 rows of consecutive indices in int64
// lanes (the runs kernel's: rows-binade-q).
func (s *Seq) canF16Int64(r *rowSpan) bool {
	return s.kind == Float16 && s.binadeRows(r) && s.int64Lanes(r.a, r.lastRun())
}

// rowBinQ is rows-binade-q's step of planRowBinades, for a piece of full
// rows (shift and dm their run's): the runs kernel's rows (rows-runs)
// where runsPay holds, else rows as runs, a row at a time (row-runs: there
// is no int64 binade row kernel).
func (s *Seq) rowBinQ(p *piece, shift int, dm int64) {
	if !offBinadeRuns && runsPay(false, false, shift, dm) {
		p.m = mRowsRuns
		return
	}
	*p = piece{m: mRowRuns, j: p.j, n: p.n}
}
