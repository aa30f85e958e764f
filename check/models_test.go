package check_test

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/exact"
)

// The models again, written with math/big at each format's precision (for
// values in the normal range, where that is the format's rounding):
// independent of models.go's float32 arithmetic, TwoSum and tables.

func bigOf(x float64) *big.Float { return new(big.Float).SetPrec(200).SetFloat64(x) }

func roundPrec(x *big.Float, prec uint) *big.Float {
	return new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven).Set(x)
}

func add(a, b *big.Float) *big.Float { return new(big.Float).SetPrec(400).Add(a, b) }
func mul(a, b *big.Float) *big.Float { return new(big.Float).SetPrec(400).Mul(a, b) }

// refModel returns element i of model m for type dt (precision 24 or 11).
func refModel(m check.Model, dt dml.TensorDataType, s, d float64, i uint64, acc *[]*big.Float) *big.Float {
	p32, p := uint(24), uint(24)
	if dt == dml.TensorDataTypeFloat16 {
		p = 11
	}
	fi := bigOf(float64(i))
	S, D := bigOf(s), bigOf(d)
	switch m {
	case check.ModelF32MulAdd:
		return roundPrec(roundPrec(add(roundPrec(mul(roundPrec(fi, p32), D), p32), S), p32), p)
	case check.ModelF32FMA, check.ModelF32ThenF16:
		return roundPrec(roundPrec(add(mul(roundPrec(fi, p32), D), S), p32), p)
	case check.ModelF16Math:
		return roundPrec(add(roundPrec(mul(roundPrec(fi, 11), D), 11), S), 11)
	case check.ModelAccumulate:
		for uint64(len(*acc)) <= i {
			prev := (*acc)[len(*acc)-1]
			*acc = append(*acc, roundPrec(add(prev, D), p))
		}
		return (*acc)[i]
	case check.ModelDxDispatch: // half.hpp: the float sum truncated to a half
		for uint64(len(*acc)) <= i {
			prev := (*acc)[len(*acc)-1]
			sum := roundPrec(add(prev, D), p32)
			*acc = append(*acc, new(big.Float).SetPrec(11).SetMode(big.ToZero).Set(sum))
		}
		return (*acc)[i]
	}
	return roundPrec(add(mul(fi, D), S), p) // exact
}

// byProject: the models of other projects, which TestModelsAgainstProjects
// holds to the projects' own output and TestModelsAgainstEmulations to
// emulations of them (refModel has not got them).
var byProject = []check.Model{check.ModelNumPy, check.ModelTorchAVX2, check.ModelTorchAVX512,
	check.ModelTorchCUDA, check.ModelCuPy, check.ModelJAX, check.ModelJAXJit, check.ModelONNXRuntime, check.ModelTensorFlow,
	check.ModelTFJS, check.ModelJAXJitCPU}

func modelBitsOf(dt dml.TensorDataType, x *big.Float) uint64 {
	f, _ := x.Float64()
	if dt == dml.TensorDataTypeFloat32 {
		return uint64(math.Float32bits(float32(f))) // exact: x has 24 bits
	}
	v, err := dml.ParseScalar(dml.TensorDataTypeFloat16, x.Text('x', -1)) // exact: 11 bits
	if err != nil {
		panic(err)
	}
	return v.Bits() & 0xFFFF
}

