package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// The shapes: package kernel's methods, each declared once, by the family
// that writes its kernels (File.Shapes, next to them) or, for the methods
// with no kernel of their own, in plainShapes below. asmgen writes from
// them plan_gen.go: tables only (the method constants and names, the row
// planner's table and which row kernels stream). Everything else of a
// method is hand-written in its file in package kernel (shape_NAME.go:
// its doc and precondition, its step of the planner, its executor, its
// kernels' twin), so a method lives in two hand-written files: its family
// here and its file there (and a line of the dispatch that lists the
// methods, exec.go).

// A Shape is one method of package kernel's planner.
type Shape struct {
	Name  string // as ShapesOff and the tests say it: "rows-fma-s"
	Const string // its constant: "mRowsFMAS"

	// Whether the planner only plans it: no piece is executed with it (its
	// pieces become other methods').
	Planned bool

	// Of methods of rows: its rows of the row planner's table, and where
	// its kernel streams.
	Rows   bool
	Plan   []Row
	Stream stream
}

// A Row is one row of the row planner's table: the rows' first row whose
// precondition holds, and that ShapesOff does not leave out, is chosen.
type Row struct {
	Rank int    // its place in the table, lower first (the table's rows come from every shape)
	Can  string // the Seq method of its precondition: func(r *rowSpan) bool, canX (its rowTest: rowX)
	Off  string // the flag of plan.go that leaves it out ("": none)
}

// A stream says where a row kernel has a streaming form: never; for rows
// that rowsStream allows (every row at a multiple of 16 bytes and a
// multiple of 16 long, 256 or more: rowsAddNT streams whole vectors, and
// writes a partial cache line with one or two regular stores); or for any
// rows it takes (of addBlock bytes or more, aligned to the element:
// rows64NT writes the partial cache lines with regular stores of the width
// that fits, f16RowsRuns with masked regular stores).
type stream int

const (
	streamNever stream = iota
	streamAligned
	streamAny
)

// Shapes declares the methods of the file's family.
func (f *File) Shapes(s ...Shape) { f.shapes = append(f.shapes, s...) }

// plainShapes are the methods with no kernel of their own: plain Go, and
// the methods of rows that write with other methods or kernels.
var plainShapes = []Shape{
	{Name: "start", Const: "mStart"},
	{Name: "words", Const: "mWords"},
	{Name: "linear", Const: "mLinear"},
	{Name: "exact", Const: "mExact"},
	{Name: "fma", Const: "mFMA"},
	{Name: "row-runs", Const: "mRowRuns", Rows: true, Plan: []Row{{Rank: 30, Can: "canFloat64"}}},
	{Name: "columns", Const: "mColumns", Rows: true},
	{Name: "rows-lanes", Const: "mRowsLanes", Rows: true},
}

// shapesOf returns every shape: plainShapes, then each file's in order;
// it panics where two share a name or a constant, or a shape of runs
// names rows' fields.
func shapesOf(fs []*File) []Shape {
	all := slices.Clone(plainShapes)
	for _, f := range fs {
		all = append(all, f.shapes...)
	}
	seen := map[string]bool{}
	for _, s := range all {
		if seen[s.Name] || seen[s.Const] {
			panic(fmt.Sprintf("shape %s (%s): declared twice", s.Name, s.Const))
		}
		seen[s.Name], seen[s.Const] = true, true
		if !s.Rows && (s.Plan != nil || s.Stream != streamNever) {
			panic(fmt.Sprintf("shape %s: a method of runs with rows' fields", s.Name))
		}
		if s.Planned && s.Stream != streamNever {
			panic(fmt.Sprintf("shape %s: planned only, but a kernel that streams", s.Name))
		}
	}
	checkRows(all)
	return all
}

// checkRows panics where two rows of the row planner's table share a Rank
// (their order would be the files') or a precondition, or one's Can is
// not canX with X not empty.
func checkRows(all []Shape) {
	ranks, cans := map[int]string{}, map[string]string{}
	for _, s := range all {
		for _, r := range s.Plan {
			if len(r.Can) <= len("can") || !strings.HasPrefix(r.Can, "can") {
				panic(fmt.Sprintf("shape %s: precondition %q is not named canX", s.Name, r.Can))
			}
			if o, ok := ranks[r.Rank]; ok {
				panic(fmt.Sprintf("shapes %s and %s: two rows of rank %d", o, s.Name, r.Rank))
			}
			if o, ok := cans[r.Can]; ok {
				panic(fmt.Sprintf("shapes %s and %s: two rows of precondition %s", o, s.Name, r.Can))
			}
			ranks[r.Rank], cans[r.Can] = s.Name, s.Name
		}
	}
}

