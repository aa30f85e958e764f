package kernel

// validAdd is valid for a piece of mAdd.
func (s *Seq) validAdd(_ *table, a, _, step uint64, b []byte, p piece) string {
	if !s.wordsMatch(a, step, int(p.n), p) {
		return "an element is not first + e*d"
	}
	return s.validVector(a, b, p.m.blockBytes(s.size))
}
