//go:build amd64 && !purego

package kernel

import "unsafe"

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

//go:noescape
func storeRepStosq(dst *byte, words int, pattern uint64)

//go:noescape
func storeAVX2(dst *byte, blocks int, pattern *[32]byte)

//go:noescape
func storeAVX2NT(dst *byte, blocks int, pattern *[32]byte)

// Features says which instruction sets this CPU and OS offer.
type Features struct {
	AVX2, F16C, AVX512 bool
}

// CPU is what the running machine offers the kernels.
var CPU = func() Features {
	var f Features
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx, f16c = 1 << 27, 1 << 28, 1 << 29
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return f
	}
	xcr0, _ := xgetbv()
	if xcr0&6 != 6 { // the OS saves XMM and YMM state
		return f
	}
	_, ebx7, _, _ := cpuid(7, 0)
	f.AVX2 = ebx7&(1<<5) != 0
	f.F16C = f.AVX2 && ecx1&f16c != 0
	const avx512f, avx512dq, avx512bw, avx512vl = 1 << 16, 1 << 17, 1 << 30, 1 << 31
	f.AVX512 = f.AVX2 && xcr0&0xE0 == 0xE0 && ebx7&(avx512f|avx512dq|avx512bw|avx512vl) == avx512f|avx512dq|avx512bw|avx512vl
	return f
}()

// StoreMethods are the ways WritePattern can write memory, fastest first
// for large buffers on most machines.
var StoreMethods = []string{"avx2-nt", "avx2", "rep-stosq"}

// WritePattern fills dst (a multiple of 128 bytes; 32-byte aligned for
// "avx2-nt") with an 8-byte pattern, using one store method: the machine's
// ceiling for writing non-zero data, for benchmarks. It reports false if the
// method is not available.
func WritePattern(dst []byte, pattern uint64, method string) bool {
	if len(dst) == 0 {
		return true
	}
	var p [32]byte
	for i := range p {
		p[i] = byte(pattern >> (8 * (i % 8)))
	}
	base := unsafe.SliceData(dst)
	switch method {
	case "rep-stosq":
		storeRepStosq(base, len(dst)/8, pattern)
	case "avx2":
		if !CPU.AVX2 {
			return false
		}
		storeAVX2(base, len(dst)/128, &p)
	case "avx2-nt":
		if !CPU.AVX2 || uintptr(unsafe.Pointer(base))%32 != 0 {
			return false
		}
		storeAVX2NT(base, len(dst)/128, &p)
	default:
		return false
	}
	return true
}
