package dml_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
)

func TestParseScalar(t *testing.T) {
	tests := []struct {
		dt   dml.TensorDataType
		text string
		bits uint64 // ignored when bad
		bad  bool
	}{
		{dml.TensorDataTypeUint8, "-2", 0xFE, false},
		{dml.TensorDataTypeUint8, "255", 0xFF, false},
		{dml.TensorDataTypeUint8, "256", 0, true},
		{dml.TensorDataTypeUint8, "-129", 0, true},
		{dml.TensorDataTypeInt8, "-128", 0x80, false},
		{dml.TensorDataTypeInt8, "255", 0xFF, false},
		{dml.TensorDataTypeInt8, "0xFE", 0xFE, false},
		{dml.TensorDataTypeInt16, "010", 10, false},
		{dml.TensorDataTypeInt32, "3.0", 0, true},
		{dml.TensorDataTypeInt32, "1e3", 0, true},
		{dml.TensorDataTypeInt32, "", 0, true},
		{dml.TensorDataTypeInt32, "1_000", 0, true},
		{dml.TensorDataTypeUint32, "4294967295", 0xFFFFFFFF, false},
		{dml.TensorDataTypeUint32, "-2147483648", 0x80000000, false},
		{dml.TensorDataTypeUint32, "-2147483649", 0, true},
		{dml.TensorDataTypeInt64, "-9223372036854775808", 1 << 63, false},
		{dml.TensorDataTypeUint64, "18446744073709551615", math.MaxUint64, false},
		{dml.TensorDataTypeUint64, "18446744073709551616", 0, true},
		{dml.TensorDataTypeInt64, "-9223372036854775809", 0, true},
		{dml.TensorDataTypeFloat32, "3.2", 0x404CCCCD, false},
		{dml.TensorDataTypeFloat32, "0x1.8p+1", 0x40400000, false},
		{dml.TensorDataTypeFloat32, "0xFE", 0x437E0000, false},
		{dml.TensorDataTypeFloat32, "-inf", 0xFF800000, false},
		{dml.TensorDataTypeFloat32, "inf", 0x7F800000, false},
		{dml.TensorDataTypeFloat32, "nan", 0x7FC00000, false},
		{dml.TensorDataTypeFloat32, "-0", 0x80000000, false},
		{dml.TensorDataTypeFloat32, "1e-45", 1, false},
		{dml.TensorDataTypeFloat32, "1e39", 0x7F800000, false},
		{dml.TensorDataTypeFloat32, "abc", 0, true},
		{dml.TensorDataTypeFloat32, " 0.1\t", 0x3DCCCCCD, false}, // spaces around: the text within
		{dml.TensorDataTypeInt8, " -3 ", 0xFD, false},
		{dml.TensorDataTypeFloat32, "1/2", 0, true},
		{dml.TensorDataTypeFloat16, "3.2", 0x4266, false},
		{dml.TensorDataTypeFloat16, "65504", 0x7BFF, false},
		{dml.TensorDataTypeFloat16, "65519.999", 0x7BFF, false},
		{dml.TensorDataTypeFloat16, "65520", 0x7C00, false},
		{dml.TensorDataTypeFloat16, "5.96e-8", 1, false},
		{dml.TensorDataTypeFloat16, "2.98e-8", 0, false},
		{dml.TensorDataTypeFloat16, "2.9802322387695312e-08", 0, false}, // 2^-25, a tie: to even (0)
		{dml.TensorDataTypeFloat16, "2.9802322387695313e-08", 1, false}, // just above the tie
		{dml.TensorDataTypeFloat16, "-inf", 0xFC00, false},
		{dml.TensorDataTypeFloat16, "nan", 0x7E00, false},
		{dml.TensorDataTypeFloat16, "0x1p-24", 1, false},
		// 1 + 2^-11 + 2^-30: float32 rounds it to 1 + 2^-11, a float16 tie
		// that goes to even (1.0); straight to float16 it is above the tie.
		{dml.TensorDataTypeFloat16, "1.000488281251", 0x3C01, false},
		{dml.TensorDataTypeFloat64, "0.1", math.Float64bits(0.1), false},
		{dml.TensorDataTypeUint4, "1", 0, true},
	}
	for _, tc := range tests {
		s, err := dml.ParseScalar(tc.dt, tc.text)
		switch {
		case tc.bad && err == nil:
			t.Errorf("%v %q: accepted as %#x", tc.dt, tc.text, s.Bits())
		case tc.bad && !errors.Is(err, dml.ErrInvalidArg):
			t.Errorf("%v %q: %v does not wrap ErrInvalidArg", tc.dt, tc.text, err)
		case !tc.bad && err != nil:
			t.Errorf("%v %q: %v", tc.dt, tc.text, err)
		case !tc.bad && s.BitsOf(tc.dt) != tc.bits:
			t.Errorf("%v %q: got %#x, want %#x", tc.dt, tc.text, s.BitsOf(tc.dt), tc.bits)
		}
	}
}

