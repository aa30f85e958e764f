// Command dmlbench measures how fast Execute writes packed and strided
// tensors of every data type, against this machine's ceiling for writing
// non-zero data, measured in the same run.
//
//	go run ./cmd/dmlbench            # the full table (several minutes)
//	go run ./cmd/dmlbench -quick     # fewer, shorter samples
//	go run ./cmd/dmlbench -types FLOAT16,INT64   # only these types' rows
//	go run ./cmd/dmlbench -quick -sweep 10 -seed 3   # 10 random sequences a type
//	go run ./cmd/dmlbench -quick -table avx2   # as a machine without AVX-512 runs
//
// It ends with a summary: how many rows meet their targets (the speed issue's:
// 0.85 of the ceiling at 4 MiB and 256 MiB, 0.8 at 64 KiB or 0.7 for rounding
// floats, padded rows and channels-innermost (NHWC) layouts 0.85 of packed,
// all threads never slower than one,
// dml.Sequence 0.9 of Execute, a 4-element Execute within 100 ns without
// allocating) and the one farthest from its target, then every row short
// of its target. All threads are compared with one thread measured in
// alternation with them, where they use more than one worker. The worker
// count Execute chooses (measured on this machine: internal/workers) is
// measured against every count forced (1, 2, 4, ... GOMAXPROCS) at 1, 4,
// 16 and 256 MiB, in alternation: a forced count more than 5% faster is a
// row short.
//
// Figures are GB/s of output written (10^9 bytes a second), best of several
// samples, and the ratio to the ceiling at the same size: the fastest of the
// store methods in internal/kernel (AVX2 non-temporal stores, AVX2 stores,
// REP STOSQ), measured in alternation with each Execute so that both see
// the same machine: this one is shared and its speed drifts. Where /usr/bin/python3 has NumPy (and PyTorch),
// scripts/arange_bench.py runs their arange at the same sizes in the same
// session.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/benchcore"
	"github.com/dmlgo/dml/internal/kernel"
	"github.com/dmlgo/dml/internal/workers"
	"github.com/x448/float16"
)

var (
	quick    = flag.Bool("quick", false, "fewer and shorter samples")
	typeList = flag.String("types", "", "comma-separated data types to measure (default: all ten); with it, the companion script is not run")
	sweepN   = flag.Int("sweep", 0, "measure only this many random sequences a type (packed, one thread, every size) instead of the table")
	seed     = flag.Uint64("seed", 1, "the seed of -sweep's sequences")
	table    = flag.String("table", "", "the kernel table to measure: avx512, avx2 or go (default: the fastest this machine runs)")
)

type size struct {
	name  string
	bytes int
}

var sizes = []size{{"64KiB", 64 << 10}, {"4MiB", 4 << 20}, {"256MiB", 256 << 20}}

// pair measures f against the write ceiling for the same number of bytes,
// alternating their samples so that both see the same machine (it is shared,
// and its speed drifts): it returns f's best rate and the ratio to the
// ceiling's best rate in the same window.
func pair(n int, ceilingBuf []byte, f func()) (rate, ratio float64) {
	ceil, rate := alternate(func() float64 { return bestCeiling(ceilingBuf[:n]) }, func() float64 { return measure(n, f) })
	return rate, rate / ceil
}

// alternate takes samples of the rates a and b in turn, a first, and
// returns the best of each.
func alternate(a, b func() float64) (ra, rb float64) {
	rounds := 3
	if *quick {
		rounds = 2
	}
	for range rounds {
		ra = math.Max(ra, a())
		rb = math.Max(rb, b())
	}
	return ra, rb
}

// bestCeiling is the fastest of the store methods on b, in GB/s.
func bestCeiling(b []byte) float64 { return benchcore.Ceiling(b, measure) }

// measure returns the best rate, in GB/s, of running f (which writes n bytes)
// over several samples, each long enough to time well.
func measure(n int, f func()) float64 {
	f() // warm up: fault the pages in, fill the caches
	reps := 1
	for {
		t := time.Now()
		for range reps {
			f()
		}
		if d := time.Since(t); d > 20*time.Millisecond || reps > 1<<20 {
			break
		}
		reps *= 2
	}
	samples := 5
	if *quick {
		samples = 2
	}
	best := 0.0
	for range samples {
		t := time.Now()
		for range reps {
			f()
		}
		d := time.Since(t).Seconds()
		best = math.Max(best, float64(n)*float64(reps)/d/1e9)
	}
	return best
}

type seq struct {
	name         string
	start, delta string
	rounding     bool // the values need rounding (a float sequence not exact in its type)
}

// sequences are the Execute rows of a type: the easy one for all, and for
// the floats the rounding-heavy ones the targets name.
func sequences(dt dml.TensorDataType) []seq {
	s := []seq{{"easy 0,+1", "0", "1", false}}
	switch dt {
	case dml.TensorDataTypeFloat32:
		s = append(s, seq{"round 0.1,+0.3", "0.1", "0.3", true}, seq{"large 1e7,+0.3", "1e7", "0.3", true})
	case dml.TensorDataTypeFloat16:
		// 0, +1 rounds from 2049 on (every size measured passes it: a
		// rounding sequence by the targets). 0.1 + i*0.3 passes 65504
		// after 218k elements and is inf from there: the others stay
		// finite at every size measured.
		s[0].rounding = true
		s = append(s, seq{"round 0.1,+0.3", "0.1", "0.3", true}, seq{"fine 0.1,+3e-4", "0.1", "0.0003", true},
			seq{"ties 2048,+1/8", "2048", "0.125", true}, // every 16th element a tie
			seq{"zero -1000,+.07", "-1000", "0.07", true})
	}
	return s
}

// padSequences are the padded-layout rows of a type.
func padSequences(dt dml.TensorDataType) []seq {
	s := []seq{{"easy 0,+1", "0", "1", false}}
	switch dt {
	case dml.TensorDataTypeFloat16:
		s = append(s, seq{"fine 0.1,+3e-4", "0.1", "0.0003", true})
	case dml.TensorDataTypeFloat32:
		s = append(s, seq{"round 0.1,+0.3", "0.1", "0.3", true})
	}
	return s
}

// goNativeRow is a dml.Sequence row: the element type, the Execute type
// of the same bytes (Unknown: none, measured against the ceiling).
type goNativeRow struct {
	name string
	dt   dml.TensorDataType
	seq  seq
	fill func(b []byte) func()
}

func goNative(types []dml.TensorDataType) []goNativeRow {
	has := map[dml.TensorDataType]bool{}
	for _, t := range types {
		has[t] = true
	}
	var rows []goNativeRow
	if has[dml.TensorDataTypeFloat32] {
		rows = append(rows, goNativeRow{"[]float32", dml.TensorDataTypeFloat32, seq{"round 0.1,+0.3", "0.1", "0.3", true}, func(b []byte) func() {
			xs := unsafe.Slice((*float32)(unsafe.Pointer(&b[0])), len(b)/4)
			return func() { _ = dml.Sequence(xs, 0.1, 0.3) }
		}}, goNativeRow{"[]float64", dml.TensorDataTypeUnknown, seq{"round 0.1,+0.3", "0.1", "0.3", true}, func(b []byte) func() {
			xs := unsafe.Slice((*float64)(unsafe.Pointer(&b[0])), len(b)/8)
			return func() { _ = dml.Sequence(xs, 0.1, 0.3) }
		}})
	}
	if has[dml.TensorDataTypeFloat16] {
		rows = append(rows, goNativeRow{"[]Float16", dml.TensorDataTypeFloat16, seq{"round 0.1,+3e-4", "0.1", "0.0003", true}, func(b []byte) func() {
			xs := unsafe.Slice((*float16.Float16)(unsafe.Pointer(&b[0])), len(b)/2)
			s, d := float16.Fromfloat32(0.1), float16.Fromfloat32(0.0003)
			return func() { _ = dml.Sequence(xs, s, d) }
		}})
	}
	if has[dml.TensorDataTypeUint8] {
		rows = append(rows, goNativeRow{"[]uint8", dml.TensorDataTypeUint8, seq{"easy 0,+1", "0", "1", false}, func(b []byte) func() {
			return func() { _ = dml.Sequence(b, 0, 1) }
		}})
	}
	if has[dml.TensorDataTypeInt64] {
		rows = append(rows, goNativeRow{"[]int64", dml.TensorDataTypeInt64, seq{"easy 0,+1", "0", "1", false}, func(b []byte) func() {
			xs := unsafe.Slice((*int64)(unsafe.Pointer(&b[0])), len(b)/8)
			return func() { _ = dml.Sequence(xs, 0, 1) }
		}})
	}
	return rows
}

// summary collects every row's figure against its target and names the
// worst.
type summary struct {
	rows []target
}

type target struct {
	row       string
	got, want float64
	atMost    bool
}

func (s *summary) atLeast(row string, got, want float64) {
	s.rows = append(s.rows, target{row, got, want, false})
}
func (s *summary) atMost(row string, got, want float64) {
	s.rows = append(s.rows, target{row, got, want, true})
}

// margin is how far a row is past its target (negative: short of it), as a
// ratio.
func (t target) margin() float64 {
	if t.atMost {
		return (t.want + 1) / (t.got + 1)
	}
	return t.got / t.want
}

func (s *summary) print() {
	if len(s.rows) == 0 {
		return
	}
	worst, short := s.rows[0], 0
	for _, t := range s.rows {
		if t.margin() < worst.margin() {
			worst = t
		}
		if t.margin() < 1 {
			short++
		}
	}
	op := ">="
	if worst.atMost {
		op = "<="
	}
	fmt.Printf("Summary: %d of %d rows meet their targets; the worst: %s: %.2f (target %s %.2f)\n",
		len(s.rows)-short, len(s.rows), worst.row, worst.got, op, worst.want)
	for _, t := range s.rows {
		if t.margin() < 1 {
			op := ">="
			if t.atMost {
				op = "<="
			}
			fmt.Printf("  short: %s: %.3f (target %s %.2f)\n", t.row, t.got, op, t.want)
		}
	}
	fmt.Println()
}

