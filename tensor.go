package dml

import (
	"math"
	"math/bits"

	"github.com/dmlgo/dml/internal/layout"
)

// TensorFlags is DML_TENSOR_FLAGS.
type TensorFlags uint32

// The tensor flags of directml.h.
const (
	TensorFlagNone       TensorFlags = 0 // DML_TENSOR_FLAG_NONE
	TensorFlagOwnedByDML TensorFlags = 1 // DML_TENSOR_FLAG_OWNED_BY_DML: for inputs only
)

// BufferTensorDesc is DML_BUFFER_TENSOR_DESC: a tensor laid out in a buffer.
// DimensionCount is len(Sizes).
//
// Element (c0, ..., cn-1) lives at byte offset
// (c0*Strides[0] + ... + cn-1*Strides[n-1]) * DataType.ElementSize(). With no
// Strides the tensor is packed: the last dimension varies fastest and the
// strides are the running products of the sizes after each dimension.
type BufferTensorDesc struct {
	DataType                      TensorDataType
	Flags                         TensorFlags
	Sizes                         []uint32
	Strides                       []uint32 // in elements; nil for packed
	TotalTensorSizeInBytes        uint64
	GuaranteedBaseOffsetAlignment uint32
}

// MaxElements is the most elements a tensor may have: 2^32 - 1.
const MaxElements = math.MaxUint32

// CalcBufferTensorSize is DMLCalcBufferTensorSize: the least
// TotalTensorSizeInBytes a tensor with these sizes and strides needs. Packed
// (strides nil): the product of the sizes times the element size; strided:
// (sum((Sizes[i]-1)*Strides[i]) + 1) times the element size; either way rounded
// up to a multiple of 4. Unlike DirectML it computes in 64 bits throughout; a
// size that does not fit in 64 bits gives math.MaxUint64. It returns 0 if a
// size is 0, if strides has a count other than sizes', or if the data type has
// no element size.
func CalcBufferTensorSize(dataType TensorDataType, sizes, strides []uint32) uint64 {
	n, ok := bufferTensorSize(dataType, sizes, strides)
	if !ok {
		return math.MaxUint64
	}
	return n
}

// bufferTensorSize is CalcBufferTensorSize with overflow reported.
func bufferTensorSize(dataType TensorDataType, sizes, strides []uint32) (uint64, bool) {
	es := uint64(dataType.ElementSize())
	if es == 0 || strides != nil && len(strides) != len(sizes) {
		return 0, true
	}
	for _, s := range sizes {
		if s == 0 {
			return 0, true
		}
	}
	var count uint64 // elements (packed) or last offset + 1 (strided)
	if strides == nil {
		count = 1
		for _, s := range sizes {
			hi, lo := bits.Mul64(count, uint64(s))
			if hi != 0 {
				return 0, false
			}
			count = lo
		}
	} else {
		last, ok := lastOffset(sizes, strides)
		if !ok || last == math.MaxUint64 {
			return 0, false
		}
		count = last + 1
	}
	hi, n := bits.Mul64(count, es)
	if hi != 0 || n > math.MaxUint64-3 {
		return 0, false
	}
	return (n + 3) &^ 3, true
}

// lastOffset returns sum((sizes[i]-1)*strides[i]), the element offset of the
// last element, and false if it overflows 64 bits. Sizes must not be 0.
func lastOffset(sizes, strides []uint32) (uint64, bool) {
	var sum uint64
	for i, s := range sizes {
		hi, lo := bits.Mul64(uint64(s-1), uint64(strides[i]))
		var c uint64
		sum, c = bits.Add64(sum, lo, 0)
		if hi != 0 || c != 0 {
			return 0, false
		}
	}
	return sum, true
}

// elementCount returns the product of the sizes, saturated at 2^64-1.
func elementCount(sizes []uint32) uint64 {
	n := uint64(1)
	for _, s := range sizes {
		hi, lo := bits.Mul64(n, uint64(s))
		if hi != 0 {
			return math.MaxUint64
		}
		n = lo
	}
	return n
}

