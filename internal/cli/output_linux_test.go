package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dmlgo/dml/internal/testtmp"
)

// TestWriteTargets: -o writes as Unix tools do (see writeAtomic): devices
// and FIFOs in place and left what they are, a symbolic link followed and
// kept, an existing file's mode (and owner, as root) kept, a new one's from
// the umask, names up to 255 bytes, a folder refused; never a temporary
// file left.
func TestWriteTargets(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("device nodes, FIFOs and modes as Linux has them")
	}
	dir := testtmp.Dir(t)
	root := os.Geteuid() == 0

	t.Run("device", func(t *testing.T) {
		checkDeviceTarget(t, dir, root)
	})

	t.Run("fifo", func(t *testing.T) {
		checkFIFOTarget(t, dir)
	})

	t.Run("symlink to a file", func(t *testing.T) {
		checkSymlinkTarget(t, dir)
	})

	t.Run("modes and owner", func(t *testing.T) {
		checkModeTargets(t, dir, root)
	})

	t.Run("long name", func(t *testing.T) {
		name := filepath.Join(dir, strings.Repeat("n", 255))
		if err := writeString(name, "x"); err != nil {
			t.Fatalf("a name of 255 bytes: %v", err)
		}
	})

	t.Run("folder", func(t *testing.T) {
		err := writeString(dir, "x")
		if err == nil || !strings.Contains(err.Error(), "is a folder") {
			t.Fatalf("writing over a folder: %v", err)
		}
	})

	t.Run("failure", func(t *testing.T) {
		keep := filepath.Join(dir, "keep")
		os.WriteFile(keep, []byte("kept"), 0o644)
		err := writeAtomic(keep, nil, func(w io.Writer) error {
			io.WriteString(w, "half")
			return errors.New("stopped")
		})
		if err == nil {
			t.Fatal("a failed write succeeded")
		}
		if b, _ := os.ReadFile(keep); string(b) != "kept" {
			t.Fatalf("a failed write left %q", b)
		}
	})

	if l := leftovers(t, dir); len(l) != 0 {
		t.Fatalf("temporary files left: %v", l)
	}
}

// checkDeviceTarget: -o to a null device writes through, to a full one
// fails with an I/O error saying so, and to a symbolic link to a device
// writes through it; the devices and the link are left what they are
// (mknod needs root).
func checkDeviceTarget(t *testing.T, dir string, root bool) {
	if !root {
		t.Skip("mknod needs root (CI runs as root)")
	}
	null, full := filepath.Join(dir, "null"), filepath.Join(dir, "full")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod: %v", err)
	}
	if err := syscall.Mknod(full, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		t.Skipf("mknod: %v", err)
	}
	if err := writeString(null, "data"); err != nil {
		t.Fatalf("writing a null device: %v", err)
	}
	if fi, err := os.Lstat(null); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("the null device is no longer one: %v %v", fi.Mode(), err)
	}
	err := writeString(full, strings.Repeat("x", 1<<21))
	var ie *ioError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("writing a full device: %v, want an I/O error saying no space is left", err)
	}
	if fi, err := os.Lstat(full); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("the full device is no longer one: %v %v", fi.Mode(), err)
	}
	// A symbolic link to a device: written through, both left as they are.
	link := filepath.Join(dir, "tonull")
	if err := os.Symlink(null, link); err != nil {
		t.Fatal(err)
	}
	if err := writeString(link, "data"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the link to a device is no longer one: %v %v", fi.Mode(), err)
	}
}

// checkFIFOTarget: -o to a FIFO writes through the pipe to its reader,
// and leaves the FIFO one.
func checkFIFOTarget(t *testing.T, dir string) {
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := writeString(fifo, "through the pipe"); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "through the pipe" {
			t.Fatalf("the FIFO's reader got %q", s)
		}
	case <-time.After(10 * time.Second):
		if f, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil { // (the reader's open returns)
			f.Close()
		}
		t.Fatal("the FIFO's reader got nothing in 10 s (the FIFO replaced by a file?)")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO is no longer one: %v %v", fi.Mode(), err)
	}
}

// checkSymlinkTarget: -o to a symbolic link to a file writes the file the
// link points to, keeping the link and the file's mode.
func checkSymlinkTarget(t *testing.T, dir string) {
	real, link := filepath.Join(dir, "real.txt"), filepath.Join(dir, "link.txt")
	os.WriteFile(real, []byte("old"), 0o640)
	if err := os.Symlink("real.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := writeString(link, "new"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the link is no longer one: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Fatalf("the file the link points to holds %q", b)
	}
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o640 {
		t.Fatalf("the file the link points to has mode %v, want 0640", fi.Mode().Perm())
	}
}

// checkModeTargets: -o over an existing file keeps its mode (and, as
// root, its owner); a new file takes its mode from the umask.
func checkModeTargets(t *testing.T, dir string, root bool) {
	private := filepath.Join(dir, "private")
	os.WriteFile(private, []byte("old"), 0o600)
	os.Chmod(private, 0o600)
	if root {
		if err := os.Chown(private, 1234, 5678); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeString(private, "new"); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(private)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("an existing 0600 file became %v", fi.Mode().Perm())
	}
	if st := fi.Sys().(*syscall.Stat_t); root && (st.Uid != 1234 || st.Gid != 5678) {
		t.Fatalf("an existing file's owner became %d:%d, want 1234:5678", st.Uid, st.Gid)
	}
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	fresh := filepath.Join(dir, "fresh")
	if err := writeString(fresh, "x"); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640 {
		t.Fatalf("a new file under umask 027 has mode %v, want 0640", fi.Mode().Perm())
	}
}
