package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/dmlgo/dml/internal/testtmp"
)

func writeModel(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestModels runs DxDispatch model files and compares what they print with
// what DxDispatch prints for them (values by C++ iostream rules).
func TestModels(t *testing.T) {
	dir := testtmp.Dir(t)
	for _, tc := range modelCases {
		p := writeModel(t, dir, "m.json", tc.model)
		code, out, errs := runCLI("-model", p)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tc.name, code, errs)
			continue
		}
		if out != tc.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tc.name, out, tc.want)
		}
	}
}

// modelCases are the models TestModels runs, each with what DxDispatch
// prints for it.
var modelCases = []struct {
	name, model, want string
}{
	{"DirectML's dml_fill_value_sequence.json", `{
    "$schema": "./_schema.json",
    "resources": { "Out": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 5, "value": 0 } } },
    "dispatchables": { "fill_sequence": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
        "desc": { "ValueDataType": "FLOAT32", "ValueStart": 3.2, "ValueDelta": 1.5,
                  "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1,1,1,5] } } } },
    "commands": [
        { "type": "dispatch", "dispatchable": "fill_sequence", "bindings": { "OutputTensor": "Out" } },
        { "type": "print", "resource": "Out" } ] }`,
		"Resource 'Out': 3.2, 4.7, 6.2, 7.7, 9.2\n"},
	{"FLOAT16 object-form scalars", `{
    "resources": { "h": { "initialValuesDataType": "DML_TENSOR_DATA_TYPE_FLOAT16", "initialValues": [0, 0, 0, 0, 0] } },
    "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "executionFlags": ["DML_EXECUTION_FLAG_NONE"],
        "desc": { "ValueDataType": "FLOAT16", "ValueStart": {"UInt16": 15360}, "ValueDelta": {"UInt16": 14336},
                  "OutputTensor": { "DataType": "FLOAT16", "Sizes": [5] } } } },
    "commands": [ { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": [{"name": "h"}] } },
                  { "type": "print", "resource": "h", "verbose": true } ] }`,
		"Resource 'h':\n[0] 1 (0x3C00)\n[1] 1.5 (0x3E00)\n[2] 2 (0x4000)\n[3] 2.5 (0x4100)\n[4] 3 (0x4200)\n\n"},
	{"strided output keeps the padding's initial values", `{
    "resources": { "buf": { "initialValuesDataType": "INT32", "initialValues": { "valueCount": 8, "valueStart": 100, "valueDelta": 1 } } },
    "dispatchables": { "f": { "type": "FILL_VALUE_SEQUENCE",
        "desc": { "ValueDataType": "INT32", "ValueStart": 0, "ValueDelta": 1,
                  "OutputTensor": { "Type": "DML_TENSOR_TYPE_BUFFER", "Desc": { "DataType": "INT32", "Sizes": [2,2], "Strides": [4,1] } } } } },
    "commands": [ { "type": "print", "resource": "buf" },
                  { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": "buf" } },
                  { "type": "print", "resource": "buf" } ] }`,
		"Resource 'buf': 100, 101, 102, 103, 104, 105, 106, 107\nResource 'buf': 0, 1, 102, 103, 2, 3, 106, 107\n"},
	{"several dispatches and prints", `{
    "resources": {
        "a": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 4, "value": 7 } },
        "b": { "initialValuesDataType": "INT16", "initialValues": [1, 2, 3] } },
    "dispatchables": {
        "down": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
            "desc": { "ValueDataType": "UINT8", "ValueStart": 10, "ValueDelta": {"UInt8": 254},
                      "OutputTensor": { "DataType": "UINT8", "Sizes": [1,1,2,2] } } },
        "neg": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
            "desc": { "ValueDataType": "INT16", "ValueStart": -32767, "ValueDelta": -1,
                      "OutputTensor": { "DataType": "INT16", "Sizes": [3], "Flags": "DML_TENSOR_FLAG_NONE" } } } },
    "commands": [
        { "type": "print", "resource": "a" },
        { "type": "dispatch", "dispatchable": "down", "bindings": { "OutputTensor": "a" } },
        { "type": "print", "resource": "a" },
        { "type": "dispatch", "dispatchable": "neg", "bindings": { "OutputTensor": "b" } },
        { "type": "print", "resource": "b" },
        { "type": "print", "resource": "a", "verbose": true } ] }`,
		"Resource 'a': 7, 7, 7, 7\nResource 'a': 10, 8, 6, 4\nResource 'b': -32767, -32768, 32767\nResource 'a':\n[0] 10 (0x A)\n[1] 8 (0x 8)\n[2] 6 (0x 6)\n[3] 4 (0x 4)\n\n"},
	{"64-bit extremes, read without losing a bit", `{
    "resources": {
        "i": { "initialValuesDataType": "INT64", "initialValues": { "valueCount": 3, "value": 0 } },
        "u": { "initialValuesDataType": "UINT64", "initialValues": { "valueCount": 3, "value": 0 } } },
    "dispatchables": {
        "fi": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
            "desc": { "ValueDataType": "INT64", "ValueStart": {"Int64": -9223372036854775807}, "ValueDelta": -1,
                      "OutputTensor": { "DataType": "INT64", "Sizes": [3] } } },
        "fu": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
            "desc": { "ValueDataType": "UINT64", "ValueStart": 18446744073709551615, "ValueDelta": {"UInt64": 9007199254740993},
                      "OutputTensor": { "DataType": "UINT64", "Sizes": [3] } } } },
    "commands": [
        { "type": "dispatch", "dispatchable": "fi", "bindings": { "OutputTensor": "i" } },
        { "type": "dispatch", "dispatchable": "fu", "bindings": { "OutputTensor": "u" } },
        { "type": "print", "resource": "i" }, { "type": "print", "resource": "u" } ] }`,
		"Resource 'i': -9223372036854775807, -9223372036854775808, 9223372036854775807\nResource 'u': 18446744073709551615, 9007199254740992, 18014398509481985\n"},
	{"C++ float formatting", `{
    "resources": { "f": { "initialValuesDataType": "FLOAT32",
        "initialValues": [0.229921, 1e6, 123456789, 1e-5, -0.0, "inf", "-inf", "nan", 100000, 0.0001, 3.4028234e38, 1.5e-45] } },
    "dispatchables": {}, "commands": [ { "type": "print", "resource": "f" } ] }`,
		"Resource 'f': 0.229921, 1e+06, 1.23457e+08, 1e-05, -0, inf, -inf, nan, 100000, 0.0001, 3.40282e+38, 1.4013e-45\n"},
	{"sequence initialiser by repeated addition", `{
    "resources": { "s": { "initialValuesDataType": "FLOAT16", "initialValues": { "valueCount": 4, "valueStart": 2048, "valueDelta": 1 } } },
    "dispatchables": {}, "commands": [ { "type": "print", "resource": "s" } ] }`,
		// 2048 + 1 rounds back to 2048 every time: the accumulation stalls.
		"Resource 's': 2048, 2048, 2048, 2048\n"},
	{"offset initial values: DxDispatch uploads them at offset 0 all the same", `{
    "resources": { "o": { "initialValuesDataType": "UINT16", "initialValues": [5, 6], "initialValuesOffsetInBytes": 4, "sizeInBytes": 12 } },
    "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
            "desc": { "ValueDataType": "UINT16", "ValueStart": 1, "ValueDelta": 1,
                      "OutputTensor": { "DataType": "UINT16", "Sizes": [6] } } } },
    "commands": [ { "type": "print", "resource": "o" },
                  { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": "o" } },
                  { "type": "print", "resource": "o" } ] }`,
		"Resource 'o': 5, 6\nResource 'o': 1, 2\n"},
}

