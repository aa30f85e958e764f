package check_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/x448/float16"
)

// checkDesc is a FLOAT16 or FLOAT32 fill of the given sizes and strides.
func checkDesc(dt dml.TensorDataType, sizes, strides []uint32, start, delta string) *dml.FillValueSequenceOperatorDesc {
	s, _ := dml.ParseScalar(dt, start)
	d, _ := dml.ParseScalar(dt, delta)
	return &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: dml.CalcBufferTensorSize(dt, sizes, strides)},
		ValueDataType: dt, ValueStart: s, ValueDelta: d,
	}
}

// float16Positions maps every non-NaN float16 to its position in the
// ordered set of values, -0 just before +0: an independent definition of
// the distance in ULP.
func float16Positions() map[uint16]int {
	var all []uint16
	for b := range 1 << 16 {
		if !float16.Frombits(uint16(b)).IsNaN() {
			all = append(all, uint16(b))
		}
	}
	slices.SortFunc(all, func(a, b uint16) int {
		fa, fb := float16.Frombits(a).Float32(), float16.Frombits(b).Float32()
		switch {
		case fa < fb:
			return -1
		case fa > fb:
			return 1
		}
		return int(b>>15) - int(a>>15) // -0 (sign set) first
	})
	pos := map[uint16]int{}
	for i, b := range all {
		pos[b] = i
	}
	return pos
}

// TestCheckULPDistance: the report's distance is the positions' difference
// (float16: every value sorted; float32: steps of Nextafter32, counting -0
// and +0 apart), NaN against NaN is a match unless bit exactness is asked
// for, NaN against a number has its own bucket.
func TestCheckULPDistance(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pos := float16Positions()
	one := func(dt dml.TensorDataType, got, want uint64, bitExact bool) *check.Report {
		t.Helper()
		desc := checkDesc(dt, []uint32{1}, nil, "0", "0")
		desc.ValueStart = dml.ScalarBits(want)
		buf := make([]byte, dt.ElementSize())
		for k := range buf {
			buf[k] = byte(got >> (8 * k))
		}
		rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(buf), check.Options{BitExact: bitExact})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	for range 3000 {
		a, b := uint16(r.Uint32()), uint16(r.Uint32())
		pa, okA := pos[a]
		pb, okB := pos[b]
		rep := one(dml.TensorDataTypeFloat16, uint64(a), uint64(b), false)
		switch {
		case !okA && !okB:
			if rep.Exact != 1 {
				t.Fatalf("NaN %#x against NaN %#x: not a match", a, b)
			}
		case !okA || !okB:
			if rep.Histogram[check.ULPNaNOnly] != 1 {
				t.Fatalf("%#x against %#x: not in the NaN bucket", a, b)
			}
		default:
			want, got := uint64(max(pa-pb, pb-pa)), uint64(0)
			if rep.Worst != nil {
				got = rep.Worst.ULP
			}
			if got != want {
				t.Fatalf("float16 %#x against %#x: distance %d, want %d", a, b, got, want)
			}
		}
	}
	for range 2000 {
		a := math.Float32frombits(r.Uint32())
		if a != a || math.IsInf(float64(a), 0) {
			continue
		}
		k := 1 + r.IntN(50)
		b, dir := a, float32(math.Inf(1-2*r.IntN(2)))
		want := uint64(k)
		for range k {
			nb := math.Nextafter32(b, dir)
			if math.Signbit(float64(nb)) != math.Signbit(float64(b)) {
				want++ // -0 and +0 are two positions; Nextafter32 steps over one
			}
			b = nb
		}
		if math.IsInf(float64(b), 0) {
			continue
		}
		rep := one(dml.TensorDataTypeFloat32, uint64(math.Float32bits(a)), uint64(math.Float32bits(b)), false)
		if rep.Worst == nil || rep.Worst.ULP != want {
			t.Fatalf("float32 %g against %g (%d steps): %v, want %d", a, b, k, rep.Worst, want)
		}
	}
	if rep := one(dml.TensorDataTypeFloat32, 0x80000000, 0, false); rep.Worst == nil || rep.Worst.ULP != 1 {
		t.Errorf("-0 against +0: %v, want 1 ULP", rep.Worst)
	}
	if rep := one(dml.TensorDataTypeFloat32, 0x7FC00001, 0x7FC00000, true); rep.Exact != 0 {
		t.Errorf("NaN payloads with BitExact: a match")
	}
}

