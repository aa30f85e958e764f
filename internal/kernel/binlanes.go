package kernel

import (
	"math"
	"math/bits"
	"unsafe"
)

// The binade-lanes kernel (bin192x, AVX-512; bin192Y, AVX2) writes float16 rows of
// rows-lanes (lanesBin: NHWC tensors of a few channels, a row a pixel),
// whose channels lie in binades of their own, in blocks of 192 bytes (or
// of 128 from lanes 0-63: bin128x, bin128Y): 96 int32 lanes, each an
// element's magnitude above a base in its own binade (its own shift, its
// own sign and exponent), rounded to nearest even by
// integer operations, as the binade kernels round a run's (one binade for
// all lanes there). rowsBinLanes works out each lane's form from the
// element's exact sum and how many blocks it holds for (the lane stays in
// its binade and its x in 32 bits), and calls the kernel for the blocks
// that every lane's form holds for, then moves on the lanes whose form
// ended. Where a lane meets a tie, the kernel rounds ties to even (its
// slower loop) where they are dense; where they are sparse, it rounds them
// up and the few elements at ties are put right after it (mend): no run is
// cut at a tie (a kernel call and a pass over the lanes each, which at 4
// MiB cost more than the ties' loop saved).

// binMaxX is the most a lane's x may reach: with half its shift's unit
// (2^28 or less) added it stays below 2^32.
const binMaxX = 1<<31 - 1

// rowsBinLanes writes float16 rows of n elements, pitch bytes apart, at dst
// (rows-lanes with lanesBin; where pitch is past the row, a gap's lanes
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
// block to block. Each set goes on its own (binLaneRows.writeSet).
func (f *Filler) rowsBinLanes(dst []byte, rs *rowSet, blk int, st store) {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	// (w's fields one by one: a composite literal of w was built on the
	// stack and copied, its 5 KB zeroed and moved twice a fill.)
	var w binLaneRows
	w.f, w.pitch, w.rowBytes, w.blk, w.st = f, pitch, 2*n, blk, st
	w.sets, w.nl = blockSets(pitch, blk), blk/2
	w.stride = w.sets * blk
	w.dk = int64(uint64(w.stride/pitch) * rowStep * f.dLo)
	w.stepK, w.rowK = int64(step*f.dLo), int64(rowStep*f.dLo)
	w.gk = bits.TrailingZeros64(uint64(w.dk)) // (dk is not 0)
	w.inv = oddInverse(uint64(w.dk >> w.gk))
	_, w.lo = f.linear(i0)
	// The blocks: from the first aligned byte a, less one block where a
	// is not 0, to the block that reaches the rows' end; the first and
	// the last of a set, where they stick out of dst, go to a buffer, and
	// their bytes in dst are copied from it.
	w.span = (rows-1)*pitch + w.rowBytes // (the last row's gap, if any, is not dst's)
	w.padded = pitch != w.rowBytes       // (gaps between the rows: their lanes masked off, bin192Mask)
	w.dst = dst[:w.span]
	a := int((64 - uintptr(unsafe.Pointer(unsafe.SliceData(w.dst)))%64) % 64)
	base := a // the byte of set 0's block 0 (negative: before dst)
	if a > 0 {
		base -= blk
	}
	for sn := range w.sets {
		if b0 := base + sn*blk; b0 < w.span {
			w.writeSet(b0)
		}
	}
	if i0 == 0 {
		putLE(dst, 2, f.start) // (-0 kept)
	}
}

// binNever is the block of a lane's tie where it meets none.
const binNever = math.MaxInt64

// binLaneRows is one rowsBinLanes call: its rows, the kernel's lanes (l)
// and, for the set being written, each lane's exact sum at the set's block
// 0 and the blocks where its form ends and where it meets its next tie.
type binLaneRows struct {
	f                *Filler
	dst              []byte
	pitch, rowBytes  int
	blk, sets, nl    int // (nl: the lanes of a block)
	stride           int // bytes from a set's block to its next
	span             int
	padded           bool
	st               store
	dk, stepK, rowK  int64 // a set's block step, an element's and a row's, in exact sums
	gk               int   // dk's trailing zeros
	inv              uint64
	lo               uint64 // index i0's exact sum
	l                binLanes
	k0               [96]int64 // each lane's exact sum at the set's block 0
	end, tie, period [96]int64 // the block where each lane's form ends, its next tie (or binNever), their period

	b0         int   // the byte of the set's block 0 (negative: before dst)
	all, whole int64 // the set's blocks that start in dst (or before it), and those of them that end in dst
	mask       [3]uint64
	out        [192]byte
}

