//go:build cgo

// Command capi is libdmlfill, the operator and its check for C, C++ and
// Python (ctypes), taking directml.h's own descriptor structs (dmlfill.h):
//
//	go build -buildmode=c-shared -o libdmlfill.so ./capi
//	go build -buildmode=c-archive -o libdmlfill.a ./capi
//
// Each exported function converts the C descriptor to the package dml's
// (reading no more of the caller's memory than the descriptor declares:
// at most 8 sizes and strides, as no valid tensor has more), validates it
// with Device.CreateOperator at the feature level given, and runs it on the
// caller's buffer, or checks the buffer with the package check's Reader. No
// Go pointer outlives a call, and no pointer of the caller's is kept. main
// does nothing: the package is a library.
package main

/*
#include "dmlfill.h"
void dmlfillSetError(const char* msg, size_t n);
*/
import "C"

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strings"
	"sync"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/textfmt"
)

func main() {} // (a library: c-shared and c-archive need a main package)

// The HRESULTs this library returns, as Windows defines them.
const (
	sOK         = C.HRESULT(0)
	eFail       = C.HRESULT(-0x7fffbffb) // 0x80004005
	eInvalidArg = C.HRESULT(-0x7ff8ffa9) // 0x80070057
)

// maxDims bounds the sizes and strides read from a descriptor: no valid
// tensor has more than 8 dimensions, so a larger DimensionCount is refused
// without reading its arrays.
const maxDims = 8

// setError records err as this thread's last error ("" for none) and
// returns the HRESULT for it.
func setError(err error) C.HRESULT {
	msg, hr := "", sOK
	if err != nil {
		msg, hr = err.Error(), eFail
		if errors.Is(err, dml.ErrInvalidArg) {
			hr = eInvalidArg
		}
	}
	p := (*C.char)(unsafe.Pointer(unsafe.StringData(msg)))
	C.dmlfillSetError(p, C.size_t(len(msg)))
	return hr
}

// recovered turns a panic, which no input should cause, into an error.
func recovered(hr *C.HRESULT) {
	if r := recover(); r != nil {
		*hr = setError(fmt.Errorf("dmlfill: internal error: %v", r))
	}
}

func invalid(field, value, reason string) error {
	return &dml.ArgError{Field: field, Value: value, Reason: reason}
}

// operatorDesc reads a DML_OPERATOR_DESC of FILL_VALUE_SEQUENCE.
func operatorDesc(desc *C.DML_OPERATOR_DESC, level C.DML_FEATURE_LEVEL) (*dml.FillValueSequenceOperatorDesc, error) {
	if desc == nil {
		return nil, fmt.Errorf("%w: the operator description is NULL", dml.ErrInvalidArg)
	}
	if t := dml.OperatorType(desc.Type); t != dml.OperatorTypeFillValueSequence {
		return nil, fmt.Errorf("%w: operator type %v is not supported", dml.ErrInvalidArg, t)
	}
	if desc.Desc == nil {
		return nil, invalid("DML_OPERATOR_DESC.Desc", "NULL", "it must point to a DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC")
	}
	return fillDesc((*C.DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC)(desc.Desc), level)
}

