package cli

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dmlgo/dml/internal/dxdispatch"
	"github.com/dmlgo/dml/internal/passes"
	"github.com/dmlgo/dml/internal/testtmp"
)

// fillModel is a model whose resource "Out" has the given JSON fields and
// whose one command is the given one.
func fillModel(resource, command string) string {
	return `{ "resources": { "Out": { ` + resource + ` } },
  "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT32",
    "ValueStart": 0, "ValueDelta": 1, "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1,1,1,4] } } } },
  "commands": [ ` + command + ` ] }`
}

// manyResources is a model of n resources of one byte each.
func manyResources(n int) string {
	var b strings.Builder
	b.WriteString(`{ "resources": { `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"R%d": { "initialValuesDataType": "UINT8", "initialValues": [1] }`, i)
	}
	b.WriteString(` }, "dispatchables": {}, "commands": [] }`)
	return b.String()
}

const smallOut = `"initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 4, "value": 0 }`

// runWithin runs the command in process and fails the test if it takes more
// than a few seconds (a FIFO would block for ever).
func runWithin(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		c, o, e := runCLI(args...)
		done <- result{c, o, e}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("dmlfill %v: still running after 20 s", args)
	}
	return
}

// TestHostileModels: models that claim huge sizes, read special files or
// write outside their folder end at once with exit 2 and one line naming
// the problem, and write nothing.
func TestHostileModels(t *testing.T) {
	dir := testtmp.Dir(t)
	outside := testtmp.Dir(t)
	fifo := filepath.Join(dir, "fifo")
	hasFIFO := mkfifo(fifo) == nil // (not on Windows)
	_, err := os.Stat("/dev/zero")
	hasDevZero := err == nil
	secrets := testtmp.Dir(t) // (a file a model must not read, through a link)
	if err := os.WriteFile(filepath.Join(secrets, "secret.bin"), []byte("0123456789abcdef"), 0o644); err != nil {
		t.Fatal(err)
	}
	hasLinks := links(t, outside, filepath.Join(dir, "link"), secrets, filepath.Join(dir, "secrets"))
	npyShort := filepath.Join(dir, "short.npy")
	hdr := "{'descr': '<f4', 'fortran_order': False, 'shape': (1000,), }"
	for (10+len(hdr)+1)%64 != 0 {
		hdr += " "
	}
	os.WriteFile(npyShort, append(append([]byte("\x93NUMPY\x01\x00"), byte(len(hdr)+1), 0), []byte(hdr+"\n"+"\x00\x00\x80\x3f")...), 0o644)
	for _, tc := range hostileModelCases(dir, outside) {
		if !hasFIFO && strings.Contains(tc.name, "FIFO") ||
			!hasDevZero && strings.Contains(tc.name, "/dev/zero") ||
			!hasLinks && strings.Contains(tc.name, "symbolic link") {
			continue
		}
		p := writeModel(t, dir, "hostile.json", tc.model)
		code, out, errs := runWithin(t, append([]string{"-model", p}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.name, code, out, errs, tc.want)
		}
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("a refused model wrote %d files outside its folder", len(entries))
	}
	if _, err := os.Stat(filepath.Join(dir, "early.bin")); err == nil {
		t.Errorf("a refused model wrote early.bin before its error")
	}
	// The model file itself: a device or a FIFO is refused before it is opened.
	specials := []string{"/dev/zero"}
	if runtime.GOOS == "windows" {
		specials = []string{"NUL"} // (CON opens only where a console is attached)
	}
	if hasFIFO {
		specials = append(specials, fifo)
	}
	for _, p := range specials {
		if code, _, errs := runWithin(t, "-model", p); code != 2 || !strings.Contains(errs, "is not a regular file") {
			t.Errorf("-model %s: exit %d, %q", p, code, errs)
		}
	}
	checkModelFlags(t, dir, outside)
}

// hostileCase is a model TestHostileModels runs, the flags it runs with,
// and what the one line of its error must hold.
type hostileCase struct {
	name, model string
	args        []string
	want        string
}

