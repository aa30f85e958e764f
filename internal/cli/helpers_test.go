package cli

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"runtime"
	"testing"
)

// jsonString is s as a JSON string, quotes included (a Windows path's
// backslashes escaped).
func jsonString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // (a string always marshals)
	}
	return string(b)
}

// links makes symbolic links, pairs of target and link, and reports
// whether the tests through links can run: on Linux they must; on Windows
// making one needs Developer Mode or a privilege; Wine 8.0's
// CreateSymbolicLink reports success and makes nothing (no entry at the
// link's path). Where links cannot be made, the cases through them are
// skipped, and said so.
func links(t *testing.T, pairs ...string) bool {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		if err := os.Symlink(pairs[i], pairs[i+1]); err != nil {
			if runtime.GOOS != "windows" {
				t.Fatal(err)
			}
			t.Logf("the cases through symbolic links are skipped: %v (Windows makes links with Developer Mode or SeCreateSymbolicLinkPrivilege)", err)
			return false
		}
	}
	if underWine() {
		t.Logf("the cases through symbolic links are skipped: Wine 8.0's CreateSymbolicLink makes nothing")
		return false
	}
	return true
}

// notFound is the system's own words for a file that is not there ("no
// such file or directory" on Linux, "The system cannot find the file
// specified." on Windows), taken from the system, not from dmlfill.
func notFound(t *testing.T, path string) string {
	t.Helper()
	_, err := os.Open(path)
	var pe *fs.PathError
	if !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("opening %s, which should not exist: %v", path, err)
	}
	return pe.Err.Error()
}