// TestParseFloat16Exact holds the float16 parser to the reference rounding of
// the exact decimal, on random decimals near float16 ties.
func TestParseFloat16Exact(t *testing.T) {
	r := newRand(11)
	for range 5000 {
		// A random binary16 value plus or minus a hair, or a random decimal.
		var text string
		if r.IntN(2) == 0 {
			m := r.IntN(2048)
			e := r.IntN(40) - 25
			v := math.Ldexp(float64(m)+0.5, e) // a tie at the finest spacing
			text = strconv.FormatFloat(v, 'g', -1, 64)
			if r.IntN(3) > 0 {
				text += fmt.Sprint(r.IntN(9) + 1) // just above it
			}
		} else {
			text = fmt.Sprintf("%d.%de%d", r.IntN(100000), r.IntN(1000), r.IntN(20)-12)
		}
		if r.IntN(2) == 0 {
			text = "-" + text
		}
		rat, ok := new(big.Rat).SetString(text)
		if !ok {
			t.Fatalf("bad test text %q", text)
		}
		want := exact.RoundFloat16(rat)
		if rat.Sign() == 0 && text[0] == '-' {
			want = 0x8000
		}
		got, err := dml.ParseScalar(dml.TensorDataTypeFloat16, text)
		if err != nil || got.Uint16() != want {
			t.Fatalf("%q: got %#x (%v), want %#x", text, got.Uint16(), err, want)
		}
	}
}

