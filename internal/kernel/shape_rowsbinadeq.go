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
// rows (shift and dm their run's): it reports whether the runs kernel's
// rows (rows-runs) take the piece, where runsPay holds; else the rows go
// as runs, a row at a time (row-runs: there is no int64 binade row
// kernel).
func (s *Seq) rowBinQ(shift int, dm int64) bool {
	return !offBinadeRuns && runsPay(false, false, shift, dm)
}
