package main

import "fmt"

// A value makes a block of a binade kernel from the lanes lo (the even
// elements) and hi (the odd) into z (zt, y, yt, t2, t3: as blockPairs
// gives them, for the kernels that need them).
type value func(lo, hi, z, zt, y, yt, t2, t3 Reg)

// binadeFile is binade_amd64.s: the binade kernels.
func binadeFile() *File {
	f := NewFile("binade", `
The binade kernels (see the package doc: method binade): float16 (and
float32: f32Binq) from integer lanes within one binade of one sign, with
integer operations only. Each lane holds a magnitude m, biased by half a
unit of the last place: kb = m + 2^(shift-1). q = kb >> shift is m rounded
to nearest with ties up; the elements that are ties (bit e of ties: the
planner locates them, and their places repeat from block to block) go to
even instead, by clearing q's last bit (a tie rounded up is odd exactly
where even is below it). The float16 bits are then c + q (c: sign and
exponent; a q that rounds up to the next binade carries into the
exponent, as it should). AVX2 forms (f16Bin, f32BinqY, rowsBinY,
rowsBinSY) and AVX-512 forms (suffix x, and f32Binq),
each with its store kinds. Go twins: twins.go.`)

	f16BinForms(f)
	f16BinxForms(f)
	f16BinxSpan(f)
	f16BinxSpan128(f)
	f32BinqForms(f)
	f32BinqYForms(f)
	binadeRows(f)

	// bitsW: word e holds 1 << e (the AVX2 forms' tie masks, from the bits
	// of ties); hiDwords: the dword indices that put the high dwords of two
	// registers of eight int64 lanes in order, for VPERMI2D.
	f.Data("bitsW", 0x0008000400020001, 0x0080004000200010, 0x0800040002000100, 0x8000400020001000)
	f.Data("hiDwords", 0x0000000300000001, 0x0000000700000005, 0x0000000b00000009, 0x0000000f0000000d,
		0x0000001300000011, 0x0000001700000015, 0x0000001b00000019, 0x0000001f0000001d)

	binadeDispatch(f)
	return f
}

// f16BinForms writes f16Bin of every store kind.
//
// f16Bin (AVX2): two halves of 16 a block, each from an even register
// (Y0, Y2) and an odd one (Y1, Y3), with VPBLENDW, each with its half
// of the tie mask (Y14, Y15); where ties is 0, shift 16 or less, a
// loop without the masks (nloop: the AVX2 table's FLOAT16 0.1, +0.3
// and -1000, +0.07 at 64 KiB wrote 5-10% faster so; VPAND and VPOR in
// place of VPBLENDW, slower than either).
func f16BinForms(f *File) {
	for _, st := range stores {
		f.Func("f16Bin"+st.suffix, sigBin, storeDoc("f16Bin", st))
		f.Twin("bin_g", st, false)
		f16BinLanes(f)
		f16BinNarrow(f, movDQ[st])
		f16BinWide(f, movDQ[st])
		f.Label("done")
		end(f, st)
	}
}

