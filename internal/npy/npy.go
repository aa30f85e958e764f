// Package npy writes the header of NumPy's .npy format (version 1.0): the
// elements that follow it are little-endian, in C (row-major) order.
package npy

import (
	"encoding/binary"
	"fmt"
	"strings"

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
	const pre = 10 // magic (6), version (2), header length (2)
	total := (pre + len(dict) + 1 + 63) / 64 * 64
	h := make([]byte, 0, total)
	h = append(h, "\x93NUMPY\x01\x00"...)
	h = binary.LittleEndian.AppendUint16(h, uint16(total-pre))
	h = append(h, dict...)
	for len(h) < total-1 {
		h = append(h, ' ')
	}
	return append(h, '\n'), nil
}