// fillDesc reads a DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC; a tensor that
// cannot be read (NULL, another tensor type, more than maxDims dimensions)
// gives the error CreateOperator gives first for it, or names the field.
func fillDesc(d *C.DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, level C.DML_FEATURE_LEVEL) (*dml.FillValueSequenceOperatorDesc, error) {
	if d == nil {
		return nil, fmt.Errorf("%w: the operator description is NULL", dml.ErrInvalidArg)
	}
	g := &dml.FillValueSequenceOperatorDesc{
		ValueDataType: dml.TensorDataType(d.ValueDataType),
		ValueStart:    *(*dml.ScalarUnion)(unsafe.Pointer(&d.ValueStart)),
		ValueDelta:    *(*dml.ScalarUnion)(unsafe.Pointer(&d.ValueDelta)),
	}
	if d.OutputTensor == nil {
		return g, nil // (CreateOperator names it)
	}
	if t := d.OutputTensor.Type; t != C.DML_TENSOR_TYPE_BUFFER {
		return nil, invalid("OutputTensor.Type", fmt.Sprint(uint32(t)), "the operator takes a DML_TENSOR_TYPE_BUFFER (1) tensor")
	}
	b := (*C.DML_BUFFER_TENSOR_DESC)(d.OutputTensor.Desc)
	if b == nil {
		return nil, invalid("OutputTensor.Desc", "NULL", "it must point to a DML_BUFFER_TENSOR_DESC")
	}
	t := &dml.BufferTensorDesc{
		DataType:                      dml.TensorDataType(b.DataType),
		Flags:                         dml.TensorFlags(b.Flags),
		TotalTensorSizeInBytes:        uint64(b.TotalTensorSizeInBytes),
		GuaranteedBaseOffsetAlignment: uint32(b.GuaranteedBaseOffsetAlignment),
	}
	g.OutputTensor = t
	n := uint32(b.DimensionCount)
	if n > maxDims {
		// Not read: CreateOperator's verdict on a tensor of maxDims+1
		// dimensions, its count put right (the checks before the count
		// read no sizes).
		t.Sizes = []uint32{1, 1, 1, 1, 1, 1, 1, 1, 1}
		_, err := dml.NewDevice(dml.FeatureLevel(level)).CreateOperator(g)
		var ae *dml.ArgError
		if errors.As(err, &ae) && ae.Field == "OutputTensor.DimensionCount" {
			return nil, invalid(ae.Field, fmt.Sprint(n), ae.Reason)
		}
		return nil, err
	}
	if n > 0 && b.Sizes == nil {
		return nil, invalid("OutputTensor.Sizes", "NULL", fmt.Sprintf("DimensionCount is %d", n))
	}
	t.Sizes, t.Strides = uints(b.Sizes, n), uints(b.Strides, n)
	return g, nil
}

// uints copies the n UINTs at p (NULL: nil; the caller has bounded n).
func uints(p *C.UINT, n uint32) []uint32 {
	if p == nil {
		return nil
	}
	out := make([]uint32, n)
	for i, v := range unsafe.Slice(p, n) {
		out[i] = uint32(v)
	}
	return out
}

// buffer is the caller's bufferSize bytes at p as a slice (at most
// math.MaxInt of them: no valid tensor spans more than 2^62), refused
// before any use where p + bufferSize passes 2^64.
func buffer(p unsafe.Pointer, size C.UINT64) ([]byte, error) {
	if p == nil {
		return nil, invalid("buffer", "NULL", "it must point to the output buffer")
	}
	n := uint64(size)
	if end := uint64(uintptr(p)) + n; end < n {
		return nil, invalid("bufferSize", fmt.Sprint(n), fmt.Sprintf("a buffer at %#x of that size would end past 2^64", uintptr(p)))
	}
	if n > math.MaxInt {
		n = math.MaxInt
	}
	return unsafe.Slice((*byte)(p), int(n)), nil
}

func fill(g *dml.FillValueSequenceOperatorDesc, level C.DML_FEATURE_LEVEL, p unsafe.Pointer, size C.UINT64) error {
	op, err := dml.NewDevice(dml.FeatureLevel(level)).CreateOperator(g)
	if err != nil {
		return err
	}
	buf, err := buffer(p, size)
	if err != nil {
		return err
	}
	return op.Execute(buf)
}

// dmlfillGoFill is DmlFillValueSequence (entry.c calls it).
//
//export dmlfillGoFill
func dmlfillGoFill(desc *C.DML_OPERATOR_DESC, level C.DML_FEATURE_LEVEL, buf unsafe.Pointer, size C.UINT64) (hr C.HRESULT) {
	defer recovered(&hr)
	g, err := operatorDesc(desc, level)
	if err == nil {
		err = fill(g, level, buf, size)
	}
	return setError(err)
}

// dmlfillGoFillDesc is DmlFillValueSequenceDesc (entry.c calls it).
//
//export dmlfillGoFillDesc
func dmlfillGoFillDesc(desc *C.DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, level C.DML_FEATURE_LEVEL, buf unsafe.Pointer, size C.UINT64) (hr C.HRESULT) {
	defer recovered(&hr)
	g, err := fillDesc(desc, level)
	if err == nil {
		err = fill(g, level, buf, size)
	}
	return setError(err)
}

