package check_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
)

// TestModelsAcrossWindows holds the models whose elements the Reader
// computes a window at a time in ways of their own (jax-jit-cpu, counted
// as jax-jit's fused formula on windows of its vector loop alone and
// evaluated where its remainder lies; tfjs, accumulated window after
// window) to their formulas computed here element by element, with
// math/big for the fused multiply-add, over fills of several 1 MiB
// windows whose count leaves XLA a remainder of every kind.
func TestModelsAcrossWindows(t *testing.T) {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	const s, d = "0.1", "0.3"
	fs, fd := float32(0.1), float32(0.3)
	for _, n := range []int{2*262144 + 31, 2*262144 + 1, 262144 + 32, 262144 - 5} {
		fused := n - n%32
		jit := make([]byte, 4*n)
		tfjs := make([]byte, 4*n)
		v := fs
		for i := range n {
			var x float32
			switch {
			case i == 0:
				x = fs
			case i < fused: // one rounding of i*fd + fs
				p := new(big.Float).SetPrec(200).SetFloat64(float64(i))
				p.Mul(p, big.NewFloat(float64(fd)))
				p.Add(p, big.NewFloat(float64(fs)))
				x, _ = p.Float32()
			default: // a float32 multiply, then a float32 add
				x = fs + float32(fd*float32(i))
			}
			binary.LittleEndian.PutUint32(jit[4*i:], math.Float32bits(x))
			if i > 0 {
				v = float32(float64(v) + 0.3)
			}
			binary.LittleEndian.PutUint32(tfjs[4*i:], math.Float32bits(v))
		}
		desc := checkDesc(dml.TensorDataTypeFloat32, []uint32{uint32(n)}, nil, s, d)
		opts := check.Options{Written: &check.Written{Start: 0.1, Delta: 0.3}}
		for _, c := range []struct {
			data   []byte
			model  check.Model
			unlike check.Model // a model that must not explain it (the test would hold nothing)
		}{
			{jit, check.ModelJAXJitCPU, check.ModelJAXJit},
			{tfjs, check.ModelTFJS, check.ModelAccumulate},
		} {
			rep, err := check.Reader(dev, desc, bytes.NewReader(c.data), opts)
			if err != nil {
				t.Fatal(err)
			}
			got := rep.Explained()
			if !slices.Contains(got, c.model) {
				t.Errorf("%d elements of %s: explained by %v; fits %+v", n, c.model, got, rep.Models)
			}
			if n%32 == 31 && slices.Contains(got, c.unlike) {
				t.Errorf("%d elements of %s: %s explains them too: the remainder differs nowhere, and the test holds nothing", n, c.model, c.unlike)
			}
		}
	}
}
