package dml_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
	wk "github.com/dmlgo/dml/internal/workers"
)

// The tests in this file run what a user's call runs: the store verdict
// measured (at every fill of 16 MiB or more, kernel.Recheck being 0 in these
// tests: see TestMain), the worker count Execute chooses under a cap of 1,
// 2 and 3, on every kernel table this machine has, on buffers filled with a
// pattern first; and they hold every byte of the buffer, elements and
// padding, to the exact reference (exact.Seq, which shares no code with the
// kernels).

// fillPattern is the byte every buffer holds before a fill: no element of
// the sequences below is made of it alone, often enough to tell.
const fillPattern = 0xA7

// bigLayout is a layout of a kind the kernels treat apart, sized (by its
// element size) to span a given number of bytes or a little more.
type bigLayout struct {
	name string
	make func(es, span uint64) (sizes, strides []uint32)
}

// bigLayouts are the layout kinds: packed, padded rows, channels-innermost
// pixels, padded pixels, gaps in two and three dimensions, scattered
// elements (an innermost stride above 1), and the two layouts of the
// exactness bug (whose store measurement wrote over padding and over other
// workers' rows).
var bigLayouts = []bigLayout{
	{"packed", func(es, span uint64) ([]uint32, []uint32) {
		return []uint32{2, u32(span / es / 2)}, nil
	}},
	{"padded rows", func(es, span uint64) ([]uint32, []uint32) {
		n := uint64(1000)
		return []uint32{u32(span / es / (n + 24)), u32(n)}, []uint32{u32(n + 24), 1}
	}},
	{"short padded rows", func(es, span uint64) ([]uint32, []uint32) {
		return []uint32{u32(span / es / 13), 11}, []uint32{13, 1}
	}},
	{"pixels, channels innermost", func(es, span uint64) ([]uint32, []uint32) {
		c, w := uint64(5), uint64(256)
		h := span / es / (c * w)
		return []uint32{1, u32(c), u32(h), u32(w)}, []uint32{u32(h * w * c), 1, u32(w * c), u32(c)}
	}},
	{"padded pixels, 3 channels in 4", func(es, span uint64) ([]uint32, []uint32) {
		w := uint64(512)
		return []uint32{u32(span / es / (4 * w)), u32(w), 3}, []uint32{u32(4 * w), 4, 1}
	}},
	{"gaps in two dimensions", func(es, span uint64) ([]uint32, []uint32) {
		b, c := uint64(7), uint64(300)
		pitch := b*(c+9) + 101
		return []uint32{u32(span / es / pitch), u32(b), u32(c)}, []uint32{u32(pitch), u32(c + 9), 1}
	}},
	{"gaps in three dimensions", func(es, span uint64) ([]uint32, []uint32) {
		b, c, d := uint64(3), uint64(5), uint64(200)
		row := d + 7
		plane := c*row + 33
		pitch := b*plane + 1001
		return []uint32{u32(span / es / pitch), u32(b), u32(c), u32(d)}, []uint32{u32(pitch), u32(plane), u32(row), 1}
	}},
	{"scattered elements", func(es, span uint64) ([]uint32, []uint32) {
		n := uint64(700)
		pitch := 3*n + 5
		return []uint32{u32(span / es / pitch), u32(n)}, []uint32{u32(pitch), 3}
	}},
	{"the bug's rows (20000x120 in 123)", func(es, span uint64) ([]uint32, []uint32) {
		return []uint32{u32(span / es / 123), 120}, []uint32{123, 1}
	}},
	{"the bug's gaps (13x2x120 in 305844)", func(es, span uint64) ([]uint32, []uint32) {
		return []uint32{u32(max(2, span/es/305844)), 2, 120}, []uint32{305844, 123, 1}
	}},
}

func u32(v uint64) uint32 { return uint32(max(1, min(v, math.MaxUint32))) }

