// Package numtext shortens the text of a long number to one that rounds the
// same to every binary float format up to float64, so that a parser with a
// limit on digits or on the exponent (strconv.ParseFloat caps the exponent
// it reads at about 10,000, and math/big's exact parse of a decimal of
// millions of digits takes minutes) is given text within its limits.
package numtext

import (
	"strconv"
	"strings"
)

// Limits of the shortened text: the significant digits kept (then one more,
// a 1, where any nonzero digit was cut), and the exponent past which every
// float up to float64 is an infinity or zero.
const (
	// keepDecimal is the significant decimal digits kept: every float64
	// and every midpoint between two (the values where rounding changes)
	// has at most 767 significant digits, so a decimal cut after 800 and
	// given a last digit 1 where the rest was not all zeros lies strictly
	// between the same two such values as the whole.
	keepDecimal = 800
	// keepHex is the hexadecimal digits kept: 160 bits, where a float64
	// and its midpoints need 54.
	keepHex = 40
	// bigDecimal and bigBinary bound the exponent of the shortened text
	// (as a power of 10 and of 2): float64's largest finite value is below
	// 2^1024 and half its least subnormal is 2^-1075, far inside them.
	bigDecimal = 5000
	bigBinary  = 20000
)

// Shorten returns text that rounds the same as s to every binary float
// format up to float64, with at most keepDecimal+1 significant digits (or
// keepHex+1 hexadecimal ones) and a small exponent: s itself where it is
// short already or is not a plain decimal ([+-]digits[.digits][e[+-]digits])
// or hexadecimal ([+-]0x hexdigits[.hexdigits]p[+-]digits) number, for the
// parser to judge. A value past every float's range becomes 1e5000 or
// 1e-5000 (0x1p20000, 0x1p-20000) with its sign: an infinity or a zero.
func Shorten(s string) string {
	if len(s) <= 100 {
		return s
	}
	body, sign := s, ""
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body, sign = body[1:], body[:1]
	}
	hex := len(body) > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')
	if hex {
		body = body[2:]
	}
	n, ok := split(body, hex)
	if !ok {
		return s
	}
	if n.sig == "" { // (all zeros)
		return sign + "0"
	}
	keep, big, prefix, mark := keepDecimal, int64(bigDecimal), "", "e"
	if hex {
		keep, big, prefix, mark = keepHex, bigBinary, "0x", "p"
	}
	switch {
	case n.exp > big:
		return sign + prefix + "1" + mark + strconv.FormatInt(big, 10)
	case n.exp < -big:
		return sign + prefix + "1" + mark + strconv.FormatInt(-big, 10)
	}
	sig := n.sig
	if len(sig) > keep {
		sig = sig[:keep] + "1" // (sig ends in a nonzero digit: something was cut)
	}
	return sign + prefix + "0." + sig + mark + strconv.FormatInt(n.exp, 10)
}

// A number is a value 0.sig * 10^exp (hexadecimal: 0.sig * 2^exp, sig in
// hexadecimal digits), sig without leading or trailing zeros.
type number struct {
	sig string
	exp int64
}

// split reads body (a number without its sign and base prefix) as
// digits[.digits] and an exponent (e for decimal, p for hexadecimal,
// required there).
func split(body string, hex bool) (number, bool) {
	mant, exp := body, "0"
	mark := "eE"
	if hex {
		mark = "pP"
	}
	if i := strings.IndexAny(body, mark); i >= 0 {
		mant, exp = body[:i], body[i+1:]
	} else if hex {
		return number{}, false
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" && frac == "" || !digits(intPart, hex) || !digits(frac, hex) {
		return number{}, false
	}
	e, ok := exponent(exp)
	if !ok {
		return number{}, false
	}
	all := intPart + frac
	lead := len(all) - len(strings.TrimLeft(all, "0"))
	sig := strings.TrimRight(all[lead:], "0")
	// The value is 0.all * base^len(intPart) * 10^e (hex: * 2^e), with
	// base 16 = 2^4 for hexadecimal digits.
	point := int64(len(intPart) - lead)
	if hex {
		point *= 4
	}
	return number{sig: sig, exp: point + e}, true
}

// digits reports whether s is decimal (or hexadecimal) digits only.
func digits(s string, hex bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || hex && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F')) {
			return false
		}
	}
	return true
}

// exponent reads [+-]digits, saturating at ±10^12 (far past any float's
// range, and far from overflowing an int64 when digits are added).
func exponent(s string) (int64, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	if s == "" || !digits(s, false) {
		return 0, false
	}
	var e int64
	for i := 0; i < len(s); i++ {
		e = min(e*10+int64(s[i]-'0'), 1e12)
	}
	if neg {
		e = -e
	}
	return e, true
}
