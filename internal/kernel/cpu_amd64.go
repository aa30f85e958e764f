//go:build amd64 && !purego

package kernel

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

// Features says which instruction sets this CPU and OS offer.
type Features struct {
	AVX2, F16C, FMA, AVX512 bool
}

// CPU is what the running machine offers the kernels.
var CPU = func() Features {
	var f Features
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const fma, osxsave, avx, f16c = 1 << 12, 1 << 27, 1 << 28, 1 << 29
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
	f.FMA = f.AVX2 && ecx1&fma != 0
	const avx512f, avx512dq, avx512bw, avx512vl = 1 << 16, 1 << 17, 1 << 30, 1 << 31
	f.AVX512 = f.AVX2 && xcr0&0xE0 == 0xE0 && ebx7&(avx512f|avx512dq|avx512bw|avx512vl) == avx512f|avx512dq|avx512bw|avx512vl
	return f
}()
