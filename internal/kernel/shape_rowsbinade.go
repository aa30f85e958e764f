package kernel

import "unsafe"

// The method rows-binade (mRowsBin; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mRowsBin writes rows of float16 of one sign and one binade from
// int32 lanes (rowsBinx, rowsBinY), as binade writes a run: the rows' elements
// are one run of consecutive indices (rowStep = n*step), and first, d,
// the ties, tie and per are those of that run (element e of the
// piece's r-th row is its element r*n + e). Pre: as binade for that
// run; rows of at least 128 bytes.

// execRowsBin writes a piece of binade rows (mRowsBin) with the binade row
// kernel, in one call: int32 lanes, from binSteps (the kb at the three
// places a row's blocks start, whose low 32 bits the kernel reads, and the
// dense tie pattern); the kernel works out each row's places. Sparse ties
// are patched after, as binade does.
func (f *Filler) execRowsBin(dst []byte, p *piece, rs *rowSet) {
	pitch, n, step := rs.pitch, rs.n, rs.step
	up, shift := binadeScale(int(p.shift))
	dm := int64(p.d)
	var own [32]int32
	base32 := f.binLanes(&own, dm, up, step)
	de := uint64(dm) << up                   // kb's step between elements
	kb := p.first<<up + uint64(1)<<(shift-1) // the kb of the current row's first element
	// One call: the kernel works out each row's places (binSteps).
	steps := binSteps{kb: kb, rowD: uint64(n) * de, d: de, lastD: uint64(n-32) * de, n: uint64(n), tie: uint64(p.tie), perMask: uint64(p.per - 1)}
	if p.ties {
		steps.every = tieMask(p, int64(p.tie)) & (1<<32 - 1)
	}
	f.t.rowsBin(p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, n<<1, base32, &steps, 32*de, uint64(shift), uint64(p.c))
	total := int64(p.n) * int64(n)
	for e := int64(p.tie); !p.ties && e < total; e += int64(p.per) {
		tieToEven(dst[(int(p.j)+int(e/int64(n)))*pitch+int(e%int64(n))<<1:], 2, p.c)
	}
}

// canF16Int32 holds for float16 rows of consecutive indices in int32
// lanes (rows-binade).
func (s *Seq) canF16Int32(r *rowSpan) bool {
	return s.kind == Float16 && s.binadeRows(r) && s.int32Lanes(r.a, r.lastRun())
}

// rowBin is rows-binade's step of planRowBinades, for a piece of full rows
// (elems elements; shift and dm their run's): the ties of the run. It
// reports whether the runs kernel's rows (rows-runs) take the piece
// instead: where runsPay holds.
func (s *Seq) rowBin(p *piece, shift int, dm int64, elems int) bool {
	up, sh := binadeScale(shift)
	ties, tie, per := binadeTies(p.first<<up, uint64(dm)<<up, sh, elems, 32)
	p.ties, p.tie, p.per = ties != 0, uint32(min(tie, elems)), uint32(min(per, elems))
	return !offBinadeRuns && runsPay(!p.ties && int(p.tie) >= elems, !p.ties && int(p.tie) < elems, shift, dm)
}
