package dml_test

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
	"github.com/x448/float16"
)

// midpointCase is a sequence whose element i lies a hair away from a midpoint
// between two neighbours of the output type: i*delta is exactly the midpoint
// and start is tiny. Rounding through a wider type first lands on the
// midpoint and then breaks the tie to even, which is wrong for one sign of
// start: correct rounding must follow start's sign.
type midpointCase struct {
	start, delta uint64
	i            uint64
}

// float32Midpoints finds float32 deltas and indices with i*delta exactly a
// float32 midpoint, and pairs each with a start far below float64's
// resolution there.
func float32Midpoints(r *rand.Rand, n int, minI, maxI uint64) []midpointCase {
	var out []midpointCase
	for len(out) < n {
		D := uint64(r.Uint32()&0x7FFFFF | 0x800000) // 24-bit significand
		i := minI + r.Uint64N(maxI-minI+1)
		hi, P := bits.Mul64(D, i)
		if hi != 0 {
			continue
		}
		k := bits.Len64(P)
		if k < 26 || P&(1<<(k-24)-1) != 1<<(k-25) {
			continue
		}
		e := r.IntN(60) - 30 // delta = D * 2^(e-23)
		delta := math.Float32bits(float32(math.Ldexp(float64(D), e-23)))
		// i*delta has its leading bit at 2^(e+k-24); start = ±2^(e+k-24-64).
		start := math.Float32bits(float32(math.Ldexp(1, e+k-24-64)))
		if r.IntN(2) == 0 {
			start |= 1 << 31
		}
		if r.IntN(2) == 0 {
			delta |= 1 << 31
		}
		out = append(out, midpointCase{uint64(start), uint64(delta), i})
	}
	return out
}

// float16Midpoints does the same for float16, with start below float32's
// resolution at the sum.
func float16Midpoints(r *rand.Rand, n int, minI, maxI uint64) []midpointCase {
	var out []midpointCase
	for len(out) < n {
		D := uint64(r.Uint32()&0x3FF | 0x400) // 11-bit significand
		i := minI + r.Uint64N(maxI-minI+1)
		P := D * i
		k := bits.Len64(P)
		if k < 13 || P&(1<<(k-11)-1) != 1<<(k-12) {
			continue
		}
		top := r.IntN(8) + 6 // the sum's leading bit at 2^top, below 2^15
		e := top - k + 1     // delta = D * 2^(e-10)... P*2^(e-10) has top e+k-11
		e += 10
		dv := math.Ldexp(float64(D), e-10)
		if dv < 0x1p-24 || dv > 65504 {
			continue
		}
		delta := float16.Fromfloat32(float32(dv))
		if float64(delta.Float32()) != dv {
			continue
		}
		sv := math.Ldexp(1, top-27) // below float32's half-ulp 2^(top-24)
		if sv < 0x1p-24 {
			continue
		}
		start := float16.Fromfloat32(float32(sv)).Bits()
		if r.IntN(2) == 0 {
			start |= 0x8000
		}
		db := delta.Bits()
		if r.IntN(2) == 0 {
			db |= 0x8000
		}
		out = append(out, midpointCase{uint64(start), uint64(db), i})
	}
	return out
}

// element runs the operator for one element through ExecuteWindow on a
// tensor of 2^32-1 elements, so that any index can be asked for.
func element(t *testing.T, dt dml.TensorDataType, start, delta, i uint64) uint64 {
	t.Helper()
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: []uint32{math.MaxUint32}, TotalTensorSizeInBytes: math.MaxUint64},
		ValueDataType: dt, ValueStart: dml.ScalarBits(start), ValueDelta: dml.ScalarBits(delta),
	}
	op, err := dml.NewDevice(dml.FeatureLevelLatest).CreateOperator(desc)
	if err != nil {
		t.Fatal(err)
	}
	es := uint64(dt.ElementSize())
	b := make([]byte, es)
	if err := op.ExecuteWindow(b, i*es); err != nil {
		t.Fatal(err)
	}
	return getLE(b, uint32(es))
}

