//go:build !amd64 || purego

package kernel

// fillFast has no vector kernels on this build: the plain kernels do all.
func (s *Seq) fillFast(dst []byte, i0, step uint64) bool { return false }
