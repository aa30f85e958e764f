package kernel

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// Every rounding rule of the package is written here, once, with why it
// rounds once to nearest even; the kernels (their assembly, written by
// asmgen) and their Go twins implement one of them each, as listed. A
// method's kernel is exact only where its precondition (plan.go) holds.
//
//	rule         what rounds                            kernels and Go code
//	exact        format.round: the exact 128-bit sum     linear, Seq.Bits
//	             S + i*D, rounded by its dropped bits    (roundSigned), the
//	             (half and sticky), ties to even         blocks fma-d leaves
//	f64ToF16     float64 to float16 (the same, on a      exact, the twins of
//	             float64's bits)                         every float16 kernel
//	none         values exact in float32 or float64      f32 (addStoreS),
//	             lanes: one conversion, to nearest even  f64 (cvtStoreF32:
//	             (float32(), VCVTPD2PS, F16C's           VCVTPD2PS), exact,
//	             VCVTPS2PH), of an exact value           rows-f32,
//	                                                     cvtStoreF16
//	odd          sumToF32, and float16 from float64     cvtStoreF16Odd (f64
//	             lanes: rounded to odd into a format     float16), fmaS_g
//	             at least two bits wider, then to        and the twins of
//	             nearest even: one rounding in effect    fma-s rows
//	fma          an FMA of an exact index, delta and     fma, fma-lanes
//	             start rounds i*delta + start once       (fmaStore), fmaStoreS,
//	                                                     fma192S, fmaMask,
//	                                                     rows-fma-s
//	fma-d        an FMA in float64, then VCVTPD2PS:      fma-d (fmaDStore)
//	             one rounding but where the float64      (the twins call
//	             value is a float32 midpoint or below    f32Midpoint)
//	             2^-126 (f32Midpoint): such blocks go
//	             to exact
//	binade       integers in one binade: c +             binade(-s, -add):
//	             (k + half) >> shift, ties (k half       f16Bin, f16BinxSpan,
//	             modulo 2^shift: binadeTies) to even by  f32Binq, rowsBin,
//	             the kernel's tie form or tieEven after
//	                                                     rowsBinS, bin192,
//	                                                     bin128, bin64 and
//	                                                     their twins
//	runs         binade's, worked out once per value by  f16Runs, f16RowsRuns
//	             integer steps from the thresholds       (runsArgs)
//	             between values
//
// Each rule's test is in round_test.go where it is a Go function here;
// the kernels are held to their twins (kernels_amd64_test.go, and a
// method's own kernels in shape_NAME_amd64_test.go) and every method's
// whole fills to Seq.Bits (fill_test.go, and shape_NAME_test.go).

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
// (the check package's model f16-math) use.
func F64ToF16(x float64) uint16 {
	if x != x {
		return 0x7E00
	}
	return f64ToF16(x)
}

// sumToF32 returns x + y rounded once to float32, for finite x and y whose
// float64 sum does not overflow: the float64 sum hi and its error lo, exact
// (TwoSum), and hi rounded to odd where lo is not 0 (the neighbour toward
// lo where hi's last bit is 0), which float32() then rounds as one step,
// float64 keeping more than two bits beyond float32's.
func sumToF32(x, y float64) float32 {
	hi := x + y
	t := hi - x
	lo := (x - (hi - t)) + (y - t)
	if b := math.Float64bits(hi); lo != 0 && b&1 == 0 {
		if (lo > 0) == (hi > 0) {
			b++
		} else {
			b--
		}
		hi = math.Float64frombits(b)
	}
	return float32(hi)
}

// tieEven returns the bits v of a sparse tie that the binade kernel rounded
// up, rounded to even instead: the last bit of the significand dropped
// where it is set (c, the sign and exponent the kernel added, is even).
func tieEven[T uint8 | uint16 | uint32](v, c T) T { return v - (v-c)&1 }

// tieToEven rounds the element at the start of b (size bytes: float16 or
// float32) with tieEven.
func tieToEven(b []byte, size int, c uint32) {
	if size == 4 {
		binary.LittleEndian.PutUint32(b, tieEven(binary.LittleEndian.Uint32(b), c))
		return
	}
	binary.LittleEndian.PutUint16(b, tieEven(binary.LittleEndian.Uint16(b), uint16(c)))
}

// binadeTies decides how the binade kernel rounds ties. The magnitudes,
// biased by half, are kb_j = a + j*d + half (a, d at the kernel's scale);
// element j is a tie when a + j*d is half modulo 2^shift. With 2^g the
// largest power of two dividing d, that needs a to be half modulo 2^g, and
// then happens for j = tie, tie + period, ... with period = 2^(shift-g)
// (d/2^g is odd, so invertible modulo any power of two). If ties are dense
// (a period of dense or less: 32, a power of two that divides a block of
// 32, or 64 where the span kernel takes two masks), the kernel's tie form
// handles them (ties = 1); if there are none in the n elements, or they
// are sparser (patched after the kernel), the plain form runs (ties = 0).
// Either way tie and period locate them (tie >= n if none).
func binadeTies(a, d uint64, shift, n, dense int) (ties uint64, tie, period int) {
	half := uint64(1) << (shift - 1)
	g := bits.TrailingZeros64(d)
	if g >= shift {
		// a + j*d is a modulo 2^shift: every element is a tie, or none.
		if (a-half)&(1<<shift-1) == 0 {
			return 1, 0, 1
		}
		return 0, n, 1
	}
	if (a-half)&(1<<g-1) != 0 {
		return 0, n, 1 // never
	}
	// j*(d/2^g) = (half-a)/2^g modulo 2^(shift-g).
	period = 1 << (shift - g)
	tie = int(((half - a) >> g * oddInverse(d>>g)) & uint64(period-1))
	if tie < n && period <= dense {
		return 1, tie, period
	}
	return 0, tie, period
}

// oddInverse returns the inverse of odd (an odd number) modulo 2^64, by
// Newton's iteration (each step doubles the bits that are right; odd is
// its own inverse modulo 2^3).
func oddInverse(odd uint64) uint64 {
	inv := odd
	for range 5 {
		inv *= 2 - odd*inv
	}
	return inv
}

// f32Midpoint reports whether the float64 bits b lie on a float32
// midpoint: the 29 bits float32 drops are exactly half its last place.
// There a float64 that is itself a rounding of an exact value may have
// rounded across the midpoint, so that float32() of it rounds twice (rule
// fma-d); anywhere else the two roundings give the exact value's one, as
// the float64 rounding cannot cross a float32 midpoint without landing on
// it.
func f32Midpoint(b uint64) bool { return b&(1<<29-1) == 1<<28 }
