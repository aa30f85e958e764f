// Package dxdispatch runs the part of DirectML's DxDispatch model format (the
// JSON files of DirectML's test tool, described by its _schema.json) that
// DML_OPERATOR_FILL_VALUE_SEQUENCE needs: buffer resources with their initial
// values, FILL_VALUE_SEQUENCE dispatchables, and the dispatch, print and
// writeFile commands. A dispatchable's desc becomes the same public
// descriptor a library user builds and goes through Device.CreateOperator.
package dxdispatch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/editdist"
	"github.com/dmlgo/dml/internal/halfpp"
	"github.com/dmlgo/dml/internal/npy"
	"github.com/dmlgo/dml/internal/regular"
)

// Error is a model that cannot run: malformed, or naming what does not
// exist, or describing an operator DirectML would reject. Where says the
// place in the file ("dispatchables.fill.desc.OutputTensor.Sizes[2]").
type Error struct {
	Where string
	Err   error
}

func (e *Error) Error() string {
	if e.Where == "" {
		return e.Err.Error()
	}
	return e.Where + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

func errAt(where, format string, args ...any) error {
	return &Error{Where: where, Err: fmt.Errorf(format, args...)}
}

// Options are the limits a model runs within.
type Options struct {
	// MaxMemory bounds the bytes of all the model's resources together
	// (0: DefaultMaxMemory). A model that needs more is refused before
	// anything is allocated for it.
	MaxMemory uint64
	// AllowAnyPath lets writeFile write outside the output folder, and a
	// sourcePath read outside the model's folder and the current one (an
	// absolute path, a ".." that leaves it, or a symbolic link out of it).
	AllowAnyPath bool
	// OutputPath is the output folder, DxDispatch's --output_path: a
	// writeFile's relative targetPath starts there ("": the current
	// folder, as DxDispatch's default).
	OutputPath string
	// Checking: Run neither prints resources nor confirms writes (the
	// WriteFunc compares the files instead of writing them).
	Checking bool
}

// DefaultMaxMemory is the resources' memory limit unless Options says
// otherwise: 1 GiB.
const DefaultMaxMemory = 1 << 30

// MaxModelBytes bounds the size of a model file: larger data belongs in a
// resource's sourcePath file. A model of this size, one long array, peaks
// near 140 MB, standard JSON or not (comments and trailing commas are
// blanked in one pass over a copy of the text).
const MaxModelBytes = 16 << 20

// MaxSourceBytes bounds a sourcePath file: what one buffer resource may
// hold (its size is a 32-bit element count of 8-byte elements at most).
const maxSourceBytes = 1 << 35

// Model is a parsed model file, its operators created.
type Model struct {
	dir    string // the model's folder, where a relative sourcePath is looked for first
	outDir string // the output folder, absolute
	// Warnings are what Parse let pass that DxDispatch would also let
	// pass: unknown fields (ignored), names that come twice (the first
	// counts). dmlfill prints them to standard error.
	Warnings  []string
	opts      Options
	budget    uint64 // resource bytes still allowed
	resources map[string]*resource
	ops       map[string]dml.Operator
	descs     map[string]*dml.FillValueSequenceOperatorDesc
	commands  []command
}

type resource struct {
	name      string
	dataType  dml.TensorDataType
	data      []byte // sizeInBytes long, aligned as a D3D12 buffer is
	typeGiven bool   // initialValuesDataType was given (UNKNOWN included)
	initLen   uint64 // their length in bytes
}

type binding struct {
	resource      *resource
	offset, count uint64 // bytes
}

type command struct {
	where      string
	kind       string
	op         dml.Operator
	opName     string
	output     binding
	res        *resource
	verbose    bool
	targetPath string
	dimensions []uint64
}

// object is a JSON object whose members keep their text.
type object map[string]json.RawMessage

var errNotObject = errors.New("not a JSON object")

// decodeMembers reads a JSON object member by member: where a name comes
// twice, the first member counts, as rapidjson's FindMember finds it (a
// map would keep the last), and dups names the others. Text after the
// object is an error.
func decodeMembers(raw []byte) (o object, dups []string, err error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	if tok != json.Delim('{') {
		return nil, nil, errNotObject
	}
	o = object{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		name, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		if _, seen := o[name]; seen {
			dups = append(dups, name)
			continue
		}
		o[name] = v
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, errors.New("text after the object")
	}
	return o, dups, nil
}

func (m *Model) decodeObject(raw json.RawMessage, where string) (object, error) {
	o, dups, err := decodeMembers(raw)
	if err != nil || o == nil {
		return nil, errAt(where, "want a JSON object, got %s", short(raw))
	}
	m.duplicates(where, dups)
	return o, nil
}

// duplicates warns of each member name that came more than once.
func (m *Model) duplicates(where string, dups []string) {
	for _, d := range dups {
		m.warnf("%s: %q comes again; the first counts, as in DxDispatch (rapidjson's FindMember)", join(where, d), d)
	}
}

// warnf records a warning (Model.Warnings).
func (m *Model) warnf(format string, args ...any) {
	m.Warnings = append(m.Warnings, fmt.Sprintf(format, args...))
}

func short(raw json.RawMessage) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

func (o object) keys() []string {
	k := make([]string, 0, len(o))
	for name := range o {
		k = append(k, name)
	}
	sort.Strings(k)
	return k
}

// only warns of members other than the allowed ones, which DxDispatch
// ignores, and refuses one whose name is a near miss of an allowed one
// (valueStrat for valueStart: a typo that would otherwise be ignored
// silently in DxDispatch, and here with a warning).
func (m *Model) only(o object, where string, allowed ...string) error {
	for _, k := range o.keys() {
		ok := false
		for _, a := range allowed {
			ok = ok || k == a
		}
		if ok {
			continue
		}
		for _, a := range allowed {
			if nearMiss(k, a) {
				return errAt(join(where, k), "unknown field; did you mean %s? (want one of %s)", a, strings.Join(allowed, ", "))
			}
		}
		m.warnf("%s: unknown field, ignored as DxDispatch ignores it (this object takes %s)", join(where, k), strings.Join(allowed, ", "))
	}
	return nil
}

// nearMiss reports whether name is within two edits of want, ignoring
// case, and both are longer than three letters.
func nearMiss(name, want string) bool {
	a, b := strings.ToLower(name), strings.ToLower(want)
	if len(a) < 4 || len(b) < 4 || a == b {
		return a == b && name != want
	}
	return editdist.Levenshtein(a, b) <= 2
}

// join names field of the object at where ("dispatchables.fill"): a field
// that is not a plain name (letters, digits, '_'), as a resource's or a
// dispatchable's name from the file may be, is quoted as Go quotes
// ("dispatchables.\"f\\n\\x1b[2J\""), so that a place in a message is one
// line of plain text whatever the file holds.
func join(where, field string) string {
	if !plainName(field) {
		field = strconv.Quote(field)
	}
	if where == "" {
		return field
	}
	return where + "." + field
}

// plainName reports whether s is a name of ASCII letters, digits and '_'.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func (o object) str(where, field string, required bool) (string, error) {
	raw, ok := o[field]
	if !ok {
		if required {
			return "", errAt(join(where, field), "missing")
		}
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", errAt(join(where, field), "want a string, got %s", short(raw))
	}
	return s, nil
}

