package kernel

import "unsafe"

// A Filler's runs and rows, planned and executed: the entry points (FillLE,
// FillRowsLE), and the one list of the methods: which method the planner
// gives a run (planRun; a run of finite floats: planFinite, in order; its
// binades: planBinades, and what is left: plain; bits that add up: words)
// and rows (planRows, and the row planner's table, rowMethods), the block
// of each vector method (blockBytes), and the executor of each (exec for
// runs, execRows for rows). Everything else of a method is in its file
// (shape_NAME.go), so adding or removing a method touches that file, its
// family in asmgen and a line or two here. As in a
// method's file, each declaration is in its own layer: the Seq's methods
// the planner's, the Filler's the executor's (TestLayers).

// FillLE writes len(dst)/Size() consecutive elements, the bits of indices
// i0, i0+step, ..., to dst in little-endian byte order: it plans the run and
// executes each piece with its method.
//
// A run from index 0 (in a tail, from tailFrom, where runs from index 0
// split) of fewer than streamingMin bytes (whose plans do not depend on
// the machine's streaming verdict) may take the plans remembered
// from the last such run (see memo), under the same store verdicts.
func (f *Filler) FillLE(dst []byte, i0, step uint64) {
	if f.tail != nil && len(dst) > 0 {
		if i0 >= f.tailFrom {
			f.tail.fillRun(dst, i0, step)
			return
		}
		if n := uint64(len(dst) >> f.lg); step > 0 && i0+(n-1)*step >= f.tailFrom {
			k := (f.tailFrom - i0 + step - 1) / step // the indices below tailFrom
			f.fillRun(dst[:k<<f.lg], i0, step)
			f.tail.fillRun(dst[k<<f.lg:], i0+k*step, step)
			return
		}
	}
	f.fillRun(dst, i0, step)
}

// fillRun is FillLE with this Filler's own plans, for any indices.
func (f *Filler) fillRun(dst []byte, i0, step uint64) {
	t, line, whole := f.t, uintptr(unsafe.Pointer(unsafe.SliceData(dst)))&63, len(dst)
	v := t.measure(whole, whole, whole)
	var m *runMemo // where this run's plans go, to be remembered
	if i0 == f.memoFrom && f.memo != nil && len(dst) < streamingMin {
		if r := f.memo.p.Load(); r != nil && r.t == t && r.n == len(dst) && r.line == line && r.step == step && r.v == v {
			for k := range r.plans {
				f.execPlan(dst, &r.pls[k], i0, step)
				done := r.done[k]
				dst, i0 = dst[done<<f.lg:], i0+uint64(done)*step
			}
			return
		}
		// Remember the run's plans if the run before was this one: runs
		// that change every time (buffers at other addresses in turn)
		// allocate nothing.
		key := uint64(len(dst))*0x9E3779B97F4A7C15 ^ uint64(line)<<56 ^ step*0xC2B2AE3D27D4EB4F ^ uint64(uintptr(unsafe.Pointer(t)))
		if f.memo.last.Swap(key) == key {
			m = &runMemo{t: t, n: len(dst), line: line, step: step, v: v}
		}
	}
	for {
		var own plan
		pl := &own
		if m != nil {
			pl = &m.pls[m.plans]
		}
		done := f.planRun(t, v, dst, i0, step, whole, pl)
		f.execPlan(dst, pl, i0, step)
		if m != nil {
			m.done[m.plans] = done
			m.plans++
		}
		if done == len(dst)>>f.lg {
			if m != nil {
				f.memo.p.Store(m)
			}
			return
		}
		if m != nil && m.plans == len(m.pls) {
			m = nil // too many plans to remember
		}
		dst, i0 = dst[done<<f.lg:], i0+uint64(done)*step
	}
}

// execPlan executes the pieces of the plan pl of the run at dst.
func (f *Filler) execPlan(dst []byte, pl *plan, i0, step uint64) {
	for k := range pl.n {
		f.exec(dst, &pl.p[k], i0, step)
	}
}

