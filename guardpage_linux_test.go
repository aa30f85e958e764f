package dml_test

import (
	"fmt"
	"syscall"
	"testing"

	"github.com/dmlgo/dml"
)

// TestPixelsFloat16GuardPage: FLOAT16 pixels of binade lanes over 1 MiB,
// dense and padded (the padded ones through the masked kernels that fetch
// ahead, bin192xMA and bin128xMA), in a buffer that ends where a page that
// may be neither read nor written (PROT_NONE) begins and starts where one
// ends: the fetches past the rows' end reach into it and do not fault, no
// store or load reaches it, and every byte is as internal/exact says.
func TestPixelsFloat16GuardPage(t *testing.T) {
	const page = 4096
	f16 := dml.TensorDataTypeFloat16
	for _, c := range []struct{ ch, slots, h, w int }{{3, 3, 128, 1400}, {64, 64, 8, 1040}, {3, 4, 128, 1040}} {
		sizes := []uint32{1, uint32(c.ch), uint32(c.h), uint32(c.w)}
		strides := []uint32{uint32(c.slots * c.h * c.w), 1, uint32(c.w * c.slots), uint32(c.slots)}
		total := dml.CalcBufferTensorSize(f16, sizes, strides)
		start, delta := uint64(0x2e66), uint64(0x0cea) // (0.1, +3e-4)
		want := wantBuffer(f16, sizes, strides, total, start, delta)
		span := (int(total) + page - 1) / page * page
		mem, err := syscall.Mmap(-1, 0, span+2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			t.Skip(err)
		}
		defer syscall.Munmap(mem)
		if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
			t.Skip(err)
		}
		if err := syscall.Mprotect(mem[page+span:], syscall.PROT_NONE); err != nil {
			t.Skip(err)
		}
		for _, table := range tables(t) {
			name := fmt.Sprintf("%s/pixels of %d in %d/sizes=%v", table, c.ch, c.slots, sizes)
			op := newFillOp(t, name, f16, sizes, strides, total, start, delta, 1, table)
			for _, at := range []int{page + span - int(total), page} {
				got := mem[at : at+int(total) : at+int(total)]
				fillBytes(got, fillPattern)
				if err := op.Execute(got); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s at page offset %d: %s", name, at%page, describeDiff(got, want, i, f16, sizes, strides))
				}
			}
		}
	}
}
