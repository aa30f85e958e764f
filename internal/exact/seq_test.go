package exact

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dmlgo/dml"
)

// TestSeqAgainstElement: Seq gives Element's bits for every type, on
// operands drawn so that every branch of the 128-bit rounding is taken
// (ties, subnormals, overflow, a carry into the next binade, distant
// scales, cancellation to zero, NaNs and infinities) and indices up to
// 2^32.
func TestSeqAgainstElement(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	types := []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16,
		dml.TensorDataTypeInt8, dml.TensorDataTypeUint16, dml.TensorDataTypeInt32, dml.TensorDataTypeUint64}
	f32 := []uint64{0, 0x80000000, 1, 0x80000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF,
		0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x3F800000, 0xBF800000, 0x33800000,
		uint64(math.Float32bits(0.1)), uint64(math.Float32bits(0.3)), uint64(math.Float32bits(1e7))}
	f16 := []uint64{0, 0x8000, 1, 0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00,
		0x3C00, 0xBC00, 0x1400, 0x2E66, 0x34CD}
	operand := func(dt dml.TensorDataType) uint64 {
		switch dt {
		case dml.TensorDataTypeFloat32:
			switch r.IntN(3) {
			case 0:
				return f32[r.IntN(len(f32))]
			case 1: // scales near each other: ties and carries
				return uint64(r.Uint32()&0x807FFFFF) | uint64(100+r.IntN(60))<<23
			}
			return uint64(r.Uint32())
		case dml.TensorDataTypeFloat16:
			if r.IntN(2) == 0 {
				return f16[r.IntN(len(f16))]
			}
			return uint64(r.Uint32() & 0xFFFF)
		}
		return r.Uint64()
	}
	index := func() uint64 {
		switch r.IntN(4) {
		case 0:
			return uint64(r.IntN(64))
		case 1:
			return uint64(r.Uint32())
		}
		return uint64(r.IntN(1 << 20))
	}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for c := range n {
		dt := types[c%len(types)]
		start, delta := operand(dt), operand(dt)
		if c%7 == 0 && dt.IsFloat() { // -start as the delta: sums that cancel
			delta = start ^ 1<<(8*dt.ElementSize()-1)
		}
		q := NewSeq(dt, start, delta)
		for range 8 {
			i := index()
			if got, want := q.Element(i), Element(dt, start, delta, i); got != want {
				t.Fatalf("%v start %#x delta %#x element %d: Seq %#x, Element %#x", dt, start, delta, i, got, want)
			}
		}
	}
}