// FillNative is FillLE in the host's byte order.
func (f *Filler) FillNative(dst []byte, i0, step uint64) {
	f.FillLE(dst, i0, step)
	if !littleEndian {
		for at := 0; at+f.size <= len(dst); at += f.size {
			e := dst[at : at+f.size]
			for a, b := 0, len(e)-1; a < b; a, b = a+1, b-1 {
				e[a], e[b] = e[b], e[a]
			}
		}
	}
}

// FillRowsLE writes rows of n consecutive elements, row r starting at byte
// r*pitch of dst, with the bits of indices i0 + r*rowStep + j*step.
func (f *Filler) FillRowsLE(dst []byte, rows, pitch, n int, i0, rowStep, step uint64) {
	if f.tail != nil && rows > 0 {
		// The rows from the first that starts at tailFrom or later go to
		// the tail (indices only grow along a row and from row to row).
		r0 := 0
		if i0 < f.tailFrom {
			r0 = rows
			if rowStep > 0 {
				r0 = int(min(uint64(rows), (f.tailFrom-i0+rowStep-1)/rowStep))
			}
		}
		if r0 < rows {
			all := rowSet{rows, pitch, n, i0, rowStep, step}
			if r0 > 0 {
				head := all.from(0, r0)
				f.fillRows(dst[:r0*pitch], &head)
			}
			tail := all.from(r0, rows-r0)
			f.tail.fillRows(dst[r0*pitch:], &tail)
			return
		}
	}
	rs := rowSet{rows, pitch, n, i0, rowStep, step}
	f.fillRows(dst, &rs)
}

// fillRows is FillRowsLE with this Filler's own plans, for any indices.
func (f *Filler) fillRows(dst []byte, rs *rowSet) {
	if rs.rows <= 0 {
		return
	}
	pitch, rowBytes := rs.pitch, rs.n<<f.lg
	whole := (rs.rows-1)*pitch + rowBytes // (the rows' span, not dst's)
	if wholeLines(dst, pitch, rowBytes) {
		// A packed fill with lines skipped: the verdict packed runs take,
		// measured as theirs is (a run).
		pitch, rowBytes = whole, whole
	}
	v := f.t.measure(whole, pitch, rowBytes)
	r := *rs
	for {
		var pl plan
		done := f.planRows(f.t, v, dst, &r, whole, &pl)
		for k := range pl.n {
			f.execRows(dst, &pl.p[k], &r)
		}
		if done == r.rows {
			return
		}
		dst, r = dst[done*r.pitch:], r.from(done, r.rows-done)
	}
}

// planRun plans the run of len(dst)/size elements of indices i0, i0+step,
// ..., written packed at dst, for the table t. It returns how many elements
// the pieces cover from the start: all of them, or, where a run needs more
// than maxPieces, as many as fit (the caller plans the rest again). whole
// is the bytes of the run dst ends (dst and what the plans before covered
// of it): the store kind goes by the whole run, so that all its pieces
// store alike.
func (s *Seq) planRun(t *table, v verdicts, dst []byte, i0, step uint64, whole int, pl *plan) int {
	n := len(dst) >> s.lg
	if n == 0 {
		return 0
	}
	least := vectorMin
	if (s.kind == Float16 || s.kind == Float32) && s.mode == modeLinear {
		least = floatVectorMin << s.lg
	}
	vec := len(dst) >= least && s.aligned(dst)
	if step == 0 { // every element is element i0
		pl.put(mWords, 0, n).first = s.Bits(i0)
		return n
	}
	j := 0
	if i0 == 0 && vec {
		if !s.lanesGiveStart() {
			pl.put(mStart, 0, 1)
			j = 1
		}
	}
	st := stRegular
	switch size := whole - j<<s.lg; {
	case vec && size >= streamingMin && v.stream:
		st = stStream
	}
	a := i0 + uint64(j)*step // the index of element j
	switch {
	case s.kind == Int:
		s.words(pl, vec, j, n-j, s.start+a*s.delta, step*s.delta, st)
	case s.mode == modeConstant:
		s.words(pl, vec, j, n-j, s.constBits, 0, st)
	case s.kind == Float64 && vec:
		pl.put(mFMALanes, j, n-j).st = st
	case s.kind == Float64:
		pl.put(mFMA, j, n-j)
	case !vec:
		s.plain(pl, j, n-j, a, step)
	default:
		// Past the point where the values round to an infinity, the run is
		// that infinity: a constant.
		var over int
		switch count := uint64(n - j); {
		case s.known(a, step, count):
			over = int(min(max(s.overIdx, a)-a, count))
		default:
			over = s.overflowFrom(a, step, n-j)
		}
		if e := s.planFinite(t, j, j+over, a, step, st, pl); e < j+over {
			return e
		}
		if j+over < n {
			inf := s.infAt(a + uint64(over)*step)
			s.words(pl, true, j+over, n-j-over, inf, 0, st)
		}
	}
	return n
}

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