// TestModelErrors: a model that cannot run exits 2 with the place in the
// file, before any command has printed.
func TestModelErrors(t *testing.T) {
	dir := testtmp.Dir(t)
	good := `"resources": { "Out": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 5, "value": 0 } } }`
	fill := `"dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT32", "ValueStart": 0, "ValueDelta": 1, "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1,1,1,5] } } } }`
	tests := []struct {
		name, model, want string
	}{
		{"unsupported operator", `{ ` + good + `, "dispatchables": { "clip": { "type": "DML_OPERATOR_ELEMENT_WISE_CLIP1", "desc": {} } }, "commands": [] }`,
			`dispatchables.clip.type: "DML_OPERATOR_ELEMENT_WISE_CLIP1" is not supported`},
		{"buffer too small", `{ "resources": { "Out": { "initialValuesDataType": "FLOAT32", "initialValues": [0, 0, 0, 0] } }, ` + fill + `,
			"commands": [ { "type": "print", "resource": "Out" }, { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": "Out" } } ] }`,
			`commands[1].bindings.OutputTensor: resource "Out" gives 16 bytes, but the OutputTensor needs 20`},
		{"unknown resource", `{ ` + good + `, ` + fill + `, "commands": [ { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": "Nope" } } ] }`,
			`commands[0].bindings.OutputTensor: no resource named "Nope"`},
		{"unknown dispatchable", `{ ` + good + `, ` + fill + `, "commands": [ { "type": "dispatch", "dispatchable": "g", "bindings": { "OutputTensor": "Out" } } ] }`,
			`commands[0].dispatchable: no dispatchable named "g"`},
		{"print of unknown resource", `{ ` + good + `, ` + fill + `, "commands": [ { "type": "print", "resource": "X" } ] }`,
			`commands[0].resource: no resource named "X"`},
		{"unknown command", `{ ` + good + `, ` + fill + `, "commands": [ { "type": "present" } ] }`,
			`commands[0].type: unknown command "present"`},
		{"malformed JSON", "{\n  \"resources\": {\n    \"Out\": { \"initialValues\": [1, 2,, 3] }\n  }\n}",
			`line 3, column 37: malformed JSON`},
		{"rejected desc", `{ ` + good + `, "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT32", "ValueStart": 0, "ValueDelta": 1, "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1,1,0,5] } } } }, "commands": [] }`,
			`dispatchables.f.desc: dml: OutputTensor.Sizes[2] is 0; sizes must be at least 1`},
		{"type mismatch", `{ ` + good + `, "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "INT32", "ValueStart": 0, "ValueDelta": 1, "OutputTensor": { "DataType": "FLOAT32", "Sizes": [5] } } } }, "commands": [] }`,
			`ValueDataType is INT32; it must match OutputTensor.DataType (FLOAT32)`},
		{"bad scalar", `{ ` + good + `, "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "UINT8", "ValueStart": 300, "ValueDelta": 1, "OutputTensor": { "DataType": "UINT8", "Sizes": [5] } } } }, "commands": [] }`,
			`dispatchables.f.desc.ValueStart: 300 does not fit UINT8 (0 to 255)`},
		{"wrong union member", `{ ` + good + `, "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT16", "ValueStart": {"Float32": 1}, "ValueDelta": 1, "OutputTensor": { "DataType": "FLOAT16", "Sizes": [5] } } } }, "commands": [] }`,
			`dispatchables.f.desc.ValueStart: want {"UInt16": value} for FLOAT16`},
		{"missing commands", `{ ` + good + `, ` + fill + ` }`, `commands: missing`},
		{"initial values too big for the buffer", `{ "resources": { "Out": { "initialValuesDataType": "FLOAT32", "initialValues": [1, 2], "sizeInBytes": 4 } }, "dispatchables": {}, "commands": [] }`,
			`resources.Out: the buffer (4 bytes) is too small for the initial values (8 bytes) at offset 0`},
		{"other tensor bound", `{ ` + good + `, ` + fill + `, "commands": [ { "type": "dispatch", "dispatchable": "f", "bindings": { "InputTensor": "Out", "OutputTensor": "Out" } } ] }`,
			`commands[0].bindings.InputTensor: DML_OPERATOR_FILL_VALUE_SEQUENCE has no tensor "InputTensor"`},
		{"not an object", `[1, 2]`, `the model must be a JSON object`},
	}
	for _, tc := range tests {
		p := writeModel(t, dir, "bad.json", tc.model)
		code, out, errs := runCLI("-model", p)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.name, code, out, errs, tc.want)
		}
	}
	missing := filepath.Join(dir, "missing.json")
	if code, _, errs := runCLI("-model", missing); code != 1 || !strings.Contains(errs, notFound(t, missing)) {
		t.Errorf("missing model: exit %d %q", code, errs)
	}
}

