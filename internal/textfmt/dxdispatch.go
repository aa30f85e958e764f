package textfmt

import (
	"bufio"
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
	return string(appendCppValue(nil, t, bits))
}

// WriteResource writes what DxDispatch's print command writes for a
// resource of n elements, element i having the bits bits(i), and a final
// newline: "Resource 'NAME': v, v, v", or with verbose "Resource 'NAME':"
// and one line per element, "[index] value (0xBITS)", the index
// right-aligned to the digits of n (DxDispatch's floor(log10(n)) + 1: ten
// elements print "[ 0]" to "[ 9]") and the bits in upper-case
// hexadecimal right-aligned (with spaces, as DxDispatch's format string
// does) to two digits per byte; the verbose text ends with an empty line,
// as DxDispatch's does. It holds no more than one element's text at a
// time.
func WriteResource(w io.Writer, name string, t dml.TensorDataType, n int, bits func(i int) uint64, verbose bool) error {
	// Each element's text is appended to one reused buffer: a resource of
	// hundreds of millions of elements makes no garbage (a string an
	// element let the heap grow to twice the resource before collecting).
	bw := bufio.NewWriter(w)
	var b []byte
	if !verbose {
		bw.WriteString("Resource '" + OneLine(name) + "': ")
		for i := range n {
			b = b[:0]
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendCppValue(b, t, bits(i))
			bw.Write(b)
		}
		bw.WriteString("\n")
		return bw.Flush()
	}
	bw.WriteString("Resource '" + OneLine(name) + "':\n")
	iw := 1
	if n > 0 {
		iw = int(math.Floor(math.Log10(float64(n)))) + 1
	}
	hw := 2 * int(t.ElementSize())
	var num [24]byte
	for i := range n {
		v := bits(i)
		// "[%*d] %s (0x%*X)\n"
		b = append(b[:0], '[')
		b = appendPadded(b, strconv.AppendInt(num[:0], int64(i), 10), iw)
		b = append(b, "] "...)
		b = appendCppValue(b, t, v)
		b = append(b, " (0x"...)
		at := len(b)
		b = appendPadded(b, strconv.AppendUint(num[:0], v, 16), hw)
		for k := at; k < len(b); k++ {
			if b[k] >= 'a' && b[k] <= 'f' {
				b[k] -= 'a' - 'A'
			}
		}
		b = append(b, ")\n"...)
		bw.Write(b)
	}
	bw.WriteString("\n")
	return bw.Flush()
}

// appendPadded appends text right-aligned in width columns (spaces before).
func appendPadded(b, text []byte, width int) []byte {
	for range width - len(text) {
		b = append(b, ' ')
	}
	return append(b, text...)
}

// appendCppValue appends CppValue's text for the value, allocating nothing
// where b has room: CppValue's one implementation.
func appendCppValue(b []byte, t dml.TensorDataType, bits uint64) []byte {
	var f float64
	switch t {
	case dml.TensorDataTypeFloat32:
		f = float64(math.Float32frombits(uint32(bits)))
	case dml.TensorDataTypeFloat16:
		f = float64(float16.Frombits(uint16(bits)).Float32())
	case dml.TensorDataTypeFloat64:
		f = math.Float64frombits(bits)
	default:
		return appendInteger(b, t, bits)
	}
	if s, ok := special(f); ok {
		return append(b, s...)
	}
	return strconv.AppendFloat(b, f, 'g', 6, 64)
}
