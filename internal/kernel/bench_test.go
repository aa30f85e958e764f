package kernel

import (
	"fmt"
	"math"
	"testing"
	"unsafe"
)

func BenchmarkFillFloat32Plain(b *testing.B) {
	f := NewFiller(Float32, 4, 0x3DCCCCCD, 0x3E99999A, 16384)
	dst := make([]uint32, 16384)
	p := piece{m: mLinear, n: uint32(len(dst))}
	b.SetBytes(int64(4 * len(dst)))
	for b.Loop() {
		plainElems(&f.Seq, dst, &p, plainLinear, 0, 1)
	}
}

func BenchmarkFillFloat16Round(b *testing.B) {
	f := NewFiller(Float16, 2, 0x2E66, 0x34CD, 32768)
	dst := make([]byte, 64<<10)
	b.SetBytes(int64(len(dst)))
	for b.Loop() {
		f.FillLE(dst, 0, 1)
	}
}

func BenchmarkF64ToF16(b *testing.B) {
	var sink uint16
	x := 0.1
	for b.Loop() {
		for range 1000 {
			sink += f64ToF16(x)
			x += 0.3
		}
	}
	_ = sink
}

// benchRow writes rows of rowBytes at 16 bytes past a new offset each
// time (as a padded layout's rows), with FillLE.
func benchRow(b *testing.B, f *Filler, rowBytes int) {
	mem := make([]byte, 1<<16)
	b.SetBytes(int64(rowBytes))
	off := 0
	for b.Loop() {
		f.FillLE(mem[off+16:off+16+rowBytes], 5, 1)
		off = (off + rowBytes + 16) % (1 << 15)
	}
}

func BenchmarkRow1KiB(b *testing.B) { benchRow(b, NewFiller(Int, 1, 0, 1, 1<<20), 1024) }

func BenchmarkRow1KiBF16(b *testing.B) { benchRow(b, NewFiller(Float16, 2, 0, 0x3C00, 1<<20), 2048) }

// benchPixels writes size bytes of pixels of c channels of the filler's
// elements one after another (rows of c elements, a pitch of one row:
// rows-lanes; NHWC: rowStep 1, step the pixels), or the same bytes packed
// (c 0), from a 64-byte aligned start.
func benchPixels(b *testing.B, f *Filler, size, c int) {
	mem := make([]byte, size+64)
	dst := mem[64-int(uintptr(unsafe.Pointer(&mem[0]))%64):][:size]
	px := size / (f.size * max(c, 1))
	b.SetBytes(int64(size))
	for b.Loop() {
		if c == 0 {
			f.FillLE(dst, 0, 1)
			continue
		}
		f.FillRowsLE(dst, px, f.size*c, c, 0, 1, uint64(px))
	}
}

// BenchmarkPixels4MiB: INT64 pixels of 5 channels (rows that repeat every
// five 128-byte blocks) against pixels of 4 (every block) and packed.
func BenchmarkPixels4MiB(b *testing.B) {
	int64s := NewFiller(Int, 8, 0, 1, 1<<19)
	b.Run("packed", func(b *testing.B) { benchPixels(b, int64s, 4<<20, 0) })
	b.Run("C=4", func(b *testing.B) { benchPixels(b, int64s, 4<<20, 4) })
	b.Run("C=5", func(b *testing.B) { benchPixels(b, int64s, 4<<20, 5) })
}

// BenchmarkPixels5Sizes: pixels of 5 channels, INT64, UINT8 and FLOAT32
// 0.1, +0.3 (fma-s lanes), from 4 KB (a few blocks of 640 bytes) to 4 MiB.
func BenchmarkPixels5Sizes(b *testing.B) {
	for _, size := range []int{4000, 64000, 1 << 20, 2 << 20, 4 << 20} {
		for _, c := range []struct {
			name string
			f    *Filler
		}{
			{"INT64", NewFiller(Int, 8, 0, 1, uint64(size/8))},
			{"UINT8", NewFiller(Int, 1, 0, 1, uint64(size))},
			{"FLOAT32", NewFiller(Float32, 4, 0x3DCCCCCD, 0x3E99999A, uint64(size/4))},
		} {
			b.Run(fmt.Sprintf("%dB/%s", size, c.name), func(b *testing.B) { benchPixels(b, c.f, size, 5) })
		}
	}
}

// BenchmarkPixels5F64: FLOAT32 0.1, +0.3 pixels of 5 channels past index
// 2^24 (f64 lanes), from 4 KB to 16 MiB, as periods of 320 bytes in one
// pass (cvt320xF32, where the table has it) and as five sets of 64-byte
// blocks (cvtF32StrideY; periods320Min out of reach), one after the other
// at each size: periods320Min's figures. The sizes of 300 bytes past a
// whole number of periods leave the longest tail after them (four blocks
// of 64 bytes and one that ends the rows, each worked out in Go).
func BenchmarkPixels5F64(b *testing.B) {
	f := NewFiller(Float32, 4, 0x3DCCCCCD, 0x3E99999A, 0)
	for _, size := range []int{4000, 8000, 8300, 16000, 16300, 64000, 1 << 20, 2 << 20, 4 << 20, 16 << 20} {
		mem := make([]byte, size+64)
		dst := mem[64-int(uintptr(unsafe.Pointer(&mem[0]))%64):][:size]
		px := size / 20
		for _, form := range []struct {
			name string
			min  int
		}{{"periods", 0}, {"sets", math.MaxInt}} {
			b.Run(fmt.Sprintf("%dB/%s", size, form.name), func(b *testing.B) {
				defer func(m int) { periods320Min = m }(periods320Min)
				periods320Min = form.min
				b.SetBytes(int64(size))
				for b.Loop() {
					f.FillRowsLE(dst, px, 20, 5, 1<<24, 1, uint64(px))
				}
			})
		}
	}
}
