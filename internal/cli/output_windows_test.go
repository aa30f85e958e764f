package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/dmlgo/dml/internal/testtmp"
)

// TestWriteTargetsWindows: -o keeps on Windows the promises it keeps on
// Linux, in Windows' terms: NUL is written in place (no temporary file
// beside it), an existing file is replaced whole by a rename, a file
// another program holds open (without sharing its deletion) is an error
// that leaves it as it was and no temporary file, and a folder is refused.
func TestWriteTargetsWindows(t *testing.T) {
	dir := testtmp.Dir(t)
	fill := []string{"-type", "UINT8", "-sizes", "4", "-start", "1", "-format", "raw"}
	t.Chdir(dir)

	if code, out, errs := runCLI(append(fill, "-o", "NUL")...); code != 0 || out != "" || errs != "" {
		t.Errorf("-o NUL: exit %d, %q, %q", code, out, errs)
	}
	if code, _, errs := runCLI(append(fill, "-o", `\\.\NUL`)...); code != 0 || errs != "" {
		t.Errorf(`-o \\.\NUL: exit %d, %q`, code, errs)
	}

	// A path with its drive letter and backslashes.
	out := filepath.Join(dir, "seq.bin")
	if !strings.Contains(out, `:\`) {
		t.Fatalf("the temporary folder %s has no drive letter", dir)
	}
	if err := os.WriteFile(out, []byte("an old, longer file"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(append(fill, "-o", out)...); code != 0 {
		t.Fatalf("-o %s: exit %d, %q", out, code, errs)
	}
	if b, err := os.ReadFile(out); err != nil || string(b) != "\x01\x02\x03\x04" {
		t.Errorf("%s: % x, %v", out, b, err)
	}

	// Held open by another program, sharing reading and writing but not
	// deletion (as most Windows programs open a file): not replaced.
	name, err := syscall.UTF16PtrFromString(out)
	if err != nil {
		t.Fatal(err)
	}
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ, syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("-type", "UINT8", "-sizes", "4", "-start", "9", "-format", "raw", "-o", out)
	syscall.CloseHandle(h)
	if code != 1 || !strings.Contains(errs, "writing "+out) || strings.Count(errs, "\n") != 1 {
		t.Errorf("-o over a file held open: exit %d, %q; want 1 and one line", code, errs)
	}
	if b, err := os.ReadFile(out); err != nil || string(b) != "\x01\x02\x03\x04" {
		t.Errorf("the file held open became % x (%v), want it as it was", b, err)
	}

	if code, _, errs := runCLI(append(fill, "-o", dir)...); code != 1 || !strings.Contains(errs, "it is a folder") {
		t.Errorf("-o a folder: exit %d, %q", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "seq.bin" {
			t.Errorf("left in the folder: %s", e.Name())
		}
	}
}