// f16BinLanes loads f16Bin's arguments: dst in DI, blocks in CX, the lanes
// base + first in Y0-Y3 (Y0, Y2 even, Y1, Y3 odd), inc in Y4, c in every
// word of Y12, the halves of the tie mask in Y14, Y15 (ties in AX on).
func f16BinLanes(f *File) {
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {blocks}, CX
		MOVQ {base}, SI
		MOVQ {first}, AX
		VMOVQ AX, X9
		VPBROADCASTD X9, Y9
	`)
	for i, off := range []int{0, 64, 32, 96} {
		f.Op("VMOVDQU", fmt.Sprintf("%d(SI)", off), y(i))
	}
	f.Each(4, "VPADDD Y9, Y%[1]d, Y%[1]d")
	f.Ops(`
		MOVQ {inc}, AX
		VMOVQ AX, X4
		VPBROADCASTD X4, Y4
		MOVQ {c}, AX
		VMOVQ AX, X12
		VPBROADCASTW X12, Y12
		MOVQ {ties}, AX
		TESTQ CX, CX
	`)
	f.Jump("JZ", "done")
	f.Ops("VMOVDQU bitsW<>(SB), Y11")
	for i, r := range []string{"14", "15"} {
		if i == 1 {
			f.Ops("SHRQ $16, AX")
		}
		f.Op("VMOVQ", "AX", "X"+r)
		f.Op("VPBROADCASTW", "X"+r, "Y"+r)
		f.Op("VPAND", "Y11", "Y"+r, "Y"+r)
		f.Op("VPCMPEQW", "Y11", "Y"+r, "Y"+r)
		f.Op("VPSRLW", "$15", "Y"+r, "Y"+r)
	}
}

// f16BinNarrow writes f16Bin's loops for shift 16 or less (else it jumps
// to wide), the lanes scaled to shift 16 and given c << 16: nloop without
// the tie masks, hloop with them; each stores by mov and ends at done.
func f16BinNarrow(f *File, mov string) {
	f.Ops(`
		MOVQ {shift}, AX
		CMPQ AX, $16
	`)
	f.Jump("JA", "wide")
	f.Ops(`
		NEGQ AX
		ADDQ $16, AX
		VMOVQ AX, X13
	`)
	f.Each(5, "VPSLLD X13, Y%[1]d, Y%[1]d")
	f.Ops("VPSLLD $16, Y12, Y12")
	f.Each(4, "VPADDD Y12, Y%[1]d, Y%[1]d")
	f.Ops("CMPQ {ties}, $0")
	f.Jump("JNE", "hloop")
	for _, lp := range []struct {
		label string
		tie   bool
	}{{"nloop", false}, {"hloop", true}} {
		f.Label(lp.label)
		for h, r := range [][3]string{{"Y0", "Y1", "Y5"}, {"Y2", "Y3", "Y7"}} {
			f.Op("VPSRLD", "$16", r[0], r[2])
			f.Op("VPBLENDW", "$0xAA", r[1], r[2], r[2])
			if lp.tie {
				f.Op("VPANDN", r[2], y(14+h), r[2])
			}
			f.Op(mov, r[2], at(32*h))
		}
		f16BinNext(f, lp.label)
		f.Jump("JMP", "done")
	}
}

// f16BinWide writes f16Bin's loop for shifts past 16 (label wide; shift
// in AX), storing by mov.
func f16BinWide(f *File, mov string) {
	f.Label("wide")
	f.Ops(`
		VMOVQ AX, X13
		SUBQ $16, AX
		VMOVQ AX, X10
	`)
	f.Label("loop")
	for h, r := range [][4]string{{"Y0", "Y1", "Y5", "Y6"}, {"Y2", "Y3", "Y7", "Y8"}} {
		f.Op("VPSRLD", "X13", r[0], r[2])
		f.Op("VPSRLD", "X10", r[1], r[3])
		f.Op("VPBLENDW", "$0xAA", r[3], r[2], r[2])
		f.Op("VPANDN", r[2], y(14+h), r[2])
		f.Op("VPADDW", "Y12", r[2], r[2])
		f.Op(mov, r[2], at(32*h))
	}
	f16BinNext(f, "loop")
}

// f16BinNext ends a block of f16Bin's loop: the lanes stepped by Y4, DI
// advanced, the next block (back to loop) while CX counts down.
func f16BinNext(f *File, loop string) {
	f.Each(4, "VPADDD Y4, Y%[1]d, Y%[1]d")
	f.Ops(`
		ADDQ $64, DI
		DECQ CX
	`)
	f.Jump("JNZ", loop)
}

// f16BinxForms writes f16Binx of every store kind.
//
// f16Binx (AVX-512): a block's 32 lanes are two registers (base: see
// packOrder): the even elements (Z0) and the odd ones (Z1). With shift
// <= 16 (every binade the planner makes), the lanes are first scaled
// to shift 16 (kb << (16-shift): exact, as kb < 2^(shift+16)) and given
// c << 16 (wrapping): the high half of each lane is then c + q, and a
// block is one shift (of the even lanes) and one VPTERNLOGD (binxH; c
// is even, so clearing the last bit of c + q clears q's). Wider, the
// even elements' q go to the low words (kb >> shift), the odd ones' to
// the high words by a word shift of each lane's high word by shift-16,
// written only into the high words (under K4) (binxG; two dword shifts
// and a VPTERNLOGD with the mask of high words did the same in one
// more operation: 68 GB/s at 32 KiB, 4 MiB, against 82-87 so). The tie
// mask is a vector of words, 1 at the ties, cleared from q with one
// VPANDNQ. Blocks are written in pairs (blockPairs).
func f16BinxForms(f *File) {
	for _, st := range stores {
		f.Func("f16Binx"+st.suffix, sigBin, storeDoc("f16Binx", st))
		f.Twin("bin_g", st, true)
		f.Ops(`
			MOVQ {dst}, DI
			MOVQ {blocks}, CX
			MOVQ {first}, AX
			MOVQ {inc}, R8
			MOVQ {ties}, DX
		`)
		f16BinxBody(f, movZ(st), st, nil)
	}
}

// f16BinxSpan writes f16BinxSpan.
//
// f16BinxSpan: the span of n elements at dst (element-aligned) as the
// blocks of the 64-byte lines it touches, from the line it starts in,
// its first and last blocks under masks of their elements (K2, K3),
// regular stores; ties every 64 elements (the halves of ties differ)
// go to span64.
func f16BinxSpan(f *File) {
	f.Func("f16BinxSpan", sigSpan, "")
	f.Twin("binSpan_g", stRegular, true)
	spanArgs(f, func() {
		f.Ops(`
			SHLXQ R9, DX, R10
			MOVL $64, R11
			SUBL R9, R11
			SHRXQ R11, DX, DX
			ORQ R10, DX
		`)
	}, func() {
		f.Ops(`
			RORXQ $32, DX, R13
			CMPQ R13, DX
		`)
		f.Jump("JNE", "span64")
	})
	f16BinxBody(f, "VMOVDQU64", stRegular, spanEdges(f))
	f.Label("span64")
	span64(f)
}

// f16BinxSpan128 writes f16BinxSpan128.
//
// f16BinxSpan128: ties every 128 elements, ties the element (from
// dst) of one, below 128; shift at most 16. One block in four from the
// line it starts in has a tie, at one word: Z21 is the mask of that
// word (block R11 of four, word below 32), Z22 no tie's; sel128 puts a
// block's in dst by its index. The edges and the blocks before a
// multiple of four take theirs one by one; then each turn writes four
// blocks (lanes Z0/Z1, Z2/Z3, Z8/Z9, Z10/Z11, a block apart, each
// stepped by four blocks, Z28) with four fixed masks (Z24-Z27), so the
// tie form costs no operation a block.
func f16BinxSpan128(f *File) {
	f.Func("f16BinxSpan128", sigSpan128, "")
	f.Twin("binSpan128_g", stRegular, true)
	spanArgs(f, func() {
		f.Ops(`
			ADDQ R9, DX
			ANDQ $127, DX
		`)
	}, func() {})
	spanLanes(f)
	f.Ops(`
		MOVQ DX, R10
		ANDQ $31, R10
		MOVL $1, R12
		SHLXL R10, R12, R12
		KMOVD R12, K1
		VPMOVM2W K1, Z21
		VPSRLW $15, Z21, Z21
		VPXORD Z22, Z22, Z22
		MOVQ DX, R11
		SHRQ $5, R11
		TESTQ AX, AX
	`)
	f.Jump("JZ", "t16")
	f.Ops(`
		VPXORD Z13, Z21, Z21
		VMOVDQA64 Z13, Z22
	`)
	span128(f, binxHFM(f), "f")
	f.Label("t16")
	span128(f, binxHTM(f), "t")
	f.Label("done")
	f.Ops(`
		VZEROUPPER
		RET
	`)
}

// f32BinqForms writes f32Binq of every store kind.
//
// f32Binq (AVX-512): float32 from int64 lanes within one binade of one
// sign (q up to 2^24, c the sign and the exponent less one, shifted by
// 23). Lane l holds element l of a block (two registers of eight),
// scaled to shift 32 and given c << 32, so the high dword of each lane
// is c + q; one VPERMI2D gathers a block. Ties to even from the high
// dwords of kb-1.
func f32BinqForms(f *File) {
	for _, st := range stores {
		f.Func("f32Binq"+st.suffix, sigBinS, storeDoc("f32Binq", st))
		f.Twin("binS_g", st, true)
		qLanes16(f)
		f.Ops(`
			MOVQ {shift}, AX
			NEGQ AX
			ADDQ $32, AX
			VMOVQ AX, X13
		`)
		for _, r := range []string{"Z0", "Z1", "Z4"} {
			f.Op("VPSLLQ", "X13", r, r)
		}
		f.Ops(`
			MOVQ {c}, BX
			SHLQ $32, BX
			VPBROADCASTQ BX, Z12
			VPADDQ Z12, Z0, Z0
			VPADDQ Z12, Z1, Z1
			VMOVDQU64 hiDwords<>(SB), Z13
			MOVQ {ties}, DX
			TESTQ CX, CX
		`)
		f.Jump("JZ", "done")
		f.Ops("TESTQ DX, DX")
		f.Jump("JNZ", "ties")
		bins := func(lo, hi, z Reg) {
			f.Op("VMOVDQA64", "Z13", z)
			f.Op("VPERMI2D", hi, lo, z)
		}
		put, step := pairPutZ(f, movZ(st)), stepBy(f, "VPADDQ")
		blockPairsL(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) { bins(lo, hi, z) }, put, 64, "VPADDQ", step, "pairs", "loop")
		f.Label("ties")
		f.Ops(`
			VPTERNLOGD $0xFF, Z11, Z11, Z11
			VPSLLD $1, Z11, Z14
		`)
		blockPairsL(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
			bins(lo, hi, z)
			f.Op("VPADDQ", "Z11", lo, t2)
			f.Op("VPADDQ", "Z11", hi, t3)
			bins(t2, t3, zt)
			f.Op("VPTERNLOGD", "$0xE0", "Z14", zt, z)
		}, put, 64, "VPADDQ", step, "tpairs", "tloop")
		f.Label("done")
		end(f, st)
	}
}

// f32BinqYForms writes f32BinqY of every store kind.
//
// f32BinqY (AVX2): a block's 16 lanes in four registers of four,
// reordered once so that one VSHUFPS gathers the high dwords of two of
// them in element order (Y0: elements 0, 1, 4, 5; Y1: 2, 3, 6, 7; Y2,
// Y3 the same 8 on); ties to even from the high dwords of kb-1 (Y11:
// all ones; Y14: dwords of ^1).
func f32BinqYForms(f *File) {
	for _, st := range stores {
		f.Func("f32BinqY"+st.suffix, sigBinS, storeDoc("f32BinqY", st))
		f.Twin("binS_g", st, false)
		mov := movDQ[st]
		f.Ops(`
			MOVQ {dst}, DI
			MOVQ {blocks}, CX
			MOVQ {base}, SI
			MOVQ {first}, AX
			VMOVQ AX, X9
			VPBROADCASTQ X9, Y9
			MOVQ {c}, AX
			SHLQ $32, AX
			VMOVQ AX, X10
			VPBROADCASTQ X10, Y10
			MOVQ {shift}, AX
			NEGQ AX
			ADDQ $32, AX
			VMOVQ AX, X13
		`)
		qReorder(f, "Y0", "Y1", "Y2", "Y3")
		for _, op := range [][2]string{{"VPADDQ", "Y9"}, {"VPSLLQ", "X13"}, {"VPADDQ", "Y10"}} {
			for i := range 4 {
				f.Op(op[0], op[1], y(i), y(i))
			}
		}
		f.Ops(`
			MOVQ {inc}, AX
			VMOVQ AX, X4
			VPBROADCASTQ X4, Y4
			VPSLLQ X13, Y4, Y4
			TESTQ CX, CX
		`)
		f.Jump("JZ", "done")
		f.Ops("CMPQ {ties}, $0")
		f.Jump("JNE", "ties")
		next := func(loop string) {
			f.Each(4, "VPADDQ Y4, Y%[1]d, Y%[1]d")
			f.Ops(`
				ADDQ $64, DI
				DECQ CX
			`)
			f.Jump("JNZ", loop)
		}
		f.Label("loop")
		f.Ops(`
			VSHUFPS $0xDD, Y1, Y0, Y5
			VSHUFPS $0xDD, Y3, Y2, Y6
		`)
		f.Op(mov, "Y5", at(0))
		f.Op(mov, "Y6", at(32))
		next("loop")
		f.Jump("JMP", "done")
		f.Label("ties")
		f.Ops(`
			VPCMPEQQ Y11, Y11, Y11
			VPSLLD $1, Y11, Y14
		`)
		f.Label("tloop")
		f.Ops("VSHUFPS $0xDD, Y1, Y0, Y5")
		qTie(f, "Y0", "Y1", "Y5", "Y11", "Y14")
		f.Ops("VSHUFPS $0xDD, Y3, Y2, Y6")
		qTie(f, "Y2", "Y3", "Y6", "Y11", "Y14")
		f.Op(mov, "Y5", at(0))
		f.Op(mov, "Y6", at(32))
		next("tloop")
		f.Label("done")
		end(f, st)
	}
}

// movZ is the store of a whole ZMM register for st.
func movZ(st store) string {
	if st == stStream {
		return "VMOVNTDQ"
	}
	return "VMOVDQU64"
}

// The values of f16Binx's forms (see f16Binx): binxH for shifts up to 16,
// binxHT with the tie mask Z14, binxHF the same in two operations where
// shift is below 16 (the lanes scaled up by 1 or more: bit 0 of every lane
// is 0), with Z14 the mask of high words XOR the tie mask: VPTERNLOGD 0x58
// is Z14 ? odd &^ z : z; binxG and binxGT for wider shifts.
func binxH(f *File, tie bool) value {
	return func(even, odd, z, zt, y, yt, t2, t3 Reg) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0xF8", "Z13", odd, z)
		if tie {
			f.Op("VPANDNQ", z, "Z14", z)
		}
	}
}

func binxHF(f *File) value {
	return func(even, odd, z, zt, y, yt, t2, t3 Reg) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0x58", "Z14", odd, z)
	}
}

func binxG(f *File, tie bool) value {
	return func(even, odd, z, zt, y, yt, t2, t3 Reg) {
		f.Op("VPSRLD", "X15", even, z)
		f.Op("VPSRLW", "X10", odd, "K4", z)
		f.Op("VPADDW", "Z12", z, z)
		if tie {
			f.Op("VPANDNQ", z, "Z14", z)
		}
	}
}

// binxHTM and binxHFM are binxH's tie forms with the mask a parameter.
func binxHTM(f *File) func(even, odd, z, mask string) {
	return func(even, odd, z, mask string) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0xF8", "Z13", odd, z)
		f.Op("VPANDNQ", z, mask, z)
	}
}

func binxHFM(f *File) func(even, odd, z, mask string) {
	return func(even, odd, z, mask string) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0x58", mask, odd, z)
	}
}

// f16BinxBody is f16Binx and f16BinxSpan from their arguments (first in
// AX, inc in R8, ties in DX, dst DI, blocks CX): edges, if not nil, writes
// a span's edge blocks before each loop.
func f16BinxBody(f *File, mov string, st store, edges func(value)) {
	binxLanes(f)
	f.Ops(`
		VPBROADCASTW BX, Z12
		TESTQ CX, CX
	`)
	f.Jump("JZ", "done")
	f.Ops(`
		KMOVD DX, K1
		VPMOVM2W K1, Z14
		VPSRLW $15, Z14, Z14
		MOVL $0xFFFF0000, R8
		VPBROADCASTD R8, Z13
		CMPQ AX, $16
	`)
	f.Jump("JA", "wide")
	binxNarrow(f)
	put, step := pairPutZ(f, mov), stepBy(f, "VPADDD")
	loop := func(v value, pairs, lp string) {
		if edges != nil {
			edges(v)
		}
		blockPairsL(f, v, put, 64, "VPADDD", step, pairs, lp)
	}
	f.Ops("TESTQ DX, DX")
	f.Jump("JNZ", "hties")
	loop(binxH(f, false), "hpairs", "hloop")
	f.Label("hties")
	f.Ops("TESTQ AX, AX")
	f.Jump("JZ", "hties16")
	f.Ops("VPXORD Z13, Z14, Z14")
	loop(binxHF(f), "hfpairs", "hfloop")
	f.Label("hties16")
	loop(binxH(f, true), "htpairs", "htloop")
	f.Label("wide")
	f.Ops(`
		VMOVQ AX, X15
		SUBQ $16, AX
		VMOVQ AX, X10
		MOVL $0xAAAAAAAA, R8
		KMOVD R8, K4
		TESTQ DX, DX
	`)
	f.Jump("JNZ", "ties")
	loop(binxG(f, false), "pairs", "loop")
	f.Label("ties")
	loop(binxG(f, true), "tpairs", "tloop")
	f.Label("done")
	end(f, st)
}

// spanArgs loads the span kernels' arguments: the span of n elements at
// dst (element-aligned) as the blocks of the 64-byte lines it touches,
// from the line it starts in (DI), off elements before dst (R9): CX
// blocks; first (AX) and ties (DX, moved by tiesMove) moved back to the
// line's first element; inc (R8) 32*d; K2 the elements of the first block
// within the span (and of the last, if one block), K3 those of the last
// block; then check.
func spanArgs(f *File, tiesMove, check func()) {
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {n}, CX
		MOVQ {first}, AX
		MOVQ {d}, R8
		MOVQ {ties}, DX
		MOVQ DI, R9
		SHRQ $1, R9
		ANDQ $31, R9
		ANDQ $-64, DI
		MOVQ R8, R10
		IMULQ R9, R10
		SUBQ R10, AX
		SHLQ $5, R8
	`)
	tiesMove()
	f.Ops(`
		ADDQ R9, CX
		MOVL $-1, R10
		SHLXL R9, R10, R10
		MOVQ CX, R11
		NEGQ R11
		ANDQ $31, R11
		MOVL $-1, R12
		SHRXL R11, R12, R12
		ADDQ $31, CX
		SHRQ $5, CX
		CMPQ CX, $1
	`)
	f.Jump("JNE", "spanmasks")
	f.Ops("ANDL R12, R10")
	f.Label("spanmasks")
	f.Ops(`
		KMOVD R10, K2
		KMOVD R12, K3
	`)
	check()
}

