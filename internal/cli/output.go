package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/dmlgo/dml"
)

// chunkBytes is how much of a tensor is produced at a time: memory stays
// bounded by it whatever the tensor's size.
const chunkBytes = 8 << 20

// ioError is a failure to read or write a file (exit status 1).
type ioError struct{ err error }

func (e *ioError) Error() string { return e.err.Error() }
func (e *ioError) Unwrap() error { return e.err }

// writeAtomic runs produce on a temporary file beside path and renames it to
// path only when produce and the close succeed; on failure, or on an
// interrupt, the temporary file is removed and path is left as it was.
// With path "" it writes to stdout.
func writeAtomic(path string, stdout io.Writer, produce func(w io.Writer) error) error {
	if path == "" {
		bw := bufio.NewWriterSize(stdout, 1<<16)
		if err := produce(bw); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return &ioError{fmt.Errorf("writing standard output: %w", err)}
		}
		return nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return &ioError{fmt.Errorf("creating %s: %w", path, unwrapPath(err))}
	}
	tmp := f.Name()
	stop := removeOnSignal(tmp)
	defer stop()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	bw := bufio.NewWriterSize(&fileWriter{f: f, path: path}, 1<<20)
	if err := produce(bw); err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(&ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))})
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return &ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))}
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return &ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))}
	}
	return nil
}

// fileWriter names the final path in write errors, not the temporary one.
type fileWriter struct {
	f    *os.File
	path string
}

func (w *fileWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil {
		err = &ioError{fmt.Errorf("writing %s: %w", w.path, unwrapPath(err))}
	}
	return n, err
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}

// removeOnSignal removes path if the process is interrupted before stop is
// called, then exits with the status a shell expects.
func removeOnSignal(path string) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	var once sync.Once
	go func() {
		select {
		case <-ch:
			os.Remove(path)
			os.Exit(130)
		case <-done:
		}
	}()
	return func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
		})
	}
}

// progress reports how far a long write has come on a terminal.
type progress struct {
	w     io.Writer // nil: report nothing
	total uint64
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(stderr io.Writer, total uint64) *progress {
	p := &progress{total: total, start: time.Now()}
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		p.w = stderr
	}
	return p
}

func (p *progress) update(done uint64) {
	if p.w == nil {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.w, "\rdmlfill: %3d%% (%d of %d MiB)", done*100/max(p.total, 1), done>>20, p.total>>20)
}

func (p *progress) finish() {
	if p.shown {
		fmt.Fprintf(p.w, "\r\033[K")
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// writeWindows writes bytes [0, n) of an operator's output buffer, starting
// from zeros, chunk by chunk.
func writeWindows(w io.Writer, op dml.Operator, n uint64, prog *progress) error {
	buf := make([]byte, min(n, chunkBytes))
	for off := uint64(0); off < n; {
		b := buf[:min(uint64(len(buf)), n-off)]
		clear(b)
		if err := op.ExecuteWindow(b, off); err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
		off += uint64(len(b))
		prog.update(off)
	}
	prog.finish()
	return nil
}

// elements reads single elements of a packed operator's output, a chunk at
// a time.
type elements struct {
	op     dml.Operator
	es     uint64
	buf    []byte
	lo, hi uint64 // indices held in buf
}

func newElements(op dml.Operator, es uint64) *elements {
	return &elements{op: op, es: es, buf: make([]byte, 4096*es)}
}

func (e *elements) bits(i uint64) uint64 {
	if i < e.lo || i >= e.hi {
		e.lo = i / 4096 * 4096
		e.hi = e.lo + 4096
		clear(e.buf)
		// The window is a multiple of the element size: no error.
		_ = e.op.ExecuteWindow(e.buf, e.lo*e.es)
	}
	// The element's little-endian bytes are a DML_SCALAR_UNION's low bytes.
	var v dml.ScalarUnion
	copy(v[:e.es], e.buf[(i-e.lo)*e.es:])
	return v.Bits()
}
