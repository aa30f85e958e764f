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
// that far apart); padded rows of those (a pitch past the row, rows of
// one element too), likewise with the masked add kernels (addMaskx*,
// AVX-512; addMaskY*, AVX2, 4- and 8-byte elements: table.masks), the
// gaps' bytes masked off; float32 of indices below fmaSMax in rows of
// those kinds through fma-s lanes, with the masked fma-s kernel where
// padded (fmaMaskxS*, fmaMaskYS*), in sets of 128-byte blocks
// where not (fmaStrideSY*); float32 past fmaSMax through
// f64 lanes in sets of 64-byte blocks where their sums lie below 2^53
// units (lanesF64: cvtF32StrideY*; padded, with masks, on every table,
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
