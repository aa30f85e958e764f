//go:build amd64 && !purego

package kernel

import "unsafe"

// StoreMethods are the ways this machine writes memory, fastest first for
// large buffers on most machines.
var StoreMethods = func() []StoreMethod {
	ms := []StoreMethod{{"rep-stosq", func(dst []byte, pattern uint64) {
		if len(dst) > 0 {
			storeRepStosq(unsafe.SliceData(dst), len(dst)/8, pattern)
		}
	}}}
	if !CPU.AVX2 {
		return ms
	}
	avx2 := func(store func(*byte, int, *[32]byte)) func([]byte, uint64) {
		return func(dst []byte, pattern uint64) {
			var p [32]byte
			for i := range p {
				p[i] = byte(pattern >> (8 * (i % 8)))
			}
			if len(dst) > 0 {
				store(unsafe.SliceData(dst), len(dst)/128, &p)
			}
		}
	}
	return append([]StoreMethod{{"avx2-nt", avx2(storeAVX2NT)}, {"avx2", avx2(storeAVX2)}}, ms...)
}()
