//go:build amd64 && !purego

package kernel

import (
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// The assembly routines, by job; the comments in the .s files say what each
// does, and twins.go has a Go function of the same signature for each.

// add_amd64.s

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

// convert_amd64.s: AVX2, then AVX-512 (suffix x)

//go:noescape
func cvtStoreF32(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF32NT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16Odd(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16OddNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

//go:noescape
func cvtStoreF16NT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

//go:noescape
func cvtStoreF32x(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF32xNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16Oddx(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16OddxNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

//go:noescape
func cvtStoreF16x(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

//go:noescape
func cvtStoreF16xNT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

// binade_amd64.s

//go:noescape
func f16Bin(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

//go:noescape
func f16BinNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

//go:noescape
func f16Binx(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

//go:noescape
func f16BinxNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

// rows_amd64.s

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

// avx2Table is the kernels of a CPU with AVX2 and F16C.
var avx2Table = &table{
	name: "avx2",
	add: [5][2]addKernel{
		{addStoreB, addStoreBNT}, {addStoreW, addStoreWNT}, {addStoreD, addStoreDNT},
		{addStoreQ, addStoreQNT}, {addStoreS, addStoreSNT},
	},
	f64To32: [2]f64Kernel{cvtStoreF32, cvtStoreF32NT},
	f64To16: [2]f64Kernel{cvtStoreF16Odd, cvtStoreF16OddNT},
	f32To16: [2]f32Kernel{cvtStoreF16, cvtStoreF16NT},
	bin:     [2]binKernel{f16Bin, f16BinNT},
	rows:    [5]rowsKernel{rowsAddB, rowsAddW, rowsAddD, rowsAddQ, rowsAddS},
	streams: streaming,
}

// avx512Table is avx2Table with the AVX-512 forms of the converting and
// binade kernels, and the float16 row kernel.
var avx512Table = func() *table {
	t := *avx2Table
	t.name = "avx512"
	t.f64To32 = [2]f64Kernel{cvtStoreF32x, cvtStoreF32xNT}
	t.f64To16 = [2]f64Kernel{cvtStoreF16Oddx, cvtStoreF16OddxNT}
	t.f32To16 = [2]f32Kernel{cvtStoreF16x, cvtStoreF16xNT}
	t.bin = [2]binKernel{f16Binx, f16BinxNT}
	t.rowsF32To16 = rowsF16x
	return &t
}()

// machineTables returns the tables this machine can run, fastest first;
// the Go twins' table is last.
func machineTables() []*table {
	switch {
	case CPU.AVX512 && CPU.F16C:
		return []*table{avx512Table, avx2Table, goTable}
	case CPU.AVX2 && CPU.F16C:
		return []*table{avx2Table, goTable}
	}
	return []*table{goTable}
}

var (
	streamMu   sync.Mutex   // held while measuring
	streamWins atomic.Bool  // the last measurement's verdict
	streamAt   atomic.Int64 // when it was made (Unix ns), 0 for never
	// streamTest, when not 0, overrides the measurement in tests: 1
	// streams, -1 does not.
	streamTest int
)

// streamRecheck is how long a measurement of streaming stores stands.
var streamRecheck = 2 * time.Second

// streaming reports whether non-temporal stores write large buffers faster
// than regular ones on this machine. Which wins depends on the machine,
// and on a virtual machine on its host and its neighbours, which change
// (here regular stores won by a fifth in one hour and lost by a third in the
// next): so a large fill measures both on 16 MiB of its own destination,
// which it then overwrites, when the last measurement is more than
// streamRecheck old; at most one fill measures at a time, the others take
// the last verdict (regular stores before the first). Measuring costs about
// as much as writing 100 MiB: under one percent of what a stream of large
// fills writes in streamRecheck.
func streaming(dst []byte) bool {
	if streamTest != 0 {
		return streamTest > 0
	}
	if at := streamAt.Load(); at != 0 && time.Since(time.Unix(0, at)) < streamRecheck {
		return streamWins.Load()
	}
	if !streamMu.TryLock() {
		return streamWins.Load()
	}
	defer streamMu.Unlock()
	off := int((32 - uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%32) % 32)
	b := dst[off:]
	b = b[:min(len(b), 16<<20)/128*128]
	var p [32]byte
	regular, nt := time.Duration(1<<62), time.Duration(1<<62)
	for range 3 { // in alternation, so that both see the same machine
		t := time.Now()
		storeAVX2(unsafe.SliceData(b), len(b)/128, &p)
		regular = min(regular, time.Since(t))
		t = time.Now()
		storeAVX2NT(unsafe.SliceData(b), len(b)/128, &p)
		nt = min(nt, time.Since(t))
	}
	streamWins.Store(nt < regular)
	streamAt.Store(time.Now().UnixNano())
	return nt < regular
}
