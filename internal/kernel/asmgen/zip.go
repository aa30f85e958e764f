package main

import "fmt"

// zipFile is zip_amd64.s: the zip kernels (AVX-512).
func zipFile() *File {
	f := NewFile("zip", `
The zip kernels (AVX-512): rows of 2, 3 or 4 elements one after another,
from their columns, a block of rows at a time (zip.go). The block of each
column is loaded once (64 bytes; for bytes, 32 zero-extended to words),
and each output vector k of the block is its entries' permutes: entry
2k's of columns 0 and 1 (VPERMI2W), merged with entry 2k+1's of column 2
(VPERMW, three elements) or blended with it of columns 2 and 3 (four);
with two elements, entry k's alone. The indices stay in Z16-Z23, the
masks in K1-K4. A plan: stride at 8, its entries' pointer at 24; an
entry: idx at 0, mask at 64, 72 bytes. Elements of 2, 4 or 8 bytes
(zipNx), bytes (zipNBx: zero-extended to words and narrowed back).`)
	for _, n := range []zipN{2, 3, 4} {
		for _, bytes := range []bool{false, true} {
			zipRoutine(f, n, bytes)
		}
	}
	zipDispatch(f)
	return f
}

// A zipN is a zip kernel's row length: 2, 3 or 4 elements.
type zipN int

// A plan's entry: idx at 0, mask at zipMask, zipEntry bytes.
const zipEntry, zipMask = 72, 64

// zipCols are the registers of the columns' pointers.
var zipCols = []string{"SI", "R11", "R12", "R13"}

// zipRoutine writes zip{n}x or, of bytes (zero-extended to words and
// narrowed back), zip{n}Bx: the arguments and the plan's indices, then the
// loop over the blocks.
func zipRoutine(f *File, n zipN, bytes bool) {
	load, put, size, kind := "VMOVDQU64", "VMOVDQU64", 64, ""
	if bytes {
		load, put, size, kind = "VPMOVZXBW", "VPMOVWB", 32, "B"
	}
	f.Func(fmt.Sprintf("zip%d%sx", n, kind), sigZip, "")
	f.Twin("zip_g", stRegular, true)
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {cols}, SI
		MOVQ {blocks}, CX
		MOVQ {z}, R8
	`)
	f.Op("MOVQ", "8(R8)", "R9")   // the columns' stride
	f.Op("MOVQ", "24(R8)", "R10") // the entries
	f.Ops(`
		LEAQ (SI)(R9*1), R11
		LEAQ (R11)(R9*1), R12
		LEAQ (R12)(R9*1), R13
	`)
	n.indices(f)
	f.Ops("TESTQ CX, CX")
	f.Jump("JZ", "done")
	f.Label("block")
	for c := range int(n) {
		f.Op(load, "("+zipCols[c]+")", z(c))
	}
	for k := range int(n) {
		n.vector(f, k)
	}
	for k := range int(n) {
		f.Op(put, z(4+k), fmt.Sprintf("%d(DI)", k*size))
	}
	f.Op("ADDQ", fmt.Sprintf("$%d", int(n)*size), "DI")
	for _, c := range zipCols {
		f.Op("ADDQ", fmt.Sprintf("$%d", size), c)
	}
	f.Ops("DECQ CX")
	f.Jump("JNZ", "block")
	f.Label("done")
	end(f, stRegular)
}

// indices loads the plan's indices (entries at R10) into Z16 on, and the
// masks of rows of 3 or 4 into K1 on: with 2 elements, entry k's in
// Z(16+k); else vector k's entries 2k and 2k+1 in Z(16+2k), Z(17+2k), the
// mask of entry 2k+1 in K(1+k).
func (n zipN) indices(f *File) {
	if n == 2 {
		f.Ops("VMOVDQU64 0(R10), Z16")
		f.Op("VMOVDQU64", fmt.Sprintf("%d(R10)", zipEntry), "Z17")
		return
	}
	for k := range int(n) {
		f.Op("VMOVDQU64", fmt.Sprintf("%d(R10)", 2*k*zipEntry), z(16+2*k))
		f.Op("VMOVDQU64", fmt.Sprintf("%d(R10)", (2*k+1)*zipEntry), z(17+2*k))
		f.Op("KMOVD", fmt.Sprintf("%d(R10)", (2*k+1)*zipEntry+zipMask), fmt.Sprintf("K%d", 1+k))
	}
}

// vector makes output vector k (in Z(4+k)) from the columns' blocks in
// Z0 on.
func (n zipN) vector(f *File, k int) {
	out := z(4 + k)
	switch n {
	case 2: // entry k's permute of columns 0 and 1
		f.Op("VMOVDQA64", z(16+k), out)
		f.Op("VPERMI2W", "Z1", "Z0", out)
	case 3: // entry 2k's of columns 0 and 1, column 2's words merged under K(1+k)
		f.Op("VMOVDQA64", z(16+2*k), out)
		f.Op("VPERMI2W", "Z1", "Z0", out)
		f.Op("VPERMW", "Z2", z(17+2*k), fmt.Sprintf("K%d", 1+k), out)
	case 4: // blended under K(1+k) with entry 2k+1's of columns 2 and 3
		t := z(8 + k)
		f.Op("VMOVDQA64", z(16+2*k), out)
		f.Op("VPERMI2W", "Z1", "Z0", out)
		f.Op("VMOVDQA64", z(17+2*k), t)
		f.Op("VPERMI2W", "Z3", "Z2", t)
		f.Op("VPBLENDMW", t, out, fmt.Sprintf("K%d", 1+k), out)
	}
}

// zipDispatch writes the table's zip method.
func zipDispatch(f *File) {
	args := sigZip.Args()
	dispatch(f, "zip runs the zip kernel of the plan's row length and element size (the Go twin on a table without AVX-512: see lacks).",
		"zip", sigZip.Params, []arm{
			{"!t.asm || t.lacks()", "zip_g(" + args + ")"},
			{"z.n == 2 && z.lg == 0", "zip2Bx(" + args + ")"},
			{"z.n == 2", "zip2x(" + args + ")"},
			{"z.n == 3 && z.lg == 0", "zip3Bx(" + args + ")"},
			{"z.n == 3", "zip3x(" + args + ")"},
			{"z.lg == 0", "zip4Bx(" + args + ")"},
			{"", "zip4x(" + args + ")"},
		})
}
