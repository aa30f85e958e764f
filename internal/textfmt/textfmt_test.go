package textfmt

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// nestedReference is the layout Nested promises, written the plain way:
// every shown index listed, every column's width found first, in memory.
func nestedReference(sizes []uint32, full bool, elem func(uint64) string) string {
	count := uint64(1)
	for _, s := range sizes {
		count *= uint64(s)
	}
	summarise := !full && count > Threshold
	shown := make([][]int64, len(sizes))
	for d, s := range sizes {
		for c := int64(0); c < int64(s); c++ {
			if summarise && s > 2*EdgeItems && c >= EdgeItems && c < int64(s)-EdgeItems {
				if c == EdgeItems {
					shown[d] = append(shown[d], -1)
				}
				continue
			}
			shown[d] = append(shown[d], c)
		}
	}
	weights := make([]uint64, len(sizes))
	p := uint64(1)
	for d := len(sizes) - 1; d >= 0; d-- {
		weights[d] = p
		p *= uint64(sizes[d])
	}
	n := len(sizes)
	widths := make([]int, len(shown[n-1]))
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
	each(0, 0)
	var b strings.Builder
	var emit func(d int, base uint64)
	emit = func(d int, base uint64) {
		sep := ", "
		if d < n-1 {
			sep = "," + strings.Repeat("\n", n-d-1) + strings.Repeat(" ", d+1)
		}
		b.WriteByte('[')
		for k, c := range shown[d] {
			if k > 0 {
				b.WriteString(sep)
			}
			switch {
			case c < 0:
				b.WriteString("...")
			case d == n-1:
				s := elem(base + uint64(c))
				b.WriteString(strings.Repeat(" ", widths[k]-len(s)) + s)
			default:
				emit(d+1, base+uint64(c)*weights[d])
			}
		}
		b.WriteByte(']')
	}
	emit(0, 0)
	b.WriteByte('\n')
	return b.String()
}

// TestNestedMatchesReference: Nested gives the reference's bytes on random
// shapes, summarised or full, with its widths held whole and measured block
// by block (a few columns at a time).
func TestNestedMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	defer func(v int) { maxWidthColumns = v }(maxWidthColumns)
	for c := range 1000 {
		sizes := make([]uint32, 1+r.IntN(4))
		for d := range sizes {
			sizes[d] = uint32(1 + r.IntN(12))
		}
		full := r.IntN(2) == 0
		seed := r.Uint64()
		elem := func(i uint64) string { return strconv.FormatInt(int64((i*seed)>>50)-(1<<13), 10) }
		maxWidthColumns = []int{1 << 22, 1, 2, 3, 5}[c%5]
		var got bytes.Buffer
		if err := Nested(&got, sizes, full, elem); err != nil {
			t.Fatal(err)
		}
		if want := nestedReference(sizes, full, elem); got.String() != want {
			t.Fatalf("sizes %v full %v, %d columns at a time:\n%s\nwant\n%s", sizes, full, maxWidthColumns, got.String(), want)
		}
	}
}
