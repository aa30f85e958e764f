package kernel

// The method rows-binade-s (mRowsBinS; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mRowsBinS writes rows of float32 of one sign and one binade from
// int64 lanes (rowsBinSY), as mBinadeS writes a run: the rows'
// elements are one run of consecutive indices (rowStep = n*step), and
// first, d and c those of that run; ties says whether any element is a
// tie (the kernel then takes each to even). Pre: as mBinadeS for that run;
// rows of at least 128 bytes.
