package kernel

// The method fma (mFMA; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mFMA computes math.FMA(i, delta, start) (float64, which rounds
// once). Pre: kind Float64 in modeFMA. Plain Go.
