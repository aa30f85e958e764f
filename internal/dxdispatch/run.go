package dxdispatch

import (
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"path/filepath"
	"strings"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/textfmt"
)

func uintptrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// parseDispatchable reads a FILL_VALUE_SEQUENCE dispatchable and creates its
// operator; any other type is an error that names it.
func (m *Model) parseDispatchable(raw json.RawMessage, where string, dev *dml.Device) (dml.Operator, *dml.FillValueSequenceOperatorDesc, error) {
	o, err := m.decodeObject(raw, where)
	if err != nil {
		return nil, nil, err
	}
	typ, err := o.str(where, "type", true)
	if err != nil {
		return nil, nil, err
	}
	if typ != "DML_OPERATOR_FILL_VALUE_SEQUENCE" && typ != "FILL_VALUE_SEQUENCE" {
		return nil, nil, errAt(join(where, "type"), "%q is not supported; dmlfill runs DML_OPERATOR_FILL_VALUE_SEQUENCE only", typ)
	}
	if err := m.only(o, where, "type", "desc", "Desc", "dmlCompileType", "executionFlags", "bindings"); err != nil {
		return nil, nil, err
	}
	if _, err := o.oneOf(where, "dmlCompileType", "DmlCompileOp", "DmlCompileGraph"); err != nil {
		return nil, nil, err // either compiles the one operator the same
	}
	if raw, ok := o["executionFlags"]; ok {
		if err := checkExecutionFlags(raw, join(where, "executionFlags")); err != nil {
			return nil, nil, err
		}
	}
	// DxDispatch looks for "Desc", then "desc" (the Guide's spelling).
	key := "Desc"
	descRaw, ok := o[key]
	if !ok {
		key = "desc"
		if descRaw, ok = o[key]; !ok {
			return nil, nil, errAt(join(where, "desc"), "missing")
		}
	}
	desc, err := m.parseDesc(descRaw, join(where, key))
	if err != nil {
		return nil, nil, err
	}
	op, err := dev.CreateOperator(desc)
	if err != nil {
		return nil, nil, &Error{Where: join(where, "desc"), Err: err}
	}
	return op, desc, nil
}

var executionFlags = []string{"NONE", "ALLOW_HALF_PRECISION_COMPUTATION", "DISABLE_META_COMMANDS", "DESCRIPTORS_VOLATILE"}

func checkExecutionFlags(raw json.RawMessage, where string) error {
	var flags []string
	if err := json.Unmarshal(raw, &flags); err != nil {
		var one string
		if json.Unmarshal(raw, &one) != nil {
			return errAt(where, "want an array of DML_EXECUTION_FLAG names, got %s", short(raw))
		}
		flags = []string{one}
	}
	for i, f := range flags {
		name := strings.TrimPrefix(f, "DML_EXECUTION_FLAG_")
		ok := false
		for _, k := range executionFlags {
			ok = ok || k == name
		}
		if !ok {
			return errAt(fmt.Sprintf("%s[%d]", where, i), "unknown execution flag %q", f)
		}
	}
	return nil // they change nothing on the CPU
}

// parseDesc reads DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC with DirectML's
// field names.
func (m *Model) parseDesc(raw json.RawMessage, where string) (*dml.FillValueSequenceOperatorDesc, error) {
	o, err := m.decodeObject(raw, where)
	if err != nil {
		return nil, err
	}
	if err := m.only(o, where, "OutputTensor", "ValueDataType", "ValueStart", "ValueDelta"); err != nil {
		return nil, err
	}
	for _, f := range []string{"OutputTensor", "ValueDataType", "ValueStart", "ValueDelta"} {
		if o[f] == nil {
			return nil, errAt(join(where, f), "missing")
		}
	}
	d := &dml.FillValueSequenceOperatorDesc{}
	if d.OutputTensor, err = m.parseTensor(o["OutputTensor"], join(where, "OutputTensor")); err != nil {
		return nil, err
	}
	if d.ValueDataType, err = dataType(o["ValueDataType"], join(where, "ValueDataType")); err != nil {
		return nil, err
	}
	if d.ValueDataType.ElementSize() == 0 {
		return nil, errAt(join(where, "ValueDataType"), "%v has no values", d.ValueDataType)
	}
	if d.ValueStart, err = m.parseScalarUnion(o["ValueStart"], d.ValueDataType, join(where, "ValueStart")); err != nil {
		return nil, err
	}
	if d.ValueDelta, err = m.parseScalarUnion(o["ValueDelta"], d.ValueDataType, join(where, "ValueDelta")); err != nil {
		return nil, err
	}
	return d, nil
}

