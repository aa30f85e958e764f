package kernel

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// layerOf is the layer of each file of the package (doc.go's map), from the
// top: a file may use what its own layer and the layers below it define,
// never what a layer above it does. Generated files, the CPU probe and the
// store routines are the table's, but for the planner's and the executor's
// generated parts. A shape's file (shape_NAME.go) is a column through the
// layers: each of its declarations is in its own (shapeLayer).
func layerOf(file string) int {
	switch file {
	case "exec.go", "binlanes.go", "lanes.go", "zip.go":
		return 5 // executor: Filler, its lane tables and buffers
	case "plan.go", "plan_gen.go":
		return 4 // planner
	case "seq.go":
		return 3 // the sequence's exact form and facts
	case "round.go":
		return 1 // the rounding rules
	}
	return 2 // the table: its kernels' declarations and dispatch, the Go twins, the store kinds
}

// shapeLayer is the layer of declaration d of a shape's file: a method of
// a Filler (its executor) the executor's, a function of no receiver (its
// kernels' twin, and what the twin calls) the table's, anything else (its
// preconditions, Seq methods) the planner's.
func shapeLayer(d ast.Decl) int {
	f, ok := d.(*ast.FuncDecl)
	switch {
	case ok && f.Recv == nil:
		return 2
	case ok && types.ExprString(f.Recv.List[0].Type) == "*Filler":
		return 5
	}
	return 4
}

// A layers finds the layer of a place in the package's files: its file's
// (layerOf), or in a shape's file its declaration's (shapeLayer).
type layers struct {
	fset  *token.FileSet
	decls map[string][]ast.Decl // each shape file's declarations
}

// at returns the layer of the place pos, and its file's name.
func (l *layers) at(pos token.Pos) (int, string) {
	file := filepath.Base(l.fset.Position(pos).Filename)
	for _, d := range l.decls[file] {
		if d.Pos() <= pos && pos < d.End() {
			return shapeLayer(d), file
		}
	}
	return layerOf(file), file
}

// TestLayers: no file of the package uses a name defined in a file of a
// layer above it (layerOf), on the amd64 build and on the build without
// assembly (purego).
func TestLayers(t *testing.T) {
	for _, tags := range [][]string{nil, {"purego"}} {
		ctx := build.Default
		ctx.GOARCH, ctx.BuildTags = "amd64", tags
		pkg, err := ctx.ImportDir(".", 0)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		var files []*ast.File
		ls := layers{fset: fset, decls: map[string][]ast.Decl{}}
		for _, name := range pkg.GoFiles {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
			if strings.HasPrefix(name, "shape_") || name == "methods.go" {
				ls.decls[name] = f.Decls
			}
		}
		if len(ls.decls) == 0 {
			t.Fatal("no shape's file (shape_NAME.go) read")
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		if _, err := conf.Check("kernel", fset, files, info); err != nil {
			t.Fatal(err)
		}
		uses := 0
		for id, obj := range info.Uses {
			if obj.Pkg() == nil || obj.Pkg().Path() != "kernel" || !obj.Pos().IsValid() {
				continue
			}
			if _, imported := obj.(*types.PkgName); imported {
				continue // (an import's name: of its file, not of a layer)
			}
			from, _ := ls.at(id.Pos())
			to, toFile := ls.at(obj.Pos())
			uses++
			if to > from {
				t.Errorf("build %s: %s (layer %d) uses %s of %s (layer %d), a layer above it", strings.Join(append([]string{"amd64"}, tags...), ","), fset.Position(id.Pos()), from, id.Name, toFile, to)
			}
		}
		if uses < 1000 {
			t.Fatalf("only %d uses of the package's names read", uses)
		}
	}
}
