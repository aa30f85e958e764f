package cli

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dmlgo/dml/internal/testtmp"
)

func writeString(path, s string) error {
	return writeAtomic(path, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}

// leftovers lists the temporary files writeAtomic left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, ".dmlfill-*.tmp"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestInterruptLeavesNothing: SIGTERM at any moment of a write with -o,
// from the process's start on, leaves no temporary file (the handler is
// set before the file is made): 40 tries at 0 to 10 ms, 200 under
// DML_LONG=1.
func TestInterruptLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts dmlfill many times")
	}
	if runtime.GOOS != "linux" {
		t.Skip("signals as Linux sends them")
	}
	bin := buildDmlfill(t)
	dir := testtmp.Dir(t)
	tries := 40
	if long() {
		tries = 200
	}
	for i := range tries {
		cmd := exec.Command(bin, "-type", "UINT8", "-sizes", "1,1,1,20000000", "-format", "raw", "-o", filepath.Join(dir, "out.raw"))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(i%11) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		if l := leftovers(t, dir); len(l) != 0 {
			t.Fatalf("SIGTERM %d ms after the start left %v", i%11, l)
		}
	}
}

// TestModelWritesStayInside: a model's files are written through an
// os.Root of the output folder: a folder on the way swapped for a symbolic
// link to elsewhere, again and again while the files are written (as an
// attacker racing the model's checks would), never puts a file, or a
// temporary one, outside; the output folder, missing, is created.
func TestModelWritesStayInside(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("symbolic links and renames as Linux has them")
	}
	base, outside := testtmp.Dir(t), testtmp.Dir(t)
	out := filepath.Join(base, "new", "out") // (does not exist yet)
	w := &modelWriter{outDir: out}
	defer w.close()
	if err := w.write(filepath.Join(out, "first.bin"), 0, [][]byte{[]byte("x")}); err != nil {
		t.Fatalf("a missing output folder: %v", err)
	}
	sub := filepath.Join(out, "sub")
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { // swap sub between a folder and a link out, as fast as it can
		defer close(done)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			os.RemoveAll(sub)
			if i%2 == 0 {
				os.Mkdir(sub, 0o755)
			} else {
				os.Symlink(outside, sub)
			}
		}
	}()
	wrote := 0
	for range 300 {
		if w.write(filepath.Join(sub, "x.bin"), 0, [][]byte{[]byte("data")}) == nil {
			wrote++
		}
	}
	close(stop)
	<-done
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Fatalf("%d entries written outside the output folder (%s ...)", len(entries), entries[0].Name())
	}
	t.Logf("%d of 300 writes went through (the others met the link and were refused)", wrote)
}

// TestREADMEOutputPath: the README's -output-path example works where the
// folder does not exist yet (DxDispatch creates it; so does dmlfill).
func TestREADMEOutputPath(t *testing.T) {
	out := filepath.Join(testtmp.Dir(t), "ab", "outdir")
	if code, _, errs := runCLI("-model", "../../examples/strided_fp16.json", "-output-path", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	entries, err := os.ReadDir(out)
	if err != nil || len(entries) == 0 {
		t.Fatalf("the output folder: %v, %d entries", err, len(entries))
	}
}

// TestOutputTooLargeForDisk: a file its file system cannot hold (2^64-1
// bytes of buffer) is refused before a byte is written, naming both sizes.
func TestOutputTooLargeForDisk(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("statfs as Linux has it")
	}
	dir := testtmp.Dir(t)
	out := filepath.Join(dir, "f")
	code, _, errs := runCLI("-type", "UINT8", "-sizes", "4", "-total-bytes", "18446744073709551615", "-format", "buffer", "-o", out)
	if code != 1 || !strings.Contains(errs, "it needs 18446744073709551615 bytes, and its file system has") {
		t.Fatalf("exit %d, %q", code, errs)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left %v", entries)
	}
}
