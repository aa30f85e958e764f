package kernel

import (
	"encoding/binary"
	"math"
)

// laneTables are the vector kernels' lane offsets for runs of consecutive
// elements (step 1), computed once per Filler: what every call of a kernel
// on such a run would otherwise compute again.
type laneTables struct {
	wordD    uint64    // the step the word lanes are for: delta (integers) or 0
	words    [128]byte // the offsets 0, d, 2d, ... of 128 bytes of lanes (little-endian)
	wordsInc [32]byte  // the step of a block of 128 bytes, in every lane
	f32      [32]float32
	f64      [16]float64
	bin      [2][32]int32 // e*|D| and -e*|D|, e the element lane l holds (packOrder)
}

// init computes the lane tables of s's runs.
func (ln *laneTables) init(s *Seq) {
	ln.wordD = 0
	if s.kind == Int {
		ln.wordD = s.delta
	}
	wordLanes(&ln.words, &ln.wordsInc, s.size, ln.wordD)
	if s.kind == Int || s.kind == Float64 || s.mode != modeLinear {
		return
	}
	ln.f32, ln.f64 = floatLanes(s, 1)
	absD := s.dLo
	if int64(s.dHi) < 0 {
		absD = -absD
	}
	for l, e := range packOrder {
		ln.bin[0][l] = int32(uint32(uint64(e) * absD))
		ln.bin[1][l] = -ln.bin[0][l]
	}
}

// wordLanes sets base to the offsets 0, d, 2d, ... of 128 bytes of lanes of
// size bytes, and inc to the step of a whole block in every lane, wrapping
// at the element width, little-endian. (A loop per size: this runs on every
// call of the Go-native API.)
func wordLanes(base *[128]byte, inc *[32]byte, size int, d uint64) {
	n := uint64(128 / size)
	switch {
	case d == 0: // every float sequence's (constants)
		*base, *inc = [128]byte{}, [32]byte{}
		return
	}
	switch size {
	case 1:
		for l := range base {
			base[l] = byte(uint64(l) * d)
		}
		for l := range inc {
			inc[l] = byte(n * d)
		}
	case 2:
		for l := range 64 {
			binary.LittleEndian.PutUint16(base[2*l:], uint16(uint64(l)*d))
		}
		for l := 0; l < 32; l += 2 {
			binary.LittleEndian.PutUint16(inc[l:], uint16(n*d))
		}
	case 4:
		for l := range 32 {
			binary.LittleEndian.PutUint32(base[4*l:], uint32(uint64(l)*d))
		}
		for l := 0; l < 32; l += 4 {
			binary.LittleEndian.PutUint32(inc[l:], uint32(n*d))
		}
	default:
		for l := range 16 {
			binary.LittleEndian.PutUint64(base[8*l:], uint64(l)*d)
		}
		for l := 0; l < 32; l += 8 {
			binary.LittleEndian.PutUint64(inc[l:], n*d)
		}
	}
}

// floatLanes returns the offsets l*step*D of 32 float32 and 16 float64
// lanes (exact where the planner uses them).
func floatLanes(s *Seq, step uint64) (f32 [32]float32, f64 [16]float64) {
	dx := s.stepF64(step)
	for l := range f32 {
		f32[l] = float32(float64(l) * dx)
	}
	for l := range f64 {
		f64[l] = float64(l) * dx
	}
	return f32, f64
}

// broadcast32 returns a float32 in every lane of 32 bytes.
func broadcast32(x float32) (b [32]byte) {
	for l := 0; l < 32; l += 4 {
		binary.LittleEndian.PutUint32(b[l:], math.Float32bits(x))
	}
	return b
}