// dim is one dimension of a layout plan (internal/layout, which the
// checker reads layouts back with too).
type dim = layout.Dim

// layoutDims returns the dimensions of size above 1, largest stride first,
// merged where they walk memory as one (layout.Dims).
func layoutDims(sizes, strides []uint32) []dim { return layout.Dims(sizes, strides) }

// aliasSteps bounds the exact aliasing search (aliasing): at most this
// many candidate coefficients, about 10 ms on a 2 GHz core; layouts it
// cannot decide within them are refused (an ArgError, ErrInvalidArg).
const aliasSteps = 1 << 21

// aliasing reports whether two elements of the layout share an address:
// whether some nonzero vector c with |c[k]| < n[k] has sum(c[k]*stride[k]) = 0.
// decided is false where the search gave up after aliasSteps candidates.
// The dims come from layoutDims (sizes above 1, largest stride first), with
// a last offset below 2^62.
//
// Packed, padded and permuted layouts are decided in time linear in the
// number of dimensions: when each stride exceeds the last offset of all the
// dimensions with smaller strides, offsets are digits of a mixed radix and
// are all distinct. A layout with more elements than offsets up to its
// last aliases. Other layouts are searched exactly, depth first, largest
// stride first, keeping only partial sums that the remaining dimensions can
// still bring back to zero, for at most aliasSteps candidates: the problem
// is a subset sum in general (NP-complete), and strides of nearly the same
// size in many dimensions (eight of 15 elements, strides about 2.6e9 apart
// by powers of 15) took seconds before the bound.
func aliasing(ds []dim) (alias, decided bool) {
	var reach uint64 // last offset of the dimensions seen so far
	radix := true
	for k := len(ds) - 1; k >= 0; k-- {
		if ds[k].Stride == 0 {
			return true, true
		}
		if ds[k].Stride <= reach {
			radix = false
		}
		reach += (ds[k].N - 1) * ds[k].Stride
	}
	if radix {
		return false, true
	}
	// More elements than offsets up to the last: two must coincide.
	count := uint64(1)
	for _, d := range ds {
		count *= d.N // at most 2^32-1 in all
	}
	if count > reach+1 {
		return true, true
	}
	a := aliasSearch{ds: ds, rest: make([]int64, len(ds)+1), g: make([]int64, len(ds)+1), steps: aliasSteps}
	// rest[k] is the last offset of dims k.., g[k] the gcd of their strides.
	for k := len(ds) - 1; k >= 0; k-- {
		a.rest[k] = a.rest[k+1] + int64((ds[k].N-1)*ds[k].Stride)
		a.g[k] = gcd(a.g[k+1], int64(ds[k].Stride))
	}
	alias = a.search(0, 0, false)
	return alias, alias || a.steps >= 0
}

// aliasSearch is the state of aliasing's depth-first search.
type aliasSearch struct {
	ds      []dim
	rest, g []int64
	steps   int // candidates left; negative once the search gave up
}

// search reports whether dims k.. can bring the partial sum p to zero with
// coefficients not all zero (nonzero: one before k was not).
func (a *aliasSearch) search(k int, p int64, nonzero bool) bool {
	s, m := int64(a.ds[k].Stride), int64(a.ds[k].N-1)
	if k == len(a.ds)-1 {
		// c*s = -p, with c > 0 if nothing before was nonzero.
		if p%s != 0 {
			return false
		}
		c := -p / s
		return c >= -m && c <= m && (nonzero || c > 0)
	}
	// |p + c*s| <= rest[k+1] bounds c; the gcd of the rest divides p + c*s.
	lo := max(-m, ceilDiv(-a.rest[k+1]-p, s))
	hi := min(m, floorDiv(a.rest[k+1]-p, s))
	if !nonzero {
		lo = max(lo, 0)
	}
	for c := lo; c <= hi; c++ {
		if a.steps--; a.steps < 0 {
			return false // (given up: not decided)
		}
		q := p + c*s
		if q%a.g[k+1] != 0 {
			continue
		}
		if a.search(k+1, q, nonzero || c != 0) {
			return true
		}
	}
	return false
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }
