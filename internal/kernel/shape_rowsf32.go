package kernel

import (
	"math"
	"unsafe"
)

// The method rows-f32 (mRowsF32; its constant and name are generated from its
// Shape, asmgen/rows.go):
//
// mRowsF32 writes rows of float32 from exact float32 lanes
// (rowsAddS). Pre: step 1 (the lanes are the Filler's); f32Lanes over
// every element of the rows; rows of at least 128 bytes; dst aligned;
// index 0 not among them.

// canF32Exact holds for float32 rows known exact in float32 lanes
// (rows-f32).
func (s *Seq) canF32Exact(r *rowSpan) bool { return s.kind == Float32 && r.known && s.f32Exact }

// execRowsF32 writes a piece of float32 rows exact in float32 lanes
// (mRowsF32; step 1, the planner's facts) with the row kernels in one
// call, each row's places worked out by the kernel from rowSteps.
func (f *Filler) execRowsF32(dst []byte, p *piece, rs *rowSet) {
	pitch, n, i0, rowStep, step := rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	rowBytes := n << f.lg
	inc := broadcast32(float32(32 * f.stepF64(1)))
	steps := f.floatRowSteps(p, rowBytes, i0, rowStep, step)
	f.t.rows(laneS, p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, rowBytes, (*[128]byte)(unsafe.Pointer(&f.ln.f32)), &steps, &inc)
}

// floatRowSteps returns the rowSteps (float64 bits) of a piece of float32
// rows of rowBytes written in blocks of addBlock bytes: the value of the
// piece's first element, the steps from row to row and from element to
// element, and to a row's last block.
func (f *Filler) floatRowSteps(p *piece, rowBytes int, i0, rowStep, step uint64) rowSteps {
	dv := f.stepF64(step)
	last := float64((rowBytes - addBlock) >> f.lg)
	return rowSteps{math.Float64bits(f.valueF64(i0 + uint64(p.j)*rowStep)), math.Float64bits(f.stepF64(rowStep)),
		math.Float64bits(dv), math.Float64bits(last * dv)}
}