// parseTensor reads a DML_TENSOR_DESC: the buffer desc itself, or
// {"Type": "DML_TENSOR_TYPE_BUFFER", "Desc": {...}}.
func (m *Model) parseTensor(raw json.RawMessage, where string) (*dml.BufferTensorDesc, error) {
	o, err := m.decodeObject(raw, where)
	if err != nil {
		return nil, err
	}
	if typ, err := o.str(where, "Type", false); err != nil {
		return nil, err
	} else if typ != "" && typ != "DML_TENSOR_TYPE_BUFFER" && typ != "BUFFER" {
		return nil, errAt(join(where, "Type"), "%q: only DML_TENSOR_TYPE_BUFFER tensors exist", typ)
	}
	if inner, ok := o["Desc"]; ok {
		if err := m.only(o, where, "Type", "Desc"); err != nil {
			return nil, err
		}
		where = join(where, "Desc")
		if o, err = m.decodeObject(inner, where); err != nil {
			return nil, err
		}
	}
	if err := m.only(o, where, "Type", "DataType", "Flags", "DimensionCount", "Sizes", "Strides", "TotalTensorSizeInBytes", "GuaranteedBaseOffsetAlignment"); err != nil {
		return nil, err
	}
	t := &dml.BufferTensorDesc{}
	if o["DataType"] == nil {
		return nil, errAt(join(where, "DataType"), "missing")
	}
	if t.DataType, err = dataType(o["DataType"], join(where, "DataType")); err != nil {
		return nil, err
	}
	if o["Sizes"] == nil {
		return nil, errAt(join(where, "Sizes"), "missing")
	}
	if t.Sizes, err = uintArray(o["Sizes"], join(where, "Sizes")); err != nil {
		return nil, err
	}
	if raw, ok := o["Strides"]; ok && strings.TrimSpace(string(raw)) != "null" {
		if t.Strides, err = uintArray(raw, join(where, "Strides")); err != nil {
			return nil, err
		}
	}
	if n, ok, err := o.uint(where, "DimensionCount", 32); err != nil {
		return nil, err
	} else if ok && n != uint64(len(t.Sizes)) {
		return nil, errAt(join(where, "DimensionCount"), "%d, but Sizes has %d entries", n, len(t.Sizes))
	}
	if raw, ok := o["Flags"]; ok {
		if t.Flags, err = parseFlags(raw, join(where, "Flags")); err != nil {
			return nil, err
		}
	}
	if t.TotalTensorSizeInBytes, _, err = o.uint(where, "TotalTensorSizeInBytes", 64); err != nil {
		return nil, err
	}
	if t.TotalTensorSizeInBytes == 0 { // DxDispatch: 0 or absent means computed
		t.TotalTensorSizeInBytes = dml.CalcBufferTensorSize(t.DataType, t.Sizes, t.Strides)
	}
	a, _, err := o.uint(where, "GuaranteedBaseOffsetAlignment", 32)
	if err != nil {
		return nil, err
	}
	t.GuaranteedBaseOffsetAlignment = uint32(a)
	return t, nil
}

func parseFlags(raw json.RawMessage, where string) (dml.TensorFlags, error) {
	if n, err := parseUintText(raw); err == nil {
		return dml.TensorFlags(n), nil
	}
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		var one string
		if json.Unmarshal(raw, &one) != nil {
			return 0, errAt(where, "want DML_TENSOR_FLAG names, got %s", short(raw))
		}
		names = []string{one}
	}
	var f dml.TensorFlags
	for i, n := range names {
		switch strings.TrimPrefix(n, "DML_TENSOR_FLAG_") {
		case "NONE":
		case "OWNED_BY_DML":
			f |= dml.TensorFlagOwnedByDML
		default:
			return 0, errAt(fmt.Sprintf("%s[%d]", where, i), "unknown tensor flag %q", n)
		}
	}
	return f, nil
}

func parseUintText(raw json.RawMessage) (uint64, error) {
	var n uint32
	err := json.Unmarshal(raw, &n)
	return uint64(n), err
}

// parseCommand reads a dispatch, print or writeFile command (the type in
// any letter case, as DxDispatch compares it) and finds what it names.
func (m *Model) parseCommand(raw json.RawMessage, where string) (command, error) {
	c := command{where: where}
	o, err := m.decodeObject(raw, where)
	if err != nil {
		return c, err
	}
	if c.kind, err = o.str(where, "type", true); err != nil {
		return c, err
	}
	// DxDispatch compares command types in any letter case (_stricmp).
	for _, k := range []string{"dispatch", "print", "writeFile"} {
		if strings.EqualFold(c.kind, k) {
			c.kind = k
		}
	}
	switch c.kind {
	case "dispatch":
		err = m.parseDispatch(&c, o, where)
		return c, err
	case "print":
		if err := m.only(o, where, "type", "resource", "verbose"); err != nil {
			return c, err
		}
		if raw, ok := o["verbose"]; ok && json.Unmarshal(raw, &c.verbose) != nil {
			return c, errAt(join(where, "verbose"), "want true or false, got %s", short(raw))
		}
		c.res, err = m.resourceField(o, where)
		return c, err
	case "writeFile":
		err = m.parseWriteFile(&c, o, where)
		return c, err
	}
	return c, errAt(join(where, "type"), "unknown command %q; want dispatch, print or writeFile", c.kind)
}

