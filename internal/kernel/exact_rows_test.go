package kernel_test

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
	"github.com/dmlgo/dml/internal/kernel"
)

// TestStreamedRowsExact: padded rows spanning more than 16 MiB in one
// FillRowsLE, every piece streamed (the store verdict forced: every piece
// stores as all the rows do, and rows of whole lines fetch no line ahead),
// give every element as internal/exact says and leave every padding byte:
// float32 0, +1 and 0.1, +0.3 from index 2^24 - 64*1024 (rows-binade-s, a
// piece of 64 rows below 2^24, far under 16 MiB, and one of the rest),
// int64, uint8 and float16 0.1, +3e-4, in rows of 1024 elements 16 apart at a
// 64-byte aligned address (whole lines for float32 and int64) and 16 bytes
// off it, each on one of the kernel tables, in turn.
func TestStreamedRowsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("16 MiB of rows a case")
	}
	kernel.SetStreaming(1)
	defer kernel.SetStreaming(0)
	const binades = 1<<24 - 64*1024 // (float32: the first index of row 64 is 2^24)
	cases := []struct {
		dt           dml.TensorDataType
		start, delta string
		i0           uint64
	}{
		{dml.TensorDataTypeFloat32, "0", "1", binades}, {dml.TensorDataTypeFloat32, "0.1", "0.3", binades},
		{dml.TensorDataTypeInt64, "-5", "3", 0}, {dml.TensorDataTypeUint8, "0", "1", 0},
		{dml.TensorDataTypeFloat16, "0.1", "0.0003", 0},
	}
	var tables []string
	probe := kernel.NewFiller(kernel.Int, 1, 0, 1, 1)
	for _, table := range []string{"avx512", "avx2", "go"} {
		if probe.SetTable(table) == nil {
			tables = append(tables, table)
		}
	}
	mem := make([]byte, 16<<20+16<<10+128)
	off := int((64 - uintptr(unsafe.Pointer(&mem[0]))%64) % 64)
	for k, c := range cases {
		for _, skew := range []int{0, 16} {
			table := tables[(2*k+skew/16)%len(tables)] // (every table, in turn)
			name := fmt.Sprintf("%s/%v %s,+%s from %d/skew %d", table, c.dt, c.start, c.delta, c.i0, skew)
			if why := streamedRows(mem[off+skew:], table, c.dt, c.start, c.delta, c.i0); why != "" {
				t.Fatalf("%s: %s", name, why)
			}
		}
	}
}

// kinds are the kernel's kinds of the data types above.
var kinds = map[dml.TensorDataType]kernel.Kind{
	dml.TensorDataTypeFloat32: kernel.Float32, dml.TensorDataTypeFloat16: kernel.Float16,
	dml.TensorDataTypeInt64: kernel.Int, dml.TensorDataTypeUint8: kernel.Int,
}

// streamedRows fills rows of 1024 elements 1040 apart, spanning past 16
// MiB, of indices from i0, at the start of buf (pre-filled with 0xA7) in
// one FillRowsLE on the kernel table named, and returns the first byte
// that differs from the reference, or "".
func streamedRows(buf []byte, table string, dt dml.TensorDataType, start, delta string, i0 uint64) string {
	es := int(dt.ElementSize())
	const n, pitch = 1024, 1040
	rows := (16<<20)/(pitch*es) + 2 // (past 16 MiB, from which the rows may stream)
	s, err := dml.ParseScalar(dt, start)
	d, err2 := dml.ParseScalar(dt, delta)
	if err != nil || err2 != nil {
		return fmt.Sprint(err, err2)
	}
	f := kernel.NewFiller(kinds[dt], es, s.Bits(), d.Bits(), i0+uint64(rows*n))
	if err := f.SetTable(table); err != nil {
		return err.Error()
	}
	b := buf[:((rows-1)*pitch+n)*es]
	for i := range b {
		b[i] = 0xA7
	}
	f.FillRowsLE(b, rows, pitch*es, n, i0, n, 1)
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
				v = q.Element(i0 + uint64(r*n+e))
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