func main() {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), `Usage: dmlbench [-quick] [-types T,T] [-table avx512|avx2|go] [-sweep N [-seed S]]

Measures this machine's ceiling for writing memory, then the operator's speed
against it: Execute on packed tensors of 64 KiB, 4 MiB and 256 MiB for every
type, one thread and all; padded, strided and channels-innermost layouts
against packed; dml.Sequence; and NumPy's and PyTorch's arange where Debian's
python3-numpy and python3-torch are installed. It takes about eight minutes
(-quick: one or two) and prints a summary of the rows short of their targets.

Flags:
`)
		flag.PrintDefaults()
	}
	flag.Parse()
	if *table != "" {
		check(kernel.UseTable(*table))
	}
	types := []dml.TensorDataType{
		dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16,
		dml.TensorDataTypeUint8, dml.TensorDataTypeInt8, dml.TensorDataTypeUint16, dml.TensorDataTypeInt16,
		dml.TensorDataTypeUint32, dml.TensorDataTypeInt32, dml.TensorDataTypeUint64, dml.TensorDataTypeInt64,
	}
	padTypes := []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeUint8, dml.TensorDataTypeFloat16, dml.TensorDataTypeInt64}
	if *typeList != "" {
		types = nil
		for _, name := range strings.Split(*typeList, ",") {
			dt, err := dml.ParseTensorDataType(strings.TrimSpace(name))
			check(err)
			types = append(types, dt)
		}
		padTypes = types
	}
	buf := benchcore.PageAligned(sizes[len(sizes)-1].bytes)
	cbuf := benchcore.PageAligned(sizes[len(sizes)-1].bytes) // the ceiling's own buffer
	fmt.Printf("dmlbench: %s/%s, %d CPUs (GOMAXPROCS %d), CPU features %+v, %s; kernel table %s\n\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), kernel.CPU, cpuName(), kernel.TableName())
	if kernel.CPU.AVX512 && kernel.TableName() != "avx512" {
		fmt.Printf("(the %s table on a CPU with AVX-512: the instructions of a machine without it, not its\n"+
			"penalties, such as a CPU's cost of mixing legacy SSE and AVX; run there to see those)\n\n", kernel.TableName())
	}

	// The ceiling: the fastest way this machine writes non-zero bytes.
	ceiling := map[string]float64{}
	fmt.Println("Write ceiling, one thread, GB/s (non-zero pattern):")
	fmt.Printf("  %-10s", "method")
	for _, s := range sizes {
		fmt.Printf(" %9s", s.name)
	}
	fmt.Println()
	for _, m := range kernel.StoreMethods {
		fmt.Printf("  %-10s", m.Name)
		for _, s := range sizes {
			b := buf[:s.bytes]
			r := measure(s.bytes, func() { m.Store(b, benchcore.Pattern) })
			ceiling[s.name] = math.Max(ceiling[s.name], r)
			fmt.Printf(" %9.1f", r)
		}
		fmt.Println()
	}
	fmt.Printf("  %-10s", "clear()")
	for _, s := range sizes {
		b := buf[:s.bytes]
		fmt.Printf(" %9.1f", measure(s.bytes, func() { clear(b) }))
	}
	fmt.Println("   (zeros: not a ceiling for a sequence)")
	fmt.Println()

	var sum summary
	if *sweepN > 0 {
		sweep(types, *sweepN, *seed, buf, cbuf, &sum)
		sum.print()
		return
	}
	var threads []string // the all-threads rows' figures against one thread, printed after the table
	fmt.Println("Execute on packed tensors, GB/s and ratio to the ceiling measured in alternation with it:")
	fmt.Printf("  %-8s %-16s %-8s", "type", "sequence", "threads")
	for _, s := range sizes {
		fmt.Printf(" %15s", s.name)
	}
	fmt.Println()
	for _, dt := range types {
		for _, sq := range sequences(dt) {
			for _, wk := range threadCounts() {
				wname := "1"
				if wk == 0 {
					wname = fmt.Sprint(runtime.GOMAXPROCS(0))
				}
				fmt.Printf("  %-8v %-16s %-8s", dt, sq.name, wname)
				against := fmt.Sprintf("  %-8v %-16s", dt, sq.name)
				for _, s := range sizes {
					n := s.bytes / int(dt.ElementSize())
					op := mustOp(dt, []uint32{uint32(n)}, nil, sq, wk)
					b := buf[:s.bytes]
					r, ratio := pair(s.bytes, cbuf, func() { _ = op.Execute(b) })
					fmt.Printf(" %7.1f (%4.2f)", r, ratio)
					row := fmt.Sprintf("%v %s %s threads %s", dt, sq.name, wname, s.name)
					switch {
					case wk == 1:
						want := 0.85
						if s.name == "64KiB" {
							want = 0.8
							if sq.rounding {
								want = 0.7
							}
						}
						sum.atLeast(row+" (of the ceiling)", ratio, want)
					case workers.For(uint64(n), uint64(dt.ElementSize()), 0) == 1:
						// All threads choose one worker here: the same
						// code as one thread's (the choice itself is
						// measured in the worker-count rows).
						against += fmt.Sprintf(" %14s", "one worker")
					default:
						// Against one thread measured in alternation with
						// all (as the ceiling is with each).
						one := mustOp(dt, []uint32{uint32(n)}, nil, sq, 1)
						r1, rAll := alternate(func() float64 { return measure(s.bytes, func() { _ = one.Execute(b) }) },
							func() float64 { return measure(s.bytes, func() { _ = op.Execute(b) }) })
						sum.atLeast(row+" (of one thread)", rAll/r1, sameSpeed)
						against += fmt.Sprintf(" %14s", fmt.Sprintf("%d of 1: %.2f", runtime.GOMAXPROCS(0), rAll/r1))
					}
				}
				fmt.Println()
				if wk == 0 {
					threads = append(threads, against)
				}
			}
		}
	}
	fmt.Println()
	if len(threads) > 0 {
		fmt.Printf("All threads against one, in alternation: where they split, their rate of one thread's (\"%d of 1\"); where they choose one worker, one thread's code:\n",
			runtime.GOMAXPROCS(0))
		for _, t := range threads {
			fmt.Println(t)
		}
		fmt.Println()
		workerRows(types, buf, &sum)
	}

	// against writes a layout of a type and sequence against the packed
	// tensor of the same sizes, one thread, the two alternated like the
	// ceiling and Execute, and holds it to 0.85 of packed.
	against := func(label string, dt dml.TensorDataType, sq seq, sizeName string, sz, strides []uint32) {
		packed := mustOp(dt, sz, nil, sq, 1)
		laid := mustOp(dt, sz, strides, sq, 1)
		n := int(dml.CalcBufferTensorSize(dt, sz, nil)) // element bytes written, the same for both
		b := buf[:dml.CalcBufferTensorSize(dt, sz, strides)]
		var rp, rs float64
		for range 3 {
			rp = math.Max(rp, measure(n, func() { _ = packed.Execute(b) }))
			rs = math.Max(rs, measure(n, func() { _ = laid.Execute(b) }))
		}
		fmt.Printf("  %s: %.1f vs %.1f GB/s (%.2f of packed)", sizeName, rs, rp, rs/rp)
		sum.atLeast(fmt.Sprintf("%s %v %s %s (of packed)", label, dt, sq.name, sizeName), rs/rp, 0.85)
	}

	fmt.Println("Padded strided layout (rows of 1024 elements padded by 16) against packed, one thread:")
	for _, dt := range padTypes {
		for _, sq := range padSequences(dt) {
			fmt.Printf("  %-8v %-16s", dt, sq.name)
			for _, s := range sizes[1:] {
				rows := s.bytes / int(dt.ElementSize()) / 1040
				against("padded", dt, sq, s.name, []uint32{uint32(rows), 1024}, []uint32{1040, 1})
			}
			fmt.Println()
		}
	}
	fmt.Println()

	fmt.Println("Channels innermost (NHWC: sizes [1, C, H, W], strides [P*H*W, 1, P*W, P], a pixel P elements: 3 channels of W = 1024, and 3 channels in pixels of 4; FLOAT16 also 64 channels of W = 64; FLOAT32 and INT64 5 channels) against packed, one thread:")
	type pixels struct{ c, w, p int }
	for _, dt := range padTypes {
		sq := padSequences(dt)[len(padSequences(dt))-1]
		nhwc := []pixels{{3, 1024, 3}, {3, 1024, 4}}
		switch dt {
		case dml.TensorDataTypeFloat16:
			nhwc = append(nhwc, pixels{64, 64, 64})
		case dml.TensorDataTypeFloat32, dml.TensorDataTypeInt64:
			nhwc = append(nhwc, pixels{5, 1024, 5})
		}
		for _, l := range nhwc {
			label := "NHWC"
			switch {
			case l.p != l.c:
				label = fmt.Sprintf("NHWC C=%d P=%d", l.c, l.p)
			case l.c != 3:
				label = fmt.Sprintf("NHWC C=%d", l.c)
			}
			fmt.Printf("  %-8v %-16s C=%-3d P=%-3d", dt, sq.name, l.c, l.p)
			for _, s := range sizes[1:] {
				h := s.bytes / int(dt.ElementSize()) / (l.p * l.w) // (the span within the buffer)
				against(label, dt, sq, s.name, []uint32{1, uint32(l.c), uint32(h), uint32(l.w)},
					[]uint32{uint32(l.p * h * l.w), 1, uint32(l.p * l.w), uint32(l.p)})
			}
			fmt.Println()
		}
	}
	fmt.Println()

	fmt.Println("The Go-native API, dml.Sequence (one goroutine below 8 MiB, up to GOMAXPROCS above), against one-thread Execute on the same bytes (FLOAT64: the ceiling):")
	for _, g := range goNative(types) {
		fmt.Printf("  %-10s %-16s", g.name, g.seq.name)
		for _, s := range sizes {
			b := buf[:s.bytes]
			fill := g.fill(b)
			var rs, rx float64
			of := "Execute"
			if g.dt == dml.TensorDataTypeUnknown {
				of = "the ceiling"
				rs, rx = pair(s.bytes, cbuf, fill)
				rx = rs / rx // the ceiling's rate
			} else {
				op := mustOp(g.dt, []uint32{uint32(s.bytes / int(g.dt.ElementSize()))}, nil, g.seq, 1)
				for range 3 {
					rs = math.Max(rs, measure(s.bytes, fill))
					rx = math.Max(rx, measure(s.bytes, func() { _ = op.Execute(b) }))
				}
			}
			fmt.Printf("  %s: %.1f vs %.1f GB/s (%.2f)", s.name, rs, rx, rs/rx)
			sum.atLeast(fmt.Sprintf("Sequence %s %s %s (of %s)", g.name, g.seq.name, s.name, of), rs/rx, 0.9)
		}
		fmt.Println()
	}
	fmt.Println()

	fmt.Println("A 4-element Execute (FLOAT32, 0.1 + i*0.3):")
	small := mustOp(dml.TensorDataTypeFloat32, []uint32{4}, nil, seq{"", "0.1", "0.3", true}, 0)
	sb := buf[:16]
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = small.Execute(sb)
		}
	})
	fmt.Printf("  %d ns/op, %d allocs/op\n\n", res.NsPerOp(), res.AllocsPerOp())
	sum.atMost("4-element Execute (ns)", float64(res.NsPerOp()), 100)
	sum.atMost("4-element Execute (allocations)", float64(res.AllocsPerOp()), 0)
	sum.print()

	if *typeList == "" {
		runCompanion()
	}
}