// words plans n elements from j that are first, first+d, ...: with the add
// kernels if vec and they are a block or more.
func (s *Seq) words(pl *plan, vec bool, j, n int, first, d uint64, st store) {
	m := mWords
	if vec && n<<s.lg >= addBlock {
		m = mAdd
	}
	p := pl.put(m, j, n)
	p.first, p.d = first, d
	if m == mAdd {
		p.st = st
	}
}

// plain plans n float elements from j (index a) with a plain method.
func (s *Seq) plain(pl *plan, j, n int, a, step uint64) {
	if n >= 3 && s.exactBelow(a, a+uint64(n-1)*step, step, 53) {
		pl.put(mExact, j, n)
		return
	}
	pl.put(mLinear, j, n)
}

// planBinades plans float16 (or float32) elements [j, e) (element j has
// index a) whose every S + i*D fits the lanes of binade method m: S + i*D is
// linear in i, so each sign and binade is one piece at most. A binade of
// a block or more (shortBinade or more for binade, addBinade for
// binade-add, which needs binadesRepeat over [j, e)) is a binade piece;
// shorter ones (binades near zero, where the values grow fast against their
// binade) go together to float32 lanes where they are exact there, else to
// float64 lanes (float32: else fma-d), or
// to the plain method if fewer than a block of those. It returns how far its pieces
// reach.
func (s *Seq) planBinades(t *table, j0, e int, a, step uint64, st store, m method, pl *plan) int {
	_, lo := s.linear(a)
	k0, dk := int64(lo), int64(step*s.dLo) // below 2^31 (binade, binade-add), 2^59 or 2^56 in magnitude
	short := -1                            // where the short pieces not yet planned begin
	least := int64(32)                     // the least binade piece
	switch m {
	case mBinade:
		least = shortBinade
	case mBinadeAdd:
		least = addBinade
	}
	flush := func(j int) {
		if short < 0 {
			return
		}
		i := a + uint64(short-j0)*step
		last := i + uint64(j-short-1)*step
		if j-short >= 32 && s.f32Lanes(i, last, step) {
			pl.put(mF32, short, j-short).st = st
		} else if j-short >= 32 && (m == mBinade || m == mBinadeAdd || s.f64Lanes(i, last, step)) {
			pl.put(mF64, short, j-short).st = st
		} else if m == mBinadeS && j-short >= 16 {
			pl.put(mFMAD, short, j-short).st = st
		} else {
			s.plain(pl, short, j-short, i, step)
		}
		short = -1
	}
	for j := j0; j < e; {
		if pl.n > maxPieces-2 { // room for a short piece and a binade
			flush(j)
			return j
		}
		shift, c, mag, dm, count := s.binadeRun(k0+int64(j-j0)*dk, dk, int64(e-j))
		pm := m // the piece's method
		if m == mBinadeAdd && count < least && count >= shortBinade && t.binadeFirst() {
			// A binade too short for binade-add but long enough for
			// binade: the binade kernel, not float32 or float64 lanes.
			pm = mBinade
		}
		if count < least && pm == m || mag == 0 {
			if short < 0 {
				short = j
			}
			span := least // (the binades that binade-add leaves to binade end the short ones)
			if m == mBinadeAdd && t.binadeFirst() {
				span = shortBinade
			}
			j += int(shortSpan(mag, dm, count, span, int64(e-j)))
			continue
		}
		flush(j)
		p := pl.put(pm, j, int(count))
		p.first, p.d, p.c, p.shift, p.st = uint64(mag), uint64(dm), c, int8(shift), st
		up, sh := binadeScale(shift)
		ties, tie, per := binadeTies(uint64(mag)<<up, uint64(dm)<<up, sh, int(count), s.densest(t, pm, st, sh))
		// (A period of count or more finds one tie at most: kept below
		// 2^32, as int64 lanes' periods can pass it.)
		p.ties, p.tie, p.per = ties != 0, uint32(min(tie, int(count))), uint32(min(per, int(count)))
		fast := pm == mBinade && !p.ties && p.tie >= p.n && t.binadeFirst() // (the AVX2 binade kernel is not)
		if (pm == mBinade || pm == mBinadeQ) && s.kind == Float16 && !offBinadeRuns && runsPay(fast, !p.ties && p.tie < p.n, shift, dm) {
			p.m = mBinadeRuns
		}
		if p.m == mBinadeQ { // (no int64 binade kernel)
			i := a + uint64(j-j0)*step
			if last := i + uint64(count-1)*step; count >= 32 && s.f64Lanes(i, last, step) {
				*p = piece{m: mF64, j: uint32(j), n: uint32(count), st: st}
			} else {
				pl.n--
				s.plain(pl, j, int(count), i, step)
			}
		}
		j += int(count)
	}
	flush(e)
	return e
}

