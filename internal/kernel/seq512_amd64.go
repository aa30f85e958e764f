//go:build amd64 && !purego

package kernel

// The AVX-512 kernels of seq512_amd64.s.

//go:noescape
func cvtStoreF32x(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16x(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

//go:noescape
func cvtStoreF16Oddx(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF32xNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16xNT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

//go:noescape
func cvtStoreF16OddxNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16Ix(dst *byte, blocks int, base *[32]int32, first, inc, scale uint64)

//go:noescape
func cvtStoreF16IxNT(dst *byte, blocks int, base *[32]int32, first, inc, scale uint64)
