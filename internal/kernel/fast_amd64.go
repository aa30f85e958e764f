//go:build amd64 && !purego

package kernel

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// useAVX512 picks the AVX-512 forms of the converting kernels (tests turn
// it off to run the AVX2 forms too).
var useAVX512 = CPU.AVX512

var (
	streamMu   sync.Mutex   // held while measuring
	streamWins atomic.Bool  // the last measurement's verdict
	streamAt   atomic.Int64 // when it was made (Unix ns), 0 for never
	// streamTest, when not 0, overrides the measurement in tests: 1
	// streams, -1 does not.
	streamTest int
)

// streamRecheck is how long a measurement of streaming stores stands.
var streamRecheck = 2 * time.Second

// streaming reports whether non-temporal stores write large buffers faster
// than regular ones on this machine. Which wins depends on the machine,
// and on a virtual machine on its host and its neighbours, which change
// (here regular stores won by a fifth in one hour and lost by a third in the
// next): so a large fill measures both on 16 MiB of its own destination,
// which it then overwrites, when the last measurement is more than
// streamRecheck old; at most one fill measures at a time, the others take
// the last verdict (regular stores before the first). Measuring costs about
// as much as writing 100 MiB: under one percent of what a stream of large
// fills writes in streamRecheck.
func streaming(dst []byte) bool {
	if streamTest != 0 {
		return streamTest > 0
	}
	if at := streamAt.Load(); at != 0 && time.Since(time.Unix(0, at)) < streamRecheck {
		return streamWins.Load()
	}
	if !streamMu.TryLock() {
		return streamWins.Load()
	}
	defer streamMu.Unlock()
	off := int((32 - uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%32) % 32)
	b := dst[off:]
	b = b[:min(len(b), 16<<20)/128*128]
	var p [32]byte
	regular, nt := time.Duration(1<<62), time.Duration(1<<62)
	for range 3 { // in alternation, so that both see the same machine
		t := time.Now()
		storeAVX2(unsafe.SliceData(b), len(b)/128, &p)
		regular = min(regular, time.Since(t))
		t = time.Now()
		storeAVX2NT(unsafe.SliceData(b), len(b)/128, &p)
		nt = min(nt, time.Since(t))
	}
	streamWins.Store(nt < regular)
	streamAt.Store(time.Now().UnixNano())
	return nt < regular
}

// fillFast writes dst (host order, which is little-endian here) with the
// vector kernels where they apply and reports whether it did. It never
// changes a bit: the vector kernels run only where the values are exact in
// the lanes' arithmetic, or where the lanes wrap as the type does.
//
// A run is written as whole blocks: one at the start (unaligned), aligned
// ones through the middle (streaming past the caches for large runs), and
// one ending exactly at the end. The first and last overlap the middle ones
// where the run's length is not a multiple of a block: they rewrite the same
// values there, and nothing outside dst is touched.
func (s *Seq) fillFast(dst []byte, i0, step uint64) bool {
	if !CPU.AVX2 || len(dst) < 256 {
		return false
	}
	size := s.size
	if uintptr(unsafe.Pointer(unsafe.SliceData(dst)))&uintptr(size-1) != 0 {
		return false
	}
	if i0 == 0 {
		// Element 0 is start's bits, whatever the arithmetic says.
		s.fillLE(dst[:size], 0, step)
		dst, i0 = dst[size:], step
	}
	nt := len(dst) >= streamingMin && streaming(dst)
	switch {
	case s.kind == Int:
		d := step * s.delta
		s.wordKernel(dst, s.start+i0*s.delta, d, nt)
	case s.mode == modeConstant:
		s.wordKernel(dst, s.constBits, 0, nt)
	case s.allInfinite(i0, step, uint64(len(dst)>>s.lg)):
		// Past the overflow point: one infinity throughout (the sign of
		// delta's, where |V| grows).
		s.wordKernel(dst, s.infAt(i0), 0, nt)
	case s.mode == modeLinear && (s.kind == Float32 || s.kind == Float16 && CPU.F16C):
		s.floatKernel(dst, i0, step, nt)
	default:
		s.fillLE(dst, i0, step)
	}
	return true
}

// allInfinite reports whether Limit's facts say that every element from i0
// for count indices (step 1) rounds to an infinity: the run lies past the
// overflow point.
func (s *Seq) allInfinite(i0, step, count uint64) bool {
	return step == 1 && s.limit != 0 && i0 >= s.overIdx && i0+count <= s.limit
}

