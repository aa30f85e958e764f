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
	f.Shapes(binadeShapes...)
	return f
}

// The binade kernels' registers (laneZ, outZ, tmpZ and incZ blockPairs').
var binadeR = struct {
	to     Reg // where the next block goes
	left   Reg // the blocks left
	from   Reg // base's address
	tmp    Reg // first, inc or c, loaded whole
	firstR Reg // (f16Binx, the spans) first (the spans: moved back to the line's first element)
	sh     Reg // shift (then 16 - shift, or shift - 16)
	tieW   Reg // (f16Bin) ties, a half at a time
	tieR   Reg // (f16Binx, the spans, f32Binq) ties
	incR   Reg // (f16Binx, the spans) inc (the spans: d, then 32*d)
	cst    Reg // (f16Binx) a constant, to broadcast
	cR     Reg // (f16Binx) c (f32Binq: c << 32)
	mis    Reg // (the spans) the elements of the line before dst
	scr    Reg // (the spans) a temporary: mis*d, ties moved, the last block's offset
	headM  Reg // (spanArgs) the first block's mask
	tailN  Reg // (spanArgs) the elements past the span in its last block
	lastM  Reg // (spanArgs) the last block's mask
	rot    Reg // (f16BinxSpan) 64 - mis
	swap   Reg // (f16BinxSpan) ties' halves swapped
	word   Reg // (f16BinxSpan128) the tie's word in its block,
	bit    Reg // and 1 << word
	tieBlk Reg // (f16BinxSpan128) the block (of four, from the line's first) with the tie
	blk    Reg // (span128) the current block (from the line's first)
	idx4   Reg // (sel128) a block's index modulo 4

	lane   []Reg // (AVX2) the lanes (f16Bin: even 0 and 2, odd 1 and 3)
	firstY Reg   // (AVX2) first in every lane,
	firstX Reg   // its low bytes
	incY   Reg   // (AVX2) inc in every lane,
	incX   Reg   // its low bytes
	cY     Reg   // (f16Bin) c in every word (narrow: c << 16 in every lane),
	cX     Reg   // its low bytes
	bits   Reg   // (f16Bin) bitsW
	tieY   []Reg // (f16Bin) the tie mask as words of 1: elements 0 to 15, 16 to 31,
	tieX   []Reg // their low bytes
	shY    Reg   // (f16Bin) narrow: 16 - shift (the lanes' scale); wide: shift
	wideX  Reg   // (f16Bin, f16Binx: wide) shift - 16
	half   []Reg // (f16Bin) a block's halves
	halfT  []Reg // (f16Bin, wide) their odd lanes shifted
	cqY    Reg   // (f32BinqY) c << 32 in every lane,
	cqX    Reg   // its low bytes
	countX Reg   // (f32Binq, f32BinqY) the scale's count: 32 - shift
	outY   []Reg // (f32BinqY, qReorder) a block's halves
	onesY  Reg   // (f32BinqY) all ones
	notY   Reg   // (f32BinqY) dwords of ^1
	tieT   []Reg // (qTie) kb-1's high dwords

	laneZ  []Reg // (AVX-512) blockPairs' lanes: block 0's (0, 1), then the next's or the span's last block's (2, 3)
	outZ   []Reg // (AVX-512) blockPairs' blocks
	tmpZ   []Reg // (AVX-512) blockPairs' temporaries: t2, t3 of each set
	incZ   Reg   // (AVX-512) inc in every lane: a block's step
	firstZ Reg   // (AVX-512) first in every lane
	cZ     Reg   // (f16Binx) c in every word (narrow: c << 16 in every lane); (f32Binq) c << 32
	hiMask Reg   // (f16Binx) the mask of high words
	tieZ   Reg   // (f16Binx) the tie mask as words of 1 (binxHF: XOR hiMask)
	shZ    Reg   // (f16Binx) narrow: 16 - shift (the lanes' scale); wide: shift
	hiIdx  Reg   // (f32Binq) hiDwords
	onesZ  Reg   // (f32Binq) all ones
	notZ   Reg   // (f32Binq) dwords of ^1
	stepN  Reg   // (spanLast) the step of left blocks
	maskA  Reg   // (span64) the even blocks' tie mask; (span128) the tie block's
	maskB  Reg   // (span64) the odd blocks'; (span128) no tie's
	maskE  Reg   // (edges64, span128) a block's mask
	quadL  []Reg // (span128) four blocks' lanes, even and odd of each
	quadO  []Reg // (span128) the four blocks
	quadM  []Reg // (span128) their masks
	step4  Reg   // (span128) four blocks' step
}{
	to: DI, left: CX, from: SI, tmp: AX, firstR: AX, sh: AX, tieW: AX, tieR: DX, incR: R8, cst: R8, cR: BX,
	mis: R9, scr: R10, headM: R10, tailN: R11, lastM: R12, rot: R11, swap: R13,
	word: R10, bit: R12, tieBlk: R11, blk: R13, idx4: R12,
	lane: vecs(y, 0, 4), firstY: y(9), firstX: x(9), incY: y(4), incX: x(4), cY: y(12), cX: x(12),
	bits: y(11), tieY: vecs(y, 14, 2), tieX: vecs(x, 14, 2), shY: x(13), wideX: x(10),
	half: []Reg{y(5), y(7)}, halfT: []Reg{y(6), y(8)}, cqY: y(10), cqX: x(10), countX: x(13),
	outY: vecs(y, 5, 2), onesY: y(11), notY: y(14), tieT: vecs(y, 7, 2),
	laneZ: pairsR.lane, outZ: pairsR.out, tmpZ: pairsR.tmp, incZ: pairsR.step, firstZ: z(9),
	cZ: z(12), hiMask: z(13), tieZ: z(14), shZ: x(15), hiIdx: z(13), onesZ: z(11), notZ: z(14),
	stepN: z(20), maskA: z(21), maskB: z(22), maskE: z(23),
	quadL: []Reg{z(0), z(1), z(2), z(3), z(8), z(9), z(10), z(11)},
	quadO: []Reg{z(5), z(6), z(7), z(14)}, quadM: vecs(z, 24, 4), step4: z(28),
}

