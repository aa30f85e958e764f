//go:build unix

package cli

import (
	"os"
	"syscall"
)

// mkfifo makes a FIFO at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }

// peakKiB is a finished process's peak resident memory, in KiB.
func peakKiB(ps *os.ProcessState) int64 { return int64(ps.SysUsage().(*syscall.Rusage).Maxrss) }

// underWine is false: Wine runs Windows programs.
func underWine() bool { return false }