// infAt returns the bits of the infinity element i rounds to.
func (s *Seq) infAt(i uint64) uint64 {
	inf := s.f.infBits()
	if hi, _ := s.linear(i); int64(hi) < 0 {
		inf |= s.f.signBit()
	}
	return inf
}

// fillRowsFast writes rows of integers, of a constant, of floats past
// their overflow point, or of float32 or float16 (AVX-512) whose every value
// is exact in float32 (Limit's facts), with the row kernels: a call writes
// up to 64 rows, the values at the three places a row's blocks start
// computed here. Regular stores only: measuring the streaming stores would
// write between the rows.
func (s *Seq) fillRowsFast(dst []byte, rows, pitch, n int, i0, rowStep, step uint64) bool {
	size := s.size
	rowBytes := n * size
	if !CPU.AVX2 || rowBytes < 128 || i0 == 0 || rows < 1 || (rows-1)*pitch+rowBytes > len(dst) ||
		uintptr(unsafe.Pointer(unsafe.SliceData(dst)))&uintptr(size-1) != 0 {
		return false
	}
	last := i0 + uint64(rows-1)*rowStep + uint64(n-1)*step
	exact32 := step == 1 && s.limit != 0 && last < s.limit && s.f32Exact
	block := 128 // bytes
	// How a row's values are had.
	const (
		ints   = iota // s.start + i*s.delta
		consts        // c
		floats        // the float32 of element i
	)
	var how int
	c := s.constBits
	base, inc := &s.laneBase, &s.laneInc // planned for the usual step
	var inc16 [8]float32
	switch {
	case s.kind == Int:
		if d := step * s.delta; d != s.laneD {
			b, i := lanes(size, d)
			base, inc = &b, &i
		}
		how = ints
	case s.mode == modeConstant:
		how = consts
	case s.allInfinite(i0, step, last-i0+1):
		how, c = consts, s.infAt(i0)
	case s.kind == Float32 && exact32:
		base = (*[16]uint64)(unsafe.Pointer(&s.f32Base))
		i := broadcast(uint64(math.Float32bits(float32(32*s.stepF64(1)))), 4)
		inc, how = &i, floats
	case s.kind == Float16 && exact32 && CPU.F16C && useAVX512 && rowBytes >= 64:
		d32 := float32(32 * s.stepF64(1))
		inc16 = [8]float32{d32, d32, d32, d32, d32, d32, d32, d32}
		block, how = 64, floats
	default:
		return false
	}
	first := func(i uint64) uint64 {
		switch how {
		case ints:
			return s.start + i*s.delta
		case consts:
			return c
		}
		return uint64(math.Float32bits(float32(s.valueF64(i))))
	}
	lastBlock := uint64((rowBytes - block) >> s.lg) // the element the last block of a row starts at
	var firsts [3 * 64]uint64
	for r0 := 0; r0 < rows; r0 += 64 {
		m := min(64, rows-r0)
		p := unsafe.SliceData(dst[r0*pitch:])
		for r := range m {
			i := i0 + uint64(r0+r)*rowStep
			// The row's start, its first 32-byte aligned byte, its last block.
			mis := uint64(-(uintptr(unsafe.Pointer(p)) + uintptr(r*pitch)) % 32 >> s.lg)
			firsts[3*r], firsts[3*r+1], firsts[3*r+2] = first(i), first(i+mis*step), first(i+lastBlock*step)
		}
		b, f, in := (*[128]byte)(unsafe.Pointer(base)), &firsts[0], (*[32]byte)(unsafe.Pointer(inc))
		switch {
		case block == 64:
			rowsF16x(p, m, pitch, rowBytes, &s.f32Base, f, &inc16)
		case how == floats:
			rowsAddS(p, m, pitch, rowBytes, b, f, in)
		case size == 1:
			rowsAddB(p, m, pitch, rowBytes, b, f, in)
		case size == 2:
			rowsAddW(p, m, pitch, rowBytes, b, f, in)
		case size == 4:
			rowsAddD(p, m, pitch, rowBytes, b, f, in)
		default:
			rowsAddQ(p, m, pitch, rowBytes, b, f, in)
		}
	}
	return true
}

