package check_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/exact"
)

// TestDxDispatchModelTruncates: DxDispatch's initialiser holds the delta
// as half.hpp makes it from the float, truncated toward zero (0.3 is
// 0x34CC, 0.2998046875; rounding would give 0x34CD), and adds in float,
// truncating each sum: 0, 0x34CC, then 0.599609375 (0x38CC), by hand.
func TestDxDispatchModelTruncates(t *testing.T) {
	in := check.ModelInput{Type: dml.TensorDataTypeFloat16, Start: 0, Delta: 0x34CD, Count: 3,
		Written: &check.Written{Start: 0, Delta: 0.3}}
	got := make([]uint64, 3)
	if err := check.ModelBits(check.ModelDxDispatch, in, 0, got); err != nil {
		t.Fatal(err)
	}
	if want := []uint64{0, 0x34CC, 0x38CC}; got[1] != want[1] || got[2] != want[2] {
		t.Errorf("dxdispatch 0, +0.3: %#x, want %#x", got, want)
	}
}

// TestF16MathRoundsTheIndex: f16-math rounds the index to a half first:
// element 2049 of 0, +0.75 is round16(round16(2049) * 0.75) =
// round16(2048 * 0.75) = 1536 (0x6600), where 2049 * 0.75 = 1536.75 would
// round to 1537.
func TestF16MathRoundsTheIndex(t *testing.T) {
	in := check.ModelInput{Type: dml.TensorDataTypeFloat16, Start: 0, Delta: 0x3A00, Count: 4096}
	got := make([]uint64, 1)
	if err := check.ModelBits(check.ModelF16Math, in, 2049, got); err != nil {
		t.Fatal(err)
	}
	if got[0] != 0x6600 {
		t.Errorf("f16-math 0, +0.75, element 2049: %#x, want 0x6600 (1536)", got[0])
	}
}

// tenths returns the bytes of the n elements of the FLOAT32 fill 0, +0.1
// (ValueDelta 0x3DCCCCCD) as math/big computes them (internal/exact),
// element k set to -1 where k >= 0.
func tenths(n, k int) []byte {
	b := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(exact.Element(dml.TensorDataTypeFloat32, 0, 0x3DCCCCCD, uint64(i))))
	}
	if k >= 0 {
		binary.LittleEndian.PutUint32(b[4*k:], 0xBF800000)
	}
	return b
}

// TestSharedFirstMiss: the models that compute the same elements (for a
// FLOAT32 fill without the written text: f32-fma, torch-cuda, cupy,
// jax-jit and exact below 2^24) share one count, and each names the same
// first element it misses: the one element changed, 37.
func TestSharedFirstMiss(t *testing.T) {
	desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{100}, nil, "0", "0.1")
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(tenths(100, 37)), check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Models {
		switch f.Model {
		case check.ModelExact, check.ModelF32FMA, check.ModelTorchCUDA, check.ModelCuPy, check.ModelJAXJit:
			if f.Matches != 99 || f.FirstMiss != 37 {
				t.Errorf("%s: %d matches, first miss %d; want 99, 37", f.Model, f.Matches, f.FirstMiss)
			}
		}
	}
}

// TestNearestFirst: Nearest names no model where one explains every element,
// and of models that explain as many, the first in Report.Models.
func TestNearestFirst(t *testing.T) {
	desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{1000}, nil, "0", "0.1")
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	rep, err := check.Reader(dev, desc, bytes.NewReader(tenths(1000, -1)), check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Explained()) == len(rep.Models) {
		t.Fatal("every model explains 0, +0.1: the test needs one that does not")
	}
	if f, ok := rep.Nearest(); ok {
		t.Errorf("exact data: nearest %s, want none (exact explains it)", f.Name())
	}
	rep, err = check.Reader(dev, desc, bytes.NewReader(tenths(1000, 500)), check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := rep.Nearest(); !ok || f.Model != check.ModelExact || f.Matches != 999 {
		t.Errorf("one element changed: nearest %s (%d matches), %v; want exact, the first of those with 999", f.Name(), f.Matches, ok)
	}
}

// TestSeriesAtMostBuckets: Options.Buckets asks for at most that many
// points: 1000 elements in 300 buckets are runs of ceil(1000/300) = 4
// indices, 250 points, the last from index 996, each element counted once.
func TestSeriesAtMostBuckets(t *testing.T) {
	desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{1000}, nil, "0", "0.1")
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(tenths(1000, -1)), check.Options{Buckets: 300})
	if err != nil {
		t.Fatal(err)
	}
	n := uint64(0)
	for _, p := range rep.Series {
		n += p.Elements
	}
	if len(rep.Series) != 250 || rep.Series[249].Index != 996 || n != 1000 {
		t.Errorf("%d points, the last from %d, %d elements; want 250, 996, 1000", len(rep.Series), rep.Series[len(rep.Series)-1].Index, n)
	}
}

// TestSplitLines: PyTorch's fills of 100,003 elements on 2, 3 and 8
// threads (8 threads making 4 parts: 32,768 elements at least a part) and
// of 2,097,153 on 64 threads, the most the split search tries (lines of
// ../testdata/arange.txt, PyTorch 1.13's own output), are explained by the
// torch model in the parts PyTorch made (TestModelsAgainstProjects checks
// them with the others).
func TestSplitLines(t *testing.T) {
	text, err := os.ReadFile("../testdata/arange.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines strings.Builder
	threads := map[string]bool{}
	for line := range strings.Lines(string(text)) {
		if model, _, _ := strings.Cut(line, " "); strings.Contains(model, ":") && (strings.HasSuffix(model, ":64") || strings.Contains(line, " 100003 ")) {
			lines.WriteString(line)
			_, n, _ := strings.Cut(model, ":")
			threads[n] = true
		}
	}
	checkArangeLines(t, lines.String())
	if !threads["64"] {
		t.Error("../testdata/arange.txt has no fill on 64 threads")
	}
}
