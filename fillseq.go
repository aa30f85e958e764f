package dml

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/dmlgo/dml/internal/kernel"
	"github.com/dmlgo/dml/internal/workers"
)

// FillValueSequenceOperatorDesc is DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC: fill
// OutputTensor with ValueStart + elementIndex*ValueDelta, where elementIndex is
// the flat row-major index over OutputTensor.Sizes.
//
// Element 0 is ValueStart's bits. For integer types, element i is
// ValueStart + i*ValueDelta modulo 2^bits. For FLOAT32 and FLOAT16 it is the
// exact value ValueStart + i*ValueDelta rounded once into the type, to
// nearest with ties to even (overflow gives an infinity, subnormals are
// kept). A NaN start or delta gives a quiet NaN (start's payload first, then
// delta's); an infinite delta gives that infinity, or the default NaN when
// start is the opposite infinity; an infinite start with a finite delta stays
// that infinity; an exact zero is +0, except that -0 + i*(-0) is -0.
type FillValueSequenceOperatorDesc struct {
	OutputTensor  *BufferTensorDesc
	ValueDataType TensorDataType
	ValueStart    ScalarUnion
	ValueDelta    ScalarUnion
}

// OperatorType returns OperatorTypeFillValueSequence.
func (*FillValueSequenceOperatorDesc) OperatorType() OperatorType {
	return OperatorTypeFillValueSequence
}

// maxBytes bounds the bytes a tensor may span: 2^62, so that the exact
// aliasing search works in signed 64-bit integers.
const maxBytes = 1 << 62

// fillValueSequence is the planned operator.
type fillValueSequence struct {
	seq     *kernel.Filler
	sizes   []uint32 // the tensor's sizes, as given
	es      uint64   // element size
	dims    []dim    // memory order, largest stride first; never empty
	extent  []uint64
	last    uint64 // element offset of the last element
	total   uint64
	align   uint64
	workers int
}

func newFillValueSequence(d *Device, desc *FillValueSequenceOperatorDesc) (*fillValueSequence, error) {
	if d.level < FeatureLevel2_1 {
		return nil, argError("FeatureLevel", d.level, "DML_OPERATOR_FILL_VALUE_SEQUENCE needs DML_FEATURE_LEVEL_2_1 or above")
	}
	t := desc.OutputTensor
	if t == nil {
		return nil, argError("OutputTensor", "nil", "the operator needs an output tensor")
	}
	dt := t.DataType
	if desc.ValueDataType != dt {
		return nil, argError("ValueDataType", desc.ValueDataType, "it must match OutputTensor.DataType (%v)", dt)
	}
	if err := checkFillDataType(d, dt); err != nil {
		return nil, err
	}
	n := len(t.Sizes)
	if d.level < FeatureLevel4_0 {
		if n != 4 {
			return nil, argError("OutputTensor.DimensionCount", n, "the device is at %v, where the operator takes exactly 4 dimensions (1 to 8 from 4_0)", d.level)
		}
	} else if n < 1 || n > 8 {
		return nil, argError("OutputTensor.DimensionCount", n, "it must be 1 to 8")
	}
	for i, s := range t.Sizes {
		if s == 0 {
			return nil, argError(fmt.Sprintf("OutputTensor.Sizes[%d]", i), 0, "sizes must be at least 1")
		}
	}
	if c := elementCount(t.Sizes); c > MaxElements {
		return nil, argError("OutputTensor.Sizes", fmt.Sprint(t.Sizes), "that is %s elements; a tensor holds at most 4294967295", countText(c))
	}
	if t.Strides != nil && len(t.Strides) != n {
		return nil, argError("OutputTensor.Strides", fmt.Sprint(t.Strides), "it has %d strides for %d dimensions", len(t.Strides), n)
	}
	if t.Flags != TensorFlagNone {
		return nil, argError("OutputTensor.Flags", t.Flags, "an output tensor takes no flags (OWNED_BY_DML is for inputs only)")
	}
	es := uint64(dt.ElementSize())
	if a := uint64(t.GuaranteedBaseOffsetAlignment); a != 0 && (a&(a-1) != 0 || a < es) {
		return nil, argError("OutputTensor.GuaranteedBaseOffsetAlignment", a, "it must be 0, or a power of two no less than the element size (%d)", es)
	}
	need, ok := bufferTensorSize(dt, t.Sizes, t.Strides)
	if !ok || need > maxBytes {
		return nil, argError("OutputTensor.Strides", fmt.Sprint(t.Strides), "the tensor would span more than 2^62 bytes")
	}
	if t.TotalTensorSizeInBytes < need {
		return nil, argError("OutputTensor.TotalTensorSizeInBytes", t.TotalTensorSizeInBytes, "the tensor needs at least %d (DMLCalcBufferTensorSize)", need)
	}
	ds := layoutDims(t.Sizes, t.Strides)
	switch alias, decided := aliasing(ds); {
	case !decided:
		return nil, argError("OutputTensor.Strides", fmt.Sprint(t.Strides),
			"the exact check that no two elements share an address gave up after %d candidate sums (irregular strides); such layouts are refused", aliasSteps)
	case alias:
		return nil, argError("OutputTensor.Strides", fmt.Sprint(t.Strides), "two elements would share an address")
	}
	if len(ds) == 0 {
		ds = []dim{{N: 1, Stride: 1, Weight: 1}}
	}
	op := &fillValueSequence{
		seq:     kernel.NewFiller(kindOf(dt), int(es), desc.ValueStart.Bits(), desc.ValueDelta.Bits(), elementCount(t.Sizes)),
		sizes:   append([]uint32(nil), t.Sizes...),
		es:      es,
		dims:    ds,
		extent:  make([]uint64, len(ds)+1),
		total:   t.TotalTensorSizeInBytes,
		align:   uint64(t.GuaranteedBaseOffsetAlignment),
		workers: int(d.workers.Load()),
	}
	for k := len(ds) - 1; k >= 0; k-- {
		op.extent[k] = op.extent[k+1] + (ds[k].N-1)*ds[k].Stride
	}
	op.last = op.extent[0]
	return op, nil
}

