package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"testing"
)

// TestKernelTypes: package kernel declares, in kernels.go, the Go type of
// every kernel signature (kernelSigs) with the parameters and result its
// routines are generated with, in the same order, and no other function
// type.
func TestKernelTypes(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", "kernels.go"), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var got []*ast.TypeSpec
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok {
			if _, isFunc := ts.Type.(*ast.FuncType); isFunc {
				got = append(got, ts)
			}
		}
		return true
	})
	if len(got) != len(kernelSigs) {
		t.Fatalf("kernels.go declares %d function types, asmgen %d kernel signatures", len(got), len(kernelSigs))
	}
	for i, s := range kernelSigs {
		want, err := parser.ParseExpr("func(" + s.Params + ") " + s.Result)
		if err != nil {
			t.Fatalf("%s: %v", s.Type, err)
		}
		if got[i].Name.Name != s.Type {
			t.Errorf("kernels.go's type %d is %s, asmgen's %s", i, got[i].Name.Name, s.Type)
		}
		if g, w := types.ExprString(got[i].Type), types.ExprString(want); g != w {
			t.Errorf("kernels.go's %s is %s, asmgen's %s", s.Type, g, w)
		}
	}
}
