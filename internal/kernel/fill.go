package kernel

import (
	"encoding/binary"
	"math"
	"math/bits"
	"unsafe"
)

// Word is the unsigned integer type of one element's bits.
type Word interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Fill writes the bits of elements i0, i0+step, i0+2*step, ... to dst, one
// per slot, in the host's byte order. The type of dst must have s.Size()
// bytes. Indices must stay below 2^32 for the float kinds.
func Fill[T Word](s *Seq, dst []T, i0, step uint64) {
	if len(dst) == 0 {
		return
	}
	if i0 == 0 {
		dst[0] = T(s.start)
		dst, i0 = dst[1:], step
		if len(dst) == 0 {
			return
		}
	}
	switch {
	case s.kind == Int:
		fillInt(dst, s.start+i0*s.delta, step*s.delta)
	case s.mode == modeConstant:
		c := T(s.constBits)
		for j := range dst {
			dst[j] = c
		}
	case s.mode == modeFMA:
		st, d := math.Float64frombits(s.start), math.Float64frombits(s.delta)
		for j := range dst {
			i := float64(i0 + uint64(j)*step)
			dst[j] = T(math.Float64bits(math.FMA(i, d, st)))
		}
	default:
		n := uint64(len(dst))
		if n >= 3 && s.exactBelow(i0, i0+(n-1)*step, step, 53) {
			fillExact(s, dst, i0, step)
			return
		}
		fillLinear(s, dst, i0, step)
	}
}

// fillExact is the plain twin of the float vector kernels: where every
// S + i*D is below 2^53, float64 holds the values exactly and float64
// additions stay exact, so converting each once rounds once.
func fillExact[T Word](s *Seq, dst []T, i0, step uint64) {
	x, d := s.valueF64(i0), s.stepF64(step)
	if s.kind == Float32 {
		for j := range dst {
			dst[j] = T(math.Float32bits(float32(x)))
			x += d
		}
		return
	}
	for j := range dst {
		dst[j] = T(f64ToF16(x))
		x += d
	}
}

func fillInt[T Word](dst []T, first, d uint64) {
	v, dv := T(first), T(d)
	for j := range dst {
		dst[j] = v
		v += dv
	}
}

// fillLinear rounds S + i*D for each index, stepping the 128-bit integer by
// step*D: exact, so every element is the same as Bits computes.
func fillLinear[T Word](s *Seq, dst []T, i0, step uint64) {
	hi, lo := s.linear(i0)
	sh, sl := bits.Mul64(s.dLo, step)
	sh += s.dHi * step
	var c uint64
	for j := range dst {
		dst[j] = T(s.roundSigned(hi, lo))
		lo, c = bits.Add64(lo, sl, 0)
		hi, _ = bits.Add64(hi, sh, c)
	}
}

// FillLE writes len(dst)/s.Size() consecutive elements, the bits of indices
// i0, i0+step, ..., to dst in little-endian byte order, with the vector
// kernels where the machine has them.
func (s *Seq) FillLE(dst []byte, i0, step uint64) {
	if littleEndian && s.fillFast(dst, i0, step) {
		return
	}
	s.fillLE(dst, i0, step)
}

// FillRowsLE writes rows of n consecutive elements, row r starting at byte
// r*pitch of dst, with the bits of indices i0 + r*rowStep + j*step.
func (s *Seq) FillRowsLE(dst []byte, rows, pitch, n int, i0, rowStep, step uint64) {
	if i0 == 0 && rows > 1 && rowStep != 0 {
		// Element 0 (start's bits) is the row kernels' exception: its
		// row goes alone.
		s.FillLE(dst[:n*s.size], 0, step)
		dst, rows, i0 = dst[pitch:], rows-1, rowStep
	}
	if littleEndian && s.fillRowsFast(dst, rows, pitch, n, i0, rowStep, step) {
		return
	}
	for r := range rows {
		at := r * pitch
		s.FillLE(dst[at:at+n*s.size], i0+uint64(r)*rowStep, step)
	}
}

// fillLE is FillLE with the plain kernels only.
func (s *Seq) fillLE(dst []byte, i0, step uint64) {
	n := len(dst) >> s.lg
	if n == 0 {
		return
	}
	p := unsafe.Pointer(unsafe.SliceData(dst))
	if littleEndian && uintptr(p)&uintptr(s.size-1) == 0 {
		switch s.size {
		case 1:
			Fill(s, dst[:n], i0, step)
		case 2:
			Fill(s, unsafe.Slice((*uint16)(p), n), i0, step)
		case 4:
			Fill(s, unsafe.Slice((*uint32)(p), n), i0, step)
		case 8:
			Fill(s, unsafe.Slice((*uint64)(p), n), i0, step)
		}
		return
	}
	// Unaligned or big-endian: go through a small buffer of words.
	var buf [512]uint64
	for n > 0 {
		k := min(n, len(buf))
		Fill(s, buf[:k], i0, step)
		for j, w := range buf[:k] {
			putLE(dst[j*s.size:], s.size, w)
		}
		dst, n = dst[k*s.size:], n-k
		i0 += uint64(k) * step
	}
}

// FillStridedLE writes n elements, the bits of indices i0, i0+step, ..., to
// dst at byte offsets 0, stride, 2*stride, ..., little-endian.
func (s *Seq) FillStridedLE(dst []byte, n int, stride int, i0, step uint64) {
	var buf [512]uint64
	off := 0
	for n > 0 {
		k := min(n, len(buf))
		Fill(s, buf[:k], i0, step)
		for _, w := range buf[:k] {
			putLE(dst[off:], s.size, w)
			off += stride
		}
		n -= k
		i0 += uint64(k) * step
	}
}

func putLE(b []byte, size int, w uint64) {
	switch size {
	case 1:
		b[0] = byte(w)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(w))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(w))
	default:
		binary.LittleEndian.PutUint64(b, w)
	}
}

// LittleEndian reports whether the host stores words little-endian, as the
// byte kernels write them.
var LittleEndian = littleEndian

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()