// writeFileCommand is a writeFile command of resource "Out" to target.
func writeFileCommand(target string) string {
	return `{ "type": "writeFile", "resource": "Out", "targetPath": ` + jsonString(target) + ` }`
}

// hostileModelCases are the models TestHostileModels refuses: huge sizes,
// special files, and paths out of dir (the model's folder, and the output
// folder it is given) to outside (a folder outside it).
func hostileModelCases(dir, outside string) []hostileCase {
	return []hostileCase{
		{"a count past the limit", fillModel(`"initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 4000000000, "value": 1 }`, `{ "type": "print", "resource": "Out" }`),
			nil, "resources.Out: the buffer needs 16000000000 bytes (16000008192 with its alignment), and the model's resources may take 1073741824 in all"},
		{"a sequence past the limit", fillModel(`"initialValuesDataType": "INT64", "initialValues": { "valueCount": 4294967295, "valueStart": 1, "valueDelta": 2 }`, `{ "type": "print", "resource": "Out" }`),
			nil, "the buffer needs 34359738360 bytes"},
		{"a huge sizeInBytes", fillModel(smallOut+`, "sizeInBytes": 1000000000000`, `{ "type": "print", "resource": "Out" }`),
			nil, "the buffer needs 1000000000000 bytes"},
		{"resources past -max-memory together", `{ "resources": { "A": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 3000, "value": 1 } },
			"B": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 3000, "value": 1 } },
			"C": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 3000, "value": 1 } } }, "dispatchables": {}, "commands": [] }`,
			[]string{"-max-memory", "16KiB"}, "resources.C: the buffer needs 3000 bytes (8192 with its alignment), and the model's resources may take 16384 in all (0 left)"},
		// Each resource takes what it allocates: 300 of 1 byte (4, as
		// DxDispatch rounds) pass no 1 MiB limit (230,000 took 1.27 GB where
		// they were counted as 920 KB).
		{"many one-byte resources", manyResources(300), []string{"-max-memory", "1MiB"}, "the buffer needs 4 bytes (8192 with its alignment), and the model's resources may take 1048576 in all (0 left)"},
		{"a resource past the address space", fillModel(smallOut+`, "sizeInBytes": 9223372036854775808`, `{ "type": "print", "resource": "Out" }`),
			[]string{"-max-memory", "18446744073709551615"}, "the buffer needs 9223372036854775808 bytes (more than this machine can address)"},
		// (2^32-1)*(2^32-65535) + 65537*(2^32-65535) is 2^64 + 65536: the
		// sum, taken modulo 2^64, fitted the resource of 65536 bytes.
		{"a binding whose offset and count pass 2^64", fillModel(`"initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 16384, "value": 0 }`,
			`{ "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": [{ "name": "Out", "elementOffset": 4294967295, "elementSizeInBytes": 4294901761, "elementCount": 65537 }] } }`),
			nil, `lie outside resource "Out" (65536 bytes)`},
		{"/dev/zero as sourcePath", fillModel(`"initialValuesDataType": "FLOAT32", "initialValues": { "sourcePath": "/dev/zero" }`, `{ "type": "print", "resource": "Out" }`),
			[]string{"-allow-any-path"}, "resources.Out.initialValues.sourcePath: /dev/zero is not a regular file"},
		{"an absolute sourcePath", fillModel(`"initialValuesDataType": "FLOAT32", "initialValues": { "sourcePath": "/etc/hostname" }`, `{ "type": "print", "resource": "Out" }`),
			nil, `resources.Out.initialValues.sourcePath: "/etc/hostname" is an absolute path; sourcePath reads inside the model's folder`},
		{"a sourcePath up and out", fillModel(`"initialValuesDataType": "UINT8", "initialValues": { "sourcePath": "../../../../../../../../etc/hostname" }`, `{ "type": "print", "resource": "Out" }`),
			nil, "leaves the model's folder"},
		{"a sourcePath through a symbolic link out", fillModel(`"initialValuesDataType": "UINT8", "initialValues": { "sourcePath": "secrets/secret.bin" }`, `{ "type": "print", "resource": "Out" }`),
			nil, "leaves the model's folder"},
		{"a FIFO as sourcePath", fillModel(`"initialValuesDataType": "FLOAT32", "initialValues": { "sourcePath": "fifo" }`, `{ "type": "print", "resource": "Out" }`),
			nil, "fifo is not a regular file"},
		{"a .npy shorter than its header says", fillModel(`"initialValues": { "sourcePath": "short.npy" }`, `{ "type": "print", "resource": "Out" }`),
			nil, "short.npy: its header says 4000 bytes of values, but the file has 4 after the header"},
		{"writeFile up and out", fillModel(smallOut, writeFileCommand("../../x.bin")), []string{"-output-path", dir}, `commands[0].targetPath: "../../x.bin" leaves the output folder`},
		{"writeFile to an absolute path", fillModel(smallOut, writeFileCommand(filepath.Join(outside, "x.bin"))), []string{"-output-path", dir}, "is an absolute path; writeFile writes inside the output folder"},
		{"writeFile through a symbolic link", fillModel(smallOut, writeFileCommand("link/x.bin")), []string{"-output-path", dir}, `"link/x.bin" leads out of the output folder`},
		// A binding the tensor's alignment refuses, after a writeFile: refused
		// before the first command, so the file is never written.
		{"a misaligned binding after a writeFile", strings.Replace(fillModel(`"initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 8, "value": 0 }`,
			writeFileCommand("early.bin")+`, { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": [{ "name": "Out", "elementOffset": 1 }] } }`),
			`"Sizes": [1,1,1,4] }`, `"Sizes": [1,1,1,4], "GuaranteedBaseOffsetAlignment": 16 }`, 1),
			[]string{"-output-path", dir}, `commands[1].bindings: the OutputTensor starts at byte 4 of resource "Out", not a multiple of its GuaranteedBaseOffsetAlignment (16)`},
		{"writeFile of a .npy NumPy cannot load", fillModel(smallOut, `{ "type": "writeFile", "resource": "Out", "targetPath": "x.npy", "dimensions": [`+strings.Repeat("1, ", 64)+`4] }`),
			[]string{"-output-path", dir}, "commands[0].dimensions: 65 dimensions; a .npy file NumPy reads has at most 64"},
		{"writeFile to the folder itself", fillModel(smallOut, writeFileCommand("sub/..")), []string{"-output-path", dir}, "names the output folder itself"},
	}
}

