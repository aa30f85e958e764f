//go:build amd64 && !purego

package kernel

// The row kernels of rows_amd64.s; see there.

//go:noescape
func rowsAddB(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)

//go:noescape
func rowsAddW(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)

//go:noescape
func rowsAddD(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)

//go:noescape
func rowsAddQ(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)

//go:noescape
func rowsAddS(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)

//go:noescape
func rowsF16x(dst *byte, rows, pitch, rowBytes int, base *[32]float32, firsts *uint64, inc *[8]float32)
