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
// KiB on, and packed from 4 KiB, go as binade lanes on the tables with
// AVX-512, never a row at a time as runs: 64 KiB wrote 1.1-1.5 GB/s as
// runs and 4.6-20 as lanes, 4 KiB packed 1.3 and 2.1-2.2 (binFormNs'
// figures), gaps no measurement of the constants moves.
func TestBinLanesPayRuns(t *testing.T) {
	for _, tb := range []*table{avx512Table, goTable} {
		for _, c := range []struct{ pix, kib int }{
			{64, 4}, {64, 64}, {64, 256}, {64, 1024}, {72, 64}, {72, 128}, {72, 1024},
		} {
			checkBinLanesSmall(t, tb, 64, c.pix, c.kib)
		}
	}
}

// TestBinLanesPaySmall: NHWC FLOAT16 0.1, +3e-4 of 8, 16 and 32 channels,
// packed, at 64 KiB, go as binade lanes, not as columns (no zip kernel
// takes rows of more than zipMax elements): 3.6-5.4 GB/s as columns, 14-17
// as lanes (binFormNs' figures).
func TestBinLanesPaySmall(t *testing.T) {
	for _, tb := range []*table{avx512Table, goTable} {
		for _, ch := range []int{8, 16, 32} {
			checkBinLanesSmall(t, tb, ch, ch, 64)
		}
	}
}

// checkBinLanesSmall fails t unless kib KiB of NHWC FLOAT16 0.1, +3e-4 of
// ch channels in pixels of pix go as binade lanes, in one piece, on tb.
func checkBinLanesSmall(t *testing.T, tb *table, ch, pix, kib int) {
	t.Helper()
	px := kib << 10 / (2 * pix)
	f := NewFiller(Float16, 2, f16(0.1), f16(3e-4), uint64(ch*px))
	dst := make([]byte, (px-1)*2*pix+2*ch)
	rs := &rowSet{px, 2 * pix, ch, 0, 1, uint64(px)}
	if blk, lanes := f.lanesBlock(tb, rs); blk == 0 || lanes != lanesBin {
		t.Fatalf("%s, %d channels in pixels of %d, %d KiB: lanes %d, want binade lanes", tb.name, ch, pix, kib, lanes)
	}
	var pl plan
	f.planRows(tb, testVerdicts, dst, rs, len(dst), &pl)
	if pl.n != 1 || pl.p[0].m != mRowsLanes {
		t.Errorf("%s, %d channels in pixels of %d, %d KiB: planned %v in %d pieces, want rows-lanes", tb.name, ch, pix, kib, pl.p[0].m, pl.n)
	}
}
