package kernel

// validF64 is valid for a piece of mF64.
func (s *Seq) validF64(_ *table, a, last, step uint64, b []byte, p piece) string {
	if !s.linearFloat() || !s.f64Lanes(a, last, step) {
		return "not exact in float64 lanes"
	}
	return s.validVector(a, b, p.m.blockBytes(s.size))
}
