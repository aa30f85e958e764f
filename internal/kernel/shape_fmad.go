package kernel

import (
	"math"
	"unsafe"
)

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
// which writes it as the linear method does. It takes float32 runs whose exact
// sums pass int64 lanes (start far below delta, large indices) and
// indices past fmaSMax, which would otherwise go to the linear method. Pre:
// float32 in modeLinear; dst aligned to the element size; at least one
// block; index 0 not among them.

// fmaD writes float32 elements as fma(i, delta, start) in float64,
// converted to float32, 16 lanes of indices at a time (mFMAD); the blocks
// the kernel leaves (a float64 value at a float32 midpoint, or below
// 2^-126) in plain Go, exactly.
func (f *Filler) fmaD(dst []byte, i0, step uint64, st store) {
	base, inc := indexLanes16(step)
	start := math.Float64bits(float64(math.Float32frombits(uint32(f.start))))
	delta := math.Float64bits(float64(math.Float32frombits(uint32(f.delta))))
	var tiny uint64 // whether the kernel must look for values below 2^-126
	if f.reachesSubnormal(i0, i0+uint64(len(dst)/4-1)*step) {
		tiny = 1
	}
	var runs [3]blockRun
	for k := range blockRuns(&runs, dst, mFMAD.blockBytes(4), st) {
		r := &runs[k]
		for at, blocks := r.at, r.blocks; blocks > 0; {
			first := math.Float64bits(float64(i0 + uint64(at>>2)*step))
			done := f.t.fmaD(r.st, unsafe.SliceData(dst[at:]), blocks, base, first, inc, start, delta, tiny)
			if done == blocks {
				break
			}
			at += 64 * done
			f.plainLE(dst[at:at+64], &piece{}, plainLinear, i0+uint64(at>>2)*step, step)
			at, blocks = at+64, blocks-done-1
		}
	}
}