// dmlfillGoCalcSize is DmlCalcBufferTensorSize (entry.c calls it).
//
//export dmlfillGoCalcSize
func dmlfillGoCalcSize(dataType C.DML_TENSOR_DATA_TYPE, dimensionCount C.UINT, sizes, strides *C.UINT) (n C.UINT64) {
	defer func() {
		if recover() != nil {
			n = 0
		}
	}()
	if sizes == nil || dimensionCount == 0 || dimensionCount > maxDims {
		return 0
	}
	return C.UINT64(dml.CalcBufferTensorSize(dml.TensorDataType(dataType), uints(sizes, uint32(dimensionCount)), uints(strides, uint32(dimensionCount))))
}

// version is dml.Version as a C string, made once and never freed
// (DmlFillVersion returns it).
var version = sync.OnceValue(func() *C.char { return C.CString(dml.Version) })

// dmlfillGoVersion is DmlFillVersion (entry.c calls it).
//
//export dmlfillGoVersion
func dmlfillGoVersion() *C.char { return version() }

// dmlfillGoParseScalar is DmlParseScalar (entry.c calls it): text read by
// dml.ParseScalar, as dmlfill reads -start and -delta, into *value, the
// value's bytes and zeros above them (nothing written on an error).
//
//export dmlfillGoParseScalar
func dmlfillGoParseScalar(dataType C.DML_TENSOR_DATA_TYPE, text *C.char, value *C.DML_SCALAR_UNION) (hr C.HRESULT) {
	defer recovered(&hr)
	if text == nil {
		return setError(invalid("text", "NULL", "it must point to a NUL-terminated string"))
	}
	if value == nil {
		return setError(invalid("value", "NULL", "it must point to a DML_SCALAR_UNION"))
	}
	t := dml.TensorDataType(dataType)
	s, err := dml.ParseScalar(t, C.GoString(text))
	if err != nil {
		return setError(err)
	}
	clear(s[t.ElementSize():]) // (a negative integer's sign reaches byte 7)
	*(*dml.ScalarUnion)(unsafe.Pointer(value)) = s
	return setError(nil)
}

// modelNames are C copies of the compute models' names, made once and
// never freed (DMLFILL_MODEL_FIT.Name points at them).
var modelNames = map[string]*C.char{}

func modelName(m string) *C.char {
	// Called with checkMu held.
	p, ok := modelNames[m]
	if !ok {
		p = C.CString(string(m))
		modelNames[m] = p
	}
	return p
}

// dmlfillGoCheck is DmlCheckFillValueSequence (entry.c calls it).
//
//export dmlfillGoCheck
func dmlfillGoCheck(desc *C.DML_OPERATOR_DESC, level C.DML_FEATURE_LEVEL, buf unsafe.Pointer, size C.UINT64,
	options *C.DMLFILL_CHECK_OPTIONS, report *C.DMLFILL_CHECK_REPORT) (hr C.HRESULT) {
	defer recovered(&hr)
	if report == nil {
		return setError(invalid("report", "NULL", "it must point to a DMLFILL_CHECK_REPORT"))
	}
	sum, err := checkBuffer(desc, level, buf, size, options)
	if err != nil {
		return setError(err)
	}
	fillReport(report, sum)
	return setError(nil)
}

// dmlfillGoCheckReport is DmlCheckFillValueSequenceReport (entry.c calls
// it, having set *text and *json to NULL).
//
//export dmlfillGoCheckReport
func dmlfillGoCheckReport(desc *C.DML_OPERATOR_DESC, level C.DML_FEATURE_LEVEL, buf unsafe.Pointer, size C.UINT64,
	options *C.DMLFILL_CHECK_OPTIONS, report *C.DMLFILL_CHECK_REPORT, text, json **C.char) (hr C.HRESULT) {
	defer recovered(&hr)
	sum, err := checkBuffer(desc, level, buf, size, options)
	if err != nil {
		return setError(err)
	}
	var t, j bytes.Buffer
	if err := sum.WriteText(&t); err != nil {
		return setError(err)
	}
	if err := sum.WriteJSON(&j); err != nil {
		return setError(err)
	}
	if report != nil {
		fillReport(report, sum)
	}
	if text != nil {
		*text = C.CString(t.String())
	}
	if json != nil {
		*json = C.CString(j.String())
	}
	return setError(nil)
}