// writeSet writes the set whose block 0 is at byte b0: from block to
// block, for as many blocks as every lane's form holds (the kernel's lanes
// from the run's first block), each run by write (its ties rounded to
// even by the kernel or mended after it).
func (w *binLaneRows) writeSet(b0 int) {
	w.b0 = b0
	w.all = int64((w.span - b0 + w.stride - 1) / w.stride)
	w.whole = 0
	if w.span-b0 >= w.blk {
		w.whole = int64((w.span-b0-w.blk)/w.stride) + 1
	}
	next, t := w.startLanes()
	for j := int64(0); ; {
		w.write(j, next-j, t < next)
		if j = next; j == w.all {
			return
		}
		// The lanes whose form ends at j, the ties passed (all mended or
		// written to even), and the next block where a form ends.
		var ended [96]uint8
		var ne int
		next, t, ne = laneEvents(&w.end, &w.tie, &w.period, w.nl, j, w.all, &ended)
		w.setForms(ended[:ne], j)
		for _, L := range ended[:ne] {
			next, t = min(next, w.end[L]), min(t, w.tie[L])
		}
	}
}

// startLanes sets each lane of the set from its element (its row and
// place, from the byte it writes), or a gap's (padded: masked off, a
// constant form), and returns the first block where a lane's form ends
// and the first where one meets a tie.
func (w *binLaneRows) startLanes() (next, t int64) {
	var gap [96]bool
	w.mask = [3]uint64{}
	// Element e's row r and its byte o in it, from block 0's first (a
	// division for the first alone: the pitch is even, as b0 is).
	r := w.b0 / w.pitch
	if w.b0 < 0 {
		r = (w.b0 - w.pitch + 1) / w.pitch
	}
	o := w.b0 - r*w.pitch
	for e := range w.nl {
		if gap[binLane[e]] = o >= w.rowBytes; !gap[binLane[e]] {
			w.mask[e/32] |= 3 << (2 * (e % 32))
		}
		w.k0[binLane[e]] = int64(w.lo) + int64(r)*w.rowK + int64(o/2)*w.stepK
		if o += 2; o >= w.pitch {
			o, r = o-w.pitch, r+1
		}
	}
	// The lanes in the order of their elements' places in a row, one
	// place's (one channel's) after another: setForms works out a
	// channel's forms together, where their elements lie in one binade.
	var lanes [96]uint8
	n, places := 0, min(w.pitch/2, w.nl)
	for p := range places {
		for e := p; e < w.nl; e += places {
			L := binLane[e]
			if gap[L] {
				w.l.x[L], w.l.dm[L], w.l.s[L], w.l.m[L], w.l.c[e] = 0, 0, 1, 0, 0
				w.end[L], w.tie[L], w.period[L] = w.all, binNever, 1
				continue
			}
			lanes[n] = L
			n++
		}
	}
	w.setForms(lanes[:n], 0)
	next, t = w.all, binNever
	for _, L := range lanes[:n] {
		next, t = min(next, w.end[L]), min(t, w.tie[L])
	}
	return next, t
}

// setForms works out the forms of lanes from block j of the set (for
// their blocks to the set's last): each lane's binade, its base and x, for
// how many blocks they hold, and its next tie. The lanes that end together
// are mostly one channel's (their sums a row step or so apart, crossing
// into one binade): a lane in the last one's binade takes what the binade
// gives every lane (binadeOfLanes: its bits, shift, step and ties'
// period), and its count from the last one's where they differ by one or
// less (quoNear: a multiplication, not a division).
func (w *binLaneRows) setForms(lanes []uint8, j int64) {
	most := w.all - j
	var b binadeOfLanes
	b.low, b.high = 1, 0 // (none yet)
	q := int64(-1)       // the last lane's quotient (-1: none)
	for _, L := range lanes {
		k := w.k0[L] + j*w.dk
		mag, dm := k, w.dk
		if k < 0 {
			mag, dm = -k, -w.dk
		}
		if mag < b.low || mag > b.high || k < 0 != b.neg {
			b.set(w, k, dm)
			q = -1
		}
		count := most
		switch {
		case mag == 0:
			count = 1
		case dm > 0:
			q = quoNear(b.high-mag, dm, q)
			count = min(q+1, most)
		case dm < 0:
			q = quoNear(mag-b.low, -dm, q)
			count = min(q+1, most)
		}
		w.setLane(int(L), j, &b, mag, count)
	}
}

