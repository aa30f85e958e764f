package kernel

// validRowsRuns is validRows for a piece of float16 rows as runs of one
// value (mRowsRuns).
func (s *Seq) validRowsRuns(n int, a, last, rowStep, step uint64, p piece) string {
	switch {
	case !s.int64Lanes(a, last):
		return "not float16 in int64 lanes"
	case !runsFit(int(p.shift), int64(p.d), runsKernelLeast):
		return "values that change more often than once in 32 elements"
	}
	return s.binRows(n, a, last, rowStep, step, p)
}
