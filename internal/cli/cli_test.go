package cli

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
	"github.com/dmlgo/dml/internal/testtmp"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestDocText: the documentation's examples print byte for byte.
func TestDocText(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-type", "FLOAT32", "-sizes", "1,1,1,3", "-start", "3", "-delta", "2"}, "[[[[3, 5, 7]]]]\n"},
		{[]string{"-type", "UINT8", "-sizes", "1,1,2,2", "-start", "10", "-delta", "-2"}, "[[[[10, 8],\n   [ 6, 4]]]]\n"},
		{[]string{"-type", "INT32", "-sizes", "2,2,2", "-start", "0", "-delta", "1"}, "[[[0, 1],\n  [2, 3]],\n\n [[4, 5],\n  [6, 7]]]\n"},
		{[]string{"-type", "FLOAT32", "-sizes", "5", "-start", "3.2", "-delta", "1.5"}, "[3.2, 4.7, 6.2, 7.7, 9.2]\n"},
		{[]string{"-type", "FLOAT16", "-sizes", "4", "-start", "3.2", "-delta", "0x1p-2"}, "[3.2, 3.45, 3.7, 3.95]\n"},
		{[]string{"-type", "FLOAT32", "-sizes", "2,2", "-start", "inf", "-delta", "-inf"}, "[[inf, nan],\n [nan, nan]]\n"},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "-start", "nan", "-delta", "1"}, "[nan, nan, nan]\n"},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "-start", "-1", "-delta", "-inf"}, "[-1, -inf, -inf]\n"},
		{[]string{"-type", "INT8", "-sizes", "4", "-start", "126", "-delta", "1"}, "[126, 127, -128, -127]\n"},
		{[]string{"-type", "UINT64", "-sizes", "2", "-start", "18446744073709551615", "-delta", "1"}, "[18446744073709551615, 0]\n"},
		{[]string{"-type", "INT64", "-sizes", "2", "-start", "-9223372036854775808", "-delta", "-1"}, "[-9223372036854775808, 9223372036854775807]\n"},
		{[]string{"-type", "INT32", "-sizes", "2,3", "-strides", "1,2"}, "[[0, 1, 2],\n [3, 4, 5]]\n"},
		// NumPy's summary past 1000 elements.
		{[]string{"-type", "INT32", "-sizes", "1001"}, "[0, 1, 2, ..., 998, 999, 1000]\n"},
		{[]string{"-type", "UINT16", "-sizes", "2,3,200", "-start", "0"}, "[[[   0,    1,    2, ...,  197,  198,  199],\n  [ 200,  201,  202, ...,  397,  398,  399],\n  [ 400,  401,  402, ...,  597,  598,  599]],\n\n [[ 600,  601,  602, ...,  797,  798,  799],\n  [ 800,  801,  802, ...,  997,  998,  999],\n  [1000, 1001, 1002, ..., 1197, 1198, 1199]]]\n"},
		{[]string{"-type", "UINT8", "-sizes", "1000"}, ""}, // checked below: not summarised
	}
	for _, tc := range tests {
		code, out, errs := runCLI(tc.args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tc.args, code, errs)
			continue
		}
		if tc.want != "" && out != tc.want {
			t.Errorf("%v:\ngot\n%q\nwant\n%q", tc.args, out, tc.want)
		}
	}
	_, out, _ := runCLI("-type", "UINT8", "-sizes", "1000")
	if strings.Contains(out, "...") || !strings.Contains(out, "231, 232") {
		t.Errorf("1000 elements should print in full: %.80q", out)
	}
	_, out, _ = runCLI("-type", "INT32", "-sizes", "1001", "-full")
	if strings.Contains(out, "...") {
		t.Error("-full summarised")
	}
}

