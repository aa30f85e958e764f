package kernel

import (
	"math/rand/v2"
	"testing"
)

// TestWordLanes: the word lanes hold l*d in lane l and 128/size*d in every
// lane of inc, little-endian and wrapping at the element width, for every
// size and for d = 0 (the float sequences' constant runs), computed here
// byte by byte.
func TestWordLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(73, 74))
	for c := range 400 {
		size := 1 << r.IntN(4)
		d := r.Uint64()
		if c%4 == 0 {
			d = 0
		}
		var base [128]byte
		var inc [32]byte
		for i := range base {
			base[i] = 0xA5 // not what any lane holds by chance
		}
		wordLanes(&base, &inc, size, d)
		for l := range 128 / size {
			for k := range size {
				if want := byte((uint64(l) * d) >> (8 * k)); base[l*size+k] != want {
					t.Fatalf("size %d d %#x: byte %d of lane %d = %#x, want %#x", size, d, k, l, base[l*size+k], want)
				}
			}
		}
		for l := range 32 / size {
			for k := range size {
				if want := byte((uint64(128/size) * d) >> (8 * k)); inc[l*size+k] != want {
					t.Fatalf("size %d d %#x: byte %d of inc lane %d = %#x, want %#x", size, d, k, l, inc[l*size+k], want)
				}
			}
		}
	}
}
