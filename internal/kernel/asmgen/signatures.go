package main

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"
)

// The kernel signatures, each written once: every routine asmgen declares
// names its Sig (Func, FuncFrame), which gives its parameters (the frame
// offsets, the //go:noescape declaration, the .s file's comment) and its
// result, and the kernel tests' lists of routines and twins
// (pairs_amd64_test.go, pairsFile). The kernels' Go types, with their
// contracts, are package kernel's (kernels.go, hand-written): TestKernelTypes
// holds each to its Sig.

// A Sig is one signature of routines: the name of the Go function type
// package kernel declares for it (kernels.go, with the contract its
// routines and their twins keep), and its parameter list and result.
type Sig struct {
	Type   string // the Go type's name: addKernel ("": none, for the store loops, which are not kernels)
	Params string // the Go parameter list, each parameter 8 bytes: "dst *byte, blocks int, ..."
	Result string // the result's Go type, of 8 bytes ("": none), named ret in the frame
}

// Method returns the parameter list of a table method that takes pre
// ("st store") before the kernel's parameters.
func (s *Sig) Method(pre string) string { return pre + ", " + s.Params }

// Args returns the names of the parameters, comma-separated: the
// arguments of a call that passes them on.
func (s *Sig) Args() string { return argNames(s.Params) }

// pairsName is the name of the list of the signature's routines and twins
// in pairs_amd64_test.go: addPairs for addKernel.
func (s *Sig) pairsName() string { return strings.TrimSuffix(s.Type, "Kernel") + "Pairs" }

// The kernel signatures, in the order kernels.go declares their types.
var (
	sigAdd = &Sig{
		Type:   "addKernel",
		Params: "dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte",
	}

	sigMask = &Sig{
		Type:   "addMaskKernel",
		Params: "dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64",
	}

	sigFMAMask = &Sig{
		Type:   "fmaMaskKernel",
		Params: "dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64",
	}

	sigF64 = &Sig{
		Type:   "f64Kernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64",
	}

	sigF64Stride = &Sig{
		Type:   "f64StrideKernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int",
	}

	sigMaskF64 = &Sig{
		Type:   "f64MaskKernel",
		Params: "dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64",
	}

	sigF32 = &Sig{
		Type:   "f32Kernel",
		Params: "dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32",
	}

	sigBin = &Sig{
		Type:   "binKernel",
		Params: "dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64",
	}

	sigSpan = &Sig{
		Type:   "binSpanKernel",
		Params: "dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64",
	}

	sigSpan128 = &Sig{
		Type:   "binSpan128Kernel",
		Params: "dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64",
	}

	sigRuns = &Sig{
		Type:   "runsKernel",
		Params: "dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64",
	}

	sigRowsRuns = &Sig{
		Type:   "rowsRunsKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64",
	}

	sigBinS = &Sig{
		Type:   "binSKernel",
		Params: "dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64",
	}

	sigFMAD = &Sig{
		Type:   "fmaDKernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64",
		Result: "int",
	}

	sigFMA64 = &Sig{
		Type:   "fmaKernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64",
	}

	sigFMA32 = &Sig{
		Type:   "fmaSKernel",
		Params: "dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64",
	}

	sigFMA32Stride = &Sig{
		Type:   "fmaStrideSKernel",
		Params: "dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int",
	}

	sigRowsAdd = &Sig{
		Type:   "rowsKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte",
	}

	sigRowsBin = &Sig{
		Type:   "rowsBinKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64",
	}

	sigRowsFMAS = &Sig{
		Type:   "rowsFMASKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64",
	}

	sigRowsBinS = &Sig{
		Type:   "rowsBinSKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64",
	}

	sigAdd192 = &Sig{
		Type:   "add192Kernel",
		Params: "dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte",
	}

	sigAdd640 = &Sig{
		Type:   "add640Kernel",
		Params: "dst *byte, blocks int, base *[640]byte, first uint64, inc *[32]byte",
	}

	sigFMA192S = &Sig{
		Type:   "fma192SKernel",
		Params: "dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64",
	}

	sigFMA640S = &Sig{
		Type:   "fma640SKernel",
		Params: "dst *byte, blocks int, base *[160]float32, first uint64, inc *[8]float32, start, delta uint64",
	}

	sigF64Period = &Sig{
		Type:   "f64PeriodKernel",
		Params: "dst *byte, blocks int, base *[80]float64, first uint64, inc *[4]float64",
	}

	sigBinLanes = &Sig{
		Type:   "bin192Kernel",
		Params: "dst *byte, blocks, stride int, l *binLanes, j0, ties uint64",
	}

	sigBinLanesM = &Sig{
		Type:   "bin192MaskKernel",
		Params: "dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64",
	}

	sigZip = &Sig{
		Type:   "zipKernel",
		Params: "dst, cols *byte, blocks int, z *zipPlan",
	}
)

