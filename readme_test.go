package dml_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMELibrarySnippet: the README's library snippet compiles as shown,
// inside a main function, against this module.
func TestREADMELibrarySnippet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "```go\n")
	snippet, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("README.md has no Go snippet")
	}
	root, _ := filepath.Abs(".")
	dir := t.TempDir()
	prog := "package main\n\nimport (\n\t\"log\"\n\n\t\"github.com/dmlgo/dml\"\n)\n\nfunc main() {\n" + snippet + "}\n"
	mod := "module snippet\n\ngo 1.26\n\nrequire github.com/dmlgo/dml v0.0.0\n\nreplace github.com/dmlgo/dml => " + root + "\n"
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(prog), 0o644)
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644)
	sum, _ := os.ReadFile("go.sum")
	os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
	cmd := exec.Command("go", "build", "-mod=mod", "-o", os.DevNull, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the README's snippet does not compile: %v\n%s\n%s", err, out, prog)
	}
}
