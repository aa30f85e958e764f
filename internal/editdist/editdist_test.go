package editdist

import "testing"

// TestLevenshtein: distances worked by hand (kitten → sitting is the
// textbook 3: two substitutions and an insertion).
func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"size", "sizes", 1},
		{"sizes", "size", 1},
		{"kitten", "sitting", 3},
		{"flaw", "lawn", 2},
		{"delta", "delta", 0},
		{"tpye", "type", 2},
	} {
		if got := Levenshtein(c.a, c.b); got != c.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