// f16BinForms writes f16Bin of every store kind.
//
// f16Bin (AVX2): two halves of 16 a block, each from an even register
// (lane 0, 2) and an odd one (lane 1, 3), with VPBLENDW, each with its
// half of the tie mask (tieY); where ties is 0, shift 16 or less, a
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

// f16BinLanes loads f16Bin's arguments: dst in to, blocks in left, the
// lanes base + first in lane (0, 2 even, 1, 3 odd), inc in incY, c in
// every word of cY, the halves of the tie mask in tieY (ties in tieW on).
func f16BinLanes(f *File) {
	r := binadeR
	firstArgs(f, r)
	f.Op("VPBROADCASTD", r.firstX, r.firstY)
	for i, off := range []int{0, 64, 32, 96} {
		f.Op("VMOVDQU", r.from.At(off), r.lane[i])
	}
	for _, l := range r.lane {
		f.Op("VPADDD", r.firstY, l, l)
	}
	f.Ops(`
		MOVQ {inc}, {tmp}
		VMOVQ {tmp}, {incX}
		VPBROADCASTD {incX}, {incY}
		MOVQ {c}, {tmp}
		VMOVQ {tmp}, {cX}
		VPBROADCASTW {cX}, {cY}
		MOVQ {ties}, {tieW}
		TESTQ {left}, {left}
	`, r)
	f.Jump("JZ", "done")
	f.Ops("VMOVDQU bitsW<>(SB), {bits}", r)
	for i, t := range r.tieY {
		if i == 1 {
			f.Ops("SHRQ $16, {tieW}", r)
		}
		f.Op("VMOVQ", r.tieW, r.tieX[i])
		f.Op("VPBROADCASTW", r.tieX[i], t)
		f.Op("VPAND", r.bits, t, t)
		f.Op("VPCMPEQW", r.bits, t, t)
		f.Op("VPSRLW", "$15", t, t)
	}
}

// f16BinNarrow writes f16Bin's loops for shift 16 or less (else it jumps
// to wide), the lanes scaled to shift 16 and given c << 16: nloop without
// the tie masks, hloop with them; each stores by mov and ends at done.
func f16BinNarrow(f *File, mov string) {
	r := binadeR
	f.Ops(`
		MOVQ {shift}, {sh}
		CMPQ {sh}, $16
	`, r)
	f.Jump("JA", "wide")
	f.Ops(`
		NEGQ {sh}
		ADDQ $16, {sh}
		VMOVQ {sh}, {shY}
	`, r)
	for _, l := range append(r.lane[:4:4], r.incY) {
		f.Op("VPSLLD", r.shY, l, l)
	}
	f.Ops("VPSLLD $16, {cY}, {cY}", r)
	for _, l := range r.lane {
		f.Op("VPADDD", r.cY, l, l)
	}
	f.Ops("CMPQ {ties}, $0")
	f.Jump("JNE", "hloop")
	for _, lp := range []struct {
		label string
		tie   bool
	}{{"nloop", false}, {"hloop", true}} {
		f.Label(lp.label)
		for h, v := range r.half {
			even, odd := r.lane[2*h], r.lane[2*h+1]
			f.Op("VPSRLD", "$16", even, v)
			f.Op("VPBLENDW", "$0xAA", odd, v, v)
			if lp.tie {
				f.Op("VPANDN", v, r.tieY[h], v)
			}
			f.Op(mov, v, at(32*h))
		}
		f16BinNext(f, lp.label)
		f.Jump("JMP", "done")
	}
}

