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

// TestSignaturesOnce fails on a function type declared in a hand-written
// file of the package, tests included: the kernel signatures are written
// once, in asmgen/signatures.go, which writes their types into
// kernels_gen.go (generated files are left out here).
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
		if generated.Match(src) {
			continue
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if _, isFunc := ts.Type.(*ast.FuncType); isFunc {
					t.Errorf("%s: type %s is a function type: a kernel signature belongs in asmgen/signatures.go", fset.Position(ts.Pos()), ts.Name.Name)
				}
			}
			return true
		})
	}
}
