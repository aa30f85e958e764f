package kernel

// The method rows-binade (mRowsBin; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mRowsBin writes rows of float16 of one sign and one binade from
// int32 lanes (rowsBinx, rowsBinY), as mBinade writes a run: the rows' elements
// are one run of consecutive indices (rowStep = n*step), and first, d,
// the ties, tie and per are those of that run (element e of the
// piece's r-th row is its element r*n + e). Pre: as mBinade for that
// run; rows of at least 128 bytes.
