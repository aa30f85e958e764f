package workers

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dmlgo/dml/internal/kernel"
)

// The size classes. A fill of b bytes takes the count of class
// floor(log2(b)), from 512 KiB (2^19) to 16 MiB (2^24); a larger fill takes
// the 16 MiB class's (past it, the stores are the memory's; more workers
// than 16 MiB is worth do not lose), a smaller one one worker (a split of
// 512 KiB can save a few microseconds at most).
const (
	minClass = 19
	maxClass = 24
	classes  = maxClass - minClass + 1
)

// counts holds each class's count, 0 until measured; pinned, if set, takes
// their place (tests and dmlbench give a machine as a value).
var (
	counts  [classes]atomic.Int32
	measure sync.Mutex
	pinned  atomic.Pointer[Machine]
)

// Count is the number of workers a fill of b bytes is worth on this
// machine, at most GOMAXPROCS. The first fill of a size class measures its
// count: 1, 2, 4, ... and GOMAXPROCS workers, each filling 2^class bytes
// of scratch memory, in up to three alternated rounds (a round starts only
// within 3 ms of the first), the least time of each kept; the fastest
// wins, but a count wins over a smaller one only by 5% or more (choose).
// A round of the 16 MiB class on 16 cores writes 80 MiB (about 2 ms where
// one core writes 20 GB/s); the first fill of 16 MiB or more also measures
// the store kind (internal/kernel). Once per process and class; fills of
// the class that come while it is measured wait for it.
func Count(b uint64) int {
	if m := pinned.Load(); m != nil {
		return m.Count(b)
	}
	procs := runtime.GOMAXPROCS(0)
	if b < 1<<minClass || procs == 1 {
		return 1
	}
	c := min(bits.Len64(b)-1, maxClass)
	if n := counts[c-minClass].Load(); n > 0 {
		return min(int(n), procs)
	}
	measure.Lock()
	defer measure.Unlock()
	if n := counts[c-minClass].Load(); n > 0 { // (measured while this waited)
		return min(int(n), procs)
	}
	n := measureClass(1<<c, procs)
	counts[c-minClass].Store(int32(n))
	return n
}

// Pin makes every count m's (up to m.Procs workers: a model of a 16-core
// machine runs 16 on this one) until the returned function is called, which
// restores the measured counts. Tests reach each branch with it; production
// never calls it.
//
// One pin holds at a time: a second Pin waits for the first's restore.
func Pin(m Machine) (restore func()) {
	pinMu.Lock()
	pinned.Store(&m)
	return func() {
		pinned.Store(nil)
		pinMu.Unlock()
	}
}

// pinMu is held from a Pin to its restore.
var pinMu sync.Mutex

// Forget drops the measured counts: the next fill of each class measures
// again (tests run the measurement as a process's first fill does).
func Forget() {
	for i := range counts {
		counts[i].Store(0)
	}
}

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

// measureClass measures the count for fills of b bytes (see Count).
func measureClass(b uint64, procs int) int {
	buf := scratch(b)
	f := kernel.NewFiller(kernel.Int, 4, 0, 1, b/4)
	fill := func(w int) time.Duration {
		t0 := time.Now()
		Split(b/4, w, func(i, j uint64) { f.FillNative(buf[i*4:j*4], i, 1) })
		return time.Since(t0)
	}
	cands := candidates(procs)
	t0 := time.Now()
	fill(procs) // (the pages touched, untimed)
	least := make(map[int]time.Duration, len(cands))
	for round := 0; round < 3 && (round == 0 || time.Since(t0) < budget); round++ {
		for _, w := range cands {
			if t := fill(w); least[w] == 0 || t < least[w] {
				least[w] = t
			}
		}
	}
	return choose(cands, func(w int) time.Duration { return least[w] })
}

// budget bounds a class's measurement: a round starts only within it (the
// first always does).
const budget = 3 * time.Millisecond

// scratch is b bytes of the measurement's own memory.
func scratch(b uint64) []byte { return make([]byte, b) }

// A Machine is a model of how a machine's cores write memory: the figures
// a count is chosen from when a test or a report gives the machine as a
// value rather than measuring this one.
type Machine struct {
	PerWorker float64       // bytes a second one worker writes
	Ceiling   float64       // bytes a second all workers together write at most
	Start     time.Duration // what each worker past the first costs to start and join
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
	b = 1 << min(bits.Len64(b)-1, maxClass)
	return choose(candidates(procs), func(w int) time.Duration { return m.Time(b, w) })
}
