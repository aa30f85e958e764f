package check

import (
	"math"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/kernel"
)

// splitMost and threadsMost bound the search for PyTorch's thread split:
// fills of up to 2^22 elements (whose elements the check keeps, 4 bytes
// each, to search them at the end), split among up to 64 threads.
const (
	splitMost   = 1 << 22
	threadsMost = 64
)

// splitWindow is the elements the sweep compares at a time (a multiple of
// 64, for the bit sets of misses).
const splitWindow = 4096

// keepForSplit makes rep keep the elements of a fill of count elements
// of type t, where a torch model split among threads may explain them.
func (rep *Report) keepForSplit(t dml.TensorDataType, count uint64) {
	if count > torchGrain && count <= splitMost && len(Models(t)) > 0 {
		rep.kept = make([]uint32, count)
	}
}

// searchParts adds, for each torch model that does not explain every
// kept element in one part, the first of the ways PyTorch splits the fill
// among 2 to 64 threads (the distinct part lengths; see Model) that
// explains them all (see splitSearch for how, and its cost).
func (rep *Report) searchParts(in ModelInput, bitExact bool) {
	if rep.kept == nil || rep.Elements != uint64(len(rep.kept)) {
		return
	}
	for _, f := range rep.Models {
		if f.Parts != 0 || !f.Evaluated || f.Matches == rep.Elements || f.Model != ModelTorchAVX2 && f.Model != ModelTorchAVX512 {
			continue
		}
		s := newSplitSearch(rep.kept, rep.Type, f, in, bitExact)
		if fit, ok := s.run(); ok {
			rep.Models = append(rep.Models, fit)
		}
	}
}

// A splitSearch is the search for one torch model's thread split over the
// kept elements.
//
// PyTorch on T threads computes a fill of more than 32,768 elements in
// parts of one length (see Model), each part starting its vectors anew at
// its first index. Every element, in one part or in any split, is computed
// in a vector whose first index j (its base) is at most vec-1 below it
// (alone: j = i), by one formula of j and i; a split only moves the bases,
// in a part from index b to the indices congruent to b modulo vec. Hence
// vec classes of elements: class c computes element i from the last index
// j <= i with j = c (mod vec), and over each part's vectors a split is one
// class. The search sweeps the kept elements once, in windows, with every
// candidate at once: a class's elements in a window are computed once, when
// the first candidate still standing needs them, and compared; a candidate
// falls at its first miss, and the sweep stops when none stands. Before
// it, the candidates that miss the element where the model in one part
// missed first fall, at one element each: a split of a fill one part
// nearly explains computes most of it as one part does, and would
// otherwise stand up to that element.
//
// So the cost is bounded whatever the data: each class's element at each
// index is computed at most once, vec elements a kept element at most (16
// or 32 for FLOAT16, 8 or 16 for FLOAT32), plus the elements computed alone
// (fewer than 2·vec a part of a candidate) and one a candidate. A fill one
// part explains but for an element costs about one element a candidate;
// the bound is reached only where most splits compute what the data holds
// up to its end (a flat fill with a step in its last vectors:
// TestSplitFlatThenStep).
type splitSearch struct {
	kept     []uint32
	typ      dml.TensorDataType
	bitExact bool
	model    Model
	one      *modelState // the model in one part, for its arithmetic
	count    uint64
	vec      uint64
	// firstMiss is an element the model in one part misses (count: none).
	firstMiss uint64
	cands     []splitCandidate // in the order of their threads
	// evaluated counts the elements computed, the search's cost.
	evaluated uint64

	// The window [from, to) of the sweep: done has bit c set where class
	// c's elements there are computed, miss[c] the bit set of those that
	// miss; vals is room for a vector's elements.
	from, to uint64
	done     uint64
	miss     [][]uint64
	vals     []uint64
}

// A splitCandidate is one way PyTorch splits the fill: the first thread
// count that gives a part length.
type splitCandidate struct {
	threads, part uint64
	fell          bool
}

// newSplitSearch returns the search for the split of the torch model of
// fit f (which does not explain every element in one part) over kept, the
// elements of the fill in.
func newSplitSearch(kept []uint32, t dml.TensorDataType, f ModelFit, in ModelInput, bitExact bool) *splitSearch {
	in.Parts = 0
	one := newModelState(f.Model, in)
	s := &splitSearch{kept: kept, typ: t, bitExact: bitExact, model: f.Model, one: one,
		count: in.Count, vec: one.vec, firstMiss: in.Count}
	if f.Matches < uint64(len(kept)) && f.FirstMiss < uint64(len(kept)) {
		s.firstMiss = f.FirstMiss
	}
	last := in.Count
	for threads := uint64(2); threads <= threadsMost; threads++ {
		part := torchPartLen(in.Count, threads)
		if part == last {
			continue
		}
		last = part
		s.cands = append(s.cands, splitCandidate{threads: threads, part: part})
	}
	s.miss = make([][]uint64, s.vec)
	for c := range s.miss {
		s.miss[c] = make([]uint64, splitWindow/64)
	}
	s.vals = make([]uint64, s.vec)
	return s
}