// TestMidpointsFloat32 checks constructed cases where rounding via float64
// gives the wrong float32, for small indices and for indices past 2^24.
func TestMidpointsFloat32(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	cases := float32Midpoints(r, 300, 2, 64)
	// Past 2^24: i = m * 2^j keeps the low bits of m*delta's significand, so
	// the same midpoints appear at indices up to 2^32-1.
	for _, c := range float32Midpoints(r, 300, 2, 64) {
		for c.i < 1<<24 || c.i<<1 < math.MaxUint32 && r.IntN(2) == 0 {
			c.i <<= 1
		}
		cases = append(cases, c)
	}
	doubleWrong := 0
	for _, c := range cases {
		want := exact.Element(dml.TensorDataTypeFloat32, c.start, c.delta, c.i)
		got := element(t, dml.TensorDataTypeFloat32, c.start, c.delta, c.i)
		if got != want {
			t.Fatalf("start %#x delta %#x i %d: got %#x, want %#x", c.start, c.delta, c.i, got, want)
		}
		// Via float64 (i*delta + start, each rounded, then to float32).
		s, d := float64(math.Float32frombits(uint32(c.start))), float64(math.Float32frombits(uint32(c.delta)))
		p := float64(c.i) * d
		if uint64(math.Float32bits(float32(p+s))) != want {
			doubleWrong++
		}
	}
	// The construction must bite: rounding twice is wrong in about half the
	// cases (the half where start points away from the even neighbour).
	if doubleWrong < len(cases)/4 {
		t.Fatalf("only %d of %d cases defeat double rounding: the construction is broken", doubleWrong, len(cases))
	}
}

// TestMidpointsFloat16 does the same for float16 against rounding via float32.
func TestMidpointsFloat16(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cases := append(float16Midpoints(r, 300, 2, 64), float16Midpoints(r, 100, 2048, 1<<14)...)
	doubleWrong := 0
	for _, c := range cases {
		want := exact.Element(dml.TensorDataTypeFloat16, c.start, c.delta, c.i)
		got := element(t, dml.TensorDataTypeFloat16, c.start, c.delta, c.i)
		if got != want {
			t.Fatalf("start %#x delta %#x i %d: got %#x, want %#x", c.start, c.delta, c.i, got, want)
		}
		s := float64(float16.Frombits(uint16(c.start)).Float32())
		d := float64(float16.Frombits(uint16(c.delta)).Float32())
		f32 := float32(float64(c.i)*d + s) // exact in float64, rounded to float32
		if uint64(float16.Fromfloat32(f32).Bits()) != want {
			doubleWrong++
		}
	}
	if doubleWrong < len(cases)/4 {
		t.Fatalf("only %d of %d cases defeat double rounding: the construction is broken", doubleWrong, len(cases))
	}
}

// TestHighIndices compares elements at indices up to 2^32-2 with the
// reference, float32 sums past 2^24 and float16 values past 2048 included.
func TestHighIndices(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		dt := allTypes[r.IntN(len(allTypes))]
		start, delta := randomValue(r, dt), randomValue(r, dt)
		i := r.Uint64N(math.MaxUint32)
		if r.IntN(2) == 0 {
			i = 1<<24 + r.Uint64N(1<<20)
		}
		if got, want := element(t, dt, start, delta, i), exact.Element(dt, start, delta, i); got != want {
			t.Fatalf("%v start %#x delta %#x i %d: got %#x, want %#x", dt, start, delta, i, got, want)
		}
	}
	// Counting by one past 2^24 in float32: 2^24+1 is a tie and rounds to
	// even; past 2^24 only even integers exist.
	for _, c := range []struct{ i, want uint64 }{
		{1<<24 - 1, 0x4B7FFFFF}, {1 << 24, 0x4B800000}, {1<<24 + 1, 0x4B800000},
		{1<<24 + 3, 0x4B800002}, {math.MaxUint32 - 1, 0x4F800000},
	} {
		if got := element(t, dml.TensorDataTypeFloat32, 0, 0x3F800000, c.i); got != c.want {
			t.Errorf("float32 0+%d*1 = %#x, want %#x", c.i, got, c.want)
		}
	}
	// float16 past 2048: 2049 ties to 2048, 2051 to 2052; 65519 rounds
	// down to 65504, 65520 overflows to infinity.
	for _, c := range []struct{ i, want uint64 }{
		{2048, 0x6800}, {2049, 0x6800}, {2050, 0x6801}, {2051, 0x6802},
		{65504, 0x7BFF}, {65519, 0x7BFF}, {65520, 0x7C00}, {1 << 31, 0x7C00},
	} {
		if got := element(t, dml.TensorDataTypeFloat16, 0, 0x3C00, c.i); got != c.want {
			t.Errorf("float16 0+%d*1 = %#x, want %#x", c.i, got, c.want)
		}
	}
}

