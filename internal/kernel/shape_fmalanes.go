package kernel

// The method fma-lanes (mFMALanes; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mFMALanes is mFMA in float64 lanes (fmaStore, blocks of 16
// elements): the lanes hold the indices, exact integers (below 2^32),
// and VFMADD231PD rounds i*delta + start once, as math.FMA does. Pre:
// as mFMA; dst aligned to the element size; at least one block; index
// 0 among them only where that gives start's bits (lanesGiveStart).
