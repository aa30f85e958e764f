package dml_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/benchcore"
	"github.com/dmlgo/dml/internal/exact"
	"github.com/x448/float16"
)

// checkSequence fills a slice of T through Sequence and compares each
// element's bits with the reference for the DirectML type of the same width.
func checkSequence[T dml.Element](t *testing.T, dt dml.TensorDataType, n int, start, delta T) {
	t.Helper()
	if why := sequenceMismatch(dt, n, start, delta); why != "" {
		t.Fatal(why)
	}
}

// sequenceMismatch is checkSequence's check, for any goroutine: what differs
// from the reference, or "".
func sequenceMismatch[T dml.Element](dt dml.TensorDataType, n int, start, delta T) string {
	dst := make([]T, n)
	if err := dml.Sequence(dst, start, delta); err != nil {
		return err.Error()
	}
	size := int(unsafe.Sizeof(start))
	sb, db := bitsOf(&start, size), bitsOf(&delta, size)
	// Every element of a short slice; of a long one, the first and last
	// thousand and a stride through the middle (each split point included).
	for i := range dst {
		if i >= 1000 && i < n-1000 && i%997 != 0 && i%(n/2) != 0 && i%(n/4) != 0 {
			continue
		}
		got := bitsOf(&dst[i], size)
		if want := exact.Element(dt, sb, db, uint64(i)); got != want {
			return fmt.Sprintf("%T start %v delta %v: [%d] = %#x, want %#x", start, start, delta, i, got, want)
		}
	}
	return ""
}

// onGoroutines runs check(g) on n goroutines at once and reports what each
// returns but "".
func onGoroutines(t *testing.T, n int, check func(g int) string) {
	t.Helper()
	whys := make([]string, n)
	var wg sync.WaitGroup
	for g := range n {
		wg.Go(func() { whys[g] = check(g) })
	}
	wg.Wait()
	for g, why := range whys {
		if why != "" {
			t.Errorf("goroutine %d: %s", g, why)
		}
	}
}

func bitsOf[T any](p *T, size int) uint64 {
	b := unsafe.Slice((*byte)(unsafe.Pointer(p)), size)
	var v uint64
	for k := size - 1; k >= 0; k-- {
		v = v<<8 | uint64(b[k]) // host order is little-endian on the test hosts
	}
	return v
}

func TestSequence(t *testing.T) {
	if !littleEndianHost() {
		t.Skip("bitsOf reads host order as little-endian")
	}
	r := newRand(17)
	for range 200 {
		n := r.IntN(300)
		if r.IntN(20) == 0 {
			n = 1<<20 + r.IntN(100) // big enough to split across goroutines
		}
		checkSequence(t, dml.TensorDataTypeInt8, n, int8(randomValue(r, dml.TensorDataTypeInt8)), int8(randomValue(r, dml.TensorDataTypeInt8)))
		checkSequence(t, dml.TensorDataTypeUint8, n, uint8(randomValue(r, dml.TensorDataTypeUint8)), uint8(randomValue(r, dml.TensorDataTypeUint8)))
		checkSequence(t, dml.TensorDataTypeInt16, n, int16(randomValue(r, dml.TensorDataTypeInt16)), int16(randomValue(r, dml.TensorDataTypeInt16)))
		checkSequence(t, dml.TensorDataTypeUint16, n, uint16(randomValue(r, dml.TensorDataTypeUint16)), uint16(randomValue(r, dml.TensorDataTypeUint16)))
		checkSequence(t, dml.TensorDataTypeInt32, n, int32(randomValue(r, dml.TensorDataTypeInt32)), int32(randomValue(r, dml.TensorDataTypeInt32)))
		checkSequence(t, dml.TensorDataTypeUint32, n, uint32(randomValue(r, dml.TensorDataTypeUint32)), uint32(randomValue(r, dml.TensorDataTypeUint32)))
		checkSequence(t, dml.TensorDataTypeInt64, n, int64(randomValue(r, dml.TensorDataTypeInt64)), int64(randomValue(r, dml.TensorDataTypeInt64)))
		checkSequence(t, dml.TensorDataTypeUint64, n, randomValue(r, dml.TensorDataTypeUint64), randomValue(r, dml.TensorDataTypeUint64))
		checkSequence(t, dml.TensorDataTypeInt64, n, int(randomValue(r, dml.TensorDataTypeInt64)), int(randomValue(r, dml.TensorDataTypeInt64)))
		checkSequence(t, dml.TensorDataTypeUint64, n, uint(randomValue(r, dml.TensorDataTypeUint64)), uint(randomValue(r, dml.TensorDataTypeUint64)))
		checkSequence(t, dml.TensorDataTypeUint64, n, uintptr(randomValue(r, dml.TensorDataTypeUint64)), uintptr(randomValue(r, dml.TensorDataTypeUint64)))
		checkSequence(t, dml.TensorDataTypeFloat32, n, math.Float32frombits(uint32(randomValue(r, dml.TensorDataTypeFloat32))), math.Float32frombits(uint32(randomValue(r, dml.TensorDataTypeFloat32))))
		checkSequence(t, dml.TensorDataTypeFloat16, n, float16.Frombits(uint16(randomValue(r, dml.TensorDataTypeFloat16))), float16.Frombits(uint16(randomValue(r, dml.TensorDataTypeFloat16))))
		f64 := []float64{0, math.Copysign(0, -1), 0.1, 0.3, -1.5, 1e300, 5e-324, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, float64(r.IntN(100))}
		checkSequence(t, dml.TensorDataTypeFloat64, n, f64[r.IntN(len(f64))], f64[r.IntN(len(f64))])
	}
	if err := dml.Sequence([]float32(nil), 1, 2); err != nil {
		t.Errorf("empty slice: %v", err)
	}
}

