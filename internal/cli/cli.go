// Package cli is the dmlfill command: one fill from flags, or a DxDispatch
// model file, written as text, raw bytes, the whole buffer, .npy or JSON.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/dxdispatch"
	"github.com/dmlgo/dml/internal/npy"
	"github.com/dmlgo/dml/internal/textfmt"
)

const usage = `Usage:
  dmlfill -type T -sizes N,N,... [-strides N,...] -start V -delta V [-level L]
          [-total-bytes N] [-alignment N] [-format text|raw|buffer|npy|json] [-full]
          [-emulate MODEL] [-o FILE]
  dmlfill -type T -sizes N,N,... -start V -delta V ... -check FILE [-check-format raw|buffer]
          [-check-padding BYTE] [-ulp N] [-report text|json] [-plot FILE]
  dmlfill -model FILE.json [-level L] [-output-path DIR] [-max-memory SIZE] [-allow-any-path]
  dmlfill -model FILE.json -check DIR [-ulp N] [-report text|json]
  dmlfill -version

Runs DirectML's DML_OPERATOR_FILL_VALUE_SEQUENCE on the CPU: element i of the
output tensor is start + i*delta (integers wrap; floats are rounded once).

Examples, from DirectML's documentation:
  $ dmlfill -type FLOAT32 -sizes 1,1,1,3 -start 3 -delta 2
  [[[[3, 5, 7]]]]
  $ dmlfill -type UINT8 -sizes 1,1,2,2 -start 10 -delta -2
  [[[[10, 8],
     [ 6, 4]]]]

A DxDispatch model file (DirectML's test tool's JSON):
  $ dmlfill -model examples/fill_value_sequence.json
  Resource 'Out': 3.2, 4.7, 6.2, 7.7, 9.2

Formats: text (nested brackets; summarised past 1000 elements unless -full),
raw (the elements in logical order, little-endian), buffer (the whole output
buffer, TotalTensorSizeInBytes bytes, as the operator leaves a zeroed one),
npy (NumPy), json. Values: decimal or Go syntax (0xFE, 0x1.8p+1), inf, -inf,
nan; an integer type takes [-2^(n-1), 2^n-1] as its n-bit two's complement.

Exit status: 0 done, 2 bad flags or a descriptor DirectML would reject,
1 a file could not be read or written, 3 a -check found elements outside -ulp.
With -o the file appears only when complete.

Flags:
`

// usageError is a bad flag, value or descriptor (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// Main runs dmlfill with the arguments after the program name and returns
// the exit status. A bug that panics still gives one line and status 1, not
// a stack trace: every input is checked before anything is allocated for
// it, so this is the last resort, not the way errors are reported.
func Main(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "dmlfill: internal error (a bug; please report it with the command that caused it): %s\n", textfmt.OneLine(fmt.Sprint(r)))
			status = 1
		}
	}()
	err := run(args, stdout, stderr)
	var ue *usageError
	var ie *ioError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, new(checkFailed)):
		if cf := new(checkFailed); errors.As(err, cf) && cf.also != nil {
			fmt.Fprintln(stderr, "dmlfill:", textfmt.OneLine(cf.also.Error()))
		}
		return 3
	case errors.As(err, &ie):
		fmt.Fprintln(stderr, "dmlfill:", textfmt.OneLine(err.Error()))
		return 1
	case errors.As(err, &ue), errors.Is(err, dml.ErrInvalidArg):
		fmt.Fprintln(stderr, "dmlfill:", textfmt.OneLine(strings.TrimPrefix(err.Error(), "dml: ")))
		return 2
	}
	fmt.Fprintln(stderr, "dmlfill:", textfmt.OneLine(err.Error()))
	return 1
}

