package workers

import (
	"runtime"
	"testing"
	"time"
)

// xeon16 models the 16-core Intel Xeon of the issue: one core writes 20
// GB/s, all together 130; a worker past the first costs 3 µs to start and
// join (a figure given, not measured: the model is for reaching branches).
var xeon16 = Machine{PerWorker: 20e9, Ceiling: 130e9, Start: 3 * time.Microsecond, Procs: 16}

// xeon16Pool is xeon16 with the pool's cost a worker instead of a start
// with go: a hand-over to a spinning worker and its join, 0.5 µs (a figure
// given, not measured: a few cache lines passed between cores).
var xeon16Pool = Machine{PerWorker: 20e9, Ceiling: 130e9, Start: 500 * time.Nanosecond, Procs: 16}

// TestModelCounts: the counts the rule gives a modelled machine, worked by
// hand from Time = (w-1)·Start + b / min(w·PerWorker, Ceiling), a larger
// count winning only by 5%.
func TestModelCounts(t *testing.T) {
	for _, c := range []struct {
		name string
		m    Machine
		b    uint64
		want int
	}{
		// 512 KiB: 1: 26.2 µs; 2: 3 + 13.1 = 16.1; 4: 9 + 6.6 = 15.6, not 5% under 16.1.
		{"xeon16 512 KiB", xeon16, 512 << 10, 2},
		// 4 MiB: 1: 209.7; 2: 107.9; 4: 61.4; 8: 21 + 32.3 (the ceiling) = 53.3; 16: 45 + 32.3.
		{"xeon16 4 MiB", xeon16, 4 << 20, 8},
		// Past 8 MiB: each worker at least the 4 MiB class's 512 KiB: 16 MiB, 32 of them, 16 the most.
		{"xeon16 16 MiB", xeon16, 16 << 20, 16},
		{"xeon16 256 MiB", xeon16, 256 << 20, 16},
		// 8 MiB (its class measured): 4: 9 + 104.9; 8: 21 + 64.5 = 85.5; 16: 45 + 64.5.
		{"xeon16 8 MiB", xeon16, 8<<20 - 1, 8},
		// The pool's costs: 512 KiB: 1: 26.2 µs; 2: 0.5 + 13.1; 4: 1.5 + 6.6 = 8.1;
		// 8: 3.5 + 4.0 (the ceiling) = 7.5, 5% under 8.1; 16: 7.5 + 4.0.
		{"xeon16, the pool, 512 KiB", xeon16Pool, 512 << 10, 8},
		// 1 MiB: 4: 1.5 + 13.1 = 14.6; 8: 3.5 + 8.1 = 11.6; 16: 7.5 + 8.1. (With
		// xeon16's 3 µs, 4: 9 + 13.1 = 22.1; 8: 21 + 8.1 = 29.1: 4.)
		{"xeon16, the pool, 1 MiB", xeon16Pool, 1 << 20, 8},
		{"xeon16 1 MiB", xeon16, 1 << 20, 4},
		// 4 MiB: 8: 3.5 + 32.3 = 35.8; 16: 7.5 + 32.3 = 39.8.
		{"xeon16, the pool, 4 MiB", xeon16Pool, 4 << 20, 8},
		// Under 512 KiB: one, whatever the machine.
		{"xeon16 511 KiB", xeon16, 512<<10 - 1, 1},
		// One core as fast as all (two vCPUs of one core): 4 MiB: 1: 42.8 µs; 2: 3 + 42.8.
		{"one core's ceiling", Machine{PerWorker: 98e9, Ceiling: 98e9, Start: 3 * time.Microsecond, Procs: 2}, 4 << 20, 1},
		// Two cores that each write 20 GB/s: the 4 MiB class 2 (1: 209.7 µs; 2: 3 + 104.9),
		// so 64 MiB has both.
		{"two slow cores", Machine{PerWorker: 20e9, Ceiling: 40e9, Start: 3 * time.Microsecond, Procs: 2}, 64 << 20, 2},
		// The 4 MiB class one worker: past 8 MiB, Least (4 MiB) a worker.
		{"one core's ceiling, 8 MiB", Machine{PerWorker: 98e9, Ceiling: 98e9, Start: 3 * time.Microsecond, Procs: 2}, 8 << 20, 2},
		{"one core's ceiling, 6 MiB", Machine{PerWorker: 98e9, Ceiling: 98e9, Start: 3 * time.Microsecond, Procs: 2}, 6 << 20, 1},
		{"one core", Machine{PerWorker: 20e9, Ceiling: 20e9, Procs: 1}, 1 << 30, 1},
	} {
		if got := c.m.Count(c.b); got != c.want {
			t.Errorf("%s: Count(%d) = %d, want %d", c.name, c.b, got, c.want)
		}
	}
}

// TestForPinned: For with a machine pinned: its count, capped by most.
func TestForPinned(t *testing.T) {
	defer Pin(xeon16)()
	for _, c := range []struct {
		n, size uint64
		most    int
		want    int
	}{
		{(4 << 20) / 4, 4, 0, 8},   // the model's count
		{(4 << 20) / 4, 4, 3, 3},   // capped by most
		{(4 << 20) / 2, 2, 16, 8},  // most above the count: the count
		{(64 << 20) / 8, 8, 0, 16}, // past the classes: 512 KiB a worker, 16 the most
		{1000, 4, 16, 1},           // small: one
		{1 << 30, 8, 1, 1},         // one allowed
	} {
		if got := For(c.n, c.size, c.most); got != c.want {
			t.Errorf("For(%d, %d, %d) = %d, want %d", c.n, c.size, c.most, got, c.want)
		}
	}
}