// TestRawAndBufferAgainstExact: random descriptors through -format raw and
// buffer, compared bit for bit with the reference and the layout by
// enumeration.
func TestRawAndBufferAgainstExact(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	types := []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16, dml.TensorDataTypeUint8,
		dml.TensorDataTypeInt8, dml.TensorDataTypeUint16, dml.TensorDataTypeInt16, dml.TensorDataTypeUint32,
		dml.TensorDataTypeInt32, dml.TensorDataTypeUint64, dml.TensorDataTypeInt64}
	for c := range 300 {
		dt := types[r.IntN(len(types))]
		dims := 1 + r.IntN(4)
		sizes := make([]uint32, dims)
		for i := range sizes {
			sizes[i] = uint32(1 + r.IntN(6))
		}
		var strides []uint32
		if r.IntN(2) == 0 { // padded rows
			strides = make([]uint32, dims)
			p := uint32(1)
			for k := dims - 1; k >= 0; k-- {
				strides[k] = p
				p = p*sizes[k] + uint32(r.IntN(3))
			}
		}
		es := dt.ElementSize()
		start, delta := canonicalNaN(dt, randomBits(r, dt)), canonicalNaN(dt, randomBits(r, dt))
		// Give the values as hexadecimal integers (their bits) for integer
		// types, and as exact hexadecimal floats for the float types.
		st, dl := valueText(dt, start), valueText(dt, delta)
		args := []string{"-type", dt.String(), "-sizes", join(sizes), "-start", st, "-delta", dl}
		if strides != nil {
			args = append(args, "-strides", join(strides))
		}
		code, raw, errs := runCLI(append(args, "-format", "raw")...)
		if code != 0 {
			t.Fatalf("case %d %v: exit %d: %s", c, args, code, errs)
		}
		n := 1
		for _, s := range sizes {
			n *= int(s)
		}
		if len(raw) != n*int(es) {
			t.Fatalf("case %d: raw is %d bytes, want %d", c, len(raw), n*int(es))
		}
		want := make([]uint64, n)
		for i := range n {
			want[i] = exact.Element(dt, start, delta, uint64(i))
			if got := le([]byte(raw[i*int(es):]), es); got != want[i] {
				t.Fatalf("case %d %v: raw element %d = %#x, want %#x", c, args, i, got, want[i])
			}
		}
		_, buf, _ := runCLI(append(args, "-format", "buffer")...)
		total := dml.CalcBufferTensorSize(dt, sizes, strides)
		wantBuf := make([]byte, total)
		idx := make([]uint32, dims)
		for i := range n {
			off := uint64(0)
			p := uint64(1)
			for k := dims - 1; k >= 0; k-- {
				s := p
				if strides != nil {
					s = uint64(strides[k])
				}
				off += uint64(idx[k]) * s
				p *= uint64(sizes[k])
			}
			for b := range uint64(es) {
				wantBuf[off*uint64(es)+b] = byte(want[i] >> (8 * b))
			}
			for k := dims - 1; k >= 0; k-- {
				if idx[k]++; idx[k] < sizes[k] {
					break
				}
				idx[k] = 0
			}
		}
		if buf != string(wantBuf) {
			t.Fatalf("case %d %v: buffer\n% x\nwant\n% x", c, args, buf, wantBuf)
		}
	}
}

func randomBits(r *rand.Rand, dt dml.TensorDataType) uint64 {
	n := 8 * dt.ElementSize()
	pool := []uint64{0, 1, 0x7FC00000, 0x7F800000, 0x80000000, 0x7C00, 0x8000, 0x7BFF, 1<<n - 1}
	if r.IntN(3) == 0 {
		return pool[r.IntN(len(pool))] & (1<<n - 1)
	}
	return r.Uint64() & (1<<n - 1)
}

// canonicalNaN replaces a NaN by the one "nan" reads as: text has no payloads.
func canonicalNaN(dt dml.TensorDataType, b uint64) uint64 {
	switch {
	case dt == dml.TensorDataTypeFloat32 && b&0x7F800000 == 0x7F800000 && b&0x7FFFFF != 0:
		return 0x7FC00000
	case dt == dml.TensorDataTypeFloat16 && b&0x7C00 == 0x7C00 && b&0x3FF != 0:
		return 0x7E00
	}
	return b
}

func valueText(dt dml.TensorDataType, b uint64) string {
	switch dt {
	case dml.TensorDataTypeFloat32:
		f := math.Float32frombits(uint32(b))
		switch {
		case f != f:
			return "nan"
		case math.IsInf(float64(f), 0):
			return fmt.Sprint(map[bool]string{true: "-inf", false: "inf"}[f < 0])
		}
		return fmt.Sprintf("%x", f) // exact hexadecimal float
	case dml.TensorDataTypeFloat16:
		if b&0x7C00 == 0x7C00 {
			if b&0x3FF != 0 {
				return "nan"
			}
			return map[bool]string{true: "-inf", false: "inf"}[b&0x8000 != 0]
		}
		m := int64(b & 0x3FF)
		e := int(b>>10&0x1F) - 25
		if b>>10&0x1F == 0 {
			e = -24
		} else {
			m |= 0x400
		}
		s := fmt.Sprintf("%#xp%d", m, e)
		if b&0x8000 != 0 {
			s = "-" + s
		}
		return s
	}
	return fmt.Sprintf("%#x", b)
}

func join(v []uint32) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