// sameSpeed is the least ratio of all threads to one thread, where they
// split, judged not slower: two measurements of the same code in
// alternation differ by up to 1.2% on this project's machine (the
// two-thread rows below 8 MiB, which ran one thread's code, 0.988-1.000
// of it in one run of 2026-11-25), and at 256 MiB the shared machine's
// memory may give a second thread nothing.
const sameSpeed = 0.98

// threadCounts are the worker limits of the Execute rows: one, and all
// (GOMAXPROCS, as 0) where that is more than one.
func threadCounts() []int {
	if runtime.GOMAXPROCS(0) == 1 {
		return []int{1}
	}
	return []int{1, 0}
}

func mustOp(dt dml.TensorDataType, sizes, strides []uint32, sq seq, workers int) dml.Operator {
	op, err := benchcore.Op(dt, sizes, strides, sq.start, sq.delta, workers)
	check(err)
	return op
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "dmlbench:", err)
		os.Exit(1)
	}
}

func cpuName() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	var name, family, model string
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "model name":
			name = cmp.Or(name, strings.TrimSpace(v))
		case "cpu family":
			family = cmp.Or(family, strings.TrimSpace(v))
		case "model":
			model = cmp.Or(model, strings.TrimSpace(v))
		}
	}
	if family != "" {
		name += fmt.Sprintf(" (family %s, model %s)", family, model)
	}
	return name
}

// runCompanion runs NumPy's and PyTorch's arange at the same sizes, if
// Debian's python3-numpy (and python3-torch) are installed.
func runCompanion() {
	script := filepath.Join("scripts", "arange_bench.py")
	if _, err := os.Stat(script); err != nil {
		fmt.Println("(scripts/arange_bench.py not found: run dmlbench from the repository's root for NumPy/PyTorch figures)")
		return
	}
	args := []string{script}
	if *quick {
		args = append(args, "--quick")
	}
	cmd := exec.Command("/usr/bin/python3", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Println("(NumPy/PyTorch comparison not run:", err, ")")
	}
}
