package dml_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
)

// FuzzExecute decodes a descriptor from the fuzzer's bytes, and checks that
// CreateOperator and Execute never panic, that a rejection wraps
// ErrInvalidArg, that the elements get the reference's bits and that no other
// byte of the buffer changes.
func FuzzExecute(f *testing.F) {
	f.Add([]byte{1, 0x64, 4, 1, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0x40, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0})
	f.Add([]byte{5, 0x21, 4, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0xFE, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{2, 0x64, 0x82, 3, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0x7B, 0, 0, 0, 0, 0, 0, 0x01, 0x3C, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{11, 0x50, 0x42, 5, 4, 2, 0, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		dt := dml.TensorDataType(data[0] % 15)
		level := dml.FeatureLevel(uint32(data[1]) << 8)
		dims := int(data[2] & 0xF)
		strided := data[2]&0x40 != 0
		extra := uint64(data[2]>>7) * 8
		in := fuzzBytes(data[3:])
		sizes := make([]uint32, dims)
		n := 1
		for i := range sizes {
			sizes[i] = uint32(in.take() % 9)
			n *= max(1, int(sizes[i]))
		}
		var strides []uint32
		if strided {
			strides = make([]uint32, dims)
			for i := range strides {
				strides[i] = uint32(in.take() % 40)
			}
		}
		data = in // (what is left: start and delta)
		var sv, dv [8]byte
		copy(sv[:], data)
		if len(data) > 8 {
			copy(dv[:], data[8:])
		}
		total := dml.CalcBufferTensorSize(dt, sizes, strides) + extra
		if total > 1<<22 || n > 1<<12 {
			return // keep the enumerating reference fast
		}
		desc := &dml.FillValueSequenceOperatorDesc{
			OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total},
			ValueDataType: dt, ValueStart: sv, ValueDelta: dv,
		}
		op, err := dml.NewDevice(level).CreateOperator(desc)
		if err != nil {
			if !errors.Is(err, dml.ErrInvalidArg) || !strings.HasPrefix(err.Error(), "dml: ") {
				t.Fatalf("bad error: %v", err)
			}
			return
		}
		offs, alias := offsets(sizes, strides)
		if alias {
			t.Fatalf("aliasing layout %v %v accepted", sizes, strides)
		}
		buf := bytes.Repeat([]byte{0xA5}, int(total))
		if err := op.Execute(buf[:total/2]); err == nil && total > 0 {
			t.Fatal("short buffer accepted")
		}
		if !bytes.Equal(buf, bytes.Repeat([]byte{0xA5}, int(total))) {
			t.Fatal("a rejected Execute wrote")
		}
		if err := op.Execute(buf); err != nil {
			t.Fatal(err)
		}
		es := uint64(dt.ElementSize())
		want := bytes.Repeat([]byte{0xA5}, int(total))
		for i, o := range offs {
			v := exact.Element(dt, binary.LittleEndian.Uint64(sv[:]), binary.LittleEndian.Uint64(dv[:]), uint64(i))
			for k := range es {
				want[o*es+k] = byte(v >> (8 * k))
			}
		}
		if !bytes.Equal(buf, want) {
			t.Fatalf("buffer differs from the reference")
		}
	})
}

// FuzzParseScalar checks that the value parser never panics, that failures
// wrap ErrInvalidArg, that integers keep their value modulo 2^n, and that
// float16 results are the exact decimal rounded once.
func FuzzParseScalar(f *testing.F) {
	for _, s := range []string{"3.2", "-2", "0xFE", "0x1.8p+1", "inf", "-inf", "nan", "65520", "1e-8", "-0", "255", "1/2", "1e400", "0b101", "+7", "1_0", "0x"} {
		f.Add(uint8(1), s)
		f.Add(uint8(2), s)
		f.Add(uint8(5), s)
		f.Add(uint8(11), s)
	}
	f.Fuzz(func(t *testing.T, typ uint8, text string) {
		if len(text) > 200 {
			return
		}
		dt := dml.TensorDataType(typ % 15)
		s, err := dml.ParseScalar(dt, text)
		if err != nil {
			if !errors.Is(err, dml.ErrInvalidArg) {
				t.Fatalf("%q: %v", text, err)
			}
			return
		}
		if dt == dml.TensorDataTypeFloat16 {
			r, ok := new(big.Rat).SetString(strings.TrimSpace(text))
			if ok && !strings.ContainsAny(text, "/") && r.Sign() != 0 {
				if want := exact.RoundFloat16(r); s.Uint16() != want {
					t.Fatalf("%q: %#x, want %#x", text, s.Uint16(), want)
				}
			}
		}
		if !dt.IsFloat() {
			v, ok := new(big.Int).SetString(strings.TrimPrefix(strings.TrimSpace(text), "+"), 0)
			if ok && !strings.HasPrefix(strings.TrimLeft(strings.TrimSpace(text), "+-"), "0") {
				n := 8 * dt.ElementSize()
				v.Mod(v, new(big.Int).Lsh(big.NewInt(1), uint(n)))
				if v.Uint64() != s.BitsOf(dt) {
					t.Fatalf("%q as %v: %#x, want %#x", text, dt, s.BitsOf(dt), v)
				}
			}
		}
	})
}
