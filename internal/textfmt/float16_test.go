package textfmt

import (
	"math/big"
	"strings"
	"testing"

	"github.com/x448/float16"
)

// f16Rat is the exact value of the finite float16 of bits b, and of
// 0x7C00 the boundary 65536 (where the rounding interval of 65504 ends).
func f16Rat(b uint16) *big.Rat {
	if b&0x7FFF == 0x7C00 {
		return big.NewRat(65536, 1)
	}
	r, _ := new(big.Rat).SetString(strings.TrimSpace(new(big.Float).SetFloat64(float64(float16.Frombits(b).Float32())).Text('g', -1)))
	return r
}

// TestFloat16TextShortest: for every positive finite float16, the text
// reads back into the value's rounding interval (the midpoints to its
// neighbours, held by math/big; a midpoint counts where the value's last
// bit is even) and no decimal with fewer significant digits lies in that
// interval. (0x2400, 2^-6, printed 0.015625 where 0.01563 reads back.)
func TestFloat16TextShortest(t *testing.T) {
	two := big.NewRat(2, 1)
	for b := uint16(1); b < 0x7C00; b++ {
		if testing.Short() && b%7 != 0 && b&0x3FF != 0 {
			continue // (-short: every seventh, and every power of two)
		}
		v := f16Rat(b)
		lo := new(big.Rat).Quo(new(big.Rat).Add(f16Rat(b-1), v), two)
		hi := new(big.Rat).Quo(new(big.Rat).Add(v, f16Rat(b+1)), two)
		even := b&1 == 0
		in := func(d *big.Rat) bool {
			cl, ch := d.Cmp(lo), d.Cmp(hi)
			return (cl > 0 || even && cl == 0) && (ch < 0 || even && ch == 0)
		}
		s := float16Text(float16.Frombits(b))
		d, ok := new(big.Rat).SetString(s)
		if !ok || !in(d) {
			t.Fatalf("%#04x: %q does not read back to it", b, s)
		}
		digits := len(strings.Trim(strings.ReplaceAll(strings.Split(strings.ToLower(s), "e")[0], ".", ""), "0")) // (significant: no leading or trailing zeros)
		if digits > 1 && shorterIn(lo, hi, digits-1, in) {
			t.Fatalf("%#04x: %q has %d significant digits; fewer would do", b, s, digits)
		}
	}
}

// shorterIn reports whether some decimal of at most k significant digits
// lies in the interval (lo, hi), as in says: n*10^e for the two decimal
// exponents the interval's ends have.
func shorterIn(lo, hi *big.Rat, k int, in func(*big.Rat) bool) bool {
	for _, end := range []*big.Rat{lo, hi} {
		f, _ := end.Float64()
		e := 0
		for x := f; x >= 10; x /= 10 {
			e++
		}
		for x := f; x > 0 && x < 1; x *= 10 {
			e--
		}
		for _, g := range []int{e - k + 1, e - k} { // (the grid of k digits at e, and one finer)
			unit := new(big.Rat).SetFrac(big.NewInt(1), big.NewInt(1))
			ten := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(g))), nil)
			if g >= 0 {
				unit.SetInt(ten)
			} else {
				unit.SetFrac(big.NewInt(1), ten)
			}
			// n = ceil(lo / unit) .. floor(hi / unit), at most 10^k.
			q := new(big.Rat).Quo(lo, unit)
			n := new(big.Int).Quo(q.Num(), q.Denom())
			for range 3 {
				d := new(big.Rat).Mul(new(big.Rat).SetInt(n), unit)
				if n.Sign() > 0 && len(strings.TrimRight(n.String(), "0")) <= k && in(d) {
					return true
				}
				n.Add(n, big.NewInt(1))
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