// f16BinWide writes f16Bin's loop for shifts past 16 (label wide; shift
// in sh), storing by mov.
func f16BinWide(f *File, mov string) {
	r := binadeR
	f.Label("wide")
	f.Ops(`
		VMOVQ {sh}, {shY}
		SUBQ $16, {sh}
		VMOVQ {sh}, {wideX}
	`, r)
	f.Label("loop")
	for h, v := range r.half {
		even, odd, t := r.lane[2*h], r.lane[2*h+1], r.halfT[h]
		f.Op("VPSRLD", r.shY, even, v)
		f.Op("VPSRLD", r.wideX, odd, t)
		f.Op("VPBLENDW", "$0xAA", t, v, v)
		f.Op("VPANDN", v, r.tieY[h], v)
		f.Op("VPADDW", r.cY, v, v)
		f.Op(mov, v, at(32*h))
	}
	f16BinNext(f, "loop")
}

// f16BinNext ends a block of f16Bin's loop: the lanes stepped by incY, to
// advanced, the next block (back to loop) while left counts down.
func f16BinNext(f *File, loop string) { binNext(f, "VPADDD", loop) }

// binNext ends a block of the AVX2 binade loops (f16Bin's int32 lanes,
// f32BinqY's int64 lanes: add adds incY to each lane), to advanced, the
// next block (back to loop) while left counts down.
func binNext(f *File, add, loop string) {
	r := binadeR
	for _, l := range r.lane {
		f.Op(add, r.incY, l, l)
	}
	f.Ops(`
		ADDQ $64, {to}
		DECQ {left}
	`, r)
	f.Jump("JNZ", loop)
}

