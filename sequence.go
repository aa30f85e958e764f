package dml

import (
	"unsafe"

	"github.com/dmlgo/dml/internal/kernel"
	"github.com/x448/float16"
)

// Element is a Go type that Sequence fills: every integer type (int, uint and
// uintptr wrap at their width on the platform), float32, float64 and
// github.com/x448/float16's Float16.
type Element interface {
	int8 | int16 | int32 | int64 | int |
		uint8 | uint16 | uint32 | uint64 | uint | uintptr |
		float32 | float64 | float16.Float16
}

// Sequence sets dst[i] to start + i*delta for every i, by the operator's
// rules (see FillValueSequenceOperatorDesc): dst[0] is start, integers wrap,
// floats are the exact value rounded once to nearest even (float64 too). An
// empty dst is fine; one longer than MaxElements is an error wrapping
// ErrInvalidArg, and nothing is written. Large slices are filled by up to
// GOMAXPROCS goroutines, with the same result; a slice filled by one (below
// 8 MiB, or with GOMAXPROCS 1) costs no allocation.
func Sequence[T Element](dst []T, start, delta T) error {
	if uint64(len(dst)) > MaxElements {
		return argError("len(dst)", len(dst), "at most 4294967295 elements are allowed")
	}
	if len(dst) == 0 {
		return nil
	}
	size := int(unsafe.Sizeof(start))
	kind := kernel.Int
	switch any(start).(type) {
	case float32:
		kind = kernel.Float32
	case float64:
		kind = kernel.Float64
	case float16.Float16:
		kind = kernel.Float16
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst)*size)
	n, es := uint64(len(dst)), uint64(size)
	s, d := wordOf(&start, size), wordOf(&delta, size)
	if w := workersFor(n, es, 0); w > 1 {
		fillParallel(kernel.NewFiller(kind, size, s, d, n), b, n, es, w)
		return nil
	}
	// One worker: the Filler on the stack (no allocation: a call on a small
	// slice costs what Execute's would).
	var f kernel.Filler
	f.Init(kind, size, s, d, n)
	f.FillNative(b, 0, 1)
	return nil
}

// fillParallel fills b, n elements of es bytes, with f on w workers.
func fillParallel(f *kernel.Filler, b []byte, n, es uint64, w int) {
	parallel(n, w, func(i, j uint64) { f.FillNative(b[i*es:j*es], i, 1) })
}

// wordOf returns the bits of the value at p, size bytes long.
func wordOf[T Element](p *T, size int) uint64 {
	u := unsafe.Pointer(p)
	switch size {
	case 1:
		return uint64(*(*uint8)(u))
	case 2:
		return uint64(*(*uint16)(u))
	case 4:
		return uint64(*(*uint32)(u))
	}
	return *(*uint64)(u)
}
