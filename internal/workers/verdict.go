package workers

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dmlgo/dml/internal/kernel"
)

// The size classes. A fill of b bytes up to 8 MiB takes the count measured
// for class floor(log2(b)), 512 KiB (2^19) to 4 MiB (2^22); a smaller one
// one worker (a split of 512 KiB can save a few microseconds at most). A
// larger one is split so that each worker has at least the bytes a worker
// had in the 4 MiB class's count (4 MiB where that count is one: Least),
// up to GOMAXPROCS workers: past the caches the stores are the memory's,
// which more workers fill faster until it saturates, and where it has,
// one worker more loses little. (Measuring past 4 MiB cost tens of
// milliseconds a class on a virtual machine, in page faults alone.)
const (
	minClass = 19
	maxClass = 22
	classes  = maxClass - minClass + 1
)

// Least is the least number of bytes worth a worker of its own past the
// measured classes where the 4 MiB class chose one worker: measured on this
// project's 2-vCPU machine (2026-11-23, one worker against two in
// alternation): two reached 0.61-0.89 of one from 512 KiB to 4 MiB,
// 1.03-1.21 at 8 MiB, and 1.64-1.89 at 16 and 32 MiB.
const Least = 4 << 20

// beyond is the count for a fill of b bytes past the measured classes,
// where the 4 MiB class's count is top, on procs workers.
func beyond(b uint64, top, procs int) int {
	least := uint64(Least)
	if top > 1 {
		least = (1 << maxClass) / uint64(top)
	}
	return int(min(uint64(procs), max(1, b/least)))
}

// counts holds each class's count, 0 until measured; pinned, if set, takes
// their place (tests and dmlbench give a machine as a value).
var (
	counts  [classes]atomic.Int32
	measure sync.Mutex
	pinned  atomic.Pointer[Machine]
)

// Count is the number of workers a fill of b bytes is worth on this
// machine, at most GOMAXPROCS. The first fill of a size class measures its
// count: 1, 2, 4, ... and GOMAXPROCS workers, the pool's (see pool.go:
// started by the first, untimed fill, and spinning between the timed ones,
// as they are between fills that follow one another; untimed fills first
// until a worker has joined one, up to 2 ms), all filling 2^class bytes of
// scratch memory (its pages touched first, untimed), in two to five
// alternated rounds (a round past the second starts only within 3 ms of
// the first), each count's fills one untimed (the caches as that count
// leaves them) and two timed, the least time of each count kept, from
// fills a worker joined where the count is past one; the fastest wins,
// but a count wins over a smaller one only by 5% or more (choose). A round
// of the 4 MiB class on 16 cores writes 60 MiB (about 1.5 ms where one
// core writes 20 GB/s; touching its pages first took 20 ms on a 2-vCPU
// virtual machine, under 1 ms on bare metal). Once per process and class,
// or up to four times where no worker joined a count's timed fills (see
// measureClass); fills of the class that come while it is measured wait
// for it. A fill past 8 MiB
// takes its count from the 4 MiB class's (see the size classes).
func Count(b uint64) int {
	if b < 1<<minClass {
		return 1
	}
	if m := pinned.Load(); m != nil {
		return m.Count(b)
	}
	procs := runtime.GOMAXPROCS(0)
	if procs == 1 {
		return 1
	}
	c := bits.Len64(b) - 1
	if c > maxClass {
		return beyond(b, classCount(maxClass, procs), procs)
	}
	return classCount(c, procs)
}

// classCount is class c's count, measured if it has not been.
func classCount(c, procs int) int {
	if n := counts[c-minClass].Load(); n > 0 {
		return min(int(n), procs)
	}
	measure.Lock()
	defer measure.Unlock()
	if n := counts[c-minClass].Load(); n > 0 { // (measured while this waited)
		return min(int(n), procs)
	}
	n, joined := measureClass(1<<c, procs)
	if joined || tries[c-minClass].Add(1) >= maxTries {
		counts[c-minClass].Store(int32(n))
	}
	return n
}

// tries counts each class's measurements that no worker joined (see
// measureClass); the count of the maxTries'th is kept whatever it is.
var tries [classes]atomic.Int32

// maxTries bounds the measurements of a class.
const maxTries = 4

// Pin makes every count m's (up to m.Procs workers: a model of a 16-core
// machine runs 16 on this one) until the returned function is called, which
// restores the measured counts. Tests reach each branch with it; production
// never calls it.
//
// One pin holds at a time: a second Pin waits for the first's restore.
func Pin(m Machine) (restore func()) {
	pinMu.Lock()
	pinned.Store(&m)
	var once sync.Once
	return func() {
		once.Do(func() {
			pinned.Store(nil)
			pinMu.Unlock()
		})
	}
}

// Measured holds the measured counts until the returned function is
// called: a Pin meanwhile waits for the restore. A test that runs in
// parallel with tests that pin holds it where it means to run the count
// production chooses; production never calls it.
func Measured() (restore func()) {
	pinMu.Lock()
	var once sync.Once
	return func() { once.Do(pinMu.Unlock) }
}

// pinMu is held from a Pin to its restore, and from a Measured to its.
var pinMu sync.Mutex

// candidates are the counts measured and modelled: 1, 2, 4, ... under
// procs, and procs.
func candidates(procs int) []int {
	var c []int
	for w := 1; w < procs; w *= 2 {
		c = append(c, w)
	}
	return append(c, procs)
}

