package kernel

import "unsafe"

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

// binade writes a binade piece: magnitudes p.first, p.first + p.d, ... (in
// units of the sequence), rounded to multiples of 2^shift, plus c. Where
// shift is below 1 the magnitudes are scaled up to make it 1 (binadeScale).
// In int32 lanes (this method's, and binade-add's first elements), or in
// int64 lanes where q (binade-s, float32).
func (f *Filler) binade(dst []byte, p *piece, step uint64, q bool) {
	up, shift := binadeScale(int(p.shift))
	a, dm := p.first, int64(p.d)
	half := uint64(1) << (shift - 1)
	// Dense ties: in int64 lanes, 1 (the kernel finds every tie); in int32
	// lanes, bit e%64 set where element e is one, or for ties every 128
	// elements the first of them (binSpan128).
	var ties uint64
	switch {
	case p.ties && !q && p.per == 128:
		ties = uint64(p.tie)
	case p.ties && !q:
		ties = tieMask(p, 0)
	case p.ties:
		ties = 1
	}
	switch {
	case q:
		var lanes [16]int64
		qLanes(lanes[:], dm, up)
		var runs [3]blockRun
		for k := range blockRuns(&runs, dst, p.m.blockBytes(f.size), p.st) {
			r := &runs[k]
			first := uint64(int64(a)+int64(r.at/4)*dm)<<up + half
			f.t.binS(r.st, unsafe.SliceData(dst[r.at:]), r.blocks, &lanes, first, uint64(16*dm)<<up, uint64(shift), uint64(p.c), ties)
		}
	default:
		var own [32]int32
		lanes := f.binLanes(&own, dm, up, step)
		if p.ties && p.per == 128 {
			f.t.binSpan128(unsafe.SliceData(dst), int(p.n), lanes, a<<up+half, uint64(dm)<<up, uint64(shift), uint64(p.c), ties)
			return
		}
		f.t.binSpan(p.st, unsafe.SliceData(dst), int(p.n), lanes, a<<up+half, uint64(dm)<<up, uint64(shift), uint64(p.c), ties)
	}
	if p.ties {
		return
	}
	if f.size == 2 { // (one bounds check for all the ties, not one a tie)
		// tieEven on the low byte alone: the bit it drops is there, and
		// dropping it never borrows from the high byte.
		b, c := dst[:2*int(p.n)], byte(p.c)
		for j := 2 * int(p.tie); j < len(b); j += 2 * int(p.per) {
			b[j] = tieEven(b[j], c)
		}
		return
	}
	for j := int(p.tie); j < int(p.n); j += int(p.per) {
		tieToEven(dst[j<<f.lg:], f.size, p.c)
	}
}

// qLanes sets the int64 binade kernels' lanes: lane l holds l*dm, scaled
// by 2^up.
func qLanes(lanes []int64, dm int64, up uint) {
	for l := range lanes {
		lanes[l] = int64(l) * dm << up
	}
}