// oneOf reads an optional string member that must be one of values.
func (o object) oneOf(where, field string, values ...string) (string, error) {
	s, err := o.str(where, field, false)
	if err != nil || s == "" && o[field] == nil {
		return s, err
	}
	for _, v := range values {
		if s == v {
			return s, nil
		}
	}
	return "", errAt(join(where, field), "%q; want %s", s, strings.Join(values, " or "))
}

func (o object) uint(where, field string, bits int) (uint64, bool, error) {
	raw, ok := o[field]
	if !ok {
		return 0, false, nil
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(raw)), 10, bits)
	if err != nil {
		return 0, true, errAt(join(where, field), "want an integer from 0 to %d, got %s", uint64(1)<<bits-1, short(raw))
	}
	return v, true, nil
}

func uintArray(raw json.RawMessage, where string) ([]uint32, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, errAt(where, "want an array of integers, got %s", short(raw))
	}
	out := make([]uint32, len(items))
	for i, it := range items {
		v, err := strconv.ParseUint(strings.TrimSpace(string(it)), 10, 32)
		if err != nil {
			return nil, errAt(fmt.Sprintf("%s[%d]", where, i), "want an integer from 0 to 4294967295, got %s", short(it))
		}
		out[i] = uint32(v)
	}
	return out, nil
}

