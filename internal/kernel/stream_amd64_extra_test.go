//go:build amd64 && !purego

package kernel

import "testing"

// TestStreamingMeasureFits: the one-time measurement stays inside a
// destination of exactly the streaming size at an odd address.
func TestStreamingMeasureFits(t *testing.T) {
	mem := make([]byte, streamingMin+64)
	dst := mem[7 : 7+streamingMin]
	before := append([]byte(nil), mem[:7]...)
	_ = streaming(dst) // must not panic or write outside dst
	for i, b := range before {
		if mem[i] != b {
			t.Fatal("wrote before dst")
		}
	}
	for _, b := range mem[7+streamingMin:] {
		if b != 0 {
			t.Fatal("wrote after dst")
		}
	}
}
