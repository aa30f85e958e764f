package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/testtmp"
)

// TestCheckCommand: -check passes dmlfill's own output, fails a corrupted
// copy with exit 3 naming the element, passes it with the tolerance, reports
// in JSON, checks a whole strided buffer and its padding, and refuses a
// .npy whose type or shape is not the descriptor's.
func TestCheckCommand(t *testing.T) {
	dir := testtmp.Dir(t)
	npyPath, rawPath := filepath.Join(dir, "x.npy"), filepath.Join(dir, "b.raw")
	fill := []string{"-type", "FLOAT32", "-sizes", "4,6", "-start", "0.1", "-delta", "0.3"}
	if code, _, errs := runCLI(append(fill, "-format", "npy", "-o", npyPath)...); code != 0 {
		t.Fatal(errs)
	}
	checkOwnOutput(t, fill, npyPath)
	checkStridedBuffer(t, fill, rawPath)
	checkIntegers(t, filepath.Join(filepath.Dir(rawPath), "i.raw"))
	sparsePath := filepath.Join(filepath.Dir(rawPath), "sparse.raw")
	if sf, err := os.Create(sparsePath); err == nil {
		sf.Truncate(1<<32 + 5)
		sf.Close()
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-type", "FLOAT16", "-sizes", "4,6", "-check", npyPath}, "holds FLOAT32 of shape [4 6]; the descriptor gives FLOAT16 of shape [4 6]"},
		{[]string{"-type", "FLOAT32", "-sizes", "24", "-check", npyPath}, "of shape [4 6]; the descriptor gives FLOAT32 of shape [24]"},
		{append(fill, "-check", rawPath), "has 120 bytes of values; the descriptor's elements are 96 bytes"},
		// The length is compared before anything is read: a sparse file of
		// 4 GiB and 5 bytes is refused at once by its size.
		{[]string{"-type", "UINT8", "-sizes", "4294967295", "-check", sparsePath}, "has 4294967301 bytes of values; the descriptor's elements are 4294967295 bytes"},
		{append(fill, "-check", npyPath, "-o", "x"), "-o does not apply to -check"},
		{append(fill, "-ulp", "1"), "-ulp applies to -check only"},
		{append(fill, "-check", "/dev/zero"), "is not a regular file"},
	} {
		if code, _, errs := runCLI(tc.args...); code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

// checkOwnOutput: -check passes dmlfill's own .npy at npyPath (written
// with the fill flags), fails it with exit 3 naming element 13 once that
// element is one ULP off, passes it with -ulp 1, and reports it in JSON.
func checkOwnOutput(t *testing.T, fill []string, npyPath string) {
	t.Helper()
	if code, out, errs := runCLI(append(fill, "-check", npyPath)...); code != 0 || !strings.Contains(out, "exact: 24 (100%)") || !strings.HasSuffix(out, "PASS\n") {
		t.Fatalf("own output: exit %d, %q, %q", code, out, errs)
	}
	b, _ := os.ReadFile(npyPath)
	at := len(b) - 24*4 + 13*4 // element 13, [2 1]
	binary.LittleEndian.PutUint32(b[at:], binary.LittleEndian.Uint32(b[at:])+1)
	os.WriteFile(npyPath, b, 0o644)
	code, out, _ := runCLI(append(fill, "-check", npyPath)...)
	if code != 3 || !strings.Contains(out, "worst: element 13 [2 1]: got ") || !strings.Contains(out, "1 ULP") || !strings.HasSuffix(out, "FAIL (elements)\n") {
		t.Fatalf("corrupted: exit %d, %q", code, out)
	}
	if code, out, _ := runCLI(append(fill, "-check", npyPath, "-ulp", "1")...); code != 0 || !strings.HasSuffix(out, "PASS\n") {
		t.Fatalf("-ulp 1: exit %d, %q", code, out)
	}
	code, out, _ = runCLI(append(fill, "-check", npyPath, "-report", "json")...)
	var doc struct {
		Elements, Exact uint64
		OK              bool
		Worst           struct{ Index, ULP uint64 }
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 3 || err != nil || doc.Elements != 24 || doc.Exact != 23 || doc.OK || doc.Worst.Index != 13 || doc.Worst.ULP != 1 {
		t.Fatalf("json: exit %d, %v, %+v, %q", code, err, doc, out)
	}
}

// checkStridedBuffer: -check of a whole strided buffer (-check-format
// buffer) passes it with its padding zeros, and fails it with exit 3 once a
// padding byte is changed.
func checkStridedBuffer(t *testing.T, fill []string, rawPath string) {
	t.Helper()
	// A whole strided buffer, padding zeros, one padding byte changed.
	strided := append(fill, "-strides", "8,1")
	if code, _, errs := runCLI(append(strided, "-format", "buffer", "-o", rawPath)...); code != 0 {
		t.Fatal(errs)
	}
	check := append(strided, "-check", rawPath, "-check-format", "buffer", "-check-padding", "0")
	if code, out, _ := runCLI(check...); code != 0 || !strings.Contains(out, "padding: 24 bytes, 0 not 0x00") {
		t.Fatalf("buffer: exit %d, %q", code, out)
	}
	raw, _ := os.ReadFile(rawPath)
	raw[6*4+1] = 7 // row 0's padding
	os.WriteFile(rawPath, raw, 0o644)
	if code, out, _ := runCLI(check...); code != 3 || !strings.Contains(out, "1 not 0x00 (the first at byte 25)") ||
		!strings.HasSuffix(out, "; padding: 23 of 24 bytes 0x00: FAIL (padding)\n") {
		t.Fatalf("buffer padding: exit %d, %q", code, out)
	}
}

// checkIntegers: an INT32 output written at intPath, one element changed,
// fails -check with exit 3 even under -ulp 1, the report saying equality.
func checkIntegers(t *testing.T, intPath string) {
	t.Helper()
	// Integers: held to equality, and said so, in no ULP.
	if code, _, errs := runCLI("-type", "INT32", "-sizes", "10", "-format", "raw", "-o", intPath); code != 0 {
		t.Fatal(errs)
	}
	ib, _ := os.ReadFile(intPath)
	ib[8]++
	os.WriteFile(intPath, ib, 0o644)
	if code, out, _ := runCLI("-type", "INT32", "-sizes", "10", "-check", intPath, "-ulp", "1"); code != 3 || strings.Contains(out, "ULP") ||
		!strings.HasSuffix(out, "equal (integers pass only when equal; -ulp is for floats): 9 of 10 (90%): FAIL (elements)\n") {
		t.Fatalf("integers: exit %d, %q", code, out)
	}
}

// TestEmulate: -emulate writes each model's elements (as check.ModelBits gives
// them), a check of that output names the model, -o FILE.npy without
// -format writes .npy, and the misuses are refused.
func TestEmulate(t *testing.T) {
	dir := testtmp.Dir(t)
	for _, tc := range []struct {
		typ  dml.TensorDataType
		args []string
	}{
		{dml.TensorDataTypeFloat32, []string{"-type", "FLOAT32", "-sizes", "3000", "-start", "0.1", "-delta", "0.3"}},
		{dml.TensorDataTypeFloat16, []string{"-type", "FLOAT16", "-sizes", "3000", "-start", "1000", "-delta", "0.7"}},
	} {
		for _, m := range check.Models(tc.typ) {
			raw := filepath.Join(dir, "e.raw")
			if code, _, errs := runCLI(append(tc.args, "-emulate", string(m), "-format", "raw", "-o", raw)...); code != 0 {
				t.Fatalf("%s: %s", m, errs)
			}
			got, _ := os.ReadFile(raw)
			start, _ := dml.ParseScalar(tc.typ, tc.args[5])
			delta, _ := dml.ParseScalar(tc.typ, tc.args[7])
			want := make([]uint64, 3000)
			ws, _ := strconv.ParseFloat(tc.args[5], 64)
			wd, _ := strconv.ParseFloat(tc.args[7], 64)
			in := check.ModelInput{Type: tc.typ, Start: start.Bits(), Delta: delta.Bits(), Count: 3000, Written: &check.Written{Start: ws, Delta: wd}}
			if err := check.ModelBits(m, in, 0, want); err != nil {
				t.Fatal(err)
			}
			es := int(tc.typ.ElementSize())
			for i, w := range want {
				var v dml.ScalarUnion
				copy(v[:es], got[i*es:])
				if v.Bits() != w {
					t.Fatalf("%v %s: element %d is %#x, want %#x", tc.typ, m, i, v.Bits(), w)
				}
			}
			npyPath := filepath.Join(dir, "e.npy") // no -format: the extension says npy
			runCLI(append(tc.args, "-emulate", string(m), "-o", npyPath)...)
			_, out, errs := runCLI(append(tc.args, "-check", npyPath)...)
			if !strings.Contains(out, "explained by: ") || !strings.Contains(strings.SplitN(strings.SplitN(out, "explained by: ", 2)[1], "\n", 2)[0], string(m)) {
				t.Errorf("%v %s: the check of its output says %q %q", tc.typ, m, out, errs)
			}
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-type", "FLOAT32", "-sizes", "4", "-emulate", "f16-math"}, "-emulate: the compute model is f16-math; FLOAT32 has exact, f32-mul-add, f32-fma, accumulate, numpy, torch-avx2, torch-avx512, torch-cuda, cupy, jax, jax-jit, onnxruntime, tensorflow, tfjs, jax-jit-cpu"},
		{[]string{"-type", "FLOAT32", "-sizes", "4", "-emulate", "exact", "-format", "buffer"}, "-emulate writes the elements"},
		{[]string{"-type", "INT32", "-sizes", "4", "-emulate", "exact"}, "INT32 has none"},
	} {
		if code, _, errs := runCLI(tc.args...); code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, errs, tc.want)
		}
	}
}

// TestModelCheck: -model M.json -check DIR compares every file the model's
// writeFile commands write with the file of the same path under DIR: it
// passes the model's own output, fails a file with one element changed
// (exit 3, naming it), reports JSON, and refuses a missing file or one of
// another shape.
func TestModelCheck(t *testing.T) {
	dir, out := testtmp.Dir(t), testtmp.Dir(t)
	p := writeModel(t, dir, "m.json", `{
    "resources": { "Out": { "initialValuesDataType": "FLOAT16", "initialValues": { "valueCount": 6, "value": 0 } } },
    "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
        "desc": { "ValueDataType": "FLOAT16", "ValueStart": 0.1, "ValueDelta": 0.3, "OutputTensor": { "DataType": "FLOAT16", "Sizes": [2,3] } } } },
    "commands": [ { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": "Out" } },
                  { "type": "print", "resource": "Out" },
                  { "type": "writeFile", "resource": "Out", "targetPath": "o/out.npy", "dimensions": [2, 3] },
                  { "type": "writeFile", "resource": "Out", "targetPath": "out.bin" } ] }`)
	if code, _, errs := runCLI("-model", p, "-output-path", out); code != 0 {
		t.Fatal(errs)
	}
	code, stdout, errs := runCLI("-model", p, "-check", out)
	if code != 0 || strings.Count(stdout, "PASS\n") != 2 || strings.Contains(stdout, "Resource") {
		t.Fatalf("own output: exit %d, %q, %q", code, stdout, errs)
	}
	bin := filepath.Join(out, "out.bin")
	b, _ := os.ReadFile(bin)
	b[8]++ // element 4
	os.WriteFile(bin, b, 0o644)
	code, stdout, _ = runCLI("-model", p, "-check", out)
	if code != 3 || !strings.Contains(stdout, "worst: element 4: got ") || !strings.HasSuffix(stdout, "FAIL (elements)\n") {
		t.Fatalf("changed: exit %d, %q", code, stdout)
	}
	code, stdout, _ = runCLI("-model", p, "-check", out, "-report", "json")
	var docs []struct {
		File string
		OK   bool
	}
	if err := json.Unmarshal([]byte(stdout), &docs); code != 3 || err != nil || len(docs) != 2 || !docs[0].OK || docs[1].OK {
		t.Fatalf("json: exit %d, %v, %+v", code, err, docs)
	}
	os.Remove(bin)
	if code, _, errs := runCLI("-model", p, "-check", out); code != 1 || !strings.Contains(errs, "out.bin") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI("-type", "FLOAT16", "-sizes", "6", "-format", "npy", "-o", filepath.Join(out, "o", "out.npy")); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runCLI("-model", p, "-check", out); code != 2 || !strings.Contains(errs, "holds FLOAT16 of shape [6]; the model writes FLOAT16 of shape [2 3]") {
		t.Errorf("other shape: exit %d, %q", code, errs)
	}
	// A model that writes no file has nothing to check: an error, not a pass.
	none := writeModel(t, dir, "none.json", `{
    "resources": { "Out": { "initialValuesDataType": "FLOAT16", "initialValues": { "valueCount": 6, "value": 0 } } },
    "dispatchables": {}, "commands": [ { "type": "print", "resource": "Out" } ] }`)
	if code, stdout, errs := runCLI("-model", none, "-check", out); code != 2 || stdout != "" || !strings.Contains(errs, "the model writes no file") {
		t.Errorf("a model that writes nothing: exit %d, %q, %q", code, stdout, errs)
	}
}

// TestPlot: -plot draws the check as .svg or .png (a picture with the
// model that explains the data in its title), and refuses other files.
func TestPlot(t *testing.T) {
	dir := testtmp.Dir(t)
	data := filepath.Join(dir, "h.npy")
	fill := []string{"-type", "FLOAT16", "-sizes", "3000", "-start", "0.1", "-delta", "0.3"}
	if code, _, errs := runCLI(append(fill, "-emulate", "f16-math", "-o", data)...); code != 0 {
		t.Fatal(errs)
	}
	for _, name := range []string{"e.svg", "e.png"} {
		pic := filepath.Join(dir, name)
		if code, _, errs := runCLI(append(fill, "-check", data, "-plot", pic)...); code != 3 {
			t.Fatalf("%s: exit %d, %q", name, code, errs)
		}
		b, err := os.ReadFile(pic)
		if err != nil || len(b) < 1000 {
			t.Fatalf("%s: %d bytes, %v", name, len(b), err)
		}
		if name == "e.svg" && !strings.Contains(string(b), "f16-math") {
			t.Errorf("the picture's title does not name f16-math")
		}
		if name == "e.png" && string(b[1:4]) != "PNG" {
			t.Errorf("not a PNG")
		}
	}
	if code, _, errs := runCLI(append(fill, "-check", data, "-plot", filepath.Join(dir, "e.gif"))...); code != 2 || !strings.Contains(errs, "want a .svg or .png file") {
		t.Errorf("gif: exit %d, %q", code, errs)
	}
	// As -o writes: an existing plot is replaced by a rename (a new inode),
	// never truncated and written in place; a device is written through,
	// and a write that fails (no space on /dev/full) is said, the check's
	// exit status (3, outside the tolerance) standing.
	pic := filepath.Join(dir, "e.svg")
	before, err := os.Stat(pic)
	if err != nil {
		t.Fatal(err)
	}
	// (On Windows os.SameFile reads a file's identity at its first call,
	// from the path: asked now, before is the old file's.)
	_ = os.SameFile(before, before)
	if code, _, errs := runCLI(append(fill, "-check", data, "-plot", pic)...); code != 3 {
		t.Fatalf("again: exit %d, %q", code, errs)
	}
	after, err := os.Stat(pic)
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(before, after) {
		t.Errorf("-plot wrote over the old plot in place (the same file), not by a rename")
	}
	if _, err := os.Stat("/dev/full"); err == nil && runtime.GOOS == "linux" { // (Linux's device)
		full := filepath.Join(dir, "full.svg")
		if err := os.Symlink("/dev/full", full); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runCLI(append(fill, "-check", data, "-plot", full)...)
		if code != 3 || !strings.Contains(errs, "no space") || strings.Count(errs, "\n") != 1 {
			t.Errorf("-plot to /dev/full: exit %d, %q; want 3 and one line saying no space is left", code, errs)
		}
	}
}

// TestCheckStandardInput: -check - reads the bytes from standard input (as
// -model - reads the model), and holds their length to the descriptor's.
func TestCheckStandardInput(t *testing.T) {
	raw := []byte{10, 8, 6, 4}
	defer func(r io.Reader) { stdin = r }(stdin)
	args := []string{"-type", "UINT8", "-sizes", "1,1,2,2", "-start", "10", "-delta", "-2", "-check", "-"}
	stdin = bytes.NewReader(raw)
	if code, out, errs := runCLI(args...); code != 0 || !strings.HasPrefix(out, "standard input: 4 UINT8 elements") || !strings.HasSuffix(out, ": PASS\n") {
		t.Fatalf("exit %d, %q, %q", code, out, errs)
	}
	stdin = bytes.NewReader(append(raw, 2))
	if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, "-check standard input:") {
		t.Fatalf("one byte too many: exit %d, %q", code, errs)
	}
}

// TestCheckNamesDxDispatch: the FLOAT16 sequence initialiser of a DxDispatch
// model (0.1, +0.1: the fidelity issue's case, half.hpp's truncation, its
// first six elements the bits that issue lists) written out by -model and
// checked against -start 0.1 -delta 0.1 is explained by the dxdispatch
// model; a fill of another start and delta is explained by none, and the
// report says what start and delta its first elements imply.
func TestCheckNamesDxDispatch(t *testing.T) {
	dir := testtmp.Dir(t)
	model := fillModel(`"initialValuesDataType": "FLOAT16", "initialValues": { "valueCount": 2000, "valueStart": 0.1, "valueDelta": 0.1 }`,
		`{ "type": "writeFile", "resource": "Out", "targetPath": "seq.raw" }`)
	p := writeModel(t, dir, "seq.json", model)
	if code, _, errs := runCLI("-model", p, "-output-path", dir); code != 0 {
		t.Fatalf("exit %d, %q", code, errs)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "seq.raw"))
	if err != nil || len(raw) != 4000 {
		t.Fatalf("seq.raw: %d bytes, %v", len(raw), err)
	}
	for i, want := range []uint16{0x2E66, 0x3266, 0x34CC, 0x3665, 0x37FE, 0x38CB} {
		if got := uint16(raw[2*i]) | uint16(raw[2*i+1])<<8; got != want {
			t.Errorf("element %d is %#04x, want %#04x", i, got, want)
		}
	}
	args := []string{"-type", "FLOAT16", "-sizes", "2000", "-start", "0.1", "-delta", "0.1", "-check", filepath.Join(dir, "seq.raw")}
	_, out, errs := runCLI(args...)
	if !strings.Contains(out, "\nexplained by: dxdispatch\n") {
		t.Errorf("the check says %q %q", out, errs)
	}
	// Another fill (start 0.5, delta 0.25, exact in float16) checked
	// against 0.1, +0.1: nothing explains it, and its first elements
	// say what it is.
	other := filepath.Join(dir, "other.raw")
	if code, _, errs := runCLI("-type", "FLOAT16", "-sizes", "2000", "-start", "0.5", "-delta", "0.25", "-o", other); code != 0 {
		t.Fatal(errs)
	}
	args[len(args)-1] = other
	_, out, _ = runCLI(args...)
	if want := "\nexplained by: none of the models; elements 0 and 1 imply start 0.5 and delta 0.25\n"; !strings.Contains(out, want) {
		t.Errorf("the check says %q; want %q", out, want)
	}
	_, out, _ = runCLI(append(args, "-report", "json")...)
	if want := `"implied": {
    "delta": "0.25",
    "start": "0.5"
  }`; !strings.Contains(out, want) {
		t.Errorf("the JSON report says %s; want %s", out, want)
	}
}