// blockRun is whole blocks of a run: blocks of them from byte at, with
// streaming stores if nt.
type blockRun struct {
	at, blocks int
	nt         bool
}

// blockRuns splits a run of len(dst) bytes into a head block at 0 (if dst is
// not aligned to 64 bytes, or to the block if smaller), whole aligned blocks
// (with streaming stores if nt), and a tail block ending at the end (if the
// blocks do not reach it): the first n of runs. The run is at least one
// block, a power of two of bytes (so no division: dividing by a variable
// costs more than a small run's stores). Aligned blocks matter for regular
// stores too: a store that crosses a cache line costs two. The head and tail
// blocks overlap the aligned ones and rewrite the same values there.
func blockRuns(dst []byte, block int, nt bool) (runs [3]blockRun, n int) {
	align := uintptr(min(64, block)) // the head block must reach mid
	mid := int(-uintptr(unsafe.Pointer(unsafe.SliceData(dst))) & (align - 1))
	if mid+block > len(dst) {
		runs[0], runs[1] = blockRun{0, 1, false}, blockRun{len(dst) - block, 1, false}
		return runs, 2
	}
	if mid > 0 {
		runs[n], n = blockRun{0, 1, false}, n+1
	}
	blocks := (len(dst) - mid) >> bits.TrailingZeros(uint(block))
	runs[n], n = blockRun{mid, blocks, nt}, n+1
	if mid+blocks*block < len(dst) {
		runs[n], n = blockRun{len(dst) - block, 1, false}, n+1
	}
	return runs, n
}

// broadcast repeats the low size bytes of x through 32 bytes.
func broadcast(x uint64, size int) (b [4]uint64) {
	switch size {
	case 1:
		x = x & 0xFF * 0x0101010101010101
	case 2:
		x = x & 0xFFFF * 0x0001000100010001
	case 4:
		x = x & 0xFFFFFFFF * 0x0000000100000001
	}
	return [4]uint64{x, x, x, x}
}

// lanes returns the offsets 0, d, 2d, ... of 128 bytes of lanes, and the
// step of a whole block in every lane, wrapping at the element width.
func lanes(size int, d uint64) (base [16]uint64, inc [4]uint64) {
	b := (*[128]byte)(unsafe.Pointer(&base))
	words(b[:], size, 0, d)
	return base, broadcast(uint64(128/size)*d, size)
}

// wordKernel writes elements first, first+d, first+2d, ... (wrapping at the
// element width). dst must be aligned to the element size.
func (s *Seq) wordKernel(dst []byte, first, d uint64, nt bool) {
	size := s.size
	if len(dst) < 128 {
		words(dst, size, first, d)
		return
	}
	base, inc := &s.laneBase, &s.laneInc // planned for the usual step
	if d != s.laneD {
		b, i := lanes(size, d)
		base, inc = &b, &i
	}
	runs, n := blockRuns(dst, 128, nt)
	for _, r := range runs[:n] {
		s.addStore(dst[r.at:], r.blocks, base, first+uint64(r.at>>s.lg)*d, inc, r.nt)
	}
}

func (s *Seq) addStore(dst []byte, blocks int, base *[16]uint64, first uint64, inc *[4]uint64, nt bool) {
	p := unsafe.SliceData(dst)
	b := (*[128]byte)(unsafe.Pointer(base))
	fb := first
	ib := (*[32]byte)(unsafe.Pointer(inc))
	switch {
	case s.size == 1 && nt:
		addStoreBNT(p, blocks, b, fb, ib)
	case s.size == 1:
		addStoreB(p, blocks, b, fb, ib)
	case s.size == 2 && nt:
		addStoreWNT(p, blocks, b, fb, ib)
	case s.size == 2:
		addStoreW(p, blocks, b, fb, ib)
	case s.size == 4 && nt:
		addStoreDNT(p, blocks, b, fb, ib)
	case s.size == 4:
		addStoreD(p, blocks, b, fb, ib)
	case nt:
		addStoreQNT(p, blocks, b, fb, ib)
	default:
		addStoreQ(p, blocks, b, fb, ib)
	}
}

