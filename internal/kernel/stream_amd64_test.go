//go:build amd64 && !purego

package kernel

func setStreaming(v int) { streamTest = v }