func dataType(raw json.RawMessage, where string) (dml.TensorDataType, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, errAt(where, "want a data type name such as \"FLOAT32\", got %s", short(raw))
	}
	t, err := dml.ParseTensorDataType(s)
	if err != nil || t == dml.TensorDataTypeUint4 || t == dml.TensorDataTypeInt4 {
		return 0, errAt(where, "unknown data type %q", s)
	}
	return t, nil
}

// unionMember is the DML_SCALAR_UNION member DxDispatch's object form names
// for each data type, and the type its value is read as.
func unionMember(t dml.TensorDataType) (string, dml.TensorDataType) {
	switch t {
	case dml.TensorDataTypeFloat16:
		return "UInt16", dml.TensorDataTypeUint16 // the binary16 bits
	case dml.TensorDataTypeFloat32:
		return "Float32", t
	case dml.TensorDataTypeFloat64:
		return "Float64", t
	}
	name := strings.ToLower(t.String()) // "uint16", "int8"
	if strings.HasPrefix(name, "u") {
		return "UInt" + name[4:], t
	}
	return "Int" + name[3:], t
}

// parseScalarUnion reads ValueStart or ValueDelta: a JSON number (or string)
// read as a value of the type, or DxDispatch's object form naming the
// union's member, such as {"UInt16": 15360} for FLOAT16 bits. Numbers are
// read from their text, so 64-bit integers keep every bit.
func (m *Model) parseScalarUnion(raw json.RawMessage, t dml.TensorDataType, where string) (dml.ScalarUnion, error) {
	if strings.HasPrefix(strings.TrimSpace(string(raw)), "{") {
		o, err := m.decodeObject(raw, where)
		if err != nil {
			return dml.ScalarUnion{}, err
		}
		member, mt := unionMember(t)
		if len(o) != 1 || o[member] == nil {
			return dml.ScalarUnion{}, errAt(where, "want {%q: value} for %v, got %s", member, t, short(raw))
		}
		return parseValue(o[member], mt, join(where, member))
	}
	return parseValue(raw, t, where)
}

// Load reads and checks a model file, and creates its operators on dev.
// The file must be a regular file of at most MaxModelBytes.
func Load(path string, dev *dml.Device, opts Options) (*Model, error) {
	text, err := readRegular(path, MaxModelBytes, "the model file")
	if err != nil {
		return nil, err
	}
	return Parse(text, filepath.Dir(path), dev, opts)
}

// readRegular reads a regular file of at most limit bytes: a device, a FIFO
// or a folder is refused by what its open found (reading /dev/zero would
// not end; the open does not wait on a FIFO), and so is a larger file before
// it is read. An *os.PathError comes back as it is (an I/O failure).
func readRegular(path string, limit int64, what string) ([]byte, error) {
	f, st, err := regular.Open(path)
	var nr *regular.NotRegularError
	if errors.As(err, &nr) {
		return nil, errAt("", "%s %s is not a regular file but %s", what, path, regular.Kind(nr.Mode))
	}
	if err != nil {
		return nil, err
	}
	if st.Size() > limit {
		f.Close()
		return nil, errAt("", "%s %s has %d bytes; at most %d are read", what, path, st.Size(), limit)
	}
	defer f.Close()
	b := make([]byte, st.Size())
	n, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, &os.PathError{Op: "read", Path: path, Err: err}
	}
	if n != len(b) {
		return nil, errAt("", "%s %s has %d bytes, not the %d it had when opened", what, path, n, len(b))
	}
	return b, nil
}

