package check

import (
	"fmt"
	"math"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/halfpp"
	"github.com/dmlgo/dml/internal/kernel"
)

// A Model is a way an implementation may compute FLOAT32 and FLOAT16
// elements of DML_OPERATOR_FILL_VALUE_SEQUENCE. Reader says which models
// explain the data it checks, and ModelBits produces a model's elements
// (dmlfill -emulate). With s and d the start and delta (ValueStart and
// ValueDelta's values), i an index, and round32, round16 rounding to
// float32 and to float16, to nearest even, element 0 is s and for i >= 1:
//
//	exact         round(s + i*d), rounded once into the type (package dml's operator)
//	f32-mul-add   round32(round32(round32(i) * d) + s), then round16 for FLOAT16
//	f32-fma       round32(round32(i)*d + s), one rounding for the multiply-add, then round16 for FLOAT16
//	accumulate    v[i] = v[i-1] + d in the element type (round32, or round16 of the exact sum),
//	              DirectML's documentation's pseudocode of 2020
//	f32-then-f16  FLOAT16 only: f32-fma's float32, then round16 (WebNN's reference);
//	              for FLOAT16 the same formula as f32-fma
//	f16-math      FLOAT16 only: round16(round16(round16(i) * d) + s), half-precision
//	              arithmetic as DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION permits
//
// For FLOAT32, f32-fma equals exact while i is exact in float32 (below 2^24):
// the report names every model that explains the data.
//
// The models of other projects take the start and delta as their users
// write them: decimal text, read to the nearest float64 (S and D below; see
// Written), which each converts itself, so that even element 0 may differ
// from ValueStart. Without Written, S and D are ValueStart's and
// ValueDelta's values. round is round32 for FLOAT32 and round16 for FLOAT16,
// and round64 rounds to float64:
//
//	numpy         NumPy's arange (numpy/core/src/multiarray/arraytypes.c.src,
//	              FLOAT_fill and HALF_fill): a0 = round(S), a1 = round(round64(S + D)),
//	              then in float32 s' = a0, d' = round32(a1 - a0) and
//	              a[i] = round(round32(s' + round32(round32(i) * d'))) from i = 2
//	torch-avx2    PyTorch's arange on the CPU (aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp,
//	torch-avx512  cpu/vec arange) with its AVX2 or AVX-512 kernels, run by one thread:
//	              FLOAT32 computes in float64, FLOAT16 in float32 (its CPU accumulate types),
//	              with s' = S and d' = D (FLOAT32) or round32(S) and round32(D) (FLOAT16).
//	              Elements come in vectors of W = 32 or 64 bytes, two vectors a step, and
//	              the last (Count mod 2W/size) elements one at a time: one at a time,
//	              a[i] = round(fma(d', i, s')); in a vector from index j,
//	              b = round(fma(d', j, s')) and a[j+k] = round(b + k*d') (each
//	              operation rounded to the accumulate type; the compiler fuses
//	              start + step*index into one multiply-add, as PyTorch 1.13's
//	              own fills show: -5, +0.001, element 5000 is 1.04e-16, not 0;
//	              whether it fuses b + k*d' too no fill tried could tell, and
//	              this model does not). The AVX2 kernels are also those of
//	              PyTorch's default build. With T threads (ModelInput.Parts) a fill
//	              of more than 32,768 elements (at::internal::GRAIN_SIZE) is split
//	              as at::parallel_for splits it under OpenMP: P = min(T,
//	              ceil(Count/32768)) parts of ceil(Count/P) elements, each part
//	              starting its vectors anew at its first index and computing its own
//	              last (part length mod 2W/size) elements one at a time (ATen's
//	              ParallelOpenMP.h and cpu/Loops.h vectorized_loop; held to PyTorch
//	              1.13 with 2, 3 and 8 threads). Reader finds P from the data.
//	dxdispatch    FLOAT16 only: DxDispatch's sequence initialiser (DxDispatch/src/model/
//	              JsonParsers.cpp, with half.hpp 1.12.0, which truncates toward zero):
//	              v[0] = trunc16(round32(S)), v[i] = trunc16(round32(v[i-1] + trunc16(round32(D)))).
//	              For FLOAT32 its initialiser is accumulate.
//	torch-cuda    PyTorch on CUDA (aten/src/ATen/native/cuda/RangeFactories.cu,
//	              arange_cuda_out; its accumulate type is float for float and Half):
//	              a[i] = round(fma32(round32(i), round32(D), round32(S))), nvcc fusing
//	              xstart + xstep*ind. The same formula: jax-jit.
//	cupy          CuPy (cupy/_creation/ranges.py, arange): start and step rounded to
//	              the output type on the host, 'out0 = in0 + i * in1' in float, fused:
//	              a[i] = round(fma32(round32(i), round(D), round(S))).
//	jax           JAX 0.10 and later, eager (jax/_src/numpy/lax_numpy.py, _arange):
//	              float16 computed in float32, start + step*iota, each primitive
//	              apart: a[i] = round(round32(round32(S) + round32(round32(D)*round32(i)))).
//	              Before 0.10 JAX's arange was NumPy's on the host: numpy.
//	jax-jit       JAX 0.10 and later under jit, where XLA fuses the multiply and the
//	              add: torch-cuda's formula.
//	onnxruntime   ONNX Runtime's CPU Range (onnxruntime/core/providers/cpu/generator/
//	              range.cc, ComputeRange; float16 through Range-27's function body,
//	              which adds in float32): acc = round32(round(S)), element i is
//	              round(acc), then acc = round32(acc + round(D)).
//	tensorflow    TensorFlow's CPU tf.range (tensorflow/core/kernels/sequence_ops.cc,
//	              RangeFunctor): val += delta in the output type, Eigen's half adding
//	              in float: v[0] = round(S), v[i] = round(round32(v[i-1] + round(D))).
//	tfjs          FLOAT32 only: TensorFlow.js 4.22's tf.range on its cpu and wasm
//	              backends (tfjs-backend-cpu kernels/Range_impl.ts, rangeImpl, which the
//	              wasm backend's Range calls too): values[i] = values[i-1] + step in a
//	              Float32Array, a JavaScript number (float64) added to a float32:
//	              v[0] = round32(S), v[i] = round32(round64(v[i-1] + D)).
//	jax-jit-cpu   FLOAT32 only: JAX under jit on the CPU, where XLA:CPU's loop
//	              emitter writes a scalar loop that LLVM vectorises in blocks of 32
//	              (8 float32 lanes: xla_cpu_prefer_vector_width 256, interleaved 4
//	              times) and contracts the multiply and add into FMAs (the CPU
//	              compiler's AllowFPOpFusion Fast): jax-jit's formula for i below
//	              Count - Count mod 32. The remainder loop's trip count is a
//	              constant (the shape is static), so LLVM unrolls it and folds its
//	              elements as constants, a multiply then an add: jax's formula there.
//	              An emulation of that reading (xla/service/cpu/cpu_compiler.cc,
//	              CompilerTargetOptions; xla/backends/cpu/codegen/fusion_compiler.cc
//	              and ir_compiler.cc), not held to JAX's output: a real output of
//	              90,000 elements whose last 16 were computed otherwise agrees with
//	              the split; the remainder's arithmetic is the reading's alone.
//
// These were read from each project's source (2026: PyTorch 2.x, CuPy 14,
// JAX 0.11, ONNX Runtime 1.30, TensorFlow 2.x, TensorFlow.js 4.22);
// torch-cuda, cupy, jax, jax-jit, jax-jit-cpu, onnxruntime, tensorflow and
// tfjs are held to emulations written apart from them in Python with NumPy
// (testdata/frameworks.py). Most are held to the frameworks' own output as
// well (Model.Frameworks says which, Framework.Real; Model.Emulation names
// the others): numpy to NumPy 1.24 and 2.5, torch-avx2 to PyTorch 1.13 and
// 2.11 (on 1 and 16 threads), torch-avx512 to PyTorch 1.13, torch-cuda to
// PyTorch 2.11 on CUDA, cupy to CuPy 14, jax to JAX 0.11 eager on CUDA,
// onnxruntime to ONNX Runtime 1.30 (real outputs in
// check/testdata/frameworks, and Debian's NumPy and PyTorch run by the
// tests), tfjs and onnxruntime to TensorFlow.js and ONNX Runtime run live
// from npm. dxdispatch (against DxDispatch's source), jax-jit, jax-jit-cpu
// and tensorflow are emulations of a source alone.
//
// Where two compute the same elements of every fill (Model.Alike: for
// FLOAT32 cupy, torch-cuda and jax-jit, and onnxruntime and tensorflow),
// or of a given fill (for FLOAT32 whose written start and delta round to
// ValueStart and ValueDelta, cupy, torch-cuda and jax-jit are f32-fma, jax
// is f32-mul-add, onnxruntime and tensorflow are accumulate; jax-jit-cpu is
// jax-jit where Count is a multiple of 32 and jax where it is below 32),
// the report names each.
type Model string

