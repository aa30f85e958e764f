package workers

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// checkSplit runs Split(n, size, w) with a fill that counts each element
// it is given, fails t unless every element of [0, n) was given exactly
// once, and returns how many ranges fill was called with.
func checkSplit(t *testing.T, n, size uint64, w int) int {
	t.Helper()
	seen := make([]int32, n)
	var mu sync.Mutex
	calls := 0
	Split(n, size, w, func(a, b uint64) {
		mu.Lock()
		calls++
		mu.Unlock()
		for i := a; i < b; i++ {
			seen[i]++ // (ranges never overlap: were two to, -race would say so)
		}
	})
	for i, c := range seen {
		if c != 1 {
			t.Errorf("Split(%d, %d, %d): element %d filled %d times", n, size, w, i, c)
			break
		}
	}
	return calls
}

// TestPoolConcurrent: 8 goroutines splitting fills at once, small ones and
// ones large enough to wake the pool, 1 to 5 ranges: every element of each
// filled once (go test -race watches the hand-over).
func TestPoolConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 300 {
				n := uint64(1000 + 37*k + g)
				size := uint64(1)
				if k%2 == 0 {
					size = 4 << 20 // (4 MiB or more: parked workers woken)
				}
				checkSplit(t, n, size, 1+(k+g)%5)
			}
		})
	}
	wg.Wait()
}

// TestPoolGOMAXPROCS: a program that changes GOMAXPROCS between fills
// (down to 1, up past the workers started, down again) has every element
// filled once at each.
func TestPoolGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 4, 2, 1, 8, 3} {
		runtime.GOMAXPROCS(procs)
		for w := 1; w <= 9; w++ {
			checkSplit(t, 100003, 4<<20, w)
			checkSplit(t, 100003, 1, w)
		}
	}
}

// TestMeasuredOnThePool: in a fresh process (this test binary again, with
// GOMAXPROCS 2), measuring a class's count starts the pool's worker: the
// counts are timed on the workers that fills use, whatever they decide.
func TestMeasuredOnThePool(t *testing.T) {
	if os.Getenv("DML_WORKERS_CHILD") == "1" {
		before := thePool.started.Load()
		w := Count(1 << 20)
		fmt.Println(before, thePool.started.Load(), w)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMeasuredOnThePool$")
	cmd.Env = append(os.Environ(), "DML_WORKERS_CHILD=1", "GOMAXPROCS=2")
	out, err := cmd.CombinedOutput()
	if errors.Is(err, syscall.ENOEXEC) {
		t.Skipf("this test binary cannot run itself in a child (%v): an arm64 binary run by qemu-user, whose children the kernel cannot start", err)
	}
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, out)
	}
	var before, after, w int
	if _, err := fmt.Sscanf(string(out), "%d %d %d", &before, &after, &w); err != nil {
		t.Fatalf("the child's output %q: %v", strings.TrimSpace(string(out)), err)
	}
	if before != 0 || after != 1 || w < 1 || w > 2 {
		t.Errorf("measuring the 1 MiB class on 2 Ps: workers %d before, %d after, count %d; want 0, 1 and a count of 1 or 2", before, after, w)
	}
}

// slowSplit splits n elements of size bytes into w ranges whose fill takes
// a while (so that a worker ready for it can take a range), fails t unless
// each element was filled once, and reports whether a worker joined.
func slowSplit(t *testing.T, n, size uint64, w int) (joined bool) {
	t.Helper()
	var filled atomic.Uint64
	joined = split(n, size, w, func(a, b uint64) {
		for t0 := time.Now(); time.Since(t0) < 50*time.Microsecond; {
		}
		filled.Add(b - a)
	})
	if got := filled.Load(); got != n {
		t.Fatalf("Split(%d, %d, %d): %d elements filled", n, size, w, got)
	}
	return joined
}

// TestPoolBurst: a fill under the wake threshold (1 MiB) that comes alone
// leaves the parked workers parked; fills of that size that follow one
// another (a burst) wake them, and a worker joins one of them.
func TestPoolBurst(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("GOMAXPROCS is 1: no pool")
	}
	slowSplit(t, 1<<10, 4<<10, 2) // (4 MiB: the pool started, its worker woken)
	for t0 := time.Now(); thePool.ready.Load() != 0; time.Sleep(time.Millisecond) {
		if time.Since(t0) > 10*time.Second {
			t.Fatalf("%d workers still spinning 10 s after the last fill", thePool.ready.Load())
		}
	}
	time.Sleep(2 * spin) // (past a burst's window)
	woken := thePool.woken.Load()
	slowSplit(t, 1<<10, 1<<10, 2)
	if w := thePool.woken.Load() - woken; w != 0 {
		t.Errorf("one 1 MiB fill, alone: %d workers woken, want none", w)
	}
	for t0 := time.Now(); !slowSplit(t, 1<<10, 1<<10, 2); {
		if time.Since(t0) > 10*time.Second {
			t.Fatalf("fills of 1 MiB one after another for 10 s: no worker joined one")
		}
	}
}