// spanLast sets Z2 and Z3 to the lanes of a span's last block, CX blocks
// past the first (Z0, Z1; Z4 the step of a block); putLast stores z, that
// block, under its mask K3.
func spanLast(f *File) {
	f.Ops(`
		VPBROADCASTD CX, Z20
		VPMULLD Z4, Z20, Z20
		VPADDD Z20, Z0, Z2
		VPADDD Z20, Z1, Z3
	`)
}

func putLast(f *File, z string) {
	f.Ops(`
		MOVQ CX, R10
		SHLQ $6, R10
	`)
	f.Op("VMOVDQU16", z, "K3", "0(DI)(R10*1)")
}

func stepD(f *File, l string) { f.Op("VPADDD", "Z4", l, l) }

// spanEdges writes the first block of a span (masked by K2) and, if more,
// its last (masked by K3), and leaves blockPairs the blocks between.
func spanEdges(f *File) func(value) {
	return func(v value) {
		v("Z0", "Z1", "Z5", "Z6", "Y5", "Y6", "Z16", "Z17")
		f.Ops(`
			VMOVDQU16 Z5, K2, 0(DI)
			DECQ CX
		`)
		f.Jump("JZ", "done")
		spanLast(f)
		v("Z2", "Z3", "Z7", "Z8", "Y7", "Y8", "Z18", "Z19")
		putLast(f, "Z7")
		stepD(f, "Z0")
		stepD(f, "Z1")
		f.Ops(`
			ADDQ $64, DI
			DECQ CX
		`)
	}
}

