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
// non-temporal one (storeLines512NT, which ends with SFENCE).

//go:noescape
func storeLines512(dst uintptr, lines int, masks *uint64, period int, pattern *[64]byte)

//go:noescape
func storeLines512NT(dst uintptr, lines int, masks *uint64, period int, pattern *[64]byte)

// lineStores are the line stores this machine runs: the AVX-512 routines
// where it has AVX-512 (with BW, as internal/kernel requires of its
// AVX-512 table), else none.
func lineStores() []namedStore {
	if !kernel.CPU.AVX512 {
		return nil
	}
	return []namedStore{{"avx512-lines", asmStore(storeLines512)}, {"avx512-lines-nt", asmStore(storeLines512NT)}}
}

// asmStore makes a routine of lines_amd64.s a lineStore.
func asmStore(routine func(uintptr, int, *uint64, int, *[64]byte)) lineStore {
	return func(b []byte, off, lines int, masks []uint64) {
		// The first line may start before b (the bytes there masked off):
		// an address, not a pointer into b.
		dst := uintptr(unsafe.Pointer(unsafe.SliceData(b))) + uintptr(off)
		routine(dst, lines, unsafe.SliceData(masks), len(masks), &linePattern)
		runtime.KeepAlive(b)
	}
}
