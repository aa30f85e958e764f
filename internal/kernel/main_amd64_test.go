//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the package's tests, then fails them if any called a kernel
// only AVX-512 has on a table without it (table.lacks): on a machine
// without AVX-512 that call would have stopped the program, and this host,
// having AVX-512, runs the AVX2 table's tests without complaint otherwise.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := x512Lacking.Load(); n != 0 && code == 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d calls of AVX-512-only kernels on a table without AVX-512 (table.lacks)\n", n)
		code = 1
	}
	os.Exit(code)
}
