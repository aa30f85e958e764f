package kernel

import (
	"math"
	"unsafe"
)

// The method rows-fma-s (mRowsFMAS; its constant and name are generated from its
// Shape, asmgen/rows.go):
//
// mRowsFMAS writes rows of float32 as fma-s writes a run (rowsFMASx):
// any row step and step. Pre: float32 in modeLinear; every index of
// the rows below 2^24; rows of at least 128 bytes; dst aligned; the
// table has the kernel (AVX-512); index 0 not among them.

// This file holds all of rows-fma-s that package kernel writes by hand:
// its doc, the precondition of its row of the row planner's table and its
// executor (its kernels rowsFMASx and rowsFMASY are asmgen's rows family,
// their signature asmgen's sigRowsFMAS; their twin, rowsFMAS_g, is the
// table's, in twins.go).

// canF32Indices holds for float32 rows of indices below fmaSMax, which
// float32 lanes hold exactly (rows-fma-s).
func (s *Seq) canF32Indices(r *rowSpan) bool {
	return s.kind == Float32 && s.mode == modeLinear && r.last < fmaSMax
}

// execRowsFMAS writes a piece of float32 rows as fma(i, delta, start) in
// float32 (mRowsFMAS), in one call: the kernel works out the indices at the
// three places a row's blocks start from rowSteps.
func (f *Filler) execRowsFMAS(dst []byte, p *piece, rs *rowSet) {
	pitch, n, i0, rowStep, step := rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	var base [16]float32
	for l := range base {
		base[l] = float32(uint64(l) * step)
	}
	inc := uint64(math.Float32bits(float32(16 * step)))
	lastBlock := uint64(n - 16) // the element the last block of a row starts at
	steps := rowSteps{i0 + uint64(p.j)*rowStep, rowStep, step, lastBlock * step}
	f.t.rowsFMAS(p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, n<<2, &base, &steps, inc, f.start, f.delta)
}
