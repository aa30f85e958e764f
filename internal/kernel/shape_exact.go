package kernel

// The method exact (mExact; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mExact adds in float64 and converts each sum once (f64ToF16 or
// float32()). Pre: float16 or float32 in modeLinear; every value of
// the piece and the step between two of its elements below 2^53 units
// (so every float64 sum is exact). Plain Go.
