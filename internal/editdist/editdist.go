// Package editdist gives the edit distance between two words, for the
// "did you mean" of the command's flags and of a model file's keys.
package editdist

// Levenshtein returns the Levenshtein distance between a and b, in bytes:
// the fewest insertions, deletions and substitutions of a byte that turn a
// into b.
func Levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
