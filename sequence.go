package dml

import (
	"sync"
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
// 8 MiB, or with GOMAXPROCS 1) costs no allocation, but for the calls that
// make the same sequence (start, delta, length) as the call before them:
// the first two of those keep what the sequence needs and its plan (some
// KiB, one sequence at a time), so that the calls after them plan nothing.
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
	// One worker: the remembered Filler if this sequence is its, a new one
	// remembered if this call repeats the one before, else a Filler on the
	// stack (no allocation).
	key := seqKey{kind, size, s, d, n}
	if seqMemo.mu.TryLock() {
		f := seqMemo.f
		switch {
		case f != nil && seqMemo.key == key:
		case seqMemo.last == key:
			f = kernel.NewFiller(kind, size, s, d, n)
			seqMemo.key, seqMemo.f = key, f
		default:
			f = nil
		}
		seqMemo.last = key
		seqMemo.mu.Unlock()
		if f != nil {
			f.FillNative(b, 0, 1) // (a Filler may fill on several goroutines at once)
			return nil
		}
	}
	var f kernel.Filler
	f.Init(kind, size, s, d, n)
	f.FillNative(b, 0, 1)
	return nil
}

// seqMemo is the Filler of the last one-worker Sequence call that repeated
// the call before it (the same kind, size, start, delta and length), for
// the calls that make its sequence again: a Filler of kernel.NewFiller keeps
// the plan of a run that repeats the run before it, so a program that fills
// the same sequence again and again plans it three times, then never. A call
// that repeats no call before it allocates nothing; one that finds seqMemo
// in use fills with a Filler of its own.
var seqMemo struct {
	mu   sync.Mutex
	last seqKey // the last call's
	key  seqKey // f's
	f    *kernel.Filler
}

// A seqKey is what a Sequence call's Filler depends on.
type seqKey struct {
	kind    kernel.Kind
	size    int
	s, d, n uint64
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
