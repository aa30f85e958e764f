package dml_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml"
)

func TestValidation(t *testing.T) {
	f32 := dml.TensorDataTypeFloat32
	tensor := func(dt dml.TensorDataType, sizes ...uint32) *dml.BufferTensorDesc {
		return &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, TotalTensorSizeInBytes: dml.CalcBufferTensorSize(dt, sizes, nil)}
	}
	with := func(d *dml.BufferTensorDesc, f func(*dml.BufferTensorDesc)) *dml.BufferTensorDesc {
		f(d)
		return d
	}
	tests := []struct {
		name  string
		level dml.FeatureLevel
		desc  *dml.FillValueSequenceOperatorDesc
		want  string // "" for accepted; else a part of the message
	}{
		{"ok 4-D at 2_1", dml.FeatureLevel2_1, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 1, 1, 1, 3), ValueDataType: f32}, ""},
		{"below 2_1", dml.FeatureLevel2_0, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 1, 1, 1, 3), ValueDataType: f32}, "FeatureLevel is 2_0"},
		{"nil tensor", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{ValueDataType: f32}, "OutputTensor is nil"},
		{"type mismatch", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 3), ValueDataType: dml.TensorDataTypeInt32}, "ValueDataType is INT32; it must match OutputTensor.DataType (FLOAT32)"},
		{"3-D at 2_1", dml.FeatureLevel2_1, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 1, 1, 3), ValueDataType: f32}, "OutputTensor.DimensionCount is 3"},
		{"5-D at 3_1", dml.FeatureLevel3_1, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 1, 1, 1, 1, 3), ValueDataType: f32}, "OutputTensor.DimensionCount is 5"},
		{"1-D at 4_0", dml.FeatureLevel4_0, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 3), ValueDataType: f32}, ""},
		{"8-D at 4_0", dml.FeatureLevel4_0, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 1, 1, 1, 1, 1, 1, 1, 3), ValueDataType: f32}, ""},
		{"9-D", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 1, 1, 1, 1, 1, 1, 1, 1, 3), ValueDataType: f32}, "OutputTensor.DimensionCount is 9"},
		{"0-D", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32), ValueDataType: f32}, "OutputTensor.DimensionCount is 0"},
		{"int64 at 4_1", dml.FeatureLevel4_1, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(dml.TensorDataTypeInt64, 3), ValueDataType: dml.TensorDataTypeInt64}, "OutputTensor.DataType is INT64; it needs DML_FEATURE_LEVEL_5_0"},
		{"uint64 at 5_0", dml.FeatureLevel5_0, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(dml.TensorDataTypeUint64, 3), ValueDataType: dml.TensorDataTypeUint64}, ""},
		{"float64", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(dml.TensorDataTypeFloat64, 3), ValueDataType: dml.TensorDataTypeFloat64}, "OutputTensor.DataType is FLOAT64"},
		{"uint4", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint4, Sizes: []uint32{4}, TotalTensorSizeInBytes: 4}, ValueDataType: dml.TensorDataTypeUint4}, "OutputTensor.DataType is UINT4"},
		{"unknown", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: &dml.BufferTensorDesc{Sizes: []uint32{4}, TotalTensorSizeInBytes: 4}}, "OutputTensor.DataType is UNKNOWN"},
		{"type 99", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: &dml.BufferTensorDesc{DataType: 99, Sizes: []uint32{4}, TotalTensorSizeInBytes: 4}, ValueDataType: 99}, "OutputTensor.DataType is TensorDataType(99)"},
		{"size 0", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(f32, 1, 1, 0, 2), ValueDataType: f32}, "dml: OutputTensor.Sizes[2] is 0; sizes must be at least 1"},
		{"2^32 elements", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(dml.TensorDataTypeUint8, 65536, 65536), ValueDataType: dml.TensorDataTypeUint8}, "that is 4294967296 elements"},
		{"2^32-1 elements", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: tensor(dml.TensorDataTypeUint8, math.MaxUint32), ValueDataType: dml.TensorDataTypeUint8}, ""},
		{"strides count", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 2, 3), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{1} }), ValueDataType: f32}, "OutputTensor.Strides is [1]; it has 1 strides for 2 dimensions"},
		{"total too small", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 2, 3), func(d *dml.BufferTensorDesc) { d.TotalTensorSizeInBytes = 20 }), ValueDataType: f32}, "OutputTensor.TotalTensorSizeInBytes is 20; the tensor needs at least 24"},
		{"total too small strided", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 2, 3), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{4, 1}; d.TotalTensorSizeInBytes = 24 }), ValueDataType: f32}, "TotalTensorSizeInBytes is 24; the tensor needs at least 28"},
		{"alignment not power of two", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 3), func(d *dml.BufferTensorDesc) { d.GuaranteedBaseOffsetAlignment = 12 }), ValueDataType: f32}, "GuaranteedBaseOffsetAlignment is 12"},
		{"alignment below element", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 3), func(d *dml.BufferTensorDesc) { d.GuaranteedBaseOffsetAlignment = 2 }), ValueDataType: f32}, "GuaranteedBaseOffsetAlignment is 2"},
		{"alignment 16", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 3), func(d *dml.BufferTensorDesc) { d.GuaranteedBaseOffsetAlignment = 16 }), ValueDataType: f32}, ""},
		{"owned by dml", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 3), func(d *dml.BufferTensorDesc) { d.Flags = dml.TensorFlagOwnedByDML }), ValueDataType: f32}, "OutputTensor.Flags is 1"},
		{"zero stride", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 2, 3), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{0, 1} }), ValueDataType: f32}, "OutputTensor.Strides is [0 1]; two elements would share an address"},
		{"zero stride on size 1", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 1, 3), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{0, 1} }), ValueDataType: f32}, ""},
		{"overlap", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 4, 3), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{2, 3}; d.TotalTensorSizeInBytes = 1000 }), ValueDataType: f32}, "two elements would share an address"},
		{"interleaved, no overlap", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 3, 2), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{2, 3}; d.TotalTensorSizeInBytes = 1000 }), ValueDataType: f32}, ""},
		{"transposed", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 3, 5), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{1, 3} }), ValueDataType: f32}, ""},
		{"equal strides", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(f32, 2, 2), func(d *dml.BufferTensorDesc) { d.Strides = []uint32{7, 7}; d.TotalTensorSizeInBytes = 1000 }), ValueDataType: f32}, "two elements would share an address"},
		{"span below 2^62", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(dml.TensorDataTypeUint8, 1<<31), func(d *dml.BufferTensorDesc) {
			d.Strides = []uint32{1 << 31}
			d.TotalTensorSizeInBytes = math.MaxUint64
		}), ValueDataType: dml.TensorDataTypeUint8}, ""},
		{"span past 2^62", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(dml.TensorDataTypeInt64, 1<<31), func(d *dml.BufferTensorDesc) {
			d.Strides = []uint32{1 << 31}
			d.TotalTensorSizeInBytes = math.MaxUint64
		}), ValueDataType: dml.TensorDataTypeInt64}, "more than 2^62 bytes"},
		{"span past 2^64", dml.FeatureLevelLatest, &dml.FillValueSequenceOperatorDesc{OutputTensor: with(tensor(dml.TensorDataTypeInt64, math.MaxUint32), func(d *dml.BufferTensorDesc) {
			d.Strides = []uint32{math.MaxUint32}
			d.TotalTensorSizeInBytes = math.MaxUint64
		}), ValueDataType: dml.TensorDataTypeInt64}, "more than 2^62 bytes"},
	}
	for _, tc := range tests {
		_, err := dml.NewDevice(tc.level).CreateOperator(tc.desc)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: rejected: %v", tc.name, err)
		case tc.want != "" && err == nil:
			t.Errorf("%s: accepted, want %q", tc.name, tc.want)
		case tc.want != "" && !errors.Is(err, dml.ErrInvalidArg):
			t.Errorf("%s: %v does not wrap ErrInvalidArg", tc.name, err)
		case tc.want != "" && !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: got %q, want it to contain %q", tc.name, err, tc.want)
		}
	}
	if _, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(nil); !errors.Is(err, dml.ErrInvalidArg) {
		t.Errorf("nil desc: %v", err)
	}
	if _, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator((*dml.FillValueSequenceOperatorDesc)(nil)); !errors.Is(err, dml.ErrInvalidArg) {
		t.Errorf("typed nil desc: %v", err)
	}
}

