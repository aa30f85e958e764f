package dxdispatch

import (
	"fmt"
	"path/filepath"
	"runtime"
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
	return hasDrive(p)
}

// hasDrive reports whether p starts with a drive letter (`C:`).
func hasDrive(p string) bool {
	return len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z')
}

// driveHere is, for a path with a drive letter on a system without
// drives, why it cannot be followed where -allow-any-path lets a model
// name any file (it would name a folder "C:" in the current one); "" where
// it can.
func driveHere(p string) string {
	if runtime.GOOS == "windows" || !hasDrive(p) {
		return ""
	}
	return fmt.Sprintf("%q names drive %s, and this system has no drives (-allow-any-path lets a model name any path this system has)", p, strings.ToUpper(p[:2]))
}