// f16BinxForms writes f16Binx of every store kind.
//
// f16Binx (AVX-512): a block's 32 lanes are two registers (base: see
// packOrder): the even elements (laneZ[0]) and the odd ones (laneZ[1]).
// With shift
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
			MOVQ {dst}, {to}
			MOVQ {blocks}, {left}
			MOVQ {first}, {firstR}
			MOVQ {inc}, {incR}
			MOVQ {ties}, {tieR}
		`, binadeR)
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
	r := binadeR
	f.Func("f16BinxSpan", sigSpan, "")
	f.Twin("binSpan_g", stRegular, true)
	spanArgs(f, func() {
		f.Ops(`
			SHLXQ {mis}, {tieR}, {scr}
			MOVL $64, {rot}
			SUBL {mis}, {rot}
			SHRXQ {rot}, {tieR}, {tieR}
			ORQ {scr}, {tieR}
		`, r)
	}, func() {
		f.Ops(`
			RORXQ $32, {tieR}, {swap}
			CMPQ {swap}, {tieR}
		`, r)
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
// line it starts in has a tie, at one word: maskA is the mask of that
// word (block tieBlk of four, word below 32), maskB no tie's; sel128
// puts a block's in dst by its index. The edges and the blocks before a
// multiple of four take theirs one by one; then each turn writes four
// blocks (lanes quadL, a block apart, each stepped by four blocks,
// step4) with four fixed masks (quadM), so the tie form costs no
// operation a block.
func f16BinxSpan128(f *File) {
	r := binadeR
	f.Func("f16BinxSpan128", sigSpan128, "")
	f.Twin("binSpan128_g", stRegular, true)
	spanArgs(f, func() {
		f.Ops(`
			ADDQ {mis}, {tieR}
			ANDQ $127, {tieR}
		`, r)
	}, func() {})
	spanLanes(f)
	f.Ops(`
		MOVQ {tieR}, {word}
		ANDQ $31, {word}
		MOVL $1, {bit}
		SHLXL {word}, {bit}, {bit}
		KMOVD {bit}, K1
		VPMOVM2W K1, {maskA}
		VPSRLW $15, {maskA}, {maskA}
		VPXORD {maskB}, {maskB}, {maskB}
		MOVQ {tieR}, {tieBlk}
		SHRQ $5, {tieBlk}
		TESTQ {sh}, {sh}
	`, r)
	f.Jump("JZ", "t16")
	f.Ops(`
		VPXORD {hiMask}, {maskA}, {maskA}
		VMOVDQA64 {hiMask}, {maskB}
	`, r)
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
	r := binadeR
	for _, st := range stores {
		f.Func("f32Binq"+st.suffix, sigBinS, storeDoc("f32Binq", st))
		f.Twin("binS_g", st, true)
		qLanes16(f)
		shiftCount(f, r.sh, r.countX)
		for _, l := range []Reg{r.laneZ[0], r.laneZ[1], r.incZ} {
			f.Op("VPSLLQ", r.countX, l, l)
		}
		f.Ops(`
			MOVQ {c}, {cR}
			SHLQ $32, {cR}
			VPBROADCASTQ {cR}, {cZ}
			VPADDQ {cZ}, {laneZ[0]}, {laneZ[0]}
			VPADDQ {cZ}, {laneZ[1]}, {laneZ[1]}
			VMOVDQU64 hiDwords<>(SB), {hiIdx}
			MOVQ {ties}, {tieR}
			TESTQ {left}, {left}
		`, r)
		f.Jump("JZ", "done")
		f.Ops("TESTQ {tieR}, {tieR}", r)
		f.Jump("JNZ", "ties")
		bins := func(lo, hi, z Reg) {
			f.Op("VMOVDQA64", r.hiIdx, z)
			f.Op("VPERMI2D", hi, lo, z)
		}
		put, step := pairPutZ(f, movZ(st)), stepBy(f, "VPADDQ")
		blockPairsL(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) { bins(lo, hi, z) }, put, 64, "VPADDQ", step, "pairs", "loop")
		f.Label("ties")
		f.Ops(`
			VPTERNLOGD $0xFF, {onesZ}, {onesZ}, {onesZ}
			VPSLLD $1, {onesZ}, {notZ}
		`, r)
		blockPairsL(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
			bins(lo, hi, z)
			f.Op("VPADDQ", r.onesZ, lo, t2)
			f.Op("VPADDQ", r.onesZ, hi, t3)
			bins(t2, t3, zt)
			f.Op("VPTERNLOGD", "$0xE0", r.notZ, zt, z)
		}, put, 64, "VPADDQ", step, "tpairs", "tloop")
		f.Label("done")
		end(f, st)
	}
}

// f32BinqYForms writes f32BinqY of every store kind.
//
// f32BinqY (AVX2): a block's 16 lanes in four registers of four,
// reordered once so that one VSHUFPS gathers the high dwords of two of
// them in element order (lane 0: elements 0, 1, 4, 5; lane 1: 2, 3, 6,
// 7; lanes 2, 3 the same 8 on); ties to even from the high dwords of
// kb-1 (onesY: all ones; notY: dwords of ^1).
func f32BinqYForms(f *File) {
	r := binadeR
	for _, st := range stores {
		f.Func("f32BinqY"+st.suffix, sigBinS, storeDoc("f32BinqY", st))
		f.Twin("binS_g", st, false)
		mov := movDQ[st]
		firstArgs(f, r)
		f.Ops(`
			VPBROADCASTQ {firstX}, {firstY}
			MOVQ {c}, {tmp}
			SHLQ $32, {tmp}
			VMOVQ {tmp}, {cqX}
			VPBROADCASTQ {cqX}, {cqY}
		`, r)
		shiftCount(f, r.sh, r.countX)
		qReorder(f, r.lane[0], r.lane[1], r.lane[2], r.lane[3])
		for _, op := range []struct {
			op string
			by Reg
		}{{"VPADDQ", r.firstY}, {"VPSLLQ", r.countX}, {"VPADDQ", r.cqY}} {
			for _, l := range r.lane {
				f.Op(op.op, op.by, l, l)
			}
		}
		f.Ops(`
			MOVQ {inc}, {tmp}
			VMOVQ {tmp}, {incX}
			VPBROADCASTQ {incX}, {incY}
			VPSLLQ {countX}, {incY}, {incY}
			TESTQ {left}, {left}
		`, r)
		f.Jump("JZ", "done")
		f.Ops("CMPQ {ties}, $0")
		f.Jump("JNE", "ties")
		f.Label("loop")
		f.Ops(`
			VSHUFPS $0xDD, {lane[1]}, {lane[0]}, {outY[0]}
			VSHUFPS $0xDD, {lane[3]}, {lane[2]}, {outY[1]}
		`, r)
		f.Op(mov, r.outY[0], at(0))
		f.Op(mov, r.outY[1], at(32))
		binNext(f, "VPADDQ", "loop")
		f.Jump("JMP", "done")
		f.Label("ties")
		f.Ops(`
			VPCMPEQQ {onesY}, {onesY}, {onesY}
			VPSLLD $1, {onesY}, {notY}
		`, r)
		f.Label("tloop")
		f.Ops("VSHUFPS $0xDD, {lane[1]}, {lane[0]}, {outY[0]}", r)
		qTie(f, r.lane[0], r.lane[1], r.outY[0], r.onesY, r.notY)
		f.Ops("VSHUFPS $0xDD, {lane[3]}, {lane[2]}, {outY[1]}", r)
		qTie(f, r.lane[2], r.lane[3], r.outY[1], r.onesY, r.notY)
		f.Op(mov, r.outY[0], at(0))
		f.Op(mov, r.outY[1], at(32))
		binNext(f, "VPADDQ", "tloop")
		f.Label("done")
		end(f, st)
	}
}

// shiftCount puts 32 - shift in n and in count's low quadword: the left
// shift of int64 lanes that brings a binade's last place to bit 32 (the
// float32 binade kernels, f32Binq and rowsBinS).
func shiftCount(f *File, n, count Reg) {
	f.Op("MOVQ", f.Arg("shift"), n)
	f.Op("NEGQ", n)
	f.Op("ADDQ", "$32", n)
	f.Op("VMOVQ", n, count)
}

// movZ is the store of a whole ZMM register for st.
func movZ(st store) string {
	if st == stStream {
		return "VMOVNTDQ"
	}
	return "VMOVDQU64"
}

// The values of f16Binx's forms (see f16Binx): binxH for shifts up to 16,
// binxHT with the tie mask tieZ, binxHF the same in two operations where
// shift is below 16 (the lanes scaled up by 1 or more: bit 0 of every lane
// is 0), with tieZ the mask of high words XOR the tie mask: VPTERNLOGD 0x58
// is tieZ ? odd &^ z : z; binxG and binxGT for wider shifts.
func binxH(f *File, tie bool) value {
	r := binadeR
	return func(even, odd, z, zt, y, yt, t2, t3 Reg) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0xF8", r.hiMask, odd, z)
		if tie {
			f.Op("VPANDNQ", z, r.tieZ, z)
		}
	}
}

func binxHF(f *File) value {
	return func(even, odd, z, zt, y, yt, t2, t3 Reg) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0x58", binadeR.tieZ, odd, z)
	}
}

func binxG(f *File, tie bool) value {
	r := binadeR
	return func(even, odd, z, zt, y, yt, t2, t3 Reg) {
		f.Op("VPSRLD", r.shZ, even, z)
		f.Op("VPSRLW", r.wideX, odd, "K4", z)
		f.Op("VPADDW", r.cZ, z, z)
		if tie {
			f.Op("VPANDNQ", z, r.tieZ, z)
		}
	}
}

// binxHTM and binxHFM are binxH's tie forms with the mask a parameter.
func binxHTM(f *File) func(even, odd, z, mask Reg) {
	return func(even, odd, z, mask Reg) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0xF8", binadeR.hiMask, odd, z)
		f.Op("VPANDNQ", z, mask, z)
	}
}

func binxHFM(f *File) func(even, odd, z, mask Reg) {
	return func(even, odd, z, mask Reg) {
		f.Op("VPSRLD", "$16", even, z)
		f.Op("VPTERNLOGD", "$0x58", mask, odd, z)
	}
}

// f16BinxBody is f16Binx and f16BinxSpan from their arguments (first in
// firstR, inc in incR, ties in tieR, dst to, blocks left): edges, if not
// nil, writes a span's edge blocks before each loop.
func f16BinxBody(f *File, mov string, st store, edges func(value)) {
	r := binadeR
	binxLanes(f)
	f.Ops(`
		VPBROADCASTW {cR}, {cZ}
		TESTQ {left}, {left}
	`, r)
	f.Jump("JZ", "done")
	f.Ops(`
		KMOVD {tieR}, K1
		VPMOVM2W K1, {tieZ}
		VPSRLW $15, {tieZ}, {tieZ}
		MOVL $0xFFFF0000, {cst}
		VPBROADCASTD {cst}, {hiMask}
		CMPQ {sh}, $16
	`, r)
	f.Jump("JA", "wide")
	binxNarrow(f)
	put, step := pairPutZ(f, mov), stepBy(f, "VPADDD")
	loop := func(v value, pairs, lp string) {
		if edges != nil {
			edges(v)
		}
		blockPairsL(f, v, put, 64, "VPADDD", step, pairs, lp)
	}
	f.Ops("TESTQ {tieR}, {tieR}", r)
	f.Jump("JNZ", "hties")
	loop(binxH(f, false), "hpairs", "hloop")
	f.Label("hties")
	f.Ops("TESTQ {sh}, {sh}", r)
	f.Jump("JZ", "hties16")
	f.Ops("VPXORD {hiMask}, {tieZ}, {tieZ}", r)
	loop(binxHF(f), "hfpairs", "hfloop")
	f.Label("hties16")
	loop(binxH(f, true), "htpairs", "htloop")
	f.Label("wide")
	f.Ops(`
		VMOVQ {sh}, {shZ}
		SUBQ $16, {sh}
		VMOVQ {sh}, {wideX}
		MOVL $0xAAAAAAAA, {cst}
		KMOVD {cst}, K4
		TESTQ {tieR}, {tieR}
	`, r)
	f.Jump("JNZ", "ties")
	loop(binxG(f, false), "pairs", "loop")
	f.Label("ties")
	loop(binxG(f, true), "tpairs", "tloop")
	f.Label("done")
	end(f, st)
}

// spanArgs loads the span kernels' arguments: the span of n elements at
// dst (element-aligned) as the blocks of the 64-byte lines it touches,
// from the line it starts in (to), off elements before dst (mis): left
// blocks; first (firstR) and ties (tieR, moved by tiesMove) moved back to
// the line's first element; inc (incR) 32*d; K2 the elements of the
// first block within the span (and of the last, if one block), K3 those
// of the last block; then check.
func spanArgs(f *File, tiesMove, check func()) {
	r := binadeR
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {n}, {left}
		MOVQ {first}, {firstR}
		MOVQ {d}, {incR}
		MOVQ {ties}, {tieR}
		MOVQ {to}, {mis}
		SHRQ $1, {mis}
		ANDQ $31, {mis}
		ANDQ $-64, {to}
		MOVQ {incR}, {scr}
		IMULQ {mis}, {scr}
		SUBQ {scr}, {firstR}
		SHLQ $5, {incR}
	`, r)
	tiesMove()
	f.Ops(`
		ADDQ {mis}, {left}
		MOVL $-1, {headM}
		SHLXL {mis}, {headM}, {headM}
		MOVQ {left}, {tailN}
		NEGQ {tailN}
		ANDQ $31, {tailN}
		MOVL $-1, {lastM}
		SHRXL {tailN}, {lastM}, {lastM}
		ADDQ $31, {left}
		SHRQ $5, {left}
		CMPQ {left}, $1
	`, r)
	f.Jump("JNE", "spanmasks")
	f.Ops("ANDL {lastM}, {headM}", r)
	f.Label("spanmasks")
	f.Ops(`
		KMOVD {headM}, K2
		KMOVD {lastM}, K3
	`, r)
	check()
}