func TestSequenceTooLong(t *testing.T) {
	if unsafe.Sizeof(0) < 8 {
		t.Skip("needs 64-bit ints")
	}
	// 2^32 bytes of address space, never touched (Sequence refuses first),
	// mapped outside Go's heap: a slice the heap gave would be zeroed first
	// where its pages had been used before (4 GB resident where other
	// packages' tests shared the CPU and the heap had not yet returned its
	// free pages).
	n := uint64(dml.MaxElements) + 1
	huge, free, err := untouchedBuffer(int(n))
	if err != nil {
		t.Skip(err)
	}
	defer free()
	if err := dml.Sequence(huge, 1, 1); !errors.Is(err, dml.ErrInvalidArg) {
		t.Fatalf("got %v", err)
	}
	if huge[0] != 0 || huge[len(huge)-1] != 0 {
		t.Fatal("written")
	}
}

func littleEndianHost() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}

// TestSequenceFloat64Lanes: float64 sequences whose values stay exact in
// float64 (the vector lanes' case) and ones that do not, long enough for the
// vector methods, from an aligned and an unaligned start, against the
// math/big reference.
func TestSequenceFloat64Lanes(t *testing.T) {
	for _, c := range []struct{ start, delta float64 }{
		{0.5, 0.25}, {1000.5, -0.125}, {-3, 1}, {0x1p-1000, 0x1p-1001}, {1e15, 3}, {0.1, 0.3}, {1 << 52, 1},
	} {
		for _, n := range []int{33, 1000, 20000} {
			buf := make([]float64, n+1)
			for _, dst := range [][]float64{buf[:n], buf[1:]} {
				if err := dml.Sequence(dst, c.start, c.delta); err != nil {
					t.Fatal(err)
				}
				for i, v := range dst {
					if !sampled(uint64(i), uint64(n), n) {
						continue
					}
					if want := exact.Element(dml.TensorDataTypeFloat64, math.Float64bits(c.start), math.Float64bits(c.delta), uint64(i)); math.Float64bits(v) != want {
						t.Fatalf("start %g delta %g n %d: element %d is %x, want %x", c.start, c.delta, n, i, math.Float64bits(v), want)
					}
				}
			}
		}
	}
}

// mallocs returns how many heap allocations f makes.
func mallocs(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.Mallocs - m0.Mallocs
}