// TestModelsAgainstBig: ModelBits gives the big.Float models' bits, FLOAT32
// indices past 2^24 (where float32(i) rounds) included.
func TestModelsAgainstBig(t *testing.T) {
	for _, c := range []struct {
		dt      dml.TensorDataType
		s, d    float64
		from, n uint64
		noAccum bool
	}{
		{dml.TensorDataTypeFloat32, 0.1, 0.3, 1, 3000, false},
		{dml.TensorDataTypeFloat32, -7.25, 0.013, 1<<24 - 50, 200, true},
		{dml.TensorDataTypeFloat16, 1000, 0.7, 1, 2000, false}, // past 2048
		{dml.TensorDataTypeFloat16, 0.1, 0.3, 1, 2000, false},
	} {
		sv := dml.ScalarFloat32(float32(c.s))
		dv := dml.ScalarFloat32(float32(c.d))
		if c.dt == dml.TensorDataTypeFloat16 {
			sv, _ = dml.ParseScalar(c.dt, bigOf(c.s).Text('g', 20))
			dv, _ = dml.ParseScalar(c.dt, bigOf(c.d).Text('g', 20))
		}
		s, d := float64(sv.Float32()), float64(dv.Float32())
		if c.dt == dml.TensorDataTypeFloat16 {
			s, d = float64(sv.Float16().Float32()), float64(dv.Float16().Float32())
		}
		for _, m := range check.Models(c.dt) {
			ordered := m == check.ModelAccumulate || m == check.ModelDxDispatch
			if ordered && c.noAccum || m == check.ModelExact || slices.Contains(byProject, m) {
				continue
			}
			got := make([]uint64, c.n)
			in := check.ModelInput{Type: c.dt, Start: sv.Bits(), Delta: dv.Bits(), Count: c.from + c.n}
			if err := check.ModelBits(m, in, c.from, got); err != nil {
				t.Fatal(err)
			}
			acc := []*big.Float{bigOf(s)}
			for k := range got {
				i := c.from + uint64(k)
				if want := modelBitsOf(c.dt, refModel(m, c.dt, s, d, i, &acc)); got[k] != want {
					t.Fatalf("%v %s start %g delta %g: element %d is %#x, want %#x", c.dt, m, s, d, i, got[k], want)
				}
			}
		}
	}
}

// TestDiagnosis: a buffer each model produced (the big.Float models, or the
// exact reference) is explained by that model, and the histogram against
// the exact result is the one counted element by element here.
func TestDiagnosis(t *testing.T) {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	pos := float16Positions()
	type diagCase struct {
		dt   dml.TensorDataType
		s, d string
		n    int
	}
	cases := []diagCase{
		{dml.TensorDataTypeFloat32, "0.1", "0.3", 3000},
		{dml.TensorDataTypeFloat16, "1000", "0.7", 2000},
	}
	// Random descriptors whose values stay in the normal range, where the
	// big.Float models round as the formats do.
	r := rand.New(rand.NewPCG(21, 22))
	for range 6 {
		dt := []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16}[r.IntN(2)]
		s := strconv.FormatFloat((r.Float64()*2-1)*math.Pow(10, float64(r.IntN(4)-1)), 'g', 6, 64)
		d := strconv.FormatFloat((r.Float64()*2-1)*math.Pow(10, float64(r.IntN(3)-2)), 'g', 6, 64)
		if math.Abs(mustFloat(s)) < 0.01 {
			s = "0.5"
		}
		if math.Abs(mustFloat(d)) < 1e-3 {
			d = "0.25"
		}
		cases = append(cases, diagCase{dt, s, d, 500 + r.IntN(1500)})
	}
	for _, c := range cases {
		desc := checkDesc(c.dt, []uint32{uint32(c.n)}, nil, c.s, c.d)
		es := int(c.dt.ElementSize())
		var s, d float64
		if c.dt == dml.TensorDataTypeFloat32 {
			s, d = float64(desc.ValueStart.Float32()), float64(desc.ValueDelta.Float32())
		} else {
			s, d = float64(desc.ValueStart.Float16().Float32()), float64(desc.ValueDelta.Float16().Float32())
		}
		for _, m := range check.Models(c.dt) {
			if slices.Contains(byProject, m) {
				continue
			}
			buf := make([]byte, c.n*es)
			var hist [6]uint64
			acc := []*big.Float{bigOf(s)}
			for i := range c.n {
				want := exact.Element(c.dt, desc.ValueStart.Bits(), desc.ValueDelta.Bits(), uint64(i))
				got := want
				if i > 0 && m != check.ModelExact {
					got = modelBitsOf(c.dt, refModel(m, c.dt, s, d, uint64(i), &acc))
				}
				if es == 4 {
					binary.LittleEndian.PutUint32(buf[4*i:], uint32(got))
				} else {
					binary.LittleEndian.PutUint16(buf[2*i:], uint16(got))
				}
				var dist int
				if es == 4 {
					dist = steps32(math.Float32frombits(uint32(got)), math.Float32frombits(uint32(want)))
				} else {
					dist = max(pos[uint16(got)]-pos[uint16(want)], pos[uint16(want)]-pos[uint16(got)])
				}
				hist[bucket(dist)]++
			}
			rep, err := check.Reader(dev, desc, bytes.NewReader(buf), check.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(rep.Explained(), m) {
				t.Errorf("%v %s: explained by %v; fits %+v", c.dt, m, rep.Explained(), rep.Models)
			}
			if rep.Histogram != hist {
				t.Errorf("%v %s: histogram %v, counted %v", c.dt, m, rep.Histogram, hist)
			}
		}
	}
}