// The models.
const (
	ModelExact       Model = "exact"
	ModelF32MulAdd   Model = "f32-mul-add"
	ModelF32FMA      Model = "f32-fma"
	ModelAccumulate  Model = "accumulate"
	ModelF32ThenF16  Model = "f32-then-f16"
	ModelF16Math     Model = "f16-math"
	ModelNumPy       Model = "numpy"
	ModelTorchAVX2   Model = "torch-avx2"
	ModelTorchAVX512 Model = "torch-avx512"
	ModelDxDispatch  Model = "dxdispatch"
	ModelTorchCUDA   Model = "torch-cuda"
	ModelCuPy        Model = "cupy"
	ModelJAX         Model = "jax"
	ModelJAXJit      Model = "jax-jit"
	ModelONNXRuntime Model = "onnxruntime"
	ModelTensorFlow  Model = "tensorflow"
	ModelTFJS        Model = "tfjs"
	ModelJAXJitCPU   Model = "jax-jit-cpu"
)

// Models returns the models for a float type (nil for others).
func Models(t dml.TensorDataType) []Model {
	switch t {
	case dml.TensorDataTypeFloat32:
		return []Model{ModelExact, ModelF32MulAdd, ModelF32FMA, ModelAccumulate,
			ModelNumPy, ModelTorchAVX2, ModelTorchAVX512,
			ModelTorchCUDA, ModelCuPy, ModelJAX, ModelJAXJit, ModelONNXRuntime, ModelTensorFlow,
			ModelTFJS, ModelJAXJitCPU}
	case dml.TensorDataTypeFloat16:
		return []Model{ModelExact, ModelF32MulAdd, ModelF32FMA, ModelAccumulate, ModelF32ThenF16, ModelF16Math,
			ModelNumPy, ModelTorchAVX2, ModelTorchAVX512, ModelDxDispatch,
			ModelTorchCUDA, ModelCuPy, ModelJAX, ModelJAXJit, ModelONNXRuntime, ModelTensorFlow}
	}
	return nil
}