// TestSequenceNoAllocation holds Sequence on one worker (below the size
// that splits) to no allocation, for each kind of element, where no call
// makes the same sequence as the call before it (its Filler lives on the
// stack); and where every call makes the same one, to a few allocations at
// the first repeat (the Filler it keeps, with its plan) and none after.
func TestSequenceNoAllocation(t *testing.T) {
	u8, f32, f64 := make([]uint8, 4096), make([]float32, 4096), make([]float64, 4096)
	f16 := make([]float16.Float16, 4096)
	for name, f := range map[string]func(k int){
		"uint8":   func(k int) { _ = dml.Sequence(u8, 3, uint8(7+k)) },
		"float32": func(k int) { _ = dml.Sequence(f32, 0.1, float32(k)+0.3) },
		"float64": func(k int) { _ = dml.Sequence(f64, 0.1, float64(k)+0.3) },
		"float16": func(k int) { _ = dml.Sequence(f16, float16.Fromfloat32(0.1), float16.Fromfloat32(3e-4*float32(k+1))) },
	} {
		f(1) // a first call (its allocations, none expected, not counted)
		// The least of three rounds: the counters are the process's, and
		// on a loaded machine the runtime itself was seen to allocate
		// during one round (6 under Wine, in CI); a call that allocates
		// allocates in every round.
		n := uint64(math.MaxUint64)
		for range 3 {
			n = min(n, mallocs(func() {
				for k := range 40 {
					f(k % 2) // never the call before it again
				}
			}))
		}
		if n != 0 {
			t.Errorf("Sequence on []%s, calls that repeat no call: %d allocations in 40 calls, want 0", name, n)
		}
		if n := mallocs(func() {
			for range 40 {
				f(2)
			}
		}); n == 0 || n > 4 {
			t.Errorf("Sequence on []%s, the same call 40 times: %d allocations, want 1 to 4 (the Filler kept at the first repeat)", name, n)
		}
		if n := mallocs(func() {
			for range 40 {
				f(2)
			}
		}); n != 0 {
			t.Errorf("Sequence on []%s, the same call again: %d allocations in 40 calls, want 0", name, n)
		}
	}
}

// TestExecuteNoAllocation: Execute on buffers at other addresses in turn
// allocates nothing; on one buffer again and again, once (the plan its
// operator keeps at the first repeat), then nothing.
func TestExecuteNoAllocation(t *testing.T) {
	op, err := benchcore.Op(dml.TensorDataTypeFloat16, []uint32{1, 1, 1, 4096}, nil, "0.1", "0.3", 1)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 8192+64)
	a, b := buf[:8192], buf[2:8194]
	_ = op.Execute(a)
	if n := mallocs(func() {
		for k := range 40 {
			_ = op.Execute([][]byte{b, a}[k%2])
		}
	}); n != 0 {
		t.Errorf("Execute on two buffers in turn: %d allocations in 40 calls, want 0", n)
	}
	if n := mallocs(func() {
		for range 40 {
			_ = op.Execute(a)
		}
	}); n == 0 || n > 2 {
		t.Errorf("Execute on one buffer 40 times: %d allocations, want 1 or 2 (the plan kept at the first repeat)", n)
	}
	if n := mallocs(func() {
		for range 40 {
			_ = op.Execute(a)
		}
	}); n != 0 {
		t.Errorf("Execute on one buffer again: %d allocations in 40 calls, want 0", n)
	}
}

// TestOperatorShared: goroutines executing one operator at once, on buffers
// at other addresses and again on the same ones (its remembered plan taken
// and replaced among them), write what one Execute alone writes (go test
// -race watches the operator).
func TestOperatorShared(t *testing.T) {
	op, err := benchcore.Op(dml.TensorDataTypeFloat16, []uint32{1, 1, 1, 20000}, nil, "-1000", "0.07", 1)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]byte, 40000)
	if err := op.Execute(want); err != nil {
		t.Fatal(err)
	}
	onGoroutines(t, 4, func(g int) string {
		bufs := [][]byte{make([]byte, 40000), make([]byte, 40064)[2:40002]}
		for k := range 60 {
			b := bufs[(k/3+g)%2] // each buffer three times in a row
			clear(b)
			if err := op.Execute(b); err != nil {
				return err.Error()
			}
			if !bytes.Equal(b, want) {
				return fmt.Sprintf("call %d: the output differs from one Execute's", k)
			}
		}
		return ""
	})
}

