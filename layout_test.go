package dml_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dmlgo/dml"
)

// TestLargeLayouts runs padded, permuted and plain layouts with rows long
// enough for the vector kernels (and the row kernel), every type, values
// that exercise each path, held byte for byte to the reference as
// TestAgainstExact does; windows of the buffer are checked too.
func TestLargeLayouts(t *testing.T) {
	r := newRand(19)
	layouts := []struct{ sizes, strides []uint32 }{
		{[]uint32{7, 300}, []uint32{317, 1}},
		{[]uint32{3, 5, 200}, []uint32{1100, 210, 1}},
		{[]uint32{2, 9, 130}, []uint32{9 * 140, 140, 1}},
		{[]uint32{40, 64}, []uint32{1, 40}}, // transposed: logical step 40 along memory
		{[]uint32{6, 2, 257}, nil},
		{[]uint32{1, 4, 1, 600}, []uint32{9999, 601, 1, 1}},
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for c := range 400 {
		dt := allTypes[r.IntN(len(allTypes))]
		l := layouts[r.IntN(len(layouts))]
		start, delta := randomValue(r, dt), randomValue(r, dt)
		name := fmt.Sprintf("case%d/%v/sizes=%v/strides=%v/start=%#x/delta=%#x", c, dt, l.sizes, l.strides, start, delta)
		checkFill(t, dev, name, dt, l.sizes, l.strides, start, delta, r)
		checkWindows(t, dev, name, dt, l.sizes, l.strides, start, delta, r)
	}
}

// checkWindows fills the buffer piece by piece with ExecuteWindow, cut at
// random element boundaries, and compares with one Execute.
func checkWindows(t *testing.T, dev *dml.Device, name string, dt dml.TensorDataType, sizes, strides []uint32, start, delta uint64, r interface{ IntN(int) int }) {
	t.Helper()
	total := dml.CalcBufferTensorSize(dt, sizes, strides)
	op, err := dev.CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total},
		ValueDataType: dt, ValueStart: dml.ScalarBits(start), ValueDelta: dml.ScalarBits(delta),
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	whole := make([]byte, total)
	if err := op.Execute(whole); err != nil {
		t.Fatal(err)
	}
	pieces := make([]byte, total)
	es := int(dt.ElementSize())
	for off := 0; off < int(total); {
		n := min(int(total)-off, es*(1+r.IntN(int(total)/es/3+1)))
		if err := op.ExecuteWindow(pieces[off:off+n], uint64(off)); err != nil {
			t.Fatal(err)
		}
		off += n
	}
	for i := range whole {
		if whole[i] != pieces[i] {
			t.Fatalf("%s: windowed fill differs at byte %d", name, i)
		}
	}
}

// TestParallelSplitSameBits: a fill large enough to be split among
// goroutines (16 MiB, padded rows, rounding float16) gives the same bytes
// with one worker, two, and GOMAXPROCS, and through windows.
func TestParallelSplitSameBits(t *testing.T) {
	t.Parallel()
	desc := func() *dml.FillValueSequenceOperatorDesc {
		d := &dml.FillValueSequenceOperatorDesc{
			OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeFloat16, Sizes: []uint32{4096, 2040}, Strides: []uint32{2048, 1}},
			ValueDataType: dml.TensorDataTypeFloat16,
		}
		d.OutputTensor.TotalTensorSizeInBytes = dml.CalcBufferTensorSize(d.ValueDataType, d.OutputTensor.Sizes, d.OutputTensor.Strides)
		d.ValueStart, _ = dml.ParseScalar(dml.TensorDataTypeFloat16, "0.1")
		d.ValueDelta, _ = dml.ParseScalar(dml.TensorDataTypeFloat16, "3e-4")
		return d
	}
	var want []byte
	for _, workers := range []int{1, 2, 0} {
		dev := dml.NewDevice(dml.FeatureLevelLatest)
		dev.SetMaxWorkers(workers)
		op, err := dev.CreateOperator(desc())
		if err != nil {
			t.Fatal(err)
		}
		got := make([]byte, desc().OutputTensor.TotalTensorSizeInBytes)
		if err := op.Execute(got); err != nil {
			t.Fatal(err)
		}
		if want == nil {
			want = got
			continue
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%d workers: the bytes differ from one worker's", workers)
		}
		win := make([]byte, len(got))
		for off := 0; off < len(win); off += 9 << 20 { // windows of 9 MiB, each split again
			if err := op.ExecuteWindow(win[off:min(off+9<<20, len(win))], uint64(off)); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(win, want) {
			t.Fatalf("%d workers, by windows: the bytes differ", workers)
		}
	}
}
