package dml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
)

// CheckOptions says how CheckReader compares bytes with an operator's exact
// output.
type CheckOptions struct {
	// Buffer: the bytes are the whole output buffer
	// (TotalTensorSizeInBytes of them, elements at their strides); else
	// they are the elements alone, packed in row-major order.
	Buffer bool
	// Padding, with Buffer: the value every byte outside the elements must
	// have (0 for a buffer that was zeroed); nil leaves padding unchecked.
	Padding *byte
	// ULP is the distance within which a FLOAT32 or FLOAT16 element passes
	// (see CheckReport); integer elements pass only when equal.
	ULP uint64
	// BitExact makes a NaN match only a NaN of the same bits.
	BitExact bool
	// Keep is how many mismatches the report lists, first first (0: 10).
	Keep int
	// Written, if not nil, is the start and delta as the user wrote them,
	// for the models of other projects (see ComputeModel).
	Written *Written
	// Buckets, if not 0, has the report keep the largest distance in each
	// of that many runs of consecutive indices (CheckReport.Series), for
	// a picture of the error against the index; at most MaxBuckets.
	Buckets int
}

// A SeriesPoint is a run of consecutive indices from Index, and the largest
// distance in ULP among its elements (MaxUint64: a NaN against a number,
// MaxUint64-1: an integer mismatch).
type SeriesPoint struct {
	Index, MaxULP uint64
	Elements      uint64
	SumULP        float64 // the sum of the finite distances, for their mean
}

// The buckets of CheckReport.Histogram, by distance in ULP.
const (
	ULP0       = iota // the same value (bits, or NaN against NaN)
	ULP1              // 1 ULP apart
	ULP2              // 2 ULP apart
	ULP3to16          // 3 to 16 ULP apart
	ULPMore           // more than 16 ULP apart (integers: any mismatch)
	ULPNaNOnly        // a NaN where a number was due, or the reverse
)

// CheckReport is what CheckReader found.
//
// The distance in ULP between two values of one float format is the
// difference of their positions in the ordered set of that format's values,
// -inf ... -0, +0 ... +inf: +0 and -0 are 1 apart, the largest finite value
// and infinity are 1 apart. A NaN matches any NaN unless BitExact asks for
// the same bits; against a number it has no distance (bucket ULPNaNOnly).
type CheckReport struct {
	Type       TensorDataType
	Elements   uint64    // elements compared
	Exact      uint64    // the same bits (or NaN against NaN)
	Within     uint64    // within CheckOptions.ULP (Exact included)
	Histogram  [6]uint64 // elements by distance (ULP0 ... ULPNaNOnly)
	Worst      *Mismatch // the farthest element (NaN against a number first), nil if all are exact
	Mismatches []Mismatch
	// With CheckOptions.Buffer and Padding: the padding bytes compared,
	// how many differ, and the offset of the first that does.
	PaddingBytes, BadPadding, FirstBadPadding uint64
	// Models (FLOAT32, FLOAT16): how many elements each ComputeModel
	// explains (the same bits, or NaN against NaN unless BitExact).
	Models []ModelFit

	// Series: with CheckOptions.Buckets, the error against the index.
	Series []SeriesPoint

	models    []*modelState
	head      [2]uint64 // the bits of elements 0 and 1 found, for Implied
	headSeen  [2]bool
	lastIndex uint64
	perBucket uint64 // indices a point of Series covers
}

// OK reports whether every element is within the tolerance and no padding
// byte differs.
func (r *CheckReport) OK() bool { return r.Within == r.Elements && r.BadPadding == 0 }

// A Mismatch is an element whose bits differ from the exact result's.
type Mismatch struct {
	Index  uint64   // the flat row-major index
	Coords []uint32 // its coordinates
	Offset uint64   // its byte offset in the bytes checked
	Got    uint64   // bits found
	Want   uint64   // bits of the exact result
	ULP    uint64   // the distance (math.MaxUint64: NaN against a number)
}