// binxLanes loads f16Binx's lanes from the arguments and spanArgs's
// registers (first in AX, inc in R8): block 0's in Z0, Z1, a block's step
// in Z4; shift in AX and c in BX.
func binxLanes(f *File) {
	f.Ops(`
		MOVQ {base}, SI
		VPBROADCASTD AX, Z9
		VMOVDQU32 0(SI), Z0
		VMOVDQU32 64(SI), Z1
		VPADDD Z9, Z0, Z0
		VPADDD Z9, Z1, Z1
		VPBROADCASTD R8, Z4
		MOVQ {shift}, AX
		MOVQ {c}, BX
	`)
}

// binxNarrow scales the lanes to shift 16 (AX: 16 - shift after it) and
// gives them c << 16.
func binxNarrow(f *File) {
	f.Ops(`
		NEGQ AX
		ADDQ $16, AX
		VMOVQ AX, X15
	`)
	for _, r := range []string{"Z0", "Z1", "Z4"} {
		f.Op("VPSLLD", "X15", r, r)
	}
	f.Ops(`
		SHLL $16, BX
		VPBROADCASTD BX, Z12
		VPADDD Z12, Z0, Z0
		VPADDD Z12, Z1, Z1
	`)
}

// spanLanes sets up the narrow form's lanes (shift at most 16) from
// spanArgs's registers, as f16Binx does: Z0, Z1 block 0's, scaled to shift
// 16 and given c << 16, Z4 a block's step, Z13 the mask of high words, AX
// 16 - shift.
func spanLanes(f *File) {
	binxLanes(f)
	f.Ops(`
		MOVL $0xFFFF0000, R8
		VPBROADCASTD R8, Z13
	`)
	binxNarrow(f)
}

