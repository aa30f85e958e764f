package kernel

// validRowsBin is validRows for a piece of binade rows (mRowsBin) of n
// elements, indices a to last.
func (s *Seq) validRowsBin(n int, a, last, rowStep, step uint64, p piece) string {
	switch {
	case !s.int32Lanes(a, last):
		return "not float16 in int32 lanes"
	case p.ties && (p.per == 0 || 32%p.per != 0):
		return "dense ties whose period does not divide a block"
	}
	return s.binRows(n, a, last, rowStep, step, p)
}
