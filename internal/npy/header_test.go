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

// fileV2 returns a version 2.0 .npy file with the header dict text h,
// padded with spaces to n bytes (n at least len(h)+1) and a newline.
func fileV2(h string, n int) []byte {
	text := h + strings.Repeat(" ", n-len(h)-1) + "\n"
	b := []byte("\x93NUMPY\x02\x00\x00\x00\x00\x00")
	binary.LittleEndian.PutUint32(b[8:], uint32(len(text)))
	return append(b, text...)
}

// nested is a header whose shape (3,) has its 3 inside k parentheses:
// with the dict's brace and the tuple's parenthesis, k+2 brackets open.
func nested(k int) string {
	return "{'descr': '<f4', 'fortran_order': False, 'shape': (" + strings.Repeat("(", k) + "3" + strings.Repeat(")", k) + ",)}"
}

// TestHeaderLimits: the reader refuses what NumPy refuses, at NumPy's own
// limits (numpy/lib/format.py, _read_array_header: a header of more than
// _MAX_HEADER_SIZE = 10000 characters; Python's tokenizer, which
// ast.literal_eval runs: more than 200 brackets open at once, "too many
// nested parentheses"; both measured with Python 3.11 and NumPy 1.24), and
// takes what NumPy takes at those edges. A 1 MiB header with the shape
// inside 500,000 parentheses, which the reader once took (and 252 MB of
// stack to read), is refused, saying why.
func TestHeaderLimits(t *testing.T) {
	deep := nested(500000)
	for _, c := range []struct {
		name string
		file []byte
		want string // "" accepted, else words of the error
	}{
		{"200 brackets open", file(nested(198)), ""},
		{"201 brackets open", file(nested(199)), "more than 200 brackets open"},
		{"500,000 parentheses", fileV2(deep, len(deep)+1), fmt.Sprintf("a header of %d characters; NumPy reads at most 10000", len(deep)+1)},
		{"10000 characters", fileV2(nested(0), 10000), ""},
		{"10001 characters", fileV2(nested(0), 10001), "header of 10001 characters"},
		{"10001 characters, version 1.0", file(nested(0) + strings.Repeat(" ", 10000-len(nested(0))) + "\n"), "header of 10001 characters"},
		// A version 2.0 length past the limit is refused by the length,
		// before the text is read (here, not all there).
		{"20000 characters said", fileV2(nested(0), 20000)[:200], "a header of 20000 characters; NumPy reads at most 10000"},
		{"201 open in fortran_order", file("{'descr': '<f4', 'fortran_order': " + strings.Repeat("(", 200) + "False" + strings.Repeat(")", 200) + ", 'shape': (3,)}"), "more than 200 brackets open"},
		{"200 open in fortran_order", file("{'descr': '<f4', 'fortran_order': " + strings.Repeat("(", 199) + "False" + strings.Repeat(")", 199) + ", 'shape': (3,)}"), ""},
		{"65 dimensions", file("{'descr': '<f4', 'fortran_order': False, 'shape': (" + strings.Repeat("1, ", 64) + "3,)}"), "more than 64 dimensions"},
		// Brackets in a string or a comment open nothing.
		{"brackets in a string", file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'descr': '<f4" + strings.Repeat("(", 300) + "'}"), "unsupported element type"},
	} {
		dt, shape, _, _, err := ReadHeader(c.file)
		switch {
		case c.want == "" && (err != nil || dt != dml.TensorDataTypeFloat32 || fmt.Sprint(shape) != "[3]"):
			t.Errorf("%s: %v %v, %v; want FLOAT32 [3]", c.name, dt, shape, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v %v, error %v; want an error saying %q", c.name, dt, shape, err, c.want)
		}
	}
}

// TestHeaderLongSuffix: a shape's integer may carry Python 2's L (as 3L)
// where NumPy filters it out (numpy/lib/format.py, _filter_header: versions
// 1.0 and 2.0, an uppercase L alone); NumPy 1.24 refuses 3l in any version
// and 3L in version 3.0 ("Cannot parse header"), and so does the reader.
func TestHeaderLongSuffix(t *testing.T) {
	h := func(n string) string {
		return "{'descr': '<f4', 'fortran_order': False, 'shape': (" + n + ",)}"
	}
	v3 := func(text string) []byte {
		b := fileV2(text, len(text)+1)
		b[6] = 3
		return b
	}
	for _, c := range []struct {
		name string
		file []byte
		ok   bool
	}{
		{"3L, version 1.0", file(h("3L")), true},
		{"0x3L, version 2.0", fileV2(h("0x3L"), 100), true},
		{"3l, version 1.0", file(h("3l")), false},
		{"3l, version 2.0", fileV2(h("3l"), 100), false},
		{"3L, version 3.0", v3(h("3L")), false},
		{"3, version 3.0", v3(h("3")), true},
	} {
		dt, shape, _, _, err := ReadHeader(c.file)
		switch {
		case c.ok && (err != nil || dt != dml.TensorDataTypeFloat32 || fmt.Sprint(shape) != "[3]"):
			t.Errorf("%s: %v %v, %v; want FLOAT32 [3]", c.name, dt, shape, err)
		case !c.ok && (err == nil || !strings.Contains(err.Error(), "want a decimal integer")):
			t.Errorf("%s: %v %v, error %v; want it refused as NumPy refuses it", c.name, dt, shape, err)
		}
	}
}
