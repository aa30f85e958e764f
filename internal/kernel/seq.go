package kernel

import (
	"math"
	"math/bits"
)

// Kind is the arithmetic a sequence uses.
type Kind uint8

// The kinds of element.
const (
	Int     Kind = iota // two's-complement integer of 1, 2, 4 or 8 bytes
	Float16             // IEEE binary16
	Float32             // IEEE binary32
	Float64             // IEEE binary64 (the Go-native API only)
)

type floatMode uint8

const (
	modeLinear   floatMode = iota // round(S + i*D) at resolution 2^unit
	modeConstant                  // every element past the first is constBits
	modeFMA                       // float64: math.FMA(i, delta, start)
)

// Seq is the plan of a sequence's values: its identity (kind, size, the bits
// of start and delta), the exact integer form of its float values, and facts
// that hold for every index below its count, established once. It is built
// by New and never changes, so any number of goroutines may use it.
type Seq struct {
	kind  Kind
	size  int    // element size in bytes
	lg    uint   // log2(size): sizes are powers of two (and dividing by a variable is slow)
	start uint64 // bits of element 0
	delta uint64 // bits of delta

	mode      floatMode
	constBits uint64
	f         *format
	// modeLinear: element i >= 1 is round((sHi:sLo) + i*(dHi:dLo)) * 2^unit,
	// the 128-bit integers in two's complement.
	sHi, sLo uint64
	dHi, dLo uint64
	unit     int
	scale    float64 // 2^unit, exact: unit is at least -212

	// Facts about every index in [1, count) (float16 and float32 in
	// modeLinear, count at least 2; else count is 0), so that runs of
	// consecutive elements need not establish them again: see known.
	count    uint64
	f32Exact bool   // f32Lanes holds for the whole range
	f64Exact bool   // f64Lanes holds for the whole range
	i32Exact bool   // int32Lanes holds for the whole range
	overIdx  uint64 // the first index that rounds to an infinity (or count)
}

// spanLimit bounds how far apart, in binary orders of magnitude, the leading
// bits of start and delta may be before the smaller one no longer matters
// (start) or only breaks rounding ties (delta). Below it every S + i*D stays
// under 2^118 at the chosen resolution, for i below 2^32.
const spanLimit = 60

// New plans the sequence of the given kind and element size (bytes) whose
// element 0 has the bits start and whose step has the bits delta, for
// indices below count. Only the low size*8 bits of start and delta are used.
func New(kind Kind, size int, start, delta, count uint64) *Seq {
	s := new(Seq)
	s.init(kind, size, start, delta, count)
	return s
}

// init makes s what New returns, in place.
func (s *Seq) init(kind Kind, size int, start, delta, count uint64) {
	if size < 8 {
		m := uint64(1)<<(8*size) - 1
		start &= m
		delta &= m
	}
	*s = Seq{kind: kind, size: size, lg: uint(bits.TrailingZeros(uint(size))), start: start, delta: delta}
	switch kind {
	case Float16:
		s.planFloat(&formatFloat16)
	case Float32:
		s.planFloat(&formatFloat32)
	case Float64:
		s.planFloat64()
	}
	if (kind == Float16 || kind == Float32) && s.mode == modeLinear && count >= 2 && count-1 <= math.MaxInt {
		last := count - 1
		s.f32Exact = s.f32Lanes(1, last, 1)
		s.f64Exact = s.f64Lanes(1, last, 1)
		s.i32Exact = s.int32Lanes(1, last)
		s.overIdx = 1 + uint64(s.overflowFrom(1, 1, int(last)))
		s.count = count
	}
}

// known reports whether the facts New established cover the run of count
// elements from index i0 with step step.
func (s *Seq) known(i0, step, count uint64) bool {
	return step == 1 && s.count != 0 && i0+count <= s.count
}

// Size returns the element size in bytes.
func (s *Seq) Size() int { return s.size }

// special handles the cases where start or delta is not a finite non-zero
// value and every element past the first is one constant. It reports whether
// it did.
func special(f *format, start, delta uint64) (uint64, bool) {
	sNeg, sm, _, sc := f.decode(start)
	dNeg, dm, _, dc := f.decode(delta)
	switch {
	case sc == nan:
		return start | f.quietBit(), true
	case dc == nan:
		return delta | f.quietBit(), true
	case dc == infinite:
		if sc == infinite && sNeg != dNeg {
			return f.defNaN, true
		}
		return delta, true
	case sc == infinite:
		return start, true
	case dm == 0:
		if sm == 0 && !(sNeg && dNeg) {
			return 0, true // +0, except -0 + i*(-0)
		}
		return start, true
	}
	return 0, false
}

