package check_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/npy"
)

// A writer is a framework, in a version and mode, that wrote real outputs
// the tests hold: the model that must explain them, and what the model's
// Frameworks must say.
type writer struct {
	model               check.Model
	name, version, mode string
}

// set1Writers are the writers of testdata/frameworks/set1.tar.gz, by the
// first part of their files' names (its README says how each was made).
var set1Writers = map[string]writer{
	"numpy2":       {check.ModelNumPy, "NumPy", "2.5", ""},
	"torch2-cpu1":  {check.ModelTorchAVX2, "PyTorch", "2.11", "CPU"},
	"torch2-cpu16": {check.ModelTorchAVX2, "PyTorch", "2.11", "CPU"},
	"torch2-cuda":  {check.ModelTorchCUDA, "PyTorch", "2.11", "CUDA"},
	"cupy":         {check.ModelCuPy, "CuPy", "14", "CUDA"},
	"jax-cuda":     {check.ModelJAX, "JAX", "0.11", "eager, CUDA"},
	"ort-cpu":      {check.ModelONNXRuntime, "ONNX Runtime", "1.30", "CPU"},
}

// names reports whether one of the models rep says explain every element
// stands for w, held to its real output: the report names the framework.
func (w writer) named(rep *check.Report) bool {
	if !slices.Contains(rep.Explained(), w.model) {
		return false
	}
	var text strings.Builder
	if err := rep.Summary("data", "the exact result").WriteText(&text); err != nil {
		return false
	}
	for _, f := range w.model.Frameworks() {
		if f.Real && f.Name == w.name && strings.Contains(f.Versions, w.version) && strings.Contains(f.Mode, w.mode) {
			// The text report names it, under "explained by:".
			line := "\n  " + string(w.model) + ": "
			_, after, ok := strings.Cut(text.String(), line)
			named, _, _ := strings.Cut(after, "\n")
			return ok && strings.Contains(named, f.String()) && strings.Contains(named, "; held to its real output")
		}
	}
	return false
}

// readSet1 returns the files of testdata/frameworks/set1.tar.gz, each
// decoded and held to its SHA-256 (see the README there), by name.
func readSet1(t *testing.T) map[string][]byte {
	t.Helper()
	f, err := os.Open("testdata/frameworks/set1.tar.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	files, sums := map[string][]byte{}, map[string]string{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if h.Name == "SHA256SUMS" {
			for line := range strings.Lines(string(b)) {
				sum, name, _ := strings.Cut(strings.TrimSpace(line), "  ")
				sums[name] = sum
			}
			continue
		}
		name := strings.TrimSuffix(h.Name, ".delta")
		files[name] = undelta(t, name, b)
	}
	if len(files) != len(sums) {
		t.Fatalf("set1.tar.gz has %d files and %d sums", len(files), len(sums))
	}
	for name, b := range files {
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != sums[name] {
			t.Fatalf("%s decodes to other bytes than the framework's file (SHA-256 %x, want %s)", name, sum, sums[name])
		}
	}
	return files
}

// undelta adds back the differences of a delta-coded .npy file's elements.
func undelta(t *testing.T, name string, b []byte) []byte {
	t.Helper()
	dt, _, off, size, err := npy.ReadHeader(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	es := uint64(dt.ElementSize())
	if off+size != uint64(len(b)) {
		t.Fatalf("%s: %d bytes, the header gives %d", name, len(b), off+size)
	}
	n := size / es
	out := slices.Clone(b)
	for i := uint64(1); i < n; i++ {
		at := off + i*es
		if es == 2 {
			prev := binary.LittleEndian.Uint16(out[at-2:])
			binary.LittleEndian.PutUint16(out[at:], prev+binary.LittleEndian.Uint16(b[at:]))
			continue
		}
		prev := binary.LittleEndian.Uint32(out[at-4:])
		binary.LittleEndian.PutUint32(out[at:], prev+binary.LittleEndian.Uint32(b[at:]))
	}
	return out
}

// checkNPY checks a .npy file as dmlfill -type TYPE -sizes N -start START
// -delta DELTA -check FILE does: its header against the descriptor, its
// elements with the start and delta as written.
func checkNPY(file []byte, tname, start, delta string, n uint64) (*check.Report, error) {
	dt, err := dml.ParseTensorDataType(strings.ToUpper(tname))
	if err != nil {
		return nil, err
	}
	ft, shape, off, _, err := npy.ReadHeader(file)
	if err != nil {
		return nil, err
	}
	if ft != dt || !slices.Equal(shape, []uint64{n}) {
		return nil, fmt.Errorf("the file holds %v of shape %v; the name says %v of %d", ft, shape, dt, n)
	}
	s, err1 := strconv.ParseFloat(start, 64)
	d, err2 := strconv.ParseFloat(delta, 64)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("start %q or delta %q is not a number", start, delta)
	}
	desc := checkDesc(dt, []uint32{uint32(n)}, nil, start, delta)
	return check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(file[off:]), check.Options{Written: &check.Written{Start: s, Delta: d}})
}

