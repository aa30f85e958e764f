// Package funclen holds the repository's hand-written functions to 80 lines
// or less (its test is the package): generated files (a "Code generated ...
// DO NOT EDIT." line) are left out. The functions longer than that today
// are listed in testdata/known.txt with their lengths, each to be split:
// the test fails on a function past 80 lines that the list does not name,
// or one that grew past its listed length, and on a listed function that is
// now 80 lines or less (strike it from the list).
package funclen

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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

// known reads testdata/known.txt: "path:func lines" a line, # comments.
func known(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open("testdata/known.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	list := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " ")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil {
			t.Fatalf("testdata/known.txt: %q is not \"path:func lines\"", line)
		}
		list[k] = n
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return list
}

func TestFunctionLength(t *testing.T) {
	found, list := long(t, "../.."), known(t)
	for k, n := range found {
		switch was, ok := list[k]; {
		case !ok:
			t.Errorf("%s is %d lines, past %d: split it", k, n, most)
		case n > was:
			t.Errorf("%s grew to %d lines (listed at %d, to be split, not grown)", k, n, was)
		}
	}
	for k, was := range list {
		if _, ok := found[k]; !ok {
			t.Errorf("%s (listed at %d lines) is now %d lines or less, or gone: strike it from testdata/known.txt", k, was, most)
		}
	}
	if t.Failed() {
		var all []string
		for k, n := range found {
			all = append(all, fmt.Sprintf("%s %d", k, n))
		}
		t.Logf("the functions past %d lines now:\n%s", most, strings.Join(all, "\n"))
	}
}