type options struct {
	typ, sizes, strides, start, delta, level  string
	totalBytes, alignment, format, out, model string
	maxMemory, outputPath                     string
	check, checkFormat, checkPadding          string
	ulp, report, emulate, plot                string
	full, allowAnyPath, version               bool
	// written is -start and -delta's values as written (read to the
	// nearest float64 by the parse that makes ValueStart and ValueDelta).
	written *check.Written
}

func run(args []string, stdout, stderr io.Writer) error {
	var o options
	fs := newFlags(&o)
	set, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	if o.version {
		fmt.Fprintln(stdout, versionLine())
		return nil
	}
	if o.model != "" {
		return runModelFlags(&o, set, stdout, stderr)
	}
	if err := fillScope(&o, set); err != nil {
		return err
	}
	return runFill(&o, set, stdout, stderr)
}

// newFlags is dmlfill's flags, set into o.
func newFlags(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("dmlfill", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.typ, "type", "", "data type: FLOAT32, FLOAT16, UINT8 ... INT64 (or DML_TENSOR_DATA_TYPE_...)")
	fs.StringVar(&o.sizes, "sizes", "", "comma-separated sizes, outermost first")
	fs.StringVar(&o.strides, "strides", "", "comma-separated strides in elements (default: packed)")
	fs.StringVar(&o.start, "start", "0", "ValueStart")
	fs.StringVar(&o.delta, "delta", "1", "ValueDelta")
	fs.StringVar(&o.level, "level", "6.4", "DirectML feature level: 2.1, 4.0, 5.0 ... 6.4")
	fs.StringVar(&o.totalBytes, "total-bytes", "", "TotalTensorSizeInBytes (default: DMLCalcBufferTensorSize)")
	fs.StringVar(&o.alignment, "alignment", "0", "GuaranteedBaseOffsetAlignment")
	fs.StringVar(&o.format, "format", "text", "output format: text, raw, buffer, npy or json (with -o FILE.npy or FILE.json and no -format: npy, json)")
	fs.BoolVar(&o.full, "full", false, "text: print every element, however many")
	fs.StringVar(&o.out, "o", "", "write to this file (atomically) instead of standard output (- for standard output)")
	fs.StringVar(&o.model, "model", "", "run a DxDispatch model file (JSON; - reads it from standard input)")
	fs.StringVar(&o.maxMemory, "max-memory", "1GiB", "-model: the most memory the model's resources may take together (bytes, or with KiB, MiB, GiB, or KB, MB, GB)")
	fs.BoolVar(&o.version, "version", false, "print dmlfill's version and exit")
	fs.StringVar(&o.check, "check", "", "compare FILE (.npy, or raw bytes) with the exact result instead of writing it; with -model, the folder DxDispatch wrote the model's writeFile outputs to; exit 3 if outside -ulp")
	fs.StringVar(&o.checkFormat, "check-format", "raw", "-check of a raw file: raw (the elements, packed) or buffer (the whole output buffer)")
	fs.StringVar(&o.checkPadding, "check-padding", "", "-check-format buffer: the byte every padding byte must be (for example 0)")
	fs.StringVar(&o.ulp, "ulp", "0", "-check: the distance in ULP within which a float element passes")
	fs.StringVar(&o.report, "report", "text", "-check: the report's format, text or json")
	fs.StringVar(&o.plot, "plot", "", "-check: also draw the error against the element index in FILE (.svg or .png)")
	fs.StringVar(&o.emulate, "emulate", "", "write the elements as a compute model gives them (floats): exact, f32-mul-add, f32-fma, accumulate, f32-then-f16, f16-math, numpy, torch-avx2, torch-avx512, dxdispatch, torch-cuda, cupy, jax, jax-jit, onnxruntime, tensorflow; FLOAT32 only: tfjs, jax-jit-cpu")
	fs.StringVar(&o.outputPath, "output-path", "", "-model: the output folder writeFile writes in (DxDispatch's --output_path; default: the current folder)")
	fs.BoolVar(&o.allowAnyPath, "allow-any-path", false, "-model: let writeFile write outside the output folder, and sourcePath read outside the model's folder and the current one (absolute paths, .., symbolic links out)")
	return fs
}

