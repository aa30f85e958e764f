package kernel

// validF32 is valid for a piece of mF32.
func (s *Seq) validF32(_ *table, a, last, step uint64, b []byte, p piece) string {
	if !s.linearFloat() || !s.f32Lanes(a, last, step) {
		return "not exact in float32 lanes"
	}
	return s.validVector(a, b, p.m.blockBytes(s.size))
}
