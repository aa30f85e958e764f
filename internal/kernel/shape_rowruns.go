package kernel

// The method row-runs (mRowRuns; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mRowRuns writes rows one at a time, each planned as a run. Pre:
// none. (The row planner's table gives it float64 rows, which no row
// kernel takes; it is what the table gives where no row of it does.)

// execRowRuns writes a piece of rows one at a time, each as a run
// (mRowRuns).
func (f *Filler) execRowRuns(dst []byte, p *piece, rs *rowSet) {
	pitch, n, i0, rowStep, step := rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	for r := int(p.j); r < int(p.j+p.n); r++ {
		at := r * pitch
		f.FillLE(dst[at:at+n<<f.lg], i0+uint64(r)*rowStep, step)
	}
}

// canFloat64 holds for float64 rows (no row kernel takes them: mRowRuns).
func (s *Seq) canFloat64(*rowSpan) bool { return s.kind == Float64 }
