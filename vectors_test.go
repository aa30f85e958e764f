package dml_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/dmlgo/dml"
)

// fill runs one packed fill and returns the buffer.
func fill(t *testing.T, level dml.FeatureLevel, dt dml.TensorDataType, sizes []uint32, start, delta dml.ScalarUnion) []byte {
	t.Helper()
	total := dml.CalcBufferTensorSize(dt, sizes, nil)
	op, err := dml.NewDevice(level).CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, TotalTensorSizeInBytes: total},
		ValueDataType: dt, ValueStart: start, ValueDelta: delta,
	})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, total)
	if err := op.Execute(buf); err != nil {
		t.Fatal(err)
	}
	return buf
}

// TestPublicVectors holds the operator to the examples of DirectML's
// documentation, DirectML's DxDispatch model test, and the Range tests of
// ONNX and ONNX Runtime read as fills (the README's "Tests" section names them).
func TestPublicVectors(t *testing.T) {
	f32 := func(b []byte, n int) []float32 {
		out := make([]float32, n)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		return out
	}
	i32 := func(b []byte, n int) []int32 {
		out := make([]int32, n)
		for i := range out {
			out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
		}
		return out
	}
	eq := func(name string, got, want any) {
		t.Helper()
		if g, w := fmtv(got), fmtv(want); g != w {
			t.Errorf("%s: got %s, want %s", name, g, w)
		}
	}
	L := dml.FeatureLevelLatest

	// DirectML docs, example 1 and 2 (feature level 2_1 suffices: 4-D).
	eq("doc example 1", f32(fill(t, dml.FeatureLevel2_1, dml.TensorDataTypeFloat32, []uint32{1, 1, 1, 3},
		dml.ScalarFloat32(3), dml.ScalarFloat32(2)), 3), []float32{3, 5, 7})
	eq("doc example 2", fill(t, dml.FeatureLevel2_1, dml.TensorDataTypeUint8, []uint32{1, 1, 2, 2},
		dml.ScalarUint8(10), dml.ScalarInt8(-2))[:4], []byte{10, 8, 6, 4})

	// DxDispatch's dml_fill_value_sequence model: the bits.
	b := fill(t, L, dml.TensorDataTypeFloat32, []uint32{1, 1, 1, 5}, dml.ScalarFloat32(3.2), dml.ScalarFloat32(1.5))
	var bits []uint32
	for i := range 5 {
		bits = append(bits, binary.LittleEndian.Uint32(b[4*i:]))
	}
	eq("DxDispatch", bits, []uint32{0x404CCCCD, 0x40966666, 0x40C66666, 0x40F66666, 0x41133333})

	// ONNX backend Range tests.
	eq("onnx range float", f32(fill(t, L, dml.TensorDataTypeFloat32, []uint32{2}, dml.ScalarFloat32(1), dml.ScalarFloat32(2)), 2), []float32{1, 3})
	eq("onnx range int32", i32(fill(t, L, dml.TensorDataTypeInt32, []uint32{2}, dml.ScalarInt32(10), dml.ScalarInt32(-3)), 2), []int32{10, 7})

	// ONNX Runtime Range tests.
	eq("ort int32 0,+1", i32(fill(t, L, dml.TensorDataTypeInt32, []uint32{5}, dml.ScalarInt32(0), dml.ScalarInt32(1)), 5), []int32{0, 1, 2, 3, 4})
	b = fill(t, L, dml.TensorDataTypeInt64, []uint32{5}, dml.ScalarInt64(0), dml.ScalarInt64(2))
	var i64 []int64
	for i := range 5 {
		i64 = append(i64, int64(binary.LittleEndian.Uint64(b[8*i:])))
	}
	eq("ort int64 0,+2", i64, []int64{0, 2, 4, 6, 8})
	eq("ort int32 2,-2", i32(fill(t, L, dml.TensorDataTypeInt32, []uint32{6}, dml.ScalarInt32(2), dml.ScalarInt32(-2)), 6), []int32{2, 0, -2, -4, -6, -8})
	eq("ort float 2,-2", f32(fill(t, L, dml.TensorDataTypeFloat32, []uint32{6}, dml.ScalarFloat32(2), dml.ScalarFloat32(-2)), 6), []float32{2, 0, -2, -4, -6, -8})
	eq("ort float 2,1e6", f32(fill(t, L, dml.TensorDataTypeFloat32, []uint32{1}, dml.ScalarFloat32(2), dml.ScalarFloat32(1e6)), 1), []float32{2})
}

func fmtv(v any) string { return sprint(v) }
