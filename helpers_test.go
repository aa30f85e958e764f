package dml_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/passes"
)

// long and draws: the pass the tests run (internal/passes).
var long, draws = passes.Long, passes.Draws

// sampled reports whether element i of n is held to the exact reference
// in this run: every element under DML_LONG; else the first and last 2048
// and every eighth between, from the phase the case gives (so that cases
// look at different residues).
func sampled(i, n uint64, phase int) bool {
	return long() || i < 2048 || i+2048 >= n || i%8 == uint64(phase)%8
}

var allTypes = []dml.TensorDataType{
	dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16,
	dml.TensorDataTypeUint32, dml.TensorDataTypeUint16, dml.TensorDataTypeUint8,
	dml.TensorDataTypeInt32, dml.TensorDataTypeInt16, dml.TensorDataTypeInt8,
	dml.TensorDataTypeUint64, dml.TensorDataTypeInt64,
}

// randomValue returns the bits of a value of type dt, drawn so that the
// awkward ones come often: zeros of both signs, subnormals, the largest
// finite values, infinities, NaNs with payloads, integer extremes.
func randomValue(r *rand.Rand, dt dml.TensorDataType) uint64 {
	n := 8 * dt.ElementSize()
	mask := ^uint64(0) >> (64 - n)
	switch dt {
	case dml.TensorDataTypeFloat32:
		pool := []uint64{0, 0x80000000, 1, 0x80000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF,
			0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC12345,
			uint64(math.Float32bits(0.1)), uint64(math.Float32bits(0.3)), uint64(math.Float32bits(-1.5)),
			uint64(math.Float32bits(1)), uint64(math.Float32bits(3.2)), uint64(math.Float32bits(1e-40))}
		switch r.IntN(4) {
		case 0:
			return pool[r.IntN(len(pool))]
		case 1:
			return uint64(math.Float32bits(float32(r.IntN(2001) - 1000)))
		case 2:
			// Exponents near each other, so that sums round often.
			e := r.IntN(40) + 107
			return uint64(r.Uint32()&0x807FFFFF) | uint64(e)<<23
		}
		return uint64(r.Uint32())
	case dml.TensorDataTypeFloat16:
		pool := []uint64{0, 0x8000, 1, 0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE55,
			0x2E66, 0x34CD, 0x3C00, 0xBE00, 0x4266}
		switch r.IntN(3) {
		case 0:
			return pool[r.IntN(len(pool))]
		case 1:
			e := r.IntN(12) + 8
			return uint64(r.Uint32()&0x83FF) | uint64(e)<<10
		}
		return uint64(r.Uint32() & 0xFFFF)
	}
	pool := []uint64{0, 1, mask, mask >> 1, (mask >> 1) + 1, 2, mask - 1}
	switch r.IntN(3) {
	case 0:
		return pool[r.IntN(len(pool))]
	case 1:
		return uint64(r.IntN(21)-10) & mask
	}
	return r.Uint64() & mask
}

// randomLayout returns sizes and strides (nil for packed) with at most
// maxElems elements: packed, permuted, padded, or arbitrary small strides
// (which may alias).
func randomLayout(r *rand.Rand, dims int, maxElems int) (sizes, strides []uint32) {
	sizes = make([]uint32, dims)
	total := 1
	for i := range sizes {
		s := 1
		if r.IntN(4) > 0 {
			s = 1 + r.IntN(max(1, min(12, maxElems/total)))
		}
		sizes[i] = uint32(s)
		total *= s
	}
	switch r.IntN(5) {
	case 0:
		return sizes, nil
	case 1, 2: // a permutation of the dimensions, each padded or not
		perm := r.Perm(dims)
		strides = make([]uint32, dims)
		p := uint32(1)
		for k := dims - 1; k >= 0; k-- {
			d := perm[k]
			strides[d] = p
			p = p*sizes[d] + uint32(r.IntN(3))*uint32(r.IntN(2))
		}
		return sizes, strides
	case 3: // arbitrary small strides
		strides = make([]uint32, dims)
		for i := range strides {
			strides[i] = uint32(r.IntN(12))
		}
		return sizes, strides
	}
	// packed with padding
	strides = make([]uint32, dims)
	p := uint32(1)
	for k := dims - 1; k >= 0; k-- {
		strides[k] = p
		p = p*sizes[k] + uint32(r.IntN(5))
	}
	return sizes, strides
}

// offsets returns the element offset of every logical index, and whether
// two of them coincide: the definition, enumerated (eachOffset).
func offsets(sizes, strides []uint32) ([]uint64, bool) {
	var offs []uint64
	seen := map[uint64]bool{}
	alias := false
	eachOffset(sizes, strides, func(_, o uint64) {
		offs = append(offs, o)
		alias = alias || seen[o]
		seen[o] = true
	})
	return offs, alias
}

// eachOffset calls f with every logical index, in order, and its element
// offset: the odometer over sizes, the definition enumerated.
func eachOffset(sizes, strides []uint32, f func(i, o uint64)) {
	st := make([]uint64, len(sizes))
	p := uint64(1)
	for k := len(sizes) - 1; k >= 0; k-- {
		st[k] = p
		if strides != nil {
			st[k] = uint64(strides[k])
		}
		p *= uint64(sizes[k])
	}
	idx := make([]uint64, len(sizes))
	o := uint64(0)
	for i := uint64(0); i < p; i++ {
		f(i, o)
		for k := len(sizes) - 1; k >= 0; k-- {
			idx[k]++
			o += st[k]
			if idx[k] < uint64(sizes[k]) {
				break
			}
			o -= idx[k] * st[k]
			idx[k] = 0
		}
	}
}

// fuzzBytes hands a fuzz target's bytes out one at a time, 0 once they
// are used up.
type fuzzBytes []byte

func (b *fuzzBytes) take() int {
	if len(*b) == 0 {
		return 0
	}
	v := int((*b)[0])
	*b = (*b)[1:]
	return v
}

func getLE(b []byte, size uint32) uint64 {
	var v uint64
	for k := int(size) - 1; k >= 0; k-- {
		v = v<<8 | uint64(b[k])
	}
	return v
}

func sprint(v any) string { return fmt.Sprint(v) }

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed+1)) }
