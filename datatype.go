package dml

import (
	"fmt"
	"strings"
)

// TensorDataType is DML_TENSOR_DATA_TYPE, with DirectML's numbers.
type TensorDataType uint32

// The data types of directml.h.
const (
	TensorDataTypeUnknown TensorDataType = iota // DML_TENSOR_DATA_TYPE_UNKNOWN
	TensorDataTypeFloat32                       // DML_TENSOR_DATA_TYPE_FLOAT32
	TensorDataTypeFloat16                       // DML_TENSOR_DATA_TYPE_FLOAT16
	TensorDataTypeUint32                        // DML_TENSOR_DATA_TYPE_UINT32
	TensorDataTypeUint16                        // DML_TENSOR_DATA_TYPE_UINT16
	TensorDataTypeUint8                         // DML_TENSOR_DATA_TYPE_UINT8
	TensorDataTypeInt32                         // DML_TENSOR_DATA_TYPE_INT32
	TensorDataTypeInt16                         // DML_TENSOR_DATA_TYPE_INT16
	TensorDataTypeInt8                          // DML_TENSOR_DATA_TYPE_INT8
	TensorDataTypeFloat64                       // DML_TENSOR_DATA_TYPE_FLOAT64
	TensorDataTypeUint64                        // DML_TENSOR_DATA_TYPE_UINT64
	TensorDataTypeInt64                         // DML_TENSOR_DATA_TYPE_INT64
	TensorDataTypeUint4                         // DML_TENSOR_DATA_TYPE_UINT4
	TensorDataTypeInt4                          // DML_TENSOR_DATA_TYPE_INT4
)

var dataTypeNames = [...]string{
	"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32", "INT16",
	"INT8", "FLOAT64", "UINT64", "INT64", "UINT4", "INT4",
}

var dataTypeSizes = [...]uint32{0, 4, 2, 4, 2, 1, 4, 2, 1, 8, 8, 8, 0, 0}

// String returns DirectML's short name ("FLOAT32"), or "TensorDataType(N)" for
// a number directml.h does not define.
func (t TensorDataType) String() string {
	if int(t) < len(dataTypeNames) {
		return dataTypeNames[t]
	}
	return fmt.Sprintf("TensorDataType(%d)", uint32(t))
}

// ElementSize returns the size of one element in bytes: 1, 2, 4 or 8. It is 0
// for UNKNOWN, for numbers directml.h does not define, and for UINT4 and INT4,
// whose elements are half a byte.
func (t TensorDataType) ElementSize() uint32 {
	if int(t) < len(dataTypeSizes) {
		return dataTypeSizes[t]
	}
	return 0
}

// IsFloat reports whether t is FLOAT16, FLOAT32 or FLOAT64.
func (t TensorDataType) IsFloat() bool {
	return t == TensorDataTypeFloat16 || t == TensorDataTypeFloat32 || t == TensorDataTypeFloat64
}

// IsSigned reports whether t is a signed integer type.
func (t TensorDataType) IsSigned() bool {
	switch t {
	case TensorDataTypeInt8, TensorDataTypeInt16, TensorDataTypeInt32, TensorDataTypeInt64, TensorDataTypeInt4:
		return true
	}
	return false
}

// ParseTensorDataType reads a data type by its short name ("FLOAT32", in any
// case) or its full name ("DML_TENSOR_DATA_TYPE_FLOAT32").
func ParseTensorDataType(s string) (TensorDataType, error) {
	name := strings.ToUpper(strings.TrimSpace(s))
	name = strings.TrimPrefix(name, "DML_TENSOR_DATA_TYPE_")
	for i, n := range dataTypeNames {
		if n == name {
			return TensorDataType(i), nil
		}
	}
	return TensorDataTypeUnknown, fmt.Errorf("%w: unknown data type %q; want one of FLOAT32, FLOAT16, UINT32, UINT16, UINT8, INT32, INT16, INT8, FLOAT64, UINT64, INT64, UINT4, INT4", ErrInvalidArg, s)
}