// span64 is f16BinxSpan's form for ties every 64 elements (shift at most
// 16): the blocks of even index from the line it starts in take the tie
// mask of ties' low half (Z21, a word of 1 at each tie), the odd ones its
// high half (Z22). The first and last blocks take theirs by their index,
// and an odd block count between them gives the first of those to the
// edges too, so that blockPairs has pairs only: the first block of each
// (value's t3: Z17) takes one mask, the second (Z19) the other. It ends
// at f16BinxBody's done.
func span64(f *File) {
	spanLanes(f)
	f.Ops(`
		KMOVD DX, K1
		VPMOVM2W K1, Z21
		VPSRLW $15, Z21, Z21
		SHRQ $32, DX
		KMOVD DX, K1
		VPMOVM2W K1, Z22
		VPSRLW $15, Z22, Z22
		TESTQ AX, AX
	`)
	f.Jump("JZ", "s64t16")
	f.Ops(`
		VPXORD Z13, Z21, Z21
		VPXORD Z13, Z22, Z22
	`)
	put, step := pairPutZ(f, "VMOVDQU64"), stepBy(f, "VPADDD")
	for _, form := range []struct {
		m      func(even, odd, z, mask string)
		prefix string
		label  string
	}{{binxHFM(f), "s64f", ""}, {binxHTM(f), "s64t", "s64t16"}} {
		if form.label != "" {
			f.Label(form.label)
		}
		m, p := form.m, form.prefix
		edges64(f, m, p+"even", p+"go")
		blockPairsL(f, func(even, odd, z, zt, y, yt, t2, t3 Reg) { m(string(even), string(odd), string(z), string(t3)) },
			put, 64, "VPADDD", step, p+"pairs", p+"loop")
	}
}