// planFile returns plan_gen.go: the methods' constants (runs first, then
// rows, each in the order of shapesOf) and names, the row planner's table
// and rowsStreamable. Each method's doc is in its file (shape_NAME.go).
func planFile(all []Shape) []byte {
	var b bytes.Buffer
	b.WriteString(generated + "package kernel\n\n")
	ordered := slices.Concat(shapesWhere(all, false), shapesWhere(all, true))
	b.WriteString("// The methods, each declared by its shape (asmgen's Shape): the methods of\n// runs, then those of rows. Each method's doc, with its precondition (Pre,\n// which Seq.valid checks), is in its file: shape_NAME.go for its name.\nconst (\n")
	for i, s := range ordered {
		if i == 0 {
			fmt.Fprintf(&b, "\t%s method = iota // %s\n", s.Const, s.Name)
		} else {
			fmt.Fprintf(&b, "\t%s // %s\n", s.Const, s.Name)
		}
	}
	b.WriteString(")\n\n// methodNames are the methods' names, as ShapesOff and the tests say them.\nvar methodNames = [...]string{\n")
	for _, s := range ordered {
		fmt.Fprintf(&b, "\t%s: %q,\n", s.Const, s.Name)
	}
	b.WriteString("}\n")
	rowTable(&b, all)
	streamable(&b, all)
	return gofmt("plan_gen.go", b.Bytes())
}

// shapesWhere returns the shapes of rows (rows) or of runs, in order.
func shapesWhere(all []Shape, rows bool) []Shape {
	var out []Shape
	for _, s := range all {
		if s.Rows == rows {
			out = append(out, s)
		}
	}
	return out
}

// A tableRow is a Row with its method's constant.
type tableRow struct {
	Row
	m string
}

// tableRows returns the rows of the row planner's table, by Rank.
func tableRows(all []Shape) []tableRow {
	var rows []tableRow
	for _, s := range all {
		for _, r := range s.Plan {
			rows = append(rows, tableRow{r, s.Const})
		}
	}
	slices.SortFunc(rows, func(x, y tableRow) int { return x.Rank - y.Rank })
	return rows
}

// rowTable writes the row planner's table: the rowTest of each row and the
// rows by Rank (rowMethods). Which precondition each rowTest calls is
// rowHolds's, written by hand (methods.go).
func rowTable(b *bytes.Buffer, all []Shape) {
	rows := tableRows(all)
	test := func(r tableRow) string { return "row" + strings.TrimPrefix(r.Can, "can") }
	b.WriteString("\n// The preconditions of the row planner's table (rowTest), each a Seq\n// method of its shape: rowX is canX.\nconst (\n")
	for i, r := range rows {
		if i == 0 {
			fmt.Fprintf(b, "\t%s rowTest = iota\n", test(r))
		} else {
			fmt.Fprintf(b, "\t%s\n", test(r))
		}
	}
	b.WriteString(")\n\n// rowMethods is the row planner's table, in the order it is tried (the\n")
	b.WriteString("// shapes' rows by Rank): the first row whose precondition holds, and that\n")
	b.WriteString("// ShapesOff does not leave out, is chosen; where none, mRowRuns (a row at\n// a time, each as a run).\n")
	b.WriteString("var rowMethods = [...]rowMethod{\n")
	for _, r := range rows {
		off := ""
		if r.Off != "" {
			off = ", off: " + r.Off
		}
		fmt.Fprintf(b, "\t{m: %s%s, can: %s},\n", r.m, off, test(r))
	}
	b.WriteString("}\n")
}

