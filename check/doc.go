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
