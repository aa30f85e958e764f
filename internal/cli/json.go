package cli

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/dmlgo/dml/internal/textfmt"
)

// writeJSON writes {"type": T, "sizes": [...], "strides": [...], "values": [...]}
// with the values nested by dimension; NaN and the infinities are the strings
// "nan", "inf" and "-inf". Strides are the given ones, or the packed ones.
func (t *tensor) writeJSON(w io.Writer) error {
	desc := t.desc.OutputTensor
	bw := bufio.NewWriter(w)
	bw.WriteString(`{"type": "` + desc.DataType.String() + `", "sizes": `)
	writeUints(bw, desc.Sizes)
	strides := desc.Strides
	if strides == nil {
		strides = make([]uint32, len(desc.Sizes))
		p := uint64(1)
		for i := len(desc.Sizes) - 1; i >= 0; i-- {
			strides[i] = uint32(p)
			p *= uint64(desc.Sizes[i])
		}
	}
	bw.WriteString(`, "strides": `)
	writeUints(bw, strides)
	bw.WriteString(`, "values": `)
	el := newElements(t.packed, t.es)
	var index uint64
	var nest func(d int)
	nest = func(d int) {
		bw.WriteByte('[')
		for c := range desc.Sizes[d] {
			if c > 0 {
				bw.WriteString(", ")
			}
			if d < len(desc.Sizes)-1 {
				nest(d + 1)
				continue
			}
			s := textfmt.Value(desc.DataType, el.bits(index))
			index++
			if s == "nan" || strings.HasSuffix(s, "inf") {
				s = `"` + s + `"`
			}
			bw.WriteString(s)
		}
		bw.WriteByte(']')
	}
	nest(0)
	bw.WriteString("}\n")
	return bw.Flush()
}

func writeUints(bw *bufio.Writer, v []uint32) {
	bw.WriteByte('[')
	for i, x := range v {
		if i > 0 {
			bw.WriteString(", ")
		}
		bw.WriteString(strconv.FormatUint(uint64(x), 10))
	}
	bw.WriteByte(']')
}
