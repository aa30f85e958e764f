// Command dmlbench measures how fast Execute writes packed and strided
// tensors of every data type, against this machine's ceiling for writing
// non-zero data, measured in the same run.
//
//	go run ./cmd/dmlbench            # the full table (several minutes)
//	go run ./cmd/dmlbench -quick     # under 90 s on 2 cores: four types, fewer and shorter samples
//	go run ./cmd/dmlbench -types FLOAT16,INT64   # only these types' rows
//	go run ./cmd/dmlbench -quick -sweep 10 -seed 3   # 10 random sequences a type
//	go run ./cmd/dmlbench -quick -table avx2   # as a machine without AVX-512 runs
//	go run ./cmd/dmlbench -quick -layouts      # only the padded and NHWC rows, against their own ceilings
//
// It ends with a summary: how many rows meet their targets (the speed issue's:
// 0.85 of the ceiling at 4 MiB and 256 MiB, 0.8 at 64 KiB or 0.7 for rounding
// floats, padded rows and channels-innermost (NHWC) layouts 0.9 of their own
// ceiling, all threads never slower than one,
// dml.Sequence 0.9 of Execute, a 4-element Execute within 100 ns without
// allocating) and the one farthest from its target, then every row short
// of its target, then which layout rows are short of their own ceiling.
// Each figure is measured in two rounds or more (the ratio
// of each round) as well as best of all: a row short of its target whose
// rounds differ by more than its tolerance (5%; 2% for all threads against
// one) is listed as too noisy to judge, not as short. All threads are compared with one thread measured in
// alternation with them, where they use more than one worker. The worker
// count Execute chooses (measured on this machine: internal/workers) is
// measured against every count forced (1, 2, 4, ... GOMAXPROCS) at 64 and
// 256 KiB, 1, 4, 16 and 256 MiB, in alternation: a forced count more than 5% faster is a
// row short. Where Debian's python3-torch is installed, the chosen count is
// measured against PyTorch's arange(out=) with a thread per CPU at the same
// sizes (under -quick at 64 KiB, 1 and 4 MiB only), in alternation, served
// a figure at a time by scripts/arange_bench.py --serve: under 0.95 of
// PyTorch is a row short (-workers measures these rows alone).
//
// A layout's own ceiling is the fastest plain writer of exactly its bytes
// and no byte between them (internal/ceiling: regular stores, and with
// AVX-512 a store a 64-byte line, masked where a line is partly the
// layout's, whole lines regular or streamed), measured in alternation with
// the layout and with the packed tensor of the same sizes; each layout row
// prints its ratio to both and is judged against its own ceiling.
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
	"time"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/benchcore"
	"github.com/dmlgo/dml/internal/kernel"
	"github.com/x448/float16"
)

var (
	quick      = flag.Bool("quick", false, "a short run, under a minute and a half on 2 cores: fewer and shorter samples, four types (FLOAT32, FLOAT16, UINT8, INT64) unless -types, NumPy and PyTorch at 64 KiB and 4 MiB, the worker rows against PyTorch at 64 KiB, 1 and 4 MiB")
	typeList   = flag.String("types", "", "comma-separated data types to measure (default: all ten, or four with -quick); with it, the companion script is not run")
	sweepN     = flag.Int("sweep", 0, "measure only this many random sequences a type (packed, one thread, every size) instead of the table")
	seed       = flag.Uint64("seed", 1, "the seed of -sweep's sequences")
	table      = flag.String("table", "", "the kernel table to measure: avx512, avx2 or go (default: the fastest this machine runs)")
	layouts    = flag.Bool("layouts", false, "measure only the layout rows (padded, channels-innermost), each against its own ceiling and packed")
	workerOnly = flag.Bool("workers", false, "measure only the worker rows: the count Execute chooses against each count forced and against PyTorch with a thread per CPU")
)

type size struct {
	name  string
	bytes int
}

var sizes = []size{{"64KiB", 64 << 10}, {"4MiB", 4 << 20}, {"256MiB", 256 << 20}}

// pair measures f against the write ceiling for the same number of bytes,
// alternating their samples so that both see the same machine (it is shared,
// and its speed drifts): it returns f's best rate, the ratio to the
// ceiling's best rate in the same window, and that ratio as each round
// measured it.
func pair(n int, ceilingBuf []byte, f func()) (rate, ratio float64, measured []float64) {
	ceil, rate, measured := alternate(func() float64 { return bestCeiling(ceilingBuf[:n]) }, func() float64 { return measure(n, f) })
	return rate, rate / ceil, measured
}

// rounds is how many times a figure is measured: twice at least, so that
// noise shows as the two disagreeing.
func rounds() int {
	if *quick {
		return 2
	}
	return 3
}

// alternate takes samples of the rates a and b in turn, a first, and
// returns the best of each and the ratio b/a of each round.
func alternate(a, b func() float64) (ra, rb float64, ratios []float64) {
	for range rounds() {
		x := a()
		y := b()
		ra = math.Max(ra, x)
		rb = math.Max(rb, y)
		ratios = append(ratios, y/x)
	}
	return ra, rb, ratios
}