// Parse checks a model given as JSON text; dir is the model's folder, where
// a relative sourcePath is looked for first (then in the current folder).
func Parse(text []byte, dir string, dev *dml.Device, opts Options) (*Model, error) {
	top, dups, err := decodeModel(text)
	if err != nil {
		return nil, err
	}
	if opts.MaxMemory == 0 {
		opts.MaxMemory = DefaultMaxMemory
	}
	outDir, err := filepath.Abs(opts.OutputPath)
	if err != nil {
		return nil, errAt("", "the output folder %q: %v", opts.OutputPath, err)
	}
	m := &Model{dir: dir, outDir: outDir, opts: opts, budget: opts.MaxMemory, resources: map[string]*resource{},
		ops: map[string]dml.Operator{}, descs: map[string]*dml.FillValueSequenceOperatorDesc{}}
	m.duplicates("", dups)
	if err := m.only(top, "", "$schema", "resources", "dispatchables", "commands"); err != nil {
		return nil, err
	}
	for _, f := range []string{"resources", "dispatchables", "commands"} {
		if top[f] == nil {
			return nil, errAt(f, "missing")
		}
	}
	res, err := m.decodeObject(top["resources"], "resources")
	if err != nil {
		return nil, err
	}
	for _, name := range res.keys() {
		r, err := m.parseResource(name, res[name], join("resources", name))
		if err != nil {
			return nil, err
		}
		m.resources[name] = r
	}
	disp, err := m.decodeObject(top["dispatchables"], "dispatchables")
	if err != nil {
		return nil, err
	}
	for _, name := range disp.keys() {
		op, desc, err := m.parseDispatchable(disp[name], join("dispatchables", name), dev)
		if err != nil {
			return nil, err
		}
		m.ops[name], m.descs[name] = op, desc
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal(top["commands"], &cmds); err != nil {
		return nil, errAt("commands", "want an array of commands, got %s", short(top["commands"]))
	}
	for i, raw := range cmds {
		c, err := m.parseCommand(raw, fmt.Sprintf("commands[%d]", i))
		if err != nil {
			return nil, err
		}
		m.commands = append(m.commands, c)
	}
	return m, nil
}

// decodeModel reads the model's text as its top-level object, member by
// member (decodeMembers), and dups the names that came again; malformed
// JSON is an error that gives its line and column.
func decodeModel(text []byte) (top object, dups []string, err error) {
	// DxDispatch's rapidjson takes comments and trailing commas (its
	// kParseCommentsFlag and kParseTrailingCommasFlag), as the Guide's
	// examples use them: standardize turns them into spaces, in one pass
	// over a copy, keeping every line and column where it was. Standard
	// JSON (the machine-written case) needs no copy. The decoder then
	// bounds the nesting (10,000 levels), whatever the syntax.
	if !json.Valid(text) {
		if text, err = standardize(bytes.Clone(text)); err != nil {
			return nil, nil, err
		}
	}
	top, dups, err = decodeMembers(text)
	if err != nil {
		// The decoder's offsets count from the member it was reading; the
		// whole text's scan (into a RawMessage: no tree) gives the place.
		if serr := json.Unmarshal(text, new(json.RawMessage)); serr != nil {
			err = serr
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col := position(text, se.Offset-1) // Offset is just past the bad byte
			return nil, nil, errAt(fmt.Sprintf("line %d, column %d", line, col), "malformed JSON: %v", se)
		}
		if errors.Is(err, errNotObject) {
			return nil, nil, errAt("", "the model must be a JSON object")
		}
		return nil, nil, errAt("", "malformed JSON: %v", err)
	}
	return top, dups, nil
}

func position(text []byte, off int64) (line, col int) {
	line, col = 1, 1
	for _, c := range text[:max(0, min(int(off), len(text)))] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func (m *Model) parseResource(name string, raw json.RawMessage, where string) (*resource, error) {
	o, err := m.decodeObject(raw, where)
	if err != nil {
		return nil, err
	}
	if o["resampleSize"] != nil { // (DxDispatch's: it resizes an image sourcePath)
		return nil, errAt(join(where, "resampleSize"), "resizes an image read into a buffer, a DxDispatch feature dmlfill does not have (images are not supported); convert the image to .npy")
	}
	if err := m.only(o, where, "type", "initialValues", "initialValuesDataType", "initialValuesOffsetInBytes", "sizeInBytes"); err != nil {
		return nil, err
	}
	if typ, err := o.str(where, "type", false); err != nil {
		return nil, err
	} else if typ != "" && typ != "buffer" {
		return nil, errAt(join(where, "type"), "%q: only \"buffer\" resources exist", typ)
	}
	r := &resource{name: name}
	if raw, ok := o["initialValuesDataType"]; ok {
		r.typeGiven = true
		if r.dataType, err = dataType(raw, join(where, "initialValuesDataType")); err != nil {
			return nil, err
		}
	}
	ivRaw, ok := o["initialValues"]
	if !ok {
		return nil, errAt(join(where, "initialValues"), "missing")
	}
	// How many bytes the initial values take is known before any is made:
	// the buffer is checked against the memory limit, allocated once, and
	// the values are written into it.
	init, err := m.initialValues(r, ivRaw, join(where, "initialValues"))
	if err != nil {
		return nil, err
	}
	if init.n == 0 {
		return nil, errAt(join(where, "initialValues"), "no values; a buffer needs at least one")
	}
	size, given, err := o.uint(where, "sizeInBytes", 64)
	if err != nil {
		return nil, err
	}
	if !given {
		size = (init.n + 3) &^ 3 // DxDispatch rounds up to 4 bytes
	}
	off, _, err := o.uint(where, "initialValuesOffsetInBytes", 64)
	if err != nil {
		return nil, err
	}
	if off > size || init.n > size-off {
		return nil, errAt(where, "the buffer (%d bytes) is too small for the initial values (%d bytes) at offset %d", size, init.n, off)
	}
	cost, ok := allocCost(size)
	if !ok || cost > m.budget {
		return nil, errAt(where, "the buffer needs %d bytes (%s), and the model's resources may take %d in all (%d left); -max-memory sets the limit",
			size, costText(cost, ok), m.opts.MaxMemory, m.budget)
	}
	m.budget -= cost
	r.data = alignedBytes(size)
	// DxDispatch checks initialValuesOffsetInBytes against the size, then
	// uploads the values at offset 0 all the same (Executor.cpp: Upload of
	// sizeInBytes from initialValues): so does dmlfill, and docs/dxdispatch.md
	// lists it among the differences that are DxDispatch's bugs.
	if err := init.write(r.data[:init.n]); err != nil {
		return nil, err
	}
	r.initLen = init.n
	return r, nil
}

// alignedBytes returns n zero bytes starting at a multiple of 4096, as a
// D3D12 buffer does, so that a GuaranteedBaseOffsetAlignment holds.
// allocCost is what alignedBytes(n) takes from the memory: n and the 4096
// bytes that align it, rounded up to the allocator's 8 KiB pages (an upper
// bound for the small size classes too); ok is false where that passes
// what an int can count.
func allocCost(n uint64) (cost uint64, ok bool) {
	if n > math.MaxInt-4096-8191 {
		return 0, false
	}
	return (n + 4096 + 8191) &^ 8191, true
}

func costText(cost uint64, ok bool) string {
	if !ok {
		return "more than this machine can address"
	}
	return fmt.Sprintf("%d with its alignment", cost)
}

func alignedBytes(n uint64) []byte {
	b := make([]byte, n+4096)
	skip := uint64((4096 - uintptrOf(b)%4096) % 4096)
	return b[skip : skip+n : skip+n]
}

// initial is a resource's initial values before they are made: n bytes,
// which write puts into a slice of exactly that length.
type initial struct {
	n     uint64
	write func(dst []byte) error
}

// initialValues reads a resource's initial values: an array, {valueCount,
// value}, {valueCount, valueStart, valueDelta} or {sourcePath}.
func (m *Model) initialValues(r *resource, raw json.RawMessage, where string) (initial, error) {
	trimmed := strings.TrimSpace(string(raw))
	switch {
	case strings.HasPrefix(trimmed, "["):
		return arrayValues(r, raw, where)
	case strings.HasPrefix(trimmed, "{"):
		return m.objectValues(r, raw, where)
	case trimmed == `"deferred"`:
		return initial{}, errAt(where, "deferred resources are not supported")
	}
	return initial{}, errAt(where, "want an array of numbers or an object, got %s", short(raw))
}

// needType refuses initial values (at where) that have no data type to be
// read as: the resource's initialValuesDataType is missing.
func needType(r *resource, where string) error {
	if r.dataType == dml.TensorDataTypeUnknown {
		return errAt(strings.TrimSuffix(where, ".initialValues")+".initialValuesDataType", "missing; the initial values need a data type")
	}
	return nil
}

// arrayValues reads initial values given as an array of numbers, each read
// as a value of the resource's data type.
func arrayValues(r *resource, raw json.RawMessage, where string) (initial, error) {
	if r.dataType == dml.TensorDataTypeUnknown && r.typeGiven {
		return initial{}, errAt(where, "a list with initialValuesDataType UNKNOWN is DxDispatch's list of typed values ([{\"type\": ..., \"value\": ...}]), which dmlfill does not support; give the list one initialValuesDataType")
	}
	if err := needType(r, where); err != nil {
		return initial{}, err
	}
	// The items are read one at a time, twice (to count them, so that
	// the buffer is sized and budgeted first, then into it): a long
	// array costs its buffer, not a copy of every item.
	count := 0
	if err := arrayItems(raw, func(int, []byte) error { count++; return nil }); err != nil {
		return initial{}, errAt(where, "want an array of numbers: %v", err)
	}
	es := int(r.dataType.ElementSize())
	return initial{uint64(count * es), func(dst []byte) error {
		return arrayItems(raw, func(i int, item []byte) error {
			v, err := parseValue(item, r.dataType, "")
			if e, ok := err.(*Error); ok {
				e.Where = fmt.Sprintf("%s[%d]", where, i) // formatted only for the error
			}
			if err != nil {
				return err
			}
			copy(dst[i*es:], v[:es])
			return nil
		})
	}}, nil
}

// objectValues reads initial values given as an object: {sourcePath},
// {valueCount, value} or {valueCount, valueStart, valueDelta}.
func (m *Model) objectValues(r *resource, raw json.RawMessage, where string) (initial, error) {
	o, _ := m.decodeObject(raw, where)
	switch {
	case o["sourcePath"] != nil:
		if err := m.only(o, where, "sourcePath"); err != nil {
			return initial{}, err
		}
		return m.readSource(r, o, where)
	case o["value"] != nil:
		return m.repeatedValue(r, o, where)
	case o["valueStart"] != nil || o["valueDelta"] != nil:
		return m.sequenceValues(r, o, where)
	}
	return initial{}, errAt(where, "want valueCount with value, or valueStart and valueDelta, or sourcePath")
}

// repeatedValue reads {valueCount, value}: valueCount elements of the one
// value.
func (m *Model) repeatedValue(r *resource, o object, where string) (initial, error) {
	n, err := m.counted(r, o, where, "valueCount", "value")
	if err != nil {
		return initial{}, err
	}
	v, err := parseValue(o["value"], r.dataType, join(where, "value"))
	if err != nil {
		return initial{}, err
	}
	es := uint64(r.dataType.ElementSize())
	return initial{n * es, func(dst []byte) error {
		for at := uint64(0); at < uint64(len(dst)); at += es {
			copy(dst[at:], v[:es])
		}
		return nil
	}}, nil
}

// counted checks an initialiser of counted values: only the fields keys,
// on a resource with a data type, and returns its valueCount.
func (m *Model) counted(r *resource, o object, where string, keys ...string) (uint64, error) {
	if err := m.only(o, where, keys...); err != nil {
		return 0, err
	}
	if err := needType(r, where); err != nil {
		return 0, err
	}
	return valueCount(o, where)
}

// sequenceValues reads {valueCount, valueStart, valueDelta}: DxDispatch's
// sequence initialiser, made by repeated addition (accumulate).
func (m *Model) sequenceValues(r *resource, o object, where string) (initial, error) {
	n, err := m.counted(r, o, where, "valueCount", "valueStart", "valueDelta")
	if err != nil {
		return initial{}, err
	}
	if o["valueStart"] == nil || o["valueDelta"] == nil {
		return initial{}, errAt(where, "a sequence needs valueStart and valueDelta")
	}
	start, err := parseValue(o["valueStart"], r.dataType, join(where, "valueStart"))
	if err != nil {
		return initial{}, err
	}
	delta, err := parseValue(o["valueDelta"], r.dataType, join(where, "valueDelta"))
	if err != nil {
		return initial{}, err
	}
	return initial{n * uint64(r.dataType.ElementSize()), func(dst []byte) error {
		accumulate(dst, r.dataType, start, delta)
		return nil
	}}, nil
}

// arrayItems calls f with the JSON text of each item of the array raw, in
// order, holding one at a time.
func arrayItems(raw json.RawMessage, f func(i int, item []byte) error) error {
	// The model's text was validated whole when it was decoded: the items
	// are split here by a scan of their own (brackets, braces and strings
	// kept together), where a json.Decoder per item made and dropped an
	// error at the end of every number, most of the time of a long array.
	b := bytes.TrimSpace(raw)
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return fmt.Errorf("not an array")
	}
	b = b[1 : len(b)-1]
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	i, start, depth := 0, 0, 0
	for k := 0; k <= len(b); k++ {
		if k < len(b) {
			switch c := b[k]; c {
			case '"':
				for k++; k < len(b) && b[k] != '"'; k++ {
					if b[k] == '\\' {
						k++
					}
				}
				continue
			case '[', '{':
				depth++
				continue
			case ']', '}':
				depth--
				continue
			case ',':
				if depth != 0 {
					continue
				}
			default:
				continue
			}
		}
		item := bytes.TrimSpace(b[start:min(k, len(b))])
		if len(item) == 0 || !json.Valid(item) {
			return fmt.Errorf("item %d is %q, not a JSON value", i, short(item))
		}
		if err := f(i, item); err != nil {
			return err
		}
		i, start = i+1, k+1
	}
	return nil
}

func valueCount(o object, where string) (uint64, error) {
	n, ok, err := o.uint(where, "valueCount", 32)
	if err != nil {
		return 0, err
	}
	if !ok || n == 0 {
		return 0, errAt(join(where, "valueCount"), "want a count of at least 1")
	}
	return n, nil
}

// readSource reads initial values from a .npy file (typed) or any other
// file (raw bytes), relative to the model's folder, else the working one,
// `\` and `/` both separating folders (modelPath); a path from a root
// (fromRoot) is refused unless Options.AllowAnyPath.
// Only a regular file is read, and only once its size (and a .npy file's
// header) has said how many bytes it holds.
func (m *Model) readSource(r *resource, o object, where string) (initial, error) {
	p, err := o.str(where, "sourcePath", true)
	if err != nil {
		return initial{}, err
	}
	at := join(where, "sourcePath")
	if ext := strings.ToLower(filepath.Ext(p)); ext == ".png" || ext == ".jpg" {
		return initial{}, errAt(at, "%s: reading an image (%s) into a buffer is a DxDispatch feature dmlfill does not have; convert it to .npy", p, ext)
	}
	if fromRoot(p) && !m.opts.AllowAnyPath {
		return initial{}, errAt(at, "%q is an absolute path; sourcePath reads inside the model's folder %s or the current folder (-allow-any-path lifts this)", p, m.dir)
	}
	if why := driveHere(p); why != "" {
		return initial{}, errAt(at, "%s", why)
	}
	path := modelPath(p) // (p, as the model says it, in messages)
	// Opened first, then checked: the file read is the file checked.
	f, st, err := m.openSource(path)
	var nr *regular.NotRegularError
	if errors.As(err, &nr) {
		return initial{}, errAt(at, "%s is not a regular file but %s", p, regular.Kind(nr.Mode))
	}
	if err != nil {
		return initial{}, errAt(at, "%v", sourceError(err, m.dir))
	}
	defer f.Close()
	if st.Size() > maxSourceBytes {
		return initial{}, errAt(at, "%s has %d bytes, more than a buffer holds (%d)", p, st.Size(), int64(maxSourceBytes))
	}
	size := uint64(st.Size())
	var skip uint64 // bytes before the values
	if strings.EqualFold(filepath.Ext(p), ".npy") {
		head, err := readHead(f, min(size, npy.MaxHeader))
		if err != nil {
			return initial{}, errAt(at, "%v", err)
		}
		t, _, off, n, err := npy.ReadHeader(head)
		if err != nil {
			return initial{}, errAt(at, "%s: %v", p, err)
		}
		if r.dataType == dml.TensorDataTypeUnknown {
			r.dataType = t
		} else if t != r.dataType {
			return initial{}, errAt(at, "%s holds %v, but initialValuesDataType is %v", p, t, r.dataType)
		}
		if off+n > size || off+n < off {
			return initial{}, errAt(at, "%s: its header says %d bytes of values, but the file has %d after the header", p, n, size-min(off, size))
		}
		skip, size = off, n
	} else if r.dataType == dml.TensorDataTypeUnknown {
		return initial{}, errAt(strings.TrimSuffix(where, ".initialValues")+".initialValuesDataType", "missing; a raw file's values need a data type")
	}
	return initial{size, func(dst []byte) error {
		// Opened again when the buffer is made (a model may name more
		// files than a process may hold open), and checked again.
		f, _, err := m.openSource(path)
		if err != nil {
			return errAt(at, "%v", sourceError(err, m.dir))
		}
		defer f.Close()
		n, err := f.ReadAt(dst, int64(skip))
		if n < len(dst) {
			return errAt(at, "%s gave %d bytes of the %d its size promised (%v)", p, n, len(dst), err)
		}
		return nil
	}}, nil
}

// openSource opens a sourcePath, p, for reading: inside the model's folder
// if it is there, else inside the current folder, each resolved within
// itself (regular.OpenIn: an os.Root), so that a model cannot read a file
// outside the two (by an absolute path, "..", or a symbolic link) unless
// Options.AllowAnyPath says it may.
func (m *Model) openSource(p string) (*os.File, fs.FileInfo, error) {
	if m.opts.AllowAnyPath {
		if filepath.IsAbs(p) {
			return regular.Open(p)
		}
		// Opened, not looked at first: the file found is the file read.
		f, st, err := regular.Open(filepath.Join(m.dir, p))
		if errors.Is(err, fs.ErrNotExist) {
			return regular.Open(p)
		}
		return f, st, err
	}
	f, st, err := regular.OpenIn(m.dir, p)
	if errors.Is(err, fs.ErrNotExist) && m.dir != "." {
		return regular.OpenIn(".", p)
	}
	return f, st, err
}

// sourceError says where a sourcePath may be read from, where the open was
// refused for leaving the folders.
func sourceError(err error, dir string) error {
	var nr *regular.NotRegularError
	var pe *fs.PathError
	switch {
	case errors.As(err, &nr):
		return fmt.Errorf("%s is not a regular file but %s", nr.Path, regular.Kind(nr.Mode))
	case errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes"):
		return fmt.Errorf("%q leaves the model's folder %s and the current folder, where sourcePath reads (-allow-any-path lifts this)", pe.Path, dir)
	}
	return err
}

// readHead reads the first n bytes of a file.
func readHead(f *os.File, n uint64) ([]byte, error) {
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return b[:k], nil
}

// accumulate generates DxDispatch's sequence initialiser the way DxDispatch
// does: by repeated addition in the element type (value += delta), each sum
// rounded to the type (float32, float64: to nearest; FLOAT16: half.hpp's
// truncation of the float sum) or wrapped (integers). This is not the
// operator's rule (start + i*delta, rounded once); it is what the model
// format means by its initialiser.
func accumulate(dst []byte, t dml.TensorDataType, start, delta dml.ScalarUnion) {
	es := int(t.ElementSize())
	v := start
	for at := 0; at < len(dst); at += es {
		copy(dst[at:], v[:es])
		switch t {
		case dml.TensorDataTypeFloat32:
			v = dml.ScalarFloat32(v.Float32() + delta.Float32())
		case dml.TensorDataTypeFloat64:
			v = dml.ScalarFloat64(v.Float64() + delta.Float64())
		case dml.TensorDataTypeFloat16:
			// half_float::half's +=: the sum in float, then to half by
			// truncation (see halfpp).
			v = dml.ScalarBits(uint64(halfpp.Add(uint16(v.Bits()), uint16(delta.Bits()))))
		default:
			v = dml.ScalarBits(v.Bits() + delta.Bits())
		}
	}
}

// standardize turns the comments (// to the end of the line, /* to */) and
// the trailing commas (a comma before } or ]) of b into spaces, in place,
// outside strings: what rapidjson's comment and trailing-comma flags
// accept becomes standard JSON of the same length, every line and column
// where it was. An unterminated comment is an error; anything else is left
// for the decoder to judge.
func standardize(b []byte) ([]byte, error) {
	comma := -1     // the last comma outside strings, until a token follows it
	prev := byte(0) // the last token's last byte outside comments
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			comma, prev = -1, '"'
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			start := i
			b[i], b[i+1] = ' ', ' '
			for i += 2; ; i++ {
				if i+1 >= len(b) {
					line, col := position(b, int64(start))
					return nil, errAt(fmt.Sprintf("line %d, column %d", line, col), "malformed JSON: a comment (/*) that does not end")
				}
				if b[i] == '*' && b[i+1] == '/' {
					b[i], b[i+1] = ' ', ' '
					i++
					break
				}
				if b[i] != '\n' && b[i] != '\r' {
					b[i] = ' '
				}
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == ',':
			// Trailing only after a value: "[,]" and "[1,,]" stay
			// malformed, as rapidjson finds them.
			comma = -1
			if prev != 0 && prev != '[' && prev != '{' && prev != ',' && prev != ':' {
				comma = i
			}
			prev = c
		case c == '}' || c == ']':
			if comma >= 0 {
				b[comma] = ' '
			}
			comma, prev = -1, c
		default:
			comma, prev = -1, c
		}
	}
	return b, nil
}
