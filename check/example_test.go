package check_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strings"

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

// A check's verdict as dmlfill prints it, in text and in JSON: here NumPy's
// float32 arithmetic, (i * 0.3) + 0.1 with each operation rounded, against
// the exact result.
func ExampleReport_Summary() {
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeFloat32, Sizes: []uint32{12}, TotalTensorSizeInBytes: 48},
		ValueDataType: dml.TensorDataTypeFloat32,
		ValueStart:    dml.ScalarFloat32(0.1),
		ValueDelta:    dml.ScalarFloat32(0.3),
	}
	buf := make([]byte, 48)
	for i := range 12 {
		v := float32(float32(i)*float32(0.3)) + float32(0.1)
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(v))
	}
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(buf), check.Options{ULP: 1, Keep: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := rep.Summary("y.raw", "the exact result")
	var text bytes.Buffer
	_ = sum.WriteText(&text)
	for _, line := range strings.SplitAfter(text.String(), "\n") {
		if !strings.HasPrefix(line, "models:") { // (each model's count: a long line)
			fmt.Print(line)
		}
	}
	var doc struct {
		ExplainedBy []string
		OK          bool
	}
	var js bytes.Buffer
	_ = sum.WriteJSON(&js)
	_ = json.Unmarshal(js.Bytes(), &doc)
	fmt.Println("JSON:", doc.ExplainedBy, doc.OK)
	// Output:
	// y.raw: 12 FLOAT32 elements against the exact result
	// exact: 10 (83.33%)
	// ULP: 0: 10, 1: 2, 2: 0, 3-16: 0, more: 0, NaN against a number: 0
	// worst: element 9 [9]: got 2.8 (0x40333333), want 2.8000002 (0x40333334), 1 ULP
	// first mismatches:
	//   element 9 [9]: got 2.8 (0x40333333), want 2.8000002 (0x40333334), 1 ULP
	//   element 10 [10]: got 3.1 (0x40466666), want 3.1000001 (0x40466667), 1 ULP
	// explained by: f32-mul-add, numpy, jax, jax-jit-cpu
	//   numpy: NumPy 1.24, 2.5; held to its real output
	//   jax: JAX 0.11, eager, CUDA and JAX 0.10 and later, eager, CPU; held to its real output
	//   jax-jit-cpu: JAX 0.11, under jit, CPU (XLA:CPU on x86-64); an emulation of its source, not held to its real output
	// within 1 ULP: 12 of 12 (100%): PASS
	// JSON: [f32-mul-add numpy jax jax-jit-cpu] true
}
