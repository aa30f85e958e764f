package dxdispatch

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
)

// TestFloat16AsDxDispatch: the FLOAT16 bits DxDispatch's half.hpp gives,
// as the DxDispatch fidelity issue lists them (0.3 truncates to 0x34CC
// where rounding gives 0x34CD), and the accumulation of its sequence
// initialiser.
func TestFloat16AsDxDispatch(t *testing.T) {
	for _, tc := range []struct {
		text string
		want uint64
	}{
		{"0.3", 0x34CC}, {"0.7", 0x3999}, {"2.3", 0x4099}, {"65520", 0x7BFF}, {"65536", 0x7C00},
		{"-0.3", 0xB4CC}, {"1e-8", 0x0000}, {"-1e-8", 0x8000}, {"6e-8", 0x0001}, {"1", 0x3C00},
		{`"inf"`, 0x7C00}, {`"-INF"`, 0xFC00}, {`"NaN"`, 0x7E00}, {"1e300", 0x7C00},
		{"100000", 0x7C00}, {"131072", 0x7C00}, {"-70000", 0xFC00}, // from 65536 on: infinities
	} {
		v, err := parseValue(json.RawMessage(tc.text), dml.TensorDataTypeFloat16, "x")
		if err != nil || v.Bits()&0xFFFF != tc.want {
			t.Errorf("FLOAT16 %s: %#x, %v; want %#x", tc.text, v.Bits()&0xFFFF, err, tc.want)
		}
	}
	start, _ := parseValue(json.RawMessage("0.1"), dml.TensorDataTypeFloat16, "x")
	delta, _ := parseValue(json.RawMessage("0.1"), dml.TensorDataTypeFloat16, "x")
	got := make([]byte, 12)
	accumulate(got, dml.TensorDataTypeFloat16, start, delta)
	want := []uint16{0x2E66, 0x3266, 0x34CC, 0x3665, 0x37FE, 0x38CB}
	for i, w := range want {
		if g := uint16(got[2*i]) | uint16(got[2*i+1])<<8; g != w {
			t.Errorf("sequence 0.1, +0.1: element %d is %#x, want %#x", i, g, w)
		}
	}
}

// refHalfTrunc is an independent model of DxDispatch's FLOAT16 number: the
// decimal text rounded to a double, that to a float (math/big, to nearest
// even), and that truncated to a multiple of the half's last place by
// exact arithmetic.
func refHalfTrunc(text string) uint16 {
	x, _, err := big.ParseFloat(text, 10, 2000, big.ToNearestEven)
	if err != nil {
		panic(err)
	}
	d, _ := x.Float64()
	f, _ := new(big.Float).SetFloat64(d).Float32()
	var sign uint16
	if math.Signbit(float64(f)) {
		sign = 0x8000
	}
	a := new(big.Float).Abs(new(big.Float).SetFloat64(float64(f)))
	if a.Cmp(big.NewFloat(65536)) >= 0 {
		return sign | 0x7C00
	}
	if a.Sign() == 0 {
		return sign
	}
	exp := a.MantExp(nil) - 1 // a = m * 2^exp, 1 <= m < 2
	lsb := max(exp-10, -24)
	q, _ := new(big.Float).SetMantExp(a, -lsb).Int(nil) // floor(a / 2^lsb)
	n := uint16(q.Uint64())
	if lsb == -24 && n < 1024 {
		return sign | n // subnormal (or the least normal, 1024, below)
	}
	return sign | uint16(lsb+25)<<10 + (n - 1024) // exponent field: exp + 15, exp = lsb + 10
}

// TestFloat16Random holds the FLOAT16 reading to refHalfTrunc on random
// decimals across the half's range, subnormals included.
func TestFloat16Random(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		text := strconv.FormatFloat(math.Ldexp(r.Float64(), r.IntN(42)-26)*float64(1-2*r.IntN(2)), 'g', 3+r.IntN(15), 64)
		v, err := parseValue(json.RawMessage(text), dml.TensorDataTypeFloat16, "x")
		if want := refHalfTrunc(text); err != nil || uint16(v.Bits()) != want {
			t.Fatalf("FLOAT16 %s: %#x, %v; want %#x", text, v.Bits()&0xFFFF, err, want)
		}
	}
}

