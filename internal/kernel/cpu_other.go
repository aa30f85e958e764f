//go:build !amd64 || purego

package kernel

// Features says which instruction sets this CPU and OS offer.
type Features struct {
	AVX2, F16C, FMA, AVX512 bool
}

// CPU is what the running machine offers the kernels: nothing beyond Go on
// this build.
var CPU Features
