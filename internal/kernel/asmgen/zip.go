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

// The zip kernels' registers.
var zipR = struct {
	to      Reg   // where the block's rows go
	col     []Reg // column c's block (col[0] the columns' first)
	n       Reg   // the blocks left
	plan    Reg   // the plan
	stride  Reg   // the plan's stride: from a column to the next
	entries Reg   // the plan's entries
	block   []Reg // column c's block, loaded
	out     []Reg // output vector k
	blend   []Reg // output vector k's permute of columns 2 and 3 (four elements)
	idx     []Reg // the plan's indices
}{
	to: DI, col: []Reg{SI, R11, R12, R13}, n: CX,
	plan: R8, stride: R9, entries: R10,
	block: vecs(z, 0, 4), out: vecs(z, 4, 4), blend: vecs(z, 8, 4), idx: vecs(z, 16, 8),
}

// zipRoutine writes zip{n}x or, of bytes (zero-extended to words and
// narrowed back), zip{n}Bx: the arguments and the plan's indices, then the
// loop over the blocks.
func zipRoutine(f *File, n zipN, bytes bool) {
	r := zipR
	load, put, size, kind := "VMOVDQU64", "VMOVDQU64", 64, ""
	if bytes {
		load, put, size, kind = "VPMOVZXBW", "VPMOVWB", 32, "B"
	}
	f.Func(fmt.Sprintf("zip%d%sx", n, kind), sigZip, "")
	f.Twin("zip_g", stRegular, true)
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {cols}, {col[0]}
		MOVQ {blocks}, {n}
		MOVQ {z}, {plan}
		MOVQ 8({plan}), {stride}
		MOVQ 24({plan}), {entries}
		LEAQ ({col[0]})({stride}*1), {col[1]}
		LEAQ ({col[1]})({stride}*1), {col[2]}
		LEAQ ({col[2]})({stride}*1), {col[3]}
	`, r)
	n.indices(f)
	f.Ops("TESTQ {n}, {n}", r)
	f.Jump("JZ", "done")
	f.Label("block")
	for c := range int(n) {
		f.Op(load, r.col[c].Mem(), r.block[c])
	}
	for k := range int(n) {
		n.vector(f, k)
	}
	for k := range int(n) {
		f.Op(put, r.out[k], r.to.At(k*size))
	}
	f.Op("ADDQ", fmt.Sprintf("$%d", int(n)*size), r.to)
	for _, c := range r.col {
		f.Op("ADDQ", fmt.Sprintf("$%d", size), c)
	}
	f.Ops("DECQ {n}", r)
	f.Jump("JNZ", "block")
	f.Label("done")
	end(f, stRegular)
}

// indices loads the plan's indices (its entries') into idx, and the
// masks of rows of 3 or 4 into K1 on: with 2 elements, entry k's in
// idx[k]; else vector k's entries 2k and 2k+1 in idx[2k], idx[2k+1], the
// mask of entry 2k+1 in K(1+k).
func (n zipN) indices(f *File) {
	r := zipR
	if n == 2 {
		f.Ops("VMOVDQU64 0({entries}), {idx[0]}", r)
		f.Op("VMOVDQU64", r.entries.At(zipEntry), r.idx[1])
		return
	}
	for k := range int(n) {
		f.Op("VMOVDQU64", r.entries.At(2*k*zipEntry), r.idx[2*k])
		f.Op("VMOVDQU64", r.entries.At((2*k+1)*zipEntry), r.idx[2*k+1])
		f.Op("KMOVD", r.entries.At((2*k+1)*zipEntry+zipMask), fmt.Sprintf("K%d", 1+k))
	}
}

// vector makes output vector k (out[k]) from the columns' blocks.
func (n zipN) vector(f *File, k int) {
	r := zipR
	out, b := r.out[k], r.block
	switch n {
	case 2: // entry k's permute of columns 0 and 1
		f.Op("VMOVDQA64", r.idx[k], out)
		f.Op("VPERMI2W", b[1], b[0], out)
	case 3: // entry 2k's of columns 0 and 1, column 2's words merged under K(1+k)
		f.Op("VMOVDQA64", r.idx[2*k], out)
		f.Op("VPERMI2W", b[1], b[0], out)
		f.Op("VPERMW", b[2], r.idx[2*k+1], fmt.Sprintf("K%d", 1+k), out)
	case 4: // blended under K(1+k) with entry 2k+1's of columns 2 and 3
		t := r.blend[k]
		f.Op("VMOVDQA64", r.idx[2*k], out)
		f.Op("VPERMI2W", b[1], b[0], out)
		f.Op("VMOVDQA64", r.idx[2*k+1], t)
		f.Op("VPERMI2W", b[3], b[2], t)
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
