//go:build amd64 && !purego

package kernel

import (
	"math"
	"sync"
	"time"
	"unsafe"
)

// useAVX512 picks the AVX-512 forms of the converting kernels (tests turn
// it off to run the AVX2 forms too).
var useAVX512 = CPU.AVX512

var (
	streamOnce sync.Once
	streamWins bool
	// streamTest, when not 0, overrides the measurement in tests: 1
	// streams, -1 does not.
	streamTest int
)

// streaming reports whether non-temporal stores write large buffers faster
// than regular ones on this machine. Which wins depends on the machine (and
// on a virtual machine, on its host), so the first large fill measures both
// on 16 MiB of its own destination, which it then overwrites.
func streaming(dst []byte) bool {
	if streamTest != 0 {
		return streamTest > 0
	}
	streamOnce.Do(func() {
		off := int((32 - uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%32) % 32)
		b := dst[off:]
		b = b[:min(len(b), 16<<20)/128*128]
		var p [32]byte
		best := func(f func()) time.Duration {
			m := time.Duration(1 << 62)
			for range 3 {
				t := time.Now()
				f()
				m = min(m, time.Since(t))
			}
			return m
		}
		regular := best(func() { storeAVX2(unsafe.SliceData(b), len(b)/128, &p) })
		nt := best(func() { storeAVX2NT(unsafe.SliceData(b), len(b)/128, &p) })
		streamWins = nt < regular
	})
	return streamWins
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
	if uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%uintptr(size) != 0 {
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
	case s.allInfinite(i0, step, uint64(len(dst)/size)):
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

// fillRowsFast writes rows of integers, or of a constant, or of floats past
// their overflow point, straight with the word kernel: the checks fillFast
// makes for every run are made once. Regular stores only: measuring the
// streaming stores would write between the rows.
func (s *Seq) fillRowsFast(dst []byte, rows, pitch, n int, i0, rowStep, step uint64) bool {
	size := s.size
	if !CPU.AVX2 || n*size < 256 || i0 == 0 ||
		uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%uintptr(size) != 0 {
		return false
	}
	var first, d, rowInc uint64 // row r starts with first + r*rowInc
	switch {
	case s.kind == Int:
		first, d, rowInc = s.start+i0*s.delta, step*s.delta, rowStep*s.delta
	case s.mode == modeConstant:
		first = s.constBits
	case s.allInfinite(i0, step, uint64(rows-1)*rowStep+uint64(n)):
		first = s.infAt(i0)
	default:
		return false
	}
	for r := range rows {
		at := r * pitch
		s.wordKernel(dst[at:at+n*size], first+uint64(r)*rowInc, d, false)
	}
	return true
}

// spans splits a run of n bytes at dst into a head block at 0 (if dst is
// not aligned to 64 bytes, or to the block if smaller), whole aligned blocks from mid, and a tail block
// ending at n (if the blocks do not reach it). n is at least one block.
func spans(dst []byte, block int) (head bool, mid, blocks int, tail bool) {
	align := uintptr(min(64, block)) // the head block must reach mid
	mid = int((align - uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%align) % align)
	if mid+block > len(dst) {
		return true, 0, 0, true
	}
	blocks = (len(dst) - mid) / block
	return mid > 0, mid, blocks, mid+blocks*block < len(dst)
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
	if !nt {
		// Regular stores need no alignment: whole blocks from the start,
		// and one more ending at the end.
		blocks := len(dst) / 128
		s.addStore(dst, blocks, base, first, inc, false)
		if at := len(dst) - 128; blocks*128 < len(dst) {
			s.addStore(dst[at:], 1, base, first+uint64(at/size)*d, inc, false)
		}
		return
	}
	head, mid, blocks, tail := spans(dst, 128)
	if head {
		s.addStore(dst, 1, base, first, inc, false)
	}
	if blocks > 0 {
		s.addStore(dst[mid:], blocks, base, first+uint64(mid/size)*d, inc, nt)
	}
	if tail {
		at := len(dst) - 128
		s.addStore(dst[at:], 1, base, first+uint64(at/size)*d, inc, false)
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
// exact in float32, float64 lanes converted once where every value is exact
// in float64, and the plain kernels elsewhere.
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
	case known && s.f32Exact || s.exactBelow(i0, last, step*32, 24) && s.unit >= -149 && s.unit <= 104:
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
			emit := func(at, blocks int, nt bool) {
				fb := uint64(math.Float32bits(float32(s.valueF64(i0 + uint64(at/4)*step))))
				p := unsafe.SliceData(dst[at:])
				bb := (*[128]byte)(unsafe.Pointer(base32))
				ib := (*[32]byte)(unsafe.Pointer(&inc))
				if nt {
					addStoreSNT(p, blocks, bb, fb, ib)
				} else {
					addStoreS(p, blocks, bb, fb, ib)
				}
			}
			runBlocks(dst, 128, nt, emit)
			return
		}
		d32 := float32(32 * dx)
		inc := [8]float32{d32, d32, d32, d32, d32, d32, d32, d32}
		runBlocks(dst, 64, nt, func(at, blocks int, nt bool) {
			f := uint64(math.Float32bits(float32(s.valueF64(i0 + uint64(at/2)*step))))
			p := unsafe.SliceData(dst[at:])
			switch {
			case useAVX512 && nt:
				cvtStoreF16xNT(p, blocks, base32, f, &inc)
			case useAVX512:
				cvtStoreF16x(p, blocks, base32, f, &inc)
			case nt:
				cvtStoreF16NT(p, blocks, base32, f, &inc)
			default:
				cvtStoreF16(p, blocks, base32, f, &inc)
			}
		})
	case size == 2 && (known && s.i32Exact || s.int32Lanes(i0, last)):
		// float16 whose every S + i*D fits an int32 lane: rounded to odd
		// into float32, scaled, then to nearest even by F16C.
		base := &s.i32Base
		if step != 1 {
			base = new([32]int32)
			for l := range base {
				base[l] = int32(uint32(uint64(l) * step * s.dLo))
			}
		}
		inc := uint64(32 * step * s.dLo)
		scale := uint64(math.Float32bits(float32(s.scale)))
		runBlocks(dst, 64, nt, func(at, blocks int, nt bool) {
			_, first := s.linear(i0 + uint64(at/2)*step)
			i32Kernel(nt)(unsafe.SliceData(dst[at:]), blocks, base, first, inc, scale)
		})
	case known && s.f64Exact || s.exactBelow(i0, last, step*16, 53):
		// Every value is exact in float64 lanes: float32 is converted to
		// once; float16 is rounded to odd into float32, then to nearest
		// even by F16C.
		base := &s.f64Base
		if step != 1 {
			base = new([16]float64)
			for l := range base {
				base[l] = float64(l) * dx
			}
		}
		d16 := 16 * dx
		inc := [4]float64{d16, d16, d16, d16}
		k := &f64Kernels[size/4] // float16 (size 2) at 0, float32 at 1
		runBlocks(dst, 16*size, nt, func(at, blocks int, nt bool) {
			f := math.Float64bits(s.valueF64(i0 + uint64(at/size)*step))
			k.pick(nt)(unsafe.SliceData(dst[at:]), blocks, base, f, &inc)
		})
	default:
		s.fillLE(dst, i0, step)
	}
}

type f64Kernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

// f64Kernels are the kernels that convert float64 lanes: to float16 (round
// to odd, then F16C) and to float32, in their AVX-512 and AVX2 forms, with
// regular and streaming stores.
var f64Kernels = [2]f64Forms{
	{cvtStoreF16Oddx, cvtStoreF16OddxNT, cvtStoreF16Odd, cvtStoreF16OddNT},
	{cvtStoreF32x, cvtStoreF32xNT, cvtStoreF32, cvtStoreF32NT},
}

// f64Forms are one conversion's kernel in its four forms.
type f64Forms struct{ x, xNT, y, yNT f64Kernel }

func (k *f64Forms) pick(nt bool) f64Kernel {
	switch {
	case useAVX512 && nt:
		return k.xNT
	case useAVX512:
		return k.x
	case nt:
		return k.yNT
	}
	return k.y
}

// i32Kernel returns the float16 kernel on integer lanes for a store kind,
// in its AVX-512 or AVX2 form.
func i32Kernel(nt bool) func(dst *byte, blocks int, base *[32]int32, first, inc, scale uint64) {
	switch {
	case useAVX512 && nt:
		return cvtStoreF16IxNT
	case useAVX512:
		return cvtStoreF16Ix
	case nt:
		return cvtStoreF16INT
	}
	return cvtStoreF16I
}

// runBlocks calls emit for whole blocks of dst from its start and one more
// ending at its end; with streaming stores, for a head block, the aligned
// middle blocks and a tail block (see spans). emit(at, blocks, nt) writes
// blocks whole blocks from byte at.
func runBlocks(dst []byte, block int, nt bool, emit func(at, blocks int, nt bool)) {
	if !nt {
		// Regular stores need no alignment.
		blocks := len(dst) / block
		emit(0, blocks, false)
		if blocks*block < len(dst) {
			emit(len(dst)-block, 1, false)
		}
		return
	}
	head, mid, blocks, tail := spans(dst, block)
	if head {
		emit(0, 1, false)
	}
	if blocks > 0 {
		emit(mid, blocks, nt)
	}
	if tail {
		emit(len(dst)-block, 1, false)
	}
}