// checkFillDataType refuses an output data type the operator does not take,
// or one the device's feature level does not have yet (64-bit integers
// from 5_0).
func checkFillDataType(d *Device, dt TensorDataType) error {
	switch dt {
	case TensorDataTypeFloat32, TensorDataTypeFloat16, TensorDataTypeUint32, TensorDataTypeUint16,
		TensorDataTypeUint8, TensorDataTypeInt32, TensorDataTypeInt16, TensorDataTypeInt8:
	case TensorDataTypeUint64, TensorDataTypeInt64:
		if d.level < FeatureLevel5_0 {
			return argError("OutputTensor.DataType", dt, "it needs DML_FEATURE_LEVEL_5_0 or above; the device is at %v", d.level)
		}
	default:
		return argError("OutputTensor.DataType", dt, "DML_OPERATOR_FILL_VALUE_SEQUENCE does not support it")
	}
	return nil
}

func kindOf(dt TensorDataType) kernel.Kind {
	switch dt {
	case TensorDataTypeFloat32:
		return kernel.Float32
	case TensorDataTypeFloat16:
		return kernel.Float16
	case TensorDataTypeFloat64:
		return kernel.Float64
	}
	return kernel.Int
}

func countText(c uint64) string {
	if c == math.MaxUint64 {
		return "more than 2^64"
	}
	return fmt.Sprint(c)
}

func (op *fillValueSequence) Execute(output []byte) error {
	if uint64(len(output)) < op.total {
		return argError("the output buffer's length", len(output), "OutputTensor.TotalTensorSizeInBytes is %d", op.total)
	}
	if op.align != 0 {
		if p := uint64(uintptr(unsafe.Pointer(unsafe.SliceData(output)))); p%op.align != 0 {
			return argError("the output buffer's address", fmt.Sprintf("%#x", p), "OutputTensor.GuaranteedBaseOffsetAlignment promises a multiple of %d", op.align)
		}
	}
	op.run(output, 0)
	return nil
}

