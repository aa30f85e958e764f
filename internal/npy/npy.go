// Package npy writes the header of NumPy's .npy format (version 1.0, or 2.0
// for a header longer than 1.0 can say): the
// elements that follow it are little-endian, in C (row-major) order.
package npy

import (
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dmlgo/dml"
)

// Descr returns NumPy's type string for a data type ("<f4", "|u1"), and false
// for a type NumPy has no whole-byte type for.
func Descr(t dml.TensorDataType) (string, bool) {
	switch t {
	case dml.TensorDataTypeFloat16:
		return "<f2", true
	case dml.TensorDataTypeFloat32:
		return "<f4", true
	case dml.TensorDataTypeFloat64:
		return "<f8", true
	case dml.TensorDataTypeUint8:
		return "|u1", true
	case dml.TensorDataTypeInt8:
		return "|i1", true
	case dml.TensorDataTypeUint16:
		return "<u2", true
	case dml.TensorDataTypeInt16:
		return "<i2", true
	case dml.TensorDataTypeUint32:
		return "<u4", true
	case dml.TensorDataTypeInt32:
		return "<i4", true
	case dml.TensorDataTypeUint64:
		return "<u8", true
	case dml.TensorDataTypeInt64:
		return "<i8", true
	}
	return "", false
}

// Header returns the .npy header for a C-order array of the given type and
// shape, padded so that the data starts at a multiple of 64 bytes.
func Header(t dml.TensorDataType, shape []uint64) ([]byte, error) {
	descr, ok := Descr(t)
	if !ok {
		return nil, fmt.Errorf("npy: no NumPy type for %v", t)
	}
	dims := make([]string, len(shape))
	for i, s := range shape {
		dims[i] = fmt.Sprint(s)
	}
	tuple := strings.Join(dims, ", ")
	if len(shape) == 1 {
		tuple += ","
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, tuple)
	// Version 1.0 has a 2-byte header length; a header past 65535 bytes
	// (tens of thousands of dimensions) takes version 2.0's 4-byte one, as
	// NumPy's own writer does.
	pre := 10 // magic (6), version (2), header length (2)
	total := (pre + len(dict) + 1 + 63) / 64 * 64
	h := make([]byte, 0, total+64)
	if total-pre > 0xFFFF {
		pre = 12
		total = (pre + len(dict) + 1 + 63) / 64 * 64
		h = append(h, "\x93NUMPY\x02\x00"...)
		h = binary.LittleEndian.AppendUint32(h, uint32(total-pre))
	} else {
		h = append(h, "\x93NUMPY\x01\x00"...)
		h = binary.LittleEndian.AppendUint16(h, uint16(total-pre))
	}
	h = append(h, dict...)
	for len(h) < total-1 {
		h = append(h, ' ')
	}
	return append(h, '\n'), nil
}

// MaxHeaderText is the most characters a header's text may have, as NumPy
// reads it: numpy/lib/format.py's _read_array_header refuses a longer one
// (its max_header_size, _MAX_HEADER_SIZE, unless the file is trusted with
// allow_pickle). NumPy writes a few hundred.
const MaxHeaderText = 10000

// MaxHeader bounds the bytes ReadHeader needs: the magic, version and
// length (12 bytes at most) and a header of MaxHeaderText characters, each
// at most 4 bytes of UTF-8 (version 3.0).
const MaxHeader = 12 + 4*MaxHeaderText

// unit is what a header's length counts in a version: characters, or
// bytes of UTF-8 (3.0).
func unit(major byte) string {
	if major == 3 {
		return "bytes"
	}
	return "characters"
}

// ReadHeader parses the header at the start of a .npy file (b holds at
// least the header: MaxHeader bytes, or the whole file if shorter) and
// returns the data type, the shape, where the data begins and how many
// bytes it takes.
func ReadHeader(b []byte) (dt dml.TensorDataType, shape []uint64, off, n uint64, err error) {
	if len(b) < 10 || string(b[:6]) != "\x93NUMPY" {
		return 0, nil, 0, 0, fmt.Errorf("npy: not a .npy file (no \\x93NUMPY magic)")
	}
	var hlen, pre int
	if b[7] != 0 { // (NumPy reads versions 1.0, 2.0 and 3.0 only)
		return 0, nil, 0, 0, fmt.Errorf("npy: unsupported version %d.%d", b[6], b[7])
	}
	switch b[6] {
	case 1:
		hlen, pre = int(binary.LittleEndian.Uint16(b[8:])), 10
	case 2, 3:
		if len(b) < 12 {
			return 0, nil, 0, 0, fmt.Errorf("npy: truncated header")
		}
		hl := binary.LittleEndian.Uint32(b[8:])
		if hl > MaxHeader-12 || b[6] == 2 && hl > MaxHeaderText {
			// (Version 2.0's text is Latin-1: a character a byte.)
			return 0, nil, 0, 0, fmt.Errorf("npy: a header of %d %s; NumPy reads at most %d characters (its max_header_size)", hl, unit(b[6]), MaxHeaderText)
		}
		hlen, pre = int(hl), 12
	default:
		return 0, nil, 0, 0, fmt.Errorf("npy: unsupported version %d.%d", b[6], b[7])
	}
	if pre+hlen > len(b) {
		return 0, nil, 0, 0, fmt.Errorf("npy: truncated header")
	}
	text := string(b[pre : pre+hlen])
	chars := len(text) // (Latin-1: versions 1.0 and 2.0)
	if b[6] == 3 {
		if !utf8.ValidString(text) {
			return 0, nil, 0, 0, fmt.Errorf("npy: a version 3.0 header that is not UTF-8")
		}
		chars = utf8.RuneCountInString(text)
	}
	if chars > MaxHeaderText {
		return 0, nil, 0, 0, fmt.Errorf("npy: a header of %d characters; NumPy reads at most %d (its max_header_size)", chars, MaxHeaderText)
	}
	h, err := parseHeader(text, b[6] < 3)
	if err != nil {
		return 0, nil, 0, 0, err
	}
	descr := h.descr
	if len(descr) < 2 {
		return 0, nil, 0, 0, fmt.Errorf("npy: element type %q is not one (want a type string such as '<f4')", descr)
	}
	for t := dml.TensorDataType(0); t <= dml.TensorDataTypeInt4; t++ {
		// '<' or '=' (this host's order, little-endian where this runs) for
		// wider types; for bytes, whose order is none, any of '|<>='.
		if d, ok := Descr(t); ok && d[1:] == descr[1:] && (d[0] == descr[0] || descr[0] == '=' || d[0] == '|' && strings.IndexByte("<>=", descr[0]) >= 0) {
			dt = t
		}
	}
	if dt == dml.TensorDataTypeUnknown {
		return 0, nil, 0, 0, fmt.Errorf("npy: unsupported element type %q (want a little-endian float or integer type)", descr)
	}
	if h.fortran {
		return 0, nil, 0, 0, fmt.Errorf("npy: Fortran-order arrays are not supported")
	}
	n, ok := bytesOf(h.shape, uint64(dt.ElementSize()))
	if !ok {
		return 0, nil, 0, 0, fmt.Errorf("npy: shape %v is more than 2^64 bytes", h.shape)
	}
	return dt, h.shape, uint64(pre + hlen), n, nil
}