// run returns the fit of the first candidate that explains every kept
// element, ok false where none does.
func (s *splitSearch) run() (fit ModelFit, ok bool) {
	if uint64(len(s.kept)) != s.count || s.vec == 0 {
		return ModelFit{}, false
	}
	if s.firstMiss < s.count {
		for k := range s.cands {
			c := &s.cands[k]
			split := *s.one
			split.part = c.part
			s.evaluated++
			c.fell = s.differs(s.firstMiss, split.bits(s.firstMiss))
		}
	}
	for from := uint64(0); from < s.count && s.standing(); from += splitWindow {
		s.from, s.to, s.done = from, min(from+splitWindow, s.count), 0
		for k := range s.cands {
			if c := &s.cands[k]; !c.fell {
				c.fell = !s.explains(c.part)
			}
		}
	}
	for _, c := range s.cands {
		if !c.fell {
			return ModelFit{Model: s.model, Evaluated: true, Matches: s.count,
				Parts: (s.count + c.part - 1) / c.part, PartLen: c.part}, true
		}
	}
	return ModelFit{}, false
}

// standing reports whether a candidate has not fallen.
func (s *splitSearch) standing() bool {
	for _, c := range s.cands {
		if !c.fell {
			return true
		}
	}
	return false
}

// explains reports whether the split into parts of length part computes
// the kept elements of the window: over each part's vectors, the class of
// the part's first index; its last (length mod 2·vec) elements alone.
func (s *splitSearch) explains(part uint64) bool {
	for i := s.from; i < s.to; {
		begin := i / part * part
		n := min(s.count-begin, part)
		vectors, end := begin+n&^(2*s.vec-1), begin+n
		if i < vectors {
			next := min(vectors, s.to)
			if s.classMisses(begin&(s.vec-1), i, next) {
				return false
			}
			i = next
			continue
		}
		for next := min(end, s.to); i < next; i++ {
			torchVector(s.one, i, i, s.vals[:1])
			s.evaluated++
			if s.differs(i, s.vals[0]) {
				return false
			}
		}
	}
	return true
}

// classMisses reports whether class c misses an element of [i, next), in
// the window.
func (s *splitSearch) classMisses(c, i, next uint64) bool {
	if s.done&(1<<c) == 0 {
		s.computeClass(c)
	}
	bits := s.miss[c]
	for k := i - s.from; k < next-s.from; {
		w := bits[k/64] >> (k % 64)
		if n := min(64-k%64, next-s.from-k); n < 64 {
			w &= 1<<n - 1
		}
		if w != 0 {
			return true
		}
		k += 64 - k%64
	}
	return false
}

// computeClass computes class c's elements of the window and notes which
// miss.
func (s *splitSearch) computeClass(c uint64) {
	s.done |= 1 << c
	bits := s.miss[c]
	clear(bits)
	for i := s.from; i < s.to; {
		k := (i + s.vec - c) & (s.vec - 1) // (vec is a power of two)
		if k > i {
			// No vector of class c holds i (no part starts below
			// it at c): a miss, should anyone ask.
			bits[(i-s.from)/64] |= 1 << ((i - s.from) % 64)
			i++
			continue
		}
		j := i - k
		vals := s.vals[:min(s.to, j+s.vec)-i]
		torchVector(s.one, j, i, vals)
		s.evaluated += uint64(len(vals))
		for x, v := range vals {
			if s.differs(i+uint64(x), v) {
				at := i + uint64(x) - s.from
				bits[at/64] |= 1 << (at % 64)
			}
		}
		i += uint64(len(vals))
	}
}

// differs reports whether the kept element i is not the model's bits b.
func (s *splitSearch) differs(i, b uint64) bool {
	got := uint64(s.kept[i])
	return got != b && ulpDistance(s.typ, got, b, s.bitExact) != 0
}

// torchVector puts in dst the elements from index i on as ms, a torch
// model, computes them in a vector from index j <= i (i == j: element i
// alone), all of them within that vector: modelState.torch with the base
// given, its conversions kept (they keep Go from fusing a multiply and an
// add), the base computed once.
func torchVector(ms *modelState, j, i uint64, dst []uint64) {
	if ms.t == dml.TensorDataTypeFloat32 {
		b := float32(math.FMA(ms.wd, float64(j), ms.ws))
		for x := range dst {
			k := i + uint64(x) - j
			dst[x] = uint64(math.Float32bits(float32(float64(b) + float64(float64(k)*ms.wd))))
		}
		return
	}
	b := fma32(ms.fd, float32(j), ms.fs)
	h := uint64(kernel.F64ToF16(float64(b)))
	base := float32(half(h)) // the vector's base is a half
	for x := range dst {
		k := i + uint64(x) - j
		if k == 0 {
			dst[x] = h
			continue
		}
		dst[x] = uint64(kernel.F64ToF16(float64(base + float32(float32(k)*ms.fd))))
	}
}
