package dxdispatch

import (
	"path/filepath"
	"strings"
)

// modelPath is a path a model names (writeFile's targetPath, sourcePath) in
// this system's terms. DxDispatch runs on Windows, where `\` and `/` both
// separate folders, and models are written there with either: here both
// separate folders on every system, so that a model names the same files
// on Linux as on Windows (a Linux file name with a backslash in it cannot
// be named by a model).
func modelPath(p string) string {
	return filepath.FromSlash(strings.ReplaceAll(p, `\`, "/"))
}

// fromRoot reports whether a model's path p names its place from a root,
// not from a folder, on any system: a leading separator (`/x`, `\x`,
// `\\server\share`) or a drive letter (`C:\x`, and `C:x`, which Windows
// reads in drive C's current folder). Such a path is where it is whatever
// the model's or the output folder, and is refused as absolute unless
// -allow-any-path says otherwise.
func fromRoot(p string) bool {
	if p == "" {
		return false
	}
	if p[0] == '/' || p[0] == '\\' {
		return true
	}
	return len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z')
}