// bucket is the histogram bucket of a distance: 0, 1, 2, 3-16, more.
func bucket(dist int) int {
	switch {
	case dist <= 2:
		return dist
	case dist <= 16:
		return check.ULP3to16
	}
	return check.ULPMore
}

func mustFloat(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(err)
	}
	return f
}

// TestDiagnosisPast2to24: FLOAT32 past 2^24 elements, where float32(i)
// rounds: a buffer computed here with float32 multiply then add (the
// conversions keep Go from fusing them) is explained by f32-mul-add and by
// numpy (NumPy's fill is that arithmetic, and its delta, element 1 less
// element 0, is exact here) alone, and f32-fma no longer equals exact.
func TestDiagnosisPast2to24(t *testing.T) {
	if testing.Short() {
		t.Skip("checks 2^24+ elements")
	}
	n := 1<<24 + 4096
	desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{uint32(n)}, nil, "-5.5", "0.375")
	s, d := desc.ValueStart.Float32(), desc.ValueDelta.Float32()
	buf := make([]byte, 4*n)
	binary.LittleEndian.PutUint32(buf, math.Float32bits(s))
	for i := 1; i < n; i++ {
		v := float32(float32(float32(i)*d) + s)
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(v))
	}
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(buf), check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Explained(); !slices.Equal(got, []check.Model{check.ModelF32MulAdd, check.ModelNumPy, check.ModelJAX}) { // (jax eager: the same arithmetic)
		t.Fatalf("explained by %v; fits %+v", got, rep.Models)
	}
}

// steps32 counts Nextafter32 steps from a to b (at most 17).
func steps32(a, b float32) int {
	n := 0
	for a != b && n < 17 {
		a = math.Nextafter32(a, b)
		n++
	}
	return n
}

