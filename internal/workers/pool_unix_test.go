//go:build unix

package workers

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// TestPoolIdle: after a burst of split fills, an idle second costs the
// process under 20 ms of CPU (user and system, all its threads, from
// getrusage): the workers spin for a bounded time, then park. Skipped
// under -short: it takes a second and a quiet process.
func TestPoolIdle(t *testing.T) {
	if testing.Short() {
		t.Skip("an idle second: not under -short")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0))))
	buf := make([]byte, 8<<20)
	t0 := time.Now()
	for time.Since(t0) < 200*time.Millisecond {
		Split(uint64(len(buf)), 1, runtime.GOMAXPROCS(0), func(a, b uint64) { clear(buf[a:b]) })
	}
	if thePool.started.Load() == 0 {
		t.Fatal("the burst started no worker")
	}
	before := cpuTime(t)
	time.Sleep(time.Second)
	spent := cpuTime(t) - before
	t.Logf("%d workers; CPU in the idle second after the burst: %v", thePool.started.Load(), spent)
	if spent > 20*time.Millisecond {
		t.Errorf("the idle second after a burst of fills cost %v of CPU, want under 20 ms", spent)
	}
}

// cpuTime is the user and system time this process has spent.
func cpuTime(t *testing.T) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		t.Fatal(fmt.Errorf("getrusage: %w", err))
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
