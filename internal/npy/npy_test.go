package npy

import (
	"testing"

	"github.com/dmlgo/dml"
)

// FuzzReadHeader: no bytes make the header reader panic, and what it
// accepts places the data inside the header's bounds; the headers Header
// writes read back as written.
func FuzzReadHeader(f *testing.F) {
	for _, shape := range [][]uint64{{3}, {2, 3, 4}, {}, {1 << 40}} {
		h, _ := Header(dml.TensorDataTypeFloat16, shape)
		f.Add(h)
	}
	f.Add([]byte("\x93NUMPY\x02\x00\xff\xff\xff\xff"))
	f.Add([]byte("\x93NUMPY\x01\x00\x20\x00{'descr': '<f4', 'shape': (18446744073709551615, 2), }"))
	f.Fuzz(func(t *testing.T, b []byte) {
		dt, shape, off, n, err := ReadHeader(b)
		if err != nil {
			return
		}
		if off > uint64(len(b)) || dt.ElementSize() == 0 {
			t.Fatalf("accepted a header ending at %d of %d bytes, type %v", off, len(b), dt)
		}
		size := uint64(dt.ElementSize())
		for _, s := range shape {
			size *= s
		}
		if size != n {
			t.Fatalf("shape %v of %v is %d bytes, the reader says %d", shape, dt, size, n)
		}
	})
}

// TestHeaderReadsBack: what Header writes, ReadHeader reads.
func TestHeaderReadsBack(t *testing.T) {
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeUint8, dml.TensorDataTypeInt64, dml.TensorDataTypeFloat16} {
		h, err := Header(dt, []uint64{2, 3})
		if err != nil {
			t.Fatal(err)
		}
		got, shape, off, n, err := ReadHeader(h)
		if err != nil || got != dt || len(shape) != 2 || shape[0] != 2 || shape[1] != 3 || off != uint64(len(h)) || n != 6*uint64(dt.ElementSize()) {
			t.Errorf("%v: %v %v %d %d %v", dt, got, shape, off, n, err)
		}
	}
}