func (op *fillValueSequence) ExecuteWindow(window []byte, off uint64) error {
	if off%op.es != 0 {
		return argError("the window's offset", off, "it must be a multiple of the element size (%d)", op.es)
	}
	if off > math.MaxUint64-uint64(len(window)) {
		return argError("the window's offset", off, "the window would end past 2^64")
	}
	op.run(window, off)
	return nil
}

// run writes the elements that lie wholly in window, which starts at byte off
// of the output buffer, splitting the work into windows of its own.
func (op *fillValueSequence) run(window []byte, off uint64) {
	w0 := off / op.es
	w1 := min((off+uint64(len(window)))/op.es, op.last+1)
	if w0 >= w1 {
		return
	}
	if w := workers.For(w1-w0, op.es, op.workers); w > 1 {
		workers.Split(w1-w0, op.es, w, func(a, b uint64) { op.walk(window, off, w0+a, w0+b) })
		return
	}
	op.walk(window, off, w0, w1)
}

// walk writes the elements whose offsets lie in [w0, w1) (in elements) to
// window, which starts at byte off. It visits, largest stride first, only the
// blocks that reach into the range, so a packed or padded layout costs one
// step per contiguous run.
func (op *fillValueSequence) walk(window []byte, off, w0, w1 uint64) {
	op.visit(0, 0, 0, window, off, w0, w1)
}

// blocks returns the range of c for which dimension k's block at
// base + c*stride (spanning extent[k+1] more elements) meets [w0, w1).
func (op *fillValueSequence) blocks(k int, base, w0, w1 uint64) (c0, c1 uint64, ok bool) {
	d := op.dims[k]
	if w0 <= base && base+op.extent[k] < w1 {
		return 0, d.N - 1, true // all of it: no division needed
	}
	ext := op.extent[k+1]
	if w0 > base+ext {
		c0 = (w0 - base - ext + d.Stride - 1) / d.Stride
	}
	if w1-1 < base {
		return 0, 0, false
	}
	c1 = min(d.N-1, (w1-1-base)/d.Stride)
	return c0, c1, c0 <= c1
}

func (op *fillValueSequence) visit(k int, base, index uint64, window []byte, off, w0, w1 uint64) {
	c0, c1, ok := op.blocks(k, base, w0, w1)
	if !ok {
		return
	}
	d := op.dims[k]
	if inner := len(op.dims) - 1; k == inner-1 && op.dims[inner].Stride == 1 {
		// Rows of contiguous elements: the rows that lie wholly in the
		// window go to the kernel together, the others one by one.
		row := op.dims[inner]
		full := c1 + 1 // the last row wholly inside, plus one
		if w1 >= base+row.N {
			full = min(full, (w1-base-row.N)/d.Stride+1)
		} else {
			full = c0
		}
		for c := c0; c <= c1; c++ {
			if rb := base + c*d.Stride; c < full && rb >= w0 {
				at := rb*op.es - off
				end := at + ((full-1-c)*d.Stride+row.N)*op.es // (the last row's end: no byte past it is handed on)
				op.seq.FillRowsLE(window[at:end:end], int(full-c), int(d.Stride*op.es), int(row.N),
					index+c*d.Weight, d.Weight, row.Weight)
				c = full - 1
				continue
			}
			op.visit(k+1, base+c*d.Stride, index+c*d.Weight, window, off, w0, w1)
		}
		return
	}
	if k < len(op.dims)-1 {
		for c := c0; c <= c1; c++ {
			op.visit(k+1, base+c*d.Stride, index+c*d.Weight, window, off, w0, w1)
		}
		return
	}
	// The innermost dimension: one run.
	at := (base+c0*d.Stride)*op.es - off
	count := c1 - c0 + 1
	i0 := index + c0*d.Weight
	if d.Stride == 1 {
		end := at + count*op.es
		op.seq.FillLE(window[at:end:end], i0, d.Weight)
	} else {
		end := at + ((count-1)*d.Stride+1)*op.es // (the last element's end)
		op.seq.FillStridedLE(window[at:end:end], int(count), int(d.Stride*op.es), i0, d.Weight)
	}
}