// TestSequenceRepeated: calls that repeat the call before them (the Filler
// kept and its plan) write the reference's elements, on slices at other
// addresses too, and so do goroutines making two sequences at once (go test
// -race watches the kept Filler).
func TestSequenceRepeated(t *testing.T) {
	if !littleEndianHost() {
		t.Skip("bitsOf reads host order as little-endian")
	}
	r := newRand(19)
	for range draws(100) {
		n := 1 + r.IntN(5000)
		s16, d16 := float16.Frombits(uint16(randomValue(r, dml.TensorDataTypeFloat16))), float16.Frombits(uint16(randomValue(r, dml.TensorDataTypeFloat16)))
		s32, d32 := math.Float32frombits(uint32(randomValue(r, dml.TensorDataTypeFloat32))), math.Float32frombits(uint32(randomValue(r, dml.TensorDataTypeFloat32)))
		s8, d8 := int8(randomValue(r, dml.TensorDataTypeInt8)), int8(randomValue(r, dml.TensorDataTypeInt8))
		for range 3 {
			checkSequence(t, dml.TensorDataTypeFloat16, n, s16, d16)
		}
		for range 3 {
			checkSequence(t, dml.TensorDataTypeFloat32, n, s32, d32)
		}
		for range 3 {
			checkSequence(t, dml.TensorDataTypeInt8, n, s8, d8)
		}
	}
	onGoroutines(t, 4, func(g int) string {
		for k := range 50 {
			s, d := float32(0.1), float32(0.3)
			if k%10 >= 5 && g%2 == 1 {
				s, d = -1000, 0.07
			}
			if why := sequenceMismatch(dml.TensorDataTypeFloat16, 3000, float16.Fromfloat32(s), float16.Fromfloat32(d)); why != "" {
				return why
			}
		}
		return ""
	})
}

// TestRowsNoAllocation: Execute on padded rows (the row kernels of
// float32 and float16 from index 0, rows as runs, integer rows) allocates
// nothing once its plans are remembered: the planner's tables name their
// conditions rather than call them through function values, which moved
// the Seq and the rows' facts to the heap on every fill. (Rows of every
// row method, from any index: internal/kernel's TestFillRowsNoAllocation.)
func TestRowsNoAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("allocations counted in the full run (the race detector's sync.Pool drops items)")
	}
	for _, c := range []struct {
		dt           dml.TensorDataType
		rows, n, row uint32 // rows of n elements, row elements apart
		start, delta string
	}{
		{dml.TensorDataTypeFloat32, 64, 1024, 1040, "0.1", "0.3"},
		{dml.TensorDataTypeFloat32, 64, 1024, 1040, "1", "1"},
		{dml.TensorDataTypeFloat16, 64, 1024, 1040, "0.1", "3e-4"},
		{dml.TensorDataTypeFloat16, 100, 512, 520, "-3", "0.01"},
		{dml.TensorDataTypeFloat32, 40, 300, 301, "0.1", "0.3"},
		{dml.TensorDataTypeInt32, 40, 300, 301, "5", "-3"},
	} {
		sizes := []uint32{1, 1, c.rows, c.n}
		strides := []uint32{c.rows * c.row, c.rows * c.row, c.row, 1}
		op, err := benchcore.Op(c.dt, sizes, strides, c.start, c.delta, 1)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, dml.CalcBufferTensorSize(c.dt, sizes, strides))
		for range 3 { // (the plans remembered)
			if err := op.Execute(buf); err != nil {
				t.Fatal(err)
			}
		}
		var failed error
		n := testing.AllocsPerRun(20, func() {
			if err := op.Execute(buf); err != nil {
				failed = err
			}
		})
		if failed != nil {
			t.Fatal(failed)
		}
		if n != 0 {
			t.Errorf("%v %d rows of %d, %d apart, %s, %s: %v allocations an Execute, want 0", c.dt, c.rows, c.n, c.row, c.start, c.delta, n)
		}
	}
}
