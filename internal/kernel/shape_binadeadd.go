package kernel

// The method binade-add (mBinadeAdd; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mBinadeAdd writes an mBinade piece whose bits repeat every 64
// elements but for a constant step: element e+64 is element e plus inc
// = 64*d / 2^shift, an even integer (so ties to even keep their side). Its first elements, to the first
// 64-byte aligned one and 64 more, are written as mBinade writes them;
// the rest with the 16-bit add kernel (addStoreW), whose lanes are the
// 64 elements before (read back from dst) plus inc, a block of 64 at a
// time, and its last elements by one more block that ends where the
// piece does (from the 64 before it). The planner takes it for runs
// where binadesRepeat holds. Pre: as mBinade; 64*d (at the kernel's
// scale) a multiple of 2^(shift+1); at least 160 elements (31 to the
// aligned one, 128 more).
