package check_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
)

// npmWriters are the frameworks TestNPMFrameworks runs, by the name
// testdata/frameworks/npm.js gives them.
var npmWriters = map[string]writer{
	"tfjs-cpu":    {check.ModelTFJS, "TensorFlow.js", "4.22", "cpu backend"},
	"tfjs-wasm":   {check.ModelTFJS, "TensorFlow.js", "4.22", "wasm backend"},
	"onnxruntime": {check.ModelONNXRuntime, "ONNX Runtime", "1.30", "CPU"},
}

// npmPackages are the packages npm.js needs, at the versions the models
// name.
var npmPackages = map[string]string{
	"@tensorflow/tfjs-core":         "4.22.0",
	"@tensorflow/tfjs-backend-cpu":  "4.22.0",
	"@tensorflow/tfjs-backend-wasm": "4.22.0",
	"onnxruntime-node":              "1.30.0",
}

const npmInstall = "npm install --prefix DIR --ignore-scripts @tensorflow/tfjs-core@4.22.0 @tensorflow/tfjs-backend-cpu@4.22.0 " +
	"@tensorflow/tfjs-backend-wasm@4.22.0 onnxruntime-node@1.30.0 (--ignore-scripts: onnxruntime-node's install script " +
	"downloads from elsewhere; its CPU binary is in the package), then DML_NPM_DIR=DIR"

// npmDir returns the folder the npm packages were installed in
// (DML_NPM_DIR), skipping the test where there is none, saying why.
func npmDir(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node on PATH: the live tests of TensorFlow.js and ONNX Runtime need Node.js and npm (Debian: apt-get install nodejs npm), then " + npmInstall)
	}
	dir := os.Getenv("DML_NPM_DIR")
	if dir == "" {
		t.Skip("DML_NPM_DIR is not set: the live tests of TensorFlow.js and ONNX Runtime need their npm packages: " + npmInstall + " (.ci/run does)")
	}
	for pkg, version := range npmPackages {
		b, err := os.ReadFile(filepath.Join(dir, "node_modules", pkg, "package.json"))
		var meta struct{ Version string }
		if err == nil {
			err = json.Unmarshal(b, &meta)
		}
		if err != nil || meta.Version != version {
			t.Fatalf("DML_NPM_DIR=%s has not %s %s (%v, version %q): %s", dir, pkg, version, err, meta.Version, npmInstall)
		}
	}
	return dir
}

// An npmFill is one arange npm.js runs: the start and delta as written.
type npmFill struct {
	Framework string `json:"framework"`
	Start     string `json:"start"`
	Delta     string `json:"delta"`
	N         uint64 `json:"n"`
}

// npmFills returns the fills the frameworks run: fixed ones (TensorFlow.js's
// tf.range(0.1, 30000, 0.3) among them) and random ones from r, each for
// every framework.
func npmFills(r *rand.Rand) []npmFill {
	seqs := []npmFill{{Start: "0.1", Delta: "0.3", N: 100000}, {Start: "-5", Delta: "0.001", N: 200000},
		{Start: "1e7", Delta: "0.3", N: 100000}, {Start: "3.2", Delta: "1.5", N: 5000}, {Start: "0.5", Delta: "0.00048828125", N: 30000}}
	for range 12 {
		mag := math.Pow(10, float64(r.IntN(9)-3))
		s := (r.Float64()*2 - 1) * mag
		d := math.Max(math.Abs(s)*1e-5, math.Pow(10, float64(r.IntN(5)-4))) * (0.1 + r.Float64()*9.9)
		if r.IntN(3) == 0 {
			d = -d
		}
		n := uint64(math.Exp(r.Float64()*math.Log(200000))) + 1
		seqs = append(seqs, npmFill{Start: strconv.FormatFloat(s, 'g', 1+r.IntN(8), 64),
			Delta: strconv.FormatFloat(d, 'g', 1+r.IntN(6), 64), N: n})
	}
	var fills []npmFill
	for _, s := range seqs {
		for _, fw := range []string{"tfjs-cpu", "tfjs-wasm", "onnxruntime"} {
			s.Framework = fw
			fills = append(fills, s)
		}
	}
	return fills
}

// runNPM runs npm.js on fills and returns each fill's float32 elements.
func runNPM(t *testing.T, dir string, fills []npmFill) [][]byte {
	t.Helper()
	tmp := t.TempDir()
	in, out := filepath.Join(tmp, "fills.json"), filepath.Join(tmp, "out")
	b, err := json.Marshal(fills)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "testdata/frameworks/npm.js", dir, in, out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node testdata/frameworks/npm.js: %v\n%s", err, stderr.String())
	}
	b, err = os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var elems [][]byte
	for range fills {
		if len(b) < 4 || uint64(len(b)-4) < 4*uint64(binary.LittleEndian.Uint32(b)) {
			t.Fatalf("npm.js wrote %d bytes too few", len(b))
		}
		n := 4 * int(binary.LittleEndian.Uint32(b))
		elems = append(elems, b[4:4+n])
		b = b[4+n:]
	}
	return elems
}

// TestNPMFrameworks: TensorFlow.js 4.22 (cpu and wasm backends) and ONNX
// Runtime 1.30 (onnxruntime-node, its CPU execution provider), run live on
// fixed fills and on fills drawn at random from a seed it prints
// (DML_NPM_SEED=N draws them again), give outputs that the model of each
// explains, and that model names the framework. Skipped, saying why, where
// node or the packages are not there.
func TestNPMFrameworks(t *testing.T) {
	dir := npmDir(t)
	seed := rand.Uint64()
	if s := os.Getenv("DML_NPM_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("DML_NPM_SEED=%q: %v", s, err)
		}
	}
	t.Logf("seed %d (DML_NPM_SEED=%d draws these fills again)", seed, seed)
	fills := npmFills(rand.New(rand.NewPCG(seed, 56)))
	out := runNPM(t, dir, fills)
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	for k, f := range fills {
		name := fmt.Sprintf("%s start %s delta %s (%d elements)", f.Framework, f.Start, f.Delta, len(out[k])/4)
		if len(out[k]) == 0 {
			t.Errorf("%s: no element came back", name)
			continue
		}
		// ONNX Runtime counts ceil((limit - start) / delta) in float32:
		// the count may differ from N, the elements not.
		desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{uint32(len(out[k]) / 4)}, nil, f.Start, f.Delta)
		rep, err := check.Reader(dev, desc, bytes.NewReader(out[k]), check.Options{Written: &check.Written{Start: mustFloat(f.Start), Delta: mustFloat(f.Delta)}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w := npmWriters[f.Framework]; !w.named(rep) {
			near, _ := rep.Nearest()
			t.Errorf("%s: explained by %v (nearest %s, first miss %d); want %s", name, fitNames(rep.ExplainedFits()), near.Name(), near.FirstMiss, w.model)
		}
	}
}