// CheckReader reads from r the bytes that claim to be the output of the
// operator desc describes and compares them with the exact result, which it
// produces window by window: memory stays bounded whatever the size. The
// data must have exactly the length the descriptor gives (the packed
// elements, or TotalTensorSizeInBytes with Buffer). A descriptor the device
// rejects gives its error (wrapping ErrInvalidArg).
func CheckReader(dev *Device, desc *FillValueSequenceOperatorDesc, r io.Reader, opts CheckOptions) (*CheckReport, error) {
	if desc == nil || desc.OutputTensor == nil {
		return nil, fmt.Errorf("%w: the operator description is nil", ErrInvalidArg)
	}
	t := *desc.OutputTensor
	if !opts.Buffer {
		// The elements in row-major order are a packed tensor's buffer.
		t.Strides, t.GuaranteedBaseOffsetAlignment = nil, 0
		t.TotalTensorSizeInBytes = CalcBufferTensorSize(t.DataType, t.Sizes, nil)
	}
	d := *desc
	d.OutputTensor = &t
	o, err := dev.CreateOperator(&d)
	if err != nil {
		return nil, err
	}
	op := o.(*fillValueSequence)
	es := op.es
	size := t.TotalTensorSizeInBytes
	if !opts.Buffer {
		size = elementCount(t.Sizes) * es
	}
	keep := opts.Keep
	if keep == 0 {
		keep = 10
	}
	rep := &CheckReport{Type: t.DataType, lastIndex: math.MaxUint64}
	rep.series(elementCount(t.Sizes), opts.Buckets)
	for _, m := range ComputeModels(t.DataType) {
		rep.Models = append(rep.Models, ModelFit{Model: m, Evaluated: true})
		rep.models = append(rep.models, newModelState(m, ModelInput{
			Type: t.DataType, Start: desc.ValueStart.Bits(), Delta: desc.ValueDelta.Bits(),
			Count: elementCount(t.Sizes), Written: opts.Written,
		}))
	}
	// Windows of 1 MiB (a multiple of every element size), or the size.
	chunk := min(1<<20, (size+7)&^7)
	got := make([]byte, chunk)
	want := make([]byte, chunk)
	var other []byte // Buffer: the window prefilled the other way, to tell elements from padding
	if opts.Buffer {
		other = make([]byte, chunk)
	}
	for off := uint64(0); ; {
		n, err := io.ReadFull(r, got)
		if uint64(n) > size-off {
			return nil, fmt.Errorf("%w: the data is longer than the %d bytes the descriptor gives", ErrInvalidArg, size)
		}
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return nil, err
		}
		if err != nil && off+uint64(n) < size {
			// The end of the data, short of the size: whatever a reader
			// might return after its EOF is not read.
			return nil, fmt.Errorf("%w: the data has %d bytes; the descriptor gives %d", ErrInvalidArg, off+uint64(n), size)
		}
		if n == 0 {
			break
		}
		g, w := got[:n], want[:n]
		clear(w)
		if err := op.ExecuteWindow(w, off); err != nil {
			return nil, err
		}
		if opts.Buffer {
			x := other[:n]
			for i := range x {
				x[i] = 0xFF
			}
			if err := op.ExecuteWindow(x, off); err != nil {
				return nil, err
			}
			op.checkBuffer(rep, g, w, x, off, &opts, keep)
		} else if len(rep.models) == 0 && rep.Series == nil && bytes.Equal(g, w) {
			// The whole window is exact: counted at once, at the speed
			// of memory (the models need each element, the floats').
			k := uint64(n) / es
			rep.Elements += k
			rep.Exact += k
			rep.Within += k
			rep.Histogram[ULP0] += k
			rep.lastIndex = (off+uint64(n))/es - 1
		} else if len(rep.models) > 0 && rep.Series == nil {
			rep.floatWindow(g, w, off/es, es, op, &opts, keep)
		} else {
			for at := uint64(0); at+es <= uint64(n); at += es {
				gb, wb, i := getBits(g[at:], es), getBits(w[at:], es), (off+at)/es
				rep.matchModels(gb, wb, i, &opts)
				rep.element(gb, wb, off+at, i, op, &opts, keep)
			}
		}
		off += uint64(n)
		if off == size {
			// Anything more is too much.
			var one [1]byte
			k, err := r.Read(one[:])
			for try := 0; k == 0 && err == nil; try++ { // ((0, nil) is no answer: io.Reader)
				if try == 100 {
					return nil, io.ErrNoProgress
				}
				k, err = r.Read(one[:])
			}
			if k > 0 {
				return nil, fmt.Errorf("%w: the data is longer than the %d bytes the descriptor gives", ErrInvalidArg, size)
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
			break
		}
	}
	return rep, nil
}