func (s *Seq) planFloat(f *format) {
	s.f = f
	if c, ok := special(f, s.start, s.delta); ok {
		s.mode, s.constBits = modeConstant, c
		return
	}
	sNeg, sm, sExp, _ := f.decode(s.start)
	dNeg, dm, dExp, _ := f.decode(s.delta)
	// Choose the resolution 2^unit and the two integers so that
	// start + i*delta = (S + i*D) * 2^unit exactly, or, when start is far
	// smaller than delta, so that S stands in for start without changing
	// how any sum rounds.
	sTop := sExp + bits.Len64(sm) - 1 // exponent of start's leading bit
	dTop := dExp + bits.Len64(dm) - 1
	var sHi, sLo uint64
	switch {
	case sm == 0:
		s.unit = dExp
		s.dHi, s.dLo = 0, dm
	case sTop-dTop > spanLimit:
		// |i*delta| < 2^(dTop+33) is below a quarter of the gap under
		// start (2^(sTop-p) at least): every sum rounds back to start.
		s.mode, s.constBits = modeConstant, s.start
		return
	case dTop-sTop > spanLimit:
		// |start| < 2^(dTop-spanLimit) while every sum with i >= 1 is
		// above 2^(dTop-1), where the rounding grid (values and
		// midpoints) is made of multiples of 2^(dTop-25) at the finest.
		// At resolution 2^unit, unit = dTop-spanLimit-1, delta is even
		// and start is replaced by the odd number (or the even one, if
		// exact) inside the same pair of units: the sums then lie in the
		// same open gap of the grid and round the same way.
		s.unit = dTop - spanLimit - 1
		r := s.unit + 1 - sExp
		if r <= 0 {
			sLo = sm << uint(-r) << 1
		} else {
			var t uint64
			if r < 64 {
				t = sm >> uint(r)
			}
			sLo = t << 1
			if t<<uint(min(r, 63)) != sm || r >= 64 {
				sLo |= 1
			}
		}
		s.dHi, s.dLo = shl128(0, dm, uint(dExp-s.unit))
	default:
		s.unit = min(sExp, dExp)
		sHi, sLo = shl128(0, sm, uint(sExp-s.unit))
		s.dHi, s.dLo = shl128(0, dm, uint(dExp-s.unit))
	}
	if sNeg {
		sHi, sLo = neg128(sHi, sLo)
	}
	if dNeg {
		s.dHi, s.dLo = neg128(s.dHi, s.dLo)
	}
	s.sHi, s.sLo = sHi, sLo
	s.scale = math.Ldexp(1, s.unit)
	s.mode = modeLinear
}

func (s *Seq) planFloat64() {
	st, d := math.Float64frombits(s.start), math.Float64frombits(s.delta)
	switch {
	case math.IsNaN(st):
		s.mode, s.constBits = modeConstant, s.start|1<<51
	case math.IsNaN(d):
		s.mode, s.constBits = modeConstant, s.delta|1<<51
	case math.IsInf(d, 0):
		if math.IsInf(st, 0) && math.Signbit(st) != math.Signbit(d) {
			s.mode, s.constBits = modeConstant, 0x7FF8000000000000
		} else {
			s.mode, s.constBits = modeConstant, s.delta
		}
	case math.IsInf(st, 0):
		s.mode, s.constBits = modeConstant, s.start
	case d == 0:
		if st == 0 && !(math.Signbit(st) && math.Signbit(d)) {
			s.mode, s.constBits = modeConstant, 0
		} else {
			s.mode, s.constBits = modeConstant, s.start
		}
	default:
		s.mode = modeFMA
	}
}

// Bits returns the bits of element i (i below 2^32 for the float kinds).
func (s *Seq) Bits(i uint64) uint64 {
	if i == 0 {
		return s.start
	}
	switch s.kind {
	case Int:
		v := s.start + i*s.delta
		if s.size < 8 {
			v &= uint64(1)<<(8*s.size) - 1
		}
		return v
	case Float64:
		if s.mode == modeConstant {
			return s.constBits
		}
		// i < 2^53 is exact in float64; FMA rounds once.
		return math.Float64bits(math.FMA(float64(i), math.Float64frombits(s.delta), math.Float64frombits(s.start)))
	}
	if s.mode == modeConstant {
		return s.constBits
	}
	hi, lo := s.linear(i)
	return s.roundSigned(hi, lo)
}

// linear returns S + i*D as a 128-bit two's-complement integer.
func (s *Seq) linear(i uint64) (hi, lo uint64) {
	ph, pl := bits.Mul64(s.dLo, i)
	ph += s.dHi * i
	var c uint64
	lo, c = bits.Add64(s.sLo, pl, 0)
	hi, _ = bits.Add64(s.sHi, ph, c)
	return hi, lo
}

