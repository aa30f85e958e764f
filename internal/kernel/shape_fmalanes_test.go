package kernel

// validFMALanes is valid for a piece of mFMALanes.
func (s *Seq) validFMALanes(_ *table, a, _, _ uint64, b []byte, p piece) string {
	if s.kind != Float64 || s.mode != modeFMA {
		return "not a float64 sequence in modeFMA"
	}
	return s.validVector(a, b, p.m.blockBytes(s.size))
}
