package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/cli"
	"github.com/dmlgo/dml/internal/passes"
)

// The tests build libdmlfill as a C programmer would (go build
// -buildmode=c-shared), compile C and C++ programs against dmlfill.h, link
// them to it and run them; and a Python ctypes program (Debian's
// python3-numpy). They skip, saying why, where there is no C compiler.

var lib struct {
	once sync.Once
	dir  string // holds libdmlfill.so
	err  error
}

// sharedLib builds libdmlfill.so once for the package's tests.
func sharedLib(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the C library and C programs (the full run does)")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the C tests run on Linux")
	}
	for _, tool := range []string{"cc", "c++"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no C compiler (%s): install gcc and g++ to test the C library", tool)
		}
	}
	lib.once.Do(func() {
		lib.dir, lib.err = os.MkdirTemp("", "dmlfill-capi")
		if lib.err != nil {
			return
		}
		cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", filepath.Join(lib.dir, "libdmlfill.so"), ".")
		if out, err := cmd.CombinedOutput(); err != nil {
			lib.err = fmt.Errorf("go build -buildmode=c-shared: %v\n%s", err, out)
		}
	})
	if lib.err != nil {
		t.Fatal(lib.err)
	}
	return lib.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if lib.dir != "" {
		os.RemoveAll(lib.dir)
	}
	os.Exit(code)
}

// compile builds a C (cc) or C++ (c++) program against dmlfill.h and the
// library, warnings as errors.
func compile(t *testing.T, dir, compiler, std, src string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(src), filepath.Ext(src)))
	args := []string{"-std=" + std, "-Wall", "-Wextra", "-Werror", "-I.", "-o", bin, src, "-L" + dir, "-ldmlfill", "-lpthread", "-Wl,-rpath," + dir}
	if out, err := exec.Command(compiler, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", compiler, strings.Join(args, " "), err, out)
	}
	return bin
}

