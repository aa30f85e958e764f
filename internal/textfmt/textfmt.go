// Package textfmt prints tensors as text: the nested brackets of DirectML's
// documentation (NumPy's layout), and the values as people read them.
package textfmt

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/x448/float16"
)

// Threshold is the element count above which Nested summarises, as NumPy
// does: the first and last EdgeItems of every long dimension, and "...".
const (
	Threshold = 1000
	EdgeItems = 3
)

// Value returns the text of one element given its bits: a decimal integer,
// or for floats the shortest decimal that reads back to the same value of the
// type (3.2, 1e+06, 1.5e-05), and inf, -inf, nan.
func Value(t dml.TensorDataType, bits uint64) string {
	switch t {
	case dml.TensorDataTypeFloat32:
		return floatText(float64(math.Float32frombits(uint32(bits))), 32)
	case dml.TensorDataTypeFloat64:
		return floatText(math.Float64frombits(bits), 64)
	case dml.TensorDataTypeFloat16:
		return float16Text(float16.Frombits(uint16(bits)))
	}
	if n := 8 * t.ElementSize(); t.IsSigned() && n > 0 && n < 64 {
		return strconv.FormatInt(int64(bits<<(64-n))>>(64-n), 10)
	} else if t.IsSigned() {
		return strconv.FormatInt(int64(bits), 10)
	}
	return strconv.FormatUint(bits, 10)
}

func special(f float64) (string, bool) {
	switch {
	case math.IsNaN(f):
		return "nan", true
	case math.IsInf(f, 1):
		return "inf", true
	case math.IsInf(f, -1):
		return "-inf", true
	}
	return "", false
}

func floatText(f float64, bitSize int) string {
	if s, ok := special(f); ok {
		return s
	}
	return strconv.FormatFloat(f, 'g', -1, bitSize)
}

// float16Text finds the fewest significant digits that read back (rounded to
// nearest even) to the same binary16 value, then prints that decimal the way
// strconv prints a shortest float.
func float16Text(h float16.Float16) string {
	f := float64(h.Float32())
	if s, ok := special(f); ok {
		return s
	}
	for p := 1; p < 6; p++ {
		s := strconv.FormatFloat(f, 'e', p-1, 64)
		v, err := dml.ParseScalar(dml.TensorDataTypeFloat16, s)
		if err == nil && v.Uint16() == h.Bits() {
			d, _ := strconv.ParseFloat(s, 64)
			return strconv.FormatFloat(d, 'g', -1, 64)
		}
	}
	return strconv.FormatFloat(f, 'g', -1, 64) // exact in at most 17 digits
}

// Nested writes the tensor of the given sizes in nested brackets, one row of
// the last dimension per line, a blank line between blocks of higher
// dimensions, and a final newline. Elements are right-aligned to the width
// of their column (their position in the last dimension), as in DirectML's
// documentation. elem(i) gives the text of the element at flat row-major
// index i. Past Threshold elements, unless full, only the first and last
// EdgeItems of each dimension longer than 2*EdgeItems are printed, with
// "..." between.
func Nested(w io.Writer, sizes []uint32, full bool, elem func(i uint64) string) error {
	count := uint64(1)
	for _, s := range sizes {
		count *= uint64(s)
	}
	summarise := !full && count > Threshold
	// Which indices of each dimension are shown (-1 stands for "...").
	shown := make([][]int64, len(sizes))
	for d, s := range sizes {
		if summarise && s > 2*EdgeItems {
			for c := range int64(EdgeItems) {
				shown[d] = append(shown[d], c)
			}
			shown[d] = append(shown[d], -1)
			for c := int64(s) - EdgeItems; c < int64(s); c++ {
				shown[d] = append(shown[d], c)
			}
			continue
		}
		shown[d] = make([]int64, s)
		for c := range shown[d] {
			shown[d][c] = int64(c)
		}
	}
	weights := make([]uint64, len(sizes))
	p := uint64(1)
	for d := len(sizes) - 1; d >= 0; d-- {
		weights[d] = p
		p *= uint64(sizes[d])
	}
	// Two passes: the width of each column (position in the last
	// dimension) over the shown elements, then the text.
	n := len(sizes)
	var widths []int
	if n > 0 {
		widths = make([]int, len(shown[n-1]))
	}
	var each func(d int, base uint64)
	each = func(d int, base uint64) {
		for k, c := range shown[d] {
			switch {
			case c < 0:
			case d == n-1:
				widths[k] = max(widths[k], len(elem(base+uint64(c))))
			default:
				each(d+1, base+uint64(c)*weights[d])
			}
		}
	}
	if n > 0 {
		each(0, 0)
	}

	bw := bufio.NewWriter(w)
	if n == 0 {
		bw.WriteString(elem(0) + "\n")
		return bw.Flush()
	}
	var emit func(d int, base uint64)
	emit = func(d int, base uint64) {
		sep := ", "
		if d < n-1 {
			sep = "," + strings.Repeat("\n", n-d-1) + strings.Repeat(" ", d+1)
		}
		bw.WriteByte('[')
		for k, c := range shown[d] {
			if k > 0 {
				bw.WriteString(sep)
			}
			switch {
			case c < 0:
				bw.WriteString("...")
			case d == n-1:
				s := elem(base + uint64(c))
				bw.WriteString(strings.Repeat(" ", widths[k]-len(s)))
				bw.WriteString(s)
			default:
				emit(d+1, base+uint64(c)*weights[d])
			}
		}
		bw.WriteByte(']')
	}
	emit(0, 0)
	bw.WriteByte('\n')
	return bw.Flush()
}
