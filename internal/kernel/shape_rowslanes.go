package kernel

import "math/bits"

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

// binLanesPay reports whether binade lanes (lanesBin) pay for float16 rows
// of rows-lanes on the table t (else they go as columns, or as runs a row
// at a time), blk/2 lanes for each set of blocks (binBlock): each time a
// lane's form ends (its sums enter another binade, or its x would leave 31
// bits) rowsBinLanes works it out again, and the kernel's run ends there.
// The lanes are priced by their forms (binForms) and blocks, against what
// the rows would take as the method that writes them instead
// (binLanesAlt), in nanoseconds (binFormNs and the others: figures there).
func (s *Seq) binLanesPay(t *table, rs *rowSet) bool {
	blk, sets := binBlock(t, rs.pitch)
	blocks := int64(rs.rows * rs.pitch / 192) // (in 192 bytes, as measured)
	// The most forms the lanes may work out and still cost no more.
	most := (s.binLanesAlt(t, rs, blocks) - binStartNs - blocks*binBlockNs) / binFormNs
	if int64(blk/2*sets) > most {
		return false // (a form a lane at least)
	}
	return s.binForms(rs, blk, sets, most) <= most
}

// binLanesAlt returns what float16 rows of rows-lanes (blocks of 192
// bytes) cost, in nanoseconds, without binade lanes: as columns where
// Seq.columns takes them, with the zip kernels where those take the rows,
// else with putCols (its own loops for rows of 2 to 4 elements); else a
// row at a time as runs (rows of 128 bytes or more, which the row kernels
// do not take, their indices not consecutive: binLanesBlock).
func (s *Seq) binLanesAlt(t *table, rs *rowSet, blocks int64) int64 {
	switch {
	case !s.columns(rs.rows, rs.n):
		return int64(rs.rows)*binRowRunNs + blocks*binRunBlockNs
	case rs.n >= 2 && rs.n <= zipMax && rs.pitch == rs.n<<s.lg && t.zips():
		return blocks * binZipNs
	case rs.n >= 2 && rs.n <= 4:
		return blocks * binPutColsNs
	}
	return blocks * binColumnsNs
}

// The costs binLanesPay weighs, in nanoseconds, fitted on the Intel Xeon
// of docs/performance.md (2026-12-02): NHWC FLOAT16 0.1, +3e-4 of C
// channels in pixels of P, W = 64 (16 at 4 KiB for P of 32 or more), a
// scratch probe alternating one Execute and the ceiling writers, best of
// 3 rounds of up to 4000, load 3 to 4.6. Binade lanes (forced), against
// the forms binForms counts and the blocks: C = P = 64, 4 KiB 1.69 us (65
// forms, 21 blocks), 64 KiB 3.3 us (69, 341); C = P = 8, 4 KiB 2.05 us
// (80, 21), 64 KiB 4.74 (112, 341); C = P = 16, 64 KiB 3.95 (88, 341); C
// = P = 3, 64 KiB 7.6 (320, 340); P = 72, 4 KiB 6.2 (297, 12), 64 KiB
// 11.4 (322, 336): 22 ns a form and 5 a block within 20% (padded pixels
// of 40 and 72 channels 15-30% over). The alternatives, by the planner's
// choice before the lanes were priced so: rows as runs (C = 64), 83-95 ns
// a row of 64 elements, 115 padded (P = 72): 4 KiB to 128 KiB 0.71-1.54
// GB/s where the lanes wrote 2.4-20 from 16 KiB (P = 72: from 64 KiB);
// rows of 1024 elements some 168 ns (12.2 GB/s, AMD EPYC: Thresholds in
// docs/performance-log.md, binMaxSets), hence 8 ns a block besides;
// columns with the zip kernels (C = P = 3) 10.6 ns a block from 64 KiB
// (25 at 4 KiB); with putCols' own loops (C = 3, P = 4) 16-17 (30 at 4
// KiB); other columns 25-53 (C = 8, P = 12: 25; C = P = 8 to 32: 34-53;
// C = 32, P = 40: 48-52), and 50-136 at 4 KiB. The lanes' fill less
// their forms and blocks left 80-620 ns (binStartNs: where C = P = 8 at
// 16 KiB went as lanes, 5.42-5.44 GB/s, against 5.68-5.72 as columns).
const (
	binStartNs    = 500 // the lanes' start and end
	binFormNs     = 22  // a lane's form worked out
	binBlockNs    = 5   // a block of 192 bytes through the lanes' kernel
	binRowRunNs   = 80  // a row planned and written as a run (row-runs)
	binRunBlockNs = 8   // and a block of its elements
	binZipNs      = 10  // a block of columns put in their rows by a zip kernel
	binPutColsNs  = 16  // a block of columns of 2 to 4 put by putCols' loops
	binColumnsNs  = 35  // a block of other columns
)

// binForms counts the forms the binade lanes of rows rs work out, in
// blocks of blk bytes in sets sets (binBlock): a form for each lane, and
// one more each time its sums pass into another binade from the first
// block to the last, or span another 2^30. It stops counting past most
// (the count then is more than most, not all), and counts an element's
// lanes at once where they share their binades: counting lane by lane
// cost some 5 ns a lane, 3-6% of a fill of 16 to 96 KiB that columns
// then wrote (pixels of 3 in 4, or 8, channels).
func (s *Seq) binForms(rs *rowSet, blk, sets int, most int64) int64 {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	lanes := blk / 2 * sets
	setBlocks := int64(rows*pitch/192) / int64(sets) // a set's blocks
	dk := int64(uint64(sets*blk/pitch) * rowStep * s.dLo)
	stepK, rowK := int64(step*s.dLo), int64(rowStep*s.dLo)
	sub := 1 - s.f.bias - s.unit    // magnitudes below 2^sub are subnormal
	binade := func(k int64) int64 { // an order of the binades: 0 for 0, by sign
		b := int64(max(bits.Len64(absInt(k))-sub, 0) + 1)
		switch {
		case k < 0:
			return -b
		case k == 0:
			return 0
		}
		return b
	}
	_, lo := s.linear(i0)
	forms := int64(lanes) * (1 + int64(absInt(dk)*uint64(setBlocks)>>30))
	span := (setBlocks - 1) * dk
	// Lane w (of set w/(blk/2), lane w%(blk/2)) holds element w%n of row
	// w/n. The lanes of one element step by a row: where its first and
	// last lane start in one binade and end in one, so do all between.
	for e := 0; e < min(n, lanes); e++ {
		m := int64((lanes - e + n - 1) / n) // (its lanes: rows 0 to m-1)
		k0 := int64(lo) + int64(e)*stepK
		k1 := k0 + (m-1)*rowK
		if b, c := binade(k0), binade(k0+span); m == 1 || b == binade(k1) && c == binade(k1+span) {
			forms += m * int64(absInt(c-b))
		} else {
			for r := range m {
				k := k0 + r*rowK
				forms += int64(absInt(binade(k+span) - binade(k)))
			}
		}
		if forms > most {
			break
		}
	}
	return forms
}
