package kernel

import (
	"math"
	"unsafe"
)

// The method f64 (mF64; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mF64 adds in float64 lanes, exactly, and converts once: to float32
// (cvtStoreF32), or to float16 by rounding to odd into float32 and
// then to nearest even with F16C, which rounds as one step
// (cvtStoreF16Odd). Blocks of 16 elements. Pre: f64Lanes over the
// piece; dst aligned to the element size; at least one block.

// f64 writes float32 or float16 elements from exact float64 lanes.
func (f *Filler) f64(dst []byte, i0, step uint64, st store) {
	base := &f.ln.f64
	if step != 1 {
		_, b := floatLanes(&f.Seq, step)
		base = &b
	}
	d16 := 16 * f.stepF64(step)
	inc := [4]float64{d16, d16, d16, d16}
	var runs [3]blockRun
	for k := range blockRuns(&runs, dst, mF64.blockBytes(f.size), st) {
		r := &runs[k]
		first := math.Float64bits(f.valueF64(i0 + uint64(r.at>>f.lg)*step))
		if p := unsafe.SliceData(dst[r.at:]); f.size == 2 {
			f.t.f64To16(r.st, p, r.blocks, base, first, &inc)
		} else {
			f.t.f64To32(r.st, p, r.blocks, base, first, &inc)
		}
	}
}
