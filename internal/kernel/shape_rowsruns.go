package kernel

// The method rows-runs (mRowsRuns; its constant and name are generated from its
// Shape, asmgen/runs.go):
//
// mRowsRuns writes rows of float16 as mBinadeRuns writes a run
// (f16RowsRuns, a rowsRunsKernel): the rows' elements are one run of
// consecutive indices (rowStep = n*step) and the piece's parameters
// those of that run, as mRowsBin's. Pre: as mBinadeRuns for that run;
// rows of at least 128 bytes.