// TestExecuteErrors: a short or misaligned buffer is rejected and left as it was.
func TestExecuteErrors(t *testing.T) {
	dt := dml.TensorDataTypeFloat32
	op, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: []uint32{4}, TotalTensorSizeInBytes: 16, GuaranteedBaseOffsetAlignment: 16},
		ValueDataType: dt, ValueStart: dml.ScalarFloat32(1), ValueDelta: dml.ScalarFloat32(1),
	})
	if err != nil {
		t.Fatal(err)
	}
	mem := make([]byte, 64)
	base := (16 - int(uintptr(unsafe.Pointer(&mem[0]))%16)) % 16
	for i := range mem {
		mem[i] = 0xAA
	}
	orig := bytes.Clone(mem)
	if err := op.Execute(mem[base : base+15]); !errors.Is(err, dml.ErrInvalidArg) || !strings.Contains(err.Error(), "length is 15") {
		t.Errorf("short buffer: %v", err)
	}
	if err := op.Execute(mem[base+4 : base+40]); !errors.Is(err, dml.ErrInvalidArg) || !strings.Contains(err.Error(), "address") {
		t.Errorf("misaligned buffer: %v", err)
	}
	if err := op.ExecuteWindow(mem[:8], 2); !errors.Is(err, dml.ErrInvalidArg) {
		t.Errorf("window at odd offset: %v", err)
	}
	if !bytes.Equal(mem, orig) {
		t.Fatal("a failed Execute wrote to the buffer")
	}
	if err := op.Execute(mem[base : base+16]); err != nil {
		t.Fatal(err)
	}
}

