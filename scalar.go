package dml

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/dmlgo/dml/internal/numtext"
	"github.com/x448/float16"
)

// ScalarUnion is DML_SCALAR_UNION: eight bytes, little-endian, every member at
// offset 0. A value of a data type lives in the low ElementSize bytes; the
// operator ignores the others (real callers leave them uninitialised).
// FLOAT16 has no member in directml.h: its IEEE binary16 bits go in bytes 0-1.
type ScalarUnion [8]byte

// ScalarBits returns the scalar whose low bytes hold bits, little-endian.
func ScalarBits(bits uint64) ScalarUnion {
	var s ScalarUnion
	binary.LittleEndian.PutUint64(s[:], bits)
	return s
}

// Bits returns the eight bytes as a little-endian integer.
func (s ScalarUnion) Bits() uint64 { return binary.LittleEndian.Uint64(s[:]) }

// BitsOf returns the low ElementSize(t) bytes of s as an integer: the bits of
// the value of type t.
func (s ScalarUnion) BitsOf(t TensorDataType) uint64 {
	b := s.Bits()
	if n := t.ElementSize(); n > 0 && n < 8 {
		b &= 1<<(8*n) - 1
	}
	return b
}

// ScalarFloat32 returns a FLOAT32 scalar.
func ScalarFloat32(v float32) ScalarUnion { return ScalarBits(uint64(math.Float32bits(v))) }

// ScalarFloat16 returns a FLOAT16 scalar.
func ScalarFloat16(v float16.Float16) ScalarUnion { return ScalarBits(uint64(v)) }

// ScalarFloat64 returns a FLOAT64 scalar.
func ScalarFloat64(v float64) ScalarUnion { return ScalarBits(math.Float64bits(v)) }

// ScalarInt8 returns an INT8 scalar.
func ScalarInt8(v int8) ScalarUnion { return ScalarBits(uint64(uint8(v))) }

// ScalarInt16 returns an INT16 scalar.
func ScalarInt16(v int16) ScalarUnion { return ScalarBits(uint64(uint16(v))) }

// ScalarInt32 returns an INT32 scalar.
func ScalarInt32(v int32) ScalarUnion { return ScalarBits(uint64(uint32(v))) }

// ScalarInt64 returns an INT64 scalar.
func ScalarInt64(v int64) ScalarUnion { return ScalarBits(uint64(v)) }

// ScalarUint8 returns a UINT8 scalar.
func ScalarUint8(v uint8) ScalarUnion { return ScalarBits(uint64(v)) }

// ScalarUint16 returns a UINT16 scalar.
func ScalarUint16(v uint16) ScalarUnion { return ScalarBits(uint64(v)) }

// ScalarUint32 returns a UINT32 scalar.
func ScalarUint32(v uint32) ScalarUnion { return ScalarBits(uint64(v)) }

// ScalarUint64 returns a UINT64 scalar.
func ScalarUint64(v uint64) ScalarUnion { return ScalarBits(v) }

// Float32 returns the FLOAT32 member (bytes 0-3).
func (s ScalarUnion) Float32() float32 { return math.Float32frombits(binary.LittleEndian.Uint32(s[:])) }

// Float16 returns the FLOAT16 bits (bytes 0-1).
func (s ScalarUnion) Float16() float16.Float16 {
	return float16.Frombits(binary.LittleEndian.Uint16(s[:]))
}

// Float64 returns the FLOAT64 member.
func (s ScalarUnion) Float64() float64 { return math.Float64frombits(s.Bits()) }

// Int8 returns the INT8 member (byte 0).
func (s ScalarUnion) Int8() int8 { return int8(s[0]) }

// Int16 returns the INT16 member (bytes 0-1).
func (s ScalarUnion) Int16() int16 { return int16(binary.LittleEndian.Uint16(s[:])) }

// Int32 returns the INT32 member (bytes 0-3).
func (s ScalarUnion) Int32() int32 { return int32(binary.LittleEndian.Uint32(s[:])) }