// edges64 is spanEdges with each edge's mask by its block's index (even,
// pairs: its labels), and block 1 too where the blocks between are odd in
// number; it leaves blockPairs pairs of blocks, Z17 the mask of the first
// of each and Z19 that of the second.
func edges64(f *File, m func(even, odd, z, mask string), even, pairs string) {
	m("Z0", "Z1", "Z5", "Z21")
	f.Ops(`
		VMOVDQU16 Z5, K2, 0(DI)
		DECQ CX
	`)
	f.Jump("JZ", "done")
	spanLast(f)
	f.Ops(`
		VMOVDQA64 Z21, Z23
		TESTQ $1, CX
	`)
	f.Jump("JZ", even)
	f.Ops("VMOVDQA64 Z22, Z23")
	f.Label(even)
	m("Z2", "Z3", "Z7", "Z23")
	putLast(f, "Z7")
	stepD(f, "Z0")
	stepD(f, "Z1")
	f.Ops(`
		ADDQ $64, DI
		DECQ CX
		VMOVDQA64 Z22, Z17
		VMOVDQA64 Z21, Z19
		TESTQ $1, CX
	`)
	f.Jump("JZ", pairs)
	m("Z0", "Z1", "Z5", "Z22")
	f.Ops("VMOVDQU64 Z5, 0(DI)")
	stepD(f, "Z0")
	stepD(f, "Z1")
	f.Ops(`
		ADDQ $64, DI
		DECQ CX
		VMOVDQA64 Z21, Z17
		VMOVDQA64 Z22, Z19
	`)
	f.Label(pairs)
}

