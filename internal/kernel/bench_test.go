package kernel

import "testing"

func BenchmarkFillFloat32Plain(b *testing.B) {
	s := New(Float32, 4, 0x3DCCCCCD, 0x3E99999A)
	dst := make([]uint32, 16384)
	b.SetBytes(int64(4 * len(dst)))
	for b.Loop() {
		Fill(s, dst, 0, 1)
	}
}
