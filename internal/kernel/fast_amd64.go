//go:build amd64 && !purego

package kernel

import (
	"encoding/binary"
	"math"
	"unsafe"
)

const ntMin = streamingMin

// fillFast writes dst (host order, which is little-endian here) with the
// vector kernels where they apply and reports whether it did; the plain
// kernels write the unaligned head and the tail. It never changes a bit:
// the vector kernels run only where the values are exact in the vector
// lanes' arithmetic, or the lanes wrap as the type does.
func (s *Seq) fillFast(dst []byte, i0, step uint64) bool {
	if !CPU.AVX2 || len(dst) < 512 {
		return false
	}
	size := s.size
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(dst)))
	if addr%uintptr(size) != 0 {
		return false
	}
	// Head: up to a 64-byte boundary, and element 0 if it is here.
	head := int((64-addr%64)%64) / size
	if i0 == 0 && head == 0 {
		head = 64 / size
	}
	nt := len(dst) >= ntMin
	switch {
	case s.kind == Int:
		s.fillLE(dst[:head*size], i0, step)
		s.intKernel(dst[head*size:], i0+uint64(head)*step, step, nt)
		return true
	case s.mode == modeConstant:
		s.fillLE(dst[:head*size], i0, step)
		c := s.constBits
		s.wordKernel(dst[head*size:], c, 0, nt)
		return true
	case s.mode == modeLinear && (s.kind == Float32 || s.kind == Float16 && CPU.F16C):
		s.fillLE(dst[:head*size], i0, step)
		s.floatKernel(dst[head*size:], i0+uint64(head)*step, step, nt)
		return true
	}
	return false
}

// intKernel writes len(dst)/size integer elements from index i0.
func (s *Seq) intKernel(dst []byte, i0, step uint64, nt bool) {
	s.wordKernel(dst, s.start+i0*s.delta, step*s.delta, nt)
}

// wordKernel writes elements first, first+d, first+2d, ... (wrapping at the
// element width), 128 bytes a block, and the rest with plain stores.
func (s *Seq) wordKernel(dst []byte, first, d uint64, nt bool) {
	size := s.size
	// Plain stores up to a 64-byte boundary: the streaming stores need one.
	head := int((64-uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%64)%64) / size
	head = min(head, len(dst)/size)
	for j := range head {
		putLE(dst[j*size:], size, first)
		first += d
	}
	dst = dst[head*size:]
	lanes := 128 / size
	blocks := len(dst) / 128
	if blocks > 0 {
		var v [128]byte
		var inc [32]byte
		for l := range lanes {
			putLE(v[l*size:], size, first+uint64(l)*d)
		}
		for l := range 32 / size {
			putLE(inc[l*size:], size, uint64(lanes)*d)
		}
		p := unsafe.SliceData(dst)
		switch {
		case size == 1 && nt:
			addStoreBNT(p, blocks, &v, &inc)
		case size == 1:
			addStoreB(p, blocks, &v, &inc)
		case size == 2 && nt:
			addStoreWNT(p, blocks, &v, &inc)
		case size == 2:
			addStoreW(p, blocks, &v, &inc)
		case size == 4 && nt:
			addStoreDNT(p, blocks, &v, &inc)
		case size == 4:
			addStoreD(p, blocks, &v, &inc)
		case nt:
			addStoreQNT(p, blocks, &v, &inc)
		default:
			addStoreQ(p, blocks, &v, &inc)
		}
	}
	done := blocks * 128
	first += uint64(done/size) * d
	for j := done / size; j < len(dst)/size; j++ {
		putLE(dst[j*size:], size, first)
		first += d
	}
}

// floatKernel writes float32 or float16 elements from index i0: constant
// infinities past the overflow point, float32 additions where every value
// is exact in float32, float64 additions converted once where every value is
// exact in float64, and the plain kernels elsewhere.
func (s *Seq) floatKernel(dst []byte, i0, step uint64, nt bool) {
	size := s.size
	n := len(dst) / size
	if over := s.overflowFrom(i0, step, n); over < n {
		if over > 0 {
			s.floatKernel(dst[:over*size], i0, step, nt)
		}
		inf := s.f.infBits()
		hi, _ := s.linear(i0 + uint64(over)*step)
		if int64(hi) < 0 {
			inf |= s.f.signBit()
		}
		s.wordKernel(dst[over*size:], inf, 0, nt)
		return
	}
	const block = 64 // bytes a kernel block writes (32 float16 or 16 float32)
	per := block / size
	blocks := n / per
	if blocks == 0 {
		s.fillLE(dst, i0, step)
		return
	}
	last := i0 + uint64(blocks*per-1)*step
	p := unsafe.SliceData(dst)
	switch {
	case s.exactBelow(i0, last, step*32, 24) && s.unit >= -149 && s.unit <= 104:
		// Every value, and the step of a whole block, is exact in float32.
		if size == 4 {
			var v [128]byte
			var inc [32]byte
			for l := range 32 {
				binary.LittleEndian.PutUint32(v[4*l:], math.Float32bits(float32(s.valueF64(i0+uint64(l)*step))))
			}
			d := float32(s.stepF64(step * 32))
			for l := range 8 {
				binary.LittleEndian.PutUint32(inc[4*l:], math.Float32bits(d))
			}
			b := blocks / 2 // addStore writes 128 bytes a block
			if nt {
				addStoreSNT(p, b, &v, &inc)
			} else {
				addStoreS(p, b, &v, &inc)
			}
			blocks = b * 2
		} else {
			var x [32]float32
			for l := range x {
				x[l] = float32(s.valueF64(i0 + uint64(l)*step))
			}
			var inc [32]byte
			d := float32(s.stepF64(step * 32))
			for l := range 8 {
				binary.LittleEndian.PutUint32(inc[4*l:], math.Float32bits(d))
			}
			if nt {
				cvtStoreF16NT(p, blocks, &x, &inc)
			} else {
				cvtStoreF16(p, blocks, &x, &inc)
			}
		}
	case size == 4 && s.exactBelow(i0, last, step*16, 53):
		var x [16]float64
		for l := range x {
			x[l] = s.valueF64(i0 + uint64(l)*step)
		}
		var inc [32]byte
		d := s.stepF64(step * 16)
		for l := range 4 {
			binary.LittleEndian.PutUint64(inc[8*l:], math.Float64bits(d))
		}
		if nt {
			cvtStoreF32NT(p, blocks, &x, &inc)
		} else {
			cvtStoreF32(p, blocks, &x, &inc)
		}
	default:
		blocks = 0
	}
	done := blocks * per
	s.fillLE(dst[done*size:], i0+uint64(done)*step, step)
}
