// Package check judges a buffer that another implementation (a GPU's
// DirectML, ONNX Runtime, NumPy, PyTorch ...) produced against the exact
// result of a DML_OPERATOR_FILL_VALUE_SEQUENCE descriptor, as package
// github.com/dmlgo/dml computes it, and names the computation (the compute
// Model) that explains the data.
//
// Reader reads the bytes that claim to be the operator's output, the
// elements packed or the whole output buffer with its padding, and compares
// them with the exact result, which it produces window by window with the
// operator's ExecuteWindow: memory stays bounded whatever the size. Its
// Report counts the exact elements, the distance in ULP of the others as a
// histogram, the worst element and the first mismatches with their
// coordinates, the padding bytes that changed, and for FLOAT32 and FLOAT16
// how many elements each Model explains (Report.Explained). Compare holds
// two streams of elements to each other the same way, without models.
//
// Report.Summary is the verdict in the terms every view of it uses:
// Summary.WriteText and WriteJSON write the text and the JSON document that
// dmlfill -check prints (the C library returns the same), and
// Summary.ExplainedBy says what explains the data, as the text and the
// plot's title say it.
//
// Where a torch model does not explain a FLOAT32 or FLOAT16 fill of 32,769
// to 2^22 elements in one part, Reader searches the ways PyTorch splits it
// among 2 to 64 threads (Report.ExplainedFits). Whatever the data, the
// search computes each element at most once for each index below it where
// one of its vectors may start (16 or 32 of them for FLOAT16, 8 or 16 for
// FLOAT32, AVX2 or AVX-512), and one element a split where one part
// explains all but the end. On an
// Intel Xeon of family 6, model 167 (AVX-512 F, CD, VL, DQ, BW, IFMA,
// VBMI), two shared cores, 2^22 FLOAT16 elements of PyTorch's fill on one
// thread from 1000 by 5.96e-8 (all 1000 but the last few hundred) with its
// last element changed cost 1.01 times the CPU of their check as written
// (1.39 s against 14.8 s before the search was bounded); with the element
// of the step to 1000.5 that most splits compute otherwise set to theirs,
// the costliest data (most splits stand up to the step), 1.43 times
// (medians of three runs in alternation; BenchmarkSplitSearch;
// docs/checker.md).
//
// ModelBits and ModelSeq produce a Model's elements, to build the expected
// output of a device whose arithmetic is known.
//
// Which model explains a buffer is a fact about the framework that wrote
// it. Model.Frameworks names the frameworks (with versions and modes) each
// model stands for, and for each whether the model is held, in this
// package's tests, to that framework's real output (Framework.Real: files
// NumPy, PyTorch, CuPy, JAX and ONNX Runtime wrote, in testdata/frameworks,
// and TensorFlow.js and ONNX Runtime run live from npm) or only to an
// emulation of its source (Model.Emulation: dxdispatch, jax-jit,
// jax-jit-cpu, tensorflow). Model.Alike names the models that compute the
// same elements on every fill of a type (for FLOAT32: torch-cuda, cupy and
// jax-jit; onnxruntime and tensorflow). A Summary carries these facts for
// each model that explains the data (Summary.Frameworks), and the text
// report writes them under its "explained by:" line:
//
//	torch-cuda: PyTorch 2.11, CUDA; held to its real output; computes as cupy, jax-jit on every FLOAT32 fill
package check
