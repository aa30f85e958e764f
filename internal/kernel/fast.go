package kernel

import (
	"math"
	"math/bits"
)

// This file holds what the vector kernels and their plain twins share: the
// exactness checks that decide when a fast path may run, and the float64
// and float16 conversions of the plain twins.

// maxAbs returns the largest |S + i*D| over i in {a, b} (V is linear,
// so its extremes over [a, b] are at the ends), as 128-bit magnitudes.
func (s *Seq) maxAbs(a, b uint64) (hi, lo uint64) {
	ah, al := s.linear(a)
	bh, bl := s.linear(b)
	if int64(ah) < 0 {
		ah, al = neg128(ah, al)
	}
	if int64(bh) < 0 {
		bh, bl = neg128(bh, bl)
	}
	if ah > bh || ah == bh && al > bl {
		return ah, al
	}
	return bh, bl
}

// exactBelow reports whether every S + i*D for i in [a, b], and the step
// between neighbours (step*D), are below 2^p in magnitude: then sums of
// them in a float format with p significand bits are exact.
func (s *Seq) exactBelow(a, b, step uint64, p uint) bool {
	hi, lo := s.maxAbs(a, b)
	if hi != 0 || lo>>p != 0 {
		return false
	}
	dh, dl := bits.Mul64(s.dLo, step)
	dh += s.dHi * step
	if int64(dh) < 0 {
		dh, dl = neg128(dh, dl)
	}
	return dh == 0 && dl>>p == 0
}

// f32Lanes reports whether the float32 lanes may write elements a through
// b (every step-th index): every value, and the step of 32 elements, is
// exact in float32 (below 2^24 units, at a unit float32 reaches: from its
// least subnormal, 2^-149, to 2^104, where 2^24 units are still finite).
func (s *Seq) f32Lanes(a, b, step uint64) bool {
	return s.exactBelow(a, b, step*32, 24) && s.unit >= -149 && s.unit <= 104
}

// int32Lanes reports whether the float16 binade kernels may write elements
// a through b: every S + i*D is below 2^31 in magnitude (an int32 lane
// holds it, and the lanes' wrapping additions stay exact), and unit is at
// least -24 (float16's least subnormal; it always is, as start and delta are
// float16 values), so that no shift reaches 32 bits.
func (s *Seq) int32Lanes(a, b uint64) bool {
	return s.kind == Float16 && s.unit >= -24 && s.exactBelow(a, b, 0, 31)
}

// packOrder[l] is the element of a 32-element block that lane l of the
// binade kernels holds: VPACKUSDW takes four results from each source in
// turn within each 128-bit lane.
var packOrder = func() (o [32]int64) {
	for l := range o {
		z, d := l/16, l%16
		o[l] = int64(8*(d/4) + 4*z + d%4)
	}
	return o
}()

// valueF64 returns (S + i*D) * 2^unit as a float64; exact when |S + i*D| is
// below 2^53.
func (s *Seq) valueF64(i uint64) float64 {
	_, lo := s.linear(i) // below 2^53: the low word holds the value, sign included
	return float64(int64(lo)) * s.scale
}

// stepF64 returns step*D * 2^unit as a float64 (exact where exactBelow held).
func (s *Seq) stepF64(step uint64) float64 {
	return float64(int64(s.dLo*step)) * s.scale
}

// overflowFrom returns the first j in [0, n) from which every element
// i0 + j*step rounds to an infinity (|value| at or past the midpoint above
// the largest finite value), or n if none does. Along i >= 0, |V| can only
// pass that threshold while moving away from zero (|start| is finite, so
// below it), never come back: the elements past it form a tail, and a
// binary search finds where it begins.
func (s *Seq) overflowFrom(i0, step uint64, n int) int {
	past := func(j int) bool {
		hi, lo := s.linear(i0 + uint64(j)*step)
		if int64(hi) < 0 {
			hi, lo = neg128(hi, lo)
		}
		// Threshold: (2^p - 1/2) * 2^(emax+1-p) = (2^(p+1) - 1) * 2^(emax-p).
		p := int(s.f.mantBits)
		emax := 1<<(s.f.expBits-1) - 1
		tm := uint64(1)<<(p+1) - 1
		shift := emax - p - s.unit
		if shift < 0 {
			// V >= tm / 2^k exactly when V * 2^k >= tm (V is an integer).
			k := uint(-shift)
			if hi != 0 || k >= 64 {
				return hi != 0 || lo != 0
			}
			return lo>>(64-k) != 0 || lo<<k >= tm
		}
		if shift+p+1 > 128 {
			return false // the threshold, tm * 2^shift, exceeds every |V| (below 2^128)
		}
		th, tl := shl128(0, tm, uint(shift))
		return hi > th || hi == th && lo >= tl
	}
	if n == 0 || !past(n-1) {
		return n
	}
	if past(0) {
		return 0
	}
	lo, hi := 0, n-1 // past(hi) holds
	for lo < hi {
		mid := lo + (hi-lo)/2
		if past(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if !past(lo) {
		return n
	}
	return lo
}

// f64ToF16 rounds a float64 to binary16, to nearest with ties to even:
// overflow gives an infinity, tiny values subnormals or a signed zero.
func f64ToF16(x float64) uint16 {
	b := math.Float64bits(x)
	sign := uint16(b>>48) & 0x8000
	b &^= 1 << 63
	if b >= 0x7FF0000000000000 { // inf or NaN (not produced here)
		return sign | 0x7C00 | uint16(b>>42)&0x3FF
	}
	e := int(b>>52) - 1023
	m := b&(1<<52-1) | 1<<52
	if b>>52 == 0 {
		return sign // below float64's normals: far below binary16's
	}
	shift := 42 // keep 11 bits
	if e < -14 {
		shift += -14 - e
	}
	if shift >= 64 {
		return sign
	}
	// Round to nearest even without a branch: add just under a half,
	// plus the bit that decides ties, and drop the bits shifted out.
	q := (m + (1<<(shift-1) - 1) + (m>>shift)&1) >> shift
	var out uint64
	if e < -14 {
		out = q // subnormal; a carry makes it the smallest normal
	} else {
		out = uint64(e+14)<<10 + q // q's leading bit adds one to the exponent
	}
	if out >= 0x7C00 {
		out = 0x7C00
	}
	return sign | uint16(out)
}

// streamingMin is the size from which the vector kernels stream their
// stores past the caches: beyond what the last-level cache would usefully
// keep.
const streamingMin = 16 << 20
