package kernel

import (
	"math"
	"unsafe"
)

// The method fma-lanes (mFMALanes; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mFMALanes is fma in float64 lanes (fmaStore, blocks of 16
// elements): the lanes hold the indices, exact integers (below 2^32),
// and VFMADD231PD rounds i*delta + start once, as math.FMA does. Pre:
// as fma; dst aligned to the element size; at least one block; index
// 0 among them only where that gives start's bits (lanesGiveStart).

// fmaLanes writes float64 elements as math.FMA(i, delta, start) computes
// them, 16 lanes of indices at a time (mFMALanes).
func (f *Filler) fmaLanes(dst []byte, i0, step uint64, st store) {
	base, inc := indexLanes16(step)
	var runs [3]blockRun
	for k := range blockRuns(&runs, dst, mFMALanes.blockBytes(8), st) {
		r := &runs[k]
		first := math.Float64bits(float64(i0 + uint64(r.at>>3)*step))
		f.t.fma(r.st, unsafe.SliceData(dst[r.at:]), r.blocks, base, first, inc, f.start, f.delta)
	}
}
