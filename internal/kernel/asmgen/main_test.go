package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommitted: the committed files are what the generator writes now,
// byte for byte (regenerate with go run ./asmgen in internal/kernel).
func TestCommitted(t *testing.T) {
	for name, want := range files() {
		got, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from a fresh generation: run go run ./asmgen in internal/kernel", name)
		}
	}
}
