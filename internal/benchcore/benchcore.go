// Package benchcore is what the two benchmark harnesses share (cmd/dmlbench
// and the root package's BenchmarkExecute): page-aligned buffers, the write
// ceiling, and operators built from values given as text. Each harness keeps
// its own timing loop, so that two ways of timing can be compared.
package benchcore

import (
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/kernel"
)

// PageAligned returns n bytes that start at a multiple of 4096.
func PageAligned(n int) []byte {
	b := make([]byte, n+4096)
	skip := (4096 - int(uintptr(unsafe.Pointer(&b[0]))%4096)) % 4096
	return b[skip : skip+n]
}

// Pattern is the non-zero 8-byte pattern the ceiling writes.
const Pattern = 0x0123456789ABCDEF

// Ceiling returns this machine's ceiling for writing non-zero bytes over b
// (page-aligned, a multiple of 128 bytes): the best rate, as rate measures
// it, of the store methods of internal/kernel.
func Ceiling(b []byte, rate func(n int, f func()) float64) float64 {
	best := 0.0
	for _, m := range kernel.StoreMethods {
		best = max(best, rate(len(b), func() { m.Store(b, Pattern) }))
	}
	return best
}

// Op returns the operator that fills a tensor of type dt with the given
// sizes and strides (nil: packed) from start and delta given as text (as
// dml.ParseScalar reads them), executing on up to workers goroutines (0:
// GOMAXPROCS).
func Op(dt dml.TensorDataType, sizes, strides []uint32, start, delta string, workers int) (dml.Operator, error) {
	s, err := dml.ParseScalar(dt, start)
	if err != nil {
		return nil, err
	}
	d, err := dml.ParseScalar(dt, delta)
	if err != nil {
		return nil, err
	}
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	dev.SetMaxWorkers(workers)
	return dev.CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor: &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides,
			TotalTensorSizeInBytes: dml.CalcBufferTensorSize(dt, sizes, strides)},
		ValueDataType: dt, ValueStart: s, ValueDelta: d,
	})
}