// Int64 returns the INT64 member.
func (s ScalarUnion) Int64() int64 { return int64(s.Bits()) }

// Uint8 returns the UINT8 member (byte 0).
func (s ScalarUnion) Uint8() uint8 { return s[0] }

// Uint16 returns the UINT16 member (bytes 0-1).
func (s ScalarUnion) Uint16() uint16 { return binary.LittleEndian.Uint16(s[:]) }

// Uint32 returns the UINT32 member (bytes 0-3).
func (s ScalarUnion) Uint32() uint32 { return binary.LittleEndian.Uint32(s[:]) }

// Uint64 returns the UINT64 member.
func (s ScalarUnion) Uint64() uint64 { return s.Bits() }

// ParseScalar reads text as a value of data type t and returns its scalar.
// Spaces around the text are left out (" 0.1" is 0.1).
//
// Integers are decimal or Go-prefixed ("0xFE", "0b101", "0o17"); an n-bit type
// takes any integer in [-2^(n-1), 2^n - 1] and stores its n-bit two's
// complement, so "-2" for UINT8 is 0xFE and "255" for INT8 is -1.
// Floats are decimal or Go hexadecimal ("0x1.8p+1"), or "inf", "-inf", "nan";
// the exact value is rounded once to the type (to nearest, ties to even),
// however many digits the text has: a decimal goes straight to FLOAT16,
// never through FLOAT32. Spaces around the text are ignored.
func ParseScalar(t TensorDataType, text string) (ScalarUnion, error) {
	s, _, err := ParseScalarValue(t, text)
	return s, err
}

// ParseScalarValue reads text as ParseScalar does, and returns also the
// value the text writes, rounded to the nearest float64 (an infinity past
// float64's range, with the text's sign): what a program given the same
// text as a double holds (NumPy, PyTorch and the other frameworks that
// check.Written describes), before any rounding to t. For a float type it
// is the value ParseScalar rounds once to t; for an integer type, the
// integer as written ("-2", even for UINT8).
func ParseScalarValue(t TensorDataType, text string) (ScalarUnion, float64, error) {
	s := strings.TrimSpace(text)
	bad := func(why string) (ScalarUnion, float64, error) {
		return ScalarUnion{}, 0, fmt.Errorf("%w: %q is not a valid %s value: %s", ErrInvalidArg, text, t, why)
	}
	if s == "" || strings.Contains(s, "_") {
		return bad("want a number")
	}
	if t.IsFloat() {
		v, ok := parseSpecial(s)
		s = numtext.Shorten(hexIntAsFloat(s)) // (any length: the parsers below have limits)
		if !ok {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil && !isRangeErr(err) {
				return bad("want a decimal or hexadecimal number, inf, -inf or nan")
			}
			v = f
		}
		x, ok := parseFloat(t, s, v)
		if !ok {
			return bad("want a decimal or hexadecimal number, inf, -inf or nan")
		}
		return x, v, nil
	}
	n := 8 * int(t.ElementSize())
	if n == 0 {
		return ScalarUnion{}, 0, fmt.Errorf("%w: no values of data type %s", ErrInvalidArg, t)
	}
	if strings.HasPrefix(s, "-") {
		v, err := strconv.ParseInt(s, intBase(s[1:]), 64)
		if err != nil || n < 64 && v < -(1<<(n-1)) {
			return bad(fmt.Sprintf("want an integer from %d to %d", minInt(n), maxUint(n)))
		}
		return ScalarBits(uint64(v)), float64(v), nil
	}
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "+"), intBase(strings.TrimPrefix(s, "+")), 64)
	if err != nil || n < 64 && v >= 1<<n || strings.HasPrefix(s, "+-") {
		return bad(fmt.Sprintf("want an integer from %d to %d", minInt(n), maxUint(n)))
	}
	return ScalarBits(v), float64(v), nil
}