// resourceField finds the resource a print or writeFile command names.
func (m *Model) resourceField(o object, where string) (*resource, error) {
	name, err := o.str(where, "resource", true)
	if err != nil {
		return nil, err
	}
	r := m.resources[name]
	if r == nil {
		return nil, errAt(join(where, "resource"), "no resource named %q", name)
	}
	return r, nil
}

// parseDispatch reads a dispatch command into c: the dispatchable it runs
// and the binding of its output, which must hold the tensor at its
// alignment.
func (m *Model) parseDispatch(c *command, o object, where string) error {
	if err := m.only(o, where, "type", "dispatchable", "bindings", "threadGroupCount"); err != nil {
		return err
	}
	var err error
	if c.opName, err = o.str(where, "dispatchable", true); err != nil {
		return err
	}
	if c.op = m.ops[c.opName]; c.op == nil {
		return errAt(join(where, "dispatchable"), "no dispatchable named %q", c.opName)
	}
	if o["bindings"] == nil {
		return errAt(join(where, "bindings"), "missing")
	}
	t := m.descs[c.opName].OutputTensor
	c.output, err = m.parseBindings(o["bindings"], join(where, "bindings"), t.TotalTensorSizeInBytes)
	if a := uint64(t.GuaranteedBaseOffsetAlignment); err == nil && a != 0 && c.output.offset%a != 0 {
		// Checked here, before the first command (a resource starts at
		// a multiple of 4096): at the dispatch, a writeFile before it
		// would have written already.
		return errAt(join(where, "bindings"), "the OutputTensor starts at byte %d of resource %q, not a multiple of its GuaranteedBaseOffsetAlignment (%d)",
			c.output.offset, c.output.resource.name, a)
	}
	return err
}

// parseWriteFile reads a writeFile command into c: the resource, the file
// it goes to (inside the output folder, not an image), and the dimensions
// a .npy file gives it, which the resource must hold.
func (m *Model) parseWriteFile(c *command, o object, where string) error {
	if err := m.only(o, where, "type", "resource", "targetPath", "dimensions"); err != nil {
		return err
	}
	var err error
	if c.res, err = m.resourceField(o, where); err != nil {
		return err
	}
	if c.targetPath, err = o.str(where, "targetPath", true); err != nil {
		return err
	}
	if c.targetPath == "" {
		return errAt(join(where, "targetPath"), "empty")
	}
	if ext := strings.ToLower(filepath.Ext(c.targetPath)); ext == ".png" || ext == ".jpg" {
		return errAt(join(where, "targetPath"), "%q: writing a buffer as an image (%s) is a DxDispatch feature dmlfill does not have; write .npy or raw bytes", c.targetPath, ext)
	}
	if c.targetPath, err = m.outputPath(c.targetPath, join(where, "targetPath")); err != nil {
		return err
	}
	if raw, ok := o["dimensions"]; ok {
		return c.parseDimensions(raw, where)
	}
	return nil
}

// parseDimensions reads a writeFile's dimensions into c: at most
// npyMaxDims for a .npy file, and no more bytes than the resource holds.
func (c *command) parseDimensions(raw json.RawMessage, where string) error {
	dims, err := uintArray(raw, join(where, "dimensions"))
	if err != nil {
		return err
	}
	if len(dims) > npyMaxDims && strings.EqualFold(filepath.Ext(c.targetPath), ".npy") {
		return errAt(join(where, "dimensions"), "%d dimensions; a .npy file NumPy reads has at most %d (32 before NumPy 2.0)", len(dims), npyMaxDims)
	}
	n := uint64(c.res.dataType.ElementSize())
	for _, d := range dims {
		c.dimensions = append(c.dimensions, uint64(d))
		hi, lo := bits.Mul64(n, uint64(d))
		if hi != 0 {
			return errAt(join(where, "dimensions"), "%v is more than 2^64 bytes of %v", dims, c.res.dataType)
		}
		n = lo
	}
	if n > uint64(len(c.res.data)) {
		return errAt(join(where, "dimensions"), "%v is %d bytes of %v, but resource %q has %d", dims, n, c.res.dataType, c.res.name, len(c.res.data))
	}
	return nil
}