// floatWindow compares a window of packed float elements from index i0:
// the elements and each model's values decoded or computed a window at a
// time, the models on goroutines of their own (they are independent), the
// report's bookkeeping only for elements that differ.
func (rep *CheckReport) floatWindow(g, w []byte, i0, es uint64, op *fillValueSequence, opts *CheckOptions, keep int) {
	n := uint64(len(g)) / es
	got, want := make([]uint64, n), make([]uint64, n)
	for k := range n {
		got[k], want[k] = getBits(g[k*es:], es), getBits(w[k*es:], es)
	}
	for k := uint64(0); k < n && i0+k < 2; k++ {
		rep.noteHead(i0+k, got[k])
	}
	matches := make([]uint64, len(rep.models))
	var wg sync.WaitGroup
	for m, ms := range rep.models {
		if ms.m == ModelExact || !rep.Models[m].Evaluated {
			continue // exact: counted below, from the operator's own bits
		}
		wg.Go(func() {
			vals := make([]uint64, n)
			ms.window(i0, vals)
			for k := range n {
				if got[k] == vals[k] || ulpDistance(rep.Type, got[k], vals[k], opts.BitExact) == 0 {
					matches[m]++
				}
			}
		})
	}
	exact := uint64(0)
	for k := range n {
		if got[k] == want[k] {
			exact++
			continue
		}
		// Not bit-equal: the full bookkeeping (a NaN against a NaN still
		// counts as exact there, and so for the exact model). The other
		// models are counted above.
		before := rep.Exact
		rep.element(got[k], want[k], (i0+k)*es, i0+k, op, opts, keep)
		if rep.Exact > before {
			matches[rep.exactModel()]++
		}
	}
	wg.Wait()
	rep.Elements += exact
	rep.Exact += exact
	rep.Within += exact
	rep.Histogram[ULP0] += exact
	for m := range rep.Models {
		if rep.models[m].m == ModelExact {
			matches[m] += exact
		}
		rep.Models[m].Matches += matches[m]
	}
	rep.lastIndex = i0 + n - 1
}

// noteHead keeps the bits of elements 0 and 1.
func (rep *CheckReport) noteHead(index, got uint64) {
	if index < 2 {
		rep.head[index], rep.headSeen[index] = got, true
	}
}

// Implied returns the start and delta that elements 0 and 1 of a FLOAT32 or
// FLOAT16 check imply: element 0, and element 1 less element 0 (rounded to
// float64: exact unless their magnitudes are more than 2^29 apart). ok is
// false for other types, or where there were not two elements.
func (rep *CheckReport) Implied() (start, delta float64, ok bool) {
	if len(rep.models) == 0 || !rep.headSeen[0] || !rep.headSeen[1] {
		return 0, 0, false
	}
	v := rep.models[0].value
	return v(rep.head[0]), v(rep.head[1]) - v(rep.head[0]), true
}

// exactModel returns the position of ModelExact in Models.
func (rep *CheckReport) exactModel() int {
	for m, ms := range rep.models {
		if ms.m == ModelExact {
			return m
		}
	}
	return 0
}

