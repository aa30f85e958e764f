package numtext

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// exact returns s's value as math/big reads it, whole: the reference.
func exact(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("math/big cannot read %.60q", s)
	}
	return r
}

// same checks that s and Shorten(s) round alike to float64 and float32:
// strconv.ParseFloat of the shortened text against math/big's rounding of
// the whole.
func same(t *testing.T, what, s string) {
	t.Helper()
	r := exact(t, s)
	short := Shorten(s)
	want64, _ := r.Float64()
	got64, err := strconv.ParseFloat(short, 64)
	if err != nil && !strings.Contains(err.Error(), "range") {
		t.Fatalf("%s: ParseFloat(%.60q): %v", what, short, err)
	}
	if math.Float64bits(got64) != math.Float64bits(want64) {
		t.Fatalf("%s: float64 %v (%#x), want %v (%#x); shortened to %.80q", what, got64, math.Float64bits(got64), want64, math.Float64bits(want64), short)
	}
	want32, _ := r.Float32()
	got32, err := strconv.ParseFloat(short, 32)
	if err != nil && !strings.Contains(err.Error(), "range") {
		t.Fatalf("%s: ParseFloat32(%.60q): %v", what, short, err)
	}
	if math.Float32bits(float32(got32)) != math.Float32bits(want32) {
		t.Fatalf("%s: float32 %v, want %v; shortened to %.80q", what, float32(got32), want32, short)
	}
}

// TestShortenMidpoints: decimals a hair above, at and below midpoints
// between two float64 (and float32) values, the hair thousands of digits
// down and the whole shifted by huge exponents, round as math/big says.
func TestShortenMidpoints(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for c := range 60 {
		// A random float64 and the midpoint above it, exactly, in decimal.
		f := math.Float64frombits(r.Uint64N(0x7FE0000000000000))
		if c%3 == 0 {
			f = float64(math.Float32frombits(r.Uint32N(0x7F000000)))
		}
		next := math.Nextafter(f, math.Inf(1))
		mid := new(big.Rat).Add(new(big.Rat).SetFloat64(f), new(big.Rat).SetFloat64(next))
		mid.Quo(mid, big.NewRat(2, 1))
		if c%3 == 0 { // a float32 midpoint
			n32 := math.Nextafter32(float32(f), float32(math.Inf(1)))
			mid = new(big.Rat).Add(new(big.Rat).SetFloat64(f), new(big.Rat).SetFloat64(float64(n32)))
			mid.Quo(mid, big.NewRat(2, 1))
		}
		digits := strings.TrimRight(mid.FloatString(1100), "0")
		pad := strings.Repeat("0", 500+r.IntN(3000))
		for _, s := range []string{
			digits,                    // the midpoint itself: ties to even
			digits + pad + "1",        // a hair above
			digits + pad + "1e0",      // the same with an exponent
			lower(digits) + pad + "9", // a hair below
		} {
			same(t, "midpoint", s)
			// The same value with the point moved far to the left and a
			// huge exponent putting it back.
			shift := 1000 + r.IntN(20000)
			same(t, "shifted", moveLeft(s, shift))
		}
	}
}

// lower returns the decimal d (with a point and a nonzero last digit) less
// one unit in its last place.
func lower(d string) string {
	b := []byte(d)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '.' {
			continue
		}
		if b[i] > '0' {
			b[i]--
			return string(b)
		}
		b[i] = '9'
	}
	return string(b)
}

// moveLeft writes the decimal s (digits, a point, digits, maybe e0) as
// "0.000...digits" with k more zeros after the point and an exponent that
// puts the point back.
func moveLeft(s string, k int) string {
	s = strings.TrimSuffix(s, "e0")
	i, f, _ := strings.Cut(s, ".")
	return "0." + strings.Repeat("0", k) + i + f + "e" + strconv.Itoa(k+len(i))
}

// TestShortenForms: the 100,009-character decimal, exponents far
// past any range, zeros, hexadecimal, and text that is not a plain number
// (left as it is for the parser to refuse).
func TestShortenForms(t *testing.T) {
	third := "1" + strings.Repeat("3", 100000) + "e-100000"
	same(t, "1.333... written with 100,001 digits", third)
	// Exponents past math/big's reach: zero and an infinity, signs kept.
	for s, want := range map[string]float64{
		"1" + strings.Repeat("0", 200) + "e-99999999999999999999999":  0,
		"-1" + strings.Repeat("0", 200) + "e99999999999999999999999":  math.Inf(-1),
		"-1" + strings.Repeat("0", 200) + "e-99999999999999999999999": math.Copysign(0, -1),
	} {
		got, _ := strconv.ParseFloat(Shorten(s), 64)
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%.30q...: %v, want %v", s, got, want)
		}
	}
	for _, s := range []string{
		strings.Repeat("0", 5000) + "." + strings.Repeat("0", 5000),
		strings.Repeat("9", 400) + "." + strings.Repeat("9", 400),
		"0." + strings.Repeat("0", 12000) + "1e12000",
	} {
		same(t, "form", s)
	}
	if got := Shorten(strings.Repeat("0", 200)); got != "0" {
		t.Fatalf("zeros: %q", got)
	}
	if got := Shorten("-0." + strings.Repeat("0", 300) + "e5"); got != "-0" {
		t.Fatalf("negative zeros: %q, want -0", got)
	}
	// Hexadecimal: a long significand and a huge binary exponent.
	hex := "0x18" + strings.Repeat("0", 2999) + "p-12000" // 1.5 * 2^12000 * 2^-12000
	got, err := strconv.ParseFloat(Shorten(hex), 64)
	if err != nil || got != 1.5 {
		t.Fatalf("%.40q...: %v %v, want 1.5", hex, got, err)
	}
	hexUp := "0x1." + strings.Repeat("0", 13) + "8" + strings.Repeat("0", 3000) + "1p0" // a hair above 1 + 2^-53
	got, err = strconv.ParseFloat(Shorten(hexUp), 64)
	if err != nil || got != math.Nextafter(1, 2) {
		t.Fatalf("hexadecimal a hair above a midpoint: %v %v, want %v", got, err, math.Nextafter(1, 2))
	}
	for _, s := range []string{"1e", "1.2.3" + strings.Repeat("4", 200), "0x1" + strings.Repeat("0", 200), strings.Repeat("1", 200) + "x", "--1" + strings.Repeat("0", 200)} {
		if Shorten(s) != s {
			t.Fatalf("%.30q is not a plain number but was shortened to %.30q", s, Shorten(s))
		}
	}
}