// words writes first, first+d, ... to dst (aligned to size) in host order.
func words(dst []byte, size int, first, d uint64) {
	n := len(dst) / size
	if n == 0 {
		return
	}
	p := unsafe.Pointer(unsafe.SliceData(dst))
	switch size {
	case 1:
		fillInt(dst[:n], first, d)
	case 2:
		fillInt(unsafe.Slice((*uint16)(p), n), first, d)
	case 4:
		fillInt(unsafe.Slice((*uint32)(p), n), first, d)
	default:
		fillInt(unsafe.Slice((*uint64)(p), n), first, d)
	}
}

// floatKernel writes float32 or float16 elements from index i0: constant
// infinities past the overflow point, float32 lanes where every value is
// exact in float32, float16 by integer lanes a binade at a time where every
// exact sum fits 31 bits, float64 lanes converted once where every value is
// exact in float64, and the plain kernels elsewhere.
func (s *Seq) floatKernel(dst []byte, i0, step uint64, nt bool) {
	size := s.size
	n := len(dst) / size
	known := step == 1 && s.limit != 0 && i0+uint64(n) <= s.limit // Limit's facts hold
	over := n
	switch {
	case known && s.overIdx <= i0:
		over = 0
	case known:
		over = int(min(s.overIdx-i0, uint64(n)))
	default:
		over = s.overflowFrom(i0, step, n)
	}
	if over < n {
		if over > 0 {
			s.floatKernel(dst[:over*size], i0, step, nt)
		}
		s.wordKernel(dst[over*size:], s.infAt(i0+uint64(over)*step), 0, nt)
		return
	}
	if len(dst) < 128 || n < 32 {
		s.fillLE(dst, i0, step)
		return
	}
	last := i0 + uint64(n-1)*step
	dx := s.stepF64(step)
	switch {
	case known && s.f32Exact || s.f32Lanes(i0, last, step):
		// Every value, and the step of 32 elements, is exact in float32.
		base32 := &s.f32Base
		if step != 1 {
			base32 = new([32]float32)
			for l := range base32 {
				base32[l] = float32(float64(l) * dx)
			}
		}
		if size == 4 {
			inc := broadcast(uint64(math.Float32bits(float32(32*dx))), 4)
			bb := (*[128]byte)(unsafe.Pointer(base32))
			ib := (*[32]byte)(unsafe.Pointer(&inc))
			runs, n := blockRuns(dst, 128, nt)
			for _, r := range runs[:n] {
				fb := uint64(math.Float32bits(float32(s.valueF64(i0 + uint64(r.at/4)*step))))
				if p := unsafe.SliceData(dst[r.at:]); r.nt {
					addStoreSNT(p, r.blocks, bb, fb, ib)
				} else {
					addStoreS(p, r.blocks, bb, fb, ib)
				}
			}
			return
		}
		d32 := float32(32 * dx)
		inc := [8]float32{d32, d32, d32, d32, d32, d32, d32, d32}
		runs, n := blockRuns(dst, 64, nt)
		for _, r := range runs[:n] {
			f := uint64(math.Float32bits(float32(s.valueF64(i0 + uint64(r.at/2)*step))))
			p := unsafe.SliceData(dst[r.at:])
			switch {
			case useAVX512 && r.nt:
				cvtStoreF16xNT(p, r.blocks, base32, f, &inc)
			case useAVX512:
				cvtStoreF16x(p, r.blocks, base32, f, &inc)
			case r.nt:
				cvtStoreF16NT(p, r.blocks, base32, f, &inc)
			default:
				cvtStoreF16(p, r.blocks, base32, f, &inc)
			}
		}
	case size == 2 && (known && s.i32Exact || s.int32Lanes(i0, last)):
		// float16 whose every S + i*D fits an int32 lane: rounded with
		// integer operations, a binade at a time.
		s.f16Pieces(dst, i0, step, nt)
	case known && s.f64Exact || s.exactBelow(i0, last, step*16, 53):
		s.f64Lanes(dst, i0, step, nt)
	default:
		s.fillLE(dst, i0, step)
	}
}

// f64Lanes writes float32 or float16 elements from index i0 where every
// value is exact in float64 lanes (at least 16 elements): float32 is
// converted to once; float16 is rounded to odd into float32, then to
// nearest even by F16C.
func (s *Seq) f64Lanes(dst []byte, i0, step uint64, nt bool) {
	dx := s.stepF64(step)
	base := &s.f64Base
	if step != 1 {
		base = new([16]float64)
		for l := range base {
			base[l] = float64(l) * dx
		}
	}
	d16 := 16 * dx
	inc := [4]float64{d16, d16, d16, d16}
	runs, n := blockRuns(dst, 16*s.size, nt)
	for _, r := range runs[:n] {
		first := math.Float64bits(s.valueF64(i0 + uint64(r.at>>s.lg)*step))
		s.f64Kernel(r.nt, unsafe.SliceData(dst[r.at:]), r.blocks, base, first, &inc)
	}
}

