//go:build unix

package regular

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestOpen: a regular file opens; a FIFO with no writer, a device and a
// folder are refused at once, by what the open found.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	os.WriteFile(file, []byte("abc"), 0o644)
	f, st, err := Open(file)
	if err != nil || st.Size() != 3 {
		t.Fatalf("a regular file: %v %v", st, err)
	}
	f.Close()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, "/dev/null", dir} {
		done := make(chan error, 1)
		go func() {
			_, _, err := Open(p)
			done <- err
		}()
		select {
		case err := <-done:
			var nr *NotRegularError
			if !errors.As(err, &nr) {
				t.Errorf("%s: %v, want a NotRegularError", p, err)
			}
		case <-time.After(5 * time.Second):
			if w, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil { // (the blocked open returns)
				w.Close()
			}
			t.Fatalf("%s: the open blocked", p)
		}
	}
	if _, _, err := Open(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}
