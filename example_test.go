package dml_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/dmlgo/dml"
	"github.com/x448/float16"
)

// The documentation's first example: FLOAT32, start 3, delta 2, Sizes {1,1,1,3}.
func ExampleDevice_CreateOperator() {
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor: &dml.BufferTensorDesc{
			DataType:               dml.TensorDataTypeFloat32,
			Sizes:                  []uint32{1, 1, 1, 3},
			TotalTensorSizeInBytes: dml.CalcBufferTensorSize(dml.TensorDataTypeFloat32, []uint32{1, 1, 1, 3}, nil),
		},
		ValueDataType: dml.TensorDataTypeFloat32,
		ValueStart:    dml.ScalarFloat32(3),
		ValueDelta:    dml.ScalarFloat32(2),
	}
	op, err := dml.NewDevice(dml.FeatureLevel2_1).CreateOperator(desc)
	if err != nil {
		fmt.Println(err)
		return
	}
	buf := make([]byte, desc.OutputTensor.TotalTensorSizeInBytes)
	if err := op.Execute(buf); err != nil {
		fmt.Println(err)
		return
	}
	for i := range 3 {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:])), " ")
	}
	fmt.Println()
	// Output: 3 5 7
}

// A rejected descriptor: the error names the field and the value.
func ExampleDevice_CreateOperator_rejected() {
	_, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint8, Sizes: []uint32{1, 1, 0, 2}, TotalTensorSizeInBytes: 4},
		ValueDataType: dml.TensorDataTypeUint8,
	})
	fmt.Println(err)
	// Output: dml: OutputTensor.Sizes[2] is 0; sizes must be at least 1
}

// A rejected descriptor, read field by field with errors.As.
func ExampleArgError() {
	_, err := dml.NewDevice(dml.FeatureLevel4_0).CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeInt64, Sizes: []uint32{4}, TotalTensorSizeInBytes: 32},
		ValueDataType: dml.TensorDataTypeInt64,
	})
	var ae *dml.ArgError
	if errors.As(err, &ae) {
		fmt.Printf("field %s, value %s: %s\n", ae.Field, ae.Value, ae.Reason)
	}
	fmt.Println(errors.Is(err, dml.ErrInvalidArg))
	// Output:
	// field OutputTensor.DataType, value INT64: it needs DML_FEATURE_LEVEL_5_0 or above; the device is at 4_0
	// true
}

// A large output produced a window at a time, in bounded memory: here the
// 1000 INT32 elements of 0, 3, 6, ... in windows of 1 KiB, summed.
func ExampleOperator_ExecuteWindow() {
	t := &dml.BufferTensorDesc{DataType: dml.TensorDataTypeInt32, Sizes: []uint32{1000}}
	t.TotalTensorSizeInBytes = dml.CalcBufferTensorSize(t.DataType, t.Sizes, nil)
	op, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor: t, ValueDataType: t.DataType, ValueStart: dml.ScalarInt32(0), ValueDelta: dml.ScalarInt32(3),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	window := make([]byte, 1024)
	var sum int64
	for off := uint64(0); off < t.TotalTensorSizeInBytes; off += uint64(len(window)) {
		w := window[:min(uint64(len(window)), t.TotalTensorSizeInBytes-off)]
		if err := op.ExecuteWindow(w, off); err != nil {
			fmt.Println(err)
			return
		}
		for i := 0; i+4 <= len(w); i += 4 {
			sum += int64(int32(binary.LittleEndian.Uint32(w[i:])))
		}
	}
	fmt.Println(sum)
	// Output: 1498500
}

// Padding between rows survives: only the elements' bytes are written.
func ExampleOperator_Execute_strided() {
	t := &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint8, Sizes: []uint32{1, 1, 2, 2}, Strides: []uint32{6, 6, 3, 1}}
	t.TotalTensorSizeInBytes = dml.CalcBufferTensorSize(t.DataType, t.Sizes, t.Strides)
	op, _ := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor: t, ValueDataType: t.DataType,
		ValueStart: dml.ScalarUint8(10), ValueDelta: dml.ScalarInt8(-2),
	})
	buf := []byte{0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE}
	_ = op.Execute(buf)
	fmt.Printf("% x\n", buf)
	// Output: 0a 08 ee 06 04 ee ee ee
}

func ExampleSequence() {
	a := make([]float32, 5)
	_ = dml.Sequence(a, 3.2, 1.5)
	fmt.Println(a)

	b := make([]uint8, 4)
	_ = dml.Sequence(b, 10, 254) // a delta of -2, wrapped
	fmt.Println(b)

	h := make([]float16.Float16, 3)
	_ = dml.Sequence(h, float16.Fromfloat32(2048), float16.Fromfloat32(1))
	fmt.Println(h[0].Float32(), h[1].Float32(), h[2].Float32()) // 2049 is not a float16
	// Output:
	// [3.2 4.7 6.2 7.7 9.2]
	// [10 8 6 4]
	// 2048 2048 2050
}

func ExampleParseScalar() {
	s, _ := dml.ParseScalar(dml.TensorDataTypeUint8, "-2")
	fmt.Printf("%#x\n", s.Uint8())
	h, _ := dml.ParseScalar(dml.TensorDataTypeFloat16, "3.2")
	fmt.Printf("%#04x\n", h.Uint16())
	_, err := dml.ParseScalar(dml.TensorDataTypeInt8, "300")
	fmt.Println(err)
	// Output:
	// 0xfe
	// 0x4266
	// dml: invalid argument: "300" is not a valid INT8 value: want an integer from -128 to 255
}

func ExampleCalcBufferTensorSize() {
	fmt.Println(dml.CalcBufferTensorSize(dml.TensorDataTypeUint8, []uint32{1, 1, 2, 2}, nil))
	fmt.Println(dml.CalcBufferTensorSize(dml.TensorDataTypeFloat16, []uint32{2, 3}, []uint32{4, 1}))
	// Output:
	// 4
	// 16
}