// parseFlags parses args into fs and returns the flags that were set; -h
// prints the usage to stdout (and returns flag.ErrHelp).
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (map[string]bool, error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, err
		}
		return nil, parseError(fs, err)
	}
	set := map[string]bool{}
	var flagValue error
	fs.Visit(func(f *flag.Flag) {
		set[f.Name] = true
		// "-type -sizes 3" gives -type the value "-sizes": a flag whose
		// value was forgotten.
		if v := f.Value.String(); flagValue == nil && strings.HasPrefix(v, "-") && fs.Lookup(strings.TrimLeft(v, "-")) != nil {
			flagValue = usagef("-%s is %q, which is a flag: -%s needs a value before it", f.Name, v, f.Name)
		}
	})
	if flagValue != nil {
		return nil, flagValue
	}
	if fs.NArg() > 0 {
		return nil, extraArgument(args, fs.Args())
	}
	return set, nil
}

// runModelFlags runs -model with the flags that apply to it.
func runModelFlags(o *options, set map[string]bool, stdout, stderr io.Writer) error {
	for _, name := range []string{"type", "sizes", "strides", "start", "delta", "total-bytes", "alignment", "format", "full", "o",
		"check-format", "check-padding", "emulate", "plot"} {
		if set[name] {
			return usagef("-%s does not apply to -model (a model file says what to fill and where to write it)", name)
		}
	}
	level, err := dml.ParseFeatureLevel(o.level)
	if err != nil {
		return usagef("-level: unknown feature level %q; want 2.1, 3.0, 3.1, 4.0, 4.1, 5.0, 5.1, 5.2, 6.0 ... 6.4", o.level)
	}
	limit, err := parseBytes(o.maxMemory)
	if err != nil {
		return usagef("-max-memory is %q; want a number of bytes, or one with KiB, MiB, GiB (powers of 1024) or KB, MB, GB (of 1000), such as 1GiB", o.maxMemory)
	}
	opts := dxdispatch.Options{MaxMemory: limit, AllowAnyPath: o.allowAnyPath, OutputPath: o.outputPath}
	var check *modelCheck
	if o.check != "" {
		if set["output-path"] {
			return usagef("-output-path does not apply with -check DIR: DIR is the folder DxDispatch wrote to")
		}
		check = &modelCheck{json: o.report == "json", out: stdout}
		if check.opts.ULP, err = reportSettings(o); err != nil {
			return err
		}
		opts.OutputPath, opts.Checking = o.check, true
	}
	return runModel(o.model, level, opts, check, stdout, stderr)
}

// fillScope refuses, for a fill or a check, the flags that apply to
// neither or only to the other.
func fillScope(o *options, set map[string]bool) error {
	for _, name := range []string{"max-memory", "allow-any-path", "output-path"} {
		if set[name] {
			return usagef("-%s applies to -model only", name)
		}
	}
	for _, name := range []string{"check-format", "check-padding", "ulp", "report", "plot"} {
		if set[name] && o.check == "" {
			return usagef("-%s applies to -check only", name)
		}
	}
	for _, name := range []string{"o", "format", "full", "emulate"} {
		if set[name] && o.check != "" {
			return usagef("-%s does not apply to -check (it reads a file and writes a report)", name)
		}
	}
	return nil
}

// versionLine is dmlfill's version: dml.Version, the commit and the Go
// release that built it, as the Go toolchain recorded them in the binary.
func versionLine() string {
	var revision string
	var modified bool
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	return versionText(dml.Version, revision, modified, runtime.Version())
}

// versionText is the -version line from its parts: the module's version,
// the commit it was built from where the Go toolchain recorded one (with
// "+dirty" for a checkout with changes), and the Go release.
func versionText(version, revision string, modified bool, goVersion string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "dmlfill %s (github.com/dmlgo/dml", version)
	if revision != "" {
		fmt.Fprintf(&b, ", commit %s", revision[:min(len(revision), 12)])
		if modified {
			b.WriteString("+dirty")
		}
	}
	fmt.Fprintf(&b, ", %s)", goVersion)
	return b.String()
}

