package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/npy"
	"github.com/dmlgo/dml/internal/regular"
	"github.com/dmlgo/dml/internal/textfmt"
)

// checkFailed is a check whose data is outside the tolerance (exit status 3),
// with what else went wrong after the verdict (a plot not written), if
// anything: the verdict's status stands, and Main prints also.
type checkFailed struct{ also error }

func (c checkFailed) Error() string {
	if c.also != nil {
		return c.also.Error()
	}
	return "outside the tolerance"
}

// emulated is a packed fill whose elements a check.Model computes: the
// Operator that -emulate writes from.
type emulated struct {
	seq *check.ModelSeq
	es  uint64
	n   uint64 // elements
}

func (e *emulated) Execute(output []byte) error { return e.ExecuteWindow(output, 0) }

func (e *emulated) ExecuteWindow(window []byte, off uint64) error {
	for at := (off + e.es - 1) / e.es * e.es; at+e.es <= off+uint64(len(window)) && at/e.es < e.n; at += e.es {
		v := dml.ScalarBits(e.seq.Bits(at / e.es))
		copy(window[at-off:at-off+e.es], v[:e.es])
	}
	return nil
}

// reportSettings reads -ulp and checks -report, for every kind of check.
func reportSettings(o *options) (ulp uint64, err error) {
	if ulp, err = strconv.ParseUint(o.ulp, 10, 64); err != nil {
		return 0, usagef("-ulp is %q; want a whole number of ULP (0 for bit for bit)", o.ulp)
	}
	if o.report != "text" && o.report != "json" {
		return 0, usagef("-report is %q; want text or json", o.report)
	}
	return ulp, nil
}

// progressReader reports how far a long check has read (on a terminal).
type progressReader struct {
	r    io.Reader
	p    *progress
	done uint64
}

func (pr *progressReader) Read(b []byte) (int, error) {
	n, err := pr.r.Read(b)
	pr.done += uint64(n)
	pr.p.update(pr.done)
	return n, err
}

// runCheck compares the file path, which claims to be the output of desc,
// with the exact result and reports what it found on stdout.
func runCheck(o *options, dev *dml.Device, desc *dml.FillValueSequenceOperatorDesc, stdout, stderr io.Writer) error {
	opts := check.Options{Buffer: o.checkFormat == "buffer", Written: o.written}
	if o.plot != "" {
		if ext := strings.ToLower(filepath.Ext(o.plot)); ext != ".svg" && ext != ".png" {
			return usagef("-plot %s: want a .svg or .png file", o.plot)
		}
		opts.Buckets = plotBuckets
	}
	switch o.checkFormat {
	case "raw", "buffer":
	default:
		return usagef("-check-format is %q; want raw (the elements, packed) or buffer (the whole output buffer)", o.checkFormat)
	}
	var err error
	if opts.ULP, err = reportSettings(o); err != nil {
		return err
	}
	if o.checkPadding != "" {
		v, err := strconv.ParseUint(o.checkPadding, 0, 8)
		if err != nil || !opts.Buffer {
			return usagef("-check-padding is %q; want a byte value (0 to 255) with -check-format buffer", o.checkPadding)
		}
		b := byte(v)
		opts.Padding = &b
	}
	if o.check == "-" {
		// Standard input: raw bytes (the elements, or with -check-format
		// buffer the whole buffer), their length checked as they are read.
		return finishCheck(o, dev, desc, stdin, 0, opts, stdout, stderr)
	}
	f, st, err := regular.Open(o.check) // (opened, then checked: no swap between)
	var nr *regular.NotRegularError
	if errors.As(err, &nr) {
		return usagef("-check %s is not a regular file but %s", o.check, regular.Kind(nr.Mode))
	}
	if err != nil {
		return &ioError{fmt.Errorf("reading %s: %w", o.check, unwrapPath(err))}
	}
	defer f.Close()
	if strings.EqualFold(filepath.Ext(o.check), ".npy") {
		if opts.Buffer {
			return usagef("-check %s: a .npy file holds the elements; -check-format buffer is for raw files", o.check)
		}
		head := make([]byte, min(st.Size(), npy.MaxHeader))
		if _, err := io.ReadFull(f, head); err != nil {
			return &ioError{fmt.Errorf("reading %s: %w", o.check, err)}
		}
		t, shape, off, _, err := npy.ReadHeader(head)
		if err != nil {
			return usagef("-check %s: %v", o.check, err)
		}
		sizes := desc.OutputTensor.Sizes
		same := len(shape) == len(sizes)
		for i := range shape {
			same = same && shape[i] == uint64(sizes[i])
		}
		if t != desc.OutputTensor.DataType || !same {
			return usagef("-check %s holds %v of shape %v; the descriptor gives %v of shape %v", o.check, t, shape, desc.OutputTensor.DataType, sizes)
		}
		if _, err := f.Seek(int64(off), io.SeekStart); err != nil {
			return &ioError{fmt.Errorf("reading %s: %w", o.check, err)}
		}
	}
	// The length first: a file of the wrong size is refused before any of
	// it is read (a raw file of 4 GiB took two minutes to be told so).
	want := desc.OutputTensor.TotalTensorSizeInBytes
	what := "TotalTensorSizeInBytes"
	if !opts.Buffer {
		want, what = uint64(desc.OutputTensor.DataType.ElementSize()), "elements"
		for _, n := range desc.OutputTensor.Sizes {
			want *= uint64(n) // (at most 2^32-1 elements of 8 bytes: CreateOperator checked)
		}
	}
	if pos, err := f.Seek(0, io.SeekCurrent); err == nil && uint64(st.Size())-uint64(pos) != want {
		return usagef("-check %s has %d bytes of values; the descriptor's %s are %d bytes", o.check, uint64(st.Size())-uint64(pos), what, want)
	}
	return finishCheck(o, dev, desc, f, uint64(st.Size()), opts, stdout, stderr)
}