// binadeOfLanes is a binade of setForms' lanes: its magnitudes [low,
// high] and sign, its shift and bits (as binadeOf; an infinity past the
// largest), their scale for the kernel (binadeScale: up, sh), and what
// each of its lanes takes as it is: the step of a block d (dm scaled), s,
// half and m of the kernel's lanes, and where their ties fall (setTie: g,
// the period and the inverse of the step over 2^g).
type binadeOfLanes struct {
	low, high int64
	neg, inf  bool
	shift     int
	c         uint32
	up, sh    uint  // (both below 64: setLane)
	d         int64 // dm << up (0 in an infinity)
	half      int64 // 2^(sh-1)
	g         uint  // d's trailing zeros (gk + up: 34 at most)
	period    int64 // 2^(sh-g) where g < sh, else 1
	inv       uint64
}

// set sets b to the binade of the exact sum k, whose lanes step by dm (the
// set's dk, or -dk where k is negative).
func (b *binadeOfLanes) set(w *binLaneRows, k, dm int64) {
	f := w.f
	b.shift, b.c, b.low, b.high = f.binadeOf(k)
	b.neg = k < 0
	b.inf = b.shift+int(f.f.mantBits)-1+f.unit > f.f.bias
	if b.inf { // a binade past the largest: infinities
		b.shift, b.c = 1, uint32(f.f.infBits())
		if k < 0 {
			b.c |= uint32(f.f.signBit())
		}
	}
	up, sh := binadeScale(b.shift)
	// (Shifts by up, sh and below: up is at most 11 and sh 29 - a
	// magnitude of one unit lies at most 10 binades below its unit, and
	// a finite binade's last place is 2^5 or less, units 2^-24 or more;
	// an infinity's sh is 1 - so masked to 63, the compiler tests none;
	// g, up more than dk's trailing zeros, is 34 at most - dk is below
	// binLanesStep - and compared to sh as it is. TestBinadeOfLanesShifts.)
	b.up, b.sh = up&63, uint(sh)&63
	b.d = dm << b.up
	if b.inf {
		b.d = 0
	}
	b.half = 1 << ((b.sh - 1) & 63)
	b.g = uint(w.gk) + b.up
	b.period, b.inv = 1, w.inv
	if b.g < b.sh {
		b.period = 1 << ((b.sh - b.g) & 63)
	}
	if dm < 0 != (w.dk < 0) {
		b.inv = -w.inv
	}
}

// quoNear returns x / y for 0 <= x and 0 < y, given q, x' / y of an x'
// near x (or -1 where there is none): by one multiplication where x / y
// is q - 1, q or q + 1, else by quoAny. (q*y is at most x', so neither it
// nor x - q*y overflows.)
func quoNear(x, y, q int64) int64 {
	if q < 0 {
		return quoAny(x, y)
	}
	switch r := x - q*y; {
	case r >= 0 && r < y:
		return q
	case r < 0 && r >= -y:
		return q - 1
	case r >= y && r-y < y:
		return q + 1
	}
	return quoAny(x, y)
}

// setLane sets lane L's form from block j: in binade b, its magnitude mag
// (0 in an infinity) stepping by b.d, for count blocks (or fewer: while x
// stays in 32 bits; one block steps by nothing).
func (w *binLaneRows) setLane(L int, j int64, b *binadeOfLanes, mag, count int64) {
	m, d := mag<<b.up, b.d
	if b.inf {
		m = 0
	}
	if count == 1 {
		d = 0
	}
	// The base, in last places, even (the kernel rounds a tie by the
	// parity of x's last place alone).
	base := m >> ((b.sh + 1) & 63) << 1
	if d < 0 {
		base = max(0, m-1<<30) >> ((b.sh + 1) & 63) << 1
	}
	x := m - base<<b.sh
	switch {
	case d > 0 && x+(count-1)*d > binMaxX:
		count = (binMaxX-x)/d + 1
	case d < 0 && x+(count-1)*d < 0:
		count = x/-d + 1
	}
	// (x + half rounds half up: the kernel clears a tie's last bit.)
	w.l.x[L], w.l.dm[L] = uint32(x+b.half)-uint32(j)*uint32(d), uint32(d)
	w.l.s[L], w.l.m[L] = uint32(b.sh), uint32(2*b.half-1)
	w.l.c[binWord[L]] = uint16(b.c) + uint16(base)
	w.end[L] = j + count
	w.setTie(L, j, b, x, d, count)
}