// checkBuffer is the check of DmlCheckFillValueSequence and
// DmlCheckFillValueSequenceReport: the buffer against the exact result of
// desc under options, its verdict.
func checkBuffer(desc *C.DML_OPERATOR_DESC, level C.DML_FEATURE_LEVEL, buf unsafe.Pointer, size C.UINT64,
	options *C.DMLFILL_CHECK_OPTIONS) (*check.Summary, error) {
	g, err := operatorDesc(desc, level)
	if err != nil {
		return nil, err
	}
	b, err := buffer(buf, size)
	if err != nil {
		return nil, err
	}
	opts, name, err := checkOptions(g, options)
	if err != nil {
		return nil, err
	}
	// check.Reader validates the descriptor (once: it is the only
	// validation here) before it reads; a buffer short of the tensor's
	// bytes (TotalTensorSizeInBytes, or Packed the elements') ends in an
	// error of its own.
	var data io.Reader = bytes.NewReader(b)
	if t := g.OutputTensor; t != nil {
		total, what := t.TotalTensorSizeInBytes, "the tensor's buffer is %d bytes (TotalTensorSizeInBytes)"
		if !opts.Buffer {
			total, what = packedBytes(t), "the tensor's elements, packed, are %d bytes"
		}
		if uint64(len(b)) < total {
			data = io.MultiReader(data, errReader{invalid("bufferSize", fmt.Sprint(uint64(size)), fmt.Sprintf(what, total))})
		} else {
			data = bytes.NewReader(b[:total])
		}
	}
	rep, err := check.Reader(dml.NewDevice(dml.FeatureLevel(level)), g, data, opts)
	if err != nil {
		return nil, err
	}
	return rep.Summary(name, "the exact result"), nil
}

// packedBytes is the bytes of t's elements packed (saturated at 2^64-1,
// where check.Reader refuses the tensor).
func packedBytes(t *dml.BufferTensorDesc) uint64 {
	n := uint64(t.DataType.ElementSize())
	for _, s := range t.Sizes {
		hi, lo := bits.Mul64(n, uint64(s))
		if hi != 0 {
			return math.MaxUint64
		}
		n = lo
	}
	return n
}

// checkOptions reads DMLFILL_CHECK_OPTIONS (NULL: bit for bit, the whole
// buffer, padding unchecked) for the fill g: the check's options and the
// data's name.
func checkOptions(g *dml.FillValueSequenceOperatorDesc, o *C.DMLFILL_CHECK_OPTIONS) (check.Options, string, error) {
	opts, name := check.Options{Buffer: true}, "the buffer"
	if o == nil {
		return opts, name, nil
	}
	opts.ULP = uint64(o.UlpTolerance)
	opts.BitExact = o.BitExact != 0
	opts.Buffer = o.Packed == 0
	if o.CheckPadding != 0 {
		if !opts.Buffer {
			return opts, name, invalid("CheckPadding", fmt.Sprint(int32(o.CheckPadding)), "a packed buffer (Packed) has no padding")
		}
		v := byte(o.PaddingValue)
		opts.Padding = &v
	}
	if o.Name != nil {
		// The texts are UTF-8: bytes that are not (a Latin-1 file name)
		// are U+FFFD in the text as the JSON writes them.
		name = strings.ToValidUTF8(C.GoString(o.Name), "\uFFFD")
	}
	if o.WrittenStart == nil && o.WrittenDelta == nil {
		return opts, name, nil
	}
	t := g.ValueDataType
	w := &check.Written{Start: widened(t, g.ValueStart), Delta: widened(t, g.ValueDelta)}
	var err error
	if o.WrittenStart != nil {
		w.Start, err = written("WrittenStart", "ValueStart", t, C.GoString(o.WrittenStart), g.ValueStart)
	}
	if err == nil && o.WrittenDelta != nil {
		w.Delta, err = written("WrittenDelta", "ValueDelta", t, C.GoString(o.WrittenDelta), g.ValueDelta)
	}
	opts.Written = w
	return opts, name, err
}