// parseBytes reads a size: "1048576", "64KiB", "16MiB", "2GiB" (at least 1).
func parseBytes(s string) (uint64, error) {
	mult := uint64(1)
	for _, u := range []struct {
		suffix string
		m      uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}} {
		if t, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = t, u.m
			break
		}
	}
	v, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil || v == 0 || v > math.MaxUint64/mult {
		return 0, fmt.Errorf("bad size")
	}
	return v * mult, nil
}

// parseList reads "1,2,3" as 32-bit unsigned integers.
func parseList(flagName, s string) ([]uint32, error) {
	if strings.TrimSpace(s) == "" {
		return nil, usagef("-%s is empty; want comma-separated integers such as 1,1,2,2", flagName)
	}
	parts := strings.Split(s, ",")
	out := make([]uint32, len(parts))
	least := 0
	if flagName == "sizes" {
		least = 1 // (a size of 0 is no tensor: the message says so)
	}
	for i, p := range parts {
		if strings.TrimSpace(p) == "" {
			return nil, usagef("-%s entry %d is empty (%q: a comma too many?); want comma-separated integers such as 1,1,2,2", flagName, i, s)
		}
		v, err := strconv.ParseUint(strings.TrimSpace(p), 10, 32)
		if err != nil { // (a 0 goes on to the descriptor's check, which names it as DirectML does)
			return nil, usagef("-%s entry %d is %q; want an integer from %d to 4294967295", flagName, i, p, least)
		}
		out[i] = uint32(v)
	}
	return out, nil
}

func runFill(o *options, set map[string]bool, stdout, stderr io.Writer) error {
	desc, level, err := fillDesc(o)
	if err != nil {
		return err
	}
	if err := o.chooseFormat(set); err != nil {
		return err
	}
	dev := dml.NewDevice(level)
	op, err := dev.CreateOperator(desc)
	if err != nil {
		return err
	}
	if o.check != "" {
		return runCheck(o, dev, desc, stdout, stderr)
	}
	tensor, err := newTensor(dev, desc)
	if err != nil {
		return err
	}
	if o.emulate != "" {
		if err := o.emulateInto(tensor, desc); err != nil {
			return err
		}
	}
	return o.writeFill(op, desc.OutputTensor, tensor, stdout, stderr)
}

