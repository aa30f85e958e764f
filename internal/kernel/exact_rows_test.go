package kernel_test

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
	"github.com/dmlgo/dml/internal/kernel"
)

// TestStreamedRowsExact: padded rows spanning more than 16 MiB, every
// piece streamed (the store verdict forced: every piece stores as all the
// rows do, and rows of whole lines fetch no line ahead), executed as a
// user's Execute runs them, give every element as internal/exact says and
// leave every padding byte: float32 0, +1 and 0.1, +0.3 (from row 1, pieces
// a binade each), int64, uint8 and float16 0.1, +3e-4, in rows of 1024
// elements 16 apart at a 64-byte aligned address (whole lines for float32
// and int64) and 16 bytes off it, on every kernel table.
func TestStreamedRowsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("16 MiB of rows a case")
	}
	kernel.SetStreaming(1)
	defer kernel.SetStreaming(0)
	was := kernel.TableName()
	defer func() { _ = kernel.UseTable(was) }()
	cases := []struct {
		dt           dml.TensorDataType
		start, delta string
	}{
		{dml.TensorDataTypeFloat32, "0", "1"}, {dml.TensorDataTypeFloat32, "0.1", "0.3"},
		{dml.TensorDataTypeInt64, "-5", "3"}, {dml.TensorDataTypeUint8, "0", "1"},
		{dml.TensorDataTypeFloat16, "0.1", "0.0003"},
	}
	var tables []string
	for _, table := range []string{"avx512", "avx2", "go"} {
		if kernel.UseTable(table) == nil {
			tables = append(tables, table)
		}
	}
	mem := make([]byte, 16<<20+16<<10+128)
	off := int((64 - uintptr(unsafe.Pointer(&mem[0]))%64) % 64)
	for k, c := range cases {
		for _, skew := range []int{0, 16} {
			table := tables[(2*k+skew/16)%len(tables)] // (every table, in turn)
			if err := kernel.UseTable(table); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s/%v %s,+%s/skew %d", table, c.dt, c.start, c.delta, skew)
			if why := streamedRows(mem[off+skew:], c.dt, c.start, c.delta); why != "" {
				t.Fatalf("%s: %s", name, why)
			}
		}
	}
}

// streamedRows fills rows of 1024 elements 1040 apart, spanning past 16 MiB,
// at the start of buf (pre-filled with 0xA7) with Execute, and returns the
// first byte that differs from the reference, or "".
func streamedRows(buf []byte, dt dml.TensorDataType, start, delta string) string {
	es := int(dt.ElementSize())
	const n, pitch = 1024, 1040
	rows := (16<<20)/(pitch*es) + 2 // (past 16 MiB, from which the rows may stream)
	sizes, strides := []uint32{uint32(rows), n}, []uint32{pitch, 1}
	s, err := dml.ParseScalar(dt, start)
	d, err2 := dml.ParseScalar(dt, delta)
	if err != nil || err2 != nil {
		return fmt.Sprint(err, err2)
	}
	total := dml.CalcBufferTensorSize(dt, sizes, strides)
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	dev.SetMaxWorkers(1) // (one worker: every row in one fill, whose span decides)
	op, err := dev.CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total},
		ValueDataType: dt, ValueStart: s, ValueDelta: d,
	})
	if err != nil {
		return err.Error()
	}
	b := buf[:total]
	for i := range b {
		b[i] = 0xA7
	}
	if err := op.Execute(b); err != nil {
		return err.Error()
	}
	q := exact.NewSeq(dt, s.Bits(), d.Bits())
	for r := range rows {
		for e := range pitch {
			at := (r*pitch + e) * es
			if at >= len(b) {
				break
			}
			pad := e >= n
			var v uint64
			if !pad {
				v = q.Element(uint64(r*n + e))
			}
			for k := range es {
				want := byte(0xA7)
				if !pad {
					want = byte(v >> (8 * k))
				}
				if b[at+k] != want {
					return fmt.Sprintf("row %d element %d byte %d = %#x, want %#x", r, e, k, b[at+k], want)
				}
			}
		}
	}
	return ""
}