// TestFrameworkOutputs: every real output of testdata/frameworks/set1.tar.gz
// (NumPy 2.5, PyTorch 2.11 on the CPU on 1 and 16 threads and on CUDA, CuPy
// 14, JAX 0.11 eager on CUDA, ONNX Runtime 1.30), checked as dmlfill checks
// it, is explained by the model of the framework that wrote it, and that
// model names the framework, held to its output.
func TestFrameworkOutputs(t *testing.T) {
	files := readSet1(t)
	if len(files) != 77 {
		t.Fatalf("set1.tar.gz has %d files; its README lists 77", len(files))
	}
	explained := map[string]int{}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range files {
			if !yield(k) {
				return
			}
		}
	}) {
		f := strings.Split(strings.TrimSuffix(name, ".npy"), "__")
		if len(f) != 5 {
			t.Fatalf("%s: want FRAMEWORK__TYPE__START__DELTA__N.npy", name)
		}
		w, ok := set1Writers[f[0]]
		n, err := strconv.ParseUint(f[4], 10, 32)
		if !ok || err != nil {
			t.Fatalf("%s: no writer %q, or count %q", name, f[0], f[4])
		}
		rep, err := checkNPY(files[name], f[1], f[2], f[3], n)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !w.named(rep) {
			near, _ := rep.Nearest()
			t.Errorf("%s: explained by %v (nearest %s, first miss %d); want %s, standing for %s %s", name,
				fitNames(rep.ExplainedFits()), near.Name(), near.FirstMiss, w.model, w.name, w.version)
			continue
		}
		explained[f[0]]++
	}
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range set1Writers {
			if !yield(k) {
				return
			}
		}
	}) {
		t.Logf("%-12s %2d files explained by %s", k, explained[k], set1Writers[k].model)
	}
}

// TestFrameworkOutputsTold: a real output changed in one element is
// explained by no model, and the framework's model is the nearest, missing
// there (the test above can fail).
func TestFrameworkOutputsTold(t *testing.T) {
	const name = "jax-cuda__float32__-5__0.001__200000.npy"
	file := slices.Clone(readSet1(t)[name])
	_, _, off, _, err := npy.ReadHeader(file)
	if err != nil {
		t.Fatal(err)
	}
	const changed = 123456
	file[off+4*changed] ^= 1
	rep, err := checkNPY(file, "float32", "-5", "0.001", 200000)
	if err != nil {
		t.Fatal(err)
	}
	if set1Writers["jax-cuda"].named(rep) {
		t.Fatalf("the changed file is explained by %v", rep.Explained())
	}
	near, ok := rep.Nearest()
	if !ok || near.Matches != 200000-1 || near.FirstMiss != changed {
		t.Errorf("nearest %+v, want a model missing element %d alone", near, changed)
	}
}