// standIn finds, for a float16 or float32 sequence whose start is finer
// than delta's last place (|start| < 2^dExp, dExp the exponent of delta's
// last bit), the index from which start only decides on which side of
// i*delta each sum lies, and a start of one bit, sign(start)*2^u, that
// does the same: from that index on, the sequence with it has the same
// elements, and its exact sums fewer bits. Every sum from index T on
// lies within |start| of i*delta, which is a multiple of 2^dExp and 2^M or
// more in magnitude (T*|delta| >= 2^M); from 2^(M-1) up the grid that
// rounding goes by (the values and the midpoints between them, the
// overflow point among them) is made of multiples of 2^(M-1-p), p the
// significand's bits. So no point of it lies strictly between i*delta and
// i*delta + sign(start)*2^e, 2^e = min(2^dExp, 2^(M-1-p)): start and 2^u,
// both of magnitude below 2^e, put the sum in the same open gap, and it
// rounds alike. M is chosen so that |start| < 2^(M-1-p) and 2^(M-1) is
// normal, then raised to the most that T*|delta| allows. ok is false
// where there is no such start (start not finer than delta, 2^u below the
// format's least subnormal, T past 2^32).
func (s *Seq) standIn() (from, start uint64, ok bool) {
	if (s.kind != Float16 && s.kind != Float32) || s.mode != modeLinear {
		return 0, 0, false
	}
	f := s.f
	sNeg, sm, sExp, _ := f.decode(s.start)
	_, dm, dExp, _ := f.decode(s.delta)
	if sm == 0 || dm == 0 {
		return 0, 0, false
	}
	sTop := sExp + bits.Len64(sm) - 1 // |start| < 2^(sTop+1)
	if sTop >= dExp {
		return 0, 0, false
	}
	p := int(f.mantBits)
	m := max(sTop+p+2, 2-f.bias) // 2^(M-1) is normal: M-1 >= 1-bias
	// T = ceil(2^M / |delta|) = ceil(2^(M-dExp) / dm).
	switch sh := m - dExp; {
	case sh <= 0:
		from = 1
	case sh-bits.Len64(dm) >= 32:
		return 0, 0, false
	default:
		from = max(1, (uint64(1)<<sh+dm-1)/dm)
	}
	// Then M as large as T allows (T*|delta| >= 2^M still), for the
	// coarsest stand-in: its sums have the fewest bits.
	m = max(m, bits.Len64(from*dm)-1+dExp)
	u := min(dExp, m-1-p) - 1
	if u < f.minExp() {
		return 0, 0, false
	}
	// 2^u's bits: a subnormal's last place, or a normal's exponent.
	if e := u - f.minExp(); e < int(f.mantBits)-1 {
		start = 1 << e
	} else {
		start = uint64(u+f.bias) << (f.mantBits - 1)
	}
	if sNeg {
		start |= f.signBit()
	}
	return from, start, true
}

// reachesSubnormal reports whether some S + i*D, i from a to b, may lie
// below 2^-126 in magnitude (float32's least normal; zero included): the
// sums are linear in i, so unless their signs differ at a and b (or one is
// zero), the least in magnitude is at one end.
func (s *Seq) reachesSubnormal(a, b uint64) bool {
	ah, al := s.linear(a)
	bh, bl := s.linear(b)
	if int64(ah^bh) < 0 || ah|al == 0 || bh|bl == 0 {
		return true
	}
	k := -126 - s.unit // 2^-126 in units of 2^unit
	below := func(hi, lo uint64) bool {
		if int64(hi) < 0 {
			hi, lo = neg128(hi, lo)
		}
		switch {
		case k <= 0:
			return false // a sum not zero is 2^unit or more
		case k >= 64:
			return hi < 1<<(k-64)
		}
		return hi == 0 && lo < 1<<k
	}
	return below(ah, al) || below(bh, bl)
}

func (s *Seq) roundSigned(hi, lo uint64) uint64 {
	neg := int64(hi) < 0
	if neg {
		hi, lo = neg128(hi, lo)
	}
	return s.f.round(neg, hi, lo, s.unit)
}

func shl128(hi, lo uint64, n uint) (uint64, uint64) {
	switch {
	case n == 0:
		return hi, lo
	case n >= 64:
		return lo << (n - 64), 0
	default:
		return hi<<n | lo>>(64-n), lo << n
	}
}

func neg128(hi, lo uint64) (uint64, uint64) {
	lo, b := bits.Sub64(0, lo, 0)
	hi, _ = bits.Sub64(0, hi, b)
	return hi, lo
}

// valueF64 returns (S + i*D) * 2^unit as a float64; exact when |S + i*D| is
// below 2^53.
func (s *Seq) valueF64(i uint64) float64 {
	_, lo := s.linear(i) // below 2^53: the low word holds the value, sign included
	return float64(int64(lo)) * s.scale
}

