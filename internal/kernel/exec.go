package kernel

import (
	"encoding/binary"
	"math"
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// A Filler writes a sequence's elements: the plan of its values (Seq) and
// the lane tables of the vector kernels for runs of consecutive elements.
// They never change after NewFiller, and the plan it remembers (memo) is
// replaced atomically, so any number of goroutines may use it.
type Filler struct {
	Seq
	ln laneTables

	// t is the table of kernels it writes with: the machine's (tbl, see
	// UseTable) when Init made it, or the one its SetTable names; a test
	// of this package gives its own (onTable).
	t *table

	// memo holds the plans of the last run from index 0 that memoPlans
	// plans or fewer covered and that repeated the run before it, for the
	// next such run of the same length, step, table and address modulo 64
	// (its plans are the same): an operator executed again and again plans
	// twice. Only a Filler of NewFiller has one (nil: a Filler on the stack
	// must not allocate, nor escape through an atomic store into itself).
	memo *memoSlot

	// tail writes the indices from tailFrom on, where it is not nil: the
	// sequence with start's stand-in of one bit (Seq.standIn), the same
	// elements from there, planned from sums of fewer bits (the faster
	// methods take them).
	tail     *Filler
	tailFrom uint64
	// memoFrom is the first index of the runs memo remembers: 0, or a
	// tail's tailFrom (where the runs from index 0 split).
	memoFrom uint64
}

// A memoSlot holds a runMemo, replaced whole, never changed, and a hash of
// what the last run that could have been remembered was planned for.
type memoSlot struct {
	p    atomic.Pointer[runMemo]
	last atomic.Uint64
}

// A runMemo is a run's plans, in order, and what they were planned for.
type runMemo struct {
	t     *table
	n     int     // len(dst)
	line  uintptr // dst's address modulo 64
	step  uint64
	v     verdicts // the verdicts it was planned under (others: plan again)
	plans int      // how many of pls
	pls   [memoPlans]plan
	done  [memoPlans]int // the elements each covers
}

// memoPlans is how many plans a Filler remembers of a run: runs of up to 32
// pieces (float16 runs of up to some 28 binades).
const memoPlans = 4

// NewFiller plans the sequence of New(kind, size, start, delta, count) and
// the lane tables its runs use.
func NewFiller(kind Kind, size int, start, delta, count uint64) *Filler {
	f := new(Filler)
	f.Init(kind, size, start, delta, count)
	f.memo = new(memoSlot)
	return f
}

// Init makes f what NewFiller(kind, size, start, delta, count) returns, in
// place: a Filler that is a local variable costs no allocation.
//
// A sequence with a stand-in start (Seq.standIn) whose sums are coarser
// than its own allocates the Filler of its tail.
func (f *Filler) Init(kind Kind, size int, start, delta, count uint64) {
	f.Seq.init(kind, size, start, delta, count)
	f.ln.init(&f.Seq)
	f.t = tbl
	f.memo = nil
	f.tail, f.tailFrom, f.memoFrom = nil, 0, 0
	if from, st, ok := f.Seq.standIn(); ok && (count == 0 || from < count) {
		var probe Seq
		if probe.init(kind, size, st, delta, 0); probe.mode == modeLinear && probe.unit > f.unit {
			f.tail, f.tailFrom = NewFiller(kind, size, st, delta, count), from
			f.tail.memoFrom = from
		}
	}
}

// SetTable makes f (and its tail) write with the kernel table of that name
// (see TableName) if this machine can run it, whatever the machine's: the
// root package's tests fill each operator on the table they name, every
// table in turn or at once, without changing the process's. It must be
// called before f fills, and it changes no result: every table writes the
// same bits.
func (f *Filler) SetTable(name string) error {
	t, err := tableNamed(name)
	if err != nil {
		return err
	}
	for g := f; g != nil; g = g.tail {
		g.t = t
	}
	return nil
}

// A laneForm is what the lanes of rowsLanes's kernels hold.
type laneForm uint8

const (
	formBits laneForm = iota // the elements' bits (integers: the add kernels' lanes, wrapping)
	formF32                  // float32 values, exact in float32 lanes (the add kernels' lanes S)
	formFMA                  // float32 indices, exact below 2^24 (lanesFMA: fma(index, delta, start) each)
	formF64                  // float64 values, exact below 2^53 units (lanesF64: each converted once)
)

// laneForm returns the form of the lanes of a rows-lanes piece (not
// lanesBin).
func (f *Filler) laneForm(lanes uint32) laneForm {
	switch {
	case lanes == lanesF64:
		return formF64
	case lanes == lanesFMA:
		return formFMA
	case f.kind == Float32:
		return formF32
	}
	return formBits
}

// laneRows is one rowsLanes call: its rows, the form of its lanes, and the
// kernels' arguments (base: each lane's value at a block; inc: what a
// block adds to every lane; mask: the bytes of padded rows' blocks that are
// elements').
type laneRows struct {
	f                       *Filler
	dst                     []byte
	pitch, n, rowBytes, blk int
	i0, rowStep, step       uint64
	form                    laneForm
	lane                    int    // the add kernels' lane kind
	first                   uint64 // added to every lane of base (the add kernels')
	incW                    [4]uint64
	baseW                   [80]uint64 // (8-byte aligned: the kernels read it as float32 or int64)
	mask                    [2]uint64
}

func (w *laneRows) inc() *[32]byte   { return (*[32]byte)(unsafe.Pointer(&w.incW)) }
func (w *laneRows) base() *[640]byte { return (*[640]byte)(unsafe.Pointer(&w.baseW)) }

// setInc sets what a block adds to every lane: the lanes of the rows d
// rows on (a set's block to its next).
func (w *laneRows) setInc(d uint64) {
	f, inc := w.f, w.inc()
	w.lane = int(f.lg)
	switch w.form {
	case formF64: // (exact: below 2^53 units)
		s := f.stepF64(d)
		*(*[4]float64)(unsafe.Pointer(inc)) = [4]float64{s, s, s, s}
	case formFMA:
		*inc = broadcast32(float32(d))
	case formF32:
		w.lane, w.first = laneS, 1<<31
		*inc = broadcast32(float32(f.stepF64(d)))
	default:
		for l := 0; l < 32; l += f.size {
			putLE(inc[l:], f.size, d*f.delta)
		}
	}
}

// put writes blocks blocks of rows without gaps from byte at of dst (a
// multiple of the element), stride bytes apart, stored as st says.
func (w *laneRows) put(at, blocks, stride int, st store) {
	w.setBase(at)
	w.store(unsafe.SliceData(w.dst[at:]), blocks, stride, st)
}

// setBase sets base to the lanes of the block at byte at: element e of
// row r and on, one after another (the values in float64 are exact, their
// sums too).
func (w *laneRows) setBase(at int) {
	f, base := w.f, w.base()
	q := at >> f.lg // the element position of the block's first lane
	r, e := q/w.n, q%w.n
	switch w.form {
	case formF64: // (the values, exact below 2^53 units; a lane an element of 4 bytes)
		lanes := (*[80]float64)(unsafe.Pointer(base))[:w.blk/4]
		rowI := w.i0 + uint64(r)*w.rowStep
		for l := range lanes {
			lanes[l] = f.valueF64(rowI + uint64(e)*w.step)
			if e++; e == w.n {
				e, rowI = 0, rowI+w.rowStep
			}
		}
	case formFMA:
		rowI := float32(w.i0 + uint64(r)*w.rowStep)
		for l := 0; l < w.blk; l += 4 {
			binary.LittleEndian.PutUint32(base[l:], math.Float32bits(rowI+float32(uint64(e)*w.step)))
			if e++; e == w.n {
				e, rowI = 0, rowI+float32(w.rowStep)
			}
		}
	case formF32:
		rowV, de, dr := f.valueF64(w.i0+uint64(r)*w.rowStep), f.stepF64(w.step), f.stepF64(w.rowStep)
		for l := 0; l < w.blk; l += 4 {
			binary.LittleEndian.PutUint32(base[l:], math.Float32bits(float32(rowV+float64(e)*de)))
			if e++; e == w.n {
				e, rowV = 0, rowV+dr
			}
		}
	default:
		v := f.start + (w.i0+uint64(r)*w.rowStep+uint64(e)*w.step)*f.delta // (wrapping, as Bits)
		rowV := v - uint64(e)*w.step*f.delta
		for l := 0; l < w.blk; l += f.size {
			putLE(base[l:], f.size, v)
			if e++; e == w.n {
				e, rowV = 0, rowV+w.rowStep*f.delta
				v = rowV
			} else {
				v += w.step * f.delta
			}
		}
	}
}

// store calls the kernel of the form for blocks blocks at d, stride bytes
// apart, from base and inc.
func (w *laneRows) store(d *byte, blocks, stride int, st store) {
	base, inc := w.base(), w.inc()
	switch {
	case w.form == formF64 && w.blk == 5*64: // (first -0: adds nothing to any lane)
		w.f.t.f64To32Period(st, d, blocks, (*[80]float64)(unsafe.Pointer(base)), 1<<63, (*[4]float64)(unsafe.Pointer(inc)))
	case w.form == formF64:
		w.f.t.f64To32Stride(st, d, blocks, (*[16]float64)(unsafe.Pointer(base)), 1<<63, (*[4]float64)(unsafe.Pointer(inc)), stride)
	case w.form == formFMA:
		w.storeFMA(d, blocks, stride, st)
	case w.blk == 128:
		w.f.t.add(w.lane, st, d, blocks, stride, (*[128]byte)(base[:128]), w.first, inc)
	case w.blk == 640:
		w.f.t.add640(w.lane, st, d, blocks, base, w.first, inc)
	default:
		w.f.t.add192(w.lane, st, d, blocks, (*[192]byte)(base[:192]), w.first, inc)
	}
}

// storeFMA is store for the fma-s lanes: blocks of 128 bytes, in sets
// (stride past the block) or not, or of 192 or 640.
func (w *laneRows) storeFMA(d *byte, blocks, stride int, st store) {
	f, base, inc := w.f, w.base(), (*[8]float32)(unsafe.Pointer(&w.incW))
	switch {
	case w.blk == 128 && stride != 128: // (in sets of blocks)
		f.t.fmaStride(st, d, blocks, (*[32]float32)(unsafe.Pointer(base)), 0, inc, f.start, f.delta, stride)
	case w.blk == 128:
		f.t.fmaS(st, d, blocks, (*[32]float32)(unsafe.Pointer(base)), 0, inc, f.start, f.delta)
	case w.blk == 640:
		f.t.fma640S(st, d, blocks, (*[160]float32)(unsafe.Pointer(base)), 0, inc, f.start, f.delta)
	default:
		f.t.fma192S(st, d, blocks, (*[48]float32)(unsafe.Pointer(base)), 0, inc, f.start, f.delta)
	}
}

// putPeriods writes span bytes (two periods or more) of rows that repeat
// every five blocks of the lanes' kernels (blk 640: add640x, fma640xS,
// their blocks of 128 bytes; blk 320: cvt320xF32, the f64 lanes' blocks
// of 64) at dst: the periods from its first 64-byte aligned byte (stored
// as st says); the whole blocks after them from the same lanes (storeOn);
// a block at dst's start if it is not aligned, and one that ends at
// span's end if those fall short of it (regular stores). It works out the
// lanes of 896 bytes at most, as lanesRun does for the five sets of blocks
// (a tail of a period would take more than the periods save in cache).
func (w *laneRows) putPeriods(span int, st store) {
	a := int((64 - uintptr(unsafe.Pointer(unsafe.SliceData(w.dst)))%64) % 64) // the first aligned byte
	periods := (span - a) / w.blk
	w.put(a, periods, w.blk, st)
	end := a + periods*w.blk
	w.blk /= 5
	blk, j := w.blk, 0
	for ; end+blk*(j+1) <= span; j++ {
		w.storeOn(end+blk*j, j, periods)
	}
	if a > 0 {
		w.put(0, 1, blk, stRegular)
	}
	if end+blk*j < span {
		w.put(span-blk, 1, blk, stRegular)
	}
}

// storeOn writes the block (of blk bytes) at byte at of dst, block j of
// the period periods periods on from the one in base: base's block j plus
// periods times inc in every lane, added as first (integers wrap as the
// sequence does; fma-s lanes' indices, and so their differences, are
// exact integers below 2^24), with a regular store. F64 lanes' blocks are
// worked out again (put): a period's step times the periods, the
// difference of two values below 2^53 units, may pass 2^53 units, where
// float64 no longer holds it exactly.
func (w *laneRows) storeOn(at, j, periods int) {
	f, d, inc := w.f, unsafe.SliceData(w.dst[at:]), w.inc()
	if w.form == formF64 {
		w.put(at, 1, w.blk, stRegular)
		return
	}
	blk := (*[128]byte)(w.base()[128*j:])
	if w.form == formFMA {
		incS := (*[8]float32)(unsafe.Pointer(inc))
		first := uint64(math.Float32bits(float32(periods) * incS[0]))
		f.t.fmaS(stRegular, d, 1, (*[32]float32)(unsafe.Pointer(blk)), first, incS, f.start, f.delta)
		return
	}
	first := w.first + uint64(periods)*getLE(inc[:], f.size)
	f.t.add(w.lane, stRegular, d, 1, 128, blk, first, inc)
}

// putMasked is put for padded rows: each lane its row's element at its
// place, or a gap's (a constant, masked off), the blocks stored under the
// masks (maskedAhead: the masked kernels' store kind whatever st says).
func (w *laneRows) putMasked(at, blocks, stride int, _ store) {
	f := w.f
	w.mask = [2]uint64{}
	for l := 0; l < w.blk; l += f.size {
		r, o := (at+l)/w.pitch, (at+l)%w.pitch
		if o >= w.rowBytes {
			w.setLane(l, 0)
			continue
		}
		w.mask[l/64] |= (1<<f.size - 1) << (l % 64)
		w.setLane(l, w.laneBits(r, o>>f.lg))
	}
	d := unsafe.SliceData(w.dst[at:])
	base, inc, st := w.base(), w.inc(), maskedAhead
	switch w.form {
	case formF64: // (first -0: adds nothing to any lane; blocks of 64 bytes, one mask)
		f.t.f64To32Mask(st, d, blocks, stride, (*[16]float64)(unsafe.Pointer(base)), 1<<63, (*[4]float64)(unsafe.Pointer(inc)), &w.mask[0])
	case formFMA:
		f.t.fmaMask(st, d, blocks, stride, (*[32]float32)(unsafe.Pointer(base)), 0, (*[8]float32)(unsafe.Pointer(inc)), f.start, f.delta, &w.mask)
	default:
		f.t.addMask(w.lane, st, d, blocks, stride, (*[128]byte)(base[:128]), w.first, inc, &w.mask)
	}
}

// laneBits returns the bits of the lane that holds element e of row r.
func (w *laneRows) laneBits(r, e int) uint64 {
	f := w.f
	i := w.i0 + uint64(r)*w.rowStep + uint64(e)*w.step
	switch w.form {
	case formF64: // (the value, exact: below 2^53 units)
		return math.Float64bits(f.valueF64(i))
	case formFMA: // (the index, exact: below 2^24)
		return uint64(math.Float32bits(float32(i)))
	case formF32:
		v := f.valueF64(w.i0+uint64(r)*w.rowStep) + float64(e)*f.stepF64(w.step)
		return uint64(math.Float32bits(float32(v)))
	}
	return f.start + i*f.delta
}

// setLane sets the lane of the element at byte l of a block: a float64
// (f64 lanes, one an element of 4 bytes) or the element's own width.
func (w *laneRows) setLane(l int, bits uint64) {
	if w.form == formF64 {
		putLE(w.base()[2*l:], 8, bits)
		return
	}
	putLE(w.base()[l:], w.f.size, bits)
}

// maskedAhead: the masked kernels (addMask, fmaMask, bin192Mask) always
// fetch their lines ahead: without, their stores missing the caches wrote
// slower than any other kind (figures: docs/performance-log.md,
// Thresholds). Masked stores have no streaming form.
const maskedAhead = stAhead

// lanesRun calls put(at, blocks, stride, st) for the blocks of blk bytes
// that write span bytes at dst (span at least blk): a block at dst's start
// if it is not aligned to 64 bytes (stRegular), aligned blocks from its
// first aligned byte (stored as st says) in sets sets (set s the blocks s,
// s + sets, ..., sets*blk bytes apart: lanes that repeat every sets
// blocks), and a block that ends at span's end (stRegular) if they fall
// short of it.
func lanesRun(dst []byte, span, blk, sets int, st store, put func(at, blocks, stride int, st store)) {
	a := int((64 - uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%64) % 64) // the first aligned byte
	if a > 0 {
		put(0, 1, blk, stRegular)
	}
	blocks := (span - a) / blk
	for s := range min(sets, blocks) {
		put(a+s*blk, (blocks-s+sets-1)/sets, sets*blk, st)
	}
	if end := a + blocks*blk; end < span {
		put(span-blk, 1, blk, stRegular)
	}
}

// indexLanes16 returns the 16 float64 lanes of fmaLanes and fmaD for
// elements step indices apart (lane l: l*step, exact) and their step a
// block of 16, in every lane.
func indexLanes16(step uint64) (base *[16]float64, inc *[4]float64) {
	d16 := float64(16 * step)
	inc = &[4]float64{d16, d16, d16, d16}
	if step == 1 {
		return &indexLanes64, inc
	}
	base = new([16]float64)
	for l := range base {
		base[l] = float64(uint64(l) * step)
	}
	return base, inc
}

// indexLanes64 are the lanes of fmaLanes and fmaD for step 1: the indices
// 0 to 15.
var indexLanes64 = [16]float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// tieMask returns the binade kernels' tie mask for a block that starts at
// element e of piece p, whose ties are dense (a period of 64 or less): bit
// k set where element k of the block and the one after it is a tie (the
// block kernels read its low 32 bits: a period of 32 or less there).
func tieMask(p *piece, e int64) uint64 {
	// Bits 0, per, 2*per, ... of 64 (per a power of two up to 64: 1<<64
	// is 0 in Go, and every 1), moved up to the block's first tie.
	every := ^uint64(0) / (1<<p.per - 1)
	return every << ((int64(p.tie) - e) & int64(p.per-1))
}

// binLanes returns the int32 binade kernels' lanes (in packOrder) for
// magnitudes stepping by dm an element, scaled by 2^up: the Filler's for
// step 1 unscaled, else computed in own.
func (f *Filler) binLanes(own *[32]int32, dm int64, up uint, step uint64) *[32]int32 {
	switch {
	case step == 1 && up == 0 && dm > 0:
		return &f.ln.bin[0]
	case step == 1 && up == 0:
		return &f.ln.bin[1]
	}
	for l, e := range packOrder {
		own[l] = int32(uint32(uint64(e*dm) << up))
	}
	return own
}

// plainLE writes a piece of a plain method (words, linear, exact, fma:
// its form, which exec gives) of the run from index i0: through a typed
// slice where dst is aligned (the host is little-endian here), else
// through a small buffer.
func (f *Filler) plainLE(dst []byte, p *piece, form plainForm, i0, step uint64) {
	n := len(dst) >> f.lg
	ptr := unsafe.Pointer(unsafe.SliceData(dst))
	if littleEndian && f.aligned(dst) {
		switch f.size {
		case 1:
			plainElems(&f.Seq, dst[:n], p, form, i0, step)
		case 2:
			plainElems(&f.Seq, unsafe.Slice((*uint16)(ptr), n), p, form, i0, step)
		case 4:
			plainElems(&f.Seq, unsafe.Slice((*uint32)(ptr), n), p, form, i0, step)
		default:
			plainElems(&f.Seq, unsafe.Slice((*uint64)(ptr), n), p, form, i0, step)
		}
		return
	}
	var buf [512]uint64
	q := *p
	for n > 0 {
		k := min(n, len(buf))
		plainElems(&f.Seq, buf[:k], &q, form, i0, step)
		for j, w := range buf[:k] {
			putLE(dst[j<<f.lg:], f.size, w)
		}
		dst, n = dst[k<<f.lg:], n-k
		q.first += uint64(k) * q.d
		i0 += uint64(k) * step
	}
}

// A plainForm is how plainElems writes the elements of a plain method's
// piece (exec, methods.go, says which is a method's).
type plainForm uint8

const (
	plainLinear plainForm = iota // S + i*D, its exact sum rounded (format.round)
	plainWords                   // first, first+d, ..., wrapping
	plainFMA                     // fma(i, delta, start) in float64
	plainExact                   // S + i*D in float64, converted once
)

// elemBits is the unsigned integer type of one element's bits.
type elemBits interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// plainElems writes the elements of a plain method's piece, in host order, of
// indices i0, i0+step, ...: the methods without vector kernels, and the
// reference the tests hold the others to (with Bits).
func plainElems[T elemBits](s *Seq, dst []T, p *piece, form plainForm, i0, step uint64) {
	first := p.first
	if i0 == 0 && len(dst) > 0 {
		// Element 0 is start's bits.
		dst[0] = T(s.start)
		dst, i0, first = dst[1:], step, first+p.d
	}
	switch form {
	case plainWords:
		v, dv := T(first), T(p.d)
		for j := range dst {
			dst[j] = v
			v += dv
		}
	case plainFMA:
		st, d := math.Float64frombits(s.start), math.Float64frombits(s.delta)
		for j := range dst {
			i := float64(i0 + uint64(j)*step)
			dst[j] = T(math.Float64bits(math.FMA(i, d, st)))
		}
	case plainExact:
		// Every S + i*D is below 2^53: float64 holds the values exactly and
		// float64 additions stay exact, so converting each once rounds once.
		x, d := s.valueF64(i0), s.stepF64(step)
		if s.kind == Float32 {
			for j := range dst {
				dst[j] = T(math.Float32bits(float32(x)))
				x += d
			}
			return
		}
		for j := range dst {
			dst[j] = T(f64ToF16(x))
			x += d
		}
	default: // linear: S + i*D for each index, stepping the 128-bit integer by step*D
		hi, lo := s.linear(i0)
		sh, sl := bits.Mul64(s.dLo, step)
		sh += s.dHi * step
		var c uint64
		for j := range dst {
			dst[j] = T(s.roundSigned(hi, lo))
			lo, c = bits.Add64(lo, sl, 0)
			hi, _ = bits.Add64(hi, sh, c)
		}
	}
}

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()