// TestPrefilledEveryByte: every layout kind, at spans past every threshold
// of the code (16 MiB, from which the store verdict is measured and
// streaming stores may be taken; the worker split, as measured; the plan
// memo, below 16 MiB a run; the command's windows of 8 MiB), every type,
// with 1, 2 and 3 workers and as measured, executed twice (the second time from the
// remembered plans), and by windows: every byte as the reference says.
// Each layout and span runs on one of the machine's kernel tables, in turn
// (the operator's own, dml.OnTable), each table's fills a subtest of their
// own, the tables in parallel;
// the quick pass draws one type for each layout at each span, DML_LONG=1
// runs every type, at one span a layout (17 and 40 MiB in turn).
func TestPrefilledEveryByte(t *testing.T) {
	t.Parallel()
	r := newRand(49)
	spans := []uint64{17 << 20, 40 << 20}
	if testing.Short() {
		spans = []uint64{17 << 20}
	}
	names := tables(t)
	cases := map[string][]prefilledCase{} // each table's
	c := 0
	for k, l := range bigLayouts {
		if raceOn && k%2 == 1 {
			continue // (under the race detector: every other layout kind)
		}
		for s, span := range spans {
			types := []dml.TensorDataType{allTypes[r.IntN(len(allTypes))]}
			if long() {
				if s != k%len(spans) {
					continue // (the long pass: every type, at one span a layout, in turn)
				}
				types = allTypes
			}
			table := names[c%len(names)] // (every table, in turn)
			c++
			for _, dt := range types {
				pc := prefilledCase{dt: dt, seed: r.Uint64()}
				pc.sizes, pc.strides = l.make(uint64(dt.ElementSize()), span)
				pc.start, pc.delta = sequenceFor(r, dt)
				pc.name = fmt.Sprintf("%s/%s/%v/sizes=%v/strides=%v/start=%#x/delta=%#x", table, l.name, dt, pc.sizes, pc.strides, pc.start, pc.delta)
				cases[table] = append(cases[table], pc)
			}
		}
	}
	for _, table := range names {
		t.Run(table, func(t *testing.T) {
			t.Parallel()
			for _, pc := range cases[table] {
				checkPrefilled(t, pc.name, table, pc.dt, pc.sizes, pc.strides, pc.start, pc.delta, newRand(pc.seed))
			}
		})
	}
}

