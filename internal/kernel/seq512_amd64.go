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
func f16Binx(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

//go:noescape
func f16BinxNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
