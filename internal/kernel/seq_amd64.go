//go:build amd64 && !purego

package kernel

// The kernels of seq_amd64.s; see there.

//go:noescape
func addStoreB(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreBNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreW(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreWNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreD(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreDNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreQ(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreQNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreS(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func addStoreSNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)

//go:noescape
func cvtStoreF32(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

//go:noescape
func cvtStoreF32NT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16NT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

//go:noescape
func cvtStoreF16Odd(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16OddNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func f16Bin(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

//go:noescape
func f16BinNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
