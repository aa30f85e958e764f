package kernel

import (
	"unsafe"
)

// The method rows-words (mRowsWords; its constant and name are generated from its
// Shape, asmgen/rows.go):
//
// mRowsWords writes rows of integers or of a constant (an infinity
// past the overflow point is one) with the row kernels (rowsAdd{B,W,D,Q}):
// element e of row r is first + r*rowD + e*d, wrapping. Pre: as words for every element; rows of at least
// 128 bytes; dst aligned to the element size; index 0 not among them.

// This file holds all of rows-words that package kernel writes by hand:
// its doc, the preconditions of its rows of the row planner's table, the
// words it writes and its executor (its kernels rowsAdd{B,W,D,Q} are
// asmgen's rows family, of the signature sigRowsAdd, which rows-f32
// shares; their twin, rows_g, is the table's, in twins.go).

// canInts holds for rows of integers (rows-words).
func (s *Seq) canInts(*rowSpan) bool { return s.kind == Int }

// canConstant holds for rows of a constant (rows-words).
func (s *Seq) canConstant(*rowSpan) bool { return s.mode == modeConstant }

// canInfinite holds for rows whose every element is known past the
// overflow point: an infinity of the sequence's sign (rows-words).
func (s *Seq) canInfinite(r *rowSpan) bool { return r.known && r.a >= s.overIdx }

// rowWords returns the words of rows that mRowsWords takes by c: the
// element of index a and the steps of a row and of an element (integers,
// wrapping), or a constant's bits or an infinity's.
func (s *Seq) rowWords(c rowTest, r *rowSpan) (first, rowD, d uint64) {
	switch c {
	case rowInts:
		return s.start + r.a*s.delta, r.rowStep * s.delta, r.step * s.delta
	case rowConstant:
		return s.constBits, 0, 0
	case rowInfinite:
		return s.infAt(r.a), 0, 0
	}
	panic("kernel: rowWords of a precondition not rows-words'") // (the row planner's table gives mRowsWords no other)
}

// execRowsWords writes a piece of rows of words (mRowsWords) with the row
// kernels in one call, each row's places worked out by the kernel from
// rowSteps.
func (f *Filler) execRowsWords(dst []byte, p *piece, rs *rowSet) {
	pitch, n := rs.pitch, rs.n
	rowBytes := n << f.lg
	base, inc := &f.ln.words, &f.ln.wordsInc
	if p.d != f.ln.wordD {
		var b [128]byte
		var i [32]byte
		wordLanes(&b, &i, f.size, p.d)
		base, inc = &b, &i
	}
	last := uint64((rowBytes - addBlock) >> f.lg) // the element the last block of a row starts at
	steps := rowSteps{p.first, p.rowD, p.d, last * p.d}
	f.t.rows(int(f.lg), p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, rowBytes, base, &steps, inc)
}
