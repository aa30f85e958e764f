package kernel

// The method binade (mBinade; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mBinade writes float16 of one sign and one binade (or the
// subnormals) from int32 lanes with integer operations only
// (f16Bin): the bits are c + round(|k| / 2^shift) for the exact sum
// k = S + i*D. Ties to even come from the kernel's tie form where
// they are dense, and are patched afterwards where sparse. Pre:
// float16; int32Lanes over the piece; its every element in the
// binade binadeOf gives for its first (same shift and c); at least
// one block of 32 elements; dst aligned to the element size.
