//go:build !amd64 || purego

package kernel

// fillFast has no vector kernels on this build: the plain kernels do all.
func (s *Seq) fillFast(dst []byte, i0, step uint64) bool { return false }

func lanes(size int, d uint64) (base [16]uint64, inc [4]uint64) { return }

func (s *Seq) fillRowsFast(dst []byte, rows, pitch, n int, i0, rowStep, step uint64) bool {
	return false
}