// TestCheckFindsCorruption: the exact output passes; corrupted elements
// are reported at their index and coordinates with their distance, in
// packed order and in a whole strided buffer, whose changed padding is
// reported too; a tolerance lets 1-ULP elements pass; a wrong length is an
// error.
func TestCheckFindsCorruption(t *testing.T) {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{3, 5, 7}, []uint32{48, 8, 1}, "0.1", "0.3")
	packedDesc := checkDesc(dml.TensorDataTypeFloat32, []uint32{3, 5, 7}, nil, "0.1", "0.3")
	pop, _ := dev.CreateOperator(packedDesc)
	packed := make([]byte, 3*5*7*4)
	pop.Execute(packed)
	op, _ := dev.CreateOperator(desc)
	buffer := make([]byte, desc.OutputTensor.TotalTensorSizeInBytes)
	op.Execute(buffer)
	zero := byte(0)
	for _, tc := range []struct {
		name string
		data []byte
		opts check.Options
		at   uint64 // byte offset of element 2*35 + 3*7 + 4 = 95
	}{
		{"packed", packed, check.Options{}, 95 * 4},
		{"buffer", buffer, check.Options{Buffer: true, Padding: &zero}, (2*48 + 3*8 + 4) * 4},
	} {
		rep, err := check.Reader(dev, desc, bytes.NewReader(tc.data), tc.opts)
		if err != nil || !rep.OK() || rep.Exact != 105 || rep.Elements != 105 {
			t.Fatalf("%s, exact: %+v %v", tc.name, rep, err)
		}
		bad := bytes.Clone(tc.data)
		v := binary.LittleEndian.Uint32(bad[tc.at:])
		binary.LittleEndian.PutUint32(bad[tc.at:], v+1) // one ULP up
		rep, _ = check.Reader(dev, desc, bytes.NewReader(bad), tc.opts)
		m := rep.Worst
		if rep.OK() || rep.Histogram[check.ULP1] != 1 || m == nil || m.Index != 95 || !slices.Equal(m.Coords, []uint32{2, 3, 4}) ||
			m.Offset != tc.at || m.ULP != 1 || m.Got != uint64(v+1) || m.Want != uint64(v) {
			t.Fatalf("%s, one element 1 ULP off: %+v, worst %+v", tc.name, rep, m)
		}
		opts := tc.opts
		opts.ULP = 1
		if rep, _ = check.Reader(dev, desc, bytes.NewReader(bad), opts); !rep.OK() || rep.Within != 105 || rep.Exact != 104 {
			t.Fatalf("%s, with 1 ULP allowed: %+v", tc.name, rep)
		}
		if _, err := check.Reader(dev, desc, bytes.NewReader(tc.data[:len(tc.data)-4]), tc.opts); !errors.Is(err, dml.ErrInvalidArg) {
			t.Fatalf("%s, short: %v", tc.name, err)
		}
		if _, err := check.Reader(dev, desc, bytes.NewReader(append(bytes.Clone(tc.data), 0)), tc.opts); !errors.Is(err, dml.ErrInvalidArg) {
			t.Fatalf("%s, long: %v", tc.name, err)
		}
	}
	// A padding byte changed: reported at its offset.
	bad := bytes.Clone(buffer)
	bad[7*4+2] = 0x55 // row 0's padding (elements 7 .. 7 of the 8-element stride)
	rep, _ := check.Reader(dev, desc, bytes.NewReader(bad), check.Options{Buffer: true, Padding: &zero})
	if rep.OK() || rep.BadPadding != 1 || rep.FirstBadPadding != 30 || rep.Exact != 105 {
		t.Fatalf("padding: %+v", rep)
	}
}

// spuriousEOF reads a few bytes, then says EOF once, then reads the rest: a
// reader io.Reader's contract allows to be taken at its EOF.
type spuriousEOF struct {
	data []byte
	step int
}

func (r *spuriousEOF) Read(p []byte) (int, error) {
	r.step++
	switch {
	case r.step == 1:
		return copy(p, r.data[:3]), nil
	case r.step == 2:
		return 0, io.EOF
	}
	if len(r.data) == 3 {
		return 0, io.EOF
	}
	n := copy(p, r.data[3:])
	r.data = append(r.data[:3], r.data[3+n:]...)
	return n, nil
}

// TestReaderShortRead: data that ends early (an EOF after 3 bytes of a
// correct INT16 fill) is an error that says how long the data was, not a
// FAIL report of elements never read.
func TestReaderShortRead(t *testing.T) {
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeInt16, Sizes: []uint32{7}, TotalTensorSizeInBytes: 16},
		ValueDataType: dml.TensorDataTypeInt16, ValueStart: dml.ScalarInt16(5), ValueDelta: dml.ScalarInt16(-2),
	}
	good := make([]byte, 14)
	for i := range 7 {
		v := uint16(5 - 2*i)
		good[2*i], good[2*i+1] = byte(v), byte(v>>8)
	}
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, &spuriousEOF{data: append([]byte(nil), good...)}, check.Options{})
	if err == nil || !errors.Is(err, dml.ErrInvalidArg) || !strings.Contains(err.Error(), "3 bytes") {
		t.Fatalf("an EOF after 3 of 14 bytes: report %v, error %v; want an error that the data has 3 bytes", rep, err)
	}
	rep, err = check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(good), check.Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("the same data whole: %v %v", rep, err)
	}
}

