package exact

import (
	"math/big"
	"strings"
	"testing"
)

// TestRoundFloat16Long: decimals a hair (700 digits down) above, at and
// below binary16 midpoints round once: up, to even, down. (The reference
// rounded a 2000-bit value of them first, and a hair below a midpoint came
// out above it.)
func TestRoundFloat16Long(t *testing.T) {
	for _, c := range []struct {
		text string
		want uint16
	}{
		{"0.0000089108943939208984374" + strings.Repeat("9", 674), 0x95}, // below the midpoint of 0x95 and 0x96 (subnormals)
		{"0.0000089108943939208984375", 0x96},                            // the midpoint: to even
		{"0.0000089108943939208984375" + strings.Repeat("0", 674) + "1", 0x96},
		{"1.00048828124" + strings.Repeat("9", 700), 0x3C00}, // below 1 + 2^-11
		{"1.00048828125", 0x3C00},                            // 1 + 2^-11: to even
		{"1.00048828125" + strings.Repeat("0", 700) + "1", 0x3C01},
		{"1.00146484375", 0x3C02}, // 1 + 3*2^-11: to even, up
	} {
		r, ok := new(big.Rat).SetString(c.text)
		if !ok {
			t.Fatalf("%.30q", c.text)
		}
		if got := RoundFloat16(r); got != c.want {
			t.Errorf("%.40q... (%d characters): %#x, want %#x", c.text, len(c.text), got, c.want)
		}
	}
}
