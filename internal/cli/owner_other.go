//go:build !unix

package cli

import (
	"io/fs"
	"os"
)

// keepOwner does nothing here: a file's owner is not the process's to give
// (on Windows the replacing file takes the folder's inherited permissions).
func keepOwner(*os.File, fs.FileInfo) error { return nil }