func run(t *testing.T, bin string, args ...string) string {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestHeader: dmlfill.h compiles as plain C99 and as C++ with every
// warning, its layout asserts hold, and it declares nothing of directml.h's
// again when directml.h's include guard is defined.
func TestHeader(t *testing.T) {
	dir := sharedLib(t)
	for _, c := range []struct{ compiler, std, src string }{
		{"cc", "c99", "testdata/guard_test.c"},
		{"c++", "c++11", "testdata/fill_test.cpp"},
	} {
		args := []string{"-std=" + c.std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-I.", "-fsyntax-only"}
		if c.compiler == "cc" {
			args = append(args, "-x", "c")
		}
		if out, err := exec.Command(c.compiler, append(args, c.src)...).CombinedOutput(); err != nil {
			t.Errorf("%s %s: %v\n%s", c.compiler, c.src, err, out)
		}
	}
	// Plain C99 of the header alone, pedantic.
	src := filepath.Join(t.TempDir(), "only.c")
	os.WriteFile(src, []byte("#include \"dmlfill.h\"\nint main(void) { return DmlFillValueSequence(0, DML_FEATURE_LEVEL_6_4, 0, 0) == S_OK; }\n"), 0o644)
	if out, err := exec.Command("cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I.", "-o", filepath.Join(t.TempDir(), "only"), src,
		"-L"+dir, "-ldmlfill").CombinedOutput(); err != nil {
		t.Errorf("the header as C99: %v\n%s", err, out)
	}
}

// TestCExamples: the documentation's two examples, the errors (NULLs, a
// short buffer, a DimensionCount never read), the check, DmlParseScalar's
// values and errors, from C.
func TestCExamples(t *testing.T) {
	dir := sharedLib(t)
	run(t, compile(t, dir, "cc", "gnu11", "testdata/fill_test.c"), "examples")
}

// TestCVersion: DmlFillVersion returns dml.Version, the same pointer on
// every call.
func TestCVersion(t *testing.T) {
	dir := sharedLib(t)
	run(t, compile(t, dir, "cc", "gnu11", "testdata/fill_test.c"), "version", dml.Version)
	if out, err := exec.Command(compile(t, dir, "cc", "gnu11", "testdata/fill_test.c"), "version", dml.Version+"x").CombinedOutput(); err == nil {
		t.Errorf("the C test takes %q for the version %q: %s", dml.Version+"x", dml.Version, out)
	}
}

// TestHeaderSPDX: dmlfill.h's first line names its license (a header
// travels alone), the LICENSE file's.
func TestHeaderSPDX(t *testing.T) {
	h, err := os.ReadFile("dmlfill.h")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(h), "\n")
	if first != "/* SPDX-License-Identifier: MIT */" {
		t.Errorf("dmlfill.h's first line is %q", first)
	}
	license, err := os.ReadFile("../LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(license), "MIT License\n") {
		t.Errorf("LICENSE does not begin with \"MIT License\": %.40q", license)
	}
}

// TestCFork: in children forked from a process that loaded the library
// (before any call, and after calls), every function fails at once with
// E_FAIL and says why, where it once hung for ever in the Go runtime;
// DmlFillVersion returns the version the parent had asked for, else "".
func TestCFork(t *testing.T) {
	dir := sharedLib(t)
	bin := compile(t, dir, "cc", "gnu11", "testdata/fill_test.c")
	run(t, bin, "fork", "unused")
	run(t, bin, "fork", "used")
}

// TestCThreads: eight threads fill at once and each reads back its own
// error text.
func TestCThreads(t *testing.T) {
	dir := sharedLib(t)
	run(t, compile(t, dir, "cc", "gnu11", "testdata/fill_test.c"), "threads")
}

// TestCppEveryTypeAndLevel: every type at every feature level, packed,
// strided and padded, from C++.
func TestCppEveryTypeAndLevel(t *testing.T) {
	dir := sharedLib(t)
	run(t, compile(t, dir, "c++", "c++11", "testdata/fill_test.cpp"))
}

// TestCRandomDescriptors: random descriptors, valid and not, through the C
// library, give the Go library's bytes (E_INVALIDARG and the buffer
// untouched where CreateOperator rejects them): 250 of them, 1000 under
// DML_LONG=1.
func TestCRandomDescriptors(t *testing.T) {
	dir := sharedLib(t)
	n := 250
	if passes.Long() {
		n = 1000
	}
	r := rand.New(rand.NewPCG(38, 1000))
	var cases []descCase
	var in strings.Builder
	valid := 0
	for range n {
		c := randomDescCase(r)
		if _, err := dml.NewDevice(c.level).CreateOperator(c.desc); err == nil {
			valid++
		}
		writeDescCase(&in, c)
		cases = append(cases, c)
	}
	tmp := t.TempDir()
	inPath, outPath := filepath.Join(tmp, "cases.txt"), filepath.Join(tmp, "out.bin")
	if err := os.WriteFile(inPath, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, compile(t, dir, "cc", "gnu11", "testdata/fill_test.c"), "cases", inPath, outPath)
	out, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		if len(out) < 4+int(c.bufsize) {
			t.Fatalf("case %d: the C program's output ends early", i)
		}
		hr := int32(binary.LittleEndian.Uint32(out))
		got := out[4 : 4+c.bufsize]
		out = out[4+c.bufsize:]
		want, wantHR, err := goDescBytes(c)
		if hr != wantHR || !bytes.Equal(got, want) {
			t.Fatalf("case %d (level %v, %+v): HRESULT %#x, want %#x (Go: %v); bytes equal %v",
				i, c.level, *c.desc.OutputTensor, uint32(hr), uint32(wantHR), err, bytes.Equal(got, want))
		}
	}
	if valid < n/5 {
		t.Fatalf("only %d of %d descriptors valid", valid, n)
	}
	t.Logf("%d descriptors, %d valid: the C library's bytes are the Go library's", n, valid)
}

// descCase is one of TestCRandomDescriptors' descriptors: the device's
// feature level, the descriptor, and the output buffer's size and offset
// from a 64-byte boundary.
type descCase struct {
	level   dml.FeatureLevel
	desc    *dml.FillValueSequenceOperatorDesc
	bufsize uint64
	offset  int
}

