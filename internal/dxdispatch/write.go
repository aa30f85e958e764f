package dxdispatch

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/npy"
)

// A WriteFunc receives what a writeFile command writes: the target path,
// the resource's data type, and the file's bytes in parts (a .npy header
// first, if any). dmlfill writes them, or with -check compares them.
type WriteFunc func(path string, t dml.TensorDataType, parts [][]byte) error

// writeFile writes a resource as DxDispatch's writeFile does: a .npy file of
// the given dimensions (by default one dimension over the whole buffer), or
// the buffer's raw bytes for any other extension.
func (m *Model) writeFile(c command, write WriteFunc) error {
	r := c.res
	if !strings.EqualFold(filepath.Ext(c.targetPath), ".npy") {
		return write(c.targetPath, r.dataType, [][]byte{r.data})
	}
	es := uint64(r.dataType.ElementSize())
	dims := c.dimensions
	if dims == nil {
		dims = []uint64{uint64(len(r.data)) / es}
	}
	n := es
	for _, d := range dims {
		n *= d
	}
	h, err := npy.Header(r.dataType, dims)
	if err != nil {
		return &Error{Where: c.where, Err: err}
	}
	return write(c.targetPath, r.dataType, [][]byte{h, r.data[:n]})
}

// outputPath resolves a writeFile targetPath against the output folder (as
// DxDispatch's ResolveOutputFilePath does: an absolute path), `\` and `/`
// both separating folders (modelPath), and, unless Options.AllowAnyPath,
// refuses one that is not inside it: an absolute path (fromRoot), a ".."
// that leaves it, or a symbolic link (a folder on the way, or the file
// itself) that leads out of it. A model from elsewhere so cannot overwrite
// the user's files.
func (m *Model) outputPath(p, where string) (string, error) {
	lift := "-allow-any-path lifts this"
	if fromRoot(p) {
		if !m.opts.AllowAnyPath {
			return "", errAt(where, "%q is an absolute path; writeFile writes inside the output folder %s (%s)", p, m.outDir, lift)
		}
		if why := driveHere(p); why != "" {
			return "", errAt(where, "%s", why)
		}
		return modelPath(p), nil
	}
	shown := p
	p = modelPath(p)
	target := filepath.Join(m.outDir, p)
	if m.opts.AllowAnyPath {
		return target, nil
	}
	rel, err := filepath.Rel(m.outDir, target)
	switch {
	case err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)):
		return "", errAt(where, "%q leaves the output folder %s (%s)", shown, m.outDir, lift)
	case rel == ".":
		return "", errAt(where, "%q names the output folder itself, not a file in it", shown)
	}
	// The path with its links resolved (as far as it exists) must still be
	// inside the folder with its links resolved (as far as it exists: the
	// folder is created when the first file is written, as DxDispatch
	// does). This check names a model's mistake before anything runs; the
	// writes themselves go through an os.Root of the folder, which holds
	// whatever the folders become in between.
	root, err := resolveExisting(m.outDir)
	if err != nil {
		return "", errAt(where, "the output folder %s: %v", m.outDir, err)
	}
	resolved, err := resolveExisting(target)
	if err != nil {
		return "", errAt(where, "%q: %v", shown, err)
	}
	if r, err := filepath.Rel(root, resolved); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", errAt(where, "%q leads out of the output folder %s through a symbolic link, to %s (%s)", shown, m.outDir, resolved, lift)
	}
	return target, nil
}

// resolveExisting is p with the symbolic links of its longest existing
// part resolved, and the rest, which does not exist yet, as it is.
func resolveExisting(p string) (string, error) {
	existing := p
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		up := filepath.Dir(existing)
		if up == existing {
			break
		}
		existing = up
	}
	resolved, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return "", err
	}
	rest, err := filepath.Rel(existing, p)
	if err != nil {
		return "", err
	}
	return filepath.Join(resolved, rest), nil
}
