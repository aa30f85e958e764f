package kernel

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// randomBits returns start or delta bits that exercise the fast paths'
// boundaries: small integers (exact in float32), tenths (exact only in
// float64 for a while), tiny and huge magnitudes, and random bits.
func randomBits(r *rand.Rand, kind Kind, size int) uint64 {
	mask := ^uint64(0) >> (64 - 8*size)
	switch kind {
	case Float32:
		pool := []float32{0, 1, -1, 0.1, 0.3, -0.3, 1e-3, 3e-4, 1e30, -2.5e-40, 65504, 1 << 20, 3.2, 1.5}
		if r.IntN(3) > 0 {
			return uint64(math.Float32bits(pool[r.IntN(len(pool))]))
		}
		return uint64(r.Uint32())
	case Float16:
		pool := []uint64{0, 0x3C00, 0xBC00, 0x2E66, 0x34CD, 0xB4CD, 0x0001, 0x8400, 0x7BFF, 0x0C00, 0x1400, 0x6800}
		if r.IntN(3) > 0 {
			return pool[r.IntN(len(pool))]
		}
		return uint64(r.Uint32() & 0xFFFF)
	}
	if r.IntN(2) == 0 {
		return uint64(r.IntN(11)-5) & mask
	}
	return r.Uint64() & mask
}

// TestFastMatchesPlain holds the vector kernels (through FillLE) to the
// plain scalar definition (Bits) bit for bit, on random sequences, index
// ranges, steps, lengths and alignments, with regular and streaming stores.
func TestFastMatchesPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	kinds := []struct {
		kind Kind
		size int
	}{{Int, 1}, {Int, 2}, {Int, 4}, {Int, 8}, {Float32, 4}, {Float16, 2}}
	mem := make([]byte, streamingMin+4096)
	defer setStreaming(0)
	defer setAVX512(true)
	cases := 3000
	if testing.Short() {
		cases = 300
	}
	for c := range cases {
		k := kinds[r.IntN(len(kinds))]
		s := New(k.kind, k.size, randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size))
		n := r.IntN(5000)
		setStreaming(0)
		setAVX512(c%3 != 0) // both forms of the converting kernels
		if c%500 == 0 || c%500 == 1 {
			n = streamingMin/k.size + r.IntN(100) // streaming stores
			setStreaming(1 - 2*(c%2))             // both kinds of store
		}
		if c%500 == 1 && k.kind == Float16 {
			s = New(Float16, 2, 0x2E66, 0x34CD) // 0.1 + i*0.3: infinite past 218k elements
		}
		if c%500 == 1 && k.kind == Float32 {
			s = New(Float32, 4, 0x7E000000, 0x7E000000) // 2^125 + i*2^125: infinite from i = 8
		}
		var i0 uint64
		if r.IntN(3) > 0 {
			i0 = r.Uint64N(1 << 32)
		}
		step := uint64(1)
		if r.IntN(4) == 0 {
			step = 1 + r.Uint64N(1000)
		}
		if i0+uint64(n)*step >= 1<<32 {
			i0 = 0
			if uint64(n)*step >= 1<<32 {
				step = 1
			}
		}
		if r.IntN(2) == 0 || c%500 == 1 {
			s.Limit(i0 + uint64(n)*step + r.Uint64N(1000)) // the facts of the whole range
		}
		off := r.IntN(64/k.size) * k.size
		dst := mem[off : off+n*k.size]
		for i := range dst {
			dst[i] = 0xA5
		}
		s.FillLE(dst, i0, step)
		for j := range n {
			i := i0 + uint64(j)*step
			want := s.Bits(i)
			var got uint64
			switch k.size {
			case 1:
				got = uint64(dst[j])
			case 2:
				got = uint64(binary.LittleEndian.Uint16(dst[2*j:]))
			case 4:
				got = uint64(binary.LittleEndian.Uint32(dst[4*j:]))
			default:
				got = binary.LittleEndian.Uint64(dst[8*j:])
			}
			if got != want {
				t.Fatalf("case %d kind %d size %d start %#x delta %#x i0 %d step %d n %d off %d: element %d (index %d) = %#x, want %#x",
					c, k.kind, k.size, s.start, s.delta, i0, step, n, off, j, i, got, want)
			}
		}
	}
}