// densest returns the longest period of ties that the kernel of a binade
// piece of method m, store kind st and (scaled) shift sh writes in its tie
// form: 128 for the binade method where the table's span kernels take ties every 64
// and 128 elements (spanTies: AVX-512, regular stores, shift 16 or less),
// else 32.
// Sparser ties are rounded after the kernel, one by one, each a cache
// line's trip (figures: docs/performance-log.md, Thresholds).
func (s *Seq) densest(t *table, m method, st store, sh int) int {
	if m == mBinade && t.spanTies() && st == stRegular && sh <= 16 {
		return 128
	}
	return 32
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
	case mBinade:
		f.binade(b, p, step, false)
	case mBinadeS:
		f.binade(b, p, step, true)
	case mBinadeRuns:
		var steps [5]uint64
		v, inc, next, rem := p.runsArgs(&steps)
		f.t.runs(p.st, unsafe.SliceData(b), int(p.n), v, inc, next, rem, &steps)
	case mFMAS:
		f.fmaS(b, a, step, p.st)
	case mFMAD:
		f.fmaD(b, a, step, p.st)
	case mBinadeAdd:
		f.binadeAdd(b, p, step)
	case mWords:
		f.plainLE(b, p, plainWords, a, step)
	case mFMA:
		f.plainLE(b, p, plainFMA, a, step)
	case mExact:
		f.plainLE(b, p, plainExact, a, step)
	default:
		f.plainLE(b, p, plainLinear, a, step)
	}
}

