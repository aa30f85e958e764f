package kernel

import "testing"

// validFMAS is valid for a piece of fma-s (mFMAS).
func (s *Seq) validFMAS(_ *table, a, last, _ uint64, b []byte, p piece) string {
	if !s.linearFloat() || s.kind != Float32 || last >= fmaSMax {
		return "not float32 of indices below 2^24"
	}
	return s.validVector(a, b, p.m.blockBytes(s.size))
}

// TestFMASMethod is float32Method for fma-s, which takes indices below
// 2^24: start's last bit in the midpoint runs 54 to 62 places below the
// midpoint's, within int64 lanes' 63 bits.
func TestFMASMethod(t *testing.T) { float32Method(t, mFMAS, 0, 95, 54) }
