package check

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/layout"
)

// Options says how Reader and Compare compare bytes with the exact result.
type Options struct {
	// Buffer: the bytes are the whole output buffer
	// (TotalTensorSizeInBytes of them, elements at their strides); else
	// they are the elements alone, packed in row-major order.
	Buffer bool
	// Padding, with Buffer: the value every byte outside the elements must
	// have (0 for a buffer that was zeroed); nil leaves padding unchecked.
	Padding *byte
	// ULP is the distance within which a FLOAT32 or FLOAT16 element passes
	// (see Report); integer elements pass only when equal.
	ULP uint64
	// BitExact makes a NaN match only a NaN of the same bits.
	BitExact bool
	// Keep is how many mismatches the report lists, first first (0: 10).
	Keep int
	// Written, if not nil, is the start and delta as the user wrote them,
	// for the models of other projects (see Model).
	Written *Written
	// Buckets, if not 0, has the report keep the largest distance in each
	// of that many runs of consecutive indices (Report.Series), for
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

// The buckets of Report.Histogram, by distance in ULP.
const (
	ULP0       = iota // the same value (bits, or NaN against NaN)
	ULP1              // 1 ULP apart
	ULP2              // 2 ULP apart
	ULP3to16          // 3 to 16 ULP apart
	ULPMore           // more than 16 ULP apart (integers: any mismatch)
	ULPNaNOnly        // a NaN where a number was due, or the reverse
)

// Report is what Reader or Compare found.
//
// The distance in ULP between two values of one float format is the
// difference of their positions in the ordered set of that format's values,
// -inf ... -0, +0 ... +inf: +0 and -0 are 1 apart, the largest finite value
// and infinity are 1 apart. A NaN matches any NaN unless BitExact asks for
// the same bits; against a number it has no distance (bucket ULPNaNOnly).
type Report struct {
	Type       dml.TensorDataType
	Elements   uint64    // elements compared
	Exact      uint64    // the same bits (or NaN against NaN)
	Within     uint64    // within Options.ULP (Exact included)
	Histogram  [6]uint64 // elements by distance (ULP0 ... ULPNaNOnly)
	Worst      *Mismatch // the farthest element (NaN against a number first), nil if all are exact
	Mismatches []Mismatch
	// With Options.Buffer and Padding: the padding bytes compared,
	// how many differ, and the offset of the first that does.
	PaddingBytes, BadPadding, FirstBadPadding uint64
	// Models (FLOAT32, FLOAT16): how many elements each Model
	// explains (the same bits, or NaN against NaN unless BitExact).
	Models []ModelFit

	// Series: with Options.Buckets, the error against the index.
	Series []SeriesPoint

	models    []*modelState
	same      []int      // the model an earlier one computes the same elements for, or -1
	kept      []uint32   // the elements, where a thread split is to be searched (keepForSplit)
	vals      [][]uint64 // each model's values of a window, reused window after window
	head      [2]uint64  // the bits of elements 0 and 1 found, for Implied
	headSeen  [2]bool
	lastIndex uint64
	perBucket uint64 // indices a point of Series covers
	tolerance uint64 // Options.ULP, for the Summary
	padding   *byte  // Options.Padding, where Buffer checks it
}

// OK reports whether every element is within the tolerance and no padding
// byte differs.
func (r *Report) OK() bool { return r.Within == r.Elements && r.BadPadding == 0 }

// A Mismatch is an element whose bits differ from the exact result's.
type Mismatch struct {
	Index  uint64   // the flat row-major index
	Coords []uint32 // its coordinates
	Offset uint64   // its byte offset in the bytes checked
	Got    uint64   // bits found
	Want   uint64   // bits of the exact result
	ULP    uint64   // the distance (math.MaxUint64: NaN against a number)
}

// Reader reads from r the bytes that claim to be the output of the
// operator desc describes and compares them with the exact result, which it
// produces window by window: memory stays bounded whatever the size. The
// data must have exactly the length the descriptor gives (the packed
// elements, or TotalTensorSizeInBytes with Buffer). A descriptor the device
// rejects gives its error (wrapping dml.ErrInvalidArg), without Buffer too,
// where its strides, size and alignment lay out no data that is read.
func Reader(dev *dml.Device, desc *dml.FillValueSequenceOperatorDesc, r io.Reader, opts Options) (*Report, error) {
	if desc == nil || desc.OutputTensor == nil {
		return nil, fmt.Errorf("%w: the operator description is nil", dml.ErrInvalidArg)
	}
	op, err := dev.CreateOperator(desc) // (the descriptor as given: its strides, size and alignment too)
	if err != nil {
		return nil, err
	}
	t := *desc.OutputTensor
	if !opts.Buffer {
		// The elements in row-major order are a packed tensor's buffer.
		t.Strides, t.GuaranteedBaseOffsetAlignment = nil, 0
		t.TotalTensorSizeInBytes = dml.CalcBufferTensorSize(t.DataType, t.Sizes, nil)
		d := *desc
		d.OutputTensor = &t
		if op, err = dev.CreateOperator(&d); err != nil {
			return nil, err
		}
	}
	c := newReader(op, &t, desc, &opts)
	for off := uint64(0); ; {
		n, err := io.ReadFull(r, c.got)
		if uint64(n) > c.size-off {
			return nil, fmt.Errorf("%w: the data is longer than the %d bytes the descriptor gives", dml.ErrInvalidArg, c.size)
		}
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return nil, err
		}
		if err != nil && off+uint64(n) < c.size {
			// The end of the data, short of the size: whatever a reader
			// might return after its EOF is not read.
			return nil, fmt.Errorf("%w: the data has %d bytes; the descriptor gives %d", dml.ErrInvalidArg, off+uint64(n), c.size)
		}
		if n == 0 {
			break
		}
		if err := c.window(n, off); err != nil {
			return nil, err
		}
		off += uint64(n)
		if off == c.size {
			if err := atEnd(r, c.size); err != nil {
				return nil, err
			}
			break
		}
	}
	c.rep.searchParts(c.splitIn, c.opts.BitExact)
	c.rep.kept = nil
	return c.rep, nil
}

