package kernel

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestSignaturesOnce fails on a function type declared in a file of the
// package, tests included, other than kernels.go: the kernel signatures'
// types are there, each held to its signature in asmgen/signatures.go
// (asmgen's TestKernelTypes), from which the routines are generated.
func TestSignaturesOnce(t *testing.T) {
	generated := regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if generated.Match(src) || p == "kernels.go" {
			continue
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if _, isFunc := ts.Type.(*ast.FuncType); isFunc {
					t.Errorf("%s: type %s is a function type: a kernel signature belongs in kernels.go and asmgen/signatures.go", fset.Position(ts.Pos()), ts.Name.Name)
				}
			}
			return true
		})
	}
}
