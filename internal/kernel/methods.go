package kernel

import "unsafe"

// The lists of the methods: which method the planner gives a run of finite
// floats (planFinite, in order), the block of each vector method
// (blockBytes) and the executor of each (exec for runs, execRows for rows).
// Everything else of a method is in its file (shape_NAME.go), so adding or
// removing a method touches that file, its family in asmgen and a line or
// two here. As in a method's file, each declaration is in its own layer:
// planFinite and blockBytes the planner's, exec and execRows the
// executor's (TestLayers).

// planFinite plans elements [j, e) of a run of finite float16 or float32
// values (element j has index a), in a run aligned for the vector methods.
// It returns how far its pieces reach: e, or less where the plan is full.
// (A switch, not a table as rowMethods: it plans every run, and columns
// of many short runs wrote 5-8% slower through a table of named conditions,
// docs/performance-log.md.)
func (s *Seq) planFinite(t *table, j, e int, a, step uint64, st store, pl *plan) int {
	n := e - j
	if n == 0 {
		return e
	}
	if n < floatVectorMin {
		s.plain(pl, j, n, a, step)
		return e
	}
	last := a + uint64(n-1)*step
	known := s.known(a, step, uint64(n))
	f16Bin := s.kind == Float16 && !offBinade
	switch {
	case f16Bin && t.binadeFirst() && s.fewBinades(a, last, n) && (known && s.i32Exact || s.int32Lanes(a, last)):
		return s.planBinades(t, j, e, a, step, st, mBinade, pl)
	case f16Bin && !offBinadeAdd && s.binadesRepeat(a, last, step) && (known && s.i32Exact || s.int32Lanes(a, last)):
		return s.planBinades(t, j, e, a, step, st, mBinadeAdd, pl)
	case f16Bin && t.binadeFirst() && s.fewLongBinades(a, last, step, n) && (known && s.i32Exact || s.int32Lanes(a, last)):
		// (Binades of zero's side, too short for pieces, make the
		// count above large: such runs go to float32 lanes near zero.)
		return s.planBinades(t, j, e, a, step, st, mBinade, pl)
	case f16Bin && !offBinadeRuns && !t.binadeFirst() && s.fewBinades(a, last, n) && s.someRuns(a, last, step) && (known && s.i32Exact || s.int32Lanes(a, last)):
		// (Without AVX-512 the binade kernel is no faster than float32
		// lanes, but the runs kernel is.)
		return s.planBinades(t, j, e, a, step, st, mBinade, pl)
	case known && s.f32Exact || s.f32Lanes(a, last, step):
		pl.put(mF32, j, n).st = st
	case s.canFMAS(t, a, last, n):
		pl.put(mFMAS, j, n).st = st
	case f16Bin && (known && s.i32Exact || s.int32Lanes(a, last)):
		return s.planBinades(t, j, e, a, step, st, mBinade, pl)
	case f16Bin && s.int64Lanes(a, last):
		// (Only the pieces the runs kernel takes; the others go to float64
		// lanes, or the plain method.)
		return s.planBinades(t, j, e, a, step, st, mBinadeQ, pl)
	case s.kind == Float32 && !offBinadeS && s.binSLanes(a, last) && (s.fewBinades(a, last, n) || s.unit < -126):
		return s.planBinades(t, j, e, a, step, st, mBinadeS, pl)
	case known && s.f64Exact || s.f64Lanes(a, last, step):
		pl.put(mF64, j, n).st = st
	case s.kind == Float32 && n >= 16:
		pl.put(mFMAD, j, n).st = st
	default:
		s.plain(pl, j, n, a, step)
	}
	return e
}

// blockBytes returns the block, in bytes, of a vector method for elements
// of size bytes: what the planner's checks and the executor's kernel calls
// both use.
func (m method) blockBytes(size int) int {
	switch {
	case m == mF32 && size == 2, m == mBinade, m == mBinadeS, m == mBinadeRuns, m == mFMAD:
		return 64
	case m == mF64:
		return 16 * size
	}
	return addBlock
}

// exec writes piece p of the run at dst (indices i0, i0+step, ...).
func (f *Filler) exec(dst []byte, p *piece, i0, step uint64) {
	b := dst[int(p.j)<<f.lg : int(p.j+p.n)<<f.lg]
	a := i0 + uint64(p.j)*step // the index of the piece's first element
	switch p.m {
	case mStart:
		putLE(b, f.size, f.start)
	case mAdd:
		f.add(b, p.first, p.d, p.st)
	case mF32:
		f.f32(b, a, step, p.st)
	case mF64:
		f.f64(b, a, step, p.st)
	case mFMALanes:
		f.fmaLanes(b, a, step, p.st)
	case mBinade, mBinadeS:
		f.binade(b, p, step)
	case mBinadeRuns:
		var steps [5]uint64
		v, inc, next, rem := p.runsArgs(&steps)
		tbl.runs(p.st, unsafe.SliceData(b), int(p.n), v, inc, next, rem, &steps)
	case mFMAS:
		f.fmaS(b, a, step, p.st)
	case mFMAD:
		f.fmaD(b, a, step, p.st)
	case mBinadeAdd:
		f.binadeAdd(b, p, step)
	default:
		f.plainLE(b, p, a, step)
	}
}

// execRows writes piece p of rows of n elements, row r at byte r*pitch of
// dst, the elements of indices i0 + r*rowStep + e*step, with its method's
// executor (each in its method's file, shape_NAME.go). This is the one
// list of the methods of rows that pieces are executed with.
func (f *Filler) execRows(dst []byte, p *piece, pitch, n int, i0, rowStep, step uint64) {
	switch p.m {
	case mRowRuns:
		f.execRowRuns(dst, p, pitch, n, i0, rowStep, step)
	case mColumns:
		f.execColumns(dst, p, pitch, n, i0, rowStep, step)
	case mRowsLanes:
		f.execRowsLanes(dst, p, pitch, n, i0, rowStep, step)
	case mRowsRuns:
		f.execRowsRuns(dst, p, pitch, n, i0, rowStep, step)
	case mRowsWords:
		f.execRowsWords(dst, p, pitch, n, i0, rowStep, step)
	case mRowsF32:
		f.execRowsF32(dst, p, pitch, n, i0, rowStep, step)
	case mRowsFMAS:
		f.execRowsFMAS(dst, p, pitch, n, i0, rowStep, step)
	case mRowsBin:
		f.execRowsBin(dst, p, pitch, n, i0, rowStep, step)
	case mRowsBinS:
		f.execRowsBinS(dst, p, pitch, n, i0, rowStep, step)
	}
}