// findSame sets rep.same: for each model, an earlier one of the same
// arithmetic on elements [from, to) (see modelState.arithmetic), whose
// matches there it takes.
func (rep *Report) findSame(from, to uint64) {
	first := map[string]int{}
	if len(rep.same) != len(rep.models) {
		rep.same = make([]int, len(rep.models))
	}
	for k, ms := range rep.models {
		rep.same[k] = -1
		if math.IsNaN(ms.s+ms.d) || math.IsInf(ms.s+ms.d, 0) || math.IsNaN(ms.ws+ms.wd) || math.IsInf(ms.ws+ms.wd, 0) {
			continue // (NaNs: which payload comes out depends on the operands' order)
		}
		a := ms.arithmetic(from, to)
		if j, ok := first[a]; ok {
			rep.same[k] = j
			continue
		}
		first[a] = k
	}
}

// noMiss marks a model that missed no element of a window.
const noMiss = math.MaxUint64

// A reader is the state of one Reader: the operator that produces the
// exact result, the report, and the windows.
type reader struct {
	op       dml.Operator
	splitIn  ModelInput // the fill, for the models of a thread split (searchParts)
	rep      *Report
	opts     *Options
	keep     int
	es, size uint64       // the element size; the bytes to read
	sizes    []uint32     // the tensor's sizes, for the coordinates
	dims     []layout.Dim // Buffer: the layout, to find an element's index
	// got is a window of the data, want of the exact result (over zeros);
	// with Buffer other is the window prefilled the other way (0xFF), to
	// tell elements from padding.
	got, want, other []byte
}

