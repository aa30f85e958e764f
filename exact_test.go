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
	cases := draws(20000)
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

// TestNHWCAgainstExact: tensors of channels innermost (NHWC: sizes [1, C,
// H, W], strides [P*H*W, 1, W*P, P], P = C or more: padded pixels), large
// enough that the kernels write their pixels as lanes in sets of blocks
// (pixels whose bytes divide neither 128 nor 192: FLOAT16 binade lanes,
// integer and exact FLOAT32 add lanes, FLOAT32 that rounds in fma-s lanes;
// padded pixels and one element in every two, FLOAT16 too: masked lanes),
// against the
// exact reference, every
// element, and every byte no element addresses untouched: FLOAT16 rising
// and falling through many binades, and into infinities (the kernel
// package's tests draw such rows across zero); integers that wrap.
func TestNHWCAgainstExact(t *testing.T) {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	f16, u8, u16, i32, i64, f32 := dml.TensorDataTypeFloat16, dml.TensorDataTypeUint8, dml.TensorDataTypeUint16,
		dml.TensorDataTypeInt32, dml.TensorDataTypeInt64, dml.TensorDataTypeFloat32
	for k, c := range []nhwcCase{
		{f16, 5, 240, 240, "0.1", "3e-4", 0},
		{u8, 5, 100, 100, "7", "3", 0},
		{i32, 10, 64, 64, "-100000", "-977", 0},
		{f16, 64, 48, 48, "0.1", "3e-4", 0},
		{f16, 64, 48, 48, "60000", "0.5", 0},
		{f16, 7, 200, 200, "1000", "-0.001", 0},
		{f16, 10, 160, 160, "-300", "0.001", 0},
		{f16, 256, 40, 40, "0.001", "0.5", 0},
		{f16, 17, 120, 120, "1000", "-0.001", 0},
		{f16, 50, 80, 80, "-0.5", "-1e-4", 0},
		{u16, 13, 90, 90, "65000", "11", 0},
		{i64, 7, 80, 80, "9223372036854775000", "12345", 0},
		{f32, 5, 100, 100, "-3", "0.5", 0},
		{u8, 3, 128, 128, "0", "1", 4},
		{i32, 1, 256, 256, "5", "-3", 2},
		{f32, 3, 100, 100, "0", "0.25", 4},
		{u16, 5, 90, 90, "1", "7", 8},
		{f32, 5, 100, 100, "0.1", "0.3", 0},
		{f32, 3, 100, 100, "-7.7", "0.013", 4},
		{f16, 3, 300, 300, "0.1", "3e-4", 4},
		{f16, 1, 300, 1000, "1000", "0.001", 2},
		{f16, 64, 8, 64, "0.1", "3e-4", 0},  // (64 KiB: binade lanes, not rows as runs)
		{f16, 64, 7, 64, "0.1", "3e-4", 72}, // (padded, 63 KiB)
		{f16, 64, 8, 64, "-2", "1e-4", 0},   // (through zero and the subnormals)
		{f16, 64, 2, 16, "0.1", "3e-4", 0},  // (4 KiB)
		{f16, 16, 32, 64, "0.1", "3e-4", 0}, // (64 KiB: binade lanes, not columns)
		{f16, 3, 192, 64, "0.1", "3e-4", 4}, // (96 KiB)
		{f16, 8, 42, 64, "0.1", "3e-4", 12}, // (63 KiB)
		{f16, 32, 12, 64, "100", "-0.001", 40},
		{f16, 3, 512, 512, "0.1", "3e-4", 0},  // (1.5 MiB)
		{f16, 64, 96, 96, "-0.1", "-3e-4", 0}, // (1.1 MiB, falling)
	} {
		if testing.Short() && k >= 3 {
			break // (the race detector's run: the three smallest)
		}
		checkNHWC(t, dev, k, c)
	}
}

// nhwcCase is one of TestNHWCAgainstExact's tensors: a type, channels and
// a height and width, start and delta as text, and the elements from a
// pixel to the next.
type nhwcCase struct {
	dt           dml.TensorDataType
	ch, h, w     int
	start, delta string
	pix          int // elements from a pixel to the next (padded pixels), 0 for ch
}

