package kernel

import (
	"math"
	"unsafe"
)

// The shapes rows-words and rows-f32 (mRowsWords, mRowsF32: their docs in
// plan_gen.go, their kernels rowsAdd{B,W,D,Q,S} in asmgen's rows family):
// rows of integers, constants and infinities as words, and rows of
// float32 exact in float32 lanes. This file holds all of them that package
// kernel writes by hand: the preconditions of their rows of the row
// planner's table (and the words of rows-words), their executors and
// their kernels' twin. (Their rows of the table, their constants and
// their dispatch are generated from their Shapes; their signature is
// asmgen's sigRowsAdd.)

// canInts holds for rows of integers (rows-words).
func (s *Seq) canInts(*rowSpan) bool { return s.kind == Int }

// canConstant holds for rows of a constant (rows-words).
func (s *Seq) canConstant(*rowSpan) bool { return s.mode == modeConstant }

// canInfinite holds for rows whose every element is known past the
// overflow point: an infinity of the sequence's sign (rows-words).
func (s *Seq) canInfinite(r *rowSpan) bool { return r.known && r.a >= s.overIdx }

// canF32Exact holds for float32 rows known exact in float32 lanes
// (rows-f32).
func (s *Seq) canF32Exact(r *rowSpan) bool { return s.kind == Float32 && r.known && s.f32Exact }

// rowWords returns the words of rows that mRowsWords takes by c: the
// element of index a and the steps of a row and of an element (integers,
// wrapping), or a constant's bits or an infinity's.
func (s *Seq) rowWords(c rowTest, r *rowSpan) (first, rowD, d uint64) {
	switch c {
	case rowInts:
		return s.start + r.a*s.delta, r.rowStep * s.delta, r.step * s.delta
	case rowConstant:
		return s.constBits, 0, 0
	case rowInfinite:
		return s.infAt(r.a), 0, 0
	}
	panic("kernel: rowWords of a precondition not rows-words'") // (the row planner's table gives mRowsWords no other)
}

// execRowsWords writes a piece of rows of words (mRowsWords) with the row
// kernels in one call, each row's places worked out by the kernel from
// rowSteps.
func (f *Filler) execRowsWords(dst []byte, p *piece, pitch, n int, _, _, _ uint64) {
	rowBytes := n << f.lg
	base, inc := &f.ln.words, &f.ln.wordsInc
	if p.d != f.ln.wordD {
		var b [128]byte
		var i [32]byte
		wordLanes(&b, &i, f.size, p.d)
		base, inc = &b, &i
	}
	last := uint64((rowBytes - addBlock) >> f.lg) // the element the last block of a row starts at
	steps := rowSteps{p.first, p.rowD, p.d, last * p.d}
	tbl.rows(int(f.lg), p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, rowBytes, base, &steps, inc)
}

// execRowsF32 writes a piece of float32 rows exact in float32 lanes
// (mRowsF32; step 1, the planner's facts) with the row kernels in one
// call, each row's places worked out by the kernel from rowSteps.
func (f *Filler) execRowsF32(dst []byte, p *piece, pitch, n int, i0, rowStep, step uint64) {
	rowBytes := n << f.lg
	inc := broadcast32(float32(32 * f.stepF64(1)))
	steps := f.floatRowSteps(p, rowBytes, i0, rowStep, step)
	tbl.rows(laneS, p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, rowBytes, (*[128]byte)(unsafe.Pointer(&f.ln.f32)), &steps, &inc)
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

// rows_g is the twin of rowsAdd{B,W,D,Q,S}[NT], by lane.
func rows_g(lane int, dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	if lane == laneS {
		rowsAdd(4, true, dst, rows, pitch, rowBytes, base, steps, inc)
		return
	}
	rowsAdd(1<<lane, false, dst, rows, pitch, rowBytes, base, steps, inc)
}

// rowsAdd writes rows as the row kernels of elements of size bytes do
// (float: float32 lanes), each block from its row's place (rowBlocks) and
// each lane as addLane computes it.
func rowsAdd(size int, float bool, dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	v := math.Float64frombits(steps.first) // a float row's first value
	for r := range rows {
		row := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(dst), r*pitch)), rowBytes)
		at := uintptr(unsafe.Pointer(&row[0]))
		fs := intPlaces(steps, r, at, size)
		if float {
			fs = floatPlaces(v, uint64(-at&63)/uint64(size), steps)
			v += math.Float64frombits(steps.rowD)
		}
		rowBlocks(at, rowBytes, 128, func(at, f, k int) {
			for l := 0; l < 128; l += size {
				putLE(row[at+l:], size, addLane(size, float, base, fs[f], inc, l, k))
			}
		})
	}
}