// newReader returns the state of a Reader of the tensor t (packed unless
// Buffer) that op fills, for the fill desc describes.
func newReader(op dml.Operator, t *dml.BufferTensorDesc, desc *dml.FillValueSequenceOperatorDesc, opts *Options) *reader {
	es := uint64(t.DataType.ElementSize())
	count := elementCount(t.Sizes)
	size := t.TotalTensorSizeInBytes
	if !opts.Buffer {
		size = count * es
	}
	keep := opts.Keep
	if keep == 0 {
		keep = 10
	}
	rep := &Report{Type: t.DataType, lastIndex: math.MaxUint64, tolerance: opts.ULP}
	if opts.Buffer && opts.Padding != nil {
		v := *opts.Padding
		rep.padding = &v
	}
	rep.series(count, opts.Buckets)
	for _, m := range Models(t.DataType) {
		in := ModelInput{
			Type: t.DataType, Start: desc.ValueStart.Bits(), Delta: desc.ValueDelta.Bits(),
			Count: count, Written: opts.Written,
		}
		rep.Models = append(rep.Models, ModelFit{Model: m, Evaluated: true})
		rep.models = append(rep.models, newModelState(m, in))
	}
	rep.keepForSplit(t.DataType, count)
	// Windows of 1 MiB (a multiple of every element size), or the size.
	chunk := min(1<<20, (size+7)&^7)
	c := &reader{
		splitIn: ModelInput{Type: t.DataType, Start: desc.ValueStart.Bits(), Delta: desc.ValueDelta.Bits(), Count: count, Written: opts.Written},
		op:      op, rep: rep, opts: opts, keep: keep, es: es, size: size,
		sizes: append([]uint32(nil), t.Sizes...),
		got:   make([]byte, chunk), want: make([]byte, chunk),
	}
	if opts.Buffer {
		c.other = make([]byte, chunk)
		c.dims = layout.Dims(t.Sizes, t.Strides)
	}
	return c
}

// window compares the n bytes of c.got, read from byte off, with the exact
// result.
func (c *reader) window(n int, off uint64) error {
	rep, es := c.rep, c.es
	g, w := c.got[:n], c.want[:n]
	clear(w)
	if err := c.op.ExecuteWindow(w, off); err != nil {
		return err
	}
	switch {
	case c.opts.Buffer:
		x := c.other[:n]
		for i := range x {
			x[i] = 0xFF
		}
		if err := c.op.ExecuteWindow(x, off); err != nil {
			return err
		}
		c.buffer(g, w, x, off)
	case len(rep.models) == 0 && rep.Series == nil && bytes.Equal(g, w):
		// The whole window is exact: counted at once, at the speed
		// of memory (the models need each element, the floats').
		k := uint64(n) / es
		rep.Elements += k
		rep.Exact += k
		rep.Within += k
		rep.Histogram[ULP0] += k
		rep.lastIndex = (off+uint64(n))/es - 1
	case len(rep.models) > 0 && rep.Series == nil:
		rep.floatWindow(g, w, off/es, es, c.sizes, c.opts, c.keep)
	default:
		for at := uint64(0); at+es <= uint64(n); at += es {
			gb, wb, i := getBits(g[at:], es), getBits(w[at:], es), (off+at)/es
			rep.matchModels(gb, wb, i, c.opts)
			rep.element(gb, wb, off+at, i, c.sizes, c.opts, c.keep)
		}
	}
	return nil
}