// TestModelFiles: writeFile writes .npy (read back by NumPy) and raw files
// beside the model, and sourcePath reads .npy initial values.
func TestModelFiles(t *testing.T) {
	dir := testtmp.Dir(t)
	p := writeModel(t, dir, "m.json", `{
    "resources": { "Out": { "initialValuesDataType": "INT16", "initialValues": { "valueCount": 6, "value": 0 } } },
    "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
        "desc": { "ValueDataType": "INT16", "ValueStart": -3, "ValueDelta": 2, "OutputTensor": { "DataType": "INT16", "Sizes": [2,3] } } } },
    "commands": [ { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": "Out" } },
                  { "type": "writeFile", "resource": "Out", "targetPath": "sub/out.npy", "dimensions": [2, 3] },
                  { "type": "writeFile", "resource": "Out", "targetPath": "out.bin" },
                  { "type": "writeFile", "resource": "Out", "targetPath": "flat.npy" } ] }`)
	// As DxDispatch: relative to the output folder, confirmed on standard
	// output with the absolute path.
	code, out, errs := runCLI("-model", p, "-output-path", dir)
	want := "Resource 'Out' written to '" + filepath.Join(dir, "sub", "out.npy") + "'\n" +
		"Resource 'Out' written to '" + filepath.Join(dir, "out.bin") + "'\n" +
		"Resource 'Out' written to '" + filepath.Join(dir, "flat.npy") + "'\n"
	if code != 0 || out != want || errs != "" {
		t.Fatalf("exit %d, %q, %q; want %q", code, out, errs, want)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "out.bin"))
	if err != nil || string(raw) != "\xfd\xff\xff\xff\x01\x00\x03\x00\x05\x00\x07\x00" {
		t.Fatalf("out.bin: % x %v", raw, err)
	}
	// Without dimensions, one dimension of every element (DxDispatch's
	// Executor.cpp: sizeInBytes / the element size), as NumPy's header
	// writes a shape of one: "(6,)".
	if raw, err := os.ReadFile(filepath.Join(dir, "flat.npy")); err != nil || !strings.Contains(string(raw), "'shape': (6,)") {
		t.Fatalf("flat.npy: %q %v", raw, err)
	}
	// A second model reads the .npy back as its initial values.
	p2 := writeModel(t, dir, "m2.json", `{
    "resources": { "In": { "initialValues": { "sourcePath": "sub/out.npy" } } },
    "dispatchables": {}, "commands": [ { "type": "print", "resource": "In" } ] }`)
	if code, out, errs := runCLI("-model", p2); code != 0 || out != "Resource 'In': -3, -1, 1, 3, 5, 7\n" {
		t.Fatalf("exit %d, %q, %q", code, out, errs)
	}
	if !hasNumPy() {
		t.Skip("python3-numpy is not installed")
	}
	got, err := exec.Command("/usr/bin/python3", "-c",
		`import numpy as np, sys; a = np.load(sys.argv[1]); print(a.dtype, a.shape, a.tolist())`,
		filepath.Join(dir, "sub", "out.npy")).CombinedOutput()
	if err != nil || strings.TrimSpace(string(got)) != "int16 (2, 3) [[-3, -1, 1], [3, 5, 7]]" {
		t.Fatalf("numpy: %s %v", got, err)
	}
}

