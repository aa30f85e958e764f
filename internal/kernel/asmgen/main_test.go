package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommitted: the committed files are what the generator writes now,
// byte for byte (regenerate with go generate ./internal/kernel).
func TestCommitted(t *testing.T) {
	for name, want := range files() {
		got, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from a fresh generation: run go generate ./internal/kernel", name)
		}
	}
	// And no file the generator no longer writes is left behind.
	all, err := filepath.Glob(filepath.Join("..", "*"))
	if err != nil {
		t.Fatal(err)
	}
	fresh := files()
	for _, p := range all {
		b, err := os.ReadFile(p)
		if err != nil || !bytes.HasPrefix(b, []byte(generated)) {
			continue
		}
		if _, ok := fresh[filepath.Base(p)]; !ok {
			t.Errorf("%s says asmgen wrote it, but asmgen writes no such file now: delete it", filepath.Base(p))
		}
	}
}