func le(b []byte, n uint32) uint64 {
	switch n {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// TestRejections: every rejection the README's contract lists exits 2 with one line
// naming the problem, and leaves no file behind.
func TestRejections(t *testing.T) {
	dir := testtmp.Dir(t)
	out := filepath.Join(dir, "out.bin")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-type", "FLOAT32", "-sizes", "1,1,1,3", "-level", "2.0"}, "FeatureLevel is 2_0"},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "-level", "3.1"}, "DimensionCount is 1"},
		{[]string{"-type", "FLOAT32", "-sizes", "1,1,1,1,1,1,1,1,3"}, "DimensionCount is 9"},
		{[]string{"-type", "INT64", "-sizes", "3", "-level", "4.1"}, "OutputTensor.DataType is INT64"},
		{[]string{"-type", "FLOAT64", "-sizes", "3"}, "OutputTensor.DataType is FLOAT64"},
		{[]string{"-type", "UINT4", "-sizes", "3"}, "OutputTensor.DataType is UINT4"},
		{[]string{"-type", "FLOAT32", "-sizes", "2,0"}, "OutputTensor.Sizes[1] is 0"},
		{[]string{"-type", "UINT8", "-sizes", "65536,65536"}, "4294967296 elements"},
		{[]string{"-type", "FLOAT32", "-sizes", "2,3", "-strides", "1"}, "OutputTensor.Strides is [1]"},
		{[]string{"-type", "FLOAT32", "-sizes", "2,3", "-total-bytes", "20"}, "TotalTensorSizeInBytes is 20"},
		{[]string{"-type", "FLOAT32", "-sizes", "2,3", "-alignment", "3"}, "GuaranteedBaseOffsetAlignment is 3"},
		{[]string{"-type", "FLOAT32", "-sizes", "2,3", "-alignment", "2"}, "GuaranteedBaseOffsetAlignment is 2"},
		{[]string{"-type", "FLOAT32", "-sizes", "2,3", "-strides", "0,1"}, "share an address"},
		{[]string{"-type", "FLOAT32", "-sizes", "4,3", "-strides", "2,3"}, "share an address"},
		{[]string{"-type", "UINT8", "-sizes", "3", "-start", "256"}, "-start: \"256\" is not a valid UINT8 value"},
		{[]string{"-type", "INT32", "-sizes", "3", "-delta", "1.5"}, "-delta: \"1.5\" is not a valid INT32 value"},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "-start", "three"}, "-start: \"three\""},
		{[]string{"-type", "FLOAT99", "-sizes", "3"}, "unknown data type \"FLOAT99\""},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "-level", "9.9"}, "unknown feature level"},
		{[]string{"-type", "FLOAT32", "-sizes", "3,x"}, "-sizes entry 1 is \"x\""},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "-format", "png"}, "-format is \"png\""},
		{[]string{"-type", "FLOAT32"}, "-sizes is missing"},
		{[]string{"-sizes", "3"}, "-type is missing"},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"-type", "FLOAT32", "-sizes", "3", "extra"}, "unexpected argument \"extra\""},
	}
	for _, tc := range tests {
		for _, format := range []string{"text", "raw", "buffer"} {
			args := append(append([]string{}, tc.args...), "-o", out)
			if !contains(tc.args, "-format") {
				args = append(args, "-format", format)
			}
			code, stdout, stderr := runCLI(args...)
			if code != 2 {
				t.Errorf("%v: exit %d, want 2 (stderr %q)", tc.args, code, stderr)
			}
			if !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "dmlfill: ") {
				t.Errorf("%v: stderr %q, want one line with %q", tc.args, stderr, tc.want)
			}
			if stdout != "" {
				t.Errorf("%v: wrote %q to stdout", tc.args, stdout)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Fatalf("%v: left %v behind", tc.args, entries[0].Name())
			}
		}
	}
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// TestOutputFile: -o writes the file whole; a missing directory exits 1 and
// leaves nothing.
func TestOutputFile(t *testing.T) {
	dir := testtmp.Dir(t)
	out := filepath.Join(dir, "seq.bin")
	if code, _, errs := runCLI("-type", "UINT8", "-sizes", "1,1,2,2", "-start", "10", "-delta", "-2", "-format", "raw", "-o", out); code != 0 {
		t.Fatal(errs)
	}
	if b, err := os.ReadFile(out); err != nil || !bytes.Equal(b, []byte{10, 8, 6, 4}) {
		t.Fatalf("%v %v", b, err)
	}
	// (Windows keeps no permission bits: Go says 0666 for every writable file.)
	if st, _ := os.Stat(out); runtime.GOOS != "windows" && st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	missing := filepath.Join(dir, "no", "such", "dir", "x.bin")
	code, _, errs := runCLI("-type", "UINT8", "-sizes", "4", "-o", missing)
	if code != 1 || !strings.Contains(errs, notFound(t, missing)) || strings.Count(errs, "\n") != 1 {
		t.Errorf("missing dir: exit %d, %q", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := runCLI("-h")
	if code != 0 || !strings.Contains(out, "dmlfill -type FLOAT32 -sizes 1,1,1,3 -start 3 -delta 2") ||
		!strings.Contains(out, "[[[[10, 8],") || !strings.Contains(out, "-model") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestCommandLineConveniences: -o - writes to standard output, -model -
// reads the model from standard input, -version prints the version, and
// flags that do not go together are an error.
func TestCommandLineConveniences(t *testing.T) {
	if code, out, _ := runCLI("-type", "UINT8", "-sizes", "4", "-start", "250", "-delta", "3", "-o", "-"); code != 0 || out != "[250, 253, 0, 3]\n" {
		t.Errorf("-o -: exit %d, %q", code, out)
	}
	model, err := os.ReadFile("../../examples/fill_value_sequence.json")
	if err != nil {
		t.Fatal(err)
	}
	defer func(r io.Reader) { stdin = r }(stdin)
	stdin = bytes.NewReader(model)
	if code, out, errs := runCLI("-model", "-"); code != 0 || out != "Resource 'Out': 3.2, 4.7, 6.2, 7.7, 9.2\n" {
		t.Errorf("-model -: exit %d, %q, %q", code, out, errs)
	}
	if code, out, _ := runCLI("-version"); code != 0 || !strings.HasPrefix(out, "dmlfill ") || !strings.Contains(out, "go1.") {
		t.Errorf("-version: exit %d, %q", code, out)
	}
	for _, args := range [][]string{
		{"-model", "m.json", "-type", "FLOAT32"}, {"-model", "m.json", "-start", "1"}, {"-model", "m.json", "-o", "x"},
		{"-model", "m.json", "-format", "raw"}, {"-model", "m.json", "-full"},
	} {
		if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, "does not apply to -model") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// TestFlagWords: flags say what is wrong in words a user reads right.
func TestFlagWords(t *testing.T) {
	dir := testtmp.Dir(t)
	model := writeModel(t, dir, "m.json", `{ "resources": { "Out": { "initialValuesDataType": "UINT8", "initialValues": [1] } }, "dispatchables": {}, "commands": [] }`)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-type", "-sizes", "3"}, 2, `-type is "-sizes", which is a flag: -type needs a value before it`},
		{[]string{"-type", "UINT8", "-sizes", "3,"}, 2, `-sizes entry 1 is empty ("3,": a comma too many?)`},
		{[]string{"-type", "UINT8", "-sizes", "x"}, 2, `-sizes entry 0 is "x"; want an integer from 1 to 4294967295`},
		{[]string{"-type", "UINT8", "-sizes", "4", "-o", dir}, 1, "it is a folder"},
		{[]string{"-model", dir}, 2, "is not a regular file but a folder"},
		{[]string{"-type", "FLOAT32", "-sizes", "4", "-start", "1e39"}, 2, "-start is 1e39, past FLOAT32's largest finite value; write inf or -inf for an infinity"},
		{[]string{"-type", "FLOAT16", "-sizes", "4", "-delta", "-70000"}, 2, "-delta is -70000, past FLOAT16's largest finite value"},
		{[]string{"-model", model, "-max-memory", "2XB"}, 2, "or KB, MB, GB (of 1000)"},
	} {
		code, _, errs := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	for _, args := range [][]string{
		{"-type", "FLOAT32", "-sizes", "4", "-start", "inf"},
		{"-type", "FLOAT32", "-sizes", "4", "-start", "-Infinity"},
		{"-model", model, "-max-memory", "2GB"},
	} {
		if code, _, errs := runCLI(args...); code != 0 {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
	// -o FILE.raw and FILE.bin write raw bytes, not text.
	for _, name := range []string{"out.raw", "out.bin"} {
		p := filepath.Join(dir, name)
		if code, _, errs := runCLI("-type", "INT32", "-sizes", "5", "-o", p); code != 0 {
			t.Fatal(errs)
		}
		if st, err := os.Stat(p); err != nil || st.Size() != 20 {
			t.Errorf("%s: %v, want 20 bytes of raw INT32", name, err)
		}
	}
	if _, out, _ := runCLI("-h"); !strings.Contains(out, "-check FILE") || !strings.Contains(out, "-model FILE.json -check DIR") {
		t.Errorf("-h's first lines omit the -check forms:\n%s", out[:min(len(out), 600)])
	}
}
