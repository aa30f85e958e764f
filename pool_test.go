package dml_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dmlgo/dml"
)

// TestMaxWorkersOneNoPool: in a fresh process (this test binary again, so
// that no other test has started the pool), a 64 MiB fill of a device
// capped at one worker starts no goroutine; a fill of a device without the
// cap then starts the pool's (GOMAXPROCS is 2 there: 64 MiB is split on
// any such machine, 4 MiB a worker at least).
func TestMaxWorkersOneNoPool(t *testing.T) {
	if os.Getenv("DML_POOL_CHILD") == "1" {
		fmt.Println(goroutinesAround(1), goroutinesAround(0))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMaxWorkersOneNoPool$")
	cmd.Env = append(os.Environ(), "DML_POOL_CHILD=1", "GOMAXPROCS=2")
	out, err := cmd.CombinedOutput()
	if errors.Is(err, syscall.ENOEXEC) {
		t.Skipf("this test binary cannot run itself in a child (%v): an arm64 binary run by qemu-user, whose children the kernel cannot start", err)
	}
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, out)
	}
	var one, uncapped [2]int
	if _, err := fmt.Sscanf(string(out), "[%d %d] [%d %d]", &one[0], &one[1], &uncapped[0], &uncapped[1]); err != nil {
		t.Fatalf("the child's output %q: %v", strings.TrimSpace(string(out)), err)
	}
	t.Logf("goroutines before and after: capped at one %v, uncapped %v", one, uncapped)
	if one[1] != one[0] {
		t.Errorf("SetMaxWorkers(1): %d goroutines before a 64 MiB fill, %d after, want no more", one[0], one[1])
	}
	if uncapped[1] <= uncapped[0] {
		t.Errorf("no cap, GOMAXPROCS 2: %d goroutines before a 64 MiB fill, %d after, want the pool's worker more", uncapped[0], uncapped[1])
	}
}

// goroutinesAround returns runtime.NumGoroutine before and after a 64 MiB
// INT32 fill on a device with SetMaxWorkers(max), after waiting up to a
// second for the count to fall back to before's (the pool's workers never
// exit: only goroutines that end go).
func goroutinesAround(max int) [2]int {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	dev.SetMaxWorkers(max)
	n := uint32(16 << 20)
	desc := &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dml.TensorDataTypeInt32, Sizes: []uint32{n}, TotalTensorSizeInBytes: 4 * uint64(n)},
		ValueDataType: dml.TensorDataTypeInt32,
	}
	op, err := dev.CreateOperator(desc)
	if err != nil {
		return [2]int{-1, -1}
	}
	buf := make([]byte, 4*n)
	before := runtime.NumGoroutine()
	if err := op.Execute(buf); err != nil {
		return [2]int{-1, -1}
	}
	after := runtime.NumGoroutine()
	for k := 0; k < 100 && after > before; k++ {
		time.Sleep(10 * time.Millisecond) // (a goroutine of the runtime's, running finalizers, counts while it runs: the pool's stay)
		after = runtime.NumGoroutine()
	}
	return [2]int{before, after}
}
