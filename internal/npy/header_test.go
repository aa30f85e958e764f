package npy

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
)

// file returns a version 1.0 .npy file with the header dict text h.
func file(h string) []byte {
	b := []byte("\x93NUMPY\x01\x00\x00\x00")
	binary.LittleEndian.PutUint16(b[8:], uint16(len(h)))
	return append(b, h...)
}

// TestHeaderAsPython: the header is read as NumPy reads it (a Python
// literal dict, ast.literal_eval): every header below is judged as
// Python's rules judge it, where a text search took 'descr' from inside
// another value's string, took the first of two keys (Python takes the
// last), read (3,,) as (3,) and a header without 'fortran_order' as
// Fortran order.
func TestHeaderAsPython(t *testing.T) {
	for _, c := range []struct {
		header string
		dt     dml.TensorDataType
		shape  string // fmt of the shape, or the error's words
		ok     bool
	}{
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }   \n", dml.TensorDataTypeFloat32, "[3]", true},
		{"{\"descr\": \"<i2\", \"fortran_order\": False, \"shape\": (2, 5)}\n", dml.TensorDataTypeInt16, "[2 5]", true},
		{"{'descr': '|u1', 'fortran_order': False, 'shape': ()}", dml.TensorDataTypeUint8, "[]", true},
		// A key given twice: the last counts, as in a Python dict.
		{"{'descr': '<f4', 'descr': '<i8', 'fortran_order': False, 'shape': (4,)}", dml.TensorDataTypeInt64, "[4]", true},
		{"{'shape': (1,), 'shape': (6,), 'descr': '<u4', 'fortran_order': False}", dml.TensorDataTypeUint32, "[6]", true},
		// 'descr' inside another value's string is not the key.
		{"{'fortran_order': False, 'shape': (2,), 'x': \"'descr': '<f4'\"}", 0, "unexpected key", false},
		{"{'fortran_order': False, 'shape': (2,)}", 0, "no 'descr'", false},
		{"{'descr': '<f4', 'shape': (2,)}", 0, "no 'fortran_order'", false},
		{"{'descr': '<f4', 'fortran_order': False}", 0, "no 'shape'", false},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3,,)}", 0, "decimal integer", false},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3)}", 0, "not a tuple", false},
		{"{'descr': '<f4', 'fortran_order': True, 'shape': (3,)}", 0, "Fortran", false},
		{"{'descr': '<f4', 'fortran_order': 0, 'shape': (3,)}", 0, "True or False", false},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3,)} x", 0, "after the dict", false},
		{"{'descr': '<f4' 'fortran_order': False, 'shape': (3,)}", 0, "want ','", false},
		{"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,)}", 0, "string", false},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (-3,)}", 0, "decimal integer", false},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (03,)}", 0, "decimal integer", false},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (1__0,)}", 0, "decimal integer", false},
		{"{'descr': 'Xu1', 'fortran_order': False, 'shape': (3,)}", 0, "unsupported element type", false},
		{"{'descr': '>f4', 'fortran_order': False, 'shape': (3,)}", 0, "unsupported element type", false},
		// Python's other ways of writing the same literals, as NumPy takes them.
		{"{'descr': '>u1', 'fortran_order': (False), 'shape': (3L, 0x2, 1_0, +1, (2), 00, 0o7, 0b11,)} # NumPy\f\n", dml.TensorDataTypeUint8, "[3 2 10 1 2 0 7 3]", true},
		{"{'descr': '<f4, 'fortran_order': False, 'shape': (3,)}", 0, "want ','", false},
		{"{'descr' '<f4', 'fortran_order': False, 'shape': (3,)}", 0, "want ':'", false},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3,)", 0, "want ','", false},
	} {
		dt, shape, _, _, err := ReadHeader(file(c.header))
		switch {
		case c.ok && err != nil:
			t.Errorf("%q: %v", c.header, err)
		case c.ok && (dt != c.dt || fmt.Sprint(shape) != c.shape):
			t.Errorf("%q: %v %v, want %v %s", c.header, dt, shape, c.dt, c.shape)
		case !c.ok && (err == nil || !strings.Contains(err.Error(), c.shape)):
			t.Errorf("%q: %v %v, error %v; want an error saying %q", c.header, dt, shape, err, c.shape)
		}
	}
}

// TestHeaderVersion: versions other than 1.0, 2.0 and 3.0 (a minor version
// among them) are refused, as NumPy refuses them.
func TestHeaderVersion(t *testing.T) {
	b := file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,)}")
	b[7] = 5
	if _, _, _, _, err := ReadHeader(b); err == nil || !strings.Contains(err.Error(), "version 1.5") {
		t.Fatalf("version 1.5: %v", err)
	}
}
