// Package dml is DirectML's DML_OPERATOR_FILL_VALUE_SEQUENCE on the CPU,
// exact and validated the way DirectML validates.
//
// The operator fills an N-dimensional, possibly strided tensor in a byte
// buffer with ValueStart + elementIndex*ValueDelta, where elementIndex is the
// flat row-major index over the tensor's Sizes. The names follow directml.h
// (TensorDataTypeFloat32 for DML_TENSOR_DATA_TYPE_FLOAT32, BufferTensorDesc
// for DML_BUFFER_TENSOR_DESC, and so on), so code written against DirectML
// reads across:
//
//	desc := &dml.FillValueSequenceOperatorDesc{
//		OutputTensor: &dml.BufferTensorDesc{
//			DataType:               dml.TensorDataTypeUint8,
//			Sizes:                  []uint32{1, 1, 2, 2},
//			TotalTensorSizeInBytes: 4,
//		},
//		ValueDataType: dml.TensorDataTypeUint8,
//		ValueStart:    dml.ScalarUint8(10),
//		ValueDelta:    dml.ScalarInt8(-2),
//	}
//	op, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(desc)
//	...
//	err = op.Execute(buf) // buf: 10, 8, 6, 4
//
// # Values
//
// Element 0 is ValueStart's bits, unchanged. Integer elements wrap modulo
// 2^bits (signed types as two's complement). FLOAT32 and FLOAT16 elements are
// the exact value start + i*delta rounded once into the type, to nearest with
// ties to even: the same bits on every architecture and build. The special
// cases are listed on FillValueSequenceOperatorDesc.
//
// # Layout
//
// Element (c0, ..., cn-1) is at byte (sum ck*Strides[k]) * element size,
// little-endian; without Strides the tensor is packed. Bytes that no element
// addresses are never written, and nothing is written when an error is
// returned.
//
// # Validation
//
// CreateOperator rejects what DirectML rejects at the device's feature level
// (types, dimension counts, sizes, strides, flags, alignment, buffer size),
// each with an error that wraps ErrInvalidArg and names the field and value.
// Where DirectML leaves results undefined (strides under which two elements
// share an address) or wraps a 32-bit size computation, this package rejects
// or computes exactly instead.
//
// Beyond DirectML, Sequence fills typed Go slices with the same rules.
package dml