// finishCheck compares the bytes r gives (size of them, 0 if not known)
// with the exact result, and reports.
func finishCheck(o *options, dev *dml.Device, desc *dml.FillValueSequenceOperatorDesc, r io.Reader, size uint64, opts check.Options, stdout, stderr io.Writer) error {
	if size == 0 {
		stderr = io.Discard // (no total to show progress against)
	}
	name := o.check
	if name == "-" {
		name = "standard input"
	}
	prog := newProgress(stderr, size)
	rep, err := check.Reader(dev, desc, &progressReader{r: r, p: prog}, opts)
	prog.finish()
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return &ioError{err}
		}
		return usagef("-check %s: %s", name, strings.TrimPrefix(err.Error(), "dml: invalid argument: "))
	}
	if o.report == "json" {
		err = writeCheckJSON(stdout, name, &opts, rep)
	} else {
		err = writeCheckText(stdout, name, "the exact result", &opts, rep)
	}
	if err != nil {
		return &ioError{err}
	}
	var plotErr error
	if o.plot != "" {
		what := fmt.Sprintf("%s: %v %s + i*%s against the exact result", filepath.Base(o.check), desc.OutputTensor.DataType, o.start, o.delta)
		plotErr = writePlot(o.plot, stdout, what, rep)
	}
	if !rep.OK() {
		return checkFailed{also: plotErr}
	}
	return plotErr
}

func ulpText(d uint64) string {
	switch d {
	case math.MaxUint64:
		return "NaN against a number"
	case math.MaxUint64 - 1:
		return "different"
	}
	return fmt.Sprintf("%d ULP", d)
}

func mismatchText(t dml.TensorDataType, m *check.Mismatch) string {
	hw := 2 * int(t.ElementSize())
	at := fmt.Sprintf("element %d %v", m.Index, m.Coords)
	if m.Coords == nil {
		at = fmt.Sprintf("element %d", m.Index)
	}
	if m.Index == math.MaxUint64 {
		at = fmt.Sprintf("the element at byte %d", m.Offset)
	}
	return fmt.Sprintf("%s: got %s (0x%0*X), want %s (0x%0*X), %s", at,
		textfmt.Value(t, m.Got), hw, m.Got, textfmt.Value(t, m.Want), hw, m.Want, ulpText(m.ULP))
}