// checkBuffer compares a window of a whole output buffer: an element's bytes
// are those the operator wrote the same over two prefills (w over zeros, x
// over 0xFF); the others are padding.
func (op *fillValueSequence) checkBuffer(rep *CheckReport, g, w, x []byte, off uint64, opts *CheckOptions, keep int) {
	es := op.es
	for at := uint64(0); at+es <= uint64(len(g)); at += es {
		if w[at] == x[at] { // an element (it starts at a multiple of es)
			gb, wb, i := getBits(g[at:], es), getBits(w[at:], es), op.indexAt((off+at)/es)
			rep.matchModels(gb, wb, i, opts)
			rep.element(gb, wb, off+at, i, op, opts, keep)
			continue
		}
		if opts.Padding == nil {
			continue
		}
		for k := at; k < at+es; k++ {
			rep.PaddingBytes++
			if g[k] != *opts.Padding {
				if rep.BadPadding == 0 {
					rep.FirstBadPadding = off + k
				}
				rep.BadPadding++
			}
		}
	}
}

// indexAt returns the flat index of the element at element offset e of the
// buffer (an offset an element has), or MaxUint64 if it cannot be found.
func (op *fillValueSequence) indexAt(e uint64) uint64 {
	// The dims are in memory order, largest stride first; they do not
	// overlap, so each coordinate is the offset left divided by its stride.
	var index uint64
	left := e
	for _, d := range op.dims {
		c := min(left/d.stride, d.n-1)
		left -= c * d.stride
		index += c * d.weight
	}
	if left != 0 {
		return math.MaxUint64
	}
	return index
}

// matchModels counts element index (got, against want the exact bits) for
// each model it matches, in index order (accumulate is followed only so).
func (rep *CheckReport) matchModels(got, want, index uint64, opts *CheckOptions) {
	rep.noteHead(index, got)
	for k, ms := range rep.models {
		f := &rep.Models[k]
		if !f.Evaluated {
			continue
		}
		if index == math.MaxUint64 || ms.ordered() && index != rep.lastIndex+1 {
			f.Evaluated = false // not followed in index order
			continue
		}
		model := want // the exact model is the operator's own result
		if ms.m != ModelExact {
			model = ms.bits(index)
		}
		if ulpDistance(rep.Type, got, model, opts.BitExact) == 0 {
			f.Matches++
		}
	}
	rep.lastIndex = index
}

// element adds one element to the report's counts, histogram and lists.
func (rep *CheckReport) element(got, want, offset, index uint64, op *fillValueSequence, opts *CheckOptions, keep int) {
	rep.Elements++
	dist := ulpDistance(rep.Type, got, want, opts.BitExact)
	if rep.Series != nil && index != math.MaxUint64 {
		p := &rep.Series[min(index/rep.perBucket, uint64(len(rep.Series)-1))]
		p.Elements++
		p.MaxULP = max(p.MaxULP, dist)
		if dist < math.MaxUint64-1 {
			p.SumULP += float64(dist)
		}
	}
	switch {
	case dist == 0:
		rep.Exact++
		rep.Within++
		rep.Histogram[ULP0]++
		return
	case dist == math.MaxUint64:
		rep.Histogram[ULPNaNOnly]++
	case dist == 1:
		rep.Histogram[ULP1]++
	case dist == 2:
		rep.Histogram[ULP2]++
	case dist <= 16:
		rep.Histogram[ULP3to16]++
	default:
		rep.Histogram[ULPMore]++
	}
	if dist <= opts.ULP && dist != math.MaxUint64 && rep.Type.IsFloat() {
		rep.Within++
	}
	m := Mismatch{Index: index, Offset: offset, Got: got, Want: want, ULP: dist}
	if index != math.MaxUint64 && op != nil {
		m.Coords = coords(op.sizes, index)
	}
	if rep.Worst == nil || dist > rep.Worst.ULP {
		w := m
		rep.Worst = &w
	}
	if len(rep.Mismatches) < keep {
		rep.Mismatches = append(rep.Mismatches, m)
	}
}

// MaxBuckets bounds CheckOptions.Buckets (and so the memory of Series).
const MaxBuckets = 1 << 20