// randomDescCase draws a descriptor of any type, 1 to 5 dimensions (4 half
// the time), packed or strided (some aliasing), its total size at times
// short of the tensor or padded, and at times a flag, an alignment or a
// buffer one byte short.
func randomDescCase(r *rand.Rand) descCase {
	levels := []dml.FeatureLevel{dml.FeatureLevel2_0, dml.FeatureLevel2_1, dml.FeatureLevel4_0, dml.FeatureLevel5_0, dml.FeatureLevel6_4}
	types := []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16, dml.TensorDataTypeUint32, dml.TensorDataTypeUint16,
		dml.TensorDataTypeUint8, dml.TensorDataTypeInt32, dml.TensorDataTypeInt16, dml.TensorDataTypeInt8, dml.TensorDataTypeUint64,
		dml.TensorDataTypeInt64, dml.TensorDataTypeFloat64}
	c := descCase{level: levels[r.IntN(len(levels))]}
	dt := types[r.IntN(len(types))]
	dims := 1 + r.IntN(5)
	if r.IntN(2) == 0 {
		dims = 4
	}
	sizes := make([]uint32, dims)
	for i := range sizes {
		sizes[i] = uint32(1 + r.IntN(6))
	}
	var strides []uint32
	if r.IntN(2) == 0 {
		strides = make([]uint32, dims)
		for i := range strides {
			strides[i] = uint32(r.IntN(40)) // (some alias: rejected)
		}
	}
	total := dml.CalcBufferTensorSize(dt, sizes, strides)
	switch r.IntN(8) {
	case 0:
		total -= uint64(r.IntN(5)) // short of the tensor: rejected
	case 1:
		total += uint64(r.IntN(64))
	}
	align := uint32(0)
	if r.IntN(4) == 0 {
		align = uint32(1 << r.IntN(7))
	}
	c.desc = &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, Strides: strides, TotalTensorSizeInBytes: total, GuaranteedBaseOffsetAlignment: align},
		ValueDataType: dt,
		ValueStart:    dml.ScalarBits(r.Uint64()),
		ValueDelta:    dml.ScalarBits(r.Uint64()),
	}
	if r.IntN(15) == 0 {
		c.desc.OutputTensor.Flags = dml.TensorFlags(1)
	}
	c.bufsize = total
	if r.IntN(10) == 0 && total > 0 {
		c.bufsize = total - 1 // a short buffer
	}
	c.offset = []int{0, 0, 4, 8, 16, 1}[r.IntN(6)]
	return c
}

// writeDescCase writes a case as the line testdata/fill_test.c reads: the
// level, type, flags and dimension count, the sizes, whether strides follow
// and the strides, then the total size, alignment, start and delta bits,
// buffer size and offset.
func writeDescCase(in *strings.Builder, c descCase) {
	t := c.desc.OutputTensor
	fmt.Fprintf(in, "%d %d %d %d", c.level, t.DataType, t.Flags, len(t.Sizes))
	for _, s := range t.Sizes {
		fmt.Fprintf(in, " %d", s)
	}
	fmt.Fprintf(in, " %d", map[bool]int{false: 0, true: 1}[t.Strides != nil])
	for _, s := range t.Strides {
		fmt.Fprintf(in, " %d", s)
	}
	fmt.Fprintf(in, " %d %d %d %d %d %d\n", t.TotalTensorSizeInBytes, t.GuaranteedBaseOffsetAlignment, c.desc.ValueStart.Bits(), c.desc.ValueDelta.Bits(), c.bufsize, c.offset)
}

// goDescBytes runs a case on the Go library: the bytes it leaves in a
// buffer of 0xA5 at the case's offset from a 64-byte boundary, and the
// HRESULT the C library should give (E_INVALIDARG where CreateOperator or
// Execute fails, with that error).
func goDescBytes(c descCase) (want []byte, wantHR int32, err error) {
	// The Go library on the same bytes: a buffer of 0xA5 at the same
	// offset from a 64-byte boundary.
	mem := make([]byte, int(c.bufsize)+c.offset+64)
	base := (64 - int(uintptr(unsafeAddr(mem)))%64) % 64
	want = mem[base+c.offset : base+c.offset+int(c.bufsize)]
	for j := range want {
		want[j] = 0xA5
	}
	wantHR = int32(0)
	op, err := dml.NewDevice(c.level).CreateOperator(c.desc)
	if err == nil {
		err = op.Execute(want)
	}
	if err != nil {
		wantHR = -0x7ff8ffa9 // E_INVALIDARG
	}
	return want, wantHR, err
}

// TestPythonNumPy: a NumPy array filled in place through ctypes.
func TestPythonNumPy(t *testing.T) {
	dir := sharedLib(t)
	py := "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import numpy").Run(); err != nil {
		t.Skip("no NumPy for /usr/bin/python3 (Debian's python3-numpy): the ctypes test skips")
	}
	run(t, py, "testdata/numpy_fill.py", filepath.Join(dir, "libdmlfill.so"))
}

