package dml_test

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/dmlgo/dml"
	wk "github.com/dmlgo/dml/internal/workers"
)

// A hostileLayout is a tensor that the pool's stress test fills, and the
// buffer its fill must leave (from the exact reference).
type hostileLayout struct {
	dt             dml.TensorDataType
	sizes, strides []uint32
	total          uint64
	start, delta   uint64
	want           []byte
}

// TestPoolConcurrentPrefilled: goroutines filling pre-filled buffers of 2
// MiB and more at once (fills that wake parked workers), each with its own
// SetMaxWorkers, while GOMAXPROCS changes under them: every byte of each
// buffer, elements and padding, is the exact reference's after each fill.
func TestPoolConcurrentPrefilled(t *testing.T) {
	defer wk.Pin(eager)()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	layouts := []*hostileLayout{
		{dt: dml.TensorDataTypeUint32, sizes: []uint32{1 << 19}, start: 7, delta: 3},
		{dt: dml.TensorDataTypeUint16, sizes: []uint32{1031, 1029}, strides: []uint32{1033, 1}, start: 65530, delta: 1},
		{dt: dml.TensorDataTypeInt8, sizes: []uint32{3, 1 << 20}, strides: []uint32{1, 3}, start: 0x80, delta: 0xFF},
		{dt: dml.TensorDataTypeUint64, sizes: []uint32{300007}, start: 1 << 40, delta: 1<<63 + 1},
	}
	for _, l := range layouts {
		l.total = dml.CalcBufferTensorSize(l.dt, l.sizes, l.strides)
		l.want = wantBuffer(l.dt, l.sizes, l.strides, l.total, l.start, l.delta)
	}
	stop := make(chan struct{})
	var churn sync.WaitGroup
	churn.Go(func() {
		for k := 0; ; k++ {
			select {
			case <-stop:
				return
			default:
			}
			runtime.GOMAXPROCS(1 + k%4)
			runtime.Gosched()
		}
	})
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			got := make([]byte, 0, 1<<22)
			for k := range 8 {
				l := layouts[(g+k)%len(layouts)]
				w := []int{0, 2, 3, 5, 16, 64}[(g*3+k)%6]
				name := fmt.Sprintf("goroutine %d fill %d: %v %v strides %v", g, k, l.dt, l.sizes, l.strides)
				got = got[:l.total]
				fillBytes(got, fillPattern)
				op := newFillOp(t, name, l.dt, l.sizes, l.strides, l.total, l.start, l.delta, w, "")
				if err := op.Execute(got); err != nil {
					t.Errorf("%s: %v", name, err)
					return
				}
				if at := firstDiff(got, l.want); at >= 0 {
					t.Errorf("%s, %d workers: %s", name, w, describeDiff(got, l.want, at, l.dt, l.sizes, l.strides))
					return
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	churn.Wait()
}
