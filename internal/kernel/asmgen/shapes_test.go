package main

import (
	"strings"
	"testing"
)

// TestShapesRefused: shapesOf stops the generation, saying why, on shapes
// it cannot write right: two of one name, a method of runs with rows'
// fields, a planned-only method that streams, two rows of the row
// planner's table of one rank or one precondition, a precondition not
// named canX.
func TestShapesRefused(t *testing.T) {
	row := func(rank int, can string) Shape {
		return Shape{Name: "r" + can, Const: "mR" + can, Rows: true, Plan: []Row{{Rank: rank, Can: can}}}
	}
	for _, c := range []struct {
		shapes []Shape
		why    string
	}{
		{[]Shape{{Name: "a", Const: "mA"}, {Name: "a", Const: "mB"}}, "declared twice"},
		{[]Shape{{Name: "a", Const: "mA", Stream: streamAny}}, "a method of runs with rows' fields"},
		{[]Shape{{Name: "a", Const: "mA", Rows: true, Planned: true, Stream: streamAny}}, "planned only"},
		{[]Shape{row(5, "canA"), row(5, "canB")}, "two rows of rank 5"},
		{[]Shape{row(5, "canA"), {Name: "b", Const: "mB", Rows: true, Plan: []Row{{Rank: 6, Can: "canA"}}}}, "two rows of precondition canA"},
		{[]Shape{row(5, "can")}, "is not named canX"},
		{[]Shape{row(5, "isA")}, "is not named canX"},
	} {
		f := NewFile("t", "test")
		f.Shapes(c.shapes...)
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, c.why) {
					t.Errorf("%v: panicked with %q, want one that says %q", c.shapes, r, c.why)
				}
			}()
			shapesOf([]*File{f})
		}()
	}
}
