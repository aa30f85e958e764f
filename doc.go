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
//
// # FLOAT16
//
// Go has no 16-bit float type, so FLOAT16 values (ScalarFloat16, the
// ScalarUnion.Float16 accessor, Sequence on a []float16.Float16) use
// github.com/x448/float16's Float16 rather than a type of this package's
// own: a uint16 holding the IEEE 754 binary16 bits, the bytes of a
// DML_TENSOR_DATA_TYPE_FLOAT16 element, so a []float16.Float16 is a
// FLOAT16 tensor's memory as it is. It is one small file with no
// dependencies, tested exhaustively, and the type that Go code already
// holding half floats uses (github.com/fxamacker/cbor's, for one), so its
// slices fill without a copy or a conversion. It carries bits and
// computes no element: this package's kernels round every value
// themselves. A caller who would rather not import it writes a FLOAT16
// scalar as bits, ScalarBits(0x3C00) for 1.0, and fills a byte buffer
// with Execute.
package dml
