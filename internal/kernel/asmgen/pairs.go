package main

import "fmt"

// blockPairs writes the CX blocks of size bytes at DI: an odd block first,
// if any, and then two blocks a turn from two sets of lanes a block apart
// (Z0, Z1 and Z2, Z3), each advanced by two blocks, so that one set does
// not wait on its own additions. value(lo, hi, z, zt, y, yt, t2, t3) makes
// the block of the lanes lo, hi in z, zt (y, yt: their low halves), using
// t2 and t3; put(z, zt, y, yt, off) stores it at off(DI) (both blocks of
// a turn are made before either is stored); add (a three-operand addition) makes the second set and
// doubles the step Z4; step(l) advances the lanes l by Z4. It goes to done
// at the end. The converting and binade kernels of 16 lanes use it.
func blockPairs(f *File, value func(lo, hi, z, zt, y, yt, t2, t3 string), put putFunc, size int, add string, step func(l string)) {
	blockPairsL(f, value, put, size, add, step, "pairs", "loop")
}

// blockPairsL is blockPairs with its labels named (a kernel of several
// loops gives each its own).
func blockPairsL(f *File, value func(lo, hi, z, zt, y, yt, t2, t3 string), put putFunc, size int, add string, step func(l string), pairs, loop string) {
	f.Ops("TESTQ $1, CX")
	f.Jump("JZ", pairs)
	value("Z0", "Z1", "Z5", "Z6", "Y5", "Y6", "Z16", "Z17")
	put("Z5", "Z6", "Y5", "Y6", 0)
	step("Z0")
	step("Z1")
	f.Op("ADDQ", fmt.Sprintf("$%d", size), "DI")
	f.Label(pairs)
	f.Ops("SHRQ $1, CX")
	f.Jump("JZ", "done")
	f.Op(add, "Z4", "Z0", "Z2")
	f.Op(add, "Z4", "Z1", "Z3")
	f.Op(add, "Z4", "Z4", "Z4")
	f.Label(loop)
	value("Z0", "Z1", "Z5", "Z6", "Y5", "Y6", "Z16", "Z17")
	value("Z2", "Z3", "Z7", "Z8", "Y7", "Y8", "Z18", "Z19")
	put("Z5", "Z6", "Y5", "Y6", 0)
	put("Z7", "Z8", "Y7", "Y8", size)
	for _, l := range []string{"Z0", "Z1", "Z2", "Z3"} {
		step(l)
	}
	f.Op("ADDQ", fmt.Sprintf("$%d", 2*size), "DI")
	f.Ops("DECQ CX")
	f.Jump("JNZ", loop)
	f.Jump("JMP", "done")
}

// A putFunc stores a block of blockPairs (z, zt: its vectors; y, yt:
// their low halves) at off(DI).
type putFunc func(z, zt, y, yt string, off int)

func at(off int) string { return fmt.Sprintf("%d(DI)", off) }

// The puts of blockPairs, by the store instruction mov: a block in z
// (pairPutZ), in y and yt (32 bytes each: pairPutYY), in z and zt
// (pairPutZZ), in y (pairPutY); pairPutZH and pairPutZZH store each 64 bytes as its two 32-byte halves (mov for
// the low one, VEXTRACTF64X4 for the high: not for streaming stores).
func pairPutZ(f *File, mov string) putFunc {
	return func(z, zt, y, yt string, off int) {
		f.Op(mov, z, at(off))
	}
}

func pairPutYY(f *File, mov string) putFunc {
	return func(z, zt, y, yt string, off int) {
		f.Op(mov, y, at(off))
		f.Op(mov, yt, at(off+32))
	}
}

func pairPutZZ(f *File, mov string) putFunc {
	return func(z, zt, y, yt string, off int) {
		f.Op(mov, z, at(off))
		f.Op(mov, zt, at(off+64))
	}
}

func pairPutY(f *File, mov string) putFunc {
	return func(z, zt, y, yt string, off int) {
		f.Op(mov, y, at(off))
	}
}

func pairPutZH(f *File, mov string) putFunc {
	return func(z, zt, y, yt string, off int) {
		f.Op(mov, y, at(off))
		f.Op("VEXTRACTF64X4", "$1", z, at(off+32))
	}
}

func pairPutZZH(f *File, mov string) putFunc {
	h := pairPutZH(f, mov)
	return func(z, zt, y, yt string, off int) {
		h(z, zt, y, yt, off)
		h(zt, z, yt, y, off+64)
	}
}

// The lanes' steps of blockPairs: an addition, or an FMA (lane*1 + Z4, Z12
// holding 1.0 in every lane: the sum, rounded once as VADDPD rounds it),
// which leaves the conversions' pipes to them.
func stepBy(f *File, add string) func(l string) {
	return func(l string) { f.Op(add, "Z4", l, l) }
}

func stepFMA(f *File) func(l string) {
	return func(l string) { f.Op("VFMADD231PD", "Z4", "Z12", l) }
}