// checkModelFlags: -allow-any-path lets a model write outside its output
// folder; the model flags without -model, and a -max-memory that is no
// size, are refused with exit 2.
func checkModelFlags(t *testing.T, dir, outside string) {
	t.Helper()
	// The flags: -allow-any-path lets the writes out; model flags need -model.
	p := writeModel(t, dir, "out.json", fillModel(smallOut, writeFileCommand(filepath.Join(outside, "x.bin"))))
	if code, _, errs := runWithin(t, "-model", p, "-allow-any-path"); code != 0 {
		t.Errorf("-allow-any-path: exit %d, %q", code, errs)
	} else if st, err := os.Stat(filepath.Join(outside, "x.bin")); err != nil || st.Size() != 16 {
		t.Errorf("-allow-any-path: %v", err)
	}
	for _, args := range [][]string{{"-type", "UINT8", "-sizes", "4", "-allow-any-path"}, {"-type", "UINT8", "-sizes", "4", "-max-memory", "1GiB"},
		{"-type", "UINT8", "-sizes", "4", "-output-path", dir}} {
		if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, "applies to -model only") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
	for _, v := range []string{"0", "1PB", "-5", "99999999999GiB"} {
		if code, _, errs := runCLI("-model", p, "-max-memory", v); code != 2 || !strings.Contains(errs, "-max-memory is") {
			t.Errorf("-max-memory %s: exit %d, %q", v, code, errs)
		}
	}
}

