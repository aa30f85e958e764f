// Package workers is how many goroutines one fill is worth, and how a fill
// is split among them: the one policy that Execute, ExecuteWindow, Sequence,
// the command, the C library and cmd/dmlbench share.
//
// The count is this machine's own, measured as the store kind is (see
// verdict.go): once per process and size class, when a fill of that class
// first comes, on scratch memory of the package's own, never on a caller's
// buffer, with the pool's workers.
//
// The workers are a pool of the process's own (pool.go), started by the
// first fill that uses more than one: up to GOMAXPROCS-1 goroutines, which
// never exit. What the pool costs: each worker, after its last piece of
// work, spins for up to 1 ms (8 ms over all the workers together: each
// spins 8 ms / workers where that is less), looking for the next fill and
// calling runtime.Gosched between looks so that the program's goroutines
// queued behind it run (one made runnable on another processor, whose
// thread the system is not running, waits until the worker parks: up to
// the spin, docs/performance.md); then it parks on a channel, where it
// costs no CPU, only its stack (a few KiB). An idle process spends no CPU
// past the spin; fills under a millisecond apart keep a worker spinning
// throughout. A fill that comes while workers spin hands them its pieces
// without a wake-up; one that finds them parked wakes them if it is of
// 2 MiB or more, or if it follows another split fill within 1 ms (a burst,
// whose later fills find them ready), and fills alone otherwise (a woken
// worker may wait milliseconds for a processor: docs/performance.md). The
// calling goroutine always fills pieces itself, and every piece no worker
// took. One fill uses the pool at a time; one that
// comes meanwhile fills on its own goroutine. A device capped at one worker
// (SetMaxWorkers(1)) never starts the pool.
//
// Correctness never rests on the pool: each piece is taken by an atomic
// counter, by exactly one goroutine, and the ranges are filled from their
// absolute index, so the bytes are the same for every count, whether
// workers are ready, late, fewer than the count (GOMAXPROCS lowered since
// they started) or busy with another fill. A process forked from one that
// loaded the C library has no Go runtime that runs (fork keeps one thread);
// the library fails every call there before any Go code, the pool's
// included (capi/entry.c).
package workers

import (
	"math"
	"math/bits"
)

// For returns how many goroutines a fill of n elements of size bytes is
// worth on this machine: the count measured for its size class (see Count),
// at most most where most > 0 (the measured counts never pass GOMAXPROCS).
func For(n, size uint64, most int) int {
	hi, b := bits.Mul64(n, size)
	if hi != 0 {
		b = math.MaxUint64 // (past 2^64 bytes: as many as may be)
	}
	if most == 1 || b < 1<<minClass {
		return 1 // (before any lock: runtime.GOMAXPROCS takes one)
	}
	w := Count(b)
	if most > 0 {
		w = min(w, most)
	}
	return w
}

// Split calls fill(a, b) for w consecutive ranges that cover [0, n), n
// elements of size bytes, each range once, on the pool's workers and the
// calling goroutine, and returns when every range is filled (see pool.go:
// the workers spinning take ranges without a wake-up; parked ones are woken
// for a fill of 2 MiB or more, or one in a burst; ranges no worker takes,
// the caller fills). With w <= 1, or no worker ready and the fill neither
// large enough nor in a burst, it calls fill(0, n) alone. The callers compute each range's
// elements from their absolute index, so any split gives the same bits.
func Split(n, size uint64, w int, fill func(a, b uint64)) {
	split(n, size, w, fill)
}

// split is Split, and reports whether a worker of the pool filled one of
// this fill's ranges (the count's measurement keeps a count's time only
// from such fills).
func split(n, size uint64, w int, fill func(a, b uint64)) (joined bool) {
	if w <= 1 || n < uint64(w) {
		fill(0, n)
		return false
	}
	hi, b := bits.Mul64(n, size)
	if hi != 0 {
		b = math.MaxUint64
	}
	return thePool.split(n, b, w, fill)
}
