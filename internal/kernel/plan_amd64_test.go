//go:build amd64 && !purego

package kernel

import (
	"math"
	"testing"
)

// TestMasksPay: padded pixels (3 float32 channels in pixels of 4) go as
// masked rows-lanes on the tables with AVX-512 at any size, and on the
// AVX2 table only from streamingMin bytes (else as columns).
func TestMasksPay(t *testing.T) {
	mem := make([]byte, streamingMin+64)
	f := NewFiller(Float32, 4, uint64(math.Float32bits(0.1)), uint64(math.Float32bits(0.3)), 3<<20)
	for _, c := range []struct {
		tb    *table
		bytes int
		want  method
	}{{goTable, 1 << 20, mRowsLanes}, {goTable, streamingMin + 16, mRowsLanes}, {avx2Like, 1 << 20, mColumns}, {avx2Like, streamingMin + 16, mRowsLanes}} {
		rows := c.bytes / 16
		dst := mem[:(rows-1)*16+12]
		var pl plan
		f.planRows(c.tb, testVerdicts, dst, &rowSet{rows, 16, 3, 0, 3, 1}, len(dst), &pl)
		if pl.n != 1 || pl.p[0].m != c.want {
			t.Errorf("%s, %d bytes of pixels: planned %v in %d pieces, want %v", c.tb.name, c.bytes, pl.p[0].m, pl.n, c.want)
		}
	}
}

// TestBinLanesPayRuns: NHWC FLOAT16 0.1, +3e-4 in pixels of 64 channels
// (rows of 128 bytes, which columns does not take and the row kernels do
// not, their indices not consecutive), packed or in pixels of 72, from 64
// KiB on, go as binade lanes on the tables with AVX-512, never a row at a
// time as runs: 64 KiB wrote 1.1-1.5 GB/s as runs and 5-20 as lanes
// (binLanesPayRuns' figures), a gap no measurement of the constants moves.
func TestBinLanesPayRuns(t *testing.T) {
	for _, tb := range []*table{avx512Table, goTable} {
		for _, pix := range []int{64, 72} {
			for _, kib := range []int{64, 128, 256, 1024} {
				px := kib << 10 / (2 * pix)
				f := NewFiller(Float16, 2, f16(0.1), f16(3e-4), uint64(64*px))
				dst := make([]byte, (px-1)*2*pix+128)
				var pl plan
				f.planRows(tb, testVerdicts, dst, &rowSet{px, 2 * pix, 64, 0, 1, uint64(px)}, len(dst), &pl)
				if pl.n != 1 || pl.p[0].m != mRowsLanes {
					t.Errorf("%s, pixels of %d, %d KiB: planned %v in %d pieces, want rows-lanes", tb.name, pix, kib, pl.p[0].m, pl.n)
				}
			}
		}
	}
}