// TestFastLeavesNeighbours: a fill writes its bytes and not one more.
func TestFastLeavesNeighbours(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	mem := make([]byte, 1<<16)
	for range 500 {
		size := []int{1, 2, 4, 8}[r.IntN(4)]
		kind := Int
		if size == 4 && r.IntN(2) == 0 {
			kind = Float32
		} else if size == 2 && r.IntN(2) == 0 {
			kind = Float16
		}
		s := New(kind, size, randomBits(r, kind, size), randomBits(r, kind, size))
		a := r.IntN(1000) * size
		n := r.IntN(len(mem)/size - a/size - 1)
		for i := range mem {
			mem[i] = 0x5A
		}
		s.FillLE(mem[a:a+n*size], 0, 1)
		for i := range mem {
			if (i < a || i >= a+n*size) && mem[i] != 0x5A {
				t.Fatalf("byte %d outside [%d, %d) written", i, a, a+n*size)
			}
		}
	}
}

// TestF64ToF16 holds the plain float64-to-binary16 conversion to float32's
// conversion and x448's on values exact in float32 (a single rounding).
func TestF64ToF16(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	for range 200000 {
		f := math.Float32frombits(r.Uint32())
		if f != f {
			continue
		}
		got := f64ToF16(float64(f))
		want := refF32ToF16(f)
		if got != want {
			t.Fatalf("%g (%#x): got %#x, want %#x", f, math.Float32bits(f), got, want)
		}
	}
}

// refF32ToF16 rounds a float32 to binary16 by enumerating the neighbours.
func refF32ToF16(f float32) uint16 {
	sign := uint16(0)
	if math.Signbit(float64(f)) {
		sign = 0x8000
	}
	a := math.Abs(float64(f))
	if a >= 65520 {
		return sign | 0x7C00
	}
	// Candidates are k * 2^(e-10) for the binade of a, or subnormals.
	ulp := math.Ldexp(1, -24)
	if a >= 0x1p-14 {
		_, e := math.Frexp(a) // a = m * 2^e, m in [0.5, 1)
		ulp = math.Ldexp(1, e-1-10)
	}
	k := math.Floor(a / ulp)
	lo, hi := k*ulp, (k+1)*ulp
	var v float64
	switch {
	case a-lo < hi-a:
		v = lo
	case a-lo > hi-a:
		v = hi
	case math.Mod(k, 2) == 0:
		v = lo
	default:
		v = hi
	}
	// Encode v.
	if v < 0x1p-14 {
		return sign | uint16(v/0x1p-24)
	}
	_, e := math.Frexp(v)
	exp := e - 1
	frac := v/math.Ldexp(1, exp) - 1
	return sign | uint16(exp+15)<<10 | uint16(math.Round(frac*1024))
}

// TestFastFloat16Midpoints: runs where many i*delta are float16 midpoints
// and start is far too small for float32 to see: rounding through float32
// to nearest would land on the midpoints and break ties to even, wrongly
// for one sign of start; the vector kernels must round once.
func TestFastFloat16Midpoints(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	mem := make([]byte, 1<<16)
	defer setAVX512(true)
	for c := range 400 {
		setAVX512(c%2 == 0)
		D := uint64(r.Uint32()&0x3FF | 0x401) // odd 11-bit significand
		e := r.IntN(10) - 8                   // delta = D * 2^(e-10), its last bit 2^(e-10)
		delta := f64ToF16(math.Ldexp(float64(D), e-10))
		// The sums reach 2^(e+13) after 2^12 steps, where float32's last
		// bit is 2^(e-10): start sits below half of it.
		start := f64ToF16(math.Ldexp(1, e-12-r.IntN(3)))
		if r.IntN(2) == 0 {
			start |= 0x8000
		}
		s := New(Float16, 2, uint64(start), uint64(delta))
		n := 4096
		off := 2 * r.IntN(32)
		dst := mem[off : off+2*n]
		s.FillLE(dst, 1, 1)
		checkFloat16(t, s, dst, 1, 1, fmt.Sprintf("case %d", c))
	}
}

