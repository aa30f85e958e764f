package kernel

// The method f32 (mF32; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mF32 adds in float32 lanes, exactly, and converts nothing (float32,
// addStoreS, blocks of 128 bytes) or converts once with F16C
// (float16, cvtStoreF16, blocks of 64 bytes). Pre: f32Lanes over the
// piece; dst aligned to the element size; at least one block.
