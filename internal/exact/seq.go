package exact

import (
	"math/bits"

	"github.com/dmlgo/dml"
)

// A Seq is Element for one sequence, fast enough to hold every element of
// a fill of many MiB to: integers wrap in uint64 arithmetic (reduced modulo
// 2^bits, which is the definition), and floats whose start and delta lie
// within 2^64 of each other in scale are summed exactly in 128-bit integers
// and rounded once by hand. Everything else (NaN and infinite operands,
// exact zeros, distant scales) goes to Element. It shares no code with the
// kernels; its own test holds it to Element.
type Seq struct {
	dt           dml.TensorDataType
	start, delta uint64
	mask         uint64
	fast         bool      // floats: the 128-bit sum applies
	fmt          floatFmt  // floats: the element type's format
	s, d         magnitude // floats: start and delta, on the common scale
	scale        int       // floats: the exponent of the sums' unit
	special      uint64    // floats: every element past 0, where not fast
	isSpecial    bool
}

// A floatFmt is a binary float format: p significand bits (the hidden one
// included), the exponent of its least subnormal quantum, and its largest
// biased exponent (all ones: infinities and NaNs).
type floatFmt struct {
	p, qmin, emax int
}

var (
	binary32 = floatFmt{p: 24, qmin: -149, emax: 255}
	binary16 = floatFmt{p: 11, qmin: -24, emax: 31}
)

// A magnitude is a float operand as sign and integer significand, and the
// exponent of its unit: (-1)^neg * m * 2^e.
type magnitude struct {
	neg bool
	m   uint64
	e   int
}

// NewSeq returns the sequence of data type dt whose start and delta have
// the given bits (low bytes only).
func NewSeq(dt dml.TensorDataType, start, delta uint64) *Seq {
	size := dt.ElementSize()
	q := &Seq{dt: dt, mask: ^uint64(0)}
	if size < 8 {
		q.mask = 1<<(8*size) - 1
	}
	q.start, q.delta = start&q.mask, delta&q.mask
	switch dt {
	case dml.TensorDataTypeFloat32:
		q.fmt = binary32
	case dml.TensorDataTypeFloat16:
		q.fmt = binary16
	default:
		return q
	}
	s, sok := q.fmt.decode(q.start)
	d, dok := q.fmt.decode(q.delta)
	if !sok || !dok {
		q.special, q.isSpecial = Element(dt, q.start, q.delta, 1), true
		return q
	}
	q.scale = min(s.e, d.e)
	if s.e-q.scale > 64 || d.e-q.scale > 64 {
		return q // (distant scales: Element)
	}
	q.s, q.d, q.fast = s, d, true
	return q
}

// decode splits the finite float of bits b into a magnitude; ok is false
// for a NaN or an infinity.
func (f floatFmt) decode(b uint64) (v magnitude, ok bool) {
	frac := f.p - 1
	exp := int(b>>frac) & f.emax
	v.neg = b>>(frac+bitsOf(f.emax))&1 == 1
	v.m = b & (1<<frac - 1)
	switch exp {
	case f.emax:
		return v, false
	case 0:
		v.e = f.qmin
	default:
		v.m |= 1 << frac
		v.e = f.qmin + exp - 1
	}
	return v, true
}

// bitsOf is the number of bits of a mask of ones.
func bitsOf(ones int) int { return bits.Len(uint(ones)) }

// Element returns the bits of element i.
func (q *Seq) Element(i uint64) uint64 {
	switch {
	case i == 0:
		return q.start
	case q.fmt.p == 0:
		return (q.start + i*q.delta) & q.mask
	case q.isSpecial:
		return q.special
	case !q.fast:
		return Element(q.dt, q.start, q.delta, i)
	}
	// The exact sum as an integer N of the unit 2^scale, with its sign.
	sHi, sLo := shl128(0, q.s.m, uint(q.s.e-q.scale))
	pHi, pLo := bits.Mul64(i, q.d.m)
	pHi, pLo = shl128(pHi, pLo, uint(q.d.e-q.scale))
	var hi, lo uint64
	neg := q.s.neg
	switch {
	case q.s.neg == q.d.neg:
		var c uint64
		lo, c = bits.Add64(sLo, pLo, 0)
		hi, _ = bits.Add64(sHi, pHi, c)
	case sHi > pHi || sHi == pHi && sLo >= pLo:
		var b uint64
		lo, b = bits.Sub64(sLo, pLo, 0)
		hi, _ = bits.Sub64(sHi, pHi, b)
	default:
		var b uint64
		lo, b = bits.Sub64(pLo, sLo, 0)
		hi, _ = bits.Sub64(pHi, sHi, b)
		neg = q.d.neg
	}
	if hi == 0 && lo == 0 {
		return Element(q.dt, q.start, q.delta, i) // (an exact zero: its sign's rule)
	}
	return q.fmt.round(neg, hi, lo, q.scale)
}

// round returns the bits of (-1)^neg * (hi:lo) * 2^scale rounded once to
// the format, to nearest with ties to even; hi:lo is not zero.
func (f floatFmt) round(neg bool, hi, lo uint64, scale int) uint64 {
	n := 64 + bits.Len64(hi)
	if hi == 0 {
		n = bits.Len64(lo)
	}
	q := max(n-1+scale-(f.p-1), f.qmin) // the result's quantum
	var m uint64
	if r := q - scale; r <= 0 {
		m = lo << uint(-r) // exact: fewer than p bits
	} else {
		mHi, mLo := shr128(hi, lo, uint(r))
		_ = mHi // (zero: n - r <= p bits)
		m = mLo
		remHi, remLo := hi, lo
		keepHi, keepLo := shl128(mHi, mLo, uint(r))
		var b uint64
		remLo, b = bits.Sub64(remLo, keepLo, 0)
		remHi, _ = bits.Sub64(remHi, keepHi, b)
		halfHi, halfLo := shl128(0, 1, uint(r-1))
		switch {
		case remHi > halfHi || remHi == halfHi && remLo > halfLo:
			m++
		case remHi == halfHi && remLo == halfLo && m&1 == 1:
			m++
		}
	}
	if m == 1<<f.p { // (rounded up to the next binade)
		m >>= 1
		q++
	}
	sign := uint64(0)
	if neg {
		sign = 1 << (f.p - 1 + bitsOf(f.emax))
	}
	frac := uint(f.p - 1)
	if m < 1<<frac { // a subnormal (q is qmin), or zero
		return sign | m
	}
	exp := q - f.qmin + 1
	if exp >= f.emax {
		return sign | uint64(f.emax)<<frac // overflow: an infinity
	}
	return sign | uint64(exp)<<frac | m&(1<<frac-1)
}

// shl128 returns hi:lo shifted left by s (below 128).
func shl128(hi, lo uint64, s uint) (uint64, uint64) {
	switch {
	case s == 0:
		return hi, lo
	case s >= 64:
		return lo << (s - 64), 0
	}
	return hi<<s | lo>>(64-s), lo << s
}

// shr128 returns hi:lo shifted right by s (below 128).
func shr128(hi, lo uint64, s uint) (uint64, uint64) {
	switch {
	case s == 0:
		return hi, lo
	case s >= 64:
		return 0, hi >> (s - 64)
	}
	return hi >> s, lo>>s | hi<<(64-s)
}
