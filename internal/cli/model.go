package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/dxdispatch"
)

// stdin is where -model - reads the model (a variable for the tests).
var stdin io.Reader = os.Stdin

// runModel runs a DxDispatch model file: every resource, dispatchable and
// command is checked before the first command runs.
func runModel(path string, level dml.FeatureLevel, opts dxdispatch.Options, stdout, stderr io.Writer) error {
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
	err = m.Run(stdout, stderr, func(target string, parts [][]byte) error {
		// DxDispatch creates the target's folder; so does dmlfill.
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return &ioError{fmt.Errorf("creating the folder of %s: %w", target, unwrapPath(err))}
		}
		return writeAtomic(target, nil, func(w io.Writer) error {
			for _, p := range parts {
				if _, err := w.Write(p); err != nil {
					return err
				}
			}
			return nil
		})
	})
	var ie *ioError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ie):
		return err
	}
	var de *dxdispatch.Error
	if errors.As(err, &de) {
		return usagef("%s: %v", path, err)
	}
	return &ioError{err}
}
