package kernel

// The method rows-binade-q (mRowsBinQ; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mRowsBinQ plans float16 rows whose exact sums pass 31 bits as
// mRowsBin: each piece becomes mRowsRuns where runsPay holds, else
// mRowRuns. No piece is executed as mRowsBinQ (see mBinadeQ).
