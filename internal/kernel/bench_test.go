package kernel

import "testing"

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