// TestFastFloat16IntLanes runs float16 sequences whose exact sums need 25 to
// 31 bits (too many for float32, few enough for int32 lanes) through every
// form of the binade kernels on integer lanes: AVX-512 and AVX2, regular and
// streaming stores, both signs, with ties (an odd delta) and without,
// unaligned starts, from the subnormals up.
func TestFastFloat16IntLanes(t *testing.T) {
	mem := make([]byte, streamingMin+4096)
	defer setStreaming(0)
	defer setAVX512(true)
	for c := range 8 {
		setAVX512(c%2 == 0)
		setStreaming(1 - 2*(c/2%2))
		start, delta := uint64(0x0001), uint64(0x0010) // 2^-24 + i*2^-20: 16i+1 at 2^-24
		if c >= 4 {
			start, delta = 0x8003, 0x8013 // negative, 19i+3 at 2^-24
		}
		s := New(Float16, 2, start, delta)
		off := 2 + 2*c
		n := (len(mem) - off - 2*64) / 2
		if c%4 == 3 {
			s.Limit(uint64(n) + 1) // the facts of the whole range
		}
		dst := mem[off : off+2*n]
		s.FillLE(dst, 1, 1)
		checkFloat16(t, s, dst, 1, 1, fmt.Sprintf("case %d", c))
	}
}

// TestOverflowFrom holds overflowFrom, which decides where runs become
// constant infinities, to the plain definition (Bits): the first element
// that rounds to an infinity, with every later one infinite too.
func TestOverflowFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 50))
	kinds := []struct {
		kind Kind
		size int
		f    *format
	}{{Float16, 2, &formatFloat16}, {Float32, 4, &formatFloat32}}
	for c := range 20000 {
		k := kinds[c%2]
		start, delta := randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size)
		if c%4 < 2 {
			// Coarse values: the last bit of start and delta far above 1.
			if k.kind == Float16 {
				start, delta = uint64(r.IntN(0x7C00)), 0x4000+uint64(r.IntN(0x3C00))
			} else {
				start, delta = uint64(r.Uint32N(0x7F800000)), 0x60000000+uint64(r.Uint32N(0x1F800000))
			}
			start |= uint64(r.IntN(2)) << (8*k.size - 1)
			delta |= uint64(r.IntN(2)) << (8*k.size - 1)
		}
		s := New(k.kind, k.size, start, delta)
		if s.mode != modeLinear {
			continue
		}
		i0, step, n := 1+r.Uint64N(1000), 1+r.Uint64N(100), r.IntN(2000)
		want := n
		for j := n - 1; j >= 0; j-- {
			if s.Bits(i0+uint64(j)*step)&^k.f.signBit() != k.f.infBits() {
				break
			}
			want = j
		}
		if got := s.overflowFrom(i0, step, n); got != want {
			t.Fatalf("start %#x delta %#x i0 %d step %d n %d: overflowFrom = %d, want %d", start, delta, i0, step, n, got, want)
		}
	}
}

// checkFloat16 holds the float16 elements in dst, of indices i0, i0+step,
// ..., to Bits.
func checkFloat16(t *testing.T, s *Seq, dst []byte, i0, step uint64, what string) {
	t.Helper()
	for j := range len(dst) / 2 {
		i := i0 + uint64(j)*step
		got := uint64(binary.LittleEndian.Uint16(dst[2*j:]))
		if want := s.Bits(i); got != want {
			t.Fatalf("%s: start %#x delta %#x i0 %d step %d n %d: element %d (index %d) = %#x, want %#x",
				what, s.start, s.delta, i0, step, len(dst)/2, j, i, got, want)
		}
	}
}
