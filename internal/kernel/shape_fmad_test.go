package kernel

import "testing"

// validFMAD is valid for a piece of mFMAD.
func (s *Seq) validFMAD(_ *table, a, _, _ uint64, b []byte, p piece) string {
	if !s.linearFloat() || s.kind != Float32 {
		return "not float32"
	}
	return s.validVector(a, b, p.m.blockBytes(s.size))
}

// TestFMADMethod is float32Method for mFMAD: from index 2^24, its midpoint
// runs with start's last bit 66 to 74 places below the midpoint's, past
// int64 lanes and below what a float64 sum keeps (so that its float64
// value is the midpoint, which the kernel must leave to the executor).
func TestFMADMethod(t *testing.T) { float32Method(t, mFMAD, 1<<24, 97, 66) }

// TestFMADMethodInt64 is TestFMADMethod with start's last bit 54 to 62
// places below the midpoint's: exact sums within int64 lanes, which
// float32 past index 2^24 that neither f64 nor binade-s lanes take
// leave to fma-d too.
func TestFMADMethodInt64(t *testing.T) { float32Method(t, mFMAD, 1<<24, 93, 54) }