// TestPrefilledPaddedRows: rows of 1024 elements 16 apart (float32 and
// int64: whole lines, which take the store verdict packed runs take), past
// 16 MiB, as a user's Execute runs them: the verdict measured, whatever it
// says (streaming stores or regular, all the rows' pieces alike), every
// byte as the reference says, with every worker count checkPrefilled
// takes and by windows (internal/kernel's TestStreamedRowsExact holds
// rows of several pieces, streamed, to the reference). Each case runs on
// one of the machine's kernel tables (the operator's own, dml.OnTable), in
// turn (under -short, float32 0, +1 alone).
func TestPrefilledPaddedRows(t *testing.T) {
	cases := []sequenceCase{
		{dml.TensorDataTypeFloat32, "0", "1"}, {dml.TensorDataTypeUint8, "0", "1"},
		{dml.TensorDataTypeFloat32, "0.1", "0.3"}, {dml.TensorDataTypeInt64, "-5", "3"},
		{dml.TensorDataTypeFloat16, "0.1", "0.0003"},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	names := tables(t)
	checkPrefilledCases(t, newRand(57), cases, func(k int) string { return names[k%len(names)] },
		func(es uint64) ([]uint32, []uint32) {
			return []uint32{u32((16<<20)/(1040*es) + 2), 1024}, []uint32{1040, 1}
		})
}

// TestPrefilledPixelsOfFive: channels-innermost pixels of 5 channels past
// 16 MiB, as a user's Execute runs them: rows whose lanes repeat every five
// 128-byte blocks, which from 2 MiB a piece go as 640-byte periods in one
// pass where the table has AVX-512 (internal/kernel's rows-lanes;
// TestRowsLanesPeriods holds the kernels at the threshold), every byte as
// the reference says, with every worker count checkPrefilled takes and by
// windows. Each case runs on the machine's fastest table, whose kernels
// are the periods' where it has them, and the last also on the Go twins'
// (under -short, INT64 and FLOAT32 0.1, +0.3 on the fastest alone).
func TestPrefilledPixelsOfFive(t *testing.T) {
	cases := []sequenceCase{
		{dml.TensorDataTypeInt64, "-5", "3"}, {dml.TensorDataTypeFloat32, "0.1", "0.3"},
		{dml.TensorDataTypeUint8, "7", "1"}, {dml.TensorDataTypeInt32, "0", "-1"},
		{dml.TensorDataTypeInt16, "100", "7"},
	}
	names := tables(t)
	table := func(k int) string { return names[0] }
	if testing.Short() {
		cases = cases[:2]
	} else {
		cases = append(cases, cases[0])
		table = func(k int) string {
			if k == len(cases)-1 {
				return "go"
			}
			return names[0]
		}
	}
	checkPrefilledCases(t, newRand(59), cases, table, func(es uint64) ([]uint32, []uint32) {
		c, w := uint64(5), uint64(256)
		h := (17<<20)/(es*c*w) + 1
		return []uint32{1, u32(c), u32(h), u32(w)}, []uint32{u32(h * w * c), 1, u32(w * c), u32(c)}
	})
}

// TestPrefilledPixelsOfFivePast2p24: FLOAT32 pixels of 5 channels, the
// last channel of every pixel past index 2^24 (80 MiB), as a user's
// Execute runs them: rows that fma-s lanes no longer take, whose f64 lanes repeat
// every five 64-byte blocks, and which from 2 MiB a piece go as 320-byte
// periods in one pass where the table has AVX-512 (internal/kernel's
// rows-lanes; TestRowsLanesPeriods holds the kernels at the threshold),
// every byte as the reference says, with every worker count checkPrefilled
// takes and by windows, on the machine's fastest table and on the Go
// twins'. Skipped under -short (80 MiB, twice).
func TestPrefilledPixelsOfFivePast2p24(t *testing.T) {
	if testing.Short() {
		t.Skip("80 MiB of FLOAT32, twice")
	}
	names := tables(t)
	cases := []sequenceCase{{dml.TensorDataTypeFloat32, "0.1", "0.3"}, {dml.TensorDataTypeFloat32, "0.1", "0.3"}}
	table := func(k int) string { return []string{names[0], "go"}[k] }
	checkPrefilledCases(t, newRand(61), cases, table, func(es uint64) ([]uint32, []uint32) {
		c, w := uint64(5), uint64(1024)
		h := (1<<24)/(4*w) + 1 // (channel 4 of every pixel past index 2^24)
		return []uint32{1, u32(c), u32(h), u32(w)}, []uint32{u32(h * w * c), 1, u32(w * c), u32(c)}
	})
}

// A sequenceCase is a type and its sequence, written as a user writes it.
type sequenceCase struct {
	dt           dml.TensorDataType
	start, delta string
}

// checkPrefilledCases runs checkPrefilled for each case k on table(k), on
// the layout layout gives for the case's element size.
func checkPrefilledCases(t *testing.T, r *rand.Rand, cases []sequenceCase, table func(k int) string, layout func(es uint64) (sizes, strides []uint32)) {
	t.Helper()
	for k, c := range cases {
		sizes, strides := layout(uint64(c.dt.ElementSize()))
		s, err := dml.ParseScalar(c.dt, c.start)
		d, err2 := dml.ParseScalar(c.dt, c.delta)
		if err != nil || err2 != nil {
			t.Fatal(err, err2)
		}
		name := fmt.Sprintf("%s/%v %s,+%s/sizes=%v/strides=%v", table(k), c.dt, c.start, c.delta, sizes, strides)
		checkPrefilled(t, name, table(k), c.dt, sizes, strides, s.Bits(), d.Bits(), r)
	}
}

// A prefilledCase is one fill of TestPrefilledEveryByte, drawn before any
// runs, and the seed of what checkPrefilled draws for it.
type prefilledCase struct {
	name           string
	dt             dml.TensorDataType
	sizes, strides []uint32
	start, delta   uint64
	seed           uint64
}

// tables returns the kernel tables this machine runs (dml.OnTable takes
// them), fastest first.
func tables(t *testing.T) []string {
	t.Helper()
	op := newFillOp(t, "a table's probe", dml.TensorDataTypeInt8, []uint32{1}, nil, 4, 0, 0, 1, "")
	var names []string
	for _, name := range []string{"avx512", "avx2", "go"} {
		if dml.OnTable(op, name) == nil {
			names = append(names, name)
		}
	}
	if len(names) == 0 || names[len(names)-1] != "go" {
		t.Fatalf("tables %v: want the Go twins' (go) among them", names)
	}
	return names
}

// sequenceFor draws a start and a delta for dt: half the time a sequence the
// fast kernels take (small steps, the decimals users write), else any
// values randomValue draws.
func sequenceFor(r *rand.Rand, dt dml.TensorDataType) (start, delta uint64) {
	if r.IntN(2) == 0 {
		return randomValue(r, dt), randomValue(r, dt)
	}
	pairs := [][2]string{{"0", "1"}, {"0.1", "0.3"}, {"-5", "0.001"}, {"1e7", "0.3"}, {"2048", "0.125"}, {"100", "-3"}}
	p := pairs[r.IntN(len(pairs))]
	if !dt.IsFloat() {
		p = [2]string{fmt.Sprint(r.IntN(200) - 100), fmt.Sprint(r.IntN(9) - 4)}
	}
	s, err := dml.ParseScalar(dt, p[0])
	d, err2 := dml.ParseScalar(dt, p[1])
	if err != nil || err2 != nil {
		panic(fmt.Sprint(dt, p, err, err2))
	}
	return s.Bits(), d.Bits()
}

// checkPrefilled creates the operator and holds every byte of its fills to
// the reference: Execute with 1, 2 and 3 workers, and as many as this
// machine measured a fill of its size is worth, on a buffer filled with
// fillPattern, twice each; then ExecuteWindow over windows cut at random
// (ending inside elements and rows), each window a slice with no capacity
// past its end and guarded on both sides.
func checkPrefilled(t *testing.T, name, table string, dt dml.TensorDataType, sizes, strides []uint32, start, delta uint64, r *rand.Rand) {
	t.Helper()
	total := dml.CalcBufferTensorSize(dt, sizes, strides) + uint64(r.IntN(3))*uint64(dt.ElementSize()) // (a buffer longer than the tensor, at times)
	want := wantBuffer(dt, sizes, strides, total, start, delta)
	got := make([]byte, total)
	for _, w := range []int{1, 2, 3, 0} {
		executeTwice(t, name, table, dt, sizes, strides, total, start, delta, w, got, want)
	}
	fillBytes(got, fillPattern)
	op := newFillOp(t, name, dt, sizes, strides, total, start, delta, 0, table)
	defer wk.Measured()() // (the count production chooses, whatever a test running beside this pins)
	windowsGuarded(t, name, op, got, uint64(dt.ElementSize()), r)
	if at := firstDiff(got, want); at >= 0 {
		t.Fatalf("%s: by windows: %s", name, describeDiff(got, want, at, dt, sizes, strides))
	}
}

// executeTwice runs the fill with w workers (0: as many as this machine
// measured a fill of its size is worth, as production does; 2 and 3
// forced, a machine pinned that wants as many as it may have) twice on got,
// pre-filled with fillPattern, and holds every byte to want.
func executeTwice(t *testing.T, name, table string, dt dml.TensorDataType, sizes, strides []uint32, total, start, delta uint64, w int, got, want []byte) {
	t.Helper()
	switch {
	case w > 1:
		defer wk.Pin(eager)()
	case w == 0:
		defer wk.Measured()() // (whatever a test running beside this pins)
	}
	op := newFillOp(t, name, dt, sizes, strides, total, start, delta, w, table)
	fillBytes(got, fillPattern)
	for pass := range 2 {
		if err := op.Execute(got); err != nil {
			t.Fatalf("%s: %d workers: %v", name, w, err)
		}
		if at := firstDiff(got, want); at >= 0 {
			t.Fatalf("%s: %d workers (0: as measured), fill %d: %s", name, w, pass+1, describeDiff(got, want, at, dt, sizes, strides))
		}
	}
}

// eager is a machine pinned to force a worker count: it wants as many
// workers as it may have (the device's SetMaxWorkers caps them).
var eager = wk.Machine{PerWorker: 1e9, Ceiling: 1e15, Procs: 64}

// newFillOp creates the operator, its fills capped at workers (0: none),
// on the kernel table named (dml.OnTable; "": the machine's).
func newFillOp(t *testing.T, name string, dt dml.TensorDataType, sizes, strides []uint32, total, start, delta uint64, workers int, table string) dml.Operator {
	t.Helper()
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	dev.SetMaxWorkers(workers)
	op, err := dev.CreateOperator(&dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total},
		ValueDataType: dt, ValueStart: dml.ScalarBits(start), ValueDelta: dml.ScalarBits(delta),
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if table != "" {
		if err := dml.OnTable(op, table); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return op
}

// windowsGuarded fills buf by ExecuteWindow over consecutive windows: each
// starts at an element boundary (the end of the last element the window
// before held whole) and ends anywhere, up to about 9 MiB long; each is
// handed as a copy in memory of its own, a slice with no capacity past its
// end, with 64 guard bytes on either side that must stay as they were.
func windowsGuarded(t *testing.T, name string, op dml.Operator, buf []byte, es uint64, r *rand.Rand) {
	t.Helper()
	const guard = 64
	mem := make([]byte, guard+9<<20+guard)
	for off := uint64(0); off < uint64(len(buf)); {
		n := min(uint64(len(buf))-off, uint64(1+r.IntN(9<<20)))
		if r.IntN(4) == 0 {
			n = min(uint64(len(buf))-off, uint64(1+r.IntN(3*int(es))))
		}
		fillBytes(mem, 0x5C)
		win := mem[guard : guard+n : guard+n]
		copy(win, buf[off:])
		if err := op.ExecuteWindow(win, off); err != nil {
			t.Fatalf("%s: window [%d, %d): %v", name, off, off+n, err)
		}
		for _, g := range [][]byte{mem[:guard], mem[guard+n : guard+n+guard]} {
			for _, b := range g {
				if b != 0x5C {
					t.Fatalf("%s: window [%d, %d) wrote a guard byte outside it", name, off, off+n)
				}
			}
		}
		copy(buf[off:], win)
		next := (off + n) / es * es
		if next == off && off+n == uint64(len(buf)) {
			break // (less than an element left: padding)
		}
		off = next // (the same offset again where no element lay wholly inside)
	}
}

// wantBuffer returns what a fill must leave in a buffer of total bytes that
// held fillPattern: the elements' bits (exact.Seq) at the offsets the
// definition gives (the sum over dimensions of index times stride, strides
// packed where nil), every other byte as it was.
func wantBuffer(dt dml.TensorDataType, sizes, strides []uint32, total, start, delta uint64) []byte {
	want := make([]byte, total)
	fillBytes(want, fillPattern)
	q := exact.NewSeq(dt, start, delta)
	es := uint64(dt.ElementSize())
	eachOffset(sizes, strides, func(i, o uint64) {
		v := q.Element(i)
		for k := range es {
			want[o*es+k] = byte(v >> (8 * k))
		}
	})
	return want
}

func fillBytes(b []byte, v byte) {
	if len(b) == 0 {
		return
	}
	b[0] = v
	for n := 1; n < len(b); n *= 2 {
		copy(b[n:], b[:n])
	}
}

// firstDiff returns the first byte where got and want differ, or -1.
func firstDiff(got, want []byte) int {
	if bytes.Equal(got, want) {
		return -1
	}
	for i := range got {
		if got[i] != want[i] {
			return i
		}
	}
	return len(got)
}

// describeDiff says what byte at is (an element's, with its index, or
// padding) and how many bytes differ.
func describeDiff(got, want []byte, at int, dt dml.TensorDataType, sizes, strides []uint32) string {
	what := "a padding byte (no element's)"
	es := uint64(dt.ElementSize())
	eachOffset(sizes, strides, func(i, o uint64) {
		if uint64(at)/es == o {
			what = fmt.Sprintf("a byte of element %d", i)
		}
	})
	n := 0
	for i := range got {
		if got[i] != want[i] {
			n++
		}
	}
	return fmt.Sprintf("byte %d, %s, is %#x, want %#x (%d bytes of %d differ)", at, what, got[at], want[at], n, len(got))
}

// TestExecuteWindowEdges: windows past the tensor write nothing, a window
// whose end would pass 2^64 or whose offset lies inside an element is
// refused and writes nothing, windows at offsets near 2^64 are no error,
// and Execute refuses a buffer one byte or one element short, writing
// nothing.
func TestExecuteWindowEdges(t *testing.T) {
	dt := dml.TensorDataTypeInt32
	sizes, strides := []uint32{3, 4}, []uint32{9, 2}
	total := dml.CalcBufferTensorSize(dt, sizes, strides)
	op := newFillOp(t, "edges", dt, sizes, strides, total, 7, 3, 0, "")
	win := make([]byte, 64)
	for _, off := range []uint64{total, total + 4, 1 << 40, math.MaxUint64 - 67} {
		fillBytes(win, fillPattern)
		if err := op.ExecuteWindow(win, off); err != nil {
			t.Fatalf("window at %d: %v", off, err)
		}
		if !bytes.Equal(win, bytes.Repeat([]byte{fillPattern}, len(win))) {
			t.Fatalf("window at %d, past the tensor, was written", off)
		}
	}
	for _, off := range []uint64{math.MaxUint64 - 63, math.MaxUint64 - 59, math.MaxUint64 - 3, 1, 2, 6, total - 1} {
		fillBytes(win, fillPattern)
		err := op.ExecuteWindow(win, off)
		if !errors.Is(err, dml.ErrInvalidArg) {
			t.Fatalf("window of 64 bytes at %d: error %v, want ErrInvalidArg", off, err)
		}
		if !bytes.Equal(win, bytes.Repeat([]byte{fillPattern}, len(win))) {
			t.Fatalf("window at %d, refused, was written", off)
		}
	}
	buf := make([]byte, total)
	for _, short := range []uint64{1, 4} {
		fillBytes(buf, fillPattern)
		if err := op.Execute(buf[:total-short]); !errors.Is(err, dml.ErrInvalidArg) {
			t.Fatalf("a buffer %d bytes short: error %v, want ErrInvalidArg", short, err)
		}
		if !bytes.Equal(buf, bytes.Repeat([]byte{fillPattern}, len(buf))) {
			t.Fatalf("a buffer %d bytes short, refused, was written", short)
		}
	}
}

// FuzzPrefilled draws a layout (one to four dimensions in any memory
// order, padding after any of them, an innermost stride of 1 to 4) and a
// span of up to 64 MiB from the fuzzer's bytes, with a type, a sequence and
// a worker cap of 1 to 3, and holds every byte of a pre-filled buffer to the
// reference after Execute. CI runs it for a counted number of inputs.
func FuzzPrefilled(f *testing.F) {
	f.Add([]byte{1, 26, 2, 0, 5, 9, 3, 200, 1, 0, 0, 7})   // FLOAT16, 64 MiB, padded rows
	f.Add([]byte{8, 24, 3, 1, 2, 4, 120, 5, 17, 3, 0, 2})  // INT64, 16 MiB, 3 dims
	f.Add([]byte{4, 25, 4, 2, 1, 3, 2, 1, 250, 4, 9, 1})   // UINT8, 32 MiB, pixels
	f.Add([]byte{0, 12, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0})     // FLOAT32, 4 KiB, packed
	f.Add([]byte{6, 24, 2, 3, 77, 250, 1, 99, 2, 1, 1, 1}) // INT16, scattered
	f.Fuzz(func(t *testing.T, data []byte) {
		in := fuzzBytes(data)
		take := in.take
		dt := allTypes[take()%len(allTypes)]
		span := uint64(1) << (take() % 27) // (up to 64 MiB)
		dims := 1 + take()%4
		order := newRand(uint64(take())).Perm(dims) // memory order, innermost first
		sizes, strides := make([]uint32, dims), make([]uint32, dims)
		es := uint64(dt.ElementSize())
		stride := uint64(1 + take()%4)
		for k, d := range order {
			size := uint64(1 + take()%300)
			if k == dims-1 { // the outermost: as many as the span holds
				size = max(1, span/es/stride)
			}
			sizes[d], strides[d] = uint32(min(size, 1<<20)), uint32(stride)
			stride = stride*uint64(sizes[d]) + uint64(take()%4*take())
			if stride > math.MaxUint32 {
				return
			}
		}
		workers := 1 + take()%3
		r := newRand(uint64(take()))
		start, delta := sequenceFor(r, dt)
		total := dml.CalcBufferTensorSize(dt, sizes, strides)
		if total > 80<<20 {
			return
		}
		name := fmt.Sprintf("%v/sizes=%v/strides=%v/start=%#x/delta=%#x/%d workers", dt, sizes, strides, start, delta, workers)
		want := wantBuffer(dt, sizes, strides, total, start, delta)
		got := make([]byte, total)
		fillBytes(got, fillPattern)
		if workers > 1 { // (forced: see executeTwice)
			defer wk.Pin(eager)()
		}
		if err := newFillOp(t, name, dt, sizes, strides, total, start, delta, workers, "").Execute(got); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if at := firstDiff(got, want); at >= 0 {
			t.Fatalf("%s: %s", name, describeDiff(got, want, at, dt, sizes, strides))
		}
	})
}
