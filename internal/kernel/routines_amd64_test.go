//go:build amd64 && !purego

package kernel

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// untestedRoutines are the routines no kernel test calls, and why.
var untestedRoutines = map[string]string{
	"cpuid":         "the CPU probe (CPU), not a kernel",
	"xgetbv":        "the CPU probe (CPU), not a kernel",
	"storeAVX2":     "the write ceiling's store loop (StoreMethods, dmlbench), not a kernel",
	"storeRepStosq": "the write ceiling's store loop (StoreMethods, dmlbench), not a kernel",
	"storeAVX2NT":   "the write ceiling's store loop (StoreMethods, dmlbench), not a kernel",
}

// TestEveryRoutineTested: every routine of the package's .s files (the
// generated kernels included) is named in the code of a test (a call, or a
// function value a test table holds; comments and strings do not count),
// but for the few listed in untestedRoutines: a routine the generator
// gains cannot go untested unnoticed.
func TestEveryRoutineTested(t *testing.T) {
	files, err := filepath.Glob("*_amd64_test.go")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				named[id.Name] = true
			}
			return true
		})
	}
	routines := asmRoutines(t)
	if len(routines) < 100 {
		t.Fatalf("%d routines found in the .s files", len(routines))
	}
	for _, r := range routines {
		if why, ok := untestedRoutines[r]; ok {
			if named[r] {
				t.Errorf("%s is listed as untested (%s) but a test names it: take it off the list", r, why)
			}
			continue
		}
		if !named[r] {
			t.Errorf("no test calls %s", r)
		}
	}
}
