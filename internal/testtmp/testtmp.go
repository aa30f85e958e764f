// Package testtmp gives tests a temporary folder that is removed after
// them on every system, Wine included.
//
// testing's TempDir removes its folder with os.RemoveAll. On Windows, Go
// 1.26 deletes each entry there through NtSetInformationFile with
// FileDispositionInformationEx (POSIX semantics), falling back to the old
// way only on the statuses Windows gives where that is missing. Wine 8.0
// (Debian 12's) answers another status, so every TempDir's removal fails
// under it ("unlinkat ...: Invalid function") and fails its test. Dir
// removes its folder entry by entry with os.Remove (DeleteFile and
// RemoveDirectory), which Windows and Wine both have.
package testtmp

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// Dir is a new temporary folder for tb, removed when tb ends (as
// tb.TempDir; on Windows removed entry by entry).
func Dir(tb testing.TB) string {
	tb.Helper()
	if runtime.GOOS != "windows" {
		return tb.TempDir()
	}
	dir, err := os.MkdirTemp("", "dml-test-")
	if err != nil {
		tb.Fatalf("making a temporary folder: %v", err)
	}
	tb.Cleanup(func() {
		if err := removeTree(dir); err != nil {
			tb.Errorf("removing the temporary folder: %v", err)
		}
	})
	return dir
}

// removeTree removes dir and everything in it, deepest first, without
// following symbolic links.
func removeTree(dir string) error {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		paths = append(paths, p)
		return nil
	})
	if err != nil {
		return err
	}
	// WalkDir lists a folder before what it holds: backwards, each entry
	// goes before its folder.
	for _, p := range slices.Backward(paths) {
		if err := os.Remove(p); err != nil {
			return err
		}
	}
	return nil
}