// spanLast sets laneZ[2] and laneZ[3] to the lanes of a span's last
// block, left blocks past the first (laneZ[0], laneZ[1]; incZ the step of
// a block); putLast stores z, that block, under its mask K3.
func spanLast(f *File) {
	f.Ops(`
		VPBROADCASTD {left}, {stepN}
		VPMULLD {incZ}, {stepN}, {stepN}
		VPADDD {stepN}, {laneZ[0]}, {laneZ[2]}
		VPADDD {stepN}, {laneZ[1]}, {laneZ[3]}
	`, binadeR)
}

func putLast(f *File, z Reg) {
	r := binadeR
	f.Ops(`
		MOVQ {left}, {scr}
		SHLQ $6, {scr}
	`, r)
	f.Op("VMOVDQU16", z, "K3", fmt.Sprintf("0(%s)(%s*1)", r.to, r.scr))
}

func stepD(f *File, l Reg) { f.Op("VPADDD", binadeR.incZ, l, l) }

// spanEdges writes the first block of a span (masked by K2) and, if more,
// its last (masked by K3), and leaves blockPairs the blocks between.
func spanEdges(f *File) func(value) {
	r := binadeR
	l, o, t := r.laneZ, r.outZ, r.tmpZ
	return func(v value) {
		v(l[0], l[1], o[0], o[1], o[0].Y(), o[1].Y(), t[0], t[1])
		f.Ops(`
			VMOVDQU16 {outZ[0]}, K2, 0({to})
			DECQ {left}
		`, r)
		f.Jump("JZ", "done")
		spanLast(f)
		v(l[2], l[3], o[2], o[3], o[2].Y(), o[3].Y(), t[2], t[3])
		putLast(f, o[2])
		stepD(f, l[0])
		stepD(f, l[1])
		f.Ops(`
			ADDQ $64, {to}
			DECQ {left}
		`, r)
	}
}