// ParseModel returns the model of that name for type t, or an error
// naming the models t has.
func ParseModel(t dml.TensorDataType, name string) (Model, error) {
	for _, m := range Models(t) {
		if string(m) == name {
			return m, nil
		}
	}
	if len(Models(t)) == 0 {
		return "", argError("the compute model", name, "compute models are ways of computing FLOAT32 and FLOAT16 elements; %v has none (its elements are exact everywhere)", t)
	}
	return "", argError("the compute model", name, "%v has %s", t, modelList(Models(t)))
}

// Written is a fill's start and delta as its user wrote them, the text
// read to the nearest float64 by the parse that makes the fill's scalars
// (dml.ParseScalarValue, which dmlfill's -start and -delta and the C
// library's WrittenStart and WrittenDelta go through): what NumPy, PyTorch
// and DxDispatch are given, and convert themselves.
type Written struct{ Start, Delta float64 }

// A ModelInput is the fill a model computes.
type ModelInput struct {
	Type         dml.TensorDataType
	Start, Delta uint64 // ValueStart's and ValueDelta's bits
	// Count is the fill's element count: PyTorch computes its last
	// elements apart from the others.
	Count uint64
	// Written, if not nil, is the start and delta as the user wrote
	// them, for the models of other projects (numpy, torch-*, dxdispatch);
	// nil gives them ValueStart's and ValueDelta's values.
	Written *Written
	// Parts is, for the torch models, the threads PyTorch ran the fill
	// on (0 or 1: one part; see Model for how it splits).
	Parts uint64
}