// written reads text, the field's, as dmlfill's -start reads it
// (dml.ParseScalarValue): the value written, which must be the scalar's
// (the descriptor's field of that name) once rounded to t.
func written(field, scalar string, t dml.TensorDataType, text string, want dml.ScalarUnion) (float64, error) {
	s, v, err := dml.ParseScalarValue(t, text)
	if err != nil {
		return 0, invalid(field, fmt.Sprintf("%q", text), strings.TrimPrefix(err.Error(), "dml: invalid argument: "))
	}
	got, w := s.BitsOf(t), want.BitsOf(t)
	if got != w && !(isNaN(t, got) && isNaN(t, w)) {
		return 0, invalid(field, fmt.Sprintf("%q", text), fmt.Sprintf("it reads as %s (%#x), not %s's %s (%#x)", textfmt.Value(t, got), got, scalar, textfmt.Value(t, w), w))
	}
	return v, nil
}

// widened is a scalar's value of type t as a float64 (exact; 0 for types
// without one the models take).
func widened(t dml.TensorDataType, s dml.ScalarUnion) float64 {
	switch t {
	case dml.TensorDataTypeFloat32:
		return float64(s.Float32())
	case dml.TensorDataTypeFloat16:
		return float64(s.Float16().Float32())
	}
	return 0
}

// isNaN reports whether bits of float type t are a NaN.
func isNaN(t dml.TensorDataType, b uint64) bool {
	switch t {
	case dml.TensorDataTypeFloat32:
		return b&0x7F800000 == 0x7F800000 && b&0x7FFFFF != 0
	case dml.TensorDataTypeFloat16:
		return b&0x7C00 == 0x7C00 && b&0x3FF != 0
	}
	return false
}

// errReader returns its error from every Read.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

var checkMu sync.Mutex // guards modelNames

// fillReport sets c to the verdict s: the counts, the worst element, the
// padding, and the fits, those that explain every element first, as many
// as c has slots for.
func fillReport(c *C.DMLFILL_CHECK_REPORT, s *check.Summary) {
	*c = C.DMLFILL_CHECK_REPORT{}
	c.Passed = cbool(s.OK)
	c.Elements, c.Exact, c.Within = C.UINT64(s.Elements), C.UINT64(s.Exact), C.UINT64(s.Within)
	for i, h := range s.Histogram {
		c.Histogram[i] = C.UINT64(h)
	}
	if w := s.Worst; w != nil {
		c.HasWorst = 1
		c.WorstIndex, c.WorstOffset = C.UINT64(w.Index), C.UINT64(w.Offset)
		c.WorstGot, c.WorstWant, c.WorstUlp = C.UINT64(w.Got), C.UINT64(w.Want), C.UINT64(w.ULP)
	}
	if p := s.Padding; p != nil {
		c.PaddingBytes, c.BadPadding, c.FirstBadPadding = C.UINT64(p.Bytes), C.UINT64(p.Bad), C.UINT64(p.FirstBad)
	}
	fits := append([]check.ModelFit(nil), s.Explained...)
	for _, f := range s.Fits {
		if !(f.Evaluated && f.Matches == s.Elements) {
			fits = append(fits, f)
		}
	}
	checkMu.Lock()
	defer checkMu.Unlock()
	for _, f := range fits {
		if int(c.ModelCount) == len(c.Models) {
			c.ModelsLeftOut++
			continue
		}
		c.Models[c.ModelCount] = C.DMLFILL_MODEL_FIT{
			Name:      modelName(f.Name()),
			Matches:   C.UINT64(f.Matches),
			Evaluated: cbool(f.Evaluated),
			Explains:  cbool(f.Evaluated && f.Matches == s.Elements),
			Parts:     C.UINT64(f.Parts),
			PartLen:   C.UINT64(f.PartLen),
		}
		c.ModelCount++
	}
}

func cbool(b bool) C.BOOL {
	if b {
		return 1
	}
	return 0
}