// setTie sets lane L's next tie from block j and their period: blocks t
// where x + t*d is half modulo 2^sh (as binadeTies, with d/2^g's inverse
// from dk's).
func (w *binLaneRows) setTie(L int, j int64, b *binadeOfLanes, x, d, count int64) {
	w.tie[L], w.period[L] = binNever, 1
	switch r := x - b.half; {
	case d == 0 || b.g >= b.sh: // (every block alike)
		if r&(1<<b.sh-1) == 0 {
			w.tie[L] = j
		}
	case r&(1<<(b.g&63)-1) == 0: // (g below sh here)
		w.period[L] = b.period
		if t := int64(uint64(-r) >> (b.g & 63) * b.inv & uint64(b.period-1)); t < count {
			w.tie[L] = j + t
		}
	}
}

// write writes the set's blocks j to j+m-1: those that stick out of dst
// through out (ties to even: one block), the others with the kernel in
// place; where a lane meets a tie in them (anyTie), the kernel rounds ties
// to even if they are more than one in binMendBlocks blocks, else it
// rounds them up and mend puts each right after it (a kernel call fewer
// than a run of its own, and the faster loop).
func (w *binLaneRows) write(j, m int64, anyTie bool) {
	dst, blk, b0 := w.dst, w.blk, w.b0
	if j == 0 && b0 < 0 {
		w.f.t.binSet(blk, stRegular, &w.out[0], 1, blk, &w.l, 0, 1)
		w.put(b0, dst[:blk+b0])
		j, m = 1, m-1
	}
	if full := min(m, w.whole-j); full > 0 {
		ties := uint64(0)
		if anyTie && w.denseTies(j, j+full) {
			ties = 1
		}
		d := unsafe.SliceData(dst[b0+int(j)*w.stride:])
		if w.padded {
			w.f.t.binSetMask(blk, maskedAhead, d, int(full), w.stride, &w.l, uint64(j), ties, &w.mask)
		} else {
			w.f.t.binSet(blk, w.st, d, int(full), w.stride, &w.l, uint64(j), ties)
		}
		if anyTie && ties == 0 {
			w.mend(j, j+full)
		}
		j, m = j+full, m-full
	}
	if m > 0 {
		w.f.t.binSet(blk, stRegular, &w.out[0], 1, blk, &w.l, uint64(j), 1)
		w.put(b0+int(j)*w.stride, dst[b0+int(j)*w.stride:])
	}
}

// binMendBlocks: write has the kernel round ties to even (its slower
// loop) where the lanes meet more than one tie in binMendBlocks blocks,
// else mend puts them right. (Reckoned, not measured at the edge: a mended
// element, some 10-20 ns, against the ties' loop, some 4 cycles a block
// more in the caches; the layouts measured meet a tie every few thousand
// blocks, or every block.)
const binMendBlocks = 16

// denseTies reports whether the lanes meet more than one tie in
// binMendBlocks blocks in blocks j0 to j1-1 (each lane's next tie from j0
// on, then one a period: a power of two).
func (w *binLaneRows) denseTies(j0, j1 int64) bool {
	n, most := int64(0), (j1-j0)/binMendBlocks
	for L := range w.nl {
		if t := w.tie[L]; t < j1 {
			n += (j1-1-t)>>bits.TrailingZeros64(uint64(w.period[L])) + 1
			if n > most {
				return true
			}
		}
	}
	return false
}

// mend rounds to even the elements of blocks j0 to j1-1, written in
// place, where they are ties (the kernel without ties rounded them up):
// each lane's ties from its next one on, one a period.
func (w *binLaneRows) mend(j0, j1 int64) {
	l := &w.l
	for L := range w.nl {
		for t := w.tie[L]; t < j1; t += w.period[L] {
			y := l.x[L] + uint32(t)*l.dm[L]
			if t < j0 || y&l.m[L] != 0 { // (written through out, or not a tie after all)
				continue
			}
			word := int(binWord[L])
			q := min(y>>l.s[L]&^1, 0xffff)
			putLE(w.dst[w.b0+int(t)*w.stride+2*word:], 2, uint64(l.c[word]+uint16(q)))
		}
	}
}

// put copies a block written to out into dst, where it starts at byte at
// (b: its part in dst), padded rows' gaps left as they were.
func (w *binLaneRows) put(at int, b []byte) {
	if !w.padded {
		copy(b, w.out[max(-at, 0):w.blk])
		return
	}
	for i := range b {
		if o := i + max(-at, 0); w.mask[o/64]>>(o%64)&1 != 0 {
			b[i] = w.out[o]
		}
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

// binLane is binWord's inverse: the lane of each element of a block.
var binLane = func() (l [96]uint8) {
	for L, w := range binWord {
		l[w] = uint8(L)
	}
	return l
}()