// stepF64 returns step*D * 2^unit as a float64 (exact where exactBelow held).
func (s *Seq) stepF64(step uint64) float64 {
	return float64(int64(s.dLo*step)) * s.scale
}

// maxAbs returns the largest |S + i*D| over i in {a, b} (V is linear,
// so its extremes over [a, b] are at the ends), as 128-bit magnitudes.
func (s *Seq) maxAbs(a, b uint64) (hi, lo uint64) {
	ah, al := s.linear(a)
	bh, bl := s.linear(b)
	if int64(ah) < 0 {
		ah, al = neg128(ah, al)
	}
	if int64(bh) < 0 {
		bh, bl = neg128(bh, bl)
	}
	if ah > bh || ah == bh && al > bl {
		return ah, al
	}
	return bh, bl
}

// exactBelow reports whether every S + i*D for i in [a, b], and the step
// between neighbours (step*D), are below 2^p in magnitude: then sums of
// them in a float format with p significand bits are exact.
func (s *Seq) exactBelow(a, b, step uint64, p uint) bool {
	hi, lo := s.maxAbs(a, b)
	if hi != 0 || lo>>p != 0 {
		return false
	}
	dh, dl := bits.Mul64(s.dLo, step)
	dh += s.dHi * step
	if int64(dh) < 0 {
		dh, dl = neg128(dh, dl)
	}
	return dh == 0 && dl>>p == 0
}

// f32Lanes reports whether float32 lanes may write elements a through b
// (every step-th index): every value, and the step of 32 elements, is exact
// in float32 (below 2^24 units, at a unit float32 reaches: from its least
// subnormal, 2^-149, to 2^104, where 2^24 units are still finite).
func (s *Seq) f32Lanes(a, b, step uint64) bool {
	return s.exactBelow(a, b, step*32, 24) && s.unit >= -149 && s.unit <= 104
}

// f64Lanes reports whether float64 lanes may write elements a through b:
// every value, and the step of 16 elements, is below 2^53 units (float64
// holds them, and sums of them, exactly).
func (s *Seq) f64Lanes(a, b, step uint64) bool {
	return s.exactBelow(a, b, step*16, 53)
}

// int32Lanes reports whether the float16 binade kernels may write elements
// a through b: every S + i*D is below 2^31 in magnitude (an int32 lane
// holds it, and the lanes' wrapping additions stay exact), and unit is at
// least -24 (float16's least subnormal; it always is, as start and delta are
// float16 values), so that no shift reaches 32 bits.
func (s *Seq) int32Lanes(a, b uint64) bool {
	return s.kind == Float16 && s.unit >= -24 && s.exactBelow(a, b, 0, 31)
}

// infAt returns the bits of the infinity element i rounds to (i at or past
// the overflow point).
func (s *Seq) infAt(i uint64) uint64 {
	inf := s.f.infBits()
	if hi, _ := s.linear(i); int64(hi) < 0 {
		inf |= s.f.signBit()
	}
	return inf
}

// overflowFrom returns the first j in [0, n) from which every element
// i0 + j*step rounds to an infinity (|value| at or past the midpoint above
// the largest finite value), or n if none does. Along i >= 0, |V| can only
// pass that threshold while moving away from zero (|start| is finite, so
// below it), never come back: the elements past it form a tail, and a
// binary search finds where it begins.
func (s *Seq) overflowFrom(i0, step uint64, n int) int {
	past := func(j int) bool {
		hi, lo := s.linear(i0 + uint64(j)*step)
		if int64(hi) < 0 {
			hi, lo = neg128(hi, lo)
		}
		// Threshold: (2^p - 1/2) * 2^(emax+1-p) = (2^(p+1) - 1) * 2^(emax-p).
		p := int(s.f.mantBits)
		emax := 1<<(s.f.expBits-1) - 1
		tm := uint64(1)<<(p+1) - 1
		shift := emax - p - s.unit
		if shift < 0 {
			// V >= tm / 2^k exactly when V * 2^k >= tm (V is an integer).
			k := uint(-shift)
			if hi != 0 || k >= 64 {
				return hi != 0 || lo != 0
			}
			return lo>>(64-k) != 0 || lo<<k >= tm
		}
		if shift+p+1 > 128 {
			return false // the threshold, tm * 2^shift, exceeds every |V| (below 2^128)
		}
		th, tl := shl128(0, tm, uint(shift))
		return hi > th || hi == th && lo >= tl
	}
	if n == 0 || !past(n-1) {
		return n
	}
	if past(0) {
		return 0
	}
	lo, hi := 0, n-1 // past(hi) holds
	for lo < hi {
		mid := lo + (hi-lo)/2
		if past(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if !past(lo) {
		return n
	}
	return lo
}
