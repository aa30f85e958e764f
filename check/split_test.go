package check

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/kernel"
)

// The split search's tests are inside the package: they hold it to the
// plain search it replaced and count the elements it computes.

// splitFill is the fill the split tests check: start 0.1, delta 0.0003
// (FLOAT16: elements up to 1258 at 2^22) or 0.3 (FLOAT32), as written.
func splitFill(t dml.TensorDataType, count uint64) ModelInput {
	s, d := "0.1", "0.3"
	w := &Written{Start: 0.1, Delta: 0.3}
	if t == dml.TensorDataTypeFloat16 {
		d, w.Delta = "0.0003", 0.0003
	}
	start, _ := dml.ParseScalar(t, s)
	delta, _ := dml.ParseScalar(t, d)
	return ModelInput{Type: t, Start: start.Bits(), Delta: delta.Bits(), Count: count, Written: w}
}

// splitKept returns the elements of fill in as model m on threads threads
// computes them, as the check keeps them.
func splitKept(m Model, in ModelInput, threads uint64) []uint32 {
	in.Parts = threads
	vals := make([]uint64, in.Count)
	newModelState(m, in).window(0, vals)
	kept := make([]uint32, in.Count)
	for i, v := range vals {
		kept[i] = uint32(v)
	}
	return kept
}

// partsOf returns the parts PyTorch splits count elements into on threads
// threads, and their length, as its documentation and ATen's
// ParallelOpenMP.h give them: min(threads, ceil(count/32768)) parts of
// ceil(count/parts), the last shorter (so ceil(count/length) of them).
func partsOf(count, threads uint64) (parts, length uint64) {
	p := min(threads, (count+32767)/32768)
	length = (count + p - 1) / p
	return (count + length - 1) / length, length
}

// oneFit returns the fit of model m in one part to kept: its matches
// and first miss, element by element.
func oneFit(m Model, in ModelInput, kept []uint32) ModelFit {
	ms := newModelState(m, in)
	f := ModelFit{Model: m, Evaluated: true}
	for i, got := range kept {
		b := ms.bits(uint64(i))
		if uint64(got) == b || ulpDistance(in.Type, uint64(got), b, false) == 0 {
			f.Matches++
		} else if !f.missed {
			f.FirstMiss, f.missed = uint64(i), true
		}
	}
	return f
}

// plainSplit is the plain search: each thread count from 2 to 64 whose
// part length differs from the one before, its model compared element by
// element with the kept elements; the first that explains them all.
func plainSplit(m Model, in ModelInput, kept []uint32) (ModelFit, bool) {
	var last uint64
	for threads := uint64(2); threads <= 64; threads++ {
		parts, length := partsOf(in.Count, threads)
		if length == last || parts == 1 {
			continue
		}
		last = length
		split := in
		split.Parts = threads
		if explainsKept(newModelState(m, split), kept) {
			return ModelFit{Model: m, Evaluated: true, Matches: in.Count, Parts: parts, PartLen: length}, true
		}
	}
	return ModelFit{}, false
}

// explainsKept reports whether ms computes every kept element.
func explainsKept(ms *modelState, kept []uint32) bool {
	for i, got := range kept {
		if b := ms.bits(uint64(i)); uint64(got) != b && ulpDistance(ms.t, uint64(got), b, false) != 0 {
			return false
		}
	}
	return true
}

// splitBound is the documented bound on the elements the search computes:
// vec a kept element, the last (length mod 2·vec) elements of each part of
// each candidate, and one element a candidate.
func splitBound(s *splitSearch) uint64 {
	b := s.vec * s.count
	for _, c := range s.cands {
		parts := (s.count + c.part - 1) / c.part
		b += parts*(2*s.vec-1) + 1
	}
	return b
}

// search runs the split search of model m over kept, as the check runs it
// after its pass, and holds it to the plain search and to its bound.
func search(t *testing.T, m Model, in ModelInput, kept []uint32, what string) *splitSearch {
	t.Helper()
	f := oneFit(m, in, kept)
	s := newSplitSearch(kept, in.Type, f, in, false)
	got, ok := s.run()
	want, wantOK := plainSplit(m, in, kept)
	if ok != wantOK || got != want {
		t.Errorf("%s: the search finds %v (%v), the plain search %v (%v)", what, got.Name(), ok, want.Name(), wantOK)
	}
	if b := splitBound(s); s.evaluated > b {
		t.Errorf("%s: the search computed %d elements, past its bound %d", what, s.evaluated, b)
	}
	return s
}

