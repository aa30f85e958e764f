package cli

import (
	"os"
	"syscall"
)

// freeBytes is what the file system holding f has free for this user.
func freeBytes(f *os.File) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Fstatfs(int(f.Fd()), &st); err != nil || st.Bsize <= 0 {
		return 0, false
	}
	return st.Bavail * uint64(st.Bsize), true
}