// TestHostileInputsBoundedMemory runs the built command on inputs that once
// grew without bound, and checks each ends with the right status, at once
// for the refused ones, below 64 MiB of peak resident memory: a text print
// of one row of 2^28 elements, of two rows of 2^23 (whose column widths are
// found a block at a time), models claiming 16 GB, and a check of 4 GiB;
// and below 256 MiB, a model file of the largest size, one long array.
//
// The quick pass prints 2^25 elements (four times the 64 MiB it may take
// as text) and checks 1 GiB; DML_LONG=1 prints 2^28 and checks 4 GiB.
func TestHostileInputsBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("prints 2^25 elements as text")
	}
	if runtime.GOOS != "linux" {
		t.Skip("reads Linux's rusage")
	}
	bin := buildDmlfill(t)
	dir := testtmp.Dir(t)
	big := filepath.Join(dir, "big.raw") // the largest tensor DirectML allows, to check
	bigN, rowN, rowsN, textTail, rowsTail := "1073741824", "33554432", "2,1048576", "253, 254, 255]\n", "2097148]]\n"
	if long() {
		bigN, rowN, rowsN, textTail, rowsTail = "4294967295", "268435456", "2,8388608", "253, 254, 255]\n", "16777212]]\n"
	}
	if out, err := exec.Command(bin, "-type", "UINT8", "-sizes", bigN, "-start", "7", "-delta", "3", "-format", "raw", "-o", big).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	huge := writeModel(t, dir, "huge.json", fillModel(`"initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 4000000000, "value": 1 }`, `{ "type": "print", "resource": "Out" }`))
	long, commented := writeLongModels(t, dir)
	tests := []boundedCase{
		{"one long row, text", []string{"-type", "UINT8", "-sizes", rowN, "-format", "text", "-full"}, 0, textTail, 0},
		{"two long rows, text", []string{"-type", "INT32", "-sizes", rowsN, "-start", "-3", "-format", "text", "-full"}, 0, rowsTail, 0},
		{"a model of 16 GB", []string{"-model", huge}, 2, "", 0},
		{"a check of a raw file of 1 or 4 GiB", []string{"-type", "UINT8", "-sizes", bigN, "-start", "7", "-delta", "3", "-check", big}, 0, "(100%): PASS\n", 0},
		// print streams: the resource (64 MiB) and little more (a string an
		// element let the heap reach twice the resource).
		{"print of a 64 MiB resource", []string{"-model", writeModel(t, dir, "print.json", `{ "resources": { "Out": { "initialValuesDataType": "UINT8",
			"initialValues": { "valueCount": 67108864, "valueStart": 0, "valueDelta": 1 } } }, "dispatchables": {}, "commands": [ { "type": "print", "resource": "Out" } ] }`)},
			0, "253, 254, 255\n", 100},
		{"a model of 16 MiB, one array", []string{"-model", long}, 0, "", 256},
		{"a model of 16 MiB, one array, a comment and a trailing comma", []string{"-model", commented}, 0, "", 256},
	}
	for _, tc := range tests {
		checkBounded(t, bin, tc)
	}
}

// writeLongModels writes, in dir, the largest model file, one long array
// (long.json), and the same with a comment and a trailing comma
// (commented.json), and returns their paths.
func writeLongModels(t *testing.T, dir string) (string, string) {
	t.Helper()
	// The largest model file, one long array: the parser must not hold a
	// copy of each item. It is written a piece at a time: a child's peak
	// resident memory, as Linux reports it, is at least its parent's.
	long := filepath.Join(dir, "long.json")
	head, tail := `{ "resources": { "A": { "initialValuesDataType": "UINT8", "initialValues": [1`, `] } }, "dispatchables": {}, "commands": [] }`
	f, err := os.Create(long)
	if err != nil {
		t.Fatal(err)
	}
	piece := strings.Repeat(", 1", 1<<12)
	f.WriteString(head)
	for n := len(head); n+len(piece)+len(tail) <= dxdispatch.MaxModelBytes; n += len(piece) {
		f.WriteString(piece)
	}
	f.WriteString(tail)
	if err := f.Close(); err != nil { // a failed write shows here, or as a parse error when it runs
		t.Fatal(err)
	}
	// The same with a comment and a trailing comma: not standard JSON (3.7
	// GB, out of memory under a 4 GB limit, when a tree of the text was built).
	commented := filepath.Join(dir, "commented.json")
	f, err = os.Create(commented)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("// a model with a comment\n" + head)
	for n := len(head) + 26; n+len(piece)+len(tail)+1 <= dxdispatch.MaxModelBytes; n += len(piece) {
		f.WriteString(piece)
	}
	f.WriteString("," + tail)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return long, commented
}

