// Package layout is a buffer tensor's layout as the operator walks it and
// the checker reads it back: its dimensions in memory order, and the flat
// index of the element at an offset. One definition for both.
package layout

import "sort"

// Dim is one dimension of a layout: its size, its stride in memory
// (elements) and its weight in the flat row-major index.
type Dim struct {
	N, Stride, Weight uint64
}

// PackedStrides returns the strides of a packed tensor with these sizes.
func PackedStrides(sizes []uint32) []uint64 {
	st := make([]uint64, len(sizes))
	p := uint64(1)
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = p
		p *= uint64(sizes[i])
	}
	return st
}

// Dims returns the dimensions of size above 1, ordered by stride from
// largest to smallest, with each pair that walks memory as one dimension
// merged (a packed tensor becomes one dimension of stride 1); none for a
// tensor of one element. The element count must fit 32 bits and the last
// offset 62 bits (a tensor the operator's validation took).
func Dims(sizes, strides []uint32) []Dim {
	weights := PackedStrides(sizes)
	ds := make([]Dim, 0, len(sizes))
	for i, n := range sizes {
		if n == 1 {
			continue
		}
		s := weights[i]
		if strides != nil {
			s = uint64(strides[i])
		}
		ds = append(ds, Dim{N: uint64(n), Stride: s, Weight: weights[i]})
	}
	sort.SliceStable(ds, func(a, b int) bool { return ds[a].Stride > ds[b].Stride })
	out := ds[:0]
	for _, d := range ds {
		if k := len(out) - 1; k >= 0 && out[k].Stride == d.N*d.Stride && out[k].Weight == d.N*d.Weight {
			out[k] = Dim{N: out[k].N * d.N, Stride: d.Stride, Weight: d.Weight}
			continue
		}
		out = append(out, d)
	}
	return out
}

// Index returns the flat row-major index of the element at element offset
// e of a layout whose dimensions are ds (from Dims, of a layout in which no
// two elements share an offset), and whether an element is there (false
// for padding).
func Index(ds []Dim, e uint64) (uint64, bool) {
	// Memory order, largest stride first, no overlap: each coordinate is
	// the offset left divided by its stride.
	var index uint64
	left := e
	for _, d := range ds {
		c := min(left/d.Stride, d.N-1)
		left -= c * d.Stride
		index += c * d.Weight
	}
	return index, left == 0
}
