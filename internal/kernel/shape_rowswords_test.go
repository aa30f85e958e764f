package kernel

// validRowsWords is validRows for a piece of rows-words (mRowsWords) of n
// elements from index a.
func (s *Seq) validRowsWords(n int, a, _, rowStep, step uint64, p piece) string {
	if !s.rowsWordsMatch(n, a, rowStep, step, p) {
		return "an element is not first + r*rowD + e*d"
	}
	return ""
}

// rowsWordsMatch reports whether piece p's rows of n elements, from index
// a, are p's first + r*rowD + e*d (mRowsWords).
func (s *Seq) rowsWordsMatch(n int, a, rowStep, step uint64, p piece) bool {
	for r := range uint64(p.n) {
		for e := range uint64(n) {
			i := a + r*rowStep + e*step
			if s.Bits(i) != (p.first+r*p.rowD+e*p.d)&s.mask() {
				return false
			}
		}
	}
	return true
}

// validRowsF32 is validRows for a piece of rows-f32 (mRowsF32) of n
// elements, indices a to last.
func (s *Seq) validRowsF32(_ int, a, last, _, step uint64, _ piece) string {
	if s.kind != Float32 || !s.linearFloat() || step != 1 || !s.f32Lanes(a, last, 1) {
		return "not exact in float32 lanes of step 1"
	}
	return ""
}
