package kernel

import "unsafe"

// The method rows-binade-s (mRowsBinS; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mRowsBinS writes rows of float32 of one sign and one binade from
// int64 lanes (rowsBinSY), as binade-s writes a run: the rows'
// elements are one run of consecutive indices (rowStep = n*step), and
// first, d and c those of that run; ties says whether any element is a
// tie (the kernel then takes each to even). Pre: as binade-s for that run;
// rows of at least 128 bytes.

// execRowsBinS writes a piece of float32 rows of one binade from int64 lanes
// (mRowsBinS) in one call, each row's places from rowSteps of kb.
func (f *Filler) execRowsBinS(dst []byte, p *piece, rs *rowSet) {
	pitch, n := rs.pitch, rs.n
	up, shift := binadeScale(int(p.shift))
	de := uint64(int64(p.d)) << up // kb's step between elements
	var base [16]int64
	qLanes(base[:], int64(p.d), up)
	steps := rowSteps{p.first<<up + uint64(1)<<(shift-1), uint64(n) * de, de, uint64(n-16) * de}
	var ties uint64
	if p.ties {
		ties = 1
	}
	f.t.rowsBinS(p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, n<<2, &base, &steps, 16*de, uint64(shift), uint64(p.c), ties)
}

// canF32Int64 holds for float32 rows of consecutive indices in int64
// lanes (rows-binade-s).
func (s *Seq) canF32Int64(r *rowSpan) bool {
	return s.kind == Float32 && s.binadeRows(r) && s.binSLanes(r.a, r.lastRun())
}

// rowBinS is rows-binade-s's step of planRowBinades, for a piece of full
// rows (elems elements; shift and dm their run's): whether any element is
// a tie (the kernel takes every tie to even, if any).
func (s *Seq) rowBinS(p *piece, shift int, dm int64, elems int) {
	up, sh := binadeScale(shift)
	_, tie, _ := binadeTies(p.first<<up, uint64(dm)<<up, sh, elems, 32)
	p.ties = tie < elems
}
