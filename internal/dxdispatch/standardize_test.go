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

// TestArrayItems: the items of an array, split at the commas outside
// strings, brackets and braces, as the standard decoder reads them.
func TestArrayItems(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{`[]`, nil},
		{` [ ] `, nil},
		{`[1]`, []string{`1`}},
		{`[1, -2.5e3 ,3]`, []string{`1`, `-2.5e3`, `3`}},
		{`["a,b", "c\"]d", [1, [2, 3]], {"k": [4, 5]}, null]`, []string{`"a,b"`, `"c\"]d"`, `[1, [2, 3]]`, `{"k": [4, 5]}`, `null`}},
	} {
		var got []string
		err := arrayItems(json.RawMessage(c.in), func(i int, item []byte) error {
			if i != len(got) {
				t.Fatalf("%s: item %d out of order", c.in, i)
			}
			got = append(got, string(item))
			return nil
		})
		if err != nil || strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %q, %v; want %q", c.in, got, err, c.want)
		}
		var std []json.RawMessage
		if err := json.Unmarshal([]byte(c.in), &std); err != nil || len(std) != len(got) {
			t.Errorf("%s: the standard decoder reads %d items, %v", c.in, len(std), err)
		}
	}
	for _, bad := range []string{`{}`, `[1,,2]`, `[1 2]`, `1`} {
		if err := arrayItems(json.RawMessage(bad), func(int, []byte) error { return nil }); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
