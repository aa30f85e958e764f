// Command asmgen writes internal/kernel's generated assembly, the Go
// declarations of its routines and the table's dispatch to them:
//
//	cd internal/kernel && go run ./asmgen
//
// Each family of kernels is one Go function here (add.go: the add kernels)
// in which the value core is written once and the lane kinds, shapes, store
// kinds and instruction sets are parameters; the output is committed, and
// asmgen's test fails when a fresh generation differs from it.
//
// The generator is this package's own, in the manner of math/big's
// internal/asmgen, rather than avo: it needs nothing outside the standard
// library (the module gains no dependency), it emits the same instructions
// the hand-written files had, in the registers they chose (so the machine
// code of a routine is unchanged where its family moves here), and the same
// descriptions can later be given an arm64 back end, which avo has not.
// From the Go signature it takes each argument's frame offset (go vet's
// asmdecl then checks them in the output, as it could not inside macros)
// and writes the //go:noescape declarations. Each signature is written
// once (signatures.go): the routines name it, and it gives the kernel
// tests their lists of routines and twins (pairs_amd64_test.go); its Go
// type, with the contract, is package kernel's own (kernels.go), held to
// it by TestKernelTypes. Each method of package kernel is declared once
// too, as a Shape (shapes.go): its constant and name and its rows of the
// row planner's table are written from it (plan_gen.go); its doc, planner
// step and executor are in its file (shape_NAME.go).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// files returns every generated file: name, contents.
func files() map[string][]byte {
	out := map[string][]byte{}
	var other bytes.Buffer
	other.WriteString(generated + "//go:build !amd64 || purego\n\npackage kernel\n\n")
	other.WriteString("// The table's methods where there is no assembly (other architectures,\n// -tags purego): each its kernels' Go twin.\n")
	fs := []*File{addFile(), storeFile(), zipFile(), runsFile(), binlanesFile(), convertFile(), rowsFile(), binadeFile()}
	for _, f := range fs {
		out[f.name+"_amd64.s"] = f.Assembly()
		out[f.name+"_amd64.go"] = f.Go()
		other.Write(f.other.Bytes())
	}
	out["dispatch_other.go"] = gofmt("dispatch_other.go", other.Bytes())
	out["pairs_amd64_test.go"] = pairsFile(fs)
	shapes := shapesOf(fs)
	out["plan_gen.go"] = planFile(shapes)
	out["valid_gen_test.go"] = validFile(shapes)
	return out
}

func main() {
	dir := flag.String("dir", ".", "the folder of package kernel")
	flag.Parse()
	for name, b := range files() {
		p := filepath.Join(*dir, name)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, b) {
			continue
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "asmgen:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", p)
	}
}