// quickCeiling is, under -quick, the store method the ceiling rows found
// fastest at each size in bytes: a pair then measures only it as the
// ceiling, not every method again.
var quickCeiling = map[int]kernel.StoreMethod{}

// bestCeiling is the fastest of the store methods on b, in GB/s.
func bestCeiling(b []byte) float64 {
	if m, ok := quickCeiling[len(b)]; ok {
		return measure(len(b), func() { m.Store(b, benchcore.Pattern) })
	}
	return benchcore.Ceiling(b, measure)
}

// measure returns the best rate, in GB/s, of running f (which writes n bytes)
// over several samples, each long enough to time well (20 ms, 5 ms under
// -quick).
func measure(n int, f func()) float64 {
	f() // warm up: fault the pages in, fill the caches
	long := 20 * time.Millisecond
	samples := 5
	if *quick {
		long = 5 * time.Millisecond
		samples = 2
	}
	reps := 1
	for {
		t := time.Now()
		for range reps {
			f()
		}
		if d := time.Since(t); d > long || reps > 1<<20 {
			break
		}
		reps *= 2
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

func main() {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), `Usage: dmlbench [-quick] [-types T,T] [-table avx512|avx2|go] [-layouts | -workers | -sweep N [-seed S]]

Measures this machine's ceiling for writing memory, then the operator's speed
against it: Execute on packed tensors of 64 KiB, 4 MiB and 256 MiB for every
type, one thread and all; padded and channels-innermost layouts against
their own ceiling (the fastest plain writer of exactly their bytes) and
packed; the worker count Execute chooses against each count forced and
against PyTorch with a thread per CPU (64 KiB to 256 MiB; -quick: PyTorch at
64 KiB, 1 and 4 MiB), in alternation; dml.Sequence; and NumPy's and
PyTorch's arange where Debian's python3-numpy and python3-torch are
installed. It takes about eight minutes (-quick: under a minute and a half
on 2 cores) and prints a summary of the rows short of their targets, and of
those too noisy to judge: the same figure, measured in two rounds, differing
by more than its tolerance.

Flags:
`)
		flag.PrintDefaults()
	}
	flag.Parse()
	if *table != "" {
		check(kernel.UseTable(*table))
	}
	types, padTypes := benchTypes()
	b := &bench{
		buf:  benchcore.PageAligned(sizes[len(sizes)-1].bytes),
		cbuf: benchcore.PageAligned(sizes[len(sizes)-1].bytes), // the ceiling's own buffer
	}
	fmt.Printf("dmlbench: %s/%s, %d CPUs (GOMAXPROCS %d), CPU features %+v, %s; kernel table %s\n\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), kernel.CPU, cpuName(), kernel.TableName())
	if kernel.CPU.AVX512 && kernel.TableName() != "avx512" {
		fmt.Printf("(the %s table on a CPU with AVX-512: the instructions of a machine without it, not its\n"+
			"penalties, such as a CPU's cost of mixing legacy SSE and AVX; run there to see those)\n\n", kernel.TableName())
	}
	if *layouts {
		b.paddedRows(padTypes)
		b.nhwcRows(padTypes)
		b.sum.print(os.Stdout)
		return
	}
	if *workerOnly {
		workerRows(types, b.buf, &b.sum)
		b.sum.print(os.Stdout)
		return
	}
	b.ceilingRows()
	if *sweepN > 0 {
		sweep(types, *sweepN, *seed, b.buf, b.cbuf, &b.sum)
		b.sum.print(os.Stdout)
		return
	}
	b.packedRows(types)
	b.paddedRows(padTypes)
	b.nhwcRows(padTypes)
	b.sequenceRows(types)
	b.smallExecute()
	b.sum.print(os.Stdout)
	if *typeList == "" {
		runCompanion()
	}
}

// benchTypes returns the types of the packed rows and of the layout rows:
// every type and four, or the -types given for both.
func benchTypes() (types, padTypes []dml.TensorDataType) {
	types = []dml.TensorDataType{
		dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16,
		dml.TensorDataTypeUint8, dml.TensorDataTypeInt8, dml.TensorDataTypeUint16, dml.TensorDataTypeInt16,
		dml.TensorDataTypeUint32, dml.TensorDataTypeInt32, dml.TensorDataTypeUint64, dml.TensorDataTypeInt64,
	}
	padTypes = []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeUint8, dml.TensorDataTypeFloat16, dml.TensorDataTypeInt64}
	if *typeList == "" && *quick {
		return padTypes, padTypes
	}
	if *typeList == "" {
		return types, padTypes
	}
	types = nil
	for _, name := range strings.Split(*typeList, ",") {
		dt, err := dml.ParseTensorDataType(strings.TrimSpace(name))
		check(err)
		types = append(types, dt)
	}
	return types, types
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
