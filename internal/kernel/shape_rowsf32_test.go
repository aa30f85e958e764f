package kernel

// validRowsF32 is validRows for a piece of rows-f32 (mRowsF32) of n
// elements, indices a to last.
func (s *Seq) validRowsF32(_ int, a, last, _, step uint64, _ piece) string {
	if s.kind != Float32 || !s.linearFloat() || step != 1 || !s.f32Lanes(a, last, 1) {
		return "not exact in float32 lanes of step 1"
	}
	return ""
}
