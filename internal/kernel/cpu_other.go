//go:build !amd64 || purego

package kernel

// Features says which instruction sets this CPU and OS offer.
type Features struct {
	AVX2, F16C, AVX512 bool
}

// CPU is what the running machine offers the kernels: nothing beyond Go on
// this build.
var CPU Features

// StoreMethods are the ways WritePattern can write memory.
var StoreMethods = []string{"go"}

// WritePattern fills dst with an 8-byte pattern with plain Go stores.
func WritePattern(dst []byte, pattern uint64, method string) bool {
	if method != "go" {
		return false
	}
	for i := range dst {
		dst[i] = byte(pattern >> (8 * (i % 8)))
	}
	return true
}