// streamable writes rowsStreamable from the shapes' Stream.
func streamable(b *bytes.Buffer, all []Shape) {
	var aligned, any []string
	for _, s := range all {
		switch s.Stream {
		case streamAligned:
			aligned = append(aligned, s.Const)
		case streamAny:
			any = append(any, s.Const)
		}
	}
	b.WriteString(`
// rowsStreamable reports whether the row kernel of method m has a streaming
// form for rows of rowBytes at dst, dst + pitch, ...: some where rowsStream
// holds, some for any of their rows (of addBlock bytes or more).
func rowsStreamable(m method, dst []byte, pitch, rowBytes int) bool {
	switch m {
`)
	if aligned != nil {
		fmt.Fprintf(b, "\tcase %s:\n\t\treturn rowsStream(dst, pitch, rowBytes)\n", strings.Join(aligned, ", "))
	}
	if any != nil {
		fmt.Fprintf(b, "\tcase %s:\n\t\treturn rowBytes >= addBlock\n", strings.Join(any, ", "))
	}
	b.WriteString("\t}\n\treturn false\n}\n")
}

// validFile returns valid_gen_test.go: validRowKernel and validRunKernel,
// the planner tests' dispatch of a piece of a kernel's method (a shape a
// family declares) to its check (validX for method mX, in the shape's
// tests), and the lists of methods the tests go through.
func validFile(all []Shape) []byte {
	var b bytes.Buffer
	b.WriteString(generated + "package kernel\n\n")
	b.WriteString(`// validRowKernel checks piece p of a row kernel's method, rows of n
// elements of indices a to last, against its method's precondition
// (validX for method mX; a method only planned is never a piece).
func (s *Seq) validRowKernel(n int, a, last, rowStep, step uint64, p piece) string {
	switch p.m {
`)
	for _, s := range shapesWhere(all[len(plainShapes):], true) { // (shapesOf: plainShapes first)
		if s.Planned {
			fmt.Fprintf(&b, "\tcase %s:\n\t\treturn %q\n", s.Const, s.Name+", which is planned only")
		} else {
			fmt.Fprintf(&b, "\tcase %s:\n\t\treturn s.valid%s(n, a, last, rowStep, step, p)\n", s.Const, s.Const[1:])
		}
	}
	b.WriteString("\t}\n\treturn \"not a method of rows\"\n}\n")
	b.WriteString("\n// rowMethodOffs are the flags that leave out each row of rowMethods, by name\n// (\"\": none).\nvar rowMethodOffs = [...]string{")
	for _, r := range tableRows(all) {
		fmt.Fprintf(&b, "%q, ", r.Off)
	}
	b.WriteString("}\n")
	validRuns(&b, shapesWhere(all[len(plainShapes):], false))
	executed(&b, "executedRuns", "runs", shapesWhere(all, false))
	executed(&b, "kernelRuns", "runs with kernels of their own (every store kind)", shapesWhere(all[len(plainShapes):], false))
	executed(&b, "executedRows", "rows", shapesWhere(all, true))
	return gofmt("valid_gen_test.go", b.Bytes())
}

// validRuns writes validRunKernel, the planner tests' dispatch of a piece
// of a kernel's method of runs (a shape of runs a family declares) to its
// check (validX for method mX, in the shape's tests).
func validRuns(b *bytes.Buffer, shapes []Shape) {
	b.WriteString(`
// validRunKernel checks piece p of a kernel's method of runs, elements of
// indices a to last (every step-th) at b, against its method's precondition
// (validX for method mX; a method only planned is never a piece).
func (s *Seq) validRunKernel(t *table, a, last, step uint64, b []byte, p piece) string {
	switch p.m {
`)
	for _, s := range shapes {
		if s.Planned {
			fmt.Fprintf(b, "\tcase %s:\n\t\treturn %q\n", s.Const, s.Name+", which is planned only")
		} else {
			fmt.Fprintf(b, "\tcase %s:\n\t\treturn s.valid%s(t, a, last, step, b, p)\n", s.Const, s.Const[1:])
		}
	}
	b.WriteString("\t}\n\treturn \"not a method of runs\"\n}\n")
}

// executed writes the list name of the methods of shapes (of what) that
// are executed (not Planned), for the planner's tests.
func executed(b *bytes.Buffer, name, what string, shapes []Shape) {
	fmt.Fprintf(b, "\n// %s are the methods of %s that pieces are executed with.\nvar %s = []method{", name, what, name)
	for _, s := range shapes {
		if !s.Planned {
			fmt.Fprintf(b, "%s, ", s.Const)
		}
	}
	b.WriteString("}\n")
}
