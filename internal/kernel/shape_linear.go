package kernel

// The method linear (mLinear; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mLinear rounds the exact 128-bit S + i*D of each element with
// format.round. Pre: float16 or float32 in modeLinear. Plain Go.
