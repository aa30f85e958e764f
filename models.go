package dml

import (
	"fmt"
	"math"

	"github.com/dmlgo/dml/internal/kernel"
)

// A ComputeModel is a way an implementation may compute FLOAT32 and FLOAT16
// elements of this operator. CheckReader says which models explain the data
// it checks, and ModelBits produces a model's elements (dmlfill -emulate).
// In every model element 0 is ValueStart's bits; for i >= 1, with s and d
// the start and delta, i an index, and round32, round16 rounding to float32
// and to float16, to nearest even:
//
//	exact         round(s + i*d), rounded once into the type (this package's operator)
//	f32-mul-add   round32(round32(round32(i) * d) + s), then round16 for FLOAT16
//	f32-fma       round32(round32(i)*d + s), one rounding for the multiply-add, then round16 for FLOAT16
//	accumulate    v[i] = v[i-1] + d in the element type (round32, or round16 of the exact sum),
//	              DirectML's documentation's pseudocode of 2020
//	f32-then-f16  FLOAT16 only: f32-fma's float32, then round16 (WebNN's reference);
//	              for FLOAT16 the same formula as f32-fma
//	f16-math      FLOAT16 only: round16(round16(round16(i) * d) + s), half-precision
//	              arithmetic as DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION permits
//
// For FLOAT32, f32-fma equals exact while i is exact in float32 (below 2^24):
// the report names every model that explains the data.
type ComputeModel string

// The models.
const (
	ModelExact      ComputeModel = "exact"
	ModelF32MulAdd  ComputeModel = "f32-mul-add"
	ModelF32FMA     ComputeModel = "f32-fma"
	ModelAccumulate ComputeModel = "accumulate"
	ModelF32ThenF16 ComputeModel = "f32-then-f16"
	ModelF16Math    ComputeModel = "f16-math"
)

// ComputeModels returns the models for a float type (nil for others).
func ComputeModels(t TensorDataType) []ComputeModel {
	switch t {
	case TensorDataTypeFloat32:
		return []ComputeModel{ModelExact, ModelF32MulAdd, ModelF32FMA, ModelAccumulate}
	case TensorDataTypeFloat16:
		return []ComputeModel{ModelExact, ModelF32MulAdd, ModelF32FMA, ModelAccumulate, ModelF32ThenF16, ModelF16Math}
	}
	return nil
}

// ParseComputeModel returns the model of that name for type t, or an error
// naming the models t has.
func ParseComputeModel(t TensorDataType, name string) (ComputeModel, error) {
	for _, m := range ComputeModels(t) {
		if string(m) == name {
			return m, nil
		}
	}
	if len(ComputeModels(t)) == 0 {
		return "", argError("the compute model", name, "compute models are ways of computing FLOAT32 and FLOAT16 elements; %v has none (its elements are exact everywhere)", t)
	}
	return "", argError("the compute model", name, "%v has %v", t, ComputeModels(t))
}

// A modelState computes a model's elements in index order (accumulate needs
// the one before).
type modelState struct {
	m       ComputeModel
	t       TensorDataType
	s, d    float64 // start and delta, widened exactly
	sb      uint64  // start's bits
	exact   *kernel.Seq
	next    uint64 // accumulate: the index v holds
	v       uint64 // accumulate: its bits
	started bool
}

func newModelState(m ComputeModel, t TensorDataType, start, delta uint64) *modelState {
	ms := &modelState{m: m, t: t, sb: start}
	switch t {
	case TensorDataTypeFloat32:
		start, delta = start&0xFFFFFFFF, delta&0xFFFFFFFF
		ms.sb = start
		ms.s, ms.d = float64(math.Float32frombits(uint32(start))), float64(math.Float32frombits(uint32(delta)))
		ms.exact = kernel.New(kernel.Float32, 4, start, delta, 0)
	case TensorDataTypeFloat16:
		start, delta = start&0xFFFF, delta&0xFFFF
		ms.sb = start
		ms.s, ms.d = half(start), half(delta)
		ms.exact = kernel.New(kernel.Float16, 2, start, delta, 0)
	}
	return ms
}

// half widens float16 bits to float64 (exact).
func half(b uint64) float64 {
	return float64(ScalarBits(b).Float16().Float32())
}

// out converts a model's float32 result to the element type's bits.
func (ms *modelState) out(f float32) uint64 {
	if ms.t == TensorDataTypeFloat16 {
		return uint64(kernel.F64ToF16(float64(f)))
	}
	return uint64(math.Float32bits(f))
}

