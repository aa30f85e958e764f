package kernel

// validRowsFMAS is validRows for a piece of rows-fma-s (mRowsFMAS) of n
// elements, indices a to last.
func (s *Seq) validRowsFMAS(_ int, _, last, _, _ uint64, _ piece) string {
	if s.kind != Float32 || !s.linearFloat() || last >= fmaSMax {
		return "not float32 of indices below 2^24"
	}
	return ""
}
