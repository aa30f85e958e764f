package kernel

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// The method binade-add (mBinadeAdd; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mBinadeAdd writes a binade piece whose bits repeat every 64
// elements but for a constant step: element e+64 is element e plus inc
// = 64*d / 2^shift, an even integer (so ties to even keep their side). Its first elements, to the first
// 64-byte aligned one and 64 more, are written as binade writes them;
// the rest with the 16-bit add kernel (addStoreW), whose lanes are the
// 64 elements before (read back from dst) plus inc, a block of 64 at a
// time, and its last elements by one more block that ends where the
// piece does (from the 64 before it). The planner takes it for runs
// where binadesRepeat holds. Pre: as binade; 64*d (at the kernel's
// scale) a multiple of 2^(shift+1); at least 160 elements (31 to the
// aligned one, 128 more).

// binadeAdd writes a piece of mBinadeAdd: its first elements, to the
// first 64-byte aligned one and 64 more, as binade writes them, then blocks
// of 64 elements from the 64 before each (read back) plus inc, the last
// block ending where the piece does.
func (f *Filler) binadeAdd(dst []byte, p *piece, step uint64) {
	mis := int(-uintptr(unsafe.Pointer(unsafe.SliceData(dst))) % 64 / 2)
	head := *p
	head.n, head.st = uint32(mis+64), stRegular // (read back: in the cache)
	f.binade(dst[:2*(mis+64)], &head, step, false)
	up, shift := binadeScale(int(p.shift))
	inc := uint16(int64(p.d) << up * 64 >> shift)
	var incs [32]byte
	for l := 0; l < 32; l += 2 {
		binary.LittleEndian.PutUint16(incs[l:], inc)
	}
	at := 2 * (mis + 64)
	blocks := (len(dst) - at) / 128
	f.t.add(laneW, p.st, unsafe.SliceData(dst[at:]), blocks, addBlock, (*[128]byte)(dst[at-128:]), uint64(inc), &incs)
	if end := at + 128*blocks; end < len(dst) {
		f.t.add(laneW, stRegular, unsafe.SliceData(dst[len(dst)-128:]), 1, addBlock, (*[128]byte)(dst[len(dst)-256:]), uint64(inc), &incs)
	}
}

// binadesRepeat reports whether the bits of float16 elements a through b
// (every step-th) repeat every 64 elements within each binade but for a
// constant step, an even one (mBinadeAdd): 64 times the step of the sums
// has more trailing zeros than the last place of their largest binade
// (that of the largest magnitude, at one end) is wide. Then in every
// binade, 64*d is a multiple of twice the last place: the magnitudes 64
// elements apart lie the same way between two multiples of it, their
// last places an even number apart, so that ties 64 apart also go to even
// the same way.
func (s *Seq) binadesRepeat(a, b, step uint64) bool {
	_, ka := s.linear(a)
	_, kb := s.linear(b)
	shift, _, _, _ := s.binadeOf(int64(max(absInt(int64(ka)), absInt(int64(kb)))))
	d := step * s.dLo
	return d != 0 && bits.TrailingZeros64(d)+6 > shift
}