// f64Kernel calls the kernel that converts float64 lanes to the sequence's
// type (float16: round to odd, then F16C; float32) for a store kind, in its
// AVX-512 or AVX2 form.
func (s *Seq) f64Kernel(nt bool, dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64) {
	switch x := useAVX512; {
	case s.size == 2 && x && nt:
		cvtStoreF16OddxNT(dst, blocks, base, first, inc)
	case s.size == 2 && x:
		cvtStoreF16Oddx(dst, blocks, base, first, inc)
	case s.size == 2 && nt:
		cvtStoreF16OddNT(dst, blocks, base, first, inc)
	case s.size == 2:
		cvtStoreF16Odd(dst, blocks, base, first, inc)
	case x && nt:
		cvtStoreF32xNT(dst, blocks, base, first, inc)
	case x:
		cvtStoreF32x(dst, blocks, base, first, inc)
	case nt:
		cvtStoreF32NT(dst, blocks, base, first, inc)
	default:
		cvtStoreF32(dst, blocks, base, first, inc)
	}
}

// f16Pieces writes float16 elements whose every S + i*D is below 2^31 in
// magnitude (int32Lanes) with the binade kernels. It splits the run where
// the sign or the binade of S + i*D changes (S + i*D is linear in i, so each
// sign and binade is one piece at most) and writes each piece of a block or
// more with integer lanes. Shorter pieces (a few binades near zero, where
// the values grow fast against their binade: together fewer than about two
// blocks on each side of zero) are written together by the float64 lanes.
// dst is aligned to 2 bytes, and holds at least 32 elements.
func (s *Seq) f16Pieces(dst []byte, i0, step uint64, nt bool) {
	n := len(dst) / 2
	_, lo := s.linear(i0)
	k0, dk := int64(lo), int64(step*s.dLo) // both below 2^32 in magnitude
	sub := -14 - s.unit                    // magnitudes below 2^sub are subnormal (sub <= 10)
	short := -1                            // where the short pieces not yet written begin
	for j := 0; j < n; {
		k := k0 + int64(j)*dk
		mag, sign := k, int64(1)
		if k < 0 {
			mag, sign = -k, -1
		}
		// The magnitudes [low, high] of the piece's binade, the bit of the
		// last place there (2^shift) and the sign and exponent bits.
		var low, high int64
		var shift int
		var c uint64
		switch m := bits.Len64(uint64(mag)) - 1; {
		case mag == 0:
			// A piece of one element, +0.
		case m < sub:
			low, high = 1, 1<<sub-1
			shift = -24 - s.unit
		default:
			low, high = 1<<m, 1<<(m+1)-1
			shift = m - 10
			c = uint64(m+s.unit+14) << 10
		}
		if sign < 0 {
			c |= 0x8000
		}
		// The piece: the elements from j whose magnitude stays in [low, high].
		dm := sign * dk
		var count int64
		if dm > 0 {
			count = quo(high-mag, dm) + 1
		} else {
			count = quo(mag-low, -dm) + 1
		}
		count = min(count, int64(n-j))
		if count < 32 {
			if short < 0 {
				short = j
			}
			j += int(count)
			continue
		}
		if short >= 0 {
			s.shortPieces(dst[2*short:2*j], i0+uint64(short)*step, step, nt)
			short = -1
		}
		s.binade(dst[2*j:2*(j+int(count))], mag, dm, step, shift, c, nt)
		j += int(count)
	}
	if short >= 0 {
		s.shortPieces(dst[2*short:], i0+uint64(short)*step, step, nt)
	}
}

// quo returns x / y for 0 <= x < 2^53 and 0 < y < 2^53 by a float64
// division (an integer division is several times slower), which is exact
// after truncation: x and y convert exactly; x/y is either an integer or at
// least 1/y below the next one, and the division's rounding error, at most
// (x/y) * 2^-53, is smaller than that, since x < 2^53.
func quo(x, y int64) int64 {
	return int64(float64(x) / float64(y))
}