// torchGrain is at::internal::GRAIN_SIZE: PyTorch splits a fill among
// threads only past it.
const torchGrain = 32768

// torchPartLen is the length of each part of a fill of count elements
// that PyTorch runs on threads threads (the last part may be shorter), or
// count where it runs as one part.
func torchPartLen(count, threads uint64) uint64 {
	if threads <= 1 || count <= torchGrain {
		return count
	}
	p := min(threads, (count-1)/torchGrain+1) // (ceilings that cannot overflow)
	return (count-1)/p + 1
}

// A modelState computes a model's elements in index order (accumulate and
// dxdispatch need the one before).
type modelState struct {
	m       Model
	t       dml.TensorDataType
	s, d    float64 // start and delta, widened exactly
	sb      uint64  // element 0's bits
	exact   *kernel.Seq
	next    uint64 // accumulate, dxdispatch: the index v holds
	v       uint64 // accumulate, dxdispatch: its bits
	started bool

	// The models of other projects: the start and delta as written
	// (ws, wd), element 1's bits (numpy), the start and delta of the
	// float32 arithmetic (fs, fd), the vector length in elements and
	// where the vectors end (torch).
	ws, wd      float64
	b1          uint64
	fs, fd      float32
	vec         uint64  // torch: the vector length in elements
	count, part uint64  // torch: the fill's elements, the length of its parts
	d16         uint16  // dxdispatch: the delta as half.hpp holds it
	acc         float32 // onnxruntime: the float32 sum v was rounded from
	fused       uint64  // jax-jit-cpu: the elements XLA's vector loop computes
}

// xlaCPUBlock is the elements one pass of XLA's vectorised CPU loop
// computes (see Model, jax-jit-cpu): 8 float32 lanes (256 bits, XLA's
// default xla_cpu_prefer_vector_width) times LLVM's interleave of 4.
const xlaCPUBlock = 32

func newModelState(m Model, in ModelInput) *modelState {
	t := in.Type
	start, delta := in.Start, in.Delta
	ms := &modelState{m: m, t: t}
	switch t {
	case dml.TensorDataTypeFloat32:
		start, delta = start&0xFFFFFFFF, delta&0xFFFFFFFF
		ms.s, ms.d = float64(math.Float32frombits(uint32(start))), float64(math.Float32frombits(uint32(delta)))
		ms.exact = kernel.New(kernel.Float32, 4, start, delta, 0)
	case dml.TensorDataTypeFloat16:
		start, delta = start&0xFFFF, delta&0xFFFF
		ms.s, ms.d = half(start), half(delta)
		ms.exact = kernel.New(kernel.Float16, 2, start, delta, 0)
	}
	ms.sb = start
	ms.ws, ms.wd = ms.s, ms.d
	if in.Written != nil {
		ms.ws, ms.wd = in.Written.Start, in.Written.Delta
	}
	es := uint64(t.ElementSize())
	switch m {
	case ModelNumPy:
		// Elements 0 and 1 are set from float64 (NumPy's setitem), the
		// others computed from them in float32.
		ms.sb, ms.b1 = ms.round(ms.ws), ms.round(ms.ws+ms.wd)
		ms.fs = float32(ms.value(ms.sb))
		ms.fd = float32(ms.value(ms.b1)) - ms.fs
	case ModelTorchAVX2, ModelTorchAVX512:
		ms.vec = 32 / es
		if m == ModelTorchAVX512 {
			ms.vec = 64 / es
		}
		ms.count, ms.part = in.Count, torchPartLen(in.Count, in.Parts)
		ms.fs, ms.fd = float32(ms.ws), float32(ms.wd)
		ms.sb = ms.torch(0)
	case ModelDxDispatch:
		ms.sb = uint64(halfpp.FromFloat32(float32(ms.ws)))
		ms.d16 = halfpp.FromFloat32(float32(ms.wd))
	case ModelTorchCUDA, ModelJAX, ModelJAXJit, ModelJAXJitCPU:
		// The start and delta as written, rounded to float32.
		ms.fs, ms.fd = float32(ms.ws), float32(ms.wd)
		ms.sb = ms.out(ms.fs)
		ms.count, ms.fused = in.Count, in.Count-in.Count%xlaCPUBlock
	case ModelTFJS:
		ms.sb = ms.round(ms.ws)
	case ModelCuPy, ModelONNXRuntime, ModelTensorFlow:
		// The start and delta as written, rounded to the element type.
		ms.sb = ms.round(ms.ws)
		ms.fs, ms.fd = float32(ms.value(ms.sb)), float32(ms.value(ms.round(ms.wd)))
	}
	return ms
}

