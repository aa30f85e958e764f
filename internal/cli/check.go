package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/npy"
	"github.com/dmlgo/dml/internal/regular"
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
	sum := rep.Summary(name, "the exact result")
	if o.report == "json" {
		err = sum.WriteJSON(stdout)
	} else {
		err = sum.WriteText(stdout)
	}
	if err != nil {
		return &ioError{err}
	}
	var plotErr error
	if o.plot != "" {
		what := fmt.Sprintf("%s: %v %s + i*%s against the exact result", filepath.Base(o.check), desc.OutputTensor.DataType, o.start, o.delta)
		plotErr = writePlot(o.plot, stdout, what, rep, sum)
	}
	if !rep.OK() {
		return checkFailed{also: plotErr}
	}
	return plotErr
}
