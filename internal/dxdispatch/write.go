package dxdispatch

import (
	"path/filepath"
	"strings"

	"github.com/dmlgo/dml/internal/npy"
)

// writeFile writes a resource as DxDispatch's writeFile does: a .npy file of
// the given dimensions (by default one dimension over the whole buffer), or
// the buffer's raw bytes for any other extension.
func (m *Model) writeFile(c command, write func(path string, data [][]byte) error) error {
	r := c.res
	if !strings.EqualFold(filepath.Ext(c.targetPath), ".npy") {
		return write(c.targetPath, [][]byte{r.data})
	}
	es := uint64(r.dataType.ElementSize())
	dims := c.dimensions
	if dims == nil {
		dims = []uint64{uint64(len(r.data)) / es}
	}
	n := es
	for _, d := range dims {
		n *= d
	}
	h, err := npy.Header(r.dataType, dims)
	if err != nil {
		return &Error{Where: c.where, Err: err}
	}
	return write(c.targetPath, [][]byte{h, r.data[:n]})
}