// binxLanes loads f16Binx's lanes from the arguments and spanArgs's
// registers (first in firstR, inc in incR): block 0's in laneZ[0],
// laneZ[1], a block's step in incZ; shift in sh and c in cR.
func binxLanes(f *File) {
	f.Ops(`
		MOVQ {base}, {from}
		VPBROADCASTD {firstR}, {firstZ}
		VMOVDQU32 0({from}), {laneZ[0]}
		VMOVDQU32 64({from}), {laneZ[1]}
		VPADDD {firstZ}, {laneZ[0]}, {laneZ[0]}
		VPADDD {firstZ}, {laneZ[1]}, {laneZ[1]}
		VPBROADCASTD {incR}, {incZ}
		MOVQ {shift}, {sh}
		MOVQ {c}, {cR}
	`, binadeR)
}

// binxNarrow scales the lanes to shift 16 (sh: 16 - shift after it) and
// gives them c << 16.
func binxNarrow(f *File) {
	r := binadeR
	f.Ops(`
		NEGQ {sh}
		ADDQ $16, {sh}
		VMOVQ {sh}, {shZ}
	`, r)
	for _, l := range []Reg{r.laneZ[0], r.laneZ[1], r.incZ} {
		f.Op("VPSLLD", r.shZ, l, l)
	}
	f.Ops(`
		SHLL $16, {cR}
		VPBROADCASTD {cR}, {cZ}
		VPADDD {cZ}, {laneZ[0]}, {laneZ[0]}
		VPADDD {cZ}, {laneZ[1]}, {laneZ[1]}
	`, r)
}

// spanLanes sets up the narrow form's lanes (shift at most 16) from
// spanArgs's registers, as f16Binx does: laneZ[0], laneZ[1] block 0's,
// scaled to shift 16 and given c << 16, incZ a block's step, hiMask the
// mask of high words, sh 16 - shift.
func spanLanes(f *File) {
	binxLanes(f)
	f.Ops(`
		MOVL $0xFFFF0000, {cst}
		VPBROADCASTD {cst}, {hiMask}
	`, binadeR)
	binxNarrow(f)
}

