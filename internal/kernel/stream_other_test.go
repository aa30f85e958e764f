//go:build !amd64 || purego

package kernel

// setStreaming does nothing: the Go table never streams.
func setStreaming(int) {}
