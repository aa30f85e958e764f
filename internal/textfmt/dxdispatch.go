package textfmt

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/dmlgo/dml"
	"github.com/x448/float16"
)

// CppValue returns the text C++ iostreams give a value by default, as
// DirectML's DxDispatch prints it: floats with six significant digits in
// %g style (3.2, 0.229921, 1e+06), inf, -inf, nan; integers in decimal.
// FLOAT16 prints as its float value. 8-bit integers print as numbers, where
// DxDispatch streams them as characters.
func CppValue(t dml.TensorDataType, bits uint64) string {
	var f float64
	switch t {
	case dml.TensorDataTypeFloat32:
		f = float64(math.Float32frombits(uint32(bits)))
	case dml.TensorDataTypeFloat16:
		f = float64(float16.Frombits(uint16(bits)).Float32())
	case dml.TensorDataTypeFloat64:
		f = math.Float64frombits(bits)
	default:
		return Value(t, bits)
	}
	if s, ok := special(f); ok {
		return s
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// WriteResource writes what DxDispatch's print command writes for a
// resource of n elements, element i having the bits bits(i), and a final
// newline: "Resource 'NAME': v, v, v", or with verbose "Resource 'NAME':"
// and one line per element, "[index] value (0xBITS)", the index
// right-aligned to the width of the largest and the bits in upper-case
// hexadecimal right-aligned (with spaces, as DxDispatch's format string
// does) to two digits per byte; the verbose text ends with an empty line,
// as DxDispatch's does. It holds no more than one element's text at a
// time.
func WriteResource(w io.Writer, name string, t dml.TensorDataType, n int, bits func(i int) uint64, verbose bool) error {
	bw := bufio.NewWriter(w)
	if !verbose {
		bw.WriteString("Resource '" + name + "': ")
		for i := range n {
			if i > 0 {
				bw.WriteString(", ")
			}
			bw.WriteString(CppValue(t, bits(i)))
		}
		bw.WriteString("\n")
		return bw.Flush()
	}
	bw.WriteString("Resource '" + name + "':\n")
	iw := 1
	if n > 0 {
		iw = int(math.Floor(math.Log10(float64(n)))) + 1
	}
	hw := 2 * int(t.ElementSize())
	for i := range n {
		v := bits(i)
		fmt.Fprintf(bw, "[%*d] %s (0x%*X)\n", iw, i, CppValue(t, v), hw, v)
	}
	bw.WriteString("\n")
	return bw.Flush()
}