// TestModelsAgainstProjects: the numpy and torch models give, byte for
// byte, the fills NumPy's and PyTorch's own arange made (the module's
// testdata/arange.txt, SHA-256 of the elements, made by the module's
// testdata/arange.py), and a check of such
// a fill, given the start and delta as written, names the model. Where
// /usr/bin/python3 has NumPy and PyTorch, the script runs again with 40
// random fills more, for PyTorch's AVX2 and AVX-512 kernels where this
// machine's PyTorch runs them (a part it cannot run is logged and skipped:
// the outcome is the same on every host).
func TestModelsAgainstProjects(t *testing.T) {
	text, err := os.ReadFile("../testdata/arange.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := checkArangeLines(t, string(text))
	if n < 70 {
		t.Fatalf("../testdata/arange.txt has %d fills", n)
	}
	if exec.Command("/usr/bin/python3", "-c", "import numpy, torch").Run() != nil {
		t.Log("no NumPy and PyTorch for /usr/bin/python3 (Debian's python3-numpy, python3-torch): the fills of ../testdata/arange.txt only")
		return
	}
	for _, args := range [][]string{{"avx2", "--random", "40"}, {"avx512", "--random", "40"}, {"avx2", "--threads"}} {
		c := args[0]
		cmd := exec.Command("/usr/bin/python3", append([]string{"../testdata/arange.py"}, args...)...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() == 3 {
			t.Logf("../testdata/arange.py %s: %s", c, strings.TrimSpace(stderr.String()))
			continue // (this CPU, or this PyTorch, has not got those kernels)
		}
		if err != nil {
			t.Fatalf("../testdata/arange.py %s: %v\n%s", c, err, stderr.String())
		}
		if n := checkArangeLines(t, string(out)); n < 20 {
			t.Fatalf("../testdata/arange.py %v gave %d fills", args, n)
		}
	}
}

// explainedIn reports whether rep says m explains every element, in the
// parts PyTorch splits count elements into on threads threads: min(threads,
// ceil(count/32768)) parts of ceil(count/parts) (one where that is one).
// Where split is false (the split computes the elements the model in one
// part computes: parts whose lengths are whole pairs of vectors, as 2 of
// 500,000), the model in one part explains them too.
func explainedIn(rep *check.Report, m check.Model, count, threads uint64, split bool) bool {
	parts := uint64(1)
	if count > 32768 {
		parts = min(threads, (count+32767)/32768)
	}
	for _, f := range rep.ExplainedFits() {
		if f.Model != m {
			continue
		}
		if !split && f.Parts == 0 || split && f.Parts == parts && f.PartLen == (count+parts-1)/parts {
			return true
		}
	}
	return false
}

// splitDiffers reports whether bits, the model's elements in in.Parts
// parts, differ from its elements in one part.
func splitDiffers(t *testing.T, m check.Model, in check.ModelInput, bits []uint64) bool {
	t.Helper()
	in.Parts = 1
	one := make([]uint64, len(bits))
	if err := check.ModelBits(m, in, 0, one); err != nil {
		t.Fatal(err)
	}
	return !slices.Equal(one, bits)
}

func fitNames(fits []check.ModelFit) []string {
	var names []string
	for _, f := range fits {
		names = append(names, f.Name())
	}
	return names
}

// TestModelsAgainstEmulations: the models of the frameworks this machine
// has not (PyTorch on CUDA, CuPy, JAX eager and under jit, ONNX Runtime's
// and TensorFlow's CPU Range) give, byte for byte, the fills of emulations
// written apart from them, from each framework's source, in Python with
// NumPy (testdata/frameworks.py, its output in testdata/frameworks.txt,
// which it must still print where /usr/bin/python3 has NumPy), and a check
// of such a fill names the model.
func TestModelsAgainstEmulations(t *testing.T) {
	text, err := os.ReadFile("../testdata/frameworks.txt")
	if err != nil {
		t.Fatal(err)
	}
	if n := checkArangeLines(t, string(text)); n < 150 {
		t.Fatalf("../testdata/frameworks.txt has %d fills", n)
	}
	if exec.Command("/usr/bin/python3", "-c", "import numpy").Run() != nil {
		t.Log("no NumPy for /usr/bin/python3: the fills of ../testdata/frameworks.txt only")
		return
	}
	out, err := exec.Command("/usr/bin/python3", "../testdata/frameworks.py").Output()
	if err != nil {
		t.Fatalf("../testdata/frameworks.py: %v", err)
	}
	_, body, _ := strings.Cut(string(text), "\n")
	if string(out) != body {
		t.Errorf("../testdata/frameworks.py no longer prints ../testdata/frameworks.txt")
	}
}

// checkArangeLines checks each line "model type start delta count sha256"
// and returns how many there were.
func checkArangeLines(t *testing.T, text string) int {
	t.Helper()
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	n := 0
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 6 {
			t.Fatalf("bad line %q", line)
		}
		dt, err := dml.ParseTensorDataType(f[1])
		if err != nil {
			t.Fatal(err)
		}
		name, threads, _ := strings.Cut(f[0], ":") // "torch-avx2:8": PyTorch on 8 threads
		m, err := check.ParseModel(dt, name)
		if err != nil {
			t.Fatal(err)
		}
		parts, _ := strconv.ParseUint(cmp.Or(threads, "1"), 10, 64)
		count, _ := strconv.ParseUint(f[4], 10, 32)
		desc := checkDesc(dt, []uint32{uint32(count)}, nil, f[2], f[3])
		written := &check.Written{Start: mustFloat(f[2]), Delta: mustFloat(f[3])}
		bits := make([]uint64, count)
		in := check.ModelInput{Type: dt, Start: desc.ValueStart.Bits(), Delta: desc.ValueDelta.Bits(), Count: count, Written: written, Parts: parts}
		if err := check.ModelBits(m, in, 0, bits); err != nil {
			t.Fatal(err)
		}
		es := int(dt.ElementSize())
		buf := make([]byte, int(count)*es)
		for i, b := range bits {
			var v dml.ScalarUnion = dml.ScalarBits(b)
			copy(buf[i*es:], v[:es])
		}
		if sum := sha256.Sum256(buf); hex.EncodeToString(sum[:]) != f[5] {
			t.Errorf("%s: the model's %d elements differ from the project's", strings.TrimSpace(line), count)
			continue
		}
		rep, err := check.Reader(dev, desc, bytes.NewReader(buf), check.Options{Written: written})
		if err != nil {
			t.Fatal(err)
		}
		if !explainedIn(rep, m, count, parts, splitDiffers(t, m, in, bits)) {
			t.Errorf("%s: the check says explained by %v", strings.TrimSpace(line), fitNames(rep.ExplainedFits()))
		}
		// No model claims the fill unless it computes every element of
		// it (another framework of the same arithmetic, named too).
		for _, f := range rep.ExplainedFits() {
			other := in
			other.Parts = max(f.Parts, 1)
			theirs := make([]uint64, count)
			if err := check.ModelBits(f.Model, other, 0, theirs); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(theirs, bits) {
				t.Errorf("%s: %s is named, but computes other elements", strings.TrimSpace(line), f.Name())
			}
		}
		n++
	}
	return n
}

// TestNearest: where no model explains every element, the report names
// the one that explains the most and the first element it does not: a
// PyTorch fill with one element changed.
func TestNearest(t *testing.T) {
	const n, changed = 5000, 777
	desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{n}, nil, "0.1", "0.3")
	in := check.ModelInput{Type: dml.TensorDataTypeFloat32, Start: desc.ValueStart.Bits(), Delta: desc.ValueDelta.Bits(), Count: n,
		Written: &check.Written{Start: 0.1, Delta: 0.3}}
	bits := make([]uint64, n)
	if err := check.ModelBits(check.ModelTorchAVX2, in, 0, bits); err != nil {
		t.Fatal(err)
	}
	bits[changed] ^= 1 << 20 // (far from any model's value)
	buf := make([]byte, 4*n)
	for i, b := range bits {
		binary.LittleEndian.PutUint32(buf[4*i:], uint32(b))
	}
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(buf), check.Options{Written: in.Written})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Explained()) != 0 {
		t.Fatalf("explained by %v", rep.Explained())
	}
	f, ok := rep.Nearest()
	if !ok || f.Model != check.ModelTorchAVX2 || f.Matches != n-1 || f.FirstMiss != changed {
		t.Errorf("nearest %+v (%v), want torch-avx2, %d matches, first miss %d", f, ok, n-1, changed)
	}
}

