package dml_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
)

// TestAgainstExact runs random descriptors of every type, layout and value
// through CreateOperator and Execute, and holds every byte of the buffer to
// the exact reference: elements have the reference's bits, everything else
// keeps its old contents, and aliasing layouts (found by enumeration) are
// exactly the rejected ones.
func TestAgainstExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := 20000
	if testing.Short() {
		cases = 300
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for c := range cases {
		dt := allTypes[r.IntN(len(allTypes))]
		sizes, strides := randomLayout(r, 1+r.IntN(8), 1+r.IntN(600))
		start, delta := randomValue(r, dt), randomValue(r, dt)
		name := fmt.Sprintf("case%d/%v/sizes=%v/strides=%v/start=%#x/delta=%#x", c, dt, sizes, strides, start, delta)
		checkFill(t, dev, name, dt, sizes, strides, start, delta, r)
	}
}

func checkFill(t *testing.T, dev *dml.Device, name string, dt dml.TensorDataType, sizes, strides []uint32, start, delta uint64, r *rand.Rand) {
	t.Helper()
	es := dt.ElementSize()
	total := dml.CalcBufferTensorSize(dt, sizes, strides) + uint64(r.IntN(3))*4
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total},
		ValueDataType: dt,
		// Garbage in the bytes above the type's: they must be ignored.
		ValueStart: dml.ScalarBits(start | r.Uint64()<<(8*es)*boolU(es < 8)),
		ValueDelta: dml.ScalarBits(delta | r.Uint64()<<(8*es)*boolU(es < 8)),
	}
	offs, alias := offsets(sizes, strides)
	op, err := dev.CreateOperator(desc)
	if alias {
		if err == nil || !errors.Is(err, dml.ErrInvalidArg) {
			t.Fatalf("%s: aliasing layout accepted (err %v)", name, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	buf := make([]byte, total)
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	want := bytes.Clone(buf)
	for i, o := range offs {
		v := exact.Element(dt, start, delta, uint64(i))
		for k := range es {
			want[o*uint64(es)+uint64(k)] = byte(v >> (8 * k))
		}
	}
	if err := op.Execute(buf); err != nil {
		t.Fatalf("%s: Execute: %v", name, err)
	}
	if !bytes.Equal(buf, want) {
		for i, o := range offs {
			got := getLE(buf[o*uint64(es):], es)
			w := getLE(want[o*uint64(es):], es)
			if got != w {
				t.Fatalf("%s: element %d (offset %d) is %#x, want %#x", name, i, o, got, w)
			}
		}
		t.Fatalf("%s: bytes outside the elements changed", name)
	}
}

func boolU(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
