package check

import (
	"slices"

	"github.com/dmlgo/dml"
)

// A Framework is a framework whose arange a Model computes: the project,
// the versions the model was read from or held to, and the mode (device,
// backend, kernels) in which it computes as the model does. Which model
// explains a buffer is a fact about the framework that wrote it, and
// Model.Frameworks says which frameworks each model stands for.
type Framework struct {
	Name     string // the project, as it names itself: "PyTorch"
	Versions string // "2.11", "1.13, 2.11"
	Mode     string // "CUDA", "CPU, AVX2 kernels"; "" where it has one mode
	// Real is true where the model is held, in this module's tests, to
	// this framework's own output in this mode (files it wrote, or the
	// framework run live); false where it is held only to an emulation
	// written from a reading of the framework's source.
	Real bool
}

// String returns "PyTorch 2.11, CUDA".
func (f Framework) String() string {
	s := f.Name
	if f.Versions != "" {
		s += " " + f.Versions
	}
	if f.Mode != "" {
		s += ", " + f.Mode
	}
	return s
}

// frameworks is what each model of another project stands for, and what
// holds it (see Framework.Real). The tests that hold the models marked Real:
// TestModelsAgainstProjects (Debian's NumPy and PyTorch), TestFrameworkOutputs
// (testdata/frameworks/set1.tar.gz) and TestNPMFrameworks (run live).
var frameworks = map[Model][]Framework{
	ModelNumPy: {{Name: "NumPy", Versions: "1.24, 2.5", Real: true}},
	ModelTorchAVX2: {{Name: "PyTorch", Versions: "1.13, 2.11",
		Mode: "CPU, AVX2 kernels (the default on x86-64), on any number of threads", Real: true}},
	ModelTorchAVX512: {{Name: "PyTorch", Versions: "1.13", Mode: "CPU, AVX-512 kernels (ATEN_CPU_CAPABILITY=avx512)", Real: true}},
	ModelDxDispatch:  {{Name: "DxDispatch", Mode: "a model file's FLOAT16 sequence initialiser"}},
	ModelTorchCUDA:   {{Name: "PyTorch", Versions: "2.11", Mode: "CUDA", Real: true}},
	ModelCuPy:        {{Name: "CuPy", Versions: "14", Mode: "CUDA", Real: true}},
	ModelJAX: {{Name: "JAX", Versions: "0.11", Mode: "eager, CUDA", Real: true},
		{Name: "JAX", Versions: "0.10 and later", Mode: "eager, CPU"}},
	ModelJAXJit:      {{Name: "JAX", Versions: "0.10 and later", Mode: "under jit, CUDA"}},
	ModelJAXJitCPU:   {{Name: "JAX", Versions: "0.11", Mode: "under jit, CPU (XLA:CPU on x86-64)"}},
	ModelONNXRuntime: {{Name: "ONNX Runtime", Versions: "1.30", Mode: "CPU execution provider", Real: true}},
	ModelTensorFlow:  {{Name: "TensorFlow", Versions: "2.x", Mode: "CPU"}},
	ModelTFJS: {{Name: "TensorFlow.js", Versions: "4.22", Mode: "cpu backend", Real: true},
		{Name: "TensorFlow.js", Versions: "4.22", Mode: "wasm backend", Real: true}},
}

// Frameworks returns the frameworks whose arange m computes (nil for the
// models of no framework: exact, f32-mul-add, f32-fma, accumulate,
// f32-then-f16, f16-math).
func (m Model) Frameworks() []Framework {
	return slices.Clone(frameworks[m])
}

// Emulation reports whether m is a model of other projects that no
// framework's real output holds in this module's tests: an emulation of a
// reading of their source (dxdispatch, jax-jit, jax-jit-cpu, tensorflow).
func (m Model) Emulation() bool {
	fs := frameworks[m]
	for _, f := range fs {
		if f.Real {
			return false
		}
	}
	return len(fs) > 0
}

// alike are the groups of models that compute the same elements as each
// other on every fill of a type, the start and delta as written included.
var alike = map[dml.TensorDataType][][]Model{
	dml.TensorDataTypeFloat32: {
		{ModelTorchCUDA, ModelCuPy, ModelJAXJit}, // fma32(i, round32(D), round32(S))
		{ModelONNXRuntime, ModelTensorFlow},      // a float32 sum of round32(D)
	},
	dml.TensorDataTypeFloat16: {
		{ModelF32FMA, ModelF32ThenF16}, // one formula for FLOAT16
		{ModelTorchCUDA, ModelJAXJit},  // (CuPy rounds S and D to float16 first)
	},
}

// Alike returns the other models that compute the same elements as m on
// every fill of type t (with any Written), in the order of Models(t): a
// report that names m can say "computes as" them. Models that agree only on
// some fills are not listed (for FLOAT32, cupy, torch-cuda and jax-jit
// compute as f32-fma where the written start and delta round to ValueStart
// and ValueDelta; Report.Explained names every model that explains a
// buffer).
func (m Model) Alike(t dml.TensorDataType) []Model {
	var ms []Model
	for _, g := range alike[t] {
		if !slices.Contains(g, m) {
			continue
		}
		for _, o := range Models(t) {
			if o != m && slices.Contains(g, o) {
				ms = append(ms, o)
			}
		}
	}
	return ms
}
