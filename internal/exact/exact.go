// Package exact is the tests' reference for the values and layout of a fill.
// It computes every element with math/big from the definition in the package
// doc of dml (FillValueSequenceOperatorDesc) and the README's contract,
// shares no code with the kernels, and is slow on purpose: it is written to
// be obviously right, not fast.
package exact

import (
	"math"
	"math/big"

	"github.com/dmlgo/dml"
	"github.com/x448/float16"
)

// Element returns the bits of element i of the sequence of data type dt
// whose start and delta have the given bits (low bytes only).
func Element(dt dml.TensorDataType, start, delta, i uint64) uint64 {
	size := dt.ElementSize()
	mask := ^uint64(0)
	if size < 8 {
		mask = 1<<(8*size) - 1
	}
	start &= mask
	delta &= mask
	if i == 0 {
		return start
	}
	switch dt {
	case dml.TensorDataTypeFloat32:
		return float32Element(start, delta, i)
	case dml.TensorDataTypeFloat16:
		return float16Element(start, delta, i)
	case dml.TensorDataTypeFloat64:
		return float64Element(start, delta, i)
	}
	// Integers: the exact integer sum, reduced modulo 2^bits.
	s, d := signedOrNot(dt, start), signedOrNot(dt, delta)
	v := new(big.Int).Mul(new(big.Int).SetUint64(i), d)
	v.Add(v, s)
	mod := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
	v.Mod(v, mod) // Euclidean: in [0, 2^bits)
	return v.Uint64()
}

func signedOrNot(dt dml.TensorDataType, b uint64) *big.Int {
	n := 8 * dt.ElementSize()
	if dt.IsSigned() && b>>(n-1)&1 == 1 {
		return new(big.Int).Sub(new(big.Int).SetUint64(b), new(big.Int).Lsh(big.NewInt(1), uint(n)))
	}
	return new(big.Int).SetUint64(b)
}

// value is a float operand: NaN, an infinity, or an exact rational with a
// sign bit (to tell -0 from +0).
type value struct {
	nan, inf bool
	neg      bool
	r        *big.Rat
}

func fromFloat64(f float64) value {
	switch {
	case math.IsNaN(f):
		return value{nan: true}
	case math.IsInf(f, 0):
		return value{inf: true, neg: f < 0}
	}
	r, _ := new(big.Float).SetFloat64(f).Rat(nil)
	return value{neg: math.Signbit(f), r: r}
}

// special applies the rules for element i >= 1 when an operand is not
// finite, or when the exact sum is zero; it returns ok=false when the exact
// sum, rounded, decides.
func special(s, d value, qnanS, qnanD, defNaN, posInf, negInf, negZero uint64) (uint64, *big.Rat, bool) {
	switch {
	case s.nan:
		return qnanS, nil, true
	case d.nan:
		return qnanD, nil, true
	case d.inf && s.inf && s.neg != d.neg:
		return defNaN, nil, true
	case d.inf:
		if d.neg {
			return negInf, nil, true
		}
		return posInf, nil, true
	case s.inf:
		if s.neg {
			return negInf, nil, true
		}
		return posInf, nil, true
	}
	return 0, nil, false
}

func exactSum(s, d value, i uint64) *big.Rat {
	v := new(big.Rat).Mul(new(big.Rat).SetInt(new(big.Int).SetUint64(i)), d.r)
	return v.Add(v, s.r)
}

func float32Element(start, delta, i uint64) uint64 {
	s := fromFloat64(float64(math.Float32frombits(uint32(start))))
	d := fromFloat64(float64(math.Float32frombits(uint32(delta))))
	if b, _, ok := special(s, d, start|1<<22, delta|1<<22, 0x7FC00000, 0x7F800000, 0xFF800000, 0x80000000); ok {
		return b
	}
	v := exactSum(s, d, i)
	if v.Sign() == 0 {
		if s.neg && d.neg {
			return 0x80000000
		}
		return 0
	}
	// The sum of dyadic rationals is exact in 2000 bits; Float32 rounds it
	// once, to nearest even, subnormals and overflow included.
	f, _ := new(big.Float).SetPrec(2000).SetRat(v).Float32()
	return uint64(math.Float32bits(f))
}

