//go:build !amd64 || purego

package kernel

func setStreaming(v int) {}

func setAVX512(on bool) {}