// round rounds a float64 to the element type, once, to nearest even.
func (ms *modelState) round(x float64) uint64 {
	if ms.t == dml.TensorDataTypeFloat16 {
		return uint64(kernel.F64ToF16(x))
	}
	return uint64(math.Float32bits(float32(x)))
}

// value widens the element type's bits to float64 (exact).
func (ms *modelState) value(b uint64) float64 {
	if ms.t == dml.TensorDataTypeFloat16 {
		return half(b)
	}
	return float64(math.Float32frombits(uint32(b)))
}

// numpy returns element i >= 1 as NumPy's fill computes it (see
// Model): element 1 as set, the others in float32 from the two
// first. The conversions keep Go from fusing the multiply and the add.
func (ms *modelState) numpy(i uint64) uint64 {
	if i == 1 {
		return ms.b1
	}
	return ms.out(float32(ms.fs + float32(float32(i)*ms.fd)))
}

// torch returns element i as PyTorch's CPU kernel computes it (see
// Model). The conversions keep Go from fusing a multiply and an add.
func (ms *modelState) torch(i uint64) uint64 {
	j := ms.torchBase(i)
	k := i - j
	if ms.t == dml.TensorDataTypeFloat32 {
		b := float32(math.FMA(ms.wd, float64(j), ms.ws))
		return uint64(math.Float32bits(float32(float64(b) + float64(float64(k)*ms.wd))))
	}
	b := fma32(ms.fd, float32(j), ms.fs)
	if k == 0 {
		return uint64(kernel.F64ToF16(float64(b)))
	}
	b = float32(half(uint64(kernel.F64ToF16(float64(b))))) // the vector's base is a half
	return uint64(kernel.F64ToF16(float64(b + float32(float32(k)*ms.fd))))
}

// torchBase returns the first index of element i's vector, or i where it
// is computed alone: its part's last (part length mod 2·vec) elements, or
// past the fill's count.
func (ms *modelState) torchBase(i uint64) uint64 {
	if i >= ms.count || ms.part == 0 {
		return i
	}
	begin, n := uint64(0), ms.count
	if ms.part < ms.count { // (split: a division an element only then)
		begin = i / ms.part * ms.part
		n = min(ms.count-begin, ms.part)
	}
	local := i - begin // (vec is a power of two)
	if local < n&^(2*ms.vec-1) {
		return i - local&(ms.vec-1)
	}
	return i
}