// TestWrittenAsFilled: the check reads -start and -delta as the fill does
// (one parse: dml.ParseScalarValue): PyTorch's arange of 0.1, +0.3 (the
// torch-avx2 model's elements) checked with the start and delta written in
// each way the fill takes (spaces, a sign, an exponent, Go's hexadecimal
// float whose value is 0.1's float64) is explained by torch-avx2, as with
// "-start 0.1"; the written value is the text's float64, not the value
// rounded to the type (0.1's float32 would not explain PyTorch's data).
func TestWrittenAsFilled(t *testing.T) {
	dir := testtmp.Dir(t)
	data := filepath.Join(dir, "t.raw")
	dt := dml.TensorDataTypeFloat32
	start, _ := dml.ParseScalar(dt, "0.1")
	delta, _ := dml.ParseScalar(dt, "0.3")
	in := check.ModelInput{Type: dt, Start: start.Bits(), Delta: delta.Bits(), Count: 3000, Written: &check.Written{Start: 0.1, Delta: 0.3}}
	bits := make([]uint64, 3000)
	if err := check.ModelBits(check.ModelTorchAVX2, in, 0, bits); err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 4*len(bits))
	for i, b := range bits {
		binary.LittleEndian.PutUint32(raw[4*i:], uint32(b))
	}
	if err := os.WriteFile(data, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ start, delta string }{
		{"0.1", "0.3"},
		{" 0.1", "0.3 "},
		{"\t0.1\n", " +0.3"},
		{"1e-1", "3e-1"},
		{"0.10000000000000000000000000000000000001", "0.3"}, // (0.1's float64 all the same)
		{"0x1.999999999999ap-4", "0x1.3333333333333p-2"},    // 0.1 and 0.3 as float64, in Go's syntax
	} {
		args := []string{"-type", "FLOAT32", "-sizes", "3000", "-start", c.start, "-delta", c.delta, "-check", data}
		code, out, errs := runCLI(args...)
		if code != 3 || !strings.Contains(out, "\nexplained by: torch-avx2\n") {
			t.Errorf("-start %q -delta %q: exit %d, %q %q; want torch-avx2 to explain PyTorch's data", c.start, c.delta, code, out, errs)
		}
	}
}