// fillDesc is the descriptor and feature level the fill flags give.
func fillDesc(o *options) (*dml.FillValueSequenceOperatorDesc, dml.FeatureLevel, error) {
	if o.typ == "" {
		return nil, 0, usagef("-type is missing (FLOAT32, FLOAT16, UINT8, ... INT64)")
	}
	if o.sizes == "" {
		return nil, 0, usagef("-sizes is missing (for example -sizes 1,1,2,2)")
	}
	dt, err := dml.ParseTensorDataType(o.typ)
	if err != nil {
		return nil, 0, usagef("-type: unknown data type %q; want FLOAT32, FLOAT16, UINT32, UINT16, UINT8, INT32, INT16, INT8, UINT64 or INT64", o.typ)
	}
	level, err := dml.ParseFeatureLevel(o.level)
	if err != nil {
		return nil, 0, usagef("-level: unknown feature level %q; want 2.1, 3.0, 3.1, 4.0, 4.1, 5.0, 5.1, 5.2, 6.0 ... 6.4", o.level)
	}
	t := &dml.BufferTensorDesc{DataType: dt}
	if t.Sizes, err = parseList("sizes", o.sizes); err != nil {
		return nil, 0, err
	}
	if o.strides != "" {
		if t.Strides, err = parseList("strides", o.strides); err != nil {
			return nil, 0, err
		}
	}
	if o.totalBytes != "" {
		if t.TotalTensorSizeInBytes, err = strconv.ParseUint(o.totalBytes, 10, 64); err != nil {
			return nil, 0, usagef("-total-bytes is %q; want an integer from 0 to 18446744073709551615", o.totalBytes)
		}
	} else {
		t.TotalTensorSizeInBytes = dml.CalcBufferTensorSize(dt, t.Sizes, t.Strides)
	}
	a, err := strconv.ParseUint(o.alignment, 10, 32)
	if err != nil {
		return nil, 0, usagef("-alignment is %q; want an integer from 0 to 4294967295", o.alignment)
	}
	t.GuaranteedBaseOffsetAlignment = uint32(a)
	desc := &dml.FillValueSequenceOperatorDesc{OutputTensor: t, ValueDataType: dt}
	if dt.ElementSize() > 0 {
		o.written = &check.Written{}
		if desc.ValueStart, o.written.Start, err = dml.ParseScalarValue(dt, o.start); err != nil {
			return nil, 0, usagef("-start: %s", strings.TrimPrefix(err.Error(), "dml: invalid argument: "))
		}
		if desc.ValueDelta, o.written.Delta, err = dml.ParseScalarValue(dt, o.delta); err != nil {
			return nil, 0, usagef("-delta: %s", strings.TrimPrefix(err.Error(), "dml: invalid argument: "))
		}
		for _, v := range []struct {
			flag, text string
			s          dml.ScalarUnion
		}{{"start", o.start, desc.ValueStart}, {"delta", o.delta, desc.ValueDelta}} {
			if err := finiteAsWritten(dt, v.flag, v.text, v.s); err != nil {
				return nil, 0, err
			}
		}
	}
	return desc, level, nil
}

// chooseFormat settles -format: without it, -o's extension says it (.npy,
// .json, .raw, .bin); a format it does not know is refused.
func (o *options) chooseFormat(set map[string]bool) error {
	if !set["format"] && o.out != "" {
		switch strings.ToLower(filepath.Ext(o.out)) {
		case ".npy":
			o.format = "npy"
		case ".json":
			o.format = "json"
		case ".raw", ".bin":
			o.format = "raw"
		}
	}
	switch o.format {
	case "text", "raw", "buffer", "npy", "json":
	default:
		return usagef("-format is %q; want text, raw, buffer, npy or json", o.format)
	}
	return nil
}

// emulateInto makes tensor's elements -emulate's model's instead of the
// exact ones.
func (o *options) emulateInto(tensor *tensor, desc *dml.FillValueSequenceOperatorDesc) error {
	dt := desc.ValueDataType
	m, err := check.ParseModel(dt, o.emulate)
	if err != nil {
		return usagef("-emulate: %s", strings.TrimPrefix(err.Error(), "dml: "))
	}
	if o.format == "buffer" {
		return usagef("-emulate writes the elements: -format raw, npy, text or json")
	}
	seq, err := check.NewModelSeq(m, check.ModelInput{
		Type: dt, Start: desc.ValueStart.Bits(), Delta: desc.ValueDelta.Bits(),
		Count: tensor.count, Written: o.written,
	})
	if err != nil {
		return usagef("-emulate: %s", strings.TrimPrefix(err.Error(), "dml: "))
	}
	tensor.packed = &emulated{seq: seq, es: tensor.es, n: tensor.count}
	return nil
}