// TestREADMEExample: the C++ example (examples/cpp/causal_mask.cpp)
// compiles and prints what the README says it prints.
func TestREADMEExample(t *testing.T) {
	dir := sharedLib(t)
	src, err := os.ReadFile("../examples/cpp/causal_mask.cpp")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(string(src), "\n"); lines > 40 {
		t.Errorf("the C++ example has %d lines", lines)
	}
	want := readmeShows(t, "$ bash examples/cpp/build.sh\n")
	if got := run(t, compile(t, dir, "c++", "c++17", "../examples/cpp/causal_mask.cpp")); got != want {
		t.Errorf("the C++ example prints\n%s\nthe README says\n%s", got, want)
	}
}

// TestPythonExample: examples/python/arange.py, run with the package
// dmlfill of this checkout (python/, its library named by DMLFILL_LIBRARY:
// the one go build -buildmode=c-shared made), prints what the README says
// it prints.
func TestPythonExample(t *testing.T) {
	dir := sharedLib(t)
	if err := exec.Command("/usr/bin/python3", "-c", "import numpy").Run(); err != nil {
		t.Skip("no /usr/bin/python3 with NumPy (python3-numpy)")
	}
	want := readmeShows(t, "$ python3 examples/python/arange.py\n")
	cmd := exec.Command("/usr/bin/python3", "examples/python/arange.py")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "PYTHONPATH=python", "DMLFILL_LIBRARY="+filepath.Join(dir, "libdmlfill.so"), "PYTHONDONTWRITEBYTECODE=1")
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3 examples/python/arange.py: %v\n%s", err, got)
	}
	if string(got) != want {
		t.Errorf("the Python example prints\n%s\nthe README says\n%s", got, want)
	}
}

// readmeShows returns the lines the README shows after the command line
// cmd in an indented block, up to the block's end or the next command.
func readmeShows(t *testing.T, cmd string) string {
	t.Helper()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "    "+cmd)
	if !ok {
		t.Fatalf("README.md does not show %q", cmd)
	}
	var shown strings.Builder
	for _, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "    $ ") {
			break
		}
		shown.WriteString(strings.TrimPrefix(line, "    ") + "\n")
	}
	return shown.String()
}

