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
