//go:build amd64 && !purego

package kernel

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// The assembly routines, by job; the comments in the .s files say what each
// does, and twins.go has a Go function of the same signature for each.

var (
	avx2Table   = &table{name: "avx2", asm: true}
	avx512Table = &table{name: "avx512", asm: true, avx512: true}
)

// cpuTables returns the tables this CPU can run, fastest first; the Go
// twins' table is last.
func cpuTables() []*table {
	switch {
	case CPU.AVX512 && CPU.F16C && CPU.FMA:
		return []*table{avx512Table, avx2Table, goTable}
	case CPU.AVX2 && CPU.F16C && CPU.FMA:
		return []*table{avx2Table, goTable}
	}
	return []*table{goTable}
}

// The table's methods: the routine of the table's forms and of the store
// kind, called directly (see table).

// masks reports whether the table has the masked add kernels (addMask,
// fmaMask) for elements of size bytes: without AVX-512 for 4 and 8 bytes
// (VPMASKMOVD, VPMASKMOVQ), with it for every size.
func (t *table) masks(size int) bool { return !t.asm || t.avx512 || size >= 4 }

// masksPay reports whether the planner takes the masked kernels for padded
// rows spanning span bytes: with AVX-512 always; without it (VPMASKMOVD,
// VPMASKMOVQ, whose stores ran at half the speed of columns on this AMD
// EPYC at 4 MiB) from streamingMin on, where the memory bounds both
// (docs/performance-log.md, 2026-11-27, evening).
func (t *table) masksPay(span int) bool { return !t.asm || t.avx512 || span >= streamingMin }

// lacks reports whether the table lacks AVX-512, for the kernels that have
// no other form: the planner calls them only where masks (or zips)
// holds, so a call on a table without AVX-512 is a planner's fault.
// Such a call goes to the kernel's Go twin, which writes the same bits on
// any machine, where the AVX-512 kernel would stop the program (an illegal
// instruction), and is counted in x512Lacking, which the package's tests
// hold to zero (TestMain: every test on the AVX2 table, which this host,
// having AVX-512, would otherwise run without complaint).
func (t *table) lacks() bool {
	if t.avx512 {
		return false
	}
	x512Lacking.Add(1)
	return true
}

// x512Lacking counts the calls lacks stopped.
var x512Lacking atomic.Int64

// binBlocks writes binSpan's elements with the block kernels (t.bin), as
// blockRuns splits them: a block at each end where the middle's blocks,
// from its first 64-byte aligned byte, do not reach it. Pre: n at least 32.
func (t *table) binBlocks(st store, dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64) {
	b := unsafe.Slice(dst, 2*n)
	var runs [3]blockRun
	for k := range blockRuns(&runs, b, 64, st) {
		r := &runs[k]
		e := r.at / 2 // element e of the span is element 0 of the run's first block
		t.bin(r.st, &b[r.at], r.blocks, base, first+uint64(e)*d, 32*d, shift, c, uint64(bits.RotateLeft32(uint32(ties), -(e%32))))
	}
}

// A verdict is a measured choice between regular stores and another kind
// (streaming stores), made on memory of its own (scratch) and kept for
// Recheck.
type verdict struct {
	mu   sync.Mutex   // held while measuring
	wins atomic.Bool  // the last measurement's verdict: the other kind is faster
	at   atomic.Int64 // when it was made (Unix ns), 0 for never
}

var streamV verdict // streaming stores (streaming)

// streaming reports whether non-temporal stores write large buffers faster
// than regular ones on this machine. Which wins depends on the machine,
// and on a virtual machine on its host and its neighbours, which change
// (here regular stores won by a fifth in one hour and lost by a third in the
// next): so a fill of n bytes or more measures both on 16 MiB of scratch
// memory laid out as its rows are (rows of rowBytes every pitch bytes; a
// run: one row, pitch and rowBytes n) when the last measurement is more
// than Recheck old; at most one fill measures at a time, the others take
// the last verdict (regular stores before the first), and so does a fill
// shorter than streamingMin (what is left of a large run after its first
// plans). Measuring costs about as much as writing 200 MiB (see decide):
// under one percent of what a stream of large fills writes in Recheck.
//
// The measurement never writes the fill's destination: it is not handed
// it. (It once was, and wrote 16 MiB from a row onwards over padding and
// over rows other workers had written.)
func streaming(n, pitch, rowBytes int) bool {
	return streamV.decide(n, streamingMin, 16<<20, pitch, rowBytes, storeRowsAVX2NT)
}