// atEnd reads on from r once the size bytes the descriptor gives are read:
// anything more is too much.
func atEnd(r io.Reader, size uint64) error {
	var one [1]byte
	k, err := r.Read(one[:])
	for try := 0; k == 0 && err == nil; try++ { // ((0, nil) is no answer: io.Reader)
		if try == 100 {
			return io.ErrNoProgress
		}
		k, err = r.Read(one[:])
	}
	if k > 0 {
		return fmt.Errorf("%w: the data is longer than the %d bytes the descriptor gives", dml.ErrInvalidArg, size)
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// floatWindow compares a window of packed float elements from index i0:
// the elements and each model's values decoded or computed a window at a
// time, the models on goroutines of their own (they are independent), the
// report's bookkeeping only for elements that differ.
func (rep *Report) floatWindow(g, w []byte, i0, es uint64, sizes []uint32, opts *Options, keep int) {
	n := uint64(len(g)) / es
	got, want := make([]uint64, n), make([]uint64, n)
	for k := range n {
		got[k], want[k] = getBits(g[k*es:], es), getBits(w[k*es:], es)
	}
	if rep.kept != nil {
		for k := range n {
			rep.kept[i0+k] = uint32(got[k])
		}
	}
	for k := uint64(0); k < n && i0+k < 2; k++ {
		rep.noteHead(i0+k, got[k])
	}
	rep.findSame(i0, i0+n)
	matches := make([]uint64, len(rep.models))
	misses := make([]uint64, len(rep.models)) // each model's first miss in the window
	var wg sync.WaitGroup
	rep.startModels(&wg, got, i0, opts, matches, misses)
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
		rep.element(got[k], want[k], (i0+k)*es, i0+k, sizes, opts, keep)
		if e := rep.exactModel(); rep.Exact > before {
			matches[e]++
		} else if e >= 0 && misses[e] == noMiss {
			misses[e] = i0 + k
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
	}
	for m := range rep.Models {
		if j := rep.same[m]; j >= 0 {
			matches[m], misses[m] = matches[j], misses[j]
		}
		f := &rep.Models[m]
		f.Matches += matches[m]
		if misses[m] != noMiss && !f.missed {
			f.FirstMiss, f.missed = misses[m], true
		}
	}
	rep.lastIndex = i0 + n - 1
}

// startModels starts, on goroutines of their own (wg waits for them), the
// models that are evaluated (not exact, counted from the operator's bits;
// not one that shares another's arithmetic, counted from its) on the
// window got from index i0: their matches and first misses.
func (rep *Report) startModels(wg *sync.WaitGroup, got []uint64, i0 uint64, opts *Options, matches, misses []uint64) {
	n := uint64(len(got))
	if len(rep.vals) != len(rep.models) {
		rep.vals = make([][]uint64, len(rep.models))
	}
	for m, ms := range rep.models {
		misses[m] = noMiss
		if ms.m == ModelExact || !rep.Models[m].Evaluated || rep.same[m] >= 0 {
			continue
		}
		if uint64(cap(rep.vals[m])) < n {
			rep.vals[m] = make([]uint64, n)
		}
		vals := rep.vals[m][:n]
		wg.Go(func() {
			ms.window(i0, vals)
			matches[m], misses[m] = countMatches(rep.Type, got, vals, i0, opts.BitExact)
		})
	}
}

// countMatches returns how many of the float elements got (from index i0)
// have the same value as vals (ulpDistance 0: the same bits, or NaN against
// NaN unless bitExact), and the index of the first that does not (noMiss
// if none). Counted in locals, not in slices the models' goroutines share:
// neighbouring counters would share a cache line.
func countMatches(t dml.TensorDataType, got, vals []uint64, i0 uint64, bitExact bool) (matches, miss uint64) {
	abs, inf := uint64(0x7FFFFFFF), uint64(0x7F800000) // a NaN's magnitude is above infinity's
	if t == dml.TensorDataTypeFloat16 {
		abs, inf = 0x7FFF, 0x7C00
	}
	miss = noMiss
	vals = vals[:len(got)]
	for k, g := range got {
		v := vals[k]
		if g == v || !bitExact && g&abs > inf && v&abs > inf {
			matches++
		} else if miss == noMiss {
			miss = i0 + uint64(k)
		}
	}
	return matches, miss
}

// noteHead keeps the bits of elements 0 and 1.
func (rep *Report) noteHead(index, got uint64) {
	if index < 2 {
		rep.head[index], rep.headSeen[index] = got, true
	}
}

// Implied returns the start and delta that elements 0 and 1 of a FLOAT32 or
// FLOAT16 check imply: element 0, and element 1 less element 0 (rounded to
// float64: exact unless their magnitudes are more than 2^29 apart). ok is
// false for other types, or where there were not two elements.
func (rep *Report) Implied() (start, delta float64, ok bool) {
	if len(rep.models) == 0 || !rep.headSeen[0] || !rep.headSeen[1] {
		return 0, 0, false
	}
	v := rep.models[0].value
	return v(rep.head[0]), v(rep.head[1]) - v(rep.head[0]), true
}

// exactModel returns the position of ModelExact in Models.
func (rep *Report) exactModel() int {
	for m, ms := range rep.models {
		if ms.m == ModelExact {
			return m
		}
	}
	return 0
}

// buffer compares a window of a whole output buffer: an element's bytes
// are those the operator wrote the same over two prefills (w over zeros, x
// over 0xFF); the others are padding.
func (c *reader) buffer(g, w, x []byte, off uint64) {
	rep, opts, es := c.rep, c.opts, c.es
	for at := uint64(0); at+es <= uint64(len(g)); at += es {
		if w[at] == x[at] { // an element (it starts at a multiple of es)
			gb, wb := getBits(g[at:], es), getBits(w[at:], es)
			i, ok := layout.Index(c.dims, (off+at)/es)
			if !ok {
				i = math.MaxUint64 // (no element there: matchModels stops following)
			}
			rep.matchModels(gb, wb, i, opts)
			rep.element(gb, wb, off+at, i, c.sizes, opts, c.keep)
			continue
		}
		c.padding(g, off, at, at+es)
	}
	// The bytes past the last whole element slot (a TotalTensorSizeInBytes
	// that is not a multiple of the element size) are padding too.
	c.padding(g, off, uint64(len(g))/es*es, uint64(len(g)))
}

// padding counts bytes [from, to) of g, at byte off of the buffer, as
// padding, where Options.Padding asks for them to be checked.
func (c *reader) padding(g []byte, off, from, to uint64) {
	rep, opts := c.rep, c.opts
	if opts.Padding == nil {
		return
	}
	for k := from; k < to; k++ {
		rep.PaddingBytes++
		if g[k] != *opts.Padding {
			if rep.BadPadding == 0 {
				rep.FirstBadPadding = off + k
			}
			rep.BadPadding++
		}
	}
}

// elementCount returns the product of the sizes of a tensor the device
// accepted (at most dml.MaxElements).
func elementCount(sizes []uint32) uint64 {
	n := uint64(1)
	for _, s := range sizes {
		n *= uint64(s)
	}
	return n
}

// matchModels counts element index (got, against want the exact bits) for
// each model it matches, in index order (accumulate is followed only so).
func (rep *Report) matchModels(got, want, index uint64, opts *Options) {
	rep.noteHead(index, got)
	if index < uint64(len(rep.kept)) {
		rep.kept[index] = uint32(got)
	}
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
		} else if !f.missed {
			f.FirstMiss, f.missed = index, true
		}
	}
	rep.lastIndex = index
}

