package cli

import (
	"os"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestVersion: -version prints the version CHANGELOG.md's latest release
// names, and the Go release that built dmlfill.
func TestVersion(t *testing.T) {
	changelog, err := os.ReadFile("../../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^## \[(\d+\.\d+\.\d+)\]`).FindSubmatch(changelog)
	if m == nil {
		t.Fatal("CHANGELOG.md names no release (## [x.y.z])")
	}
	code, out, _ := runCLI("-version")
	want := "dmlfill " + string(m[1]) + " (github.com/dmlgo/dml"
	if code != 0 || !strings.HasPrefix(out, want) || !strings.HasSuffix(out, ", "+runtime.Version()+")\n") {
		t.Errorf("-version: exit %d, %q; want %q ... %s)", code, out, want, runtime.Version())
	}
	for _, tc := range []struct {
		revision string
		modified bool
		want     string
	}{
		{"", false, "dmlfill 1.2.3 (github.com/dmlgo/dml, go1.99)"},
		{"0123456789abcdef0123456789abcdef01234567", false, "dmlfill 1.2.3 (github.com/dmlgo/dml, commit 0123456789ab, go1.99)"},
		{"0123456789abcdef0123456789abcdef01234567", true, "dmlfill 1.2.3 (github.com/dmlgo/dml, commit 0123456789ab+dirty, go1.99)"},
	} {
		if got := versionText("1.2.3", tc.revision, tc.modified, "go1.99"); got != tc.want {
			t.Errorf("versionText(%q, %v) = %q, want %q", tc.revision, tc.modified, got, tc.want)
		}
	}
}
