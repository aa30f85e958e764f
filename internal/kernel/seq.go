// Package kernel computes the elements of a value sequence: element i of a
// sequence is start + i*delta, wrapped for integers and rounded once for
// floats. A Seq is planned once from the start and delta bits; every value it
// produces is computed from its absolute index, so any split of the index
// range gives the same bits.
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

// Seq is a planned sequence. The zero value is not usable; use New.
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

	// The lanes of the vector kernels for the element-to-element step
	// laneD (delta's bits for integers, 0 for constants), planned once.
	laneD    uint64
	laneBase [16]uint64
	laneInc  [4]uint64
	// For floats, the lane offsets l*delta for the step 1, as float32
	// (32 lanes) and float64 (16 lanes); used only where exact.
	f32Base [32]float32
	f64Base [16]float64
	// For float16, the lane offsets e*|D| and -e*|D| of the binade kernels
	// for the step 1 (e the element each lane holds: packOrder).
	binBase [2][32]int32

	// Set by Limit: facts about every index below limit, so that runs of
	// step 1 need not establish them again.
	limit      uint64
	f32Exact   bool   // every value and a 32-element step exact in float32
	f64Exact   bool   // every value and a 16-element step exact in float64
	i32Exact   bool   // float16: every S + i*D fits an int32 lane (int32Lanes)
	noOverflow bool   // no element rounds to an infinity
	overIdx    uint64 // the first index that rounds to an infinity (or limit)
}

// spanLimit bounds how far apart, in binary orders of magnitude, the leading
// bits of start and delta may be before the smaller one no longer matters
// (start) or only breaks rounding ties (delta). Below it every S + i*D stays
// under 2^118 at the chosen resolution, for i below 2^32.
const spanLimit = 60

// New plans the sequence of the given kind and element size (bytes) whose
// element 0 has the bits start and whose step has the bits delta. Only the
// low size*8 bits of start and delta are used.
func New(kind Kind, size int, start, delta uint64) *Seq {
	if size < 8 {
		m := uint64(1)<<(8*size) - 1
		start &= m
		delta &= m
	}
	s := &Seq{kind: kind, size: size, lg: uint(bits.TrailingZeros(uint(size))), start: start, delta: delta}
	switch kind {
	case Float16:
		s.planFloat(&formatFloat16)
	case Float32:
		s.planFloat(&formatFloat32)
	case Float64:
		s.planFloat64()
	}
	if kind == Int {
		s.laneD = s.delta
	}
	s.laneBase, s.laneInc = lanes(size, s.laneD)
	return s
}

// Limit tells the sequence that no index at or past n will be asked for,
// and lets it establish once, for the whole range, what each run of
// consecutive elements would otherwise check again. Call it before the
// sequence is used, not while it is in use.
func (s *Seq) Limit(n uint64) {
	s.limit, s.f32Exact, s.f64Exact, s.i32Exact, s.noOverflow = 0, false, false, false, false
	if s.kind != Float16 && s.kind != Float32 || s.mode != modeLinear || n < 2 || n-1 > math.MaxInt {
		return
	}
	last := n - 1
	s.f32Exact = s.f32Lanes(1, last, 1)
	s.f64Exact = s.exactBelow(1, last, 16, 53)
	s.i32Exact = s.int32Lanes(1, last)
	s.overIdx = 1 + uint64(s.overflowFrom(1, 1, int(last)))
	s.noOverflow = s.overIdx == n
	s.limit = n
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
	dx := s.stepF64(1)
	for l := range s.f32Base {
		s.f32Base[l] = float32(float64(l) * dx)
	}
	for l := range s.f64Base {
		s.f64Base[l] = float64(l) * dx
	}
	absD := s.dLo
	if int64(s.dHi) < 0 {
		absD = -absD
	}
	for l, e := range packOrder {
		s.binBase[0][l] = int32(uint32(uint64(e) * absD))
		s.binBase[1][l] = -s.binBase[0][l]
	}
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