// sel128 puts in dst the tie mask of block idx (from the line): Z21 where
// idx is R11 modulo 4, else Z22.
func sel128(f *File, idx, dst, other string) {
	f.Op("VMOVDQA64", "Z22", dst)
	f.Op("MOVQ", idx, "R12")
	f.Ops(`
		ANDQ $3, R12
		CMPQ R12, R11
	`)
	f.Jump("JNE", other)
	f.Op("VMOVDQA64", "Z21", dst)
	f.Label(other)
}

// span128 is f16BinxSpan128's loop for the value m; its labels start with p.
func span128(f *File, m func(even, odd, z, mask string), p string) {
	f.Ops("XORQ R13, R13")
	sel128(f, "R13", "Z23", p+"first")
	m("Z0", "Z1", "Z5", "Z23")
	f.Ops(`
		VMOVDQU16 Z5, K2, 0(DI)
		DECQ CX
	`)
	f.Jump("JZ", "done")
	spanLast(f)
	sel128(f, "CX", "Z23", p+"last")
	m("Z2", "Z3", "Z7", "Z23")
	putLast(f, "Z7")
	stepD(f, "Z0")
	stepD(f, "Z1")
	f.Ops(`
		ADDQ $64, DI
		DECQ CX
		INCQ R13
	`)
	f.Label(p + "peel")
	f.Ops("TESTQ $3, CX")
	f.Jump("JZ", p+"quads")
	sel128(f, "R13", "Z23", p+"psel")
	m("Z0", "Z1", "Z5", "Z23")
	f.Ops("VMOVDQU64 Z5, 0(DI)")
	stepD(f, "Z0")
	stepD(f, "Z1")
	f.Ops(`
		ADDQ $64, DI
		DECQ CX
		INCQ R13
	`)
	f.Jump("JMP", p+"peel")
	f.Label(p + "quads")
	f.Ops("TESTQ CX, CX")
	f.Jump("JZ", "done")
	for q := range 4 {
		if q > 0 {
			f.Ops("INCQ R13")
		}
		sel128(f, "R13", string(z(24+q)), fmt.Sprintf("%sq%d", p, q))
	}
	for _, r := range [][3]string{{"Z4", "Z0", "Z2"}, {"Z4", "Z1", "Z3"}, {"Z4", "Z2", "Z8"}, {"Z4", "Z3", "Z9"}, {"Z4", "Z8", "Z10"}, {"Z4", "Z9", "Z11"}} {
		f.Op("VPADDD", r[0], r[1], r[2])
	}
	f.Ops("VPSLLD $2, Z4, Z28")
	f.Label(p + "loop")
	outs := []string{"Z5", "Z6", "Z7", "Z14"}
	for i, l := range [][2]string{{"Z0", "Z1"}, {"Z2", "Z3"}, {"Z8", "Z9"}, {"Z10", "Z11"}} {
		m(l[0], l[1], outs[i], string(z(24+i)))
	}
	for i, o := range outs {
		f.Op("VMOVDQU64", o, at(64*i))
	}
	for _, l := range []string{"Z0", "Z1", "Z2", "Z3", "Z8", "Z9", "Z10", "Z11"} {
		f.Op("VPADDD", "Z28", l, l)
	}
	f.Ops(`
		ADDQ $256, DI
		SUBQ $4, CX
	`)
	f.Jump("JNZ", p+"loop")
	f.Jump("JMP", "done")
}