// TestAliasingExact holds the aliasing check to enumeration on layouts with
// larger, unusual strides than the random descriptors use.
func TestAliasingExact(t *testing.T) {
	r := newRand(9)
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for range 3000 {
		dims := 1 + r.IntN(5)
		sizes := make([]uint32, dims)
		strides := make([]uint32, dims)
		n := 1
		for i := range sizes {
			sizes[i] = uint32(1 + r.IntN(max(1, min(9, 4000/n))))
			n *= int(sizes[i])
			strides[i] = uint32(r.IntN(60))
		}
		_, alias := offsets(sizes, strides)
		_, err := dev.CreateOperator(&dml.FillValueSequenceOperatorDesc{
			OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint8, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: math.MaxUint64},
			ValueDataType: dml.TensorDataTypeUint8,
		})
		if alias != (err != nil) {
			t.Fatalf("sizes %v strides %v: aliasing %v, CreateOperator says %v", sizes, strides, alias, err)
		}
	}
}

// TestSpanJustPast2to62: a tensor whose last element is at byte 2^62 spans
// 2^62+1 bytes, one past the bound, which fits 64 bits: refused by the
// bound itself.
func TestSpanJustPast2to62(t *testing.T) {
	out := &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint8, Sizes: []uint32{1<<31 + 1}, Strides: []uint32{1 << 31}, TotalTensorSizeInBytes: math.MaxUint64}
	desc := &dml.FillValueSequenceOperatorDesc{OutputTensor: out, ValueDataType: dml.TensorDataTypeUint8}
	_, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(desc)
	if err == nil || !strings.Contains(err.Error(), "more than 2^62 bytes") {
		t.Fatalf("last element at byte 2^62: %v; want it refused, more than 2^62 bytes", err)
	}
}