// choose returns the count of the least time among candidates, a count
// winning over a smaller one only by 5% or more.
func choose(cands []int, time func(w int) time.Duration) int {
	best, bestT := cands[0], time(cands[0])
	for _, w := range cands[1:] {
		if t := time(w); t*100 < bestT*95 {
			best, bestT = w, t
		}
	}
	return best
}

// measureClass measures the count for fills of b bytes (see Count), and
// reports whether the pool's workers joined the fills timed for each count
// past one. A count's time is kept only from fills that a worker joined (or
// of one worker): a worker just woken, or placed by the system on the
// caller's core, may not run for a millisecond or more (measured on a
// 2-vCPU virtual machine at a process's start: 0.1 to 2.5 ms), and a fill
// it does not join measures one worker under another count's name. Where
// no worker joined, the count is chosen among those measured, for this
// fill, and the class is measured again at its next fill (classCount).
func measureClass(b uint64, procs int) (count int, joined bool) {
	p := getScratch(b)
	defer scratch.Put(p)
	buf := *p
	f := kernel.NewFiller(kernel.Int, 4, 0, 1, b/4)
	fill := func(w int) (time.Duration, bool) {
		t0 := time.Now()
		joined := split(b/4, 4, w, func(i, j uint64) { f.FillNative(buf[i*4:j*4], i, 1) })
		return time.Since(t0), joined
	}
	cands := candidates(procs)
	fill(procs) // (the pages touched, untimed: the budget starts after)
	poolUp(func() bool { _, j := fill(procs); return j })
	t0 := time.Now()
	least := make(fastest, len(cands))
	for round := 0; round < rounds && (round < 2 || time.Since(t0) < budget); round++ {
		for _, w := range cands {
			fill(w) // (untimed: the caches as w workers leave them, as a run of such fills finds them)
			for range 2 {
				if t, j := fill(w); w == 1 || j {
					least.add(w, t)
				}
			}
		}
	}
	return least.choice(cands)
}

// fastest holds each count's least time measured. A time of 0 is a time:
// a clock coarser than a fill (Windows' monotonic clock advances at the
// system timer's tick, 0.5 to 15.6 ms) reads 0 for most fills of 512 KiB.
type fastest map[int]time.Duration

// add keeps t as w's time if it is w's first or less than its least.
func (f fastest) add(w int, t time.Duration) {
	if least, ok := f[w]; !ok || t < least {
		f[w] = t
	}
}

// choice is the count chosen (choose) among the candidates that have a
// time, and whether every one of cands has: one worker's fills, always
// timed, give a count to choose whatever the others' did.
func (f fastest) choice(cands []int) (count int, all bool) {
	timed := cands[:0:0]
	for _, w := range cands {
		if _, ok := f[w]; ok {
			timed = append(timed, w)
		}
	}
	if len(timed) == 0 {
		return 1, false // (never, while count 1's fills are timed: no panic where they were not)
	}
	return choose(timed, func(w int) time.Duration { return f[w] }), len(timed) == len(cands)
}

// poolUp calls fill, which uses the pool and reports whether a worker
// joined it, until one has, for up to upWait: a worker just started or
// woken may wait a millisecond or more for a processor.
func poolUp(fill func() bool) {
	for t0 := time.Now(); !fill() && time.Since(t0) < upWait; {
	}
}

// upWait bounds poolUp.
const upWait = 2 * time.Millisecond

// rounds and budget bound a class's measurement: up to rounds rounds, a
// round past the second starting only within budget of the first (the
// least of two or more samples: one sample, on a shared machine, once
// chose one worker for 256 MiB where two write 1.6 to 2.4 times as fast).
const (
	rounds = 5
	budget = 3 * time.Millisecond
)

// scratch holds the measurements' scratch memory between them (the
// collector takes it back when none has measured for a while), so that a
// class after the first finds its pages touched.
var scratch sync.Pool

// getScratch returns b bytes of the measurement's own memory.
func getScratch(b uint64) *[]byte {
	if p, _ := scratch.Get().(*[]byte); p != nil && uint64(cap(*p)) >= b {
		*p = (*p)[:b]
		return p
	}
	buf := make([]byte, max(b, 1<<maxClass)) // (the largest class's: one page-touching for all)
	buf = buf[:b]
	return &buf
}

// A Machine is a model of how a machine's cores write memory: the figures
// a count is chosen from when a test or a report gives the machine as a
// value rather than measuring this one.
type Machine struct {
	PerWorker float64       // bytes a second one worker writes
	Ceiling   float64       // bytes a second all workers together write at most
	Start     time.Duration // what each worker past the first costs to hand a piece to and join
	Procs     int           // its cores (GOMAXPROCS there)
}

// Time is the model's time for a fill of b bytes on w workers.
func (m Machine) Time(b uint64, w int) time.Duration {
	rate := min(float64(w)*m.PerWorker, m.Ceiling)
	return time.Duration(w-1)*m.Start + time.Duration(float64(b)/rate*1e9)
}

// Count is the count chosen for a fill of b bytes on the machine m models
// (m.Procs cores; GOMAXPROCS if 0), by the rule the measured counts follow:
// the size classes, the candidates, the 5% a larger count must win by.
func (m Machine) Count(b uint64) int {
	procs := m.Procs
	if procs <= 0 {
		procs = runtime.GOMAXPROCS(0)
	}
	if b < 1<<minClass || procs <= 1 {
		return 1
	}
	class := func(b uint64) int {
		return choose(candidates(procs), func(w int) time.Duration { return m.Time(b, w) })
	}
	if c := bits.Len64(b) - 1; c > maxClass {
		return beyond(b, class(1<<maxClass), procs)
	}
	return class(1 << (bits.Len64(b) - 1))
}
