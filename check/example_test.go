package check_test

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
)

// Checking bytes that claim to be the operator's output, here a copy with
// one element a unit in the last place off.
func ExampleReader() {
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeFloat32, Sizes: []uint32{2, 3}, TotalTensorSizeInBytes: 24},
		ValueDataType: dml.TensorDataTypeFloat32,
		ValueStart:    dml.ScalarFloat32(0.1),
		ValueDelta:    dml.ScalarFloat32(0.3),
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	op, _ := dev.CreateOperator(desc)
	buf := make([]byte, 24)
	_ = op.Execute(buf)
	binary.LittleEndian.PutUint32(buf[16:], binary.LittleEndian.Uint32(buf[16:])+1) // element [1 1]
	rep, err := check.Reader(dev, desc, bytes.NewReader(buf), check.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Exact, "of", rep.Elements, "exact; worst at", rep.Worst.Coords, rep.Worst.ULP, "ULP; ok:", rep.OK())
	// Output: 5 of 6 exact; worst at [1 1] 1 ULP; ok: false
}

// Comparing two streams of FLOAT16 elements, the second held to be right:
// element 2 is 2 ULP off, and passes with a tolerance of 2 ULP.
func ExampleCompare() {
	want := []byte{0x00, 0x3C, 0x00, 0x40, 0x00, 0x42, 0x00, 0x44} // 1, 2, 3, 4
	got := bytes.Clone(want)
	got[4] = 0x02 // 3 + 2 ULP
	rep, err := check.Compare(dml.TensorDataTypeFloat16, bytes.NewReader(got), bytes.NewReader(want), check.Options{ULP: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Exact, "of", rep.Elements, "exact; worst at index", rep.Worst.Index, rep.Worst.ULP, "ULP; ok:", rep.OK())
	// Output: 3 of 4 exact; worst at index 2 2 ULP; ok: true
}