// TestAlike: the models Alike lists compute the same elements as the model
// on random fills of every kind (a start and delta written otherwise than
// ValueStart and ValueDelta round them, counts past XLA's and PyTorch's
// vectors, odd and even), and every model not listed differs from it on
// one of them: the list is neither short nor long.
func TestAlike(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 55))
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16} {
		fills := [][]uint64{}
		var ins []check.ModelInput
		for k := range 24 {
			s := strconv.FormatFloat((r.Float64()*2-1)*[]float64{1, 30, 1000}[k%3], 'g', 1+r.IntN(7), 64)
			d := strconv.FormatFloat(r.Float64()*[]float64{0.3, 0.01, 1.7}[k%3]+1e-3, 'g', 1+r.IntN(7), 64)
			desc := checkDesc(dt, []uint32{1}, nil, s, d)
			in := check.ModelInput{Type: dt, Start: desc.ValueStart.Bits(), Delta: desc.ValueDelta.Bits(),
				Count: uint64(1000 + r.IntN(20000)), Written: &check.Written{Start: mustFloat(s), Delta: mustFloat(d)}}
			if k%2 == 1 { // written otherwise than the descriptor's values round
				in.Written.Start += r.Float64() * 3
				in.Written.Delta *= 1 + r.Float64()/100
			}
			ins = append(ins, in)
		}
		for _, m := range check.Models(dt) {
			var all []uint64
			for _, in := range ins {
				bits := make([]uint64, in.Count)
				if err := check.ModelBits(m, in, 0, bits); err != nil {
					t.Fatal(err)
				}
				all = append(all, bits...)
			}
			fills = append(fills, all)
		}
		ms := check.Models(dt)
		for a, m := range ms {
			for b, o := range ms {
				same := slices.Equal(fills[a], fills[b])
				listed := slices.Contains(m.Alike(dt), o)
				if partlyAlike(dt, m, o) {
					continue // (listed or not, the random fills cannot tell)
				}
				if a != b && same != listed {
					t.Errorf("%v: %s and %s compute the same elements: %v; Alike lists it: %v", dt, m, o, same, listed)
				}
			}
		}
	}
}

// partlyAlike reports whether m and o differ on fills too rare for
// TestAlike's to show: for FLOAT32, f32-fma is exact below 2^24 elements;
// for FLOAT16, the float32 of f32-mul-add, f32-fma and f32-then-f16 gives
// another half than the exact sum rounded once only where it falls on a
// half's rounding boundary, and f32-mul-add's product, rounded to float32
// before the add, changes it only where i x delta needs more than 24 bits.
func partlyAlike(dt dml.TensorDataType, m, o check.Model) bool {
	pair := []check.Model{m, o}
	has := func(x, y check.Model) bool { return slices.Contains(pair, x) && slices.Contains(pair, y) }
	if dt == dml.TensorDataTypeFloat32 {
		return has(check.ModelExact, check.ModelF32FMA)
	}
	return has(check.ModelF32MulAdd, check.ModelF32FMA) || has(check.ModelF32MulAdd, check.ModelF32ThenF16) ||
		m == check.ModelExact && slices.Contains([]check.Model{check.ModelF32MulAdd, check.ModelF32FMA, check.ModelF32ThenF16}, o) ||
		o == check.ModelExact && slices.Contains([]check.Model{check.ModelF32MulAdd, check.ModelF32FMA, check.ModelF32ThenF16}, m)
}

// TestFrameworksListed: every model of another project stands for a
// framework, each framework held to real output is held by a test that
// names it, and the models of no framework stand for none.
func TestFrameworksListed(t *testing.T) {
	generic := []check.Model{check.ModelExact, check.ModelF32MulAdd, check.ModelF32FMA, check.ModelAccumulate, check.ModelF32ThenF16, check.ModelF16Math}
	held := map[check.Model]bool{}
	for _, w := range set1Writers {
		held[w.model] = true
	}
	for _, w := range npmWriters {
		held[w.model] = true
	}
	held[check.ModelTorchAVX512] = true // (TestModelsAgainstProjects, Debian's PyTorch)
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16} {
		for _, m := range check.Models(dt) {
			fs := m.Frameworks()
			switch {
			case slices.Contains(generic, m) && len(fs) != 0:
				t.Errorf("%s stands for %v", m, fs)
			case !slices.Contains(generic, m) && len(fs) == 0:
				t.Errorf("%s stands for no framework", m)
			case !m.Emulation() != held[m] && !slices.Contains(generic, m):
				t.Errorf("%s: held to real output %v, but a test holds it: %v", m, !m.Emulation(), held[m])
			}
		}
	}
	if got := check.ModelJAXJitCPU.Frameworks()[0].String(); got != "JAX 0.11, under jit, CPU (XLA:CPU on x86-64)" {
		t.Errorf("jax-jit-cpu stands for %q", got)
	}
}