func float64Element(start, delta, i uint64) uint64 {
	s := fromFloat64(math.Float64frombits(start))
	d := fromFloat64(math.Float64frombits(delta))
	if b, _, ok := special(s, d, start|1<<51, delta|1<<51, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 1<<63); ok {
		return b
	}
	v := exactSum(s, d, i)
	if v.Sign() == 0 {
		if s.neg && d.neg {
			return 1 << 63
		}
		return 0
	}
	f, _ := new(big.Float).SetPrec(5000).SetRat(v).Float64()
	return math.Float64bits(f)
}

func float16Element(start, delta, i uint64) uint64 {
	s := fromFloat64(float64(float16.Frombits(uint16(start)).Float32()))
	d := fromFloat64(float64(float16.Frombits(uint16(delta)).Float32()))
	if b, _, ok := special(s, d, start|1<<9, delta|1<<9, 0x7E00, 0x7C00, 0xFC00, 0x8000); ok {
		return b
	}
	v := exactSum(s, d, i)
	if v.Sign() == 0 {
		if s.neg && d.neg {
			return 0x8000
		}
		return 0
	}
	return uint64(RoundFloat16(v))
}

// RoundFloat16 rounds an exact rational to binary16, to nearest even, once.
// Below 2^-14 it adds 2^-14 first: in [2^-14, 2^-13) the spacing of binary16
// is 2^-24, the spacing of its subnormals, and 2^-14 is an even multiple of
// it, so rounding there to 11 bits and taking 2^-14 away again rounds the
// subnormal exactly and breaks ties the same way.
func RoundFloat16(v *big.Rat) uint16 {
	neg := v.Sign() < 0
	a := new(big.Rat).Abs(v)
	var sign uint16
	if neg {
		sign = 0x8000
	}
	minNormal := new(big.Rat).SetFrac64(1, 1<<14)
	if a.Cmp(minNormal) < 0 {
		t := round11(new(big.Rat).Add(a, minNormal))
		t.SetPrec(2000).Sub(t, new(big.Float).SetRat(minNormal))
		f32, _ := t.Float32() // exact: a multiple of 2^-24 below 2^-13
		return sign | float16.Fromfloat32(f32).Bits()
	}
	f := round11(a)
	if f.Cmp(big.NewFloat(65536)) >= 0 {
		return sign | 0x7C00
	}
	f32, _ := f.Float32() // exact: 11 bits, inside binary16's range
	return sign | float16.Fromfloat32(f32).Bits()
}

// round11 rounds a positive rational to 11 significant bits, to nearest
// even, once: its value truncated to 2000 bits decides, but where the
// truncation dropped something and left an exact midpoint of 11 bits (the
// rational lies just above it: a long decimal), it rounds up. (Rounding the
// 2000-bit value to nearest first, then to 11 bits, rounded twice: a
// decimal a hair below a midpoint came out above it.)
func round11(a *big.Rat) *big.Float {
	f := new(big.Float).SetPrec(2000).SetMode(big.ToZero).SetRat(a)
	inexact := f.Acc() != big.Exact
	down := new(big.Float).Copy(f).SetMode(big.ToZero).SetPrec(11)
	if inexact {
		// f is a midpoint of 11 bits when f - down is half down's last place.
		half := new(big.Float).SetPrec(2000).SetMantExp(big.NewFloat(1), down.MantExp(nil)-12)
		if d := new(big.Float).SetPrec(2000).Sub(f, down); d.Cmp(half) == 0 {
			return new(big.Float).Copy(f).SetMode(big.AwayFromZero).SetPrec(11)
		}
	}
	return f.SetMode(big.ToNearestEven).SetPrec(11)
}
