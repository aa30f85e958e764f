package kernel

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestF64ToF16 holds the plain float64-to-binary16 conversion to a rounding
// by enumerating neighbours, on values exact in float32 (a single rounding).
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

// TestSumToF32: the float32 FMA kernels' twin rounds i*delta + start once,
// as math/big does (an exact sum, then Float32, nearest even): random
// float32 products and starts, and sums a hair off a float32 midpoint,
// which float32() of the float64 sum alone rounds the wrong way.
func TestSumToF32(t *testing.T) {
	r := rand.New(rand.NewPCG(79, 80))
	check := func(x, y float64) {
		t.Helper()
		var sum big.Float
		sum.SetPrec(1000).Add(new(big.Float).SetFloat64(x), new(big.Float).SetFloat64(y))
		want, _ := sum.Float32()
		if got := sumToF32(x, y); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("%g + %g: got %g (%#x), want %g (%#x)", x, y, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
	for range 100000 {
		i := float64(1 + r.Uint32N(1<<24-1))
		d := float64(math.Float32frombits(uint32(finiteBits32(r))))
		s := float64(math.Float32frombits(uint32(finiteBits32(r))))
		check(i*d, s)
	}
	for range 20000 {
		// A midpoint of two float32 of 2^e, and a start of either sign far
		// below its last place.
		e := r.IntN(200) - 100
		mid := math.Ldexp(float64(1<<24+2*r.IntN(1<<23)+1), e-25)
		tiny := math.Ldexp(1, e-25-30-r.IntN(20))
		if r.IntN(2) == 0 {
			tiny = -tiny
		}
		check(mid, tiny)
		check(-mid, tiny)
	}
}

// TestBinadeTies holds binadeTies to its definition: element j is a tie
// when a + j*d is half modulo 2^shift, counted one by one.
func TestBinadeTies(t *testing.T) {
	r := rand.New(rand.NewPCG(87, 88))
	for c := range 20000 {
		shift := 1 + r.IntN(20)
		if c%2 == 0 {
			shift = 1 + r.IntN(48) // int64 lanes' shifts
		}
		d := 1 + r.Uint64N(1<<uint(r.IntN(20)+1))
		a := r.Uint64N(1 << 30)
		if shift > 20 {
			a = r.Uint64N(1 << 58)
		}
		if c%3 == 0 {
			a = (a &^ (1<<shift - 1)) | 1<<(shift-1) // start on a tie
		}
		n := 1 + r.IntN(600)
		half := uint64(1) << (shift - 1)
		var want []int
		for j := range n {
			if (a+uint64(j)*d)&(1<<shift-1) == half {
				want = append(want, j)
			}
		}
		ties, tie, period := binadeTies(a, d, shift, n, 32)
		if ties != 0 {
			// Dense: the kernel's tie form runs, at the ties located
			// below, whose period divides a block of 32.
			if len(want) == 0 || period > 32 {
				t.Fatalf("a %d d %d shift %d n %d: tie form with no tie, or period %d", a, d, shift, n, period)
			}
		}
		var got []int
		for j := tie; j < n; j += period {
			got = append(got, j)
		}
		if len(got) != len(want) {
			t.Fatalf("a %d d %d shift %d n %d: ties at %v, want %v", a, d, shift, n, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("a %d d %d shift %d n %d: ties at %v, want %v", a, d, shift, n, got, want)
			}
		}
	}
}

// TestF32Midpoint holds rule fma-d: float32() of math.FMA(i, d, s) is the
// exact i*d + s rounded once (math/big) wherever f32Midpoint does not hold;
// sums just off a float32 midpoint, which the float64 rounding lands on,
// are caught by it.
func TestF32Midpoint(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	caught := 0
	for c := range 200000 {
		i := float64(r.Uint32() >> r.IntN(32))
		d := float64(math.Float32frombits(r.Uint32()&0x3FFFFFFF | 0x08000000)) // normal, below 2
		s := float64(math.Float32frombits(r.Uint32()&0xBFFFFFFF | 0x08000000))
		if c%2 == 1 { // s just off a midpoint: v + half its last place + i*d, i*d far below it
			v := math.Float32frombits(r.Uint32()&0x3FFFFFFF | 0x10000000)
			half := float64(math.Nextafter32(v, 2*v)-v) / 2
			s, i = float64(v)+half, 1
			d = math.Ldexp(half, -40-r.IntN(20)) * float64(1-2*r.IntN(2))
		}
		y := math.FMA(i, d, s)
		exact := new(big.Float).SetPrec(600).SetFloat64(i)
		exact.Mul(exact, new(big.Float).SetFloat64(d)).Add(exact, new(big.Float).SetFloat64(s))
		want, _ := exact.Float32()
		if f32Midpoint(math.Float64bits(y)) {
			caught++
			continue
		}
		if math.Float32bits(float32(y)) != math.Float32bits(want) {
			t.Fatalf("fma(%g, %g, %g) = %g: float32 %g, the exact sum rounds to %g, and f32Midpoint does not hold", i, d, s, y, float32(y), want)
		}
	}
	if caught < 50000 {
		t.Fatalf("only %d sums at a midpoint caught", caught)
	}
}
