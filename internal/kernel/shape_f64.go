package kernel

// The method f64 (mF64; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mF64 adds in float64 lanes, exactly, and converts once: to float32
// (cvtStoreF32), or to float16 by rounding to odd into float32 and
// then to nearest even with F16C, which rounds as one step
// (cvtStoreF16Odd). Blocks of 16 elements. Pre: f64Lanes over the
// piece; dst aligned to the element size; at least one block.
