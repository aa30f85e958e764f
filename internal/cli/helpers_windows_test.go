package cli

import (
	"errors"
	"os"
	"syscall"
)

// mkfifo fails: Windows has no FIFOs in its file system (named pipes live
// in \\.\pipe\, not among files).
func mkfifo(string) error { return errors.New("no FIFOs on Windows") }

// peakKiB is 0: os.ProcessState does not carry a process's peak memory on
// Windows, so the memory bounds are held on Linux (CI).
func peakKiB(*os.ProcessState) int64 { return 0 }

// underWine reports whether the tests run under Wine rather than Windows
// (Wine's ntdll has wine_get_version; Windows' has not).
func underWine() bool {
	return syscall.NewLazyDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}
