package kernel

// The method fma-d (mFMAD; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mFMAD writes float32 as fma(i, delta, start) in float64, converted
// to float32 (fmaDStore, fmaDStorex: blocks of 16 elements): float64 lanes hold
// the indices, exact, VFMADD213PD rounds the exact i*delta + start once
// to float64 and VCVTPD2PS that to float32, which is the exact sum
// rounded once unless the float64 value is a float32 midpoint (the
// exact sum may lie to either side of it) or below 2^-126 (float32's
// subnormals, zero): the kernel leaves such a block to the executor,
// which writes it as mLinear does. It takes float32 runs whose exact
// sums pass int64 lanes (start far below delta, large indices) and
// indices past fmaSMax, which would otherwise go to mLinear. Pre:
// float32 in modeLinear; dst aligned to the element size; at least one
// block; index 0 not among them.
