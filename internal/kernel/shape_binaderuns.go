package kernel

// The method binade-runs (mBinadeRuns; its constant and name are generated from its
// Shape, asmgen/runs.go):
//
// mBinadeRuns writes a binade piece (as mBinade or mBinadeQ: the bits
// c + round(|k| / 2^shift), ties to even) whose values stay for many
// elements each, as runs of one value (f16Runs, a runsKernel): each
// 64-byte line is stored as the current bits, or as the current and the
// next under a mask where the value changes within it; where each next
// change falls the kernel works out from the last by integer steps,
// which the executor derives from the piece (runsArgs), ties included.
// Pre: float16; int64Lanes over the piece; as mBinade for its binade;
// 32*|d| at most 2^shift - 1 (a change at most every 32 elements).