// planRows plans rows of n consecutive elements, row r at byte r*pitch of
// dst, with the elements of indices i0 + r*rowStep + e*step. Element 0 (if
// among them) goes in a row of its own; then the row kernels take the rows
// where their values need no rounding of their own (integers, constants,
// infinities, floats exact in float32), float32 rows as fma-s
// writes runs, and float16 and float32 rows of consecutive indices in
// integer lanes a binade at a time (planRowBinades); rows too short for
// them go as columns where that pays (mColumns), other rows one at a time
// as runs. It returns how many rows the pieces cover from
// the first: all, or, where they need more than maxPieces, as many as fit
// (the caller plans the rest again). whole is the span of the rows dst
// ends (those of dst and those the plans before covered): the store kind
// goes by all the rows, as a run's goes by the whole run (rowStore).
func (s *Seq) planRows(t *table, v verdicts, dst []byte, rs *rowSet, whole int, pl *plan) int {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	span := (rows-1)*pitch + n<<s.lg
	if blk, lanes := s.lanesBlock(t, rs); blk > 0 && !offRowsLanes && s.aligned(dst) &&
		(lanes != lanesBin || s.binLanesPay(t, rs)) && (pitch == n<<s.lg || t.masksPay(span)) &&
		!(offSets && blockSets(pitch, blk) > 1) {
		p := pl.put(mRowsLanes, 0, rows)
		p.per, p.c = uint32(blk), lanes
		if whole >= streamingMin && v.stream {
			p.st = stStream
		}
		return rows
	}
	if s.columns(rows, n) {
		pl.put(mColumns, 0, rows)
		return rows
	}
	r := 0
	if i0 == 0 && rows > 1 && rowStep != 0 {
		pl.put(mRowRuns, 0, 1)
		r = 1
	}
	if r == rows {
		return rows
	}
	a := i0 + uint64(r)*rowStep // the index of row r's first element
	rowBytes := n << s.lg
	end := rows // the rows of the first piece: all, or those before the overflow
	m, first, rowD, d := mRowRuns, uint64(0), uint64(0), uint64(0)
	if rowBytes >= addBlock && a != 0 && s.aligned(dst) && !offRows {
		rs := rowSpan{a: a, rowStep: rowStep, step: step, n: n}
		rs.last = a + uint64(rows-r-1)*rowStep + uint64(n-1)*step
		rs.known = s.known(a, step, rs.last-a+1)
		if rs.known && (s.kind == Float16 || s.kind == Float32) && s.mode == modeLinear &&
			a < s.overIdx && rowStep > 0 && rows-r > 1 {
			// Rows from the first whose first index is at the overflow
			// point on are infinities: a piece of their own.
			if over := r + int((s.overIdx-a+rowStep-1)/rowStep); over < rows {
				end = over // (known and f32Exact, for all the rows, hold for these)
			}
		}
		rs.rows = end - r
		m, first, rowD, d = s.rowMethod(&rs)
	}
	if m == mRowsBin || m == mRowsBinQ || m == mRowsBinS {
		if e := s.planRowBinades(t, v, dst, rs, whole, r, end, m, pl); e < end {
			return e
		}
	} else {
		p := pl.put(m, r, end-r)
		p.first, p.rowD, p.d = first, rowD, d
		p.st = s.rowStore(v, whole, dst, r, end, pitch, rowBytes, m)
	}
	if end < rows {
		p := pl.put(mRowsWords, end, rows-end)
		p.first, p.st = s.infAt(i0+uint64(end)*rowStep), s.rowStore(v, whole, dst, end, rows, pitch, rowBytes, mRowsWords)
	}
	return rows
}

// planRowBinades plans rows [r0, end) of n elements of consecutive indices
// from a (in the lanes of the binade row method m; finite) as planBinades
// plans a run: the rows wholly inside one sign and binade are a piece of
// m, which m's own step (binadeRow) completes or gives another method, a
// row that spans two (or holds zero) a row of its own, planned as a run. It returns how far its pieces reach,
// leaving room for one more piece.
func (s *Seq) planRowBinades(t *table, v verdicts, dst []byte, rs *rowSet, whole, r0, end int, m method, pl *plan) int {
	a := rs.i0 + uint64(r0)*rs.rowStep // (row r0's first index)
	pitch, n, step := rs.pitch, rs.n, rs.step
	_, lo := s.linear(a)
	k0, dk := int64(lo), int64(step*s.dLo) // within the magnitude of m's lanes
	for r := r0; r < end; {
		if pl.n > maxPieces-3 {
			return r
		}
		shift, c, mag, dm, count := s.binadeRun(k0+int64(r-r0)*int64(n)*dk, dk, int64(end-r)*int64(n))
		// The rows wholly inside, fewer than 2^32 elements.
		full := int(min(count, 1<<32-1) / int64(n))
		if full == 0 || mag == 0 {
			if q := pl.last(); q != nil && q.m == mRowRuns && int(q.j+q.n) == r {
				q.n++
			} else {
				pl.put(mRowRuns, r, 1)
			}
			r++
			continue
		}
		p := pl.put(m, r, full)
		p.first, p.d, p.c, p.shift = uint64(mag), uint64(dm), c, int8(shift)
		s.binadeRow(p, shift, dm, full*n)
		if p.m == mRowRuns { // (the method's rows go as runs, a row at a time)
			r += full
			continue
		}
		// The store kind of the method chosen, once: rowStore may measure
		// one. (rowsBinx has no streaming form: rowsStreamable.)
		p.st = s.rowStore(v, whole, dst, r, r+full, pitch, n<<s.lg, p.m)
		r += full
	}
	return end
}

