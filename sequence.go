package dml

import (
	"sync/atomic"
	"unsafe"

	"github.com/dmlgo/dml/internal/kernel"
	"github.com/dmlgo/dml/internal/workers"
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
// GOMAXPROCS goroutines, as many as this machine measured a fill of their
// size is worth (see the README), with the same result; a slice filled by
// one (always below 512 KiB) costs no allocation, but for the calls that
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
	if w := workers.For(n, es, 0); w > 1 {
		fillParallel(kernel.NewFiller(kind, size, s, d, n), b, n, es, w)
		return nil
	}
	// One worker: the remembered Filler if this sequence is its, a new one
	// remembered if this call repeats the one before, else a Filler on the
	// stack (no allocation). The remembered one is found by a plain load:
	// a locked instruction (a mutex) waits for every store before it to
	// drain, the last call's kernel stores included (a quarter of a call
	// of 256 float64, pprof).
	if e := seqMemo.f.Load(); e != nil && e.key.s == s && e.key.d == d && e.key.n == n && e.key.kind == kind && e.key.size == size {
		e.f.FillNative(b, 0, 1) // (a Filler may fill on several goroutines at once)
		return nil
	}
	// (Field by field: the key built on the stack and compared as a
	// whole took loads wider than its stores, which no store forwards.)
	key := seqKey{kind, size, s, d, n}
	if h := key.hash(); seqMemo.last.Swap(h) == h {
		f := kernel.NewFiller(kind, size, s, d, n)
		seqMemo.f.Store(&seqEntry{key, f})
		f.FillNative(b, 0, 1)
		return nil
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
// that repeats no call before it allocates nothing. Calls on several
// goroutines at once may replace each other's; every one fills with a
// Filler of its own sequence.
var seqMemo struct {
	f    atomic.Pointer[seqEntry]
	last atomic.Uint64 // the hash of the last call's key that f was not for
}

// A seqEntry is a remembered Filler and the key it was made for.
type seqEntry struct {
	key seqKey
	f   *kernel.Filler
}

// A seqKey is what a Sequence call's Filler depends on.
type seqKey struct {
	kind    kernel.Kind
	size    int
	s, d, n uint64
}

// hash mixes k's fields into 64 bits. Two keys of one hash only make a call
// remember a Filler (for its own key) a call early.
func (k seqKey) hash() uint64 {
	h := uint64(k.kind)<<8 | uint64(k.size)
	for _, w := range [...]uint64{k.s, k.d, k.n} {
		h = (h ^ w) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return h
}

// fillParallel fills b, n elements of es bytes, with f on w workers.
func fillParallel(f *kernel.Filler, b []byte, n, es uint64, w int) {
	workers.Split(n, es, w, func(i, j uint64) { f.FillNative(b[i*es:j*es], i, 1) })
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
