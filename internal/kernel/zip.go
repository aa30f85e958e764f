package kernel

import (
	"sync"
	"sync/atomic"
)

// zipPlans holds the zip plans made so far, by element size and row length.
var zipPlans [4][zipMax + 1]atomic.Pointer[zipPlan]

// zipPlanOf returns the zip plan of rows of n elements (2 to zipMax) of
// 2^lg bytes, made on first use (a goroutine that makes one at the same
// time makes the same).
func zipPlanOf(n int, lg uint) *zipPlan {
	if z := zipPlans[lg][n].Load(); z != nil {
		return z
	}
	z := newZipPlan(n, lg)
	zipPlans[lg][n].Store(z)
	return z
}

// columnStride returns the bytes from a column to the next in
// fillColumns's buffer for rows of n elements of 2^lg bytes: a chunk's
// rows, as many as the buffer holds, of elements.
func columnStride(n int, lg uint) int {
	return columnsBuf / (n << lg) << lg
}

// newZipPlan makes the zip plan of rows of n elements (2 to zipMax) of
// 2^lg bytes: the word w of output vector k is word k*32 + w of the
// block's rows, word u of element q, which is element q/n of column q%n.
func newZipPlan(n int, lg uint) *zipPlan {
	ew := max(1, 1<<lg/2) // words an element (bytes as words)
	z := &zipPlan{n: n, lg: lg, stride: columnStride(n, lg), rows: 32 / ew}
	pairs := (n + 1) / 2
	z.ent = make([]zipEntry, n*pairs)
	for k := range n {
		for w := range 32 {
			q, u := (k*32+w)/ew, (k*32+w)%ew
			r, e := q/n, q%n
			en := &z.ent[k*pairs+e/2]
			en.idx[w] = uint16(e%2*32 + r*ew + u)
			en.mask |= 1 << w
		}
	}
	return z
}

// chunkBufs holds fillColumns's buffers between calls. A buffer on the
// stack moved to the heap while FillLE's dst escaped (the store verdict's
// measurement wrote it), which cost an allocation a call
// (docs/performance-log.md, Thresholds). Since the measurement writes
// memory of its own, dst no longer escapes (go build -gcflags=-m); a
// buffer on the stack is yet to be measured against the pool.
var chunkBufs = sync.Pool{New: func() any { return new([columnsBuf / 8]uint64) }}

// columnsBuf is fillColumns's buffer, in bytes: each chunk's columns are
// planned anew; 16 KiB, half an L1 cache of 32 KiB (chunks of 8, 16 and
// 32 KiB measured: docs/performance-log.md, Thresholds).
const columnsBuf = 16384