// TestNumbersAsDxDispatch: what DxDispatch's parser accepts and refuses for
// each type, and the float32 it reads (a double first, then a float).
func TestNumbersAsDxDispatch(t *testing.T) {
	ok := []struct {
		t    dml.TensorDataType
		text string
		want uint64
	}{
		{dml.TensorDataTypeUint8, "255", 255},
		{dml.TensorDataTypeInt8, "-128", 0x80},
		{dml.TensorDataTypeInt64, "-9223372036854775808", 1 << 63},
		{dml.TensorDataTypeUint64, "18446744073709551615", math.MaxUint64},
		{dml.TensorDataTypeFloat32, "3", 0x40400000},
		{dml.TensorDataTypeFloat32, "9007199254740992", 0x5A000000},      // 2^53: a double holds it
		{dml.TensorDataTypeFloat32, "1e20", 0x60AD78EC},                  // a double, then a float
		{dml.TensorDataTypeFloat32, "100000000000000000000", 0x60AD78EC}, // past 64 bits: a double
		{dml.TensorDataTypeFloat32, `"Inf"`, 0x7F800000},
		{dml.TensorDataTypeFloat32, `"-inf"`, 0xFF800000},
		{dml.TensorDataTypeFloat64, `"-INF"`, 0xFFF0000000000000},
		{dml.TensorDataTypeFloat64, "0.1", math.Float64bits(0.1)},
	}
	for _, tc := range ok {
		v, err := parseValue(json.RawMessage(tc.text), tc.t, "x")
		if err != nil || v.Bits()&(^uint64(0)>>(64-8*tc.t.ElementSize())) != tc.want {
			t.Errorf("%v %s: %#x, %v; want %#x", tc.t, tc.text, v.Bits(), err, tc.want)
		}
	}
	// A float32 read through a double can differ from one rounded once:
	// 1.00000005960464477550 is just above the midpoint between 1 and the
	// next float; as a double it is the midpoint, which goes to even.
	if v, _ := parseValue(json.RawMessage("1.00000005960464477550"), dml.TensorDataTypeFloat32, "x"); v.Bits()&0xFFFFFFFF != 0x3F800000 {
		t.Errorf("double rounding: %#x, want 0x3F800000", v.Bits())
	}
	bad := []struct {
		t    dml.TensorDataType
		text string
	}{
		{dml.TensorDataTypeUint8, "-2"}, {dml.TensorDataTypeUint8, "256"}, {dml.TensorDataTypeUint8, "2.0"},
		{dml.TensorDataTypeUint8, "1e2"}, {dml.TensorDataTypeInt8, "128"}, {dml.TensorDataTypeInt32, `"5"`},
		{dml.TensorDataTypeInt64, "9223372036854775808"}, {dml.TensorDataTypeUint64, "18446744073709551616"},
		{dml.TensorDataTypeFloat32, `"nope"`}, {dml.TensorDataTypeFloat32, "9007199254740993"}, // 2^53+1: no double holds it
		{dml.TensorDataTypeFloat32, "1e400"}, {dml.TensorDataTypeFloat16, "true"}, {dml.TensorDataTypeFloat16, "[1]"},
		// Not JSON numbers (RFC 8259: no point without digits after it, no
		// leading zero, no point first, no empty exponent).
		{dml.TensorDataTypeFloat32, "1."}, {dml.TensorDataTypeFloat32, "01"}, {dml.TensorDataTypeFloat32, "-01"},
		{dml.TensorDataTypeFloat32, ".5"}, {dml.TensorDataTypeFloat32, "1e"}, {dml.TensorDataTypeInt32, "-05"},
	}
	for _, tc := range bad {
		if v, err := parseValue(json.RawMessage(tc.text), tc.t, "x"); err == nil {
			t.Errorf("%v %s: accepted as %#x; DxDispatch refuses it", tc.t, tc.text, v.Bits())
		}
	}
}

// TestLongDecimal: a model's number of 100,009 characters that is 1.333...
// (past strconv.ParseFloat's exponent limit, once read as 0) becomes the
// double DxDispatch's parser makes of it, then the float.
func TestLongDecimal(t *testing.T) {
	text := "1" + strings.Repeat("3", 100000) + "e-100000"
	s, err := parseValue(json.RawMessage(text), dml.TensorDataTypeFloat32, "ValueStart")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.BitsOf(dml.TensorDataTypeFloat32), uint64(math.Float32bits(4.0/3)); got != want {
		t.Fatalf("%#x, want %#x", got, want)
	}
}