// element adds one element to the report's counts, histogram and lists;
// its mismatch has coordinates over sizes, none where sizes is nil.
func (rep *Report) element(got, want, offset, index uint64, sizes []uint32, opts *Options, keep int) {
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
	if index != math.MaxUint64 && sizes != nil {
		m.Coords = coords(sizes, index)
	}
	if rep.Worst == nil || dist > rep.Worst.ULP {
		w := m
		rep.Worst = &w
	}
	if len(rep.Mismatches) < keep {
		rep.Mismatches = append(rep.Mismatches, m)
	}
}

// MaxBuckets bounds Options.Buckets (and so the memory of Report.Series).
const MaxBuckets = 1 << 20

// series sets up Series for n elements in at most buckets points.
func (rep *Report) series(n uint64, buckets int) {
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
func ulpDistance(t dml.TensorDataType, a, b uint64, bitExact bool) uint64 {
	if a == b {
		return 0
	}
	var signBit, expMask, fracMask uint64
	switch t {
	case dml.TensorDataTypeFloat32:
		signBit, expMask, fracMask = 1<<31, 0xFF<<23, 1<<23-1
	case dml.TensorDataTypeFloat16:
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
	var v dml.ScalarUnion
	copy(v[:es], b)
	return v.Bits()
}

// argError is the error the package dml gives for a rejected argument
// (wrapping dml.ErrInvalidArg).
func argError(field string, value any, reason string, args ...any) error {
	return &dml.ArgError{Field: field, Value: fmt.Sprint(value), Reason: fmt.Sprintf(reason, args...)}
}

// Compare compares two streams of elements of type t, got and want (held
// to be right), element by element, as Reader compares data with the
// exact result (without models: want need not be a fill): the streams must
// have the same length, a whole number of elements. A mismatch's Index is
// the element's position, and it has no Coords.
func Compare(t dml.TensorDataType, got, want io.Reader, opts Options) (*Report, error) {
	es := uint64(t.ElementSize())
	if es == 0 {
		return nil, argError("the data type", t, "it has no elements to compare")
	}
	keep := opts.Keep
	if keep == 0 {
		keep = 10
	}
	rep := &Report{Type: t, lastIndex: math.MaxUint64, tolerance: opts.ULP}
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
			return nil, fmt.Errorf("%w: the data has %d bytes, the reference %d", dml.ErrInvalidArg, off+uint64(n), off+uint64(m))
		}
		if uint64(n)%es != 0 {
			return nil, fmt.Errorf("%w: %d bytes are not a whole number of %v elements", dml.ErrInvalidArg, off+uint64(n), t)
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
