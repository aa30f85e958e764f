package textfmt

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
)

// TestValueTexts: Value's text of single elements, as NumPy 1.24's repr
// prints them (shortest round-trip decimals; negative narrow integers with
// their sign; inf, -inf, nan), written out by hand.
func TestValueTexts(t *testing.T) {
	for _, c := range []struct {
		t    dml.TensorDataType
		bits uint64
		want string
	}{
		{dml.TensorDataTypeInt8, 0xFF, "-1"},
		{dml.TensorDataTypeInt8, 0x80, "-128"},
		{dml.TensorDataTypeInt16, 0x8000, "-32768"},
		{dml.TensorDataTypeInt32, 0xFFFFFFFE, "-2"},
		{dml.TensorDataTypeInt64, 0xFFFFFFFFFFFFFFFF, "-1"},
		{dml.TensorDataTypeUint8, 0xFF, "255"},
		{dml.TensorDataTypeUint64, 0xFFFFFFFFFFFFFFFF, "18446744073709551615"},
		{dml.TensorDataTypeFloat32, 0x3DCCCCCD, "0.1"},
		{dml.TensorDataTypeFloat32, 0xFF800000, "-inf"},
		{dml.TensorDataTypeFloat32, 0x7F800000, "inf"},
		{dml.TensorDataTypeFloat32, 0x7FC00000, "nan"},
		{dml.TensorDataTypeFloat16, 0x34CD, "0.3"},
		{dml.TensorDataTypeFloat16, 0xFC00, "-inf"},
		{dml.TensorDataTypeFloat64, 0xFFF0000000000000, "-inf"},
		{dml.TensorDataTypeFloat64, 0x412E848000000000, "1e+06"},
	} {
		if got := Value(c.t, c.bits); got != c.want {
			t.Errorf("Value(%v, %#x) = %q, want %q", c.t, c.bits, got, c.want)
		}
	}
}

// TestCppValueTexts: CppValue's text of single elements, as C's printf
// "%g" (C++ iostreams' default: six significant digits) prints the
// element's value, written out by hand from Python's "%g" % value.
func TestCppValueTexts(t *testing.T) {
	for _, c := range []struct {
		t    dml.TensorDataType
		bits uint64
		want string
	}{
		{dml.TensorDataTypeFloat32, 0x3DCCCCCD, "0.1"},         // float32(0.1)
		{dml.TensorDataTypeFloat32, 0x3EAAAAAB, "0.333333"},    // float32(1)/3
		{dml.TensorDataTypeFloat32, 0x4996B438, "1.23457e+06"}, // 1234567
		{dml.TensorDataTypeFloat32, 0x47C35000, "100000"},
		{dml.TensorDataTypeFloat32, 0x49742400, "1e+06"},
		{dml.TensorDataTypeFloat32, 0x377BA882, "1.5e-05"}, // float32(1.5e-5)
		{dml.TensorDataTypeFloat16, 0x34CD, "0.300049"},    // 0.300048828125
		{dml.TensorDataTypeFloat64, 0x400921FB54442D11, "3.14159"},
		{dml.TensorDataTypeFloat32, 0xFF800000, "-inf"},
		{dml.TensorDataTypeInt8, 0xFF, "-1"},
		{dml.TensorDataTypeInt16, 0x8000, "-32768"},
		{dml.TensorDataTypeUint16, 0xFFFF, "65535"},
	} {
		if got := CppValue(c.t, c.bits); got != c.want {
			t.Errorf("CppValue(%v, %#x) = %q, want %q", c.t, c.bits, got, c.want)
		}
	}
}

// TestWriteResourceIndexWidth: DxDispatch's verbose print pads the index
// to floor(log10(count)) + 1 digits (Executor.cpp's elementIndexWidth):
// ten elements take two digits, "[ 0]" to "[ 9]", though the largest
// index has one.
func TestWriteResourceIndexWidth(t *testing.T) {
	var b bytes.Buffer
	if err := WriteResource(&b, "R", dml.TensorDataTypeUint8, 10, func(i int) uint64 { return uint64(i) }, true); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 11 || lines[1] != "[ 0] 0 (0x 0)" || lines[10] != "[ 9] 9 (0x 9)" {
		t.Errorf("ten UINT8 elements, verbose:\n%s\nwant lines \"[ 0] 0 (0x 0)\" to \"[ 9] 9 (0x 9)\"", b.String())
	}
}

// TestNestedThreshold: NumPy prints an array of 1000 elements (its
// threshold) whole and summarises one of 1001 (numpy.set_printoptions:
// "Total number of array elements which trigger summarization rather
// than full repr"; repr(numpy.arange(1000)) has no "...").
func TestNestedThreshold(t *testing.T) {
	for _, c := range []struct {
		n       uint32
		summary bool
	}{{1000, false}, {1001, true}} {
		var b bytes.Buffer
		if err := Nested(&b, []uint32{c.n}, false, func(i uint64) string { return "1" }); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "..."); got != c.summary {
			t.Errorf("%d elements: summarised %v, want %v", c.n, got, c.summary)
		}
	}
}