// arithmetic names what the model computes for elements [from, to) of its
// fill, so that two models of one name compute the same elements there (the
// Reader evaluates one and counts it for both): the formula and its float32
// operands, or, for the models no other shares, the model's own name.
// jax-jit-cpu's name depends on the range: its vector loop's elements are
// jax-jit's, its remainder's jax's.
func (ms *modelState) arithmetic(from, to uint64) string {
	s32, d32 := math.Float32bits(float32(ms.s)), math.Float32bits(float32(ms.d))
	fs, fd := math.Float32bits(ms.fs), math.Float32bits(ms.fd)
	switch {
	case ms.m == ModelF32FMA || ms.m == ModelF32ThenF16:
		return fmt.Sprintf("fma %x %x %x", ms.sb, s32, d32)
	case ms.m == ModelTorchCUDA || ms.m == ModelJAXJit || ms.m == ModelCuPy:
		return fmt.Sprintf("fma %x %x %x", ms.sb, fs, fd)
	case ms.m == ModelF32MulAdd:
		return fmt.Sprintf("mul-add %x %x %x", ms.sb, s32, d32)
	case ms.m == ModelJAX:
		return fmt.Sprintf("mul-add %x %x %x", ms.sb, fs, fd)
	case ms.m == ModelJAXJitCPU && to <= ms.fused: // (the vector loop's elements alone)
		return fmt.Sprintf("fma %x %x %x", ms.sb, fs, fd)
	case ms.m == ModelJAXJitCPU && from >= ms.fused: // (the remainder's alone)
		return fmt.Sprintf("mul-add %x %x %x", ms.sb, fs, fd)
	case ms.t == dml.TensorDataTypeFloat32 && ms.m == ModelAccumulate:
		return fmt.Sprintf("sum32 %x %x", ms.sb, d32)
	case ms.t == dml.TensorDataTypeFloat32 && (ms.m == ModelONNXRuntime || ms.m == ModelTensorFlow):
		return fmt.Sprintf("sum32 %x %x", ms.sb, fd)
	}
	return string(ms.m)
}

// ordered reports whether the model computes an element from the one
// before (and must be followed in index order).
func (ms *modelState) ordered() bool {
	switch ms.m {
	case ModelAccumulate, ModelDxDispatch, ModelONNXRuntime, ModelTensorFlow, ModelTFJS:
		return true
	}
	return false
}

// half widens float16 bits to float64 (exact).
func half(b uint64) float64 {
	return float64(dml.ScalarBits(b).Float16().Float32())
}

// out converts a model's float32 result to the element type's bits.
func (ms *modelState) out(f float32) uint64 {
	if ms.t == dml.TensorDataTypeFloat16 {
		return uint64(kernel.F64ToF16(float64(f)))
	}
	return uint64(math.Float32bits(f))
}

// bits returns element i as the model computes it.
func (ms *modelState) bits(i uint64) uint64 {
	if i == 0 {
		return ms.sb
	}
	s32, d32 := float32(ms.s), float32(ms.d) // exact: float32 or float16 values
	switch ms.m {
	case ModelExact:
		return ms.exact.Bits(i)
	case ModelF32MulAdd:
		// Each operation rounded to float32; the conversion stops Go from
		// fusing the multiply and the add.
		p := float32(float32(i) * d32)
		return ms.out(float32(p + s32))
	case ModelF32FMA, ModelF32ThenF16:
		return ms.out(fma32(float32(i), d32, s32))
	case ModelF16Math:
		i16 := half(uint64(kernel.F64ToF16(float64(i))))
		p := half(uint64(kernel.F64ToF16(i16 * ms.d))) // exact product, rounded once
		return uint64(kernel.F64ToF16(p + ms.s))       // exact sum, rounded once
	case ModelNumPy:
		return ms.numpy(i)
	case ModelTorchAVX2, ModelTorchAVX512:
		return ms.torch(i)
	case ModelTorchCUDA, ModelJAXJit, ModelCuPy:
		return ms.out(fma32(float32(i), ms.fd, ms.fs))
	case ModelJAX:
		return ms.out(float32(ms.fs + float32(ms.fd*float32(i))))
	case ModelJAXJitCPU:
		if i < ms.fused { // the vector loop: LLVM fuses the multiply and the add
			return ms.out(fma32(float32(i), ms.fd, ms.fs))
		}
		return ms.out(float32(ms.fs + float32(ms.fd*float32(i)))) // the remainder, folded
	}
	// ModelAccumulate, ModelDxDispatch, ModelONNXRuntime, ModelTensorFlow,
	// ModelTFJS: from the last element computed, or from the start.
	if !ms.started || i < ms.next {
		ms.v, ms.next, ms.started, ms.acc = ms.sb, 0, true, ms.fs
	}
	for ms.next < i {
		switch {
		case ms.m == ModelDxDispatch: // half.hpp's +=: the sum in float, truncated
			ms.v = uint64(halfpp.Add(uint16(ms.v), ms.d16))
		case ms.m == ModelONNXRuntime: // a float32 sum, each element rounded from it
			ms.acc = float32(ms.acc + ms.fd)
			ms.v = ms.out(ms.acc)
		case ms.m == ModelTensorFlow: // Eigen's +=: the sum in float, rounded
			ms.v = ms.out(float32(float32(ms.value(ms.v)) + ms.fd))
		case ms.m == ModelTFJS: // a float32 plus a JavaScript number (float64), stored in a Float32Array
			ms.v = ms.round(ms.value(ms.v) + ms.wd)
		case ms.t == dml.TensorDataTypeFloat16:
			ms.v = uint64(kernel.F64ToF16(half(ms.v) + ms.d)) // exact sum, rounded once
		default:
			ms.v = uint64(math.Float32bits(math.Float32frombits(uint32(ms.v)) + d32))
		}
		ms.next++
	}
	return ms.v
}

