package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/testtmp"
	"github.com/dmlgo/dml/internal/textfmt"
)

var everyType = []string{"FLOAT32", "FLOAT16", "UINT8", "INT8", "UINT16", "INT16", "UINT32", "INT32", "UINT64", "INT64"}

// TestNumPyReadsEveryType: NumPy loads each type's .npy with the right dtype
// and shape, and its elements equal the raw output's bit for bit.
func TestNumPyReadsEveryType(t *testing.T) {
	if !hasNumPy() {
		t.Skip("python3-numpy is not installed (CI installs it)")
	}
	dir := testtmp.Dir(t)
	dtypes := map[string]string{"FLOAT32": "float32", "FLOAT16": "float16", "UINT8": "uint8", "INT8": "int8", "UINT16": "uint16",
		"INT16": "int16", "UINT32": "uint32", "INT32": "int32", "UINT64": "uint64", "INT64": "int64"}
	for _, typ := range everyType {
		for _, sizes := range []string{"7", "2,3,5", "1,1,2,2", "3,1,4,1,2"} {
			args := []string{"-type", typ, "-sizes", sizes, "-start", "-3", "-delta", "7"}
			if strings.HasPrefix(typ, "FLOAT") {
				args = []string{"-type", typ, "-sizes", sizes, "-start", "0.1", "-delta", "-0.3"}
			}
			npyPath := filepath.Join(dir, typ+".npy")
			rawPath := filepath.Join(dir, typ+".raw")
			if code, _, errs := runCLI(append(args, "-format", "npy", "-o", npyPath)...); code != 0 {
				t.Fatal(errs)
			}
			if code, _, errs := runCLI(append(args, "-format", "raw", "-o", rawPath)...); code != 0 {
				t.Fatal(errs)
			}
			script := `
import numpy as np, sys
a = np.load(sys.argv[1])
raw = np.fromfile(sys.argv[2], dtype=np.dtype(sys.argv[3]).newbyteorder('<'))
shape = tuple(int(s) for s in sys.argv[4].split(','))
assert a.dtype == np.dtype(sys.argv[3]), a.dtype
assert a.shape == shape, (a.shape, shape)
u = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.itemsize]
assert np.array_equal(a.reshape(-1).view(u), raw.view(u)), (a, raw)
print("ok", a.dtype, a.shape)
`
			out, err := exec.Command("/usr/bin/python3", "-c", script, npyPath, rawPath, dtypes[typ], sizes).CombinedOutput()
			if err != nil || !strings.HasPrefix(string(out), "ok") {
				t.Fatalf("%s %s: %s %v", typ, sizes, out, err)
			}
		}
	}
}

