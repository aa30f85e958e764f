//go:build amd64 && !purego

package kernel

func setStreaming(v int) { streamTest = v }

// setAVX512 turns the AVX-512 kernels on (where the CPU has them) or off.
func setAVX512(on bool) { useAVX512 = on && CPU.AVX512 }