func hasNumPy() bool {
	return exec.Command("/usr/bin/python3", "-c", "import numpy").Run() == nil
}

// TestDxDispatchSyntax: what DxDispatch's parser accepts runs here too
// (comments, trailing commas, command types in any case, "Desc",
// dmlCompileType), FLOAT16 numbers are DxDispatch's (truncated), and the
// features dmlfill lacks (images, typed lists) exit 2 naming them.
func TestDxDispatchSyntax(t *testing.T) {
	dir := testtmp.Dir(t)
	model := `{
    // The Guide's examples carry comments and trailing commas.
    "resources": {
        "Out": { "initialValuesDataType": "FLOAT16", "initialValues": { "valueCount": 6, "valueStart": 0.1, "valueDelta": 0.1, }, },
    },
    "dispatchables": {
        "a": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "dmlCompileType": "DmlCompileGraph",
               "Desc": { "ValueDataType": "FLOAT16", "ValueStart": 0.3, "ValueDelta": 0,
                         "OutputTensor": { "DataType": "FLOAT16", "Sizes": [1] } } },
        "b": { "type": "FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT16", "ValueStart": 0.7, "ValueDelta": 0,
               "OutputTensor": { "Type": "DML_TENSOR_TYPE_BUFFER", "Desc": { "DataType": "FLOAT16", "Sizes": [1], "Strides": [1] } } } },
        "c": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT16", "ValueStart": 2.3, "ValueDelta": 0,
               "OutputTensor": { "DataType": "FLOAT16", "Sizes": [1] } } },
        "d": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE", "desc": { "ValueDataType": "FLOAT16", "ValueStart": 65520, "ValueDelta": 0,
               "OutputTensor": { "DataType": "FLOAT16", "Sizes": [1] } } },
    },
    "commands": [
        { "type": "PRINT", "resource": "Out", "verbose": true },
        /* one dispatch per start value, each printed */
        { "type": "Dispatch", "dispatchable": "a", "bindings": { "OutputTensor": "Out" } },
        { "type": "print", "resource": "Out", "verbose": true },
        { "type": "dispatch", "dispatchable": "b", "bindings": { "OutputTensor": "Out" } },
        { "type": "print", "resource": "Out", "verbose": true },
        { "type": "dispatch", "dispatchable": "c", "bindings": { "OutputTensor": "Out" } },
        { "type": "print", "resource": "Out", "verbose": true },
        { "type": "dispatch", "dispatchable": "d", "bindings": { "OutputTensor": "Out" } },
        { "type": "print", "resource": "Out", "verbose": true },
    ],
}`
	p := writeModel(t, dir, "syntax.json", model)
	code, out, errs := runCLI("-model", p)
	if code != 0 {
		t.Fatalf("exit %d, %q", code, errs)
	}
	// The sequence initialiser as half.hpp accumulates it, then element 0
	// of each fill: the bits the DxDispatch fidelity issue lists.
	for _, want := range []string{"(0x2E66)", "(0x3266)", "(0x34CC)", "(0x3665)", "(0x37FE)", "(0x38CB)",
		"[0] 0.299805 (0x34CC)", "[0] 0.699707 (0x3999)", "[0] 2.29883 (0x4099)", "[0] 65504 (0x7BFF)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	refused := []struct{ name, model, want string }{
		{"image source", fillModel(`"initialValuesDataType": "UINT8", "initialValues": { "sourcePath": "cat.png" }`, `{ "type": "print", "resource": "Out" }`),
			"cat.png: reading an image (.png) into a buffer is a DxDispatch feature dmlfill does not have"},
		{"image target", fillModel(smallOut, `{ "type": "writeFile", "resource": "Out", "targetPath": "out.JPG" }`),
			`"out.JPG": writing a buffer as an image (.jpg) is a DxDispatch feature dmlfill does not have`},
		{"typed list", fillModel(`"initialValuesDataType": "UNKNOWN", "initialValues": [ { "type": "UINT32", "value": 42 } ]`, `{ "type": "print", "resource": "Out" }`),
			"a list with initialValuesDataType UNKNOWN is DxDispatch's list of typed values"},
		{"a compile type DxDispatch lacks", strings.Replace(model, `"DmlCompileGraph"`, `"DmlCompileFast"`, 1),
			`dispatchables.a.dmlCompileType: "DmlCompileFast"; want DmlCompileOp or DmlCompileGraph`},
		{"-2 for UINT8", fillModel(`"initialValuesDataType": "UINT8", "initialValues": { "valueCount": 4, "valueStart": 0, "valueDelta": -2 }`, `{ "type": "print", "resource": "Out" }`),
			"valueDelta: -2 does not fit UINT8 (0 to 255)"},
	}
	for _, tc := range refused {
		p := writeModel(t, dir, "refused.json", tc.model)
		if code, _, errs := runCLI("-model", p, "-output-path", dir); code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, %q; want exit 2 and %q", tc.name, code, errs, tc.want)
		}
	}
}