// kernelSigs are the kernel signatures with a Go type, in order.
var kernelSigs = []*Sig{
	sigAdd, sigMask, sigFMAMask, sigF64, sigF64Stride, sigMaskF64, sigF32, sigBin, sigSpan, sigSpan128, sigRuns, sigRowsRuns, sigBinS, sigFMAD, sigFMA64, sigFMA32, sigFMA32Stride, sigRowsAdd, sigRowsBin, sigRowsFMAS, sigRowsBinS, sigAdd192, sigAdd640, sigFMA192S, sigFMA640S, sigF64Period, sigBinLanes, sigBinLanesM, sigZip,
}

// The store loops' signatures (store_amd64.s): the write ceiling's and the
// store verdict's loops, not kernels: no Go type, no twin.
var (
	sigStoreRep    = &Sig{Params: "dst *byte, words int, pattern uint64"}
	sigStoreBlocks = &Sig{Params: "dst *byte, blocks int, pattern *[32]byte"}
	sigStoreRows   = &Sig{Params: "dst *byte, rows, pitch, rowBytes int, pattern *[32]byte"}
)

// A twin is one routine's entry in its signature's list of the kernel
// tests (File.Twin): the routine, its Go twin, whether it streams and
// whether it needs AVX-512.
type twin struct {
	routine, twin  string
	stream, avx512 bool
}

// pairsFile returns pairs_amd64_test.go: for each kernel signature, the
// list of its routines with their twins, in the order files declares them
// (each file's twins: File.twins).
func pairsFile(fs []*File) []byte {
	bySig := map[*Sig][]twin{}
	for _, f := range fs {
		for _, s := range kernelSigs {
			bySig[s] = append(bySig[s], f.twins[s]...)
		}
	}
	var b bytes.Buffer
	b.WriteString(generated + "//go:build amd64 && !purego\n\npackage kernel\n\n")
	b.WriteString("// The kernel tests' lists: each kernel signature's assembly routines,\n")
	b.WriteString("// each with its Go twin, whether it streams and whether it needs AVX-512.\n")
	for _, s := range kernelSigs {
		fmt.Fprintf(&b, "\n// %s are the routines of %s and their twins.\n", s.pairsName(), s.Type)
		fmt.Fprintf(&b, "var %s = []pair[%s]{\n", s.pairsName(), s.Type)
		for _, t := range bySig[s] {
			fmt.Fprintf(&b, "\t{%q, %s, %s, %t, %t},\n", t.routine, t.routine, t.twin, t.stream, t.avx512)
		}
		b.WriteString("}\n")
	}
	return gofmt("pairs_amd64_test.go", b.Bytes())
}

// gofmt returns src formatted, and panics (naming the file) where it does
// not parse.
func gofmt(name string, src []byte) []byte {
	out, err := format.Source(src)
	if err != nil {
		panic(fmt.Sprintf("%s: %v\n%s", name, err, src))
	}
	return out
}