// zeroOnce answers (0, nil) once, then EOF: io.Reader allows the first.
type zeroOnce struct{ done bool }

func (z *zeroOnce) Read([]byte) (int, error) {
	if z.done {
		return 0, io.EOF
	}
	z.done = true
	return 0, nil
}

// TestReaderLonger: data longer than the descriptor, whose reader
// answers (0, nil) once at the descriptor's end, is refused as longer, not
// taken as ending there.
func TestReaderLonger(t *testing.T) {
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeUint8, Sizes: []uint32{8}, TotalTensorSizeInBytes: 8},
		ValueDataType: dml.TensorDataTypeUint8, ValueStart: dml.ScalarUint8(0), ValueDelta: dml.ScalarUint8(1),
	}
	r := io.MultiReader(bytes.NewReader([]byte{0, 1, 2, 3, 4, 5, 6, 7}), &zeroOnce{}, bytes.NewReader([]byte{99, 99, 99}))
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, r, check.Options{})
	if !errors.Is(err, dml.ErrInvalidArg) || !strings.Contains(err.Error(), "longer") {
		t.Fatalf("11 bytes for 8: report %v, error %v; want an error that the data is longer", rep, err)
	}
}

// TestPaddingPastLastSlot: a buffer whose TotalTensorSizeInBytes is not a
// multiple of the element size has padding past its last whole element
// slot, and Options.Padding holds those bytes too.
func TestPaddingPastLastSlot(t *testing.T) {
	pad := byte(0)
	for _, c := range []struct {
		dt    dml.TensorDataType
		total int
	}{{dml.TensorDataTypeFloat32, 7}, {dml.TensorDataTypeInt64, 12}, {dml.TensorDataTypeInt64, 15}, {dml.TensorDataTypeUint16, 5}} {
		es := int(c.dt.ElementSize())
		desc := &dml.FillValueSequenceOperatorDesc{
			OutputTensor:  &dml.BufferTensorDesc{DataType: c.dt, Sizes: []uint32{1}, TotalTensorSizeInBytes: uint64(c.total)},
			ValueDataType: c.dt,
		}
		buf := make([]byte, c.total) // element 0 is ValueStart, 0: all zeros
		for k := es; k < c.total; k++ {
			buf[k] = 0xFF
		}
		rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(buf), check.Options{Buffer: true, Padding: &pad})
		if err != nil {
			t.Fatal(err)
		}
		if want := uint64(c.total - es); rep.PaddingBytes != want || rep.BadPadding != want || rep.OK() {
			t.Errorf("%v in %d bytes: %d padding bytes, %d bad, OK %v; want %d and %d, not OK", c.dt, c.total, rep.PaddingBytes, rep.BadPadding, rep.OK(), want, want)
		}
	}
}

// TestReaderPackedRejectsDescriptor: a check of packed elements refuses a
// descriptor the device refuses, as a check of the whole buffer does, though
// its strides, size and alignment do not lay out the packed data: two
// elements at one address (strides 0, 0), a buffer of 1 byte, an alignment
// of 3 (DirectML's rules: DML_BUFFER_TENSOR_DESC's remarks).
func TestReaderPackedRejectsDescriptor(t *testing.T) {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	packed := make([]byte, 4*4)
	for _, c := range []struct {
		name    string
		edit    func(*dml.BufferTensorDesc)
		inError string
	}{
		{"overlapping strides", func(b *dml.BufferTensorDesc) { b.Strides = []uint32{0, 0} }, "Strides"},
		{"a buffer too small", func(b *dml.BufferTensorDesc) { b.TotalTensorSizeInBytes = 1 }, "TotalTensorSizeInBytes"},
		{"an alignment of 3", func(b *dml.BufferTensorDesc) { b.GuaranteedBaseOffsetAlignment = 3 }, "GuaranteedBaseOffsetAlignment"},
	} {
		desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{2, 2}, nil, "0", "1")
		c.edit(desc.OutputTensor)
		for _, buffer := range []bool{false, true} {
			_, err := check.Reader(dev, desc, bytes.NewReader(packed), check.Options{Buffer: buffer})
			if !errors.Is(err, dml.ErrInvalidArg) || !strings.Contains(err.Error(), c.inError) {
				t.Errorf("%s, Buffer %v: %v; want the device's refusal, naming %s", c.name, buffer, err, c.inError)
			}
		}
	}
}
