//go:build unix

package cli

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives f the owner and group of old, the file it replaces, where
// this process may (as root); elsewhere the new file is this user's, as
// any file a user writes is.
func keepOwner(f *os.File, old fs.FileInfo) error {
	if st, ok := old.Sys().(*syscall.Stat_t); ok && os.Geteuid() == 0 {
		return f.Chown(int(st.Uid), int(st.Gid))
	}
	return nil
}