func unsafeAddr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// TestCArchive: the static library (go build -buildmode=c-archive) links
// into a C program that runs the documentation's examples.
func TestCArchive(t *testing.T) {
	sharedLib(t) // (the same skips)
	dir := t.TempDir()
	if out, err := exec.Command("go", "build", "-buildmode=c-archive", "-o", filepath.Join(dir, "libdmlfill.a"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-archive: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "fill_test")
	if out, err := exec.Command("cc", "-std=gnu11", "-Wall", "-Werror", "-I.", "-o", bin, "testdata/fill_test.c", filepath.Join(dir, "libdmlfill.a"), "-lpthread").CombinedOutput(); err != nil {
		t.Fatalf("linking libdmlfill.a: %v\n%s", err, out)
	}
	run(t, bin, "examples")
}

// TestCReportAgrees: the C library's reports and its report struct say
// what dmlfill says of the same data, a PyTorch fill on 5 threads (150,001
// FLOAT16 elements, the torch-avx2 model split in 5 parts of 30,001): the
// text and the JSON of DmlCheckFillValueSequenceReport are dmlfill
// -check's and -report json's byte for byte; the struct holds every fit of
// the JSON with its count, the split under its full name with its parts,
// those that explain first and flagged so, none left out; dmlfill -plot's
// title says what explains it as the text does.
func TestCReportAgrees(t *testing.T) {
	dir := sharedLib(t)
	data := filepath.Join(t.TempDir(), "t.raw")
	fill, start, delta := torchSplit(t, data)
	_, text, _ := dmlfill(t, append(fill, "-check", data)...)
	_, js, _ := dmlfill(t, append(fill, "-check", data, "-report", "json")...)
	pic := filepath.Join(t.TempDir(), "t.svg")
	dmlfill(t, append(fill, "-check", data, "-plot", pic)...)
	out := run(t, compile(t, dir, "cc", "gnu11", "testdata/fill_test.c"), "report", fmt.Sprint(int(dml.TensorDataTypeFloat16)), "150001",
		fmt.Sprint(start), fmt.Sprint(delta), "0.1", "0.3", data)
	cText, rest, _ := strings.Cut(strings.TrimPrefix(out, "text\n"), "json\n")
	cJSON, fits, _ := strings.Cut(rest, "fits\n")
	if cText != text || cJSON != js {
		t.Fatalf("the C library's text\n%s\nand JSON\n%s\ndmlfill's\n%s\n%s", cText, cJSON, text, js)
	}
	var doc struct {
		Models      map[string]*uint64
		ExplainedBy []string
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	const split = "torch-avx2 in 5 parts of 30001"
	if len(doc.ExplainedBy) != 1 || doc.ExplainedBy[0] != split || doc.Models[split] == nil || *doc.Models[split] != 150001 {
		t.Fatalf("the JSON: explained by %v, %s %v", doc.ExplainedBy, split, doc.Models[split])
	}
	lines := strings.Split(strings.TrimSuffix(fits, "\n"), "\n")
	counts := lines[len(lines)-1]
	lines = lines[:len(lines)-1]
	if counts != "counts\t0\t150001\t"+exactOf(t, text)+"\t"+exactOf(t, text)+"\t0" || len(lines) != len(doc.Models) {
		t.Errorf("the struct: %q and %d fits; the JSON has %d", counts, len(lines), len(doc.Models))
	}
	for k, line := range lines {
		f := strings.Split(line, "\t")
		explains := k < len(doc.ExplainedBy)
		want := fmt.Sprintf("%s\t%d\t1\t%d\t0\t0", f[0], *doc.Models[f[0]], map[bool]int{false: 0, true: 1}[explains])
		if f[0] == split {
			want = split + "\t150001\t1\t1\t5\t30001"
		}
		if doc.Models[f[0]] == nil || line != want || explains && f[0] != doc.ExplainedBy[k] {
			t.Errorf("the struct's fit %d: %q, want %q (explained by %v)", k, line, want, doc.ExplainedBy)
		}
	}
	svg, err := os.ReadFile(pic)
	if err != nil || !strings.Contains(string(svg), ">explained by: "+split+"<") || !strings.Contains(text, "\nexplained by: "+split+"\n") {
		t.Errorf("the plot's title does not say what the text says (explained by: %s): %v", split, err)
	}
}

// exactOf is the count of a text report's "exact:" line.
func exactOf(t *testing.T, text string) string {
	t.Helper()
	_, rest, ok := strings.Cut(text, "\nexact: ")
	n, _, _ := strings.Cut(rest, " ")
	if !ok {
		t.Fatalf("no exact count in %q", text)
	}
	return n
}

// dmlfill runs the command with args.
func dmlfill(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := cli.Main(args, &out, &errs)
	if code != 0 && code != 3 {
		t.Fatalf("dmlfill %s: exit %d, %s", strings.Join(args, " "), code, errs.String())
	}
	return code, out.String(), errs.String()
}

// torchSplit writes to path PyTorch's CPU arange of 0.1, +0.3 as FLOAT16
// on 5 threads (check.ModelBits of torch-avx2 with ModelInput.Parts 5),
// and returns the fill flags it claims to be and the scalars' bits.
func torchSplit(t *testing.T, path string) (fill []string, start, delta uint64) {
	t.Helper()
	const n = 150001
	dt := dml.TensorDataTypeFloat16
	s, _ := dml.ParseScalar(dt, "0.1")
	d, _ := dml.ParseScalar(dt, "0.3")
	in := check.ModelInput{Type: dt, Start: s.Bits(), Delta: d.Bits(), Count: n, Written: &check.Written{Start: 0.1, Delta: 0.3}, Parts: 5}
	bits := make([]uint64, n)
	if err := check.ModelBits(check.ModelTorchAVX2, in, 0, bits); err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 2*n)
	for i, b := range bits {
		binary.LittleEndian.PutUint16(raw[2*i:], uint16(b))
	}
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"-type", "FLOAT16", "-sizes", fmt.Sprint(n), "-start", "0.1", "-delta", "0.3"}, s.Bits(), d.Bits()
}

// TestHeaderNamesDeclared: every function of the library that dmlfill.h,
// docs/c-library.md and the README name (a word Dml...) is one the header
// declares, so that no text sends a C programmer to a function that does
// not exist.
func TestHeaderNamesDeclared(t *testing.T) {
	h, err := os.ReadFile("dmlfill.h")
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^DMLFILL_API [^;(]*\b(Dml\w+)\(`).FindAllStringSubmatch(string(h), -1) {
		declared[m[1]] = true
	}
	if len(declared) < 7 {
		t.Fatalf("dmlfill.h declares %d functions: %v", len(declared), declared)
	}
	for _, f := range []string{"dmlfill.h", "../docs/c-library.md", "../README.md"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range regexp.MustCompile(`\bDml[A-Z]\w*`).FindAllString(string(b), -1) {
			if !declared[name] {
				t.Errorf("%s names %s, which dmlfill.h does not declare", f, name)
			}
		}
	}
}
