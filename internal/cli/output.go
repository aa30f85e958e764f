package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
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

// writeAtomic writes what produce writes to path as Unix tools do, and
// never leaves half a file:
//
//   - "" is standard output;
//   - a path that is not a regular file (a device such as /dev/null or
//     /dev/full, a FIFO, a socket), or a symbolic link to one, is opened and
//     written in place, with no temporary file: a write error (no space
//     left on /dev/full) is an error;
//   - a regular file, or a new one, is written to a temporary file in its
//     folder and renamed over it only when produce and the close succeed;
//     on failure, or on an interrupt, the temporary file is removed and
//     path is left as it was. An existing file keeps its permissions (and,
//     as root, its owner); a new one gets 0666 less the umask. A symbolic
//     link to a regular file stays a link: the file it points to is
//     replaced;
//   - a folder is an error that says so.
//
// The target is opened first and the opened file checked (a device or a
// FIFO is written through that open file), so a file this user may not
// write is an error, as for a shell's redirection.
func writeAtomic(path string, stdout io.Writer, produce func(w io.Writer) error) error {
	return writeAtomicSized(path, stdout, 0, produce)
}

// writeAtomicSized is writeAtomic for a file that will hold size bytes (0:
// not known): one its file system cannot hold is refused before anything
// is written, naming both sizes.
func writeAtomicSized(path string, stdout io.Writer, size uint64, produce func(w io.Writer) error) error {
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
	return writeIn(osDir{}, path, path, size, produce)
}

// A dir is where writeIn resolves names: the whole file system (osDir), or
// an *os.Root, inside which every name, symbolic links included, stays.
type dir interface {
	Lstat(name string) (fs.FileInfo, error)
	Stat(name string) (fs.FileInfo, error)
	OpenFile(name string, flag int, perm fs.FileMode) (*os.File, error)
	Rename(oldname, newname string) error
	Remove(name string) error
	Readlink(name string) (string, error)
}

// osDir is the whole file system as a dir.
type osDir struct{}

func (osDir) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }
func (osDir) Stat(name string) (fs.FileInfo, error)  { return os.Stat(name) }
func (osDir) OpenFile(name string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag, perm)
}
func (osDir) Rename(oldname, newname string) error { return os.Rename(oldname, newname) }
func (osDir) Remove(name string) error             { return os.Remove(name) }
func (osDir) Readlink(name string) (string, error) { return os.Readlink(name) }

var _ dir = (*os.Root)(nil)

// writeIn is writeAtomic for name in d; shown is the path errors name.
func writeIn(d dir, name, shown string, size uint64, produce func(w io.Writer) error) error {
	// The file a symbolic link points to (a dangling link: the file to
	// create), link after link; in a Root, a link out of it fails below.
	target := name
	for hops := 0; ; hops++ {
		fi, err := d.Lstat(target)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			break
		}
		if hops == 40 {
			return &ioError{fmt.Errorf("writing %s: too many levels of symbolic links", shown)}
		}
		dest, err := d.Readlink(target)
		if err != nil {
			return &ioError{fmt.Errorf("writing %s: %w", shown, unwrapPath(err))}
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(target), dest)
		}
		target = dest
	}
	// The target opened first (for writing, neither created nor
	// truncated: a regular file is left as it is), and the opened file
	// checked: what is written in place is what was checked.
	f, err := d.OpenFile(target, os.O_WRONLY, 0)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return replaceFile(d, shown, target, nil, size, produce)
	case errors.Is(err, syscall.EISDIR):
		return &ioError{fmt.Errorf("writing %s: it is a folder", shown)}
	case err != nil:
		return &ioError{fmt.Errorf("writing %s: %w", shown, unwrapPath(err))}
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		return &ioError{fmt.Errorf("writing %s: %w", shown, unwrapPath(err))}
	case fi.IsDir():
		f.Close()
		return &ioError{fmt.Errorf("writing %s: it is a folder", shown)}
	case !fi.Mode().IsRegular():
		return writeInPlace(f, shown, produce)
	}
	f.Close() // the file replaced: its mode and owner carry over
	return replaceFile(d, shown, target, fi, size, produce)
}

// writeInPlace writes to f, opened from a path that is not a regular file
// (a device, a FIFO), as shells and cp do: no temporary file.
func writeInPlace(f *os.File, path string, produce func(w io.Writer) error) error {
	bw := bufio.NewWriterSize(&fileWriter{f: f, path: path}, 1<<20)
	if err := produce(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return &ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))}
	}
	return nil
}

// replaceFile writes target (path's file) through a temporary file in its
// folder, renamed over it at the end.
func replaceFile(d dir, path, target string, old fs.FileInfo, size uint64, produce func(w io.Writer) error) error {
	// The temporary file's name is short whatever target's: a name of up
	// to 255 bytes, the most a folder entry has, must work.
	var f *os.File
	var tmp string
	var stop func()
	for try := 0; ; try++ {
		tmp = filepath.Join(filepath.Dir(target), fmt.Sprintf(".dmlfill-%08x.tmp", rand.Uint32()))
		// The interrupt handler is set before the file exists, and removes
		// it under the lock its creation holds: a signal at any moment
		// leaves no temporary file.
		stop = removeOnSignal(d, tmp)
		tmpMu.Lock()
		var err error
		f, err = d.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666) // (less the umask)
		tmpMu.Unlock()
		if err == nil {
			break
		}
		stop()
		if !errors.Is(err, fs.ErrExist) || try == 99 {
			return &ioError{fmt.Errorf("creating %s: %w", path, unwrapPath(err))}
		}
	}
	defer stop()
	fail := func(err error) error {
		_ = f.Close() // (the write's error is the one to report; the file goes)
		return removeTemp(d, tmp, err)
	}
	if free, ok := freeBytes(f); ok && size > free {
		return fail(&ioError{fmt.Errorf("writing %s: it needs %d bytes, and its file system has %d free", path, size, free)})
	}
	bw := bufio.NewWriterSize(&fileWriter{f: f, path: path}, 1<<20)
	if err := produce(bw); err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	if old != nil {
		if err := f.Chmod(old.Mode().Perm()); err != nil {
			return fail(&ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))})
		}
		if err := keepOwner(f, old); err != nil {
			return fail(&ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))})
		}
	}
	if err := f.Close(); err != nil {
		return removeTemp(d, tmp, &ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))})
	}
	if err := d.Rename(tmp, target); err != nil {
		return removeTemp(d, tmp, &ioError{fmt.Errorf("writing %s: %w", path, unwrapPath(err))})
	}
	return nil
}

// removeTemp removes the temporary file tmp after err, and returns err,
// saying also that tmp is left where it could not be removed.
func removeTemp(d dir, tmp string, err error) error {
	if rerr := d.Remove(tmp); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
		return fmt.Errorf("%w (and the temporary file %s is left: %v)", err, tmp, unwrapPath(rerr))
	}
	return err
}

// tmpMu orders creating a temporary file against an interrupt's removal
// of it (removeOnSignal).
var tmpMu sync.Mutex

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

// removeOnSignal removes path from d if the process is interrupted before
// stop is called, then exits with the status a shell expects.
func removeOnSignal(d dir, path string) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	var once sync.Once
	go func() {
		select {
		case <-ch:
			tmpMu.Lock() // (not while the file is being created: after)
			if err := d.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				fmt.Fprintf(os.Stderr, "dmlfill: interrupted; the temporary file %s is left: %v\n", path, unwrapPath(err))
			}
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
