// Package halfpp converts a float to binary16 as half_float::half(float)
// does in DxDispatch, which builds half.hpp 1.12.0 with HALF_ROUND_STYLE -1
// (its default): the bits a half cannot hold are dropped (truncation toward
// zero), a magnitude of 65536 or more becomes an infinity, and a NaN keeps
// its top ten payload bits. The DxDispatch model reader uses it for FLOAT16
// values and the sequence initialiser; the check's dxdispatch model too.
package halfpp

import (
	"math"

	"github.com/x448/float16"
)

// FromFloat32 returns the binary16 bits half_float::half(f) holds.
func FromFloat32(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	e := int(b >> 23 & 0xFF) // biased exponent
	m := b & 0x7FFFFF
	switch {
	case e == 0xFF: // infinity or NaN
		return sign | 0x7C00 | uint16(m>>13)
	case e >= 127+16: // 65536 and more
		return sign | 0x7C00
	case e >= 127-14: // a normal half
		return sign | uint16(e-127+15)<<10 | uint16(m>>13)
	case e >= 127-24: // a subnormal half: whole multiples of 2^-24
		return sign | uint16((m|1<<23)>>(126-e))
	}
	return sign
}

// Add returns half_float::half's a + b: the sum of the two halves in float
// (exact widening, one rounding to float32), then FromFloat32. DxDispatch's
// FLOAT16 sequence initialiser steps its value so.
func Add(a, b uint16) uint16 {
	return FromFloat32(float16.Frombits(a).Float32() + float16.Frombits(b).Float32())
}