// due reports whether a fill of n bytes (least or more) is to be measured
// for v: its verdict is older than Recheck, or there is none.
func (v *verdict) due(n, least int) bool {
	at := v.at.Load()
	return n >= least && (at == 0 || time.Since(time.Unix(0, at)) >= Recheck)
}

// decide returns v's verdict for a fill of n bytes: kept if n is less
// than least or the verdict is fresh (or another fill is measuring), else
// measured anew on min(n, most) bytes of scratch, regular stores against
// other, alternated, after two passes of other untimed; other wins only by
// 5% or more. A verdict changes only where a second measurement agrees.
// (Each of these was set by a wrong verdict measured without it:
// docs/performance-log.md, Thresholds.)
func (v *verdict) decide(n, least, most, pitch, rowBytes int, other func(*byte, int, int, int, *[32]byte)) bool {
	if !v.due(n, least) || !v.mu.TryLock() {
		return v.wins.Load()
	}
	defer v.mu.Unlock()
	span := min(n, most)
	if rowBytes > span { // (a run: one row)
		rowBytes = span
	}
	d := getScratch(span)
	defer scratch.Put(d)
	wins := faster(*d, pitch, rowBytes, other)
	if was := v.wins.Load(); wins != was && faster(*d, pitch, rowBytes, other) != wins {
		wins = was // a change stands only if measured twice (see above)
	}
	v.wins.Store(wins)
	v.at.Store(time.Now().UnixNano())
	return wins
}

// scratch holds the measurements' memory between them (the pool lets the
// collector take it back when no fill has measured for a while).
var scratch sync.Pool

// getScratch returns n bytes of scratch memory, the measurement's own.
func getScratch(n int) *[]byte {
	if p, _ := scratch.Get().(*[]byte); p != nil && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	b := make([]byte, n)
	return &b
}

// faster reports whether other writes dst (rows of rowBytes every pitch
// bytes) faster than regular stores by 5% or more: after two passes of
// other untimed, the least time of each over five alternations.
func faster(dst []byte, pitch, rowBytes int, other func(*byte, int, int, int, *[32]byte)) bool {
	var p [32]byte
	for range 2 { // (untimed: see decide)
		storeRows(dst, pitch, rowBytes, other, &p)
	}
	regular, alt := time.Duration(1<<62), time.Duration(1<<62)
	for range 5 { // in alternation, so that both see the same machine
		t := time.Now()
		storeRows(dst, pitch, rowBytes, storeRowsAVX2, &p)
		regular = min(regular, time.Since(t))
		t = time.Now()
		storeRows(dst, pitch, rowBytes, other, &p)
		alt = min(alt, time.Since(t))
	}
	return alt*20 < regular*19
}

// storeRows writes the whole 64-byte lines within each row of dst
// (rowBytes every pitch bytes, the rows that start in dst) with store
// (storeRowsAVX2, storeRowsAVX2NT) from p, in one call: a
// measurement's stores, within the rows. (One call: a fence after each row
// of 2 KiB made streaming stores three times as slow as regular ones, where
// over the same bytes whole they were faster.)
func storeRows(dst []byte, pitch, rowBytes int, store func(*byte, int, int, int, *[32]byte), p *[32]byte) {
	if len(dst) < rowBytes || rowBytes == 0 {
		return
	}
	store(unsafe.SliceData(dst), (len(dst)-rowBytes)/pitch+1, pitch, rowBytes, p)
}

// zips reports whether the table has a zip kernel: the AVX-512 form, or the
// Go twin (fillColumns puts the rows in Go on the AVX2 table).
func (t *table) zips() bool { return !t.asm || t.avx512 }
