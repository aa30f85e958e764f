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
}