// TestModelUnknownAndDuplicateFields: as DxDispatch, an unknown field is
// ignored (with a warning naming it) and a name given twice takes its first
// member (rapidjson's FindMember; with a warning); a near miss of a known
// name (valueStrat) is an error that names the field it missed.
func TestModelUnknownAndDuplicateFields(t *testing.T) {
	dir := testtmp.Dir(t)
	p := writeModel(t, dir, "m.json", `{ "resources": { "Out": { "comment": "ignored", "initialValuesDataType": "UINT8",
	  "initialValues": [1, 2], "initialValues": [7, 8, 9] } }, "dispatchables": {}, "commands": [ { "type": "print", "resource": "Out", "note": 1 } ] }`)
	code, out, errs := runCLI("-model", p)
	if code != 0 || out != "Resource 'Out': 1, 2\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, want := range []string{
		"warning: " + p + `: resources.Out.initialValues: "initialValues" comes again; the first counts`,
		"warning: " + p + ": resources.Out.comment: unknown field, ignored as DxDispatch ignores it",
		"warning: " + p + ": commands[0].note: unknown field, ignored",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
	// DxDispatch's image model (models/image_io.json, its resource): images are
	// not supported, and said so.
	img := writeModel(t, dir, "image.json", `{ "resources": { "input": { "initialValues": { "sourcePath": "chihuahua.jpg" },
	  "initialValuesDataType": "FLOAT32", "resampleSize": [1, 3, 512, 512] } }, "dispatchables": {}, "commands": [] }`)
	if code, _, errs := runCLI("-model", img); code != 2 || !strings.Contains(errs, "images are not supported") {
		t.Errorf("the image model: exit %d, %q", code, errs)
	}
	typo := writeModel(t, dir, "typo.json", `{ "resources": { "Out": { "initialValuesDataType": "UINT8",
	  "initialValues": { "valueCount": 4, "valueStrat": 1, "valueDelta": 2 } } }, "dispatchables": {}, "commands": [] }`)
	if code, _, errs := runCLI("-model", typo); code != 2 || !strings.Contains(errs, "valueStrat: unknown field; did you mean valueStart?") {
		t.Errorf("a near miss: exit %d, %q", code, errs)
	}
}

