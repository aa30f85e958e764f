package kernel

import (
	"math"
	"math/bits"
	"unsafe"
)

// The binade-lanes kernel (bin192x, AVX-512; bin192Y, AVX2) writes float16 rows of
// mRowsLanes (lanesBin: NHWC tensors of a few channels, a row a pixel),
// whose channels lie in binades of their own, in blocks of 192 bytes (or
// of 128 from lanes 0-63: bin128x, bin128Y): 96 int32 lanes, each an
// element's magnitude above a base in its own binade (its own shift, its
// own sign and exponent), rounded to nearest even by
// integer operations, as the binade kernels round a run's (one binade for
// all lanes there). rowsBinLanes works out each lane's form from the
// element's exact sum and how many blocks it holds for (the lane stays in
// its binade and its x in 32 bits), and calls the kernel for the blocks
// that every lane's form holds for, then moves on the lanes whose form
// ended.

// binMaxX is the most a lane's x may reach: with h (below 2^28) and the
// tie bit it stays below 2^32.
const binMaxX = 1<<31 - 1

// rowsBinLanes writes float16 rows of n elements, pitch bytes apart, at dst
// (mRowsLanes with lanesBin; where pitch is past the row, a gap's lanes
// hold a constant and the blocks are stored under byte masks that leave
// the gaps as they were: binSetMask), the elements of indices i0 + r*rowStep +
// e*step (exact sums in int64 below 2^59, a set's block step below
// binLanesStep: lanesBlock; a lane in a binade past the largest is an
// infinity of its sign), in blocks of blk bytes (binBlock: 192, or 128
// from lanes 0-63) from dst's first aligned byte (the blocks that stick
// out of dst at either end through a buffer), with binSet. The blocks go
// in blockSets(pitch, blk) sets, set s the blocks s, s + sets, s + 2*sets,
// ...: the rows repeat every sets*blk bytes, so that each lane of a set
// holds one element of the rows' pattern (one channel of NHWC pixels) from
// block to block. Each set goes on its own, from block to block, for as
// many blocks as every lane's form holds (the kernel's lanes from the
// run's first block), where no lane meets a tie without ties (the
// kernel's faster loop); from a block where one does, for binTieBlocks
// blocks or fewer, with them.
func (f *Filler) rowsBinLanes(dst []byte, rows, pitch, n int, i0, rowStep, step uint64, blk int, st store) {
	sets, nl := blockSets(pitch, blk), blk/2 // (nl: the lanes of a block)
	stride := sets * blk                     // bytes from a set's block to its next
	dk := int64(uint64(stride/pitch) * rowStep * f.dLo)
	stepK, rowK := int64(step*f.dLo), int64(rowStep*f.dLo)
	const never = math.MaxInt64
	gk := bits.TrailingZeros64(uint64(dk)) // (dk is not 0)
	inv := oddInverse(uint64(dk >> gk))
	var l binLanes
	var k0 [96]int64               // each lane's exact sum at the run's block 0
	var end, tie, period [96]int64 // the block where each lane's form ends, its next tie (or never), their period
	// set works out lane L's form from block j of a run of blocks.
	set := func(L int, j, blocks int64) {
		k := k0[L] + j*dk
		shift, c, mag, dm, count := f.binadeRun(k, dk, blocks-j)
		if shift+int(f.f.mantBits)-1+f.unit > f.f.bias { // a binade past the largest: infinities
			shift, c, mag, dm = 1, uint32(f.f.infBits()), 0, 0
			if k < 0 {
				c |= uint32(f.f.signBit())
			}
		}
		up, sh := binadeScale(shift)
		m, d := mag<<up, int64(0)
		if count > 1 {
			d = dm << up
		}
		// The base, in last places, even (the kernel rounds a tie by the
		// parity of x's last place alone).
		b := m >> (sh + 1) << 1
		if d < 0 {
			b = max(0, m-1<<30) >> (sh + 1) << 1
		}
		x := m - b<<sh
		switch {
		case d > 0 && x+(count-1)*d > binMaxX:
			count = (binMaxX-x)/d + 1
		case d < 0 && x+(count-1)*d < 0:
			count = x/-d + 1
		}
		h := uint32(1)<<(sh-1) - 1
		l.x[L], l.dm[L], l.s[L], l.h[L] = uint32(x)+h-uint32(j)*uint32(d), uint32(d), uint32(sh), h
		l.c[binWord[L]] = uint16(c) + uint16(b)
		end[L] = j + count
		// Its ties: blocks t where x + t*d is half modulo 2^sh (as
		// binadeTies, with d/2^g's inverse from dk's).
		tie[L], period[L] = never, 1
		half := int64(1) << (sh - 1)
		switch g := gk + int(up); {
		case d == 0 || g >= sh: // (every block alike)
			if (x-half)&(1<<sh-1) == 0 {
				tie[L] = j
			}
		case (x-half)&(1<<g-1) == 0:
			iv := inv
			if d < 0 != (dk < 0) {
				iv = -inv
			}
			period[L] = 1 << (sh - g)
			if t := int64(uint64(half-x) >> g * iv & uint64(period[L]-1)); t < count {
				tie[L] = j + t
			}
		}
	}
	// The blocks: from the first aligned byte a, less one block where a
	// is not 0, to the block that reaches the rows' end; the first and
	// the last of a set, where they stick out of dst, go to a buffer, and
	// their bytes in dst are copied from it.
	rowBytes := 2 * n
	span := (rows-1)*pitch + rowBytes // (the last row's gap, if any, is not dst's)
	padded := pitch != rowBytes       // (gaps between the rows: their lanes masked off, bin192Mask)
	dst = dst[:span]
	a := int((64 - uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%64) % 64)
	base := a // the byte of set 0's block 0 (negative: before dst)
	if a > 0 {
		base -= blk
	}
	_, lo := f.linear(i0)
	var out [192]byte
	for sn := range sets {
		b0 := base + sn*blk // the byte of the set's block 0
		if b0 >= span {
			break
		}
		all := int64((span - b0 + stride - 1) / stride) // the blocks that start in dst (or before it)
		whole := int64(0)                               // those of them that end in dst
		if span-b0 >= blk {
			whole = int64((span-b0-blk)/stride) + 1
		}
		var mask [3]uint64              // (padded: the bytes of the set's blocks that are elements')
		put := func(at int, b []byte) { // a block written to out, at byte at of dst (b: its part in dst)
			if !padded {
				copy(b, out[max(-at, 0):blk])
				return
			}
			for i := range b {
				if o := i + max(-at, 0); mask[o/64]>>(o%64)&1 != 0 {
					b[i] = out[o]
				}
			}
		}
		write := func(j, m int64, ties uint64) { // the set's blocks j to j+m-1
			if j == 0 && b0 < 0 {
				tbl.binSet(blk, stRegular, &out[0], 1, blk, &l, 0, ties)
				put(b0, dst[:blk+b0])
				j, m = 1, m-1
			}
			if full := min(m, whole-j); full > 0 {
				d := unsafe.SliceData(dst[b0+int(j)*stride:])
				if padded {
					tbl.binSetMask(blk, maskedAhead, d, int(full), stride, &l, uint64(j), ties, &mask)
				} else {
					tbl.binSet(blk, st, d, int(full), stride, &l, uint64(j), ties)
				}
				j, m = j+full, m-full
			}
			if m > 0 {
				tbl.binSet(blk, stRegular, &out[0], 1, blk, &l, uint64(j), ties)
				put(b0+int(j)*stride, dst[b0+int(j)*stride:])
			}
		}
		// Each lane's element (its row and place, from the byte it
		// writes), or a gap's (padded: masked off, a constant form).
		var gap [96]bool
		mask = [3]uint64{}
		for w := range nl {
			pos := b0 + 2*w
			r := pos / pitch
			if pos < 0 {
				r = (pos - pitch + 1) / pitch
			}
			o := pos - r*pitch
			if gap[binLane[w]] = o >= rowBytes; !gap[binLane[w]] {
				mask[w/32] |= 3 << (2 * (w % 32))
			}
			k0[binLane[w]] = int64(lo) + int64(r)*rowK + int64(o/2)*stepK
		}
		next, t := all, int64(never)
		for L := range nl {
			if gap[L] {
				l.x[L], l.dm[L], l.s[L], l.h[L], l.c[binWord[L]] = 0, 0, 1, 0, 0
				end[L], tie[L], period[L] = all, never, 1
				continue
			}
			set(L, 0, all)
			next, t = min(next, end[L]), min(t, tie[L])
		}
		for j := int64(0); ; {
			ties := uint64(0)
			if t == j {
				ties, next = 1, min(next, j+binTieBlocks)
			} else {
				next = min(next, t)
			}
			write(j, next-j, ties)
			if j = next; j == all {
				break
			}
			// The lanes whose form ends at j, or whose tie was passed, and
			// the next block where one does either.
			var ended [96]uint8
			var ne int
			next, t, ne = laneEvents(&end, &tie, &period, nl, j, all, &ended)
			for _, L := range ended[:ne] {
				set(int(L), j, all)
				next, t = min(next, end[L]), min(t, tie[L])
			}
		}
	}
	if i0 == 0 {
		putLE(dst, 2, f.start) // (-0 kept)
	}
}

