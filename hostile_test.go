package dml_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
)

// aliasWorst is the layout a hostile review found: eight dimensions of 15
// with strides of nearly one size (2.6e9 + 15^k), which do not alias but
// took the unbounded exact search 10 seconds and more.
func aliasWorst() ([]uint32, []uint32) {
	sizes, strides := make([]uint32, 8), make([]uint32, 8)
	p := uint32(1)
	for k := range 8 {
		sizes[k], strides[k] = 15, 2_600_000_000+p
		p *= 15
	}
	return sizes, strides
}

// TestAliasingBounded: the exact aliasing check gives up on the hostile
// layout within its bound and refuses it, saying why (ErrInvalidArg), where
// it once ran for seconds and accepted it; a layout of the same shape with
// room between its strides is still decided, and accepted.
func TestAliasingBounded(t *testing.T) {
	sizes, strides := aliasWorst()
	desc := func(strides []uint32) *dml.FillValueSequenceOperatorDesc {
		return &dml.FillValueSequenceOperatorDesc{
			OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint8, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: math.MaxUint64},
			ValueDataType: dml.TensorDataTypeUint8,
		}
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	_, err := dev.CreateOperator(desc(strides))
	if !errors.Is(err, dml.ErrInvalidArg) || !strings.Contains(err.Error(), "gave up") || !strings.Contains(err.Error(), "OutputTensor.Strides") {
		t.Fatalf("the hostile layout: %v; want a refusal that says the check gave up", err)
	}
	radix := make([]uint32, 8) // strides 1, 15, 15^2, ...: a mixed radix, decided at once
	p := uint32(1)
	for k := 7; k >= 0; k-- {
		radix[k] = p
		p *= 15
	}
	if _, err := dev.CreateOperator(desc(radix)); err != nil {
		t.Fatalf("a packed layout of the same sizes: %v", err)
	}
}

// BenchmarkAliasingWorst times CreateOperator on the hostile layout (the
// bound's cost): go test -run '^$' -bench AliasingWorst .
func BenchmarkAliasingWorst(b *testing.B) {
	sizes, strides := aliasWorst()
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint8, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: math.MaxUint64},
		ValueDataType: dml.TensorDataTypeUint8,
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for b.Loop() {
		if _, err := dev.CreateOperator(desc); err == nil {
			b.Fatal("accepted")
		}
	}
}

// TestParseLongDecimal: a decimal of 100,009 characters that is 1.333...
// (too long for strconv.ParseFloat's exponent, which read it as 0) is
// rounded once, as math/big rounds it whole, for FLOAT32 and FLOAT16.
func TestParseLongDecimal(t *testing.T) {
	text := "1" + strings.Repeat("3", 100000) + "e-100000"
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16, dml.TensorDataTypeFloat64} {
		s, err := dml.ParseScalar(dt, text)
		if err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		want := map[dml.TensorDataType]uint64{
			dml.TensorDataTypeFloat32: uint64(math.Float32bits(4.0 / 3)),
			dml.TensorDataTypeFloat16: 0x3D55, // 1.333 in binary16 (1 + 341/1024)
			dml.TensorDataTypeFloat64: math.Float64bits(4.0 / 3),
		}[dt]
		if got := s.BitsOf(dt); got != want {
			t.Fatalf("%v: %#x, want %#x", dt, got, want)
		}
	}
	// A hair above a float16 midpoint, the hair 5,000 digits down:
	// 1 + 2^-11 (halfway between 1 and 1 + 2^-10) rounds to even, 1; a
	// hair more rounds up.
	mid := "1.00048828125"
	for text, want := range map[string]uint64{
		mid + strings.Repeat("0", 5000):       0x3C00,
		mid + strings.Repeat("0", 5000) + "1": 0x3C01,
	} {
		s, err := dml.ParseScalar(dml.TensorDataTypeFloat16, text)
		if err != nil || s.BitsOf(dml.TensorDataTypeFloat16) != want {
			t.Fatalf("%.20q... (%d characters): %#x %v, want %#x", text, len(text), s.BitsOf(dml.TensorDataTypeFloat16), err, want)
		}
	}
}
