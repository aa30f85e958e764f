package cli

import (
	"errors"
	"os"
)

// mkfifo fails: Windows has no FIFOs in its file system (named pipes live
// in \\.\pipe\, not among files).
func mkfifo(string) error { return errors.New("no FIFOs on Windows") }

// peakKiB is 0: os.ProcessState does not carry a process's peak memory on
// Windows, so the memory bounds are held on Linux (CI).
func peakKiB(*os.ProcessState) int64 { return 0 }
