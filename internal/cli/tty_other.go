//go:build !linux && !windows

package cli

import "os"

// isTTY reports whether f is a terminal, as far as a character device other
// than the null device tells.
func isTTY(f *os.File) bool {
	return isTerminal(f) && f.Name() != os.DevNull
}
