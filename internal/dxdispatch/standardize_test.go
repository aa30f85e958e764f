package dxdispatch

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestStandardize: comments and trailing commas become spaces outside
// strings, the text keeps its length and every line, and strings keep
// what looks like either.
func TestStandardize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a": 1, // one` + "\n" + `"b": [1, 2,], }`, `{"a": 1,       ` + "\n" + `"b": [1, 2 ]  }`},
		{`/* lead */ {"a": "x // not a comment /* nor this */",}`, `           {"a": "x // not a comment /* nor this */" }`},
		{`{"a": "quote \" // still a string", /* multi` + "\n" + `line */ "b": [ 2, ]}`, `{"a": "quote \" // still a string",         ` + "\n" + `        "b": [ 2  ]}`},
		{`[1, /* c */ ]`, `[1          ]`},
		{`[,]`, `[,]`}, // (malformed: no value before the comma)
		{`[1,,]`, `[1,,]`},
		{`{"a": "\\", "b": 1,}`, `{"a": "\\", "b": 1 }`},
	} {
		got, err := standardize([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := standardize([]byte("{\n  /* never ends")); err == nil || !strings.Contains(err.Error(), "line 2, column 3") {
		t.Errorf("an unterminated comment: %v", err)
	}
}

// TestDeepNestingRefused: 700 KB of "[" (a stack overflow, a crash, in
// the tree-building parser before) is refused as malformed, whatever the
// syntax around it.
func TestDeepNestingRefused(t *testing.T) {
	for _, text := range [][]byte{
		bytes.Repeat([]byte("["), 700_000),
		append([]byte("// a comment\n"), bytes.Repeat([]byte("["), 700_000)...),
	} {
		_, err := Parse(text, ".", nil, Options{})
		if err == nil || !strings.Contains(err.Error(), "malformed JSON") && !strings.Contains(err.Error(), "must be a JSON object") {
			t.Errorf("%d bytes of [: %v", len(text), err)
		}
	}
	if json.Valid(bytes.Repeat([]byte("["), 20000)) {
		t.Fatal("the standard library's JSON no longer bounds nesting")
	}
}
