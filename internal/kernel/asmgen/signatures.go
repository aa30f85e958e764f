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
// result; the kernels' Go types, with their contracts, are written from
// here into kernels_gen.go (kernelsFile), and the kernel tests' lists of
// routines and twins into pairs_amd64_test.go (pairsFile).

// A Sig is one signature of routines: the Go function type package kernel
// declares for it, with the contract its routines and their twins keep,
// and its parameter list and result.
type Sig struct {
	Type   string // the Go type's name: addKernel ("": none, for the store loops, which are not kernels)
	Params string // the Go parameter list, each parameter 8 bytes: "dst *byte, blocks int, ..."
	Result string // the result's Go type, of 8 bytes ("": none), named ret in the frame
	Doc    string // the type's doc comment, without the //
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

// kernelsDoc is the doc comment of the kernel types' declaration
// (kernels_gen.go), without the //.
const kernelsDoc = `The signatures of the vector kernels. Each is an assembly routine on
amd64 (in an AVX2 form, an AVX-512 form for some, and a regular and a
streaming store kind) and a Go twin of the same signature (twins.go),
which the tests hold it to. Every inc holds one value in each of its
lanes; the float kernels' values are exact by the planner's
preconditions (their twins compute the exact value and round it once).`

// The kernel signatures, in the order kernels_gen.go declares them.
var (
	sigAdd = &Sig{
		Type:   "addKernel",
		Params: "dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte",
		Doc: `addKernel writes blocks of 128 bytes at dst, stride bytes apart (128,
or a multiple of 64 for rows-lanes' sets of blocks): lanes of the
element width, little-endian, start as base plus first (the low bits of
first in every lane), and inc is added to every lane after each
block, wrapping (integer lanes) or in float32 (lanes S).`,
	}

	sigMask = &Sig{
		Type:   "addMaskKernel",
		Params: "dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64",
		Doc: `addMaskKernel is addKernel (blocks of 128 bytes, stride bytes apart)
storing only the bytes whose bits are set in mask (bit b of mask[h]:
byte 64*h + b of each block), the others left as they were: the
padded rows of rows-lanes, their gaps never written. (The AVX2 forms,
addMaskY*, read an element's first bit for all its bytes: the
planner's masks set an element's bits all or none.)`,
	}

	sigFMAMask = &Sig{
		Type:   "fmaMaskKernel",
		Params: "dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64",
		Doc: `fmaMaskKernel is addMaskKernel for float32 that rounds: lanes of
exact indices, each element fma(index, delta, start) rounded once (as
fmaSKernel's), stored under the masks.`,
	}

	sigF64 = &Sig{
		Type:   "f64Kernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64",
		Doc: `f64Kernel writes blocks of 16 elements from 16 float64 lanes that
start as base plus first (float64 bits) and grow by inc[0] a block,
each converted once to the output type.`,
	}

	sigF64Stride = &Sig{
		Type:   "f64StrideKernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int",
		Doc: `f64StrideKernel is f64Kernel (float32 elements) for blocks stride
bytes apart (a multiple of 64: rows-lanes' sets of blocks), the
stride last.`,
	}

	sigMaskF64 = &Sig{
		Type:   "f64MaskKernel",
		Params: "dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64",
		Doc: `f64MaskKernel is f64StrideKernel (its stride third) storing only the
bytes whose bits are set in mask (bit b: byte b of each block), as
addMaskKernel (the AVX2 form, cvtF32MaskY, reads an element's first
bit for its four bytes).`,
	}

	sigF32 = &Sig{
		Type:   "f32Kernel",
		Params: "dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32",
		Doc: `f32Kernel writes blocks of 32 float16 from 32 float32 lanes that
start as base plus first (float32 bits) and grow by inc[0] a block,
each converted once.`,
	}

	sigBin = &Sig{
		Type:   "binKernel",
		Params: "dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64",
		Doc: `binKernel writes blocks of 32 float16 of one binade: lane l (which
holds element packOrder[l] of a block) starts as kb = base[l] + first
(int32, wrapping) and grows by inc a block; its element e is c plus
kb >> shift (first is biased by half a last place, so ties round
up), with the last bit of kb >> shift cleared where bit e of ties is
set: the ties the planner found, which so go to even. Pre: every kb of the
blocks is below 2^(shift+12) (q fits 12 bits: the planner's binades
have q at most 2048), and c is even (a sign and an exponent: its low
10 bits are 0).`,
	}

	sigSpan = &Sig{
		Type:   "binSpanKernel",
		Params: "dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64",
		Doc: `binSpanKernel writes n float16 (n at least 1) at dst (aligned to 2
bytes) as binKernel would write the elements of its blocks, element e
from kb = first + e*d (int32, wrapping) and ties to even where bit
e%64 of ties is set; base holds the lanes of d (base[l] =
packOrder[l]*d, int32). It writes no byte outside the n elements. Pre:
as binKernel for every kb of the n elements; the two halves of ties
equal (ties every 32 elements or less) but where shift is at most 16
and the table writes the span with its span kernel (AVX-512, regular
stores: binSpan64).`,
	}

	sigSpan128 = &Sig{
		Type:   "binSpan128Kernel",
		Params: "dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64",
		Doc: `binSpan128Kernel is binSpanKernel for ties every 128 elements: ties
is the element of one of them (below 128). Pre: as binSpanKernel,
and shift at most 16.`,
	}

	sigRuns = &Sig{
		Type:   "runsKernel",
		Params: "dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64",
		Doc: `runsKernel writes n 16-bit elements (n at least 1) at dst (aligned to
2 bytes) that change at most once in any 32 in a row: element e is
v + inc*k (wrapping at 16 bits), k the number of changes at or
before e. The first change is at element next; each one after it
follows the last by steps[0] elements, and one more where the
remainder rem, less steps[1], falls below 0 (then it gains
steps[4]); the next change takes steps[2] and steps[3] so, and the
changes alternate between the two pairs. It writes no byte outside
the n elements. Pre: steps[0] and steps[2] at least 32; rem and
steps[1], steps[3] below steps[4], below 2^62; next below 2^62.`,
	}

	sigRowsRuns = &Sig{
		Type:   "rowsRunsKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64",
		Doc: `rowsRunsKernel is runsKernel for rows rows (at least 1) of rowBytes
(at least 2) at dst, dst + pitch, ...: their elements, row after row,
are one span of runsKernel's (row r's element e is the span's element
r*rowBytes/2 + e). It writes no byte outside the rows.`,
	}

	sigBinS = &Sig{
		Type:   "binSKernel",
		Params: "dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64",
		Doc: `binSKernel is binKernel for float32 from int64 lanes: blocks of 16
float32 (64 bytes), lane l holding element l of a block (kb = base[l]
+ first + k*inc, wrapping at 64 bits), each element c + q as 32 bits,
and ties != 0 rounding every tie to even: (kb >> shift) & ((kb-1) >>
shift | ^1), which differ exactly at ties, by one. Pre: every kb
below 2^(shift+32), shift at most 32, c even.`,
	}

	sigFMAD = &Sig{
		Type:   "fmaDKernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64",
		Result: "int",
		Doc: `fmaDKernel writes blocks of 16 float32 from 16 float64 lanes that
start as base plus first (float64 bits) and grow by inc[0] a block:
each element is fma(lane, delta, start) in float64 (start and delta
float64 bits), rounded once, then converted to float32 (to nearest
even). It stops before the first block where a float64 value is a
float32 midpoint (its low 29 bits 1 followed by zeros) or, where tiny
is not 0, below 2^-126 in magnitude, and returns the blocks it wrote.
Pre: every lane an exact integer below 2^53; tiny not 0 unless no
exact sum of the blocks is below 2^-126 in magnitude (a float64
value then is not either).`,
	}

	sigFMA64 = &Sig{
		Type:   "fmaKernel",
		Params: "dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64",
		Doc: `fmaKernel writes blocks of 16 float64: lane l starts as base[l] +
first (an index: exact integers, the float64 bits of first) and
grows by inc[0] a block; its element is fma(lane, delta, start),
rounded once (start and delta are float64 bits).`,
	}

	sigFMA32 = &Sig{
		Type:   "fmaSKernel",
		Params: "dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64",
		Doc: `fmaSKernel writes blocks of 32 float32: lane l starts as base[l] +
first (an index: exact integers below 2^24, the float32 bits of
first) and grows by inc[0] a block; its element is fma(lane, delta,
start) in float32, the exact product and sum rounded once (start and
delta are float32 bits).`,
	}

	sigFMA32Stride = &Sig{
		Type:   "fmaStrideSKernel",
		Params: "dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int",
		Doc: `fmaStrideSKernel is fmaSKernel for blocks stride bytes apart (a
multiple of 64: rows-lanes' sets of blocks), the stride last.`,
	}

	sigRowsAdd = &Sig{
		Type:   "rowsKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte",
		Doc: `rowsKernel writes rows rows of rowBytes (at least 128) at dst, dst +
pitch, ...: each as addKernel's lanes would, from three places with
the first values steps gives (rowSteps): a block of 128 bytes at the
row's start (if that is not 64-byte aligned), blocks from its first
64-byte aligned byte, and a block ending at its end.`,
	}

	sigRowsBin = &Sig{
		Type:   "rowsBinKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64",
		Doc: `rowsBinKernel is rowsKernel for float16 of one binade, each place's
blocks as binKernel writes them from the place's first kb with the
place's tie mask, both from steps (binSteps), in blocks of 64 bytes
(rowBytes at least 64), the middle ones from the row's first 64-byte
aligned byte. Pre: as binKernel, and shift at most 20.`,
	}

	sigRowsFMAS = &Sig{
		Type:   "rowsFMASKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64",
		Doc: `rowsFMASKernel is rowsKernel for float32 as fmaSKernel writes it,
16 lanes of indices a block of 64 bytes (rowBytes at least 64; 128
for the streaming form, whose rows need only be aligned to 4 bytes: it
writes the partial cache lines with regular stores of the width that
fits): lane l of a place's k-th block is base[l] + first + k*inc
(float32; first the place's index from steps, a rowSteps of integer
indices, and inc float32 bits), every index exact (below 2^24).`,
	}

	sigRowsBinS = &Sig{
		Type:   "rowsBinSKernel",
		Params: "dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64",
		Doc: `rowsBinSKernel is rowsKernel for float32 of one binade from int64
lanes, each place's blocks as binSKernel writes them (ties as it
says), from the place's first kb (from steps, a rowSteps), in blocks
of 64 bytes (rowBytes at least 64; 128 for the streaming form, whose
rows need only be aligned to 4 bytes). Pre: as binSKernel.`,
	}

	sigAdd192 = &Sig{
		Type:   "add192Kernel",
		Params: "dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte",
		Doc: `add192Kernel is addKernel for integer lanes in blocks of 192 bytes
(six vectors: a period of rows of 3, 6 or 12 elements, mRowsLanes).`,
	}

	sigFMA192S = &Sig{
		Type:   "fma192SKernel",
		Params: "dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64",
		Doc: `fma192SKernel is fmaSKernel in blocks of 192 bytes (48 lanes: a
period of rows of 3, 6 or 12 float32, mRowsLanes).`,
	}

	sigBinLanes = &Sig{
		Type:   "bin192Kernel",
		Params: "dst *byte, blocks, stride int, l *binLanes, j0, ties uint64",
		Doc: `bin192Kernel writes float16 rows of mRowsLanes in blocks of 192
bytes, stride bytes apart (a multiple of 64), from 96 int32 lanes,
each in a binade of its own (binLanes); bin128x, bin128Y and their
twin in blocks of 128 bytes from lanes 0-63.
Pre: every lane's x + h + 1 stays below 2^32 over the blocks, and
its rounded magnitude below 2^16.`,
	}

	sigBinLanesM = &Sig{
		Type:   "bin192MaskKernel",
		Params: "dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64",
		Doc: `bin192MaskKernel is bin192Kernel storing only the bytes whose bits
are set in mask (bit b of mask[h]: byte 64*h + b of each block).`,
	}

	sigZip = &Sig{
		Type:   "zipKernel",
		Params: "dst, cols *byte, blocks int, z *zipPlan",
		Doc: `zipKernel writes blocks*z.rows rows of z.n elements (2 to zipMax) of
2^z.lg bytes, one after another at dst, element e of row r being
element r of the column z.stride*e bytes into cols: the rows'
columns, which it reads by blocks of 64 bytes (32 for bytes). It
writes no byte outside the rows.`,
	}
)

// kernelSigs are the kernel signatures with a Go type, in order.
var kernelSigs = []*Sig{
	sigAdd, sigMask, sigFMAMask, sigF64, sigF64Stride, sigMaskF64, sigF32, sigBin, sigSpan, sigSpan128, sigRuns, sigRowsRuns, sigBinS, sigFMAD, sigFMA64, sigFMA32, sigFMA32Stride, sigRowsAdd, sigRowsBin, sigRowsFMAS, sigRowsBinS, sigAdd192, sigFMA192S, sigBinLanes, sigBinLanesM, sigZip,
}

// The store loops' signatures (store_amd64.s): the write ceiling's and the
// store verdict's loops, not kernels: no Go type, no twin.
var (
	sigStoreRep    = &Sig{Params: "dst *byte, words int, pattern uint64"}
	sigStoreBlocks = &Sig{Params: "dst *byte, blocks int, pattern *[32]byte"}
	sigStoreRows   = &Sig{Params: "dst *byte, rows, pitch, rowBytes int, pattern *[32]byte"}
)

// kernelsFile returns kernels_gen.go: the kernels' Go types with their
// docs, on every build (the twins keep them everywhere; the tests that
// use the types are amd64's).
func kernelsFile() []byte {
	var b bytes.Buffer
	b.WriteString(generated + "package kernel\n\n")
	comment(&b, "", kernelsDoc)
	b.WriteString("type (\n")
	for i, s := range kernelSigs {
		if i > 0 {
			b.WriteString("\n")
		}
		comment(&b, "\t", s.Doc)
		fmt.Fprintf(&b, "\t%s func(%s) %s\n", s.Type, s.Params, s.Result)
	}
	b.WriteString(")\n")
	return gofmt("kernels_gen.go", b.Bytes())
}

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

// comment writes text as a // comment, each line indented by indent.
func comment(b *bytes.Buffer, indent, text string) {
	for _, l := range strings.Split(text, "\n") {
		fmt.Fprintf(b, "%s//%s\n", indent, strings.TrimRight(" "+l, " "))
	}
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