// boundedCase is a run of TestHostileInputsBoundedMemory: dmlfill's flags,
// the exit status and end of standard output it must give, and the memory
// it may take.
type boundedCase struct {
	name string
	args []string
	code int
	tail string // the end of standard output
	mib  int64  // the most resident memory it may take; 64 MiB if 0
}

// checkBounded runs the built command bin on a case and checks its exit
// status, the end of its output and its peak resident memory.
func checkBounded(t *testing.T, bin string, tc boundedCase) {
	t.Helper()
	cmd := exec.Command(bin, tc.args...)
	var tail tailWriter
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &tail, &errb
	start := time.Now()
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	peak := peakKiB(cmd.ProcessState) // KiB
	limit := cmp.Or(tc.mib, 64)
	if code != tc.code || !strings.HasSuffix(string(tail.b), tc.tail) || int64(peak) > limit<<10 {
		t.Errorf("%s: exit %d (want %d), output ending %q (want %q), stderr %q, peak resident memory %d MiB (want under %d)",
			tc.name, code, tc.code, tail.b, tc.tail, errb.String(), peak>>10, limit)
	}
	t.Logf("%s: %v, peak RSS %d MiB", tc.name, time.Since(start).Round(time.Millisecond), peak>>10)
}

// tailWriter keeps the last bytes written to it.
type tailWriter struct{ b []byte }

func (w *tailWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p[max(0, len(p)-64):]...)
	w.b = w.b[max(0, len(w.b)-64):]
	return len(p), nil
}

var _ io.Writer = (*tailWriter)(nil)

// long: the pass the tests run (internal/passes).
var long = passes.Long

// TestMessagesOneLine: names from a model file that hold line breaks and
// escape sequences (a resource's unknown field, warned of; a dispatchable
// named "f\n\x1b[2J..." whose descriptor is refused) give messages of one
// line each, the names quoted, no control character written raw.
func TestMessagesOneLine(t *testing.T) {
	dir := testtmp.Dir(t)
	evil := `f\n\u001b[2Jall checks passed`
	model := func(size int) string {
		return `{ "resources": { "O\u001b[31mut": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 4, "value": 0 }, "x\u001b]0;t\u0007": 1 } },
  "dispatchables": { "` + evil + `": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT32",
    "ValueStart": 0, "ValueDelta": 1, "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1,1,1,` + fmt.Sprint(size) + `] } } } },
  "commands": [ { "type": "print", "resource": "O\u001b[31mut" } ] }`
	}
	for _, c := range []struct {
		size  int
		code  int
		quote string
	}{{4, 0, `resources."O\x1b[31mut"."x\x1b]0;t\a"`}, {0, 2, `dispatchables."f\n\x1b[2Jall checks passed".desc`}} {
		p := writeModel(t, dir, "evil.json", model(c.size))
		code, out, errs := runWithin(t, "-model", p)
		if strings.ContainsAny(out, "\x1b\a") {
			t.Fatalf("stdout %q holds a control character from the model raw", out)
		}
		if code != c.code || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.quote) {
			t.Fatalf("sizes [1,1,1,%d]: exit %d, stderr %q; want exit %d and one line holding %s", c.size, code, errs, c.code, c.quote)
		}
		for _, ch := range errs[:len(errs)-1] {
			if ch < 0x20 || ch == 0x7f {
				t.Fatalf("stderr %q holds the control character %#x", errs, ch)
			}
		}
	}
}