// binadeRow completes piece p of the binade row method p.m (planRowBinades:
// full rows of one sign and binade, elems elements, their run's shift and
// step dm) with its method's own step, in its file: its ties, or rows of
// another method (the runs kernel's rows where the step says they pay;
// rows-binade-q's other rows go as runs).
func (s *Seq) binadeRow(p *piece, shift int, dm int64, elems int) {
	runs := false
	switch p.m {
	case mRowsBin:
		runs = s.rowBin(p, shift, dm, elems)
	case mRowsBinQ:
		runs = s.rowBinQ(shift, dm)
		if !runs {
			*p = piece{m: mRowRuns, j: p.j, n: p.n}
		}
	case mRowsBinS:
		s.rowBinS(p, shift, dm, elems)
	}
	if runs {
		p.m = mRowsRuns
	}
}

// rowMethod returns the first method of rowMethods that takes the rows,
// and the words of mRowsWords.
func (s *Seq) rowMethod(r *rowSpan) (m method, first, rowD, d uint64) {
	for _, rm := range rowMethods {
		if rm.off || !s.rowHolds(rm.can, r) {
			continue
		}
		if rm.m == mRowsWords {
			first, rowD, d = s.rowWords(rm.can, r)
		}
		return rm.m, first, rowD, d
	}
	return mRowRuns, 0, 0, 0
}

// execRows writes piece p of rows of n elements, row r at byte r*pitch of
// dst, the elements of indices i0 + r*rowStep + e*step, with its method's
// executor (each in its method's file, shape_NAME.go). This is the one
// list of the methods of rows that pieces are executed with.
func (f *Filler) execRows(dst []byte, p *piece, rs *rowSet) {
	switch p.m {
	case mRowRuns:
		f.execRowRuns(dst, p, rs)
	case mColumns:
		f.execColumns(dst, p, rs)
	case mRowsLanes:
		f.execRowsLanes(dst, p, rs)
	case mRowsRuns:
		f.execRowsRuns(dst, p, rs)
	case mRowsWords:
		f.execRowsWords(dst, p, rs)
	case mRowsF32:
		f.execRowsF32(dst, p, rs)
	case mRowsFMAS:
		f.execRowsFMAS(dst, p, rs)
	case mRowsBin:
		f.execRowsBin(dst, p, rs)
	case mRowsBinS:
		f.execRowsBinS(dst, p, rs)
	}
}

// FillStridedLE writes n elements, the bits of indices i0, i0+step, ..., to
// dst at byte offsets 0, stride, 2*stride, ..., little-endian: as rows of
// one element, stride bytes apart (FillRowsLE), which go as a column
// (mColumns) where there are more than one. (Each element copied from a
// run in a buffer on its own wrote 0.8-1.8 GB/s: FLOAT16 [512, 512] of
// strides [1024, 2].)
func (f *Filler) FillStridedLE(dst []byte, n int, stride int, i0, step uint64) {
	if n > 0 {
		f.FillRowsLE(dst, n, stride, 1, i0, step, step)
	}
}

// rowHolds reports whether precondition c of the row planner's table holds
// for the rows r: each rowX calls its shape's canX (a switch, not function
// values: a pointer passed through a function value escapes, and every
// fill would allocate its Seq). A row of the table whose precondition is
// not here is never chosen (the planner's random tests see every method).
func (s *Seq) rowHolds(c rowTest, r *rowSpan) bool {
	switch c {
	case rowInts:
		return s.canInts(r)
	case rowConstant:
		return s.canConstant(r)
	case rowFloat64:
		return s.canFloat64(r)
	case rowInfinite:
		return s.canInfinite(r)
	case rowF32Exact:
		return s.canF32Exact(r)
	case rowF32Indices:
		return s.canF32Indices(r)
	case rowF32Int64:
		return s.canF32Int64(r)
	case rowF16Int32:
		return s.canF16Int32(r)
	case rowF16Int64:
		return s.canF16Int64(r)
	}
	return false
}
