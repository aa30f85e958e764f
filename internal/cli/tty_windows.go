package cli

import (
	"os"
	"syscall"
)

// isTTY reports whether f is a console (GetConsoleMode succeeds: NUL is
// not one).
func isTTY(f *os.File) bool {
	var mode uint32
	return syscall.GetConsoleMode(syscall.Handle(f.Fd()), &mode) == nil
}