// TestLongRunsAgainstExact holds every element of long packed runs to the
// reference: float16 deltas of few significant bits, whose long binades
// repeat every 64 elements (written by 16-bit additions from their first
// elements), rising, falling and crossing zero, with ties and without;
// float32 that rounds, at indices below 2^24 (a float32 fused
// multiply-add on exact indices) and past it; integer runs of 2 MiB and
// more that repeat within 128 KiB (copied from their own first bytes), from
// index 0 and from a window past it, and one that does not repeat so soon;
// at several alignments. (Of the integer runs, every element of the first
// 300000 and the last 65536, and every seventh between.)
func TestLongRunsAgainstExact(t *testing.T) {
	f16 := func(v float32) uint64 { return uint64(float16.Fromfloat32(v).Bits()) }
	f32 := func(v float32) uint64 { return uint64(math.Float32bits(v)) }
	cases := []struct {
		dt           dml.TensorDataType
		start, delta uint64
		n            uint32
		i0           uint64 // the run is elements [i0, i0+n) of the sequence
	}{
		{dml.TensorDataTypeFloat16, f16(0), f16(1), 70000, 0},
		{dml.TensorDataTypeFloat16, f16(-1000), f16(1), 40000, 0},
		{dml.TensorDataTypeFloat16, f16(30000), f16(-0.5), 120000, 0},
		{dml.TensorDataTypeFloat16, f16(2048), f16(0.125), 100000, 0},
		{dml.TensorDataTypeFloat16, f16(0.5), f16(0.375), 90000, 0},
		{dml.TensorDataTypeFloat16, f16(-3.25), f16(0.0625), 130000, 0},
		{dml.TensorDataTypeFloat32, f32(0.1), f32(0.3), 100000, 0},
		{dml.TensorDataTypeFloat32, f32(1e7), f32(-0.3), 100000, 0},
		{dml.TensorDataTypeFloat32, f32(-1e-30), f32(3e-35), 100000, 0},
		{dml.TensorDataTypeFloat32, f32(1e7), f32(0.3), 50000, 1<<24 - 20000},
		{dml.TensorDataTypeUint8, 0, 1, 2200000, 0},
		{dml.TensorDataTypeInt8, 0x85, 0x03, 2500000, 12345},
		{dml.TensorDataTypeInt16, 0xFFFB, 3, 1300000, 0},
		{dml.TensorDataTypeUint16, 1, 0x8000, 1100000, 7},
		{dml.TensorDataTypeInt32, 0x80000001, 3 << 17, 600000, 0},
		{dml.TensorDataTypeUint64, 0x0123456789ABCDEF, 5 << 50, 300000, 0},
		{dml.TensorDataTypeInt64, 9, 0xFFFFFFFFFFFFFFFD, 300000, 0}, // (-3: a period of 2^64)
	}
	if testing.Short() {
		cases = cases[:3]
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for k, c := range cases {
		es := uint64(c.dt.ElementSize())
		sizes := []uint32{1, 1, 1, c.n}
		total := uint64(c.n) * es
		desc := &dml.FillValueSequenceOperatorDesc{
			OutputTensor:  &dml.BufferTensorDesc{DataType: c.dt, Sizes: []uint32{1, 1, 1, math.MaxUint32}, TotalTensorSizeInBytes: math.MaxUint64},
			ValueDataType: c.dt, ValueStart: dml.ScalarBits(c.start), ValueDelta: dml.ScalarBits(c.delta),
		}
		if c.i0 == 0 {
			desc.OutputTensor = &dml.BufferTensorDesc{DataType: c.dt, Sizes: sizes, TotalTensorSizeInBytes: total}
		}
		op, err := dev.CreateOperator(desc)
		if err != nil {
			t.Fatal(err)
		}
		mem := make([]byte, total+64)
		off := (k * 6) % 64 &^ int(es-1)
		buf := mem[off : off+int(total)]
		if c.i0 == 0 {
			err = op.Execute(buf)
		} else {
			err = op.ExecuteWindow(buf, c.i0*es)
		}
		if err != nil {
			t.Fatal(err)
		}
		integer := c.dt != dml.TensorDataTypeFloat16 && c.dt != dml.TensorDataTypeFloat32
		for j := range uint64(c.n) {
			if integer && j >= 300000 && j < uint64(c.n)-65536 && j%7 != 0 || !sampled(j, uint64(c.n), k) {
				continue
			}
			if got, want := getLE(buf[j*es:], uint32(es)), exact.Element(c.dt, c.start, c.delta, c.i0+j); got != want {
				t.Fatalf("%v start %#x delta %#x: element %d = %#x, want %#x", c.dt, c.start, c.delta, c.i0+j, got, want)
			}
		}
	}
}
