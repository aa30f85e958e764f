package kernel

// The method binade-runs (mBinadeRuns; its constant and name are generated from its
// Shape, asmgen/runs.go):
//
// mBinadeRuns writes a binade piece (as binade or binade-q: the bits
// c + round(|k| / 2^shift), ties to even) whose values stay for many
// elements each, as runs of one value (f16Runs, a runsKernel): each
// 64-byte line is stored as the current bits, or as the current and the
// next under a mask where the value changes within it; where each next
// change falls the kernel works out from the last by integer steps,
// which the executor derives from the piece (runsArgs), ties included.
// Pre: float16; int64Lanes over the piece; as binade for its binade;
// 32*|d| at most 2^shift - 1 (a change at most every 32 elements).

// runsArgs returns the runs kernel's arguments for the binade piece p
// (mBinadeRuns): its magnitudes y = p.first + e*p.d, the bits c + m for m =
// y / 2^shift rounded to nearest, ties to even. m changes by one (inc, as
// |y| grows or shrinks) where y reaches the next threshold X: going up,
// the least y that rounds to m+1, (2m+1)*2^(shift-1), or one more where
// that tie goes to even m; going down, the greatest that rounds to m-1.
// The first change is at element ceil((X - y0) / |d|) (next; rem is what
// the ceiling added, times |d|), and from one threshold to the next is
// 2^shift - 1 or 2^shift + 1 by the parity of m, alternately: steps holds
// each divided by |d|, quotient and remainder, in the order they come,
// and |d|.
func (p *piece) runsArgs(steps *[5]uint64) (v, inc, next, rem uint64) {
	sh := uint(p.shift)
	y, dm := int64(p.first), int64(p.d)
	half := int64(1) << (sh - 1)
	m := y >> sh
	if low := y & (2*half - 1); low > half || low == half && m&1 == 1 {
		m++
	}
	var x, far, gap int64 // the threshold, from y; the first step
	if dm > 0 {
		inc, x = 1, (2*m+1)*half+(m+1)&1
		far, gap = x-y, 2*half+1-2*((m+1)&1) // m even: 2^shift - 1
	} else {
		inc, x = 0xFFFF, (2*m-1)*half-(m-1)&1
		far, gap, dm = y-x, 2*half+1-2*((m-1)&1), -dm // m-1 odd: 2^shift - 1
	}
	other := 4*half - gap
	q := (far + dm - 1) / dm
	steps[0], steps[1] = uint64(gap/dm), uint64(gap%dm)
	steps[2], steps[3] = uint64(other/dm), uint64(other%dm)
	steps[4] = uint64(dm)
	return uint64(p.c) + uint64(m), inc, uint64(q), uint64(q*dm - far)
}