// writeFill writes the fill in -format to -o (or standard output).
func (o *options) writeFill(op dml.Operator, t *dml.BufferTensorDesc, tensor *tensor, stdout, stderr io.Writer) error {
	out := o.out
	if out == "-" {
		out = "" // standard output
	}
	if f, ok := stdout.(*os.File); ok && o.out == "" && o.format != "text" && o.format != "json" && isTTY(f) {
		return usagef("-format %s is binary, and standard output is a terminal: write it to a file with -o FILE (-o - writes it to standard output all the same)", o.format)
	}
	var size uint64 // the bytes the file will hold, where known first
	switch o.format {
	case "raw":
		size = tensor.count * tensor.es
	case "buffer":
		size = t.TotalTensorSizeInBytes
	case "npy":
		size = tensor.count*tensor.es + 128 // (the header: at most a few hundred bytes past that is no matter)
	}
	return writeAtomicSized(out, stdout, size, func(w io.Writer) error {
		switch o.format {
		case "raw":
			return tensor.writeRaw(w, newProgress(stderr, tensor.count*tensor.es))
		case "buffer":
			return writeWindows(w, op, t.TotalTensorSizeInBytes, newProgress(stderr, t.TotalTensorSizeInBytes))
		case "npy":
			return tensor.writeNPY(w, tensor.shape(), newProgress(stderr, tensor.count*tensor.es))
		case "json":
			return tensor.writeJSON(w)
		}
		return tensor.writeText(w, o.full)
	})
}

// tensor is the logical view of a fill: its elements in row-major order,
// produced by the same operator with a packed layout.
type tensor struct {
	desc   *dml.FillValueSequenceOperatorDesc
	packed dml.Operator
	es     uint64
	count  uint64
}

func newTensor(dev *dml.Device, desc *dml.FillValueSequenceOperatorDesc) (*tensor, error) {
	t := desc.OutputTensor
	pd := *desc
	pt := *t
	pt.Strides = nil
	pt.GuaranteedBaseOffsetAlignment = 0
	pt.TotalTensorSizeInBytes = dml.CalcBufferTensorSize(t.DataType, t.Sizes, nil)
	pd.OutputTensor = &pt
	op, err := dev.CreateOperator(&pd)
	if err != nil {
		return nil, err
	}
	count := uint64(1)
	for _, s := range t.Sizes {
		count *= uint64(s)
	}
	return &tensor{desc: desc, packed: op, es: uint64(t.DataType.ElementSize()), count: count}, nil
}

func (t *tensor) shape() []uint64 {
	s := make([]uint64, len(t.desc.OutputTensor.Sizes))
	for i, v := range t.desc.OutputTensor.Sizes {
		s[i] = uint64(v)
	}
	return s
}

func (t *tensor) writeRaw(w io.Writer, prog *progress) error {
	return writeWindows(w, t.packed, t.count*t.es, prog)
}

func (t *tensor) writeNPY(w io.Writer, shape []uint64, prog *progress) error {
	h, err := npy.Header(t.desc.OutputTensor.DataType, shape)
	if err != nil {
		return usagef("%v", err)
	}
	if _, err := w.Write(h); err != nil {
		return err
	}
	return t.writeRaw(w, prog)
}

func (t *tensor) writeText(w io.Writer, full bool) error {
	el := newElements(t.packed, t.es)
	dt := t.desc.OutputTensor.DataType
	return textfmt.Nested(w, t.desc.OutputTensor.Sizes, full, func(i uint64) string {
		return textfmt.Value(dt, el.bits(i))
	})
}

// finiteAsWritten refuses a float value that overflowed to an infinity
// where the text was a finite number (-start 1e39 for FLOAT32): only inf,
// -inf (or infinity) writes an infinity.
func finiteAsWritten(t dml.TensorDataType, flag, text string, s dml.ScalarUnion) error {
	var inf bool
	switch t {
	case dml.TensorDataTypeFloat32:
		inf = math.IsInf(float64(s.Float32()), 0)
	case dml.TensorDataTypeFloat16:
		inf = s.Float16().IsInf(0)
	default:
		return nil
	}
	word := strings.TrimLeft(strings.ToLower(strings.TrimSpace(text)), "+-")
	if inf && word != "inf" && word != "infinity" {
		return usagef("-%s is %s, past %v's largest finite value; write inf or -inf for an infinity", flag, text, t)
	}
	return nil
}
