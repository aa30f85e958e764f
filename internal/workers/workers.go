// Package workers is how many goroutines one fill is worth, and how a fill
// is split among them: the one policy that Execute, Sequence and cmd/dmlbench
// (which reports, at each size, whether the count chosen was the faster one)
// share.
package workers

import (
	"runtime"
	"sync"
)

// Least is the least number of bytes worth a goroutine of its own: below
// it, splitting costs more than it gains. Measured on this project's 2-vCPU
// machine (2026-11-23, INT32 and FLOAT16 fills through Execute, one worker
// against two in alternation): two workers reached 0.61-0.89 of one from
// 512 KiB to 4 MiB, 1.03-1.21 at 8 MiB, and 1.64-1.89 at 16 and 32 MiB; so
// each worker gets at least 4 MiB. cmd/dmlbench measures it again in every
// run (two workers forced against one, at the sizes where one is chosen).
const Least = 4 << 20

// For returns how many goroutines a fill of n elements of size bytes is
// worth, at most most (GOMAXPROCS if most <= 0).
func For(n, size uint64, most int) int {
	w := n * size / Least
	if w <= 1 {
		return 1
	}
	if most <= 0 {
		most = runtime.GOMAXPROCS(0)
	}
	return int(min(uint64(most), w))
}

// Split calls fill(a, b) on w goroutines for consecutive ranges that cover
// [0, n), and waits for them. The callers compute each range's elements from
// their absolute index, so any split gives the same bits; with one worker
// they fill by themselves, and no closure is made.
func Split(n uint64, w int, fill func(a, b uint64)) {
	var wg sync.WaitGroup
	step := n / uint64(w)
	for k := range w {
		a, b := uint64(k)*step, uint64(k+1)*step
		if k == w-1 {
			b = n
		}
		wg.Go(func() { fill(a, b) })
	}
	wg.Wait()
}