// qLanes16 loads the arguments of a kernel of sixteen int64 lanes (dst,
// blocks, base, first, inc): dst in DI, blocks in CX, the lanes base +
// first in Z0 and Z1, inc in Z4; first stays in every lane of Z9 and base
// in SI, for kernels of more lanes.
func qLanes16(f *File) {
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {blocks}, CX
		MOVQ {base}, SI
		MOVQ {first}, AX
		VPBROADCASTQ AX, Z9
		VPADDQ 0(SI), Z9, Z0
		VPADDQ 64(SI), Z9, Z1
		MOVQ {inc}, AX
		VPBROADCASTQ AX, Z4
	`)
}

// qReorder loads the 16 int64 lanes at SI into r0-r3 in f32BinqY's order
// (through Y5, Y6).
func qReorder(f *File, r0, r1, r2, r3 string) {
	for _, h := range [][3]string{{"0", r0, r1}, {"64", r2, r3}} {
		off := 0
		if h[0] == "64" {
			off = 64
		}
		f.Op("VMOVDQU", fmt.Sprintf("%d(SI)", off), "Y5")
		f.Op("VMOVDQU", fmt.Sprintf("%d(SI)", off+32), "Y6")
		f.Op("VPERM2I128", "$0x20", "Y6", "Y5", h[1])
		f.Op("VPERM2I128", "$0x31", "Y6", "Y5", h[2])
	}
}

// qTie clears q's last bit in z (the block of lo, hi) where the high
// dwords of kb-1 have it clear (ones: all ones; notone: dwords of ^1).
func qTie(f *File, lo, hi, z, ones, notone string) {
	f.Op("VPADDQ", ones, lo, "Y7")
	f.Op("VPADDQ", ones, hi, "Y8")
	f.Ops("VSHUFPS $0xDD, Y8, Y7, Y7")
	f.Op("VPOR", notone, "Y7", "Y7")
	f.Op("VPAND", "Y7", z, z)
}
