package dml_test

import (
	"os"
	"testing"

	"github.com/dmlgo/dml/internal/kernel"
)

// TestMain makes every fill of 16 MiB or more measure its store verdict, as
// the first such fill of a process does (kernel.Recheck: 2 s outside the
// tests), so that what the tests run is what a user's call runs, the
// measurement included.
func TestMain(m *testing.M) {
	kernel.Recheck = 0
	os.Exit(m.Run())
}
