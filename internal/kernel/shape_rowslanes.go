package kernel

// The method rows-lanes (mRowsLanes; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mRowsLanes writes rows of 2 or more integers, or of float32 exact in
// float32 lanes, or of indices below fmaSMax (fma-s lanes: fmaStoreS*,
// fma192S*), that lie one after another (a pitch of one row) and
// whose length divides 128 or 192 bytes (rowsLanes): their bytes as
// one span of vectors whose lanes repeat every block of the add kernels
// (addStore*, 128 bytes) or of add192* (192 bytes: rows of 3, 6 or 12
// elements), or, integers and float32 exact in float32 lanes whose
// length divides neither, every blockSets(pitch, 128) blocks of the add
// kernels (up to addMaxSets: sets of blocks, a call each, the blocks
// that far apart; where that is five blocks, on tables with add640x
// (periods640), integers' five as one block of 640 bytes, add640x*,
// written in order in one pass by putPeriods, where the rows span
// periods640Min bytes or more: pixels of 5 or 10 channels); padded rows
// of those (a pitch past the row, rows of one element too), likewise with the masked add kernels (addMaskx*,
// AVX-512; addMaskY*, AVX2, 4- and 8-byte elements: table.masks), the
// gaps' bytes masked off; float32 of indices below fmaSMax in rows of
// those kinds through fma-s lanes, with the masked fma-s kernel where
// padded (fmaMaskxS*, fmaMaskYS*), in sets of 128-byte blocks
// where not (fmaStrideSY*; five sets as blocks of 640 bytes in one pass,
// fma640xS*, where add640x takes them); float32 past fmaSMax through
// f64 lanes in sets of 64-byte blocks where their sums lie below 2^53
// units (lanesF64: cvtF32StrideY*; five sets as one block of 320 bytes
// in one pass, cvt320xF32*, on the tables with add640x, where the rows
// span periods320Min bytes or more; padded, with masks, on every table,
// cvtF32Mask*); lane by lane the element at that place of the rows plus
// the rows a block holds times the row step: its block in per, its
// lanes in c; or float16 rows through binade lanes (lanesBin:
// bin192x*, bin128x*, and without AVX-512 bin64Y*; rowsBinLanes), in sets of blocks where their
// length does not divide 192 bytes (up to binMaxSets; rows of 128 bytes
// or more only where their elements are not consecutive), padded ones
// under byte masks (bin192xM*, AVX-512), planned
// only where they pay (Seq.binLanesPay). Pre: the piece's rows pass
// Seq.lanesBlock, which gives its per and c; dst aligned to the
// element size.

// execRowsLanes writes a piece of rows one after another (mRowsLanes) with
// rowsLanes.
func (f *Filler) execRowsLanes(dst []byte, p *piece, rs *rowSet) {
	r := rs.from(int(p.j), int(p.n))
	f.rowsLanes(dst[int(p.j)*rs.pitch:], &r, int(p.per), p.c, p.st)
}

// rowsLanes writes rows of n elements one after another at dst
// (mRowsLanes), the elements of indices i0 + r*rowStep + e*step, as one
// span of blocks of the add kernels (or, for float32 that is not exact in
// float32 lanes, the fma-s kernels, or past index 2^24 the f64 or fma-d
// kernels; float16 by rowsBinLanes) whose lanes repeat (lanesBlock),
// placed as lanesRun says, each block's lanes the elements (or indices) at
// its place: a laneForm says which. Integer lanes wrap as the sequence
// does; float32 lanes hold exact values (the differences of two in float64
// are exact too) and first is -0, which adds nothing to any lane; index
// lanes are exact integers. The element of index 0, if any, is start's
// bits (-0 kept).
func (f *Filler) rowsLanes(dst []byte, rs *rowSet, blk int, lanes uint32, st store) {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	if lanes == lanesBin {
		f.rowsBinLanes(dst, rs, blk, st)
		return
	}
	w := laneRows{f: f, dst: dst, pitch: pitch, n: n, rowBytes: n << f.lg, blk: blk, i0: i0, rowStep: rowStep, step: step}
	w.form = f.laneForm(lanes)
	span := (rows-1)*pitch + w.rowBytes // (the last row's gap, if any, is not dst's)
	sets := blockSets(pitch, blk)       // (1 where the rows divide the block: add lanes only otherwise)
	w.setInc(uint64(sets*blk/pitch) * rowStep)
	// Padded rows go through the masked kernels (add lanes, fma-s lanes,
	// or f64 lanes): the gaps are never written.
	put := w.put
	if pitch != w.rowBytes {
		put = w.putMasked
	}
	if blk == 5*128 || blk == 5*64 { // (periods: blocks of add640x and fma640xS, or of cvt320xF32)
		w.putPeriods(span, st)
	} else {
		lanesRun(dst, span, blk, sets, st, put)
	}
	if i0 == 0 && f.kind == Float32 {
		putLE(dst, 4, f.start)
	}
}