// TestMeasuredHoldsPin: while Measured holds, a Pin waits and Count is the
// measured count; once restored, the Pin takes effect.
func TestMeasuredHoldsPin(t *testing.T) {
	const b = 64 << 20 // (xeon16 gives 16; a measured count is GOMAXPROCS at most)
	restore := Measured()
	pinnedNow := make(chan func())
	go func() { pinnedNow <- Pin(xeon16) }()
	time.Sleep(20 * time.Millisecond)
	if pinned.Load() != nil {
		t.Fatal("a Pin took effect while Measured held")
	}
	if got := Count(b); got > runtime.GOMAXPROCS(0) {
		t.Fatalf("Count(%d) = %d while Measured held, past GOMAXPROCS (%d): not the measured count", b, got, runtime.GOMAXPROCS(0))
	}
	restore()
	unpin := <-pinnedNow
	if got, want := Count(b), xeon16.Count(b); got != want {
		t.Errorf("Count(%d) = %d after the restore, want the pinned model's %d", b, got, want)
	}
	unpin()
}

// TestMeasured: the counts measured on this machine, as a process's first
// fills measure them, lie in [1, GOMAXPROCS] for every class, and once
// kept (at the latest by the maxTries'th measurement, where no worker
// joined the earlier ones) the same count comes back (cached).
func TestMeasured(t *testing.T) {
	Forget()
	procs := runtime.GOMAXPROCS(0)
	for c := minClass - 1; c <= maxClass+1; c++ {
		b := uint64(1) << c
		t0 := time.Now()
		w := Count(b)
		took := time.Since(t0)
		if w < 1 || w > procs {
			t.Errorf("Count(2^%d) = %d, want 1 to %d", c, w, procs)
		}
		for range maxTries {
			w = Count(b)
			if w < 1 || w > procs {
				t.Errorf("Count(2^%d) = %d, want 1 to %d", c, w, procs)
			}
		}
		if again := Count(b); again != w {
			t.Errorf("Count(2^%d) = %d after %d measurements, then %d", c, w, maxTries, again)
		}
		t.Logf("2^%d bytes: %d workers (decided in %v)", c, w, took)
	}
}

// TestSplit: every element of [0, n) filled once, whatever the count, on
// small fills (filled alone where no worker is ready) and on fills of 4 MiB
// and more (handed to the pool, its workers woken), in w ranges at most.
func TestSplit(t *testing.T) {
	for _, size := range []uint64{1, 4 << 20} {
		for _, n := range []uint64{1, 2, 7, 1000, 1001} {
			for w := 1; w <= 5; w++ {
				calls := checkSplit(t, n, size, w)
				if calls < 1 || calls > w {
					t.Errorf("Split(%d, %d, %d): %d calls, want 1 to %d", n, size, w, calls, w)
				}
			}
		}
	}
}

// Forget drops the measured counts: the next fill of each class measures
// again (tests run the measurement as a process's first fill does).
func Forget() {
	for i := range counts {
		counts[i].Store(0)
		tries[i].Store(0)
	}
}

// TestFastestCoarseClock: times of 0, as a clock coarser than a fill reads
// them (Windows' monotonic clock, at the system timer's tick), are times:
// the counts that have them are chosen among, and none is lost for want
// of a nonzero time (a choice among none would panic on a fill).
func TestFastestCoarseClock(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name  string
		times map[int][]time.Duration
		cands []int
		count int
		all   bool
	}{
		{"every fill read 0", map[int][]time.Duration{1: {0, 0}, 2: {0, 0}}, []int{1, 2}, 1, true},
		{"one worker read 0, two a tick then 0", map[int][]time.Duration{1: {0, 0}, 2: {16 * ms, 0}}, []int{1, 2}, 1, true},
		{"one worker a tick, two 0", map[int][]time.Duration{1: {16 * ms, 16 * ms}, 2: {0}}, []int{1, 2}, 2, true},
		{"two's fills not joined, one's read 0", map[int][]time.Duration{1: {0}}, []int{1, 2}, 1, false},
		{"four's fills not joined", map[int][]time.Duration{1: {20 * ms}, 2: {12 * ms, 10 * ms}}, []int{1, 2, 4}, 2, false},
		{"two within 5% of one", map[int][]time.Duration{1: {100 * ms}, 2: {96 * ms}}, []int{1, 2}, 1, true},
		{"nothing timed", map[int][]time.Duration{}, []int{1, 2}, 1, false},
	} {
		f := fastest{}
		for w, ts := range c.times {
			for _, d := range ts {
				f.add(w, d)
			}
		}
		if count, all := f.choice(c.cands); count != c.count || all != c.all {
			t.Errorf("%s: chose %d (every count timed: %v), want %d (%v)", c.name, count, all, c.count, c.all)
		}
	}
}
