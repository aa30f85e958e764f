package main

import "fmt"

// blockPairs' registers (its kernels set left, to, the first set of lanes
// and step before it; its puts and steps use to, step and one).
var pairsR = struct {
	left Reg   // the blocks left, then the pairs of blocks
	to   Reg   // where the next block goes
	lane []Reg // the lanes lo, hi of the first set, then of the second
	step Reg   // the lanes' step (doubled for the pairs)
	out  []Reg // the blocks made: z, zt of the first set, then of the second
	tmp  []Reg // value's temporaries: t2, t3 of the first set, then of the second
	one  Reg   // 1.0 in every lane (stepFMA)
}{left: CX, to: DI, lane: vecs(z, 0, 4), step: z(4), out: vecs(z, 5, 4), tmp: vecs(z, 16, 4), one: z(12)}

// blockPairs writes the left blocks of size bytes at to: an odd block first,
// if any, and then two blocks a turn from two sets of lanes a block apart
// (lane[0], lane[1] and lane[2], lane[3]), each advanced by two blocks,
// so that one set does not wait on its own additions. value(lo, hi, z,
// zt, y, yt, t2, t3) makes the block of the lanes lo, hi in z, zt (y, yt:
// their low halves), using t2 and t3; put(z, zt, y, yt, off) stores it at
// off(to) (both blocks of a turn are made before either is stored); add
// (a three-operand addition) makes the second set and doubles the step;
// step(l) advances the lanes l by it. It goes to done at the end. The
// converting and binade kernels of 16 lanes use it.
func blockPairs(f *File, value func(lo, hi, z, zt, y, yt, t2, t3 Reg), put putFunc, size int, add string, step func(l Reg)) {
	blockPairsL(f, value, put, size, add, step, "pairs", "loop")
}

// blockPairsL is blockPairs with its labels named (a kernel of several
// loops gives each its own).
func blockPairsL(f *File, value func(lo, hi, z, zt, y, yt, t2, t3 Reg), put putFunc, size int, add string, step func(l Reg), pairs, loop string) {
	r := pairsR
	l, o, t := r.lane, r.out, r.tmp
	f.Ops("TESTQ $1, {left}", r)
	f.Jump("JZ", pairs)
	value(l[0], l[1], o[0], o[1], o[0].Y(), o[1].Y(), t[0], t[1])
	put(o[0], o[1], o[0].Y(), o[1].Y(), 0)
	step(l[0])
	step(l[1])
	f.Op("ADDQ", fmt.Sprintf("$%d", size), r.to)
	f.Label(pairs)
	f.Ops("SHRQ $1, {left}", r)
	f.Jump("JZ", "done")
	f.Op(add, r.step, l[0], l[2])
	f.Op(add, r.step, l[1], l[3])
	f.Op(add, r.step, r.step, r.step)
	f.Label(loop)
	value(l[0], l[1], o[0], o[1], o[0].Y(), o[1].Y(), t[0], t[1])
	value(l[2], l[3], o[2], o[3], o[2].Y(), o[3].Y(), t[2], t[3])
	put(o[0], o[1], o[0].Y(), o[1].Y(), 0)
	put(o[2], o[3], o[2].Y(), o[3].Y(), size)
	for _, v := range l {
		step(v)
	}
	f.Op("ADDQ", fmt.Sprintf("$%d", 2*size), r.to)
	f.Ops("DECQ {left}", r)
	f.Jump("JNZ", loop)
	f.Jump("JMP", "done")
}

// A putFunc stores a block of blockPairs (z, zt: its vectors; y, yt:
// their low halves) at off(to).
type putFunc func(z, zt, y, yt Reg, off int)

// at is off(to): off bytes into the block.
func at(off int) string { return pairsR.to.At(off) }

// The puts of blockPairs, by the store instruction mov: a block in z
// (pairPutZ), in y and yt (32 bytes each: pairPutYY), in z and zt
// (pairPutZZ), in y (pairPutY); pairPutZH and pairPutZZH store each 64 bytes as its two 32-byte halves (mov for
// the low one, VEXTRACTF64X4 for the high: not for streaming stores).
func pairPutZ(f *File, mov string) putFunc {
	return func(z, zt, y, yt Reg, off int) {
		f.Op(mov, z, at(off))
	}
}

func pairPutYY(f *File, mov string) putFunc {
	return func(z, zt, y, yt Reg, off int) {
		f.Op(mov, y, at(off))
		f.Op(mov, yt, at(off+32))
	}
}

func pairPutZZ(f *File, mov string) putFunc {
	return func(z, zt, y, yt Reg, off int) {
		f.Op(mov, z, at(off))
		f.Op(mov, zt, at(off+64))
	}
}

func pairPutY(f *File, mov string) putFunc {
	return func(z, zt, y, yt Reg, off int) {
		f.Op(mov, y, at(off))
	}
}

func pairPutZH(f *File, mov string) putFunc {
	return func(z, zt, y, yt Reg, off int) {
		f.Op(mov, y, at(off))
		f.Op("VEXTRACTF64X4", "$1", z, at(off+32))
	}
}

func pairPutZZH(f *File, mov string) putFunc {
	h := pairPutZH(f, mov)
	return func(z, zt, y, yt Reg, off int) {
		h(z, zt, y, yt, off)
		h(zt, z, yt, y, off+64)
	}
}

// The lanes' steps of blockPairs: an addition, or an FMA (lane*one +
// step: the sum, rounded once as VADDPD rounds it), which leaves the
// conversions' pipes to them.
func stepBy(f *File, add string) func(l Reg) {
	return func(l Reg) { f.Op(add, pairsR.step, l, l) }
}

func stepFMA(f *File) func(l Reg) {
	return func(l Reg) { f.Op("VFMADD231PD", pairsR.step, pairsR.one, l) }
}