func TestParseNames(t *testing.T) {
	for _, s := range []string{"FLOAT32", "float32", "DML_TENSOR_DATA_TYPE_FLOAT32", " Float32 "} {
		if dt, err := dml.ParseTensorDataType(s); err != nil || dt != dml.TensorDataTypeFloat32 {
			t.Errorf("%q: %v %v", s, dt, err)
		}
	}
	if _, err := dml.ParseTensorDataType("FLOAT8"); !errors.Is(err, dml.ErrInvalidArg) {
		t.Errorf("FLOAT8: %v", err)
	}
	for i, want := range []uint32{0, 4, 2, 4, 2, 1, 4, 2, 1, 8, 8, 8, 0, 0} {
		dt := dml.TensorDataType(i)
		if dt.ElementSize() != want {
			t.Errorf("%v: size %d, want %d", dt, dt.ElementSize(), want)
		}
		if back, err := dml.ParseTensorDataType(dt.String()); err != nil || back != dt {
			t.Errorf("%v does not read back", dt)
		}
	}
	if dml.TensorDataTypeInt4 != 13 || dml.TensorDataTypeFloat32 != 1 || dml.TensorDataTypeInt64 != 11 {
		t.Error("data type numbers differ from directml.h")
	}
	for _, s := range []string{"5.0", "5_0", "DML_FEATURE_LEVEL_5_0", "dml_feature_level_5_0"} {
		if l, err := dml.ParseFeatureLevel(s); err != nil || l != 0x5000 {
			t.Errorf("%q: %v %v", s, l, err)
		}
	}
	if l, _ := dml.ParseFeatureLevel("6.4"); l != dml.FeatureLevelLatest {
		t.Error("6.4 is not the latest")
	}
	for _, s := range []string{"5", "7.0", "5.0.0", ""} {
		if _, err := dml.ParseFeatureLevel(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

// TestCalcBufferTensorSize compares with the formula in math/big.
func TestCalcBufferTensorSize(t *testing.T) {
	r := newRand(13)
	for range 5000 {
		dt := allTypes[r.IntN(len(allTypes))]
		dims := 1 + r.IntN(8)
		sizes := make([]uint32, dims)
		var strides []uint32
		if r.IntN(2) == 0 {
			strides = make([]uint32, dims)
		}
		for i := range sizes {
			sizes[i] = uint32(r.Uint64N(1 << (1 + r.IntN(32))))
			if strides != nil {
				strides[i] = uint32(r.Uint64N(1 << (1 + r.IntN(32))))
			}
		}
		want := new(big.Int)
		zero := false
		for _, s := range sizes {
			zero = zero || s == 0
		}
		if strides == nil {
			want.SetInt64(1)
			for _, s := range sizes {
				want.Mul(want, big.NewInt(int64(s)))
			}
		} else if !zero {
			for i, s := range sizes {
				want.Add(want, new(big.Int).Mul(big.NewInt(int64(s)-1), big.NewInt(int64(strides[i]))))
			}
			want.Add(want, big.NewInt(1))
		}
		want.Mul(want, big.NewInt(int64(dt.ElementSize())))
		want.Add(want, big.NewInt(3))
		want.Rsh(want, 2).Lsh(want, 2)
		if zero {
			want.SetInt64(0)
		}
		got := dml.CalcBufferTensorSize(dt, sizes, strides)
		if !want.IsUint64() {
			if got != math.MaxUint64 {
				t.Fatalf("%v %v %v: got %d, want saturation", dt, sizes, strides, got)
			}
			continue
		}
		if got != want.Uint64() {
			t.Fatalf("%v %v %v: got %d, want %d", dt, sizes, strides, got, want)
		}
	}
	if got := dml.CalcBufferTensorSize(dml.TensorDataTypeFloat32, []uint32{2, 3}, []uint32{1}); got != 0 {
		t.Errorf("strides count mismatch: %d", got)
	}
	if got := dml.CalcBufferTensorSize(dml.TensorDataTypeFloat32, []uint32{2, 3}, []uint32{3, 1, 1}); got != 0 {
		t.Errorf("more strides than sizes: %d, want 0", got)
	}
	// Half-byte types have no element size: 0.
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeUint4, dml.TensorDataTypeInt4} {
		if got := dml.CalcBufferTensorSize(dt, []uint32{8}, nil); got != 0 {
			t.Errorf("%v: %d, want 0", dt, got)
		}
	}
	// A last offset of (2^32-2)(2^32-1) + 3(2^32-2) = 2^64-4 bytes: 2^64-3
	// bytes, which rounded up to 4 is 2^64, past 64 bits.
	m := uint32(math.MaxUint32)
	if got := dml.CalcBufferTensorSize(dml.TensorDataTypeUint8, []uint32{m, m, m, m}, []uint32{m, 1, 1, 1}); got != math.MaxUint64 {
		t.Errorf("2^64-3 bytes rounded up: %d, want saturation", got)
	}
	if got := dml.CalcBufferTensorSize(dml.TensorDataTypeUint8, []uint32{1, 1, 2, 2}, nil); got != 4 {
		t.Errorf("doc example 2: %d", got)
	}
	if got := dml.CalcBufferTensorSize(dml.TensorDataTypeUint8, []uint32{3}, nil); got != 4 {
		t.Errorf("rounding to 4: %d", got)
	}
}

// TestParseScalarValue: the value a text writes, as ParseScalarValue
// returns it for the models of other projects, is the text's nearest
// float64 (Go's constants below, converted exactly by the compiler), for
// every text the fill takes (spaces, signs, exponents, Go's hexadecimal
// floats and integers, inf and nan, digits past float64's), and its
// scalar is ParseScalar's; what the fill refuses, it refuses.
func TestParseScalarValue(t *testing.T) {
	f32, f16 := dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16
	for _, c := range []struct {
		dt      dml.TensorDataType
		text    string
		written float64
		bad     bool
	}{
		{f32, "0.1", 0.1, false},
		{f32, " 0.1", 0.1, false},
		{f32, "\t0.1\n", 0.1, false},
		{f32, "+0.3", 0.3, false},
		{f32, "3e-1", 0.3, false},
		{f32, "0x1.8p+1", 3, false},
		{f32, "0xFE", 254, false},
		{f32, "-0", math.Copysign(0, -1), false},
		{f32, "1e39", 1e39, false}, // (past float32, within float64)
		{f32, "1e400", math.Inf(1), false},
		{f32, "-Infinity", math.Inf(-1), false},
		{f16, "0.1", 0.1, false},
		{f16, "1.000488281251", 1.000488281251, false},
		{f16, "0.3000000000000000000000000000000000000000000000000000001", 0.3, false},
		{dml.TensorDataTypeFloat64, "0.1", 0.1, false},
		{dml.TensorDataTypeUint8, "-2", -2, false},
		{dml.TensorDataTypeInt32, " 0x10 ", 16, false},
		{f32, "1_0", 0, true},
		{f32, "0.1 0.2", 0, true},
		{f32, "", 0, true},
		{f16, "0x", 0, true},
	} {
		s, w, err := dml.ParseScalarValue(c.dt, c.text)
		want, werr := dml.ParseScalar(c.dt, c.text)
		switch {
		case c.bad:
			if err == nil || werr == nil || !errors.Is(err, dml.ErrInvalidArg) {
				t.Errorf("%v %q: %v, ParseScalar %v; want both refused", c.dt, c.text, err, werr)
			}
		case err != nil || werr != nil:
			t.Errorf("%v %q: %v, ParseScalar %v", c.dt, c.text, err, werr)
		case math.Float64bits(w) != math.Float64bits(c.written) || s != want:
			t.Errorf("%v %q: written %v (scalar %#x), want %v (ParseScalar's %#x)", c.dt, c.text, w, s.Bits(), c.written, want.Bits())
		}
	}
	if _, w, err := dml.ParseScalarValue(f32, " nan "); err != nil || !math.IsNaN(w) {
		t.Errorf("nan: written %v, %v", w, err)
	}
}
