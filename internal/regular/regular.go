// Package regular opens the files a user names for reading as they are
// opened, not as they were: it opens first, without blocking (a FIFO's
// open would wait for a writer for ever), and checks the file it opened,
// so that no path can be swapped for a device, a FIFO or a folder between
// a check and the open.
package regular

import (
	"fmt"
	"io/fs"
	"os"
)

// NotRegularError says the path named something other than a regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is not a regular file (%s)", e.Path, Kind(e.Mode))
}

// Kind names a file's type in words: "a folder", "a FIFO", "a character
// device" ...
func Kind(m fs.FileMode) string {
	switch t := m.Type(); {
	case t&fs.ModeDir != 0:
		return "a folder"
	case t&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a block device"
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	case t == 0:
		return "a regular file"
	}
	return "a file of mode " + m.Type().String()
}

// Open opens path for reading and returns the file with what fstat says of
// it, or a *NotRegularError (the file closed) where it is not a regular
// file, or the open's *fs.PathError.
func Open(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	return checked(f, path)
}

// OpenIn is Open for name inside the folder dir, resolved within it (an
// os.Root): a name that leaves dir, by ".." or through a symbolic link, is
// an error, whatever the folders hold.
func OpenIn(dir, name string) (*os.File, fs.FileInfo, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	f, err := root.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	return checked(f, name)
}

// checked returns f with what fstat says of it, or closes it and returns a
// *NotRegularError where it is not a regular file.
func checked(f *os.File, path string) (*os.File, fs.FileInfo, error) {
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return f, st, nil
}