// TestPoolPanic: a fill that panics on the calling goroutine (recovered by
// its caller) leaves the pool free for the fills after it.
func TestPoolPanic(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("GOMAXPROCS is 1: no pool")
	}
	onCaller := func() bool {
		buf := make([]byte, 8<<10)
		return strings.Contains(string(buf[:runtime.Stack(buf, false)]), "workers.Split(") // (a worker's stack holds no Split)
	}
	panicked := false
	for range 100 { // (a worker spinning may take both pieces before the caller takes one: then none panics)
		panicked = func() (recovered bool) {
			defer func() { recovered = recover() != nil }()
			Split(1<<10, 4<<10, 2, func(a, b uint64) {
				if onCaller() {
					panic("a fill's panic")
				}
			})
			return false
		}()
		if panicked {
			break
		}
	}
	if !panicked {
		t.Fatal("100 fills: none panicked on its caller (a worker took every piece of each)")
	}
	if j := thePool.slot.Load(); j != nil {
		t.Errorf("after a fill panicked on its caller, the pool still holds its job: later fills fill alone")
	}
	slowSplit(t, 1<<10, 4<<10, 2)
}

// TestSplitJoinedIsThisFills: a fill that finds the pool busy with another
// goroutine's fill, which a worker joined, fills alone, and the count's
// measurement is told no worker joined it (were it told one had, it would
// keep one worker's time under a larger count's name, and keep the class's
// count for good); the busy fill is told its worker joined.
func TestSplitJoinedIsThisFills(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("GOMAXPROCS is 1: no pool")
	}
	for range 100 {
		if joined, workerFilled, busyJoined, ok := splitWhileBusy(); ok {
			if joined || workerFilled {
				t.Errorf("a fill made while the pool was busy: a worker joined it: told %v, filled a range %v; want false, false", joined, workerFilled)
			}
			if !busyJoined {
				t.Errorf("the busy fill, whose range a worker filled: told no worker joined it")
			}
			return
		}
	}
	t.Fatal("100 fills of 4 MiB: no worker joined one")
}

// splitWhileBusy makes a fill (this goroutine's) while another goroutine's
// fill holds the pool with a worker in one of its ranges, and reports what
// the fill was told (joined), whether a worker filled one of its ranges,
// and what the busy fill was told; ok is false where no worker came to the
// busy fill (it parked as the fill looked for it, which a real fill, whose
// caller fills the range itself, never waits for).
func splitWhileBusy() (joined, workerFilled, busyJoined, ok bool) {
	onWorker := func() bool {
		buf := make([]byte, 8<<10)
		return !strings.Contains(string(buf[:runtime.Stack(buf, false)]), "workers.split(") // (a worker's stack holds no split of the package's)
	}
	workerIn, releaseWorker, releaseCaller := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var in sync.Once
	busy := make(chan bool, 1)
	go func() {
		// A worker (woken: 4 MiB) fills a range and waits to be released;
		// the pool is held until the caller's take ends, which it cannot
		// before the worker is released (a worker may take both ranges
		// where the caller is late to its own: then the caller takes none).
		busy <- split(2, 4<<20, 2, func(a, b uint64) {
			if onWorker() {
				in.Do(func() { close(workerIn) })
				<-releaseWorker
				return
			}
			select {
			case <-workerIn:
				<-releaseCaller
			case <-time.After(100 * time.Millisecond):
			}
		})
	}()
	select {
	case <-workerIn:
	case <-busy:
		close(releaseWorker) // (for a worker that comes now)
		close(releaseCaller)
		return false, false, false, false
	}
	joined = split(2, 4<<20, 2, func(a, b uint64) {
		workerFilled = workerFilled || onWorker()
		close(releaseWorker)
		time.Sleep(10 * time.Millisecond) // (the worker finishes the busy fill's range meanwhile)
	})
	close(releaseCaller)
	return joined, workerFilled, <-busy, true
}
