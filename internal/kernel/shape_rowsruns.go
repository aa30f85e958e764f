package kernel

import "unsafe"

// The method rows-runs (mRowsRuns; its constant and name are generated from its
// Shape, asmgen/runs.go):
//
// mRowsRuns writes rows of float16 as binade-runs writes a run
// (f16RowsRuns, a rowsRunsKernel): the rows' elements are one run of
// consecutive indices (rowStep = n*step) and the piece's parameters
// those of that run, as rows-binade's. Pre: as binade-runs for that run;
// rows of at least 128 bytes.

// execRowsRuns writes a piece of float16 rows whose values stay
// (mRowsRuns) with the rows runs kernel, in one call.
func (f *Filler) execRowsRuns(dst []byte, p *piece, rs *rowSet) {
	pitch, n := rs.pitch, rs.n
	var steps [5]uint64
	v, inc, next, rem := p.runsArgs(&steps)
	f.t.rowsRuns(p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, n<<f.lg, v, inc, next, rem, &steps)
}
