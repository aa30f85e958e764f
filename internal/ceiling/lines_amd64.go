//go:build amd64 && !purego

package ceiling

import (
	"runtime"
	"unsafe"

	"github.com/dmlgo/dml/internal/kernel"
)

// The routines of lines_amd64.s: lines 64-byte lines from dst (a multiple
// of 64), line i under the mask masks[i%period], none where it is 0; a
// whole line (the mask all ones) with a regular store, or with a
// non-temporal one (storeLines512NT, which ends with SFENCE). ahead is
// 16%period: the index of the mask of the line 16 on (storeLines512NT
// fetches the partial ones ahead).

// Regular stores.
//
//go:noescape
func storeLines512(dst uintptr, lines int, masks *uint64, period, ahead int, pattern *[64]byte)

// Regular stores, every line fetched 16 lines (1024 bytes) ahead.
//
//go:noescape
func storeLines512A(dst uintptr, lines int, masks *uint64, period, ahead int, pattern *[64]byte)

// Whole lines non-temporal, the partial lines fetched 16 lines ahead (a
// regular store to a line not in the cache waits for it).
//
//go:noescape
func storeLines512NT(dst uintptr, lines int, masks *uint64, period, ahead int, pattern *[64]byte)

// lineStores are the line stores this machine runs: the AVX-512 routines
// where it has AVX-512 (with BW, as internal/kernel requires of its
// AVX-512 table), else none.
func lineStores() []namedStore {
	if !kernel.CPU.AVX512 {
		return nil
	}
	return []namedStore{
		{"avx512-lines", asmStore(storeLines512)},
		{"avx512-lines-ahead", asmStore(storeLines512A)},
		{"avx512-lines-nt", asmStore(storeLines512NT)},
	}
}

// asmStore makes a routine of lines_amd64.s a lineStore.
func asmStore(routine func(uintptr, int, *uint64, int, int, *[64]byte)) lineStore {
	return func(b []byte, off, lines int, masks []uint64) {
		// The first line may start before b (the bytes there masked off):
		// an address, not a pointer into b.
		dst := uintptr(unsafe.Pointer(unsafe.SliceData(b))) + uintptr(off)
		routine(dst, lines, unsafe.SliceData(masks), len(masks), 16%len(masks), &linePattern)
		runtime.KeepAlive(b)
	}
}