// span64 is f16BinxSpan's form for ties every 64 elements (shift at most
// 16): the blocks of even index from the line it starts in take the tie
// mask of ties' low half (maskA, a word of 1 at each tie), the odd ones
// its high half (maskB). The first and last blocks take theirs by their
// index, and an odd block count between them gives the first of those to
// the edges too, so that blockPairs has pairs only: the first block of
// each (value's t3: tmpZ[1]) takes one mask, the second (tmpZ[3]) the
// other. It ends at f16BinxBody's done.
func span64(f *File) {
	r := binadeR
	spanLanes(f)
	f.Ops(`
		KMOVD {tieR}, K1
		VPMOVM2W K1, {maskA}
		VPSRLW $15, {maskA}, {maskA}
		SHRQ $32, {tieR}
		KMOVD {tieR}, K1
		VPMOVM2W K1, {maskB}
		VPSRLW $15, {maskB}, {maskB}
		TESTQ {sh}, {sh}
	`, r)
	f.Jump("JZ", "s64t16")
	f.Ops(`
		VPXORD {hiMask}, {maskA}, {maskA}
		VPXORD {hiMask}, {maskB}, {maskB}
	`, r)
	put, step := pairPutZ(f, "VMOVDQU64"), stepBy(f, "VPADDD")
	for _, form := range []struct {
		m      func(even, odd, z, mask Reg)
		prefix string
		label  string
	}{{binxHFM(f), "s64f", ""}, {binxHTM(f), "s64t", "s64t16"}} {
		if form.label != "" {
			f.Label(form.label)
		}
		m, p := form.m, form.prefix
		edges64(f, m, p+"even", p+"go")
		blockPairsL(f, func(even, odd, z, zt, y, yt, t2, t3 Reg) { m(even, odd, z, t3) },
			put, 64, "VPADDD", step, p+"pairs", p+"loop")
	}
}

// edges64 is spanEdges with each edge's mask by its block's index (even,
// pairs: its labels), and block 1 too where the blocks between are odd in
// number; it leaves blockPairs pairs of blocks, tmpZ[1] the mask of the
// first of each and tmpZ[3] that of the second.
func edges64(f *File, m func(even, odd, z, mask Reg), even, pairs string) {
	r := binadeR
	l, o := r.laneZ, r.outZ
	m(l[0], l[1], o[0], r.maskA)
	f.Ops(`
		VMOVDQU16 {outZ[0]}, K2, 0({to})
		DECQ {left}
	`, r)
	f.Jump("JZ", "done")
	spanLast(f)
	f.Ops(`
		VMOVDQA64 {maskA}, {maskE}
		TESTQ $1, {left}
	`, r)
	f.Jump("JZ", even)
	f.Ops("VMOVDQA64 {maskB}, {maskE}", r)
	f.Label(even)
	m(l[2], l[3], o[2], r.maskE)
	putLast(f, o[2])
	stepD(f, l[0])
	stepD(f, l[1])
	f.Ops(`
		ADDQ $64, {to}
		DECQ {left}
		VMOVDQA64 {maskB}, {tmpZ[1]}
		VMOVDQA64 {maskA}, {tmpZ[3]}
		TESTQ $1, {left}
	`, r)
	f.Jump("JZ", pairs)
	m(l[0], l[1], o[0], r.maskB)
	f.Ops("VMOVDQU64 {outZ[0]}, 0({to})", r)
	stepD(f, l[0])
	stepD(f, l[1])
	f.Ops(`
		ADDQ $64, {to}
		DECQ {left}
		VMOVDQA64 {maskA}, {tmpZ[1]}
		VMOVDQA64 {maskB}, {tmpZ[3]}
	`, r)
	f.Label(pairs)
}

// sel128 puts in dst the tie mask of block idx (from the line): maskA
// where idx is tieBlk modulo 4, else maskB.
func sel128(f *File, idx, dst Reg, other string) {
	r := binadeR
	f.Op("VMOVDQA64", r.maskB, dst)
	f.Op("MOVQ", idx, r.idx4)
	f.Ops(`
		ANDQ $3, {idx4}
		CMPQ {idx4}, {tieBlk}
	`, r)
	f.Jump("JNE", other)
	f.Op("VMOVDQA64", r.maskA, dst)
	f.Label(other)
}

// span128 is f16BinxSpan128's loop for the value m; its labels start with p.
func span128(f *File, m func(even, odd, z, mask Reg), p string) {
	r := binadeR
	l, o := r.laneZ, r.outZ
	f.Ops("XORQ {blk}, {blk}", r)
	sel128(f, r.blk, r.maskE, p+"first")
	m(l[0], l[1], o[0], r.maskE)
	f.Ops(`
		VMOVDQU16 {outZ[0]}, K2, 0({to})
		DECQ {left}
	`, r)
	f.Jump("JZ", "done")
	spanLast(f)
	sel128(f, r.left, r.maskE, p+"last")
	m(l[2], l[3], o[2], r.maskE)
	putLast(f, o[2])
	stepD(f, l[0])
	stepD(f, l[1])
	f.Ops(`
		ADDQ $64, {to}
		DECQ {left}
		INCQ {blk}
	`, r)
	f.Label(p + "peel")
	f.Ops("TESTQ $3, {left}", r)
	f.Jump("JZ", p+"quads")
	sel128(f, r.blk, r.maskE, p+"psel")
	m(l[0], l[1], o[0], r.maskE)
	f.Ops("VMOVDQU64 {outZ[0]}, 0({to})", r)
	stepD(f, l[0])
	stepD(f, l[1])
	f.Ops(`
		ADDQ $64, {to}
		DECQ {left}
		INCQ {blk}
	`, r)
	f.Jump("JMP", p+"peel")
	f.Label(p + "quads")
	span128Quads(f, m, p)
}

