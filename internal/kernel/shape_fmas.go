package kernel

// The method fma-s (mFMAS; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mFMAS writes float32 as fma(i, delta, start) in float32 (fmaStoreS,
// blocks of 32 elements): float32 lanes hold the indices, exact, and
// VFMADD213PS rounds the exact i*delta + start once, which is the
// element for any finite start and delta (modeLinear: S and D are
// they). Pre: float32 in modeLinear; every index of the piece below
// 2^24; dst aligned to the element size; at least one block; index 0
// not among them.