// TestJSONFormat: the JSON parses, nests the values by dimension, and spells
// NaN and the infinities as strings.
func TestJSONFormat(t *testing.T) {
	code, out, errs := runCLI("-type", "INT32", "-sizes", "2,1,3", "-strides", "3,3,1", "-start", "5", "-delta", "-2", "-format", "json")
	if code != 0 {
		t.Fatal(errs)
	}
	var v struct {
		Type    string
		Sizes   []uint32
		Strides []uint32
		Values  [][][]int64
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if v.Type != "INT32" || fmt.Sprint(v.Sizes) != "[2 1 3]" || fmt.Sprint(v.Strides) != "[3 3 1]" ||
		fmt.Sprint(v.Values) != "[[[5 3 1]] [[-1 -3 -5]]]" {
		t.Fatalf("%+v", v)
	}
	_, out, _ = runCLI("-type", "FLOAT16", "-sizes", "4", "-start", "inf", "-delta", "-inf", "-format", "json")
	var f struct{ Values []any }
	if err := json.Unmarshal([]byte(out), &f); err != nil || fmt.Sprint(f.Values) != "[inf nan nan nan]" {
		t.Fatalf("%v %s", err, out)
	}
	_, out, _ = runCLI("-type", "FLOAT32", "-sizes", "3", "-start", "1e30", "-delta", "1e38", "-format", "json")
	if err := json.Unmarshal([]byte(out), &f); err != nil || fmt.Sprint(f.Values) != "[1e+30 1e+38 2e+38]" {
		t.Fatalf("%v %s", err, out)
	}
}

// TestCppFormatting holds the DxDispatch value text to C's %g (through
// Python's printf-style formatting, which follows C) on random values.
func TestCppFormatting(t *testing.T) {
	if _, err := exec.LookPath("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3 this system runs (Debian's; under Wine, Linux's file is there but not a Windows program)")
	}
	r := rand.New(rand.NewPCG(31, 32))
	var in, want []string
	var got []string
	for range 3000 {
		var bits uint64
		var dt dml.TensorDataType
		var f float64
		if r.IntN(2) == 0 {
			dt, bits = dml.TensorDataTypeFloat32, uint64(r.Uint32())
			f = float64(math.Float32frombits(uint32(bits)))
		} else {
			dt, bits = dml.TensorDataTypeFloat16, uint64(r.Uint32()&0xFFFF)
			f = float64(dml.ScalarBits(bits).Float16().Float32())
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		in = append(in, fmt.Sprintf("%x", f)) // exact hexadecimal
		got = append(got, textfmt.CppValue(dt, bits))
	}
	cmd := exec.Command("/usr/bin/python3", "-c", "import sys\nfor l in sys.stdin.read().split():\n    print('%g' % float.fromhex(l))")
	cmd.Stdin = strings.NewReader(strings.Join(in, "\n"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	want = strings.Fields(string(out))
	if len(want) != len(got) {
		t.Fatalf("%d answers for %d values", len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: got %s, C's %%g gives %s", in[i], got[i], want[i])
		}
	}
}

func buildDmlfill(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(testtmp.Dir(t), "dmlfill")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/dmlgo/dml/cmd/dmlfill").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// TestHugeOutputBoundedMemory writes an INT64 tensor of 2^28 elements (2 GiB)
// with -o and checks that the process's peak resident memory stays under
// 256 MiB, and that the file ends with the right element.
func TestHugeOutputBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 512 MiB (2 GiB under DML_LONG)")
	}
	if runtime.GOOS != "linux" {
		t.Skip("reads Linux's rusage")
	}
	bin := buildDmlfill(t)
	out := filepath.Join(testtmp.Dir(t), "big.npy")
	rows, n := 4096, int64(1)<<26 // 512 MiB, twice the 256 MiB it may take
	if long() {
		rows, n = 16384, 1<<28
	}
	for _, format := range []string{"npy", "raw", "buffer"} {
		cmd := exec.Command(bin, "-type", "INT64", "-sizes", fmt.Sprintf("%d,16384", rows), "-start", "-7", "-delta", "3", "-format", format, "-o", out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, msg)
		}
		peak := peakKiB(cmd.ProcessState) // KiB
		if peak > 256<<10 {
			t.Errorf("%s: peak resident memory %d MiB, want under 256", format, peak>>10)
		}
		st, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := os.Open(out)
		last := make([]byte, 8)
		f.ReadAt(last, st.Size()-8)
		f.Close()
		want := uint64(-7 + 3*(n-1))
		var w [8]byte
		for k := range 8 {
			w[k] = byte(want >> (8 * k))
		}
		if !bytes.Equal(last, w[:]) || st.Size() < 8*n {
			t.Errorf("%s: %d bytes ending % x, want % x", format, st.Size(), last, w)
		}
		t.Logf("%s: %d bytes, peak RSS %d MiB", format, st.Size(), peak>>10)
		os.Remove(out)
	}
}

// TestWriteFailures: a full disk (a file-size limit stands in for it) exits
// 1 with one line and leaves neither the file nor a temporary one.
func TestWriteFailures(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("uses ulimit")
	}
	bin := buildDmlfill(t)
	dir := testtmp.Dir(t)
	out := filepath.Join(dir, "x.bin")
	cmd := exec.Command("bash", "-c", `ulimit -f 64; exec "$0" -type INT64 -sizes 1000000 -format raw -o "$1"`, bin, out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 1 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "file too large") {
		t.Errorf("exit %d (%v), stderr %q", code, err, stderr.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %s behind", entries[0].Name())
	}
	// A real full disk, where a small tmpfs can be mounted (root in CI).
	mnt := filepath.Join(dir, "small")
	os.Mkdir(mnt, 0o755)
	if exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mnt).Run() != nil {
		t.Log("no tmpfs mount here; the file-size limit stood in for a full disk")
		return
	}
	defer exec.Command("umount", mnt).Run()
	// A size known first (.npy) is refused before anything is written; one
	// found as it goes (JSON) when the disk fills.
	cmd = exec.Command(bin, "-type", "INT64", "-sizes", "1000000", "-format", "npy", "-o", filepath.Join(mnt, "x.npy"))
	msg, _ := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(msg), "it needs 8000128 bytes, and its file system has 1048576 free") {
		t.Errorf("full disk, .npy: exit %d, %q", cmd.ProcessState.ExitCode(), msg)
	}
	cmd = exec.Command(bin, "-type", "INT64", "-sizes", "1000000", "-format", "json", "-o", filepath.Join(mnt, "x.json"))
	msg, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(msg), "no space left on device") {
		t.Errorf("full disk, JSON: exit %d, %q", cmd.ProcessState.ExitCode(), msg)
	}
	if entries, _ := os.ReadDir(mnt); len(entries) != 0 {
		t.Errorf("full disk: left %s behind", entries[0].Name())
	}
}