// span128Quads is span128's loop of four blocks a turn, each with its
// fixed mask.
func span128Quads(f *File, m func(even, odd, z, mask Reg), p string) {
	r := binadeR
	f.Ops("TESTQ {left}, {left}", r)
	f.Jump("JZ", "done")
	for q, mq := range r.quadM {
		if q > 0 {
			f.Ops("INCQ {blk}", r)
		}
		sel128(f, r.blk, mq, fmt.Sprintf("%sq%d", p, q))
	}
	for i := range 6 {
		f.Op("VPADDD", r.incZ, r.quadL[i], r.quadL[i+2])
	}
	f.Ops("VPSLLD $2, {incZ}, {step4}", r)
	f.Label(p + "loop")
	for i, o := range r.quadO {
		m(r.quadL[2*i], r.quadL[2*i+1], o, r.quadM[i])
	}
	for i, o := range r.quadO {
		f.Op("VMOVDQU64", o, at(64*i))
	}
	for _, l := range r.quadL {
		f.Op("VPADDD", r.step4, l, l)
	}
	f.Ops(`
		ADDQ $256, {to}
		SUBQ $4, {left}
	`, r)
	f.Jump("JNZ", p+"loop")
	f.Jump("JMP", "done")
}

// qLanes16 loads the arguments of a kernel of sixteen int64 lanes (dst,
// blocks, base, first, inc): dst in to, blocks in left, the lanes base +
// first in laneZ[0] and laneZ[1], inc in incZ; first stays in every lane
// of firstZ and base in from, for kernels of more lanes.
func qLanes16(f *File) {
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {blocks}, {left}
		MOVQ {base}, {from}
		MOVQ {first}, {tmp}
		VPBROADCASTQ {tmp}, {firstZ}
		VPADDQ 0({from}), {firstZ}, {laneZ[0]}
		VPADDQ 64({from}), {firstZ}, {laneZ[1]}
		MOVQ {inc}, {tmp}
		VPBROADCASTQ {tmp}, {incZ}
	`, binadeR)
}

// qReorder loads the 16 int64 lanes at from into r0-r3 in f32BinqY's
// order (through outY).
func qReorder(f *File, r0, r1, r2, r3 Reg) {
	r := binadeR
	for _, h := range []struct {
		off    int
		lo, hi Reg
	}{{0, r0, r1}, {64, r2, r3}} {
		f.Op("VMOVDQU", r.from.At(h.off), r.outY[0])
		f.Op("VMOVDQU", r.from.At(h.off+32), r.outY[1])
		f.Op("VPERM2I128", "$0x20", r.outY[1], r.outY[0], h.lo)
		f.Op("VPERM2I128", "$0x31", r.outY[1], r.outY[0], h.hi)
	}
}

// qTie clears q's last bit in z (the block of lo, hi) where the high
// dwords of kb-1 have it clear (ones: all ones; notone: dwords of ^1),
// through tieT.
func qTie(f *File, lo, hi, z, ones, notone Reg) {
	t := binadeR.tieT
	f.Op("VPADDQ", ones, lo, t[0])
	f.Op("VPADDQ", ones, hi, t[1])
	f.Op("VSHUFPS", "$0xDD", t[1], t[0], t[0])
	f.Op("VPOR", notone, t[0], t[0])
	f.Op("VPAND", t[0], z, z)
}

// binadeShapes are the methods the binade kernels write (File.Shapes).
var binadeShapes = []Shape{
	{Name: "binade", Const: "mBinade"},
	{Name: "binade-q", Const: "mBinadeQ", Planned: true},
	{Name: "binade-s", Const: "mBinadeS"},
	{Name: "binade-add", Const: "mBinadeAdd"},
	{Name: "rows-binade", Const: "mRowsBin", Rows: true, Plan: []Row{{Rank: 80, Can: "canF16Int32", Off: "offBinade"}}},
	{Name: "rows-binade-q", Const: "mRowsBinQ", Rows: true, Planned: true, Plan: []Row{{Rank: 90, Can: "canF16Int64", Off: "offBinade"}}},
	{Name: "rows-binade-s", Const: "mRowsBinS", Rows: true, Stream: streamAny, Plan: []Row{{Rank: 70, Can: "canF32Int64", Off: "offBinadeS"}}},
}