// bits returns element i as the model computes it.
func (ms *modelState) bits(i uint64) uint64 {
	if i == 0 {
		return ms.sb
	}
	s32, d32 := float32(ms.s), float32(ms.d) // exact: float32 or float16 values
	switch ms.m {
	case ModelExact:
		return ms.exact.Bits(i)
	case ModelF32MulAdd:
		// Each operation rounded to float32; the conversion stops Go from
		// fusing the multiply and the add.
		p := float32(float32(i) * d32)
		return ms.out(float32(p + s32))
	case ModelF32FMA, ModelF32ThenF16:
		return ms.out(fma32(float32(i), d32, s32))
	case ModelF16Math:
		i16 := half(uint64(kernel.F64ToF16(float64(i))))
		p := half(uint64(kernel.F64ToF16(i16 * ms.d))) // exact product, rounded once
		return uint64(kernel.F64ToF16(p + ms.s))       // exact sum, rounded once
	}
	// ModelAccumulate: from the last element computed, or from the start.
	if !ms.started || i < ms.next {
		ms.v, ms.next, ms.started = ms.sb, 0, true
	}
	for ms.next < i {
		if ms.t == TensorDataTypeFloat16 {
			ms.v = uint64(kernel.F64ToF16(half(ms.v) + ms.d)) // exact sum, rounded once
		} else {
			ms.v = uint64(math.Float32bits(math.Float32frombits(uint32(ms.v)) + d32))
		}
		ms.next++
	}
	return ms.v
}

// window puts elements [from, from+len(dst)) in dst: the model's switch
// taken once, not per element (accumulate must be asked in index order to
// stay cheap).
func (ms *modelState) window(from uint64, dst []uint64) {
	i := from
	if i == 0 && len(dst) > 0 {
		dst[0] = ms.sb
		dst, i = dst[1:], 1
	}
	s32, d32 := float32(ms.s), float32(ms.d)
	switch ms.m {
	case ModelF32MulAdd:
		for k := range dst {
			p := float32(float32(i+uint64(k)) * d32)
			dst[k] = ms.out(float32(p + s32))
		}
	case ModelF32FMA, ModelF32ThenF16:
		for k := range dst {
			dst[k] = ms.out(fma32(float32(i+uint64(k)), d32, s32))
		}
	default:
		for k := range dst {
			dst[k] = ms.bits(i + uint64(k))
		}
	}
}

// fma32 returns a*b + c rounded once to float32: the product is exact in
// float64, the sum exact as hi + lo (TwoSum), and rounding hi to odd when lo
// is not zero makes the one float32 rounding come out as the exact sum's.
func fma32(a, b, c float32) float32 {
	p, s := float64(float64(a)*float64(b)), float64(c) // exact; the conversion prevents fusion
	hi := p + s
	if math.IsInf(hi, 0) || math.IsNaN(hi) {
		return float32(hi)
	}
	bb := hi - p
	lo := (p - (hi - bb)) + (s - bb)
	if lo != 0 && math.Float64bits(hi)&1 == 0 {
		hi = math.Nextafter(hi, math.Inf(int(math.Copysign(1, lo))))
	}
	return float32(hi)
}

// A ModelSeq produces the elements of one fill as a ComputeModel computes
// them. It keeps the last element it computed, so that accumulate costs one
// addition an element in index order.
type ModelSeq struct{ ms *modelState }

// NewModelSeq returns the elements of the fill of type t with the given
// start and delta bits as model m computes them.
func NewModelSeq(m ComputeModel, t TensorDataType, start, delta uint64) (*ModelSeq, error) {
	if _, err := ParseComputeModel(t, string(m)); err != nil {
		return nil, err
	}
	return &ModelSeq{newModelState(m, t, start, delta)}, nil
}

// Bits returns the bits of element i.
func (s *ModelSeq) Bits(i uint64) uint64 { return s.ms.bits(i) }

// ModelBits returns the bits of elements [from, from+len(dst)) of the fill
// with the given start and delta bits as model m computes them, in dst.
func ModelBits(m ComputeModel, t TensorDataType, start, delta uint64, from uint64, dst []uint64) error {
	s, err := NewModelSeq(m, t, start, delta)
	if err != nil {
		return err
	}
	for k := range dst {
		dst[k] = s.Bits(from + uint64(k))
	}
	return nil
}

// ModelFit is how many of the elements checked a model explains.
type ModelFit struct {
	Model   ComputeModel
	Matches uint64
	// Evaluated is false where the model could not be followed (accumulate
	// over a buffer whose elements are not in index order).
	Evaluated bool
}

// Explained returns the models that explain every element checked.
func (r *CheckReport) Explained() []ComputeModel {
	var ms []ComputeModel
	for _, f := range r.Models {
		if f.Evaluated && f.Matches == r.Elements {
			ms = append(ms, f.Model)
		}
	}
	return ms
}

// String returns the model's name.
func (m ComputeModel) String() string { return string(m) }

var _ fmt.Stringer = ModelExact
