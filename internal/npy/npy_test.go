package npy

import (
	"encoding/binary"
	"strings"
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
	f.Add(file(nested(198)))
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

// TestHeaderAsNumPy: Header writes the bytes NumPy 1.24's np.save writes
// for a float32 array of shape (2, 3): the dict padded with spaces and a
// newline to 128 bytes, so that the data starts at a multiple of 64.
func TestHeaderAsNumPy(t *testing.T) {
	want := "\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" + strings.Repeat(" ", 58) + "\n"
	if h, err := Header(dml.TensorDataTypeFloat32, []uint64{2, 3}); err != nil || string(h) != want {
		t.Fatalf("%q, %v;\nwant %q", h, err, want)
	}
}

// TestLongHeader: a header longer than version 1.0's 2-byte length can say
// (30000 dimensions) is written as version 2.0, with a 4-byte length, as
// NumPy writes it.
func TestLongHeader(t *testing.T) {
	shape := make([]uint64, 30000)
	for i := range shape {
		shape[i] = 1
	}
	shape[len(shape)-1] = 5
	h, err := Header(dml.TensorDataTypeUint8, shape)
	if err != nil {
		t.Fatal(err)
	}
	if string(h[:8]) != "\x93NUMPY\x02\x00" || len(h)%64 != 0 || int(binary.LittleEndian.Uint32(h[8:]))+12 != len(h) {
		t.Fatalf("header of %d bytes begins % x", len(h), h[:12])
	}
	// The reader refuses it, as NumPy's does, by its length (no NumPy
	// array has so many dimensions either).
	if _, _, _, _, err := ReadHeader(h); err == nil || !strings.Contains(err.Error(), "NumPy reads at most 10000 characters") {
		t.Fatalf("read back: %v", err)
	}
	h64, _ := Header(dml.TensorDataTypeUint8, shape[len(shape)-64:])
	if got, back, off, n, err := ReadHeader(h64); err != nil || got != dml.TensorDataTypeUint8 || len(back) != 64 || off != uint64(len(h64)) || n != 5 {
		t.Fatalf("64 dimensions: %v, %d dimensions, offset %d, %d bytes, %v", got, len(back), off, n, err)
	}
	if short, _ := Header(dml.TensorDataTypeUint8, []uint64{5}); string(short[:8]) != "\x93NUMPY\x01\x00" {
		t.Fatalf("a short header is not version 1.0: % x", short[:8])
	}
}
