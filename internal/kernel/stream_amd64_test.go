//go:build amd64 && !purego

package kernel

import "testing"

// TestStreamingMeasureFits: the measurement stays inside a destination of
// exactly the streaming size at an odd address.
func TestStreamingMeasureFits(t *testing.T) {
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	mem := make([]byte, streamingMin+64)
	dst := mem[7 : 7+streamingMin]
	streamAt.Store(0)
	_ = streaming(dst) // must not panic or write outside dst
	for _, b := range mem[:7] {
		if b != 0 {
			t.Fatal("wrote before dst")
		}
	}
	for _, b := range mem[7+streamingMin:] {
		if b != 0 {
			t.Fatal("wrote after dst")
		}
	}
}

// TestStreamingShortKeeps: a destination shorter than streamingMin (the
// rest of a large run, which plans by the whole run) takes the last
// verdict, however old, rather than measuring the cache.
func TestStreamingShortKeeps(t *testing.T) {
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	streamAt.Store(1) // long ago
	streamWins.Store(true)
	if !streaming(make([]byte, 1<<20)) || streamAt.Load() != 1 {
		t.Fatal("a short destination was measured")
	}
	streamAt.Store(0)
}

// TestStreamingRemeasures: a verdict older than streamRecheck is measured
// again; a fresh one is kept.
func TestStreamingRemeasures(t *testing.T) {
	if !CPU.AVX2 {
		t.Skip("no AVX2")
	}
	dst := make([]byte, streamingMin)
	streamAt.Store(1) // long ago
	_ = streaming(dst)
	at := streamAt.Load()
	if at == 1 {
		t.Fatal("an old verdict was not measured again")
	}
	_ = streaming(dst)
	if streamAt.Load() != at {
		t.Fatal("a fresh verdict was measured again")
	}
}
