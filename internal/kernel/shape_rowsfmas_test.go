package kernel

import "testing"

// validRowsFMAS is validRows for a piece of rows-fma-s (mRowsFMAS) of n
// elements, indices a to last.
func (s *Seq) validRowsFMAS(_ int, _, last, _, _ uint64, _ piece) string {
	if s.kind != Float32 || !s.linearFloat() || last >= fmaSMax {
		return "not float32 of indices below 2^24"
	}
	return ""
}

// TestRowsFMASBound: rows-fma-s takes float32 rows whose every index is
// below fmaSMax (2^24, where float32 lanes stop holding each index
// exactly), and no row past it: rows whose last index is fmaSMax - 1 go
// as rows-fma-s, rows whose last is fmaSMax do not, and rows that cross it
// (a delta large enough that an index off by one shows) are Bits, on
// every table.
func TestRowsFMASBound(t *testing.T) {
	mem := make([]byte, 1<<16+256)
	for _, tb := range machineTables() {
		for _, c := range []struct {
			start, delta   uint64
			rows, n, pitch int
			i0, rowStep    uint64
			fmaS           bool // rows-fma-s takes every row (else none)
		}{
			{0x3DCCCCCD, 0x3E99999A, 8, 64, 272, fmaSMax - 8*64, 64, true},      // 0.1, +0.3: the last index fmaSMax - 1
			{0x3DCCCCCD, 0x3E99999A, 8, 64, 272, fmaSMax - 8*64 + 1, 64, false}, // the last index fmaSMax
			{0x50690000, 0x4C400000, 248, 32, 184, 16774381, 34, false},         // crossing it, 5e7 an index
		} {
			f := onTable(NewFiller(Float32, 4, c.start, c.delta, 0), tb)
			rc := rowsLayout{f: f, dst: mem[:(c.rows-1)*c.pitch+c.n*4], rows: c.rows, pitch: c.pitch, n: c.n, i0: c.i0, rowStep: c.rowStep, step: 1}
			fmaRows := 0
			for _, p := range planAllRows(tb, rc) {
				if p.m == mRowsFMAS {
					fmaRows += int(p.n)
				}
			}
			if c.fmaS && fmaRows != c.rows || !c.fmaS && fmaRows != 0 {
				t.Errorf("%s: rows from index %d: %d of %d rows as rows-fma-s", tb.name, c.i0, fmaRows, c.rows)
			}
			if why := fillRowsMismatch(tb, rc, 0x5A); why != "" {
				t.Errorf("%s: rows from index %d: %s", tb.name, c.i0, why)
			}
		}
	}
}

// TestRowsFMASStream: rows-fma-s streams padded rows at any multiple of 4
// bytes past streamingMin where the machine streams (forced here), and
// every element is Bits.
func TestRowsFMASStream(t *testing.T) {
	defer setStreaming(0)
	setStreaming(1)
	const n, pitch = 36, 148
	rows := streamingMin/pitch + 3
	mem := make([]byte, rows*pitch+256)
	f := NewFiller(Float32, 4, 0x3DCCCCCD, 0x3E99999A, 0) // 0.1, +0.3
	for _, tb := range machineTables() {
		rc := rowsLayout{f: onTable(f, tb), dst: mem[4 : 4+(rows-1)*pitch+n*4], rows: rows, pitch: pitch, n: n, i0: 1, rowStep: n, step: 1}
		for _, p := range planAllRows(tb, rc) {
			if p.m != mRowsFMAS || p.st != stStream {
				t.Fatalf("%s: a piece of %d rows as %v, store kind %d: want rows-fma-s, streaming", tb.name, p.n, p.m, p.st)
			}
		}
		if why := fillRowsMismatch(tb, rc, 0xA5); why != "" {
			t.Errorf("%s: %s", tb.name, why)
		}
	}
}