// laneEvents passes over the first nl lanes of rowsBinLanes at block j: it
// moves each tie passed (before j) to the lane's first from j on (never
// past its form's end), lists in ended the lanes whose form ends at j, and
// returns how many, and the least end (all if less) and the least tie of
// the others. (A loop of its own: inside rowsBinLanes, with a call in it,
// its sums were kept on the stack, each lane's waiting on the last one's
// store.)
func laneEvents(end, tie, period *[96]int64, nl int, j, all int64, ended *[96]uint8) (next, t int64, ne int) {
	next, t = all, math.MaxInt64
	for L, e := range end[:nl] {
		tl := tie[L]
		switch {
		case e == j:
			ended[ne] = uint8(L)
			ne++
			continue
		case tl < j: // (to the first tie from j on; periods are powers of two)
			p := period[L]
			if tl += (j - tl + p - 1) &^ (p - 1); tl >= e {
				tl = math.MaxInt64
			}
			tie[L] = tl
		}
		next, t = min(next, e), min(t, tl)
	}
	return next, t, ne
}

// binTieBlocks is the most blocks rowsBinLanes writes with ties from a
// block where a lane meets one.
const binTieBlocks = 64

// binLane is binWord's inverse: the lane of each element of a block.
var binLane = func() (l [96]uint8) {
	for L, w := range binWord {
		l[w] = uint8(L)
	}
	return l
}()