// parseFloat returns the scalar of float type t for the text s, a number
// strconv reads (its value v rounded to float64) or one of inf, -inf and
// nan (v that value): the exact value rounded once to t; false where s is
// not a number.
func parseFloat(t TensorDataType, s string, v float64) (ScalarUnion, bool) {
	_, special := parseSpecial(s)
	switch {
	case t == TensorDataTypeFloat64:
		return ScalarFloat64(v), true
	case special && t == TensorDataTypeFloat32:
		return ScalarFloat32(float32(v)), true
	case t == TensorDataTypeFloat32:
		f, err := strconv.ParseFloat(s, 32) // (a range error gives the infinity or zero)
		return ScalarFloat32(float32(f)), err == nil || isRangeErr(err)
	case special && v != v:
		return ScalarBits(0x7E00), true
	case special:
		return ScalarFloat16(float16.Fromfloat32(float32(v))), true
	}
	b, ok := parseFloat16(s)
	return ScalarBits(uint64(b)), ok
}

// intBase is 0 (Go's prefixes) for 0x, 0o and 0b integers, and 10 for the
// rest: a leading zero does not make an integer octal here.
func intBase(s string) int {
	if len(s) > 1 && s[0] == '0' && strings.ContainsRune("xXoObB", rune(s[1])) {
		return 0
	}
	return 10
}

// hexIntAsFloat turns a hexadecimal integer ("0xFE") into the hexadecimal
// float syntax strconv takes ("0xFEp0").
func hexIntAsFloat(s string) string {
	body := strings.TrimLeft(s, "+-")
	if len(body) > 2 && (body[:2] == "0x" || body[:2] == "0X") && !strings.ContainsAny(body, ".pP") {
		return s + "p0"
	}
	return s
}

func minInt(n int) int64   { return -1 << (n - 1) }
func maxUint(n int) uint64 { return ^uint64(0) >> (64 - n) }

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// parseSpecial reads inf, -inf and nan in any case.
func parseSpecial(s string) (float64, bool) {
	switch strings.ToLower(s) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), true
	case "-inf", "-infinity":
		return math.Inf(-1), true
	case "nan":
		return math.NaN(), true
	}
	return 0, false
}

// parseFloat16 rounds the exact value of a decimal or hexadecimal number to
// binary16 once.
func parseFloat16(s string) (uint16, bool) {
	// ParseFloat checks the syntax and the order of magnitude; where it is
	// far from binary16's range, its (rounded) result decides already.
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	var sign uint16
	if math.Signbit(f) {
		sign = 0x8000
	}
	a := math.Abs(f)
	switch {
	case a <= 0x1p-26: // below half the smallest subnormal, 2^-25
		return sign, true
	case a >= 0x1p17: // above 65520, where rounding reaches infinity
		return sign | 0x7C00, true
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	r.Abs(r)
	// Round r * 2^-lsb to an integer, ties to even, where lsb is the
	// exponent of the last significand bit binary16 keeps.
	top := r.Num().BitLen() - r.Denom().BitLen() // floor(log2 r) or one more
	if pow2(top).Cmp(r) > 0 {
		top--
	}
	lsb := max(top-10, -24)
	num := new(big.Int).Set(r.Num())
	den := new(big.Int).Set(r.Denom())
	if lsb < 0 {
		num.Lsh(num, uint(-lsb))
	} else {
		den.Lsh(den, uint(lsb))
	}
	q, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	switch rem.Lsh(rem, 1).Cmp(den) {
	case 1:
		q.Add(q, big.NewInt(1))
	case 0:
		if q.Bit(0) == 1 {
			q.Add(q, big.NewInt(1))
		}
	}
	m := q.Uint64() // at most 2^11
	if lsb == -24 {
		return sign | uint16(m), true // subnormal, or the smallest normal by carry
	}
	b := uint64(lsb+24)<<10 + m // m's leading bit adds one to the exponent field; a carry to 2^11 two
	if b >= 0x7C00 {
		b = 0x7C00
	}
	return sign | uint16(b), true
}

func pow2(n int) *big.Rat {
	if n >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(n)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-n)))
}
