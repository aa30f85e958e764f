package kernel

import (
	"testing"
	"unsafe"
)

// validRowsWords is validRows for a piece of rows-words (mRowsWords) of n
// elements from index a.
func (s *Seq) validRowsWords(n int, a, _, rowStep, step uint64, p piece) string {
	if !s.rowsWordsMatch(n, a, rowStep, step, p) {
		return "an element is not first + r*rowD + e*d"
	}
	return ""
}

// rowsWordsMatch reports whether piece p's rows of n elements, from index
// a, are p's first + r*rowD + e*d (mRowsWords).
func (s *Seq) rowsWordsMatch(n int, a, rowStep, step uint64, p piece) bool {
	for r := range uint64(p.n) {
		for e := range uint64(n) {
			i := a + r*rowStep + e*step
			if s.Bits(i) != (p.first+r*p.rowD+e*p.d)&s.mask() {
				return false
			}
		}
	}
	return true
}

// TestRowsInfiniteBound: rows-words takes rows as infinities only from the
// overflow point on (overIdx): rows that start just before it, at it and
// just past it are Bits, on every table.
func TestRowsInfiniteBound(t *testing.T) {
	mem := make([]byte, 1<<12+256)
	f := NewFiller(Float16, 2, 0x7800, 0x5000, 5000) // 32768, +32: the last finite value at index 1023
	for _, tb := range machineTables() {
		onTable(f, tb)
		for _, i0 := range []uint64{f.overIdx - 64, f.overIdx - 1, f.overIdx, f.overIdx + 1} {
			rc := rowsLayout{f: f, dst: mem[:2*160+64*2], rows: 3, pitch: 160, n: 64, i0: i0, rowStep: 64, step: 1}
			if why := fillRowsMismatch(tb, rc, 0x5A); why != "" {
				t.Errorf("%s: rows from index %d (overflow at %d): %s", tb.name, i0, f.overIdx, why)
			}
		}
	}
}

// TestRowsWordsStream: the word and float32 row kernels stream rows past
// streamingMin where the machine streams (forced here) only where every
// row is at a multiple of 16 bytes and a multiple of 16 long (their
// streaming form's contract), and every element is Bits either way.
func TestRowsWordsStream(t *testing.T) {
	defer setStreaming(0)
	setStreaming(1)
	mem := make([]byte, streamingMin+1<<16)
	at := int((64 - uintptr(unsafe.Pointer(&mem[0]))%64) % 64)
	for _, tb := range machineTables() {
		for _, c := range []struct {
			kind         Kind
			start, delta uint64
			m            method
		}{
			{Int, 5, 3, mRowsWords},
			{Float32, 0, 0x3F800000, mRowsF32}, // 0, +1: exact in float32 lanes
		} {
			for _, pitch := range []int{272, 148} { // rows of 256 bytes at multiples of 16, of 144 at multiples of 4
				n := (pitch - 16) / 4
				rows := streamingMin/pitch + 3
				f := onTable(NewFiller(c.kind, 4, c.start, c.delta, uint64(rows*n+1)), tb) // (a count: float32 exact below 2^24)
				rc := rowsLayout{f: f, dst: mem[at : at+(rows-1)*pitch+n*4], rows: rows, pitch: pitch, n: n, i0: 1, rowStep: uint64(n), step: 1}
				for _, p := range planAllRows(tb, rc) {
					if p.m != c.m || (p.st == stStream) != (pitch == 272) {
						t.Fatalf("%s: %v rows of %d bytes, pitch %d: a piece of %d rows as %v, store kind %d", tb.name, c.m, n*4, pitch, p.n, p.m, p.st)
					}
				}
				if why := fillRowsMismatch(tb, rc, 0xA5); why != "" {
					t.Errorf("%s: %v rows, pitch %d: %s", tb.name, c.m, pitch, why)
				}
			}
		}
	}
}
