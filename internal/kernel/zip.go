package kernel

import "sync/atomic"

// The zip kernels put the columns fillColumns wrote in their rows where the
// rows, of 2, 3 or 4 elements, lie one after another (a pitch of one row:
// NHWC tensors of a few channels, a row a pixel), a block of rows at a time:
// each 64 bytes of output (32 for bytes) gathered from the columns' blocks
// by word permutes (VPERMI2W, VPERMW), two columns at a time, merged or
// blended. A zipPlan holds the permutes of one row length and element size.
// (Rows of 3 float16, 8 KiB in L1, zip3x against a loop of the same
// permutes read from a list, entry by entry: 136 against 16 GB/s, go test
// -bench, 2026-11-26.)

// zipMax is the most elements a row the zip kernels take.
const zipMax = 4

// zipEntry is one permute of a zipPlan: the block's words of two columns
// (as 32 words each; a block of bytes zero-extended to words), indexed by
// idx (0-31 the first column, 32-63 the second), taken by the output
// vector where mask has bits (the kernels start each vector from its first
// entry's permute, whose mask they do not read).
type zipEntry struct {
	idx  [32]uint16
	mask uint64
}

// A zipPlan is how the zip kernels put n columns (2 to zipMax) of
// elements of 2^lg bytes in rows: rows rows a block, the columns stride
// bytes apart (as fillColumns lays them out), and the entries of the
// block's n output vectors, vector after vector: for vector k, entry k
// (two elements: columns 0 and 1), or entries 2k (columns 0 and 1) and
// 2k+1 (columns 2 and 3, or 2 alone).
type zipPlan struct {
	n, stride int
	lg        uint
	ent       []zipEntry
	rows      int
}

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