// window puts elements [from, from+len(dst)) in dst: the model's switch
// taken once, not per element (accumulate must be asked in index order to
// stay cheap).
func (ms *modelState) window(from uint64, dst []uint64) {
	i := from
	if i == 0 && len(dst) > 0 {
		dst[0] = ms.sb
		dst, i = dst[1:], 1
	}
	s32, d32 := float32(ms.s), float32(ms.d)
	switch ms.m {
	case ModelF32MulAdd:
		for k := range dst {
			p := float32(float32(i+uint64(k)) * d32)
			dst[k] = ms.out(float32(p + s32))
		}
	case ModelF32FMA, ModelF32ThenF16:
		for k := range dst {
			dst[k] = ms.out(fma32(float32(i+uint64(k)), d32, s32))
		}
	case ModelNumPy:
		for k := range dst {
			dst[k] = ms.numpy(i + uint64(k))
		}
	case ModelTorchAVX2, ModelTorchAVX512:
		if ms.t == dml.TensorDataTypeFloat32 {
			for k := range dst {
				dst[k] = ms.torch(i + uint64(k))
			}
			break
		}
		// FLOAT16: each vector's base rounded to a half once.
		j, base := uint64(math.MaxUint64), float32(0)
		for k := range dst {
			at := i + uint64(k)
			jj := ms.torchBase(at)
			if jj == at {
				dst[k] = ms.torch(at)
				continue
			}
			if jj != j {
				j = jj
				base = float32(half(uint64(kernel.F64ToF16(float64(fma32(ms.fd, float32(j), ms.fs))))))
			}
			dst[k] = uint64(kernel.F64ToF16(float64(base + float32(float32(at-j)*ms.fd))))
		}
	case ModelTFJS:
		ms.tfjsWindow(i, dst)
	default:
		for k := range dst {
			dst[k] = ms.bits(i + uint64(k))
		}
	}
}

// tfjsWindow puts tfjs's elements [i, i+len(dst)) in dst, i >= 1, asked in
// index order as Reader asks: the first from the state bits keeps, then
// one addition an element without the per-element switch of bits (the
// same arithmetic: the float32 element before plus the step in float64,
// stored to float32).
func (ms *modelState) tfjsWindow(i uint64, dst []uint64) {
	if len(dst) == 0 {
		return
	}
	dst[0] = ms.bits(i)
	v := ms.v
	for k := 1; k < len(dst); k++ {
		v = ms.round(ms.value(v) + ms.wd)
		dst[k] = v
	}
	ms.v, ms.next = v, i+uint64(len(dst))-1
}