// TestSplitAsPlain: the search finds the split the plain search finds, on
// fills of one part and of splits on 1 to 64 threads (the parts of some
// of the same length), whole, with an element changed, and with an
// element set to what another split computes there; FLOAT16 and FLOAT32,
// the AVX2 and AVX-512 models.
func TestSplitAsPlain(t *testing.T) {
	counts := []uint64{32769, 40000, 65537, 150001, 300007}
	threads := []uint64{1, 2, 3, 4, 5, 7, 8, 10, 64}
	if testing.Short() {
		counts, threads = []uint64{40000, 150001}, []uint64{1, 3, 5}
	}
	rng := rand.New(rand.NewPCG(55, 3))
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat16, dml.TensorDataTypeFloat32} {
		for _, m := range []Model{ModelTorchAVX2, ModelTorchAVX512} {
			for _, count := range counts {
				in := splitFill(dt, count)
				for _, th := range threads {
					what := fmt.Sprintf("%v %s, %d elements on %d threads", dt, m, count, th)
					kept := splitKept(m, in, th)
					search(t, m, in, kept, what)
					changed := append([]uint32(nil), kept...)
					changed[count-1] ^= 0x100
					search(t, m, in, changed, what+", the last changed")
					changed[count-1] = kept[count-1]
					// 1 ULP off: an element drawn at random, the last of
					// a window of the sweep, the last of the first part
					// and of its vectors.
					_, length := partsOf(count, th)
					at := []uint64{rng.Uint64N(count), splitWindow - 1, length - 1, length&^63 - 1}
					if length < count {
						// The second part: an element of its first
						// vectors, the last of its vectors.
						vec := newModelState(m, in).vec
						at = append(at, (length+63)&^63+1, length+min(count-length, length)&^(2*vec-1)-1)
					}
					for _, at := range at {
						changed[at] ^= 1
						search(t, m, in, changed, fmt.Sprintf("%s, element %d 1 ULP off", what, at))
						changed[at] ^= 1
					}
					other := splitKept(m, in, th+1)
					for _, i := range differing(kept, other) {
						changed := append([]uint32(nil), kept...)
						changed[i] = other[i]
						search(t, m, in, changed, fmt.Sprintf("%s, element %d as on %d threads", what, i, th+1))
					}
				}
			}
		}
	}
}

// differing returns the first and the last index where a and b differ
// (none where they are equal).
func differing(a, b []uint32) []uint64 {
	var at []uint64
	for i := range a {
		if a[i] != b[i] {
			at = append(at, uint64(i))
			break
		}
	}
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			at = append(at, uint64(i))
			break
		}
	}
	return at
}

// TestSplitNearlyOnePart: a fill that one part explains but for its last
// element, the worst case of the search before it was bounded (every
// split computes as one part does up to its first part's end, on a flat
// fill up to the end), costs one element a candidate: 2^18 elements, the
// fill of TestSplitAsPlain and, for FLOAT16, 1000 to 1000.5 (all 1000 but
// the last few hundred).
func TestSplitNearlyOnePart(t *testing.T) {
	count := uint64(1 << 18)
	if testing.Short() {
		count = 1 << 17
	}
	fills := []ModelInput{splitFill(dml.TensorDataTypeFloat16, count), splitFill(dml.TensorDataTypeFloat32, count), flatThenStep(count)}
	for _, in := range fills {
		for _, m := range []Model{ModelTorchAVX2, ModelTorchAVX512} {
			kept := splitKept(m, in, 1)
			kept[count-1] ^= 0x100
			what := fmt.Sprintf("%v %s from %v by %v, %d elements, the last changed", in.Type, m, in.Written.Start, in.Written.Delta, count)
			s := search(t, m, in, kept, what)
			if s.evaluated > uint64(len(s.cands)) {
				t.Errorf("%s: the search computed %d elements for %d candidates", what, s.evaluated, len(s.cands))
			}
		}
	}
}

// TestSplitEveryThreadCount: a fill of 2,100,001 elements (more than 64
// parts of 32,768) made on each thread count from 2 to 64 (each a part
// length of its own) is found in its parts, and named so.
func TestSplitEveryThreadCount(t *testing.T) {
	const count = 2100001
	threads := make([]uint64, 0, 63)
	for th := uint64(2); th <= 64; th++ {
		if !testing.Short() || th <= 3 || th >= 63 {
			threads = append(threads, th)
		}
	}
	dt, m := dml.TensorDataTypeFloat16, ModelTorchAVX2
	in := splitFill(dt, count)
	for _, th := range threads {
		kept := splitKept(m, in, th)
		s := newSplitSearch(kept, dt, oneFit(m, in, kept), in, false)
		got, ok := s.run()
		want := fmt.Sprintf("torch-avx2 in %d parts of %d", th, (count+th-1)/th)
		if !ok || got.Name() != want || got.Matches != count {
			t.Errorf("%d threads: the search finds %q (%v, %d matches), want %q", th, got.Name(), ok, got.Matches, want)
		}
		if b := splitBound(s); s.evaluated > b {
			t.Errorf("%d threads: the search computed %d elements, past its bound %d", th, s.evaluated, b)
		}
	}
}

