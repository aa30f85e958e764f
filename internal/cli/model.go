package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/dxdispatch"
	"github.com/dmlgo/dml/internal/npy"
	"github.com/dmlgo/dml/internal/regular"
	"github.com/dmlgo/dml/internal/textfmt"
)

// stdin is where -model - reads the model (a variable for the tests).
var stdin io.Reader = os.Stdin

// runModel runs a DxDispatch model file: every resource, dispatchable and
// command is checked before the first command runs.
func runModel(path string, level dml.FeatureLevel, opts dxdispatch.Options, check *modelCheck, stdout, stderr io.Writer) error {
	var m *dxdispatch.Model
	var err error
	if path == "-" {
		// The model from standard input: its relative sourcePaths start
		// from the current folder.
		var text []byte
		text, err = io.ReadAll(io.LimitReader(stdin, dxdispatch.MaxModelBytes+1))
		if err != nil {
			return &ioError{fmt.Errorf("reading the model from standard input: %w", err)}
		}
		if len(text) > dxdispatch.MaxModelBytes {
			return usagef("the model on standard input has more than %d bytes", dxdispatch.MaxModelBytes)
		}
		path = "standard input"
		m, err = dxdispatch.Parse(text, ".", dml.NewDevice(level), opts)
	} else {
		m, err = dxdispatch.Load(path, dml.NewDevice(level), opts)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && !errors.As(err, new(*dxdispatch.Error)) {
			return &ioError{fmt.Errorf("reading %s: %w", path, pe.Err)}
		}
		return usagef("%s: %v", path, err)
	}
	for _, w := range m.Warnings {
		fmt.Fprintf(stderr, "dmlfill: warning: %s\n", textfmt.OneLine(path+": "+w))
	}
	if check != nil {
		err = m.Run(stdout, stderr, check.compare)
		if err == nil {
			err = check.finish(stdout)
		}
	} else {
		outDir, aerr := filepath.Abs(opts.OutputPath)
		if aerr != nil {
			return &ioError{fmt.Errorf("the output folder %q: %w", opts.OutputPath, aerr)}
		}
		w := &modelWriter{outDir: outDir, anyPath: opts.AllowAnyPath}
		defer w.close()
		err = m.Run(stdout, stderr, w.write)
	}
	var ie *ioError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ie), errors.As(err, new(checkFailed)), errors.As(err, new(*usageError)):
		return err
	}
	var de *dxdispatch.Error
	if errors.As(err, &de) {
		return usagef("%s: %v", path, err)
	}
	return &ioError{err}
}

// modelWriter writes a model's writeFile files, each atomically
// (writeAtomic): inside an os.Root of the output folder, which resolves
// every name there, symbolic links included, and refuses one that leads
// out, whatever the folders became since the model was checked; with
// -allow-any-path, anywhere. The output folder and the folders on the way
// to a file are created, as DxDispatch creates them.
type modelWriter struct {
	outDir  string // absolute
	anyPath bool
	root    *os.Root // opened at the first write
}

func (w *modelWriter) close() {
	if w.root != nil {
		w.root.Close()
	}
}

func (w *modelWriter) write(target string, _ dml.TensorDataType, parts [][]byte) error {
	size := uint64(0)
	for _, p := range parts {
		size += uint64(len(p))
	}
	produce := func(wr io.Writer) error {
		for _, p := range parts {
			if _, err := wr.Write(p); err != nil {
				return err
			}
		}
		return nil
	}
	if w.anyPath {
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return &ioError{fmt.Errorf("creating the folder of %s: %w", target, unwrapPath(err))}
		}
		return writeAtomicSized(target, nil, size, produce)
	}
	rel, err := filepath.Rel(w.outDir, target)
	if err != nil || !filepath.IsLocal(rel) {
		return &ioError{fmt.Errorf("writing %s: it is not inside the output folder %s", target, w.outDir)}
	}
	if w.root == nil {
		if err := os.MkdirAll(w.outDir, 0o755); err != nil {
			return &ioError{fmt.Errorf("creating the output folder %s: %w", w.outDir, unwrapPath(err))}
		}
		if w.root, err = os.OpenRoot(w.outDir); err != nil {
			return &ioError{fmt.Errorf("opening the output folder %s: %w", w.outDir, unwrapPath(err))}
		}
	}
	if d := filepath.Dir(rel); d != "." {
		if err := w.root.MkdirAll(d, 0o755); err != nil {
			return &ioError{fmt.Errorf("creating the folder of %s: %w", target, unwrapPath(err))}
		}
	}
	return writeIn(w.root, rel, target, size, produce)
}

// modelCheck compares the files a model's writeFile commands would write
// with the files of the same paths under the folder DxDispatch wrote them to
// (the output folder: -check DIR).
type modelCheck struct {
	opts    check.Options
	json    bool
	out     io.Writer
	reports []any // JSON: one document per file
	// compared counts the files compared: a model that writes none has
	// nothing to check, which is an error, not a pass.
	compared int
	failed   bool
}

func (c *modelCheck) compare(target string, t dml.TensorDataType, parts [][]byte) error {
	c.compared++
	f, st, err := regular.Open(target) // (opened, then checked: no swap between)
	var nr *regular.NotRegularError
	if errors.As(err, &nr) {
		return usagef("-check: %s is not a regular file but %s", target, regular.Kind(nr.Mode))
	}
	if err != nil {
		return &ioError{fmt.Errorf("-check: %s: %w", target, unwrapPath(err))}
	}
	defer f.Close()
	ours := parts[len(parts)-1]
	if len(parts) == 2 { // .npy: the headers must agree on type and shape
		head := make([]byte, min(st.Size(), npy.MaxHeader))
		if _, err := io.ReadFull(f, head); err != nil {
			return &ioError{fmt.Errorf("-check: %s: %w", target, err)}
		}
		theirT, theirShape, off, _, err := npy.ReadHeader(head)
		if err != nil {
			return usagef("-check: %s: %v", target, err)
		}
		ourT, ourShape, _, _, err := npy.ReadHeader(parts[0])
		if err != nil {
			return fmt.Errorf("the header dmlfill writes: %w", err) // (a bug: ours always reads)
		}
		if theirT != ourT || fmt.Sprint(theirShape) != fmt.Sprint(ourShape) {
			return usagef("-check: %s holds %v of shape %v; the model writes %v of shape %v", target, theirT, theirShape, ourT, ourShape)
		}
		if _, err := f.Seek(int64(off), io.SeekStart); err != nil {
			return &ioError{err}
		}
	}
	rep, err := check.Compare(t, f, bytes.NewReader(ours), c.opts)
	if err != nil {
		return usagef("-check: %s: %s", target, strings.TrimPrefix(err.Error(), "dml: invalid argument: "))
	}
	c.failed = c.failed || !rep.OK()
	sum := rep.Summary(target, "dmlfill's run of the model")
	if c.json {
		var b bytes.Buffer
		if err := sum.WriteJSON(&b); err != nil {
			return err
		}
		c.reports = append(c.reports, json.RawMessage(b.Bytes()))
		return nil
	}
	return sum.WriteText(c.out)
}

func (c *modelCheck) finish(stdout io.Writer) error {
	if c.compared == 0 {
		return usagef("-check: the model writes no file (no writeFile command): nothing to compare")
	}
	if c.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(c.reports); err != nil {
			return &ioError{err}
		}
	}
	if c.failed {
		return checkFailed{}
	}
	return nil
}