// fma32 returns a*b + c rounded once to float32: the product is exact in
// float64, the sum exact as hi + lo (TwoSum), and rounding hi to odd when lo
// is not zero makes the one float32 rounding come out as the exact sum's.
func fma32(a, b, c float32) float32 {
	p, s := float64(float64(a)*float64(b)), float64(c) // exact; the conversion prevents fusion
	hi := p + s
	if math.IsInf(hi, 0) || math.IsNaN(hi) {
		return float32(hi)
	}
	bb := hi - p
	lo := (p - (hi - bb)) + (s - bb)
	if lo != 0 && math.Float64bits(hi)&1 == 0 {
		hi = math.Nextafter(hi, math.Inf(int(math.Copysign(1, lo))))
	}
	return float32(hi)
}

// A ModelSeq produces the elements of one fill as a Model computes
// them. It keeps the last element it computed, so that accumulate costs one
// addition an element in index order.
type ModelSeq struct{ ms *modelState }

// NewModelSeq returns the elements of the fill in as model m computes them.
func NewModelSeq(m Model, in ModelInput) (*ModelSeq, error) {
	if _, err := ParseModel(in.Type, string(m)); err != nil {
		return nil, err
	}
	return &ModelSeq{newModelState(m, in)}, nil
}

// Bits returns the bits of element i.
func (s *ModelSeq) Bits(i uint64) uint64 { return s.ms.bits(i) }

// ModelBits returns the bits of elements [from, from+len(dst)) of the fill
// in as model m computes them, in dst.
func ModelBits(m Model, in ModelInput, from uint64, dst []uint64) error {
	s, err := NewModelSeq(m, in)
	if err != nil {
		return err
	}
	for k := range dst {
		dst[k] = s.Bits(from + uint64(k))
	}
	return nil
}

// ModelFit is how many of the elements checked a model explains.
type ModelFit struct {
	Model   Model
	Matches uint64
	// Evaluated is false where the model could not be followed (accumulate
	// or dxdispatch over a buffer whose elements are not in index order).
	Evaluated bool
	// Parts and PartLen are, for a torch model fitted with the fill split
	// among threads, the parts and their length (the last may be
	// shorter); 0 for one part.
	Parts, PartLen uint64
	// FirstMiss is the index of the first element the model does not
	// explain, where it does not explain them all.
	FirstMiss uint64
	missed    bool
}

// Nearest returns the fit that explains the most elements, where none
// explains them all (ok false where one does, or none explains any); of
// fits that explain as many, the first in r.Models.
func (r *Report) Nearest() (f ModelFit, ok bool) {
	for _, m := range r.Models {
		if !m.Evaluated {
			continue
		}
		if m.Matches == r.Elements {
			return ModelFit{}, false
		}
		if m.Matches > 0 && (!ok || m.Matches > f.Matches) {
			f, ok = m, true
		}
	}
	return f, ok
}

// Name is the model's name, with its parts where it was split:
// "torch-avx2 in 8 parts of 125000".
func (f ModelFit) Name() string {
	if f.Parts <= 1 {
		return string(f.Model)
	}
	return fmt.Sprintf("%s in %d parts of %d", f.Model, f.Parts, f.PartLen)
}

// Explained returns the models that explain every element checked (a
// torch model split among threads once, as its fit names it: see
// ExplainedFits).
func (r *Report) Explained() []Model {
	var ms []Model
	for _, f := range r.ExplainedFits() {
		if len(ms) == 0 || ms[len(ms)-1] != f.Model {
			ms = append(ms, f.Model)
		}
	}
	return ms
}

// ExplainedFits returns the fits that explain every element checked, with
// the parts of a torch model split among threads.
func (r *Report) ExplainedFits() []ModelFit {
	var fs []ModelFit
	for _, f := range r.Models {
		if f.Evaluated && f.Matches == r.Elements {
			fs = append(fs, f)
		}
	}
	return fs
}

// String returns the model's name.
func (m Model) String() string { return string(m) }

var _ fmt.Stringer = ModelExact
