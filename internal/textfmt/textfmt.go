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
	return string(appendInteger(nil, t, bits))
}

// appendInteger appends the decimal text of an integer element: its low
// bits, sign-extended for a signed type.
func appendInteger(b []byte, t dml.TensorDataType, bits uint64) []byte {
	if n := 8 * t.ElementSize(); t.IsSigned() && n > 0 && n < 64 {
		return strconv.AppendInt(b, int64(bits<<(64-n))>>(64-n), 10)
	} else if t.IsSigned() {
		return strconv.AppendInt(b, int64(bits), 10)
	}
	return strconv.AppendUint(b, bits, 10)
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
		// The nearest p-digit decimal, else its neighbours: at a power of
		// two the float16 spacing halves below, and the nearest decimal
		// (0.01562 for 2^-6, a tie gone to even) may read back to the
		// value below where the one above (0.01563) reads back.
		s := strconv.FormatFloat(f, 'e', p-1, 64)
		d, _ := strconv.ParseFloat(s, 64)
		_, exp, _ := strings.Cut(s, "e")
		e, _ := strconv.Atoi(exp)
		step := math.Pow(10, float64(e-(p-1)))
		best, found := 0.0, false
		for _, c := range []float64{d, d - step, d + step} {
			c, _ = strconv.ParseFloat(strconv.FormatFloat(c, 'e', p-1, 64), 64) // (a p-digit decimal again)
			v, err := dml.ParseScalar(dml.TensorDataTypeFloat16, strconv.FormatFloat(c, 'g', -1, 64))
			if err == nil && v.Uint16() == h.Bits() && (!found || math.Abs(c-f) < math.Abs(best-f)) {
				best, found = c, true
			}
		}
		if found {
			return strconv.FormatFloat(best, 'g', -1, 64)
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
//
// Memory stays bounded whatever the sizes: the widths of at most
// maxWidthColumns columns are held (a byte each). With more columns than
// that (and so fewer than 2^32/maxWidthColumns rows), a block of columns'
// widths is found again for each row it is printed in.
func Nested(w io.Writer, sizes []uint32, full bool, elem func(i uint64) string) error {
	count := uint64(1)
	for _, s := range sizes {
		count *= uint64(s)
	}
	l := layout{sizes: sizes, summarise: !full && count > Threshold}
	n := len(sizes)
	bw := bufio.NewWriter(w)
	if n == 0 {
		bw.WriteString(elem(0) + "\n")
		return bw.Flush()
	}
	l.weights = make([]uint64, n)
	p := uint64(1)
	for d := n - 1; d >= 0; d-- {
		l.weights[d] = p
		p *= uint64(sizes[d])
	}
	cols := l.shown(n - 1) // columns shown of the last dimension
	rows := uint64(1)      // rows of the last dimension shown
	for d := range n - 1 {
		rows *= uint64(l.shownIndices(d))
	}
	var widths columnWidths
	switch {
	case rows == 1:
		// One row: every column is as wide as its one element.
	case cols <= maxWidthColumns:
		widths.w = make([]uint8, cols)
		widths.c0 = 0
		l.measure(elem, &widths, 0, cols)
	default:
		widths.w = make([]uint8, maxWidthColumns)
		widths.c0 = -2 * maxWidthColumns // none yet: measured block by block, as printed
	}
	var emit func(d int, base uint64)
	emit = func(d int, base uint64) {
		sep := ", "
		if d < n-1 {
			sep = "," + strings.Repeat("\n", n-d-1) + strings.Repeat(" ", d+1)
		}
		bw.WriteByte('[')
		for k := range l.shown(d) {
			if k > 0 {
				bw.WriteString(sep)
			}
			c := l.at(d, k)
			switch {
			case c < 0:
				bw.WriteString("...")
			case d == n-1:
				s := elem(base + uint64(c))
				if rows > 1 {
					if k < widths.c0 || k >= widths.c0+len(widths.w) {
						b := k / maxWidthColumns * maxWidthColumns
						l.measure(elem, &widths, b, min(b+maxWidthColumns, cols))
					}
					if pad := int(widths.w[k-widths.c0]) - len(s); pad > 0 {
						bw.WriteString(strings.Repeat(" ", pad))
					}
				}
				bw.WriteString(s)
			default:
				emit(d+1, base+uint64(c)*l.weights[d])
			}
		}
		bw.WriteByte(']')
	}
	emit(0, 0)
	bw.WriteByte('\n')
	return bw.Flush()
}

// maxWidthColumns is how many columns' widths Nested holds at once (a
// variable so that the tests can reach the block-by-block path cheaply).
var maxWidthColumns = 1 << 22

// layout says which indices of each dimension Nested shows.
type layout struct {
	sizes     []uint32
	weights   []uint64
	summarise bool
}

// shown returns how many entries dimension d shows ("..." counts as one).
func (l *layout) shown(d int) int {
	if l.summarise && l.sizes[d] > 2*EdgeItems {
		return 2*EdgeItems + 1
	}
	return int(l.sizes[d])
}

// shownIndices returns how many indices of dimension d are shown.
func (l *layout) shownIndices(d int) int {
	if l.summarise && l.sizes[d] > 2*EdgeItems {
		return 2 * EdgeItems
	}
	return int(l.sizes[d])
}

// at returns the index of dimension d that entry k shows, or -1 for "...".
func (l *layout) at(d, k int) int64 {
	if !l.summarise || l.sizes[d] <= 2*EdgeItems {
		return int64(k)
	}
	switch {
	case k < EdgeItems:
		return int64(k)
	case k == EdgeItems:
		return -1
	}
	return int64(l.sizes[d]) - int64(2*EdgeItems+1-k)
}

// columnWidths holds the widths of columns [c0, c0+len(w)) of the last
// dimension.
type columnWidths struct {
	w  []uint8
	c0 int
}

// measure finds the widths of the last dimension's shown columns [k0, k1)
// over every shown row.
func (l *layout) measure(elem func(uint64) string, cw *columnWidths, k0, k1 int) {
	n := len(l.sizes)
	cw.c0 = k0
	clear(cw.w)
	var each func(d int, base uint64)
	each = func(d int, base uint64) {
		if d == n-1 {
			for k := k0; k < k1; k++ {
				if c := l.at(d, k); c >= 0 {
					cw.w[k-k0] = max(cw.w[k-k0], uint8(min(len(elem(base+uint64(c))), 255)))
				}
			}
			return
		}
		for k := range l.shown(d) {
			if c := l.at(d, k); c >= 0 {
				each(d+1, base+uint64(c)*l.weights[d])
			}
		}
	}
	each(0, 0)
}
