package kernel

// The method binade-q (mBinadeQ; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mBinadeQ plans float16 whose exact sums pass 31 bits (int64Lanes) a
// binade a piece, as binade: each piece becomes binade-runs where
// runsPay holds, else f64 or a plain method. No piece is executed as
// mBinadeQ (a kernel of int64 binade lanes did not earn its place:
// docs/performance.md, What each shape earns).