// TestNoClaimWithNaNs: with NaN start and delta of different payloads and
// BitExact, where models of one formula give different NaNs (the payload
// comes from the operands' order), no model is named for data it does not
// compute (models of one arithmetic share their count only for finite
// values).
func TestNoClaimWithNaNs(t *testing.T) {
	const n = 1000
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeFloat32, Sizes: []uint32{n}, TotalTensorSizeInBytes: 4 * n},
		ValueDataType: dml.TensorDataTypeFloat32, ValueStart: dml.ScalarBits(0x7FC00001), ValueDelta: dml.ScalarBits(0xFFC00003),
	}
	in := check.ModelInput{Type: dml.TensorDataTypeFloat32, Start: 0x7FC00001, Delta: 0xFFC00003, Count: n}
	for _, made := range check.Models(dml.TensorDataTypeFloat32) {
		bits := make([]uint64, n)
		if err := check.ModelBits(made, in, 0, bits); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 4*n)
		for i, b := range bits {
			binary.LittleEndian.PutUint32(buf[4*i:], uint32(b))
		}
		rep, err := check.Reader(dml.NewDevice(dml.FeatureLevelLatest), desc, bytes.NewReader(buf), check.Options{BitExact: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range rep.ExplainedFits() {
			theirs := make([]uint64, n)
			if err := check.ModelBits(f.Model, in, 0, theirs); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(theirs, bits) {
				t.Errorf("%s's data: %s is named, but computes other NaNs", made, f.Model)
			}
		}
	}
}