// TestModelWindowsPaths: a model written on Windows, with backslashes in
// targetPath and sourcePath, writes and reads the same files on every
// system; a path from a root or a drive, in either system's spelling, is
// refused as absolute on every system, quoted as the model wrote it.
func TestModelWindowsPaths(t *testing.T) {
	dir := testtmp.Dir(t)
	p := writeModel(t, dir, "win.json", `{
    "resources": { "Out": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 4, "value": 0 } } },
    "dispatchables": { "f": { "type": "DML_OPERATOR_FILL_VALUE_SEQUENCE",
        "desc": { "ValueDataType": "UINT8", "ValueStart": 3, "ValueDelta": 2, "OutputTensor": { "DataType": "UINT8", "Sizes": [4] } } } },
    "commands": [ { "type": "dispatch", "dispatchable": "f", "bindings": { "OutputTensor": "Out" } },
                  { "type": "writeFile", "resource": "Out", "targetPath": "sub\\out.bin" },
                  { "type": "writeFile", "resource": "Out", "targetPath": "sub\\deeper/mixed.bin" } ] }`)
	code, out, errs := runCLI("-model", p, "-output-path", dir)
	want := "Resource 'Out' written to '" + filepath.Join(dir, "sub", "out.bin") + "'\n" +
		"Resource 'Out' written to '" + filepath.Join(dir, "sub", "deeper", "mixed.bin") + "'\n"
	if code != 0 || out != want || errs != "" {
		t.Fatalf("exit %d, %q, %q; want %q", code, out, errs, want)
	}
	for _, name := range []string{filepath.Join("sub", "out.bin"), filepath.Join("sub", "deeper", "mixed.bin")} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != "\x03\x05\x07\x09" {
			t.Errorf("%s: % x, %v", name, b, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 { // win.json and sub, no file named with a backslash
		t.Errorf("the output folder holds %d entries, want win.json and sub", len(entries))
	}
	read := writeModel(t, dir, "read.json", `{ "resources": { "In": { "initialValuesDataType": "UINT8", "initialValues": { "sourcePath": "sub\\deeper\\mixed.bin" } } },
    "dispatchables": {}, "commands": [ { "type": "print", "resource": "In" } ] }`)
	if code, out, errs := runCLI("-model", read); code != 0 || out != "Resource 'In': 3, 5, 7, 9\n" {
		t.Errorf("sourcePath with backslashes: exit %d, %q, %q", code, out, errs)
	}
	for _, target := range []string{`C:\Windows\x.bin`, `c:/x.bin`, `C:x.bin`, `\x.bin`, `\\server\share\x.bin`, `/x.bin`} {
		q := jsonString(target)
		m := writeModel(t, dir, "abs.json", `{ "resources": { "Out": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 4, "value": 0 } } },
    "dispatchables": {}, "commands": [ { "type": "writeFile", "resource": "Out", "targetPath": `+q+` } ] }`)
		if code, _, errs := runCLI("-model", m, "-output-path", dir); code != 2 || !strings.Contains(errs, q+" is an absolute path; writeFile writes inside the output folder") {
			t.Errorf("targetPath %s: exit %d, %q", target, code, errs)
		}
		m = writeModel(t, dir, "abs.json", `{ "resources": { "In": { "initialValuesDataType": "UINT8", "initialValues": { "sourcePath": `+q+` } } },
    "dispatchables": {}, "commands": [] }`)
		if code, _, errs := runCLI("-model", m); code != 2 || !strings.Contains(errs, q+" is an absolute path; sourcePath reads inside the model's folder") {
			t.Errorf("sourcePath %s: exit %d, %q", target, code, errs)
		}
	}
	up := writeModel(t, dir, "up.json", `{ "resources": { "Out": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 4, "value": 0 } } },
    "dispatchables": {}, "commands": [ { "type": "writeFile", "resource": "Out", "targetPath": "sub\\..\\..\\x.bin" } ] }`)
	if code, _, errs := runCLI("-model", up, "-output-path", dir); code != 2 || !strings.Contains(errs, `"sub\\..\\..\\x.bin" leaves the output folder`) {
		t.Errorf("..\\ out: exit %d, %q", code, errs)
	}
}

// TestModelDriveWithAnyPath: with -allow-any-path, a drive-letter path on a
// system without drives is refused, naming the drive, not written as a
// folder "C:" in the current one.
func TestModelDriveWithAnyPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has drives")
	}
	dir := testtmp.Dir(t)
	t.Chdir(dir)
	for _, target := range []string{`C:\x.bin`, `D:y.bin`} {
		m := writeModel(t, dir, "drive.json", `{ "resources": { "Out": { "initialValuesDataType": "UINT8", "initialValues": { "valueCount": 4, "value": 0 } } },
    "dispatchables": {}, "commands": [ { "type": "writeFile", "resource": "Out", "targetPath": `+jsonString(target)+` } ] }`)
		if code, _, errs := runCLI("-model", m, "-allow-any-path"); code != 2 || !strings.Contains(errs, "and this system has no drives") {
			t.Errorf("%s: exit %d, %q", target, code, errs)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the model alone", len(entries))
	}
}
