// Package funclen holds the repository's hand-written functions to 80 lines
// or less (its test is the package): generated files (a "Code generated ...
// DO NOT EDIT." line) are left out, test files are not. A function's length
// runs from its func keyword to its closing brace, the function literals
// inside it included.
package funclen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// most is the longest a hand-written function may be, in lines from its
// func keyword to its closing brace.
const most = 80

var generated = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// long returns "path:func" → lines of every function longer than most in
// the repository's hand-written Go files.
func long(t *testing.T, root string) map[string]int {
	t.Helper()
	found := map[string]int{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if generated.Match(src) {
			return nil
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n > most {
				found[filepath.ToSlash(rel)+":"+name(fn)] = n
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// name is a function's name, a method's with its receiver's type.
func name(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	if ix, ok := typ.(*ast.IndexExpr); ok {
		typ = ix.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}

// TestFunctionLength fails on every hand-written function past most lines,
// naming it and its length.
func TestFunctionLength(t *testing.T) {
	found := long(t, "../..")
	names := make([]string, 0, len(found))
	for k := range found {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Errorf("%s is %d lines, past %d: split it by what its parts do", k, found[k], most)
	}
}
