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
// store routines are the table's.
func layerOf(file string) int {
	switch file {
	case "exec.go", "binlanes.go", "lanes.go", "zip.go":
		return 5 // executor: Filler, its lane tables and buffers
	case "plan.go":
		return 4 // planner
	case "seq.go":
		return 3 // the sequence's exact form and facts
	case "round.go":
		return 1 // the rounding rules
	}
	return 2 // the table: its kernels' declarations and dispatch, the Go twins, the store kinds
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
		for _, name := range pkg.GoFiles {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
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
			from, to := filepath.Base(fset.Position(id.Pos()).Filename), filepath.Base(fset.Position(obj.Pos()).Filename)
			uses++
			if layerOf(to) > layerOf(from) {
				t.Errorf("build %s: %s (layer %d) uses %s of %s (layer %d), a layer above it", strings.Join(append([]string{"amd64"}, tags...), ","), fset.Position(id.Pos()), layerOf(from), id.Name, to, layerOf(to))
			}
		}
		if uses < 1000 {
			t.Fatalf("only %d uses of the package's names read", uses)
		}
	}
}