func writeCheckText(w io.Writer, name, against string, opts *check.Options, rep *check.Report) error {
	pct := func(n uint64) float64 { return 100 * float64(n) / float64(max(rep.Elements, 1)) }
	fmt.Fprintf(w, "%s: %d %v elements against %s\n", name, rep.Elements, rep.Type, against)
	fmt.Fprintf(w, "exact: %d (%.4g%%)\n", rep.Exact, pct(rep.Exact))
	h := rep.Histogram
	if rep.Type.IsFloat() {
		fmt.Fprintf(w, "ULP: 0: %d, 1: %d, 2: %d, 3-16: %d, more: %d, NaN against a number: %d\n",
			h[check.ULP0], h[check.ULP1], h[check.ULP2], h[check.ULP3to16], h[check.ULPMore], h[check.ULPNaNOnly])
	}
	if rep.Worst != nil {
		fmt.Fprintf(w, "worst: %s\n", mismatchText(rep.Type, rep.Worst))
	}
	for i := range rep.Mismatches {
		if i == 0 {
			fmt.Fprintln(w, "first mismatches:")
		}
		fmt.Fprintf(w, "  %s\n", mismatchText(rep.Type, &rep.Mismatches[i]))
	}
	if len(rep.Models) > 0 {
		fmt.Fprint(w, "models:")
		for i, f := range rep.Models {
			sep := ","
			if i == 0 {
				sep = ""
			}
			if !f.Evaluated {
				fmt.Fprintf(w, "%s %s not followed (elements out of index order)", sep, f.Model)
				continue
			}
			fmt.Fprintf(w, "%s %s %d (%.4g%%)", sep, f.Name(), f.Matches, pct(f.Matches))
		}
		fmt.Fprintln(w)
		names := []string{}
		for _, f := range rep.ExplainedFits() {
			names = append(names, f.Name())
		}
		if len(names) == 0 {
			names = append(names, "none of the models")
			if f, ok := rep.Nearest(); ok {
				names[0] += fmt.Sprintf("; the nearest, %s (%.4g%%), first differs at element %d", f.Name(), pct(f.Matches), f.FirstMiss)
			}
			if s, d, ok := rep.Implied(); ok {
				names[0] += fmt.Sprintf("; elements 0 and 1 imply start %s and delta %s", typeText(rep.Type, s), typeText(rep.Type, d))
			}
		}
		fmt.Fprintf(w, "explained by: %s\n", strings.Join(names, ", "))
	}
	if opts.Padding != nil {
		fmt.Fprintf(w, "padding: %d bytes, %d not 0x%02X", rep.PaddingBytes, rep.BadPadding, *opts.Padding)
		if rep.BadPadding > 0 {
			fmt.Fprintf(w, " (the first at byte %d)", rep.FirstBadPadding)
		}
		fmt.Fprintln(w)
	}
	// The last line says what was held to what, and what failed.
	verdict := "PASS"
	var failed []string
	if rep.Within != rep.Elements {
		failed = append(failed, "elements")
	}
	if rep.BadPadding > 0 {
		failed = append(failed, "padding")
	}
	if len(failed) > 0 {
		verdict = "FAIL (" + strings.Join(failed, " and ") + ")"
	}
	held := fmt.Sprintf("within %d ULP", opts.ULP)
	if !rep.Type.IsFloat() {
		held = "equal (integers pass only when equal; -ulp is for floats)"
	}
	padding := ""
	if opts.Padding != nil {
		padding = fmt.Sprintf("; padding: %d of %d bytes 0x%02X", rep.PaddingBytes-rep.BadPadding, rep.PaddingBytes, *opts.Padding)
	}
	_, err := fmt.Fprintf(w, "%s: %d of %d (%.4g%%)%s: %s\n", held, rep.Within, rep.Elements, pct(rep.Within), padding, verdict)
	return err
}

func writeCheckJSON(w io.Writer, name string, opts *check.Options, rep *check.Report) error {
	type mismatch struct {
		Index    *uint64  `json:"index,omitempty"`
		Coords   []uint32 `json:"coords,omitempty"`
		Offset   uint64   `json:"offset"`
		Got      string   `json:"got"`
		Want     string   `json:"want"`
		GotBits  string   `json:"gotBits"`
		WantBits string   `json:"wantBits"`
		ULP      *uint64  `json:"ulp,omitempty"`
	}
	conv := func(m *check.Mismatch) *mismatch {
		if m == nil {
			return nil
		}
		hw := 2 * int(rep.Type.ElementSize())
		out := &mismatch{Coords: m.Coords, Offset: m.Offset, Got: textfmt.Value(rep.Type, m.Got), Want: textfmt.Value(rep.Type, m.Want),
			GotBits: fmt.Sprintf("0x%0*X", hw, m.Got), WantBits: fmt.Sprintf("0x%0*X", hw, m.Want)}
		if m.Index != math.MaxUint64 {
			out.Index = &m.Index
		}
		if m.ULP < math.MaxUint64-1 {
			out.ULP = &m.ULP
		}
		return out
	}
	var ms []*mismatch
	for i := range rep.Mismatches {
		ms = append(ms, conv(&rep.Mismatches[i]))
	}
	h := rep.Histogram
	doc := map[string]any{
		"file": name, "type": rep.Type.String(), "elements": rep.Elements, "exact": rep.Exact,
		"ulpTolerance": opts.ULP, "within": rep.Within, "ok": rep.OK(),
		"histogram": map[string]uint64{"0": h[check.ULP0], "1": h[check.ULP1], "2": h[check.ULP2], "3-16": h[check.ULP3to16], "more": h[check.ULPMore], "nanAgainstNumber": h[check.ULPNaNOnly]},
		"worst":     conv(rep.Worst), "mismatches": ms,
	}
	if len(rep.Models) > 0 {
		models := map[string]any{}
		for _, f := range rep.Models {
			if f.Evaluated {
				models[string(f.Model)] = f.Matches
			} else {
				models[string(f.Model)] = nil
			}
		}
		explained := []string{}
		for _, m := range rep.Explained() {
			explained = append(explained, string(m))
		}
		doc["models"], doc["explainedBy"] = models, explained
		if s, d, ok := rep.Implied(); ok && len(explained) == 0 {
			doc["implied"] = map[string]string{"start": typeText(rep.Type, s), "delta": typeText(rep.Type, d)}
		}
	}
	if opts.Padding != nil {
		doc["padding"] = map[string]uint64{"bytes": rep.PaddingBytes, "bad": rep.BadPadding, "firstBad": rep.FirstBadPadding}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// typeText writes v rounded to float type t, in the fewest digits that read
// back to that value of t.
func typeText(t dml.TensorDataType, v float64) string {
	x, err := dml.ParseScalar(t, strconv.FormatFloat(v, 'g', -1, 64))
	if err != nil { // (not expected: any float64 text is a value of t)
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return textfmt.Value(t, x.Bits())
}
