package kernel

import (
	"math"
	"math/bits"
)

// Every correct rounding of the package is here: format.round (the exact
// 128-bit sums of mLinear, into float16 or float32) and f64ToF16 (float64 to
// float16: mExact and the Go twins). The others are the machine's: float32()
// from float64 in Go and VCVTPD2PS (to nearest even), F16C's VCVTPS2PH (to
// nearest even, from values exact in float32, or from float64 rounded to
// odd into float32, which rounds as one step), and the binade kernels'
// integer rounding (plan.go, mBinade).

// format describes a binary IEEE 754 interchange format narrow enough that
// start + i*delta, with i below 2^32, fits a 128-bit integer at the finest
// resolution the plan needs (see newFloat).
type format struct {
	mantBits uint // significand bits including the implicit one: 24 or 11
	expBits  uint // exponent field width: 8 or 5
	bias     int  // exponent bias: 127 or 15
	defNaN   uint64
}

var (
	formatFloat32 = format{mantBits: 24, expBits: 8, bias: 127, defNaN: 0x7FC00000}
	formatFloat16 = format{mantBits: 11, expBits: 5, bias: 15, defNaN: 0x7E00}
)

func (f *format) signBit() uint64  { return 1 << (f.mantBits - 1 + f.expBits) }
func (f *format) infBits() uint64  { return (1<<f.expBits - 1) << (f.mantBits - 1) }
func (f *format) quietBit() uint64 { return 1 << (f.mantBits - 2) }

// minExp is the exponent of the least significant bit of a subnormal.
func (f *format) minExp() int { return 2 - f.bias - int(f.mantBits) }

type class uint8

const (
	finite class = iota
	infinite
	nan
)

// decode splits the bits of a value into sign, an integer significand and the
// exponent of its least significant bit: value = (-1)^neg * m * 2^exp. Trailing
// zero bits of m are removed so that exp is as large as possible.
func (f *format) decode(b uint64) (neg bool, m uint64, exp int, c class) {
	neg = b&f.signBit() != 0
	frac := b & (1<<(f.mantBits-1) - 1)
	e := int(b>>(f.mantBits-1)) & (1<<f.expBits - 1)
	switch {
	case e == 1<<f.expBits-1 && frac == 0:
		return neg, 0, 0, infinite
	case e == 1<<f.expBits-1:
		return neg, frac, 0, nan
	case e == 0:
		m, exp = frac, f.minExp()
	default:
		m, exp = frac|1<<(f.mantBits-1), e-1+f.minExp()
	}
	if m == 0 {
		return neg, 0, 0, finite
	}
	tz := bits.TrailingZeros64(m)
	return neg, m >> tz, exp + tz, finite
}

// round returns the bits of the value (-1)^neg * (hi:lo) * 2^exp rounded once,
// to nearest with ties to even, into the format: overflow gives an infinity,
// tiny values become subnormals, an exact zero is +0 (or -0 if neg).
func (f *format) round(neg bool, hi, lo uint64, exp int) uint64 {
	var sign uint64
	if neg {
		sign = f.signBit()
	}
	if hi == 0 && lo == 0 {
		return sign
	}
	n := 128 - bits.LeadingZeros64(hi)
	if hi == 0 {
		n = 64 - bits.LeadingZeros64(lo)
	}
	p := int(f.mantBits)
	top := exp + n - 1 // exponent of the leading bit
	lsb := top - p + 1 // exponent of the last significand bit kept
	subnormal := false
	if lsb < f.minExp() {
		lsb = f.minExp()
		subnormal = true
	}
	shift := lsb - exp
	var q uint64
	if shift <= 0 {
		// Exact: at most p significant bits, shifted up (shift >= -(p-1)).
		q = lo << uint(-shift)
	} else {
		q = shr128(hi, lo, uint(shift))
		// The bits shifted out decide the rounding: above half, half, below.
		remHi, remLo := hi, lo
		if shift < 128 {
			mh, ml := mask128(uint(shift))
			remHi, remLo = hi&mh, lo&ml
		}
		halfHi, halfLo := bit128(uint(shift - 1))
		if remHi > halfHi || remHi == halfHi && remLo > halfLo ||
			remHi == halfHi && remLo == halfLo && q&1 == 1 {
			q++
		}
	}
	var b uint64
	if subnormal {
		// A carry into bit p-1 turns the value into the smallest normal:
		// the field layout makes that come out right by itself.
		b = q
	} else {
		// q is in [2^(p-1), 2^p]; q = 2^p carries into the exponent field.
		b = uint64(lsb-f.minExp()+1)<<(p-1) + q - 1<<(p-1)
	}
	if b >= f.infBits() {
		b = f.infBits()
	}
	return sign | b
}

// shr128 returns the low 64 bits of (hi:lo) >> s for s in [1, 128].
func shr128(hi, lo uint64, s uint) uint64 {
	switch {
	case s >= 128:
		return 0
	case s >= 64:
		return hi >> (s - 64)
	default:
		return lo>>s | hi<<(64-s)
	}
}

// mask128 returns 2^s - 1 for s in [0, 127].
func mask128(s uint) (hi, lo uint64) {
	if s >= 64 {
		return 1<<(s-64) - 1, ^uint64(0)
	}
	return 0, 1<<s - 1
}

// bit128 returns 2^s for s in [0, 127].
func bit128(s uint) (hi, lo uint64) {
	if s >= 64 {
		return 1 << (s - 64), 0
	}
	return 0, 1 << s
}

// f64ToF16 rounds a float64 to binary16, to nearest with ties to even:
// overflow gives an infinity, tiny values subnormals or a signed zero.
func f64ToF16(x float64) uint16 {
	b := math.Float64bits(x)
	sign := uint16(b>>48) & 0x8000
	b &^= 1 << 63
	if b >= 0x7FF0000000000000 { // inf or NaN (not produced here)
		return sign | 0x7C00 | uint16(b>>42)&0x3FF
	}
	e := int(b>>52) - 1023
	m := b&(1<<52-1) | 1<<52
	if b>>52 == 0 {
		return sign // below float64's normals: far below binary16's
	}
	shift := 42 // keep 11 bits
	if e < -14 {
		shift += -14 - e
	}
	if shift >= 64 {
		return sign
	}
	// Round to nearest even without a branch: add just under a half,
	// plus the bit that decides ties, and drop the bits shifted out.
	q := (m + (1<<(shift-1) - 1) + (m>>shift)&1) >> shift
	var out uint64
	if e < -14 {
		out = q // subnormal; a carry makes it the smallest normal
	} else {
		out = uint64(e+14)<<10 + q // q's leading bit adds one to the exponent
	}
	if out >= 0x7C00 {
		out = 0x7C00
	}
	return sign | uint16(out)
}

// F64ToF16 rounds a float64 to binary16 bits, once, to nearest with ties to
// even: the conversion the tests and the model of half-precision arithmetic
// (dml's ComputeModel f16-math) use.
func F64ToF16(x float64) uint16 {
	if x != x {
		return 0x7E00
	}
	return f64ToF16(x)
}
