package main

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/x448/float16"
)

// TestExactIn holds the sweep's exactness test to sequences worked by hand.
func TestExactIn(t *testing.T) {
	f16, f32 := dml.TensorDataTypeFloat16, dml.TensorDataTypeFloat32
	for _, c := range []struct {
		dt           dml.TensorDataType
		start, delta float64
		n            int
		want         bool
	}{
		{f16, 0, 1, 2048, true},                // 0 to 2047: below 2^11
		{f16, 0, 1, 2050, false},               // 2049 needs 12 bits
		{f16, 2048, 0.125, 2, false},           // 2048 in eighths is 2^14
		{f16, 0.5, 0.25, 100, true},            // quarters up to 99.25/0.25 = 397
		{f16, 0, 0, 1 << 20, true},             // zeros
		{f16, math.Ldexp(1, -25), 0, 1, false}, // finer than float16's least subnormal
		{f32, math.Ldexp(1, -149), math.Ldexp(1, -149), 10, true},
		{f32, float64(float32(0.1)), float64(float32(0.3)), 2, false}, // 0.1 has 24 bits and 0.3 sits lower
		{f32, 1e6, 1, 1 << 23, true},                                  // up to 9388607, below 2^24
		{f32, 1e6, 1, 1 << 24, false},                                 // past 2^24 in units of 1
		{f32, -1000, 0.5, 4000, true},                                 // -2000 to 1998 halves
	} {
		if got := exactIn(c.dt, c.start, c.delta, c.n); got != c.want {
			t.Errorf("exactIn(%v, %g, %g, %d) = %v, want %v", c.dt, c.start, c.delta, c.n, got, c.want)
		}
	}
}

// TestRandomSeqs checks that every drawn sequence makes an operator, its
// text reading back as the value drawn.
func TestRandomSeqs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat16, dml.TensorDataTypeFloat32, dml.TensorDataTypeInt8, dml.TensorDataTypeUint16, dml.TensorDataTypeInt64, dml.TensorDataTypeUint64} {
		for _, s := range randomSeqs(dt, 200, r) {
			for _, v := range []string{s.start, s.delta} {
				x, err := dml.ParseScalar(dt, v)
				if err != nil {
					t.Fatalf("%v %s: %v", dt, v, err)
				}
				if dt == dml.TensorDataTypeFloat32 || dt == dml.TensorDataTypeFloat16 {
					f, _ := strconv.ParseFloat(v, 32)
					want := uint64(math.Float32bits(float32(f)))
					if h := float16.Fromfloat32(float32(f)); dt == dml.TensorDataTypeFloat16 {
						want = uint64(h.Bits())
						if h.Float32() != float32(f) {
							t.Errorf("%v %s is not a float16 value", dt, v)
						}
					}
					if x.BitsOf(dt) != want {
						t.Errorf("%v %s reads back as %#x", dt, v, x.BitsOf(dt))
					}
				}
			}
		}
	}
}