// parseBindings reads {"OutputTensor": binding}, where a binding is a
// resource name, {"name": ..., "elementOffset": ..., ...} or an array of one
// of those, and checks that the bound range holds the tensor.
func (m *Model) parseBindings(raw json.RawMessage, where string, need uint64) (binding, error) {
	var b binding
	o, err := m.decodeObject(raw, where)
	if err != nil {
		return b, err
	}
	for _, k := range o.keys() {
		if k != "OutputTensor" {
			return b, errAt(join(where, k), "DML_OPERATOR_FILL_VALUE_SEQUENCE has no tensor %q; it binds OutputTensor only", k)
		}
	}
	v, ok := o["OutputTensor"]
	if !ok {
		return b, errAt(join(where, "OutputTensor"), "missing")
	}
	where = join(where, "OutputTensor")
	if strings.HasPrefix(strings.TrimSpace(string(v)), "[") {
		var items []json.RawMessage
		if err := json.Unmarshal(v, &items); err != nil || len(items) != 1 {
			return b, errAt(where, "want one binding, got %s", short(v))
		}
		v, where = items[0], where+"[0]"
	}
	var name string
	var elemOffset, elemSize, elemCount uint64
	if json.Unmarshal(v, &name) != nil {
		bo, err := m.decodeObject(v, where)
		if err != nil {
			return b, err
		}
		if err := m.only(bo, where, "name", "elementOffset", "elementSizeInBytes", "elementCount", "format", "counter", "shape"); err != nil {
			return b, err
		}
		if name, err = bo.str(where, "name", true); err != nil {
			return b, err
		}
		for _, f := range []struct {
			name string
			dst  *uint64
		}{{"elementOffset", &elemOffset}, {"elementSizeInBytes", &elemSize}, {"elementCount", &elemCount}} {
			if *f.dst, _, err = bo.uint(where, f.name, 32); err != nil {
				return b, err
			}
		}
	}
	r := m.resources[name]
	if r == nil {
		return b, errAt(where, "no resource named %q", name)
	}
	if elemSize == 0 {
		elemSize = uint64(r.dataType.ElementSize())
	}
	b.resource = r
	b.offset = elemOffset * elemSize
	b.count = uint64(len(r.data)) - min(b.offset, uint64(len(r.data)))
	if elemCount != 0 {
		b.count = elemCount * elemSize
	}
	if b.offset > uint64(len(r.data)) || b.count > uint64(len(r.data))-b.offset { // (offset+count may pass 2^64)
		return b, errAt(where, "elements %d to %d of %d bytes lie outside resource %q (%d bytes)", elemOffset, elemOffset+b.count/max(elemSize, 1), elemSize, name, len(r.data))
	}
	if b.count < need {
		return b, errAt(where, "resource %q gives %d bytes, but the OutputTensor needs %d (TotalTensorSizeInBytes): the buffer is too small", name, b.count, need)
	}
	return b, nil
}

// npyMaxDims is the most dimensions NumPy's arrays have (NPY_MAXDIMS, 64
// since NumPy 2.0): a .npy file of more is one NumPy cannot load.
const npyMaxDims = 64

// Run carries out the commands in order: dispatches execute on the bound
// buffers, prints write DxDispatch's lines to stdout, and writeFile calls
// write (each file atomically). A writeFile's confirmation goes to stderr.
func (m *Model) Run(stdout, stderr io.Writer, write WriteFunc) error {
	for _, c := range m.commands {
		switch c.kind {
		case "dispatch":
			r := c.output.resource
			if err := c.op.Execute(r.data[c.output.offset : c.output.offset+c.output.count]); err != nil {
				return &Error{Where: c.where, Err: err}
			}
		case "print":
			if m.opts.Checking {
				continue // the check's reports take standard output
			}
			r := c.res
			es := uint64(r.dataType.ElementSize())
			region := r.data[:r.initLen]
			bits := func(i int) uint64 {
				var v dml.ScalarUnion // the element's bytes are its low bytes
				copy(v[:es], region[uint64(i)*es:])
				return v.Bits()
			}
			if err := textfmt.WriteResource(stdout, r.name, r.dataType, len(region)/int(es), bits, c.verbose); err != nil {
				return err
			}
		case "writeFile":
			if err := m.writeFile(c, write); err != nil {
				return err
			}
			if !m.opts.Checking {
				fmt.Fprintf(stdout, "Resource '%s' written to '%s'\n", textfmt.OneLine(c.res.name), textfmt.OneLine(c.targetPath))
			}
		}
	}
	return nil
}