// shortPieces writes elements of short pieces (see f16Pieces): with float64
// lanes if there are enough of them, else with the plain kernel.
func (s *Seq) shortPieces(dst []byte, i0, step uint64, nt bool) {
	if len(dst) >= 64 {
		s.f64Lanes(dst, i0, step, nt)
		return
	}
	s.fillLE(dst, i0, step)
}

// binade writes float16 elements of one sign and one binade (or of the
// subnormals), at least one block of them: magnitudes a, a+dm, a+2*dm, ...
// (in units of the sequence, dm = ±step*D), rounded to multiples of
// 2^shift, plus c. Where shift is below 1, the magnitudes are scaled up to
// make it 1 (they are exact then, and below 2^11: scaled, below 2^22).
func (s *Seq) binade(dst []byte, a, dm int64, step uint64, shift int, c uint64, nt bool) {
	up := max(0, 1-shift)
	shift += up
	half := uint64(1) << (shift - 1)
	var base [32]int32
	switch {
	case step == 1 && up == 0 && dm > 0:
		base = s.binBase[0]
	case step == 1 && up == 0:
		base = s.binBase[1]
	default:
		for l, e := range packOrder {
			base[l] = int32(uint32(uint64(e*dm) << up))
		}
	}
	inc := uint64(32*dm) << up
	ties, tie, period := binadeTies(uint64(a)<<up, uint64(dm)<<up, shift, len(dst)/2)
	runs, n := blockRuns(dst, 64, nt)
	for _, r := range runs[:n] {
		first := uint64(a+int64(r.at/2)*dm)<<up + half
		binKernel(r.nt, unsafe.SliceData(dst[r.at:]), r.blocks, &base, first, inc, uint64(shift), c, ties)
	}
	// Sparse ties, rounded up by the kernel: to even, by dropping the
	// last bit of q where it is set.
	for j := tie; ties == 0 && j < len(dst)/2; j += period {
		p := (*uint16)(unsafe.Pointer(&dst[2*j]))
		*p -= (*p - uint16(c)) & 1
	}
}

// binadeTies tells the binade kernel how to round ties. The magnitudes,
// biased by half, are kb_j = a + j*d + half (a, d scaled as the kernel's
// lanes); element j is a tie when a + j*d is half modulo 2^shift. With 2^g
// the largest power of two dividing d, that needs a to be half modulo 2^g,
// and then happens for j = tie, tie + period, ... with period =
// 2^(shift-g) (d/2^g is odd, so invertible modulo any power of two). If
// ties are dense, the kernel's tie form handles them (ties = 1); if there
// are none in the n elements, or at most one in 64 (patched after the
// kernel), the plain form runs (ties = 0, and tie, period locate them;
// tie >= n if none).
func binadeTies(a, d uint64, shift, n int) (ties uint64, tie, period int) {
	half := uint64(1) << (shift - 1)
	g := bits.TrailingZeros64(d)
	if g >= shift {
		// a + j*d is a modulo 2^shift: every element is a tie, or none.
		if (a-half)&(1<<shift-1) == 0 {
			return 1, n, 1
		}
		return 0, n, 1
	}
	if (a-half)&(1<<g-1) != 0 {
		return 0, n, 1 // never
	}
	// j*(d/2^g) = (half-a)/2^g modulo 2^(shift-g).
	odd := d >> g
	inv := odd // Newton's iteration for the inverse modulo 2^64
	for range 5 {
		inv *= 2 - odd*inv
	}
	period = 1 << (shift - g)
	tie = int(((half - a) >> g * inv) & uint64(period-1))
	if tie < n && period < 64 {
		return 1, n, period
	}
	return 0, tie, period
}

// binKernel calls the binade kernel for a store kind, in its AVX-512 or
// AVX2 form.
func binKernel(nt bool, dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64) {
	switch {
	case useAVX512 && nt:
		f16BinxNT(dst, blocks, base, first, inc, shift, c, ties)
	case useAVX512:
		f16Binx(dst, blocks, base, first, inc, shift, c, ties)
	case nt:
		f16BinNT(dst, blocks, base, first, inc, shift, c, ties)
	default:
		f16Bin(dst, blocks, base, first, inc, shift, c, ties)
	}
}