// TestSplitFlatThenStep: the costliest data for the search, a FLOAT16 fill
// whose elements are all 1000 (each vector's base and each sum rounds to
// it) but for a step to 1000.5 near the end, as one part computes it, with
// the one element of the step where most splits compute otherwise set to
// what they compute: those splits (those whose vectors there start past
// the step) stand until the step, each class they share computed once.
// The search finds what the plain search finds, within its bound.
func TestSplitFlatThenStep(t *testing.T) {
	count := uint64(1 << 20)
	if testing.Short() {
		count = 1 << 18
	}
	for _, m := range []Model{ModelTorchAVX2, ModelTorchAVX512} {
		in := flatThenStep(count)
		kept := splitKept(m, in, 1)
		at, b := mostDiffer(m, in, kept)
		kept[at] = uint32(b)
		s := search(t, m, in, kept, fmt.Sprintf("%s, 1000 then 1000.5, element %d changed", m, at))
		standing := 0
		for _, c := range s.cands {
			split := in
			split.Parts = c.threads
			if newModelState(m, split).bits(at) == b {
				standing++
			}
		}
		t.Logf("%s: %d of %d splits stand at element %d, the search computed %d elements (%.1f a kept element)", m, standing, len(s.cands), at, s.evaluated, float64(s.evaluated)/float64(count))
		if s.evaluated < count || standing < len(s.cands)/2 {
			t.Errorf("%s: %d of %d splits stand at element %d, the search computed %d elements: not the costliest case",
				m, standing, len(s.cands), at, s.evaluated)
		}
	}
}

// flatThenStep is a FLOAT16 fill of count elements from 1000 that reaches
// 1000.25, where float16 rounds up to 1000.5, 100 to a few hundred
// elements before its end: at an index 1 past a multiple of 32, where a vector in one part
// starts just below it.
func flatThenStep(count uint64) ModelInput {
	for e := uint64(100); ; e++ {
		d := 0.25 / float64(count-e)
		in := ModelInput{Type: dml.TensorDataTypeFloat16, Count: count, Written: &Written{Start: 1000, Delta: d}}
		ms := newModelState(ModelTorchAVX2, in)
		up := func(j uint64) bool {
			return kernel.F64ToF16(float64(fma32(ms.fd, float32(j), ms.fs))) != kernel.F64ToF16(1000)
		}
		lo, hi := uint64(0), count
		for lo < hi {
			if mid := (lo + hi) / 2; up(mid) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		if lo%32 == 1 && lo < count-64 {
			return in
		}
	}
}

// mostDiffer returns the element, within 64 of the first where kept is
// not its first element, where the most splits of model m compute other
// bits than kept has, and those bits.
func mostDiffer(m Model, in ModelInput, kept []uint32) (at, bits uint64) {
	step := uint64(0)
	for kept[step] == kept[0] {
		step++
	}
	most := 0
	for i := step - min(step, 64); i < min(step+64, in.Count); i++ {
		votes := map[uint64]int{}
		last := uint64(0)
		for threads := uint64(2); threads <= 64; threads++ {
			_, length := partsOf(in.Count, threads)
			if length == last {
				continue
			}
			last = length
			split := in
			split.Parts = threads
			if b := newModelState(m, split).bits(i); b != uint64(kept[i]) {
				votes[b]++
				if votes[b] > most {
					most, at, bits = votes[b], i, b
				}
			}
		}
	}
	return at, bits
}

// BenchmarkSplitSearch: the check of 2^22 FLOAT16 elements of PyTorch's
// fill on one thread from 1000 by 5.96e-8 (flatThenStep: all 1000 but the
// last few hundred, where every split computes what one part does), as
// written ("explained"), with its last element changed ("last-changed":
// the search's worst case before it was bounded, 22 times the check), and
// with the element of the step that most splits compute otherwise set to
// what they compute ("step": the costliest data for the search now, most
// splits standing up to the step; the one search in 10 parts explains
// it). The last two against the first: the search's cost.
func BenchmarkSplitSearch(b *testing.B) {
	const count = 1 << 22
	in := flatThenStep(count)
	kept := splitKept(ModelTorchAVX2, in, 1)
	changed := append([]uint32(nil), kept...)
	changed[count-1] ^= 0x100
	step := append([]uint32(nil), kept...)
	at, bits := mostDiffer(ModelTorchAVX2, in, step)
	step[at] = uint32(bits)
	start, _ := dml.ParseScalar(in.Type, "1000")
	delta, _ := dml.ParseScalar(in.Type, fmt.Sprint(in.Written.Delta))
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: in.Type, Sizes: []uint32{count}, TotalTensorSizeInBytes: 2 * count},
		ValueDataType: in.Type, ValueStart: start, ValueDelta: delta,
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for _, c := range []struct {
		name string
		kept []uint32
	}{{"explained", kept}, {"last-changed", changed}, {"step", step}} {
		data := make([]byte, 2*count)
		for i, v := range c.kept {
			binary.LittleEndian.PutUint16(data[2*i:], uint16(v))
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Reader(dev, desc, bytes.NewReader(data), Options{Written: in.Written}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
