package kernel

import (
	"math"
	"unsafe"
)

// The method f32 (mF32; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mF32 adds in float32 lanes, exactly, and converts nothing (float32,
// addStoreS, blocks of 128 bytes) or converts once with F16C
// (float16, cvtStoreF16, blocks of 64 bytes). Pre: f32Lanes over the
// piece; dst aligned to the element size; at least one block.

// f32 writes float32 or float16 elements from exact float32 lanes.
func (f *Filler) f32(dst []byte, i0, step uint64, st store) {
	base := &f.ln.f32
	if step != 1 {
		b, _ := floatLanes(&f.Seq, step)
		base = &b
	}
	dx := f.stepF64(step)
	t := f.t
	if f.size == 4 {
		inc := broadcast32(float32(32 * dx))
		bb := (*[128]byte)(unsafe.Pointer(base))
		var runs [3]blockRun
		for k := range blockRuns(&runs, dst, mF32.blockBytes(4), st) {
			r := &runs[k]
			fb := uint64(math.Float32bits(float32(f.valueF64(i0 + uint64(r.at>>2)*step))))
			t.add(laneS, r.st, unsafe.SliceData(dst[r.at:]), r.blocks, addBlock, bb, fb, &inc)
		}
		return
	}
	d32 := float32(32 * dx)
	inc := [8]float32{d32, d32, d32, d32, d32, d32, d32, d32}
	var runs [3]blockRun
	for k := range blockRuns(&runs, dst, mF32.blockBytes(2), st) {
		r := &runs[k]
		fb := uint64(math.Float32bits(float32(f.valueF64(i0 + uint64(r.at>>1)*step))))
		t.f32To16(r.st, unsafe.SliceData(dst[r.at:]), r.blocks, base, fb, &inc)
	}
}