// series sets up Series for n elements in at most buckets points.
func (rep *CheckReport) series(n uint64, buckets int) {
	if buckets <= 0 || n == 0 {
		return
	}
	buckets = min(buckets, MaxBuckets)
	rep.perBucket = max(1, (n+uint64(buckets)-1)/uint64(buckets))
	rep.Series = make([]SeriesPoint, (n+rep.perBucket-1)/rep.perBucket)
	for k := range rep.Series {
		rep.Series[k].Index = uint64(k) * rep.perBucket
	}
}

// coords returns the coordinates of flat row-major index i over sizes.
func coords(sizes []uint32, i uint64) []uint32 {
	c := make([]uint32, len(sizes))
	for k := len(sizes) - 1; k >= 0; k-- {
		c[k] = uint32(i % uint64(sizes[k]))
		i /= uint64(sizes[k])
	}
	return c
}

// ulpDistance returns how far apart two values of type t are: for the
// float types their distance in ULP (math.MaxUint64 for NaN against a
// number; 0 for NaN against NaN unless bitExact), for integers 0 if equal
// and math.MaxUint64-1 if not.
func ulpDistance(t TensorDataType, a, b uint64, bitExact bool) uint64 {
	if a == b {
		return 0
	}
	var signBit, expMask, fracMask uint64
	switch t {
	case TensorDataTypeFloat32:
		signBit, expMask, fracMask = 1<<31, 0xFF<<23, 1<<23-1
	case TensorDataTypeFloat16:
		signBit, expMask, fracMask = 1<<15, 0x1F<<10, 1<<10-1
	default:
		return math.MaxUint64 - 1
	}
	nan := func(x uint64) bool { return x&expMask == expMask && x&fracMask != 0 }
	switch {
	case nan(a) && nan(b):
		if bitExact {
			return math.MaxUint64
		}
		return 0
	case nan(a) || nan(b):
		return math.MaxUint64
	}
	// Positions in the ordered set: -0 is -1, +0 is 0.
	pos := func(x uint64) int64 {
		if x&signBit != 0 {
			return -int64(x&^signBit) - 1
		}
		return int64(x)
	}
	d := pos(a) - pos(b)
	if d < 0 {
		d = -d
	}
	return uint64(d)
}

func getBits(b []byte, es uint64) uint64 {
	var v ScalarUnion
	copy(v[:es], b)
	return v.Bits()
}

// CompareReader compares two streams of elements of type t, got and want
// (held to be right), element by element, as CheckReader compares data
// with the exact result (without models: want need not be a fill): the
// streams must have the same length, a whole number of elements. A
// mismatch's Index is the element's position, and it has no Coords.
func CompareReader(t TensorDataType, got, want io.Reader, opts CheckOptions) (*CheckReport, error) {
	es := uint64(t.ElementSize())
	if es == 0 {
		return nil, argError("the data type", t, "it has no elements to compare")
	}
	keep := opts.Keep
	if keep == 0 {
		keep = 10
	}
	rep := &CheckReport{Type: t, lastIndex: math.MaxUint64}
	g, w := make([]byte, 1<<20), make([]byte, 1<<20)
	for off := uint64(0); ; {
		n, errG := io.ReadFull(got, g)
		m, errW := io.ReadFull(want, w)
		for _, err := range []error{errG, errW} {
			if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
				return nil, err
			}
		}
		if n != m {
			return nil, fmt.Errorf("%w: the data has %d bytes, the reference %d", ErrInvalidArg, off+uint64(n), off+uint64(m))
		}
		if uint64(n)%es != 0 {
			return nil, fmt.Errorf("%w: %d bytes are not a whole number of %v elements", ErrInvalidArg, off+uint64(n), t)
		}
		for at := uint64(0); at+es <= uint64(n); at += es {
			rep.element(getBits(g[at:], es), getBits(w[at:], es), off+at, (off+at)/es, nil, &opts, keep)
		}
		off += uint64(n)
		if n < len(g) {
			return rep, nil
		}
	}
}