// checkNHWC fills case k's tensor, channels innermost, in a buffer of 0xa5
// and holds the sampled elements to the exact reference, and every byte
// between pixels untouched.
func checkNHWC(t *testing.T, dev *dml.Device, k int, c nhwcCase) {
	t.Helper()
	pix := c.pix
	if pix == 0 {
		pix = c.ch
	}
	dt := c.dt
	sizes := []uint32{1, uint32(c.ch), uint32(c.h), uint32(c.w)}
	strides := []uint32{uint32(pix * c.h * c.w), 1, uint32(c.w * pix), uint32(pix)}
	start, err := dml.ParseScalar(dt, c.start)
	if err != nil {
		t.Fatal(err)
	}
	delta, err := dml.ParseScalar(dt, c.delta)
	if err != nil {
		t.Fatal(err)
	}
	total := dml.CalcBufferTensorSize(dt, sizes, strides)
	op, err := dev.CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total},
		ValueDataType: dt, ValueStart: start, ValueDelta: delta,
	})
	if err != nil {
		t.Fatal(err)
	}
	buf := bytes.Repeat([]byte{0xa5}, int(total))
	if err := op.Execute(buf); err != nil {
		t.Fatal(err)
	}
	es := int(dt.ElementSize())
	mask := uint64(1)<<(8*es) - 1
	if es == 8 {
		mask = ^uint64(0)
	}
	sb, db := start.Bits()&mask, delta.Bits()&mask
	hw := c.h * c.w
	for px := range hw {
		for ch := range c.ch {
			i := uint64(ch*hw + px) // the flat index of (0, ch, y, x)
			if !sampled(uint64(px), uint64(hw), k+ch) {
				continue
			}
			at := es * (px*pix + ch)
			got := uint64(0)
			for b := range es {
				got |= uint64(buf[at+b]) << (8 * b)
			}
			if want := exact.Element(dt, sb, db, i); got != want {
				t.Fatalf("%v C=%d %dx%d %s,%s: element %d (pixel %d, channel %d) = %#x, want %#x",
					dt, c.ch, c.h, c.w, c.start, c.delta, i, px, ch, got, want)
			}
		}
		for at := es * (px*pix + c.ch); at < min(es*(px+1)*pix, len(buf)); at++ {
			if buf[at] != 0xa5 {
				t.Fatalf("%v C=%d %dx%d pixels of %d: byte %d, between pixels, written", dt, c.ch, c.h, c.w, pix, at)
			}
		}
	}
}

// TestPixelsNoAllocation: Execute on channels-innermost layouts that go
// through lanes (in sets of blocks, padded under masks, float16 binade
// lanes) allocates nothing once its plans are remembered: the lanes and
// masks stay on the stack (a kernel called through a func value had moved
// them to the heap).
func TestPixelsNoAllocation(t *testing.T) {
	if testing.Short() {
		// (The race detector's run: its sync.Pool drops items, and where a
		// table has no masks these layouts go as columns through one.)
		t.Skip("allocations counted in the full run")
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for _, c := range []struct {
		dt            dml.TensorDataType
		ch, pix, h, w int
		start, delta  string
	}{
		{dml.TensorDataTypeUint8, 3, 4, 64, 64, "0", "1"},
		{dml.TensorDataTypeInt32, 5, 5, 64, 64, "0", "1"},
		{dml.TensorDataTypeFloat32, 3, 4, 64, 64, "0.1", "0.3"},
		{dml.TensorDataTypeFloat16, 3, 4, 200, 200, "0.1", "3e-4"},
	} {
		sizes := []uint32{1, uint32(c.ch), uint32(c.h), uint32(c.w)}
		strides := []uint32{uint32(c.pix * c.h * c.w), 1, uint32(c.w * c.pix), uint32(c.pix)}
		start, _ := dml.ParseScalar(c.dt, c.start)
		delta, _ := dml.ParseScalar(c.dt, c.delta)
		total := dml.CalcBufferTensorSize(c.dt, sizes, strides)
		op, err := dev.CreateOperator(&dml.FillValueSequenceOperatorDesc{
			OutputTensor:  &dml.BufferTensorDesc{DataType: c.dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total},
			ValueDataType: c.dt, ValueStart: start, ValueDelta: delta,
		})
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, total)
		for range 3 { // (the plans remembered)
			_ = op.Execute(buf)
		}
		if n := testing.AllocsPerRun(20, func() { _ = op.Execute(buf) }); n != 0 {
			t.Errorf("%v %d channels in pixels of %d: %v allocations an Execute, want 0", c.dt, c.ch, c.pix, n)
		}
	}
}
