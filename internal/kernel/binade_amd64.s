//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"
#include "rows_amd64.h"

// The binade kernels (see the package doc: method binade): float16 from
// int32 lanes within one binade, with integer operations only, in an AVX2
// form and an AVX-512 form (suffix x), each with the three store kinds
// from one macro (store, fence, ahead; see lanes_amd64.h). Go twin: twins.go.
#define NOFENCE

// F16BINNEXT advances F16BIN's lanes (Y0-Y3) and dst by a block and goes
// back to loop while blocks remain.
#define F16BINNEXT(loop) \
	VPADDD Y4, Y0, Y0 \
	VPADDD Y4, Y1, Y1 \
	VPADDD Y4, Y2, Y2 \
	VPADDD Y4, Y3, Y3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop

// The AVX2 form of F16BINX (below), the same arguments and results: two
// halves of 16 a block, each from an even register (Y0, Y2) and an odd one
// (Y1, Y3), with VPBLENDW, each with its half of the tie mask (Y14, Y15);
// where ties is 0, shift 16 or less, a loop without the masks (nloop: the
// AVX2 table's FLOAT16 0.1, +0.3 and -1000, +0.07 at 64 KiB wrote 5-10%
// faster so; VPAND and VPOR in place of VPBLENDW, slower than either).
#define F16BIN(store, fence, ahead) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VMOVQ AX, X9 \
	VPBROADCASTD X9, Y9 \
	VMOVDQU 0(SI), Y0 \
	VMOVDQU 64(SI), Y1 \
	VMOVDQU 32(SI), Y2 \
	VMOVDQU 96(SI), Y3 \
	VPADDD Y9, Y0, Y0 \
	VPADDD Y9, Y1, Y1 \
	VPADDD Y9, Y2, Y2 \
	VPADDD Y9, Y3, Y3 \
	MOVQ inc+32(FP), AX \
	VMOVQ AX, X4 \
	VPBROADCASTD X4, Y4 \
	MOVQ c+48(FP), AX \
	VMOVQ AX, X12 \
	VPBROADCASTW X12, Y12 \
	MOVQ ties+56(FP), AX \
	TESTQ CX, CX \
	JZ done \
	VMOVDQU bitsW<>(SB), Y11 \
	VMOVQ AX, X14 \
	VPBROADCASTW X14, Y14 \
	VPAND Y11, Y14, Y14 \
	VPCMPEQW Y11, Y14, Y14 \
	VPSRLW $15, Y14, Y14 \
	SHRQ $16, AX \
	VMOVQ AX, X15 \
	VPBROADCASTW X15, Y15 \
	VPAND Y11, Y15, Y15 \
	VPCMPEQW Y11, Y15, Y15 \
	VPSRLW $15, Y15, Y15 \
	MOVQ shift+40(FP), AX \
	CMPQ AX, $16 \
	JA wide \
	NEGQ AX \
	ADDQ $16, AX \
	VMOVQ AX, X13 \
	VPSLLD X13, Y0, Y0 \
	VPSLLD X13, Y1, Y1 \
	VPSLLD X13, Y2, Y2 \
	VPSLLD X13, Y3, Y3 \
	VPSLLD X13, Y4, Y4 \
	VPSLLD $16, Y12, Y12 \
	VPADDD Y12, Y0, Y0 \
	VPADDD Y12, Y1, Y1 \
	VPADDD Y12, Y2, Y2 \
	VPADDD Y12, Y3, Y3 \
	CMPQ ties+56(FP), $0 \
	JNE hloop \
nloop: \
	ahead(0) \
	VPSRLD $16, Y0, Y5 \
	VPBLENDW $0xAA, Y1, Y5, Y5 \
	store Y5, 0(DI) \
	VPSRLD $16, Y2, Y7 \
	VPBLENDW $0xAA, Y3, Y7, Y7 \
	store Y7, 32(DI) \
	F16BINNEXT(nloop) \
	JMP done \
hloop: \
	ahead(0) \
	VPSRLD $16, Y0, Y5 \
	VPBLENDW $0xAA, Y1, Y5, Y5 \
	VPANDN Y5, Y14, Y5 \
	store Y5, 0(DI) \
	VPSRLD $16, Y2, Y7 \
	VPBLENDW $0xAA, Y3, Y7, Y7 \
	VPANDN Y7, Y15, Y7 \
	store Y7, 32(DI) \
	F16BINNEXT(hloop) \
	JMP done \
wide: \
	VMOVQ AX, X13 \
	SUBQ $16, AX \
	VMOVQ AX, X10 \
loop: \
	ahead(0) \
	VPSRLD X13, Y0, Y5 \
	VPSRLD X10, Y1, Y6 \
	VPBLENDW $0xAA, Y6, Y5, Y5 \
	VPANDN Y5, Y14, Y5 \
	VPADDW Y12, Y5, Y5 \
	store Y5, 0(DI) \
	VPSRLD X13, Y2, Y7 \
	VPSRLD X10, Y3, Y8 \
	VPBLENDW $0xAA, Y8, Y7, Y7 \
	VPANDN Y7, Y15, Y7 \
	VPADDW Y12, Y7, Y7 \
	store Y7, 32(DI) \
	F16BINNEXT(loop) \
done: \
	fence \
	VZEROUPPER \
	RET

// float16 from integer lanes within one binade (or the subnormals) of one
// sign, with integer operations only. Each lane holds a magnitude m, biased
// by half a unit of the last place: kb = m + 2^(shift-1). q = kb >> shift
// is m rounded to nearest with ties up; the elements that are ties (bit e
// of ties: the planner locates them, and their places repeat from block to
// block) go to even instead, by clearing q's last bit (a tie rounded up is
// odd exactly where even is below it). The float16 bits are then c + q (c:
// sign and exponent; a q that rounds up to the next binade carries into
// the exponent, as it should). The tie mask is a vector of words, 1 at the
// ties, cleared from q with one VPANDNQ.
// A block's 32 lanes are two registers (base: see packOrder): the even
// elements (Z0) and the odd ones (Z1). The even elements' q go to the low
// words (kb >> shift: the high words are left 0), the odd ones' to the
// high words: a word shift of each lane's high word by shift-16 (kb >> 16
// >> (shift-16), with nothing from the low word) written only into the
// high words (under K4) of the even ones' result, in element order. (Two
// dword shifts and a VPTERNLOGD with the mask of high words did the same
// in one more operation: the kernel wrote 68 GB/s at 32 KiB, 4 MiB,
// against 82-87 so.)
//
// With shift <= 16 (every binade the planner makes), the lanes are first
// scaled to shift 16 (kb << (16-shift): exact, as kb < 2^(shift+16)) and
// given c << 16 (wrapping): the high half of each lane is then c + q, and
// a block is one shift (of the even lanes) and one VPTERNLOGD. (c is even,
// so clearing the last bit of c + q clears q's.)
//
// Each form writes its blocks with BLOCKPAIRS (lanes_amd64.h): two a turn;
// BINXH and the others make a block (BLOCKPAIRS's value) in each form.
#define BINXH(even, odd, z, zt, y, yt, t2, t3) \
	VPSRLD $16, even, z \
	VPTERNLOGD $0xF8, Z13, odd, z

#define BINXHT(even, odd, z, zt, y, yt, t2, t3) \
	BINXH(even, odd, z, zt, y, yt, t2, t3) \
	VPANDNQ z, Z14, z

// BINXHF is BINXHT in two operations where shift is below 16 (the lanes
// scaled up by 1 or more: bit 0 of every lane is 0), with Z14 the mask of
// high words XOR the tie mask: z (the even q, high words 0) is kept where
// Z14 is 0 (low words but their tie bits; the high words' tie bits, which
// are 0 in z), and the odd lanes where Z14 is 1 and z is 0 (the high
// words but their tie bits; the low words' tie bits, where the odd lanes'
// bit 0 is 0): VPTERNLOGD 0x58 is Z14 ? odd &^ z : z.
#define BINXHF(even, odd, z, zt, y, yt, t2, t3) \
	VPSRLD $16, even, z \
	VPTERNLOGD $0x58, Z14, odd, z

#define BINXG(even, odd, z, zt, y, yt, t2, t3) \
	VPSRLD X15, even, z \
	VPSRLW X10, odd, K4, z \
	VPADDW Z12, z, z

#define BINXGT(even, odd, z, zt, y, yt, t2, t3) \
	BINXG(even, odd, z, zt, y, yt, t2, t3) \
	VPANDNQ z, Z14, z

#define F16BINX(store, fence, ahead, args, edges) \
	args \
	MOVQ base+16(FP), SI \
	VPBROADCASTD AX, Z9 \
	VMOVDQU32 0(SI), Z0 \
	VMOVDQU32 64(SI), Z1 \
	VPADDD Z9, Z0, Z0 \
	VPADDD Z9, Z1, Z1 \
	VPBROADCASTD R8, Z4 \
	MOVQ shift+40(FP), AX \
	MOVQ c+48(FP), BX \
	VPBROADCASTW BX, Z12 \
	TESTQ CX, CX \
	JZ done \
	KMOVD DX, K1 \
	VPMOVM2W K1, Z14 \
	VPSRLW $15, Z14, Z14 \
	MOVL $0xFFFF0000, R8 \
	VPBROADCASTD R8, Z13 \
	CMPQ AX, $16 \
	JA wide \
	NEGQ AX \
	ADDQ $16, AX \
	VMOVQ AX, X15 \
	VPSLLD X15, Z0, Z0 \
	VPSLLD X15, Z1, Z1 \
	VPSLLD X15, Z4, Z4 \
	SHLL $16, BX \
	VPBROADCASTD BX, Z12 \
	VPADDD Z12, Z0, Z0 \
	VPADDD Z12, Z1, Z1 \
	TESTQ DX, DX \
	JNZ hties \
	edges(BINXH) \
	BLOCKPAIRS(BINXH, PUTZ, 64, VPADDD, STEPD, store, ahead, hpairs, hloop) \
hties: \
	TESTQ AX, AX \
	JZ hties16 \
	VPXORD Z13, Z14, Z14 \
	edges(BINXHF) \
	BLOCKPAIRS(BINXHF, PUTZ, 64, VPADDD, STEPD, store, ahead, hfpairs, hfloop) \
hties16: \
	edges(BINXHT) \
	BLOCKPAIRS(BINXHT, PUTZ, 64, VPADDD, STEPD, store, ahead, htpairs, htloop) \
wide: \
	VMOVQ AX, X15 \
	SUBQ $16, AX \
	VMOVQ AX, X10 \
	MOVL $0xAAAAAAAA, R8 \
	KMOVD R8, K4 \
	TESTQ DX, DX \
	JNZ ties \
	edges(BINXG) \
	BLOCKPAIRS(BINXG, PUTZ, 64, VPADDD, STEPD, store, ahead, pairs, loop) \
ties: \
	edges(BINXGT) \
	BLOCKPAIRS(BINXGT, PUTZ, 64, VPADDD, STEPD, store, ahead, tpairs, tloop) \
done: \
	fence \
	VZEROUPPER \
	RET

// F16BINX's arguments from f16BinxSpan's: the span of n elements at dst
// (element-aligned) as the blocks of the 64-byte lines it touches, from
// the line it starts in (DI), off elements before dst: CX blocks; first
// (AX) and ties (DX, 64 bits) moved back to the line's first element; inc
// (R8) 32*d; K2 the elements of the first block within the span (and of
// the last, if one block), K3 those of the last block. Where the two
// halves of ties differ (ties every 64 elements), it goes to span64.
#define SPANARGSOF(tiesmove, check) \
	MOVQ dst+0(FP), DI \
	MOVQ n+8(FP), CX \
	MOVQ first+24(FP), AX \
	MOVQ d+32(FP), R8 \
	MOVQ ties+56(FP), DX \
	MOVQ DI, R9 \
	SHRQ $1, R9 \
	ANDQ $31, R9 \
	ANDQ $-64, DI \
	MOVQ R8, R10 \
	IMULQ R9, R10 \
	SUBQ R10, AX \
	SHLQ $5, R8 \
	tiesmove \
	ADDQ R9, CX \
	MOVL $-1, R10 \
	SHLXL R9, R10, R10 \
	MOVQ CX, R11 \
	NEGQ R11 \
	ANDQ $31, R11 \
	MOVL $-1, R12 \
	SHRXL R11, R12, R12 \
	ADDQ $31, CX \
	SHRQ $5, CX \
	CMPQ CX, $1 \
	JNE spanmasks \
	ANDL R12, R10 \
spanmasks: \
	KMOVD R10, K2 \
	KMOVD R12, K3 \
	check

// SPANARGSOF's ties moves: f16BinxSpan's tie mask rotated (64 bits), which
// goes to span64 where its halves differ; f16BinxSpan128's tie element,
// modulo 128.
#define SPANARGS SPANARGSOF(SPANROT64, SPANTO64)
#define SPANROT64 SHLXQ R9, DX, R10; MOVL $64, R11; SUBL R9, R11; SHRXQ R11, DX, DX; ORQ R10, DX
#define SPANTO64 RORXQ $32, DX, R13; CMPQ R13, DX; JNE span64
#define SPANTIE128 ADDQ R9, DX; ANDQ $127, DX
#define NOCHECK

// SPANLAST sets Z2 and Z3 to the lanes of a span's last block, CX blocks
// past the first (Z0, Z1; Z4 the step of a block), and PUTLAST stores z,
// that block, under its mask K3.
#define SPANLAST \
	VPBROADCASTD CX, Z20 \
	VPMULLD Z4, Z20, Z20 \
	VPADDD Z20, Z0, Z2 \
	VPADDD Z20, Z1, Z3

#define PUTLAST(z) \
	MOVQ CX, R10 \
	SHLQ $6, R10 \
	VMOVDQU16 z, K3, 0(DI)(R10*1)

// SPANEDGES writes the first block of a span (masked by K2) and, if more,
// its last (masked by K3), and leaves BLOCKPAIRS the blocks between.
#define SPANEDGES(value) \
	value(Z0, Z1, Z5, Z6, Y5, Y6, Z16, Z17) \
	VMOVDQU16 Z5, K2, 0(DI) \
	DECQ CX \
	JZ done \
	SPANLAST \
	value(Z2, Z3, Z7, Z8, Y7, Y8, Z18, Z19) \
	PUTLAST(Z7) \
	STEPD(Z0) \
	STEPD(Z1) \
	ADDQ $64, DI \
	DECQ CX

// The span kernel's form for ties every 64 elements (the two halves of its
// ties differ; shift at most 16): the blocks of even index from the line
// it starts in take the tie mask of ties' low half (Z21, a word of 1 at
// each tie), the odd ones its high half (Z22). The first and last blocks
// (SPANEDGES64) take theirs by their index, and an odd block count
// between them gives the first of those to SPANEDGES64 too, so that
// BLOCKPAIRS has pairs only: the first block of each (value's t3: Z17)
// takes one mask, the second (Z19) the other, as many operations a block
// as the tie form of a period of 32 or less. BINXHTM and BINXHFM are
// BINXHT and BINXHF with the mask a parameter.
#define BINXHTM(even, odd, z, mask) \
	VPSRLD $16, even, z \
	VPTERNLOGD $0xF8, Z13, odd, z \
	VPANDNQ z, mask, z

#define BINXHFM(even, odd, z, mask) \
	VPSRLD $16, even, z \
	VPTERNLOGD $0x58, mask, odd, z

#define BINXHT64(even, odd, z, zt, y, yt, t2, t3) BINXHTM(even, odd, z, t3)
#define BINXHF64(even, odd, z, zt, y, yt, t2, t3) BINXHFM(even, odd, z, t3)

// SPANEDGES64 is SPANEDGES with each edge's mask by its block's index
// (even, pairs: its labels), and block 1 too where the blocks between
// are odd in number; it leaves BLOCKPAIRS pairs of blocks, Z17 the mask of
// the first of each and Z19 that of the second.
#define SPANEDGES64(value, even, pairs) \
	value(Z0, Z1, Z5, Z21) \
	VMOVDQU16 Z5, K2, 0(DI) \
	DECQ CX \
	JZ done \
	SPANLAST \
	VMOVDQA64 Z21, Z23 \
	TESTQ $1, CX \
	JZ even \
	VMOVDQA64 Z22, Z23 \
even: \
	value(Z2, Z3, Z7, Z23) \
	PUTLAST(Z7) \
	STEPD(Z0) \
	STEPD(Z1) \
	ADDQ $64, DI \
	DECQ CX \
	VMOVDQA64 Z22, Z17 \
	VMOVDQA64 Z21, Z19 \
	TESTQ $1, CX \
	JZ pairs \
	value(Z0, Z1, Z5, Z22) \
	VMOVDQU64 Z5, 0(DI) \
	STEPD(Z0) \
	STEPD(Z1) \
	ADDQ $64, DI \
	DECQ CX \
	VMOVDQA64 Z21, Z17 \
	VMOVDQA64 Z22, Z19 \
pairs:

// SPANLANES sets up the narrow form's lanes (shift at most 16) from
// SPANARGSOF's registers, as F16BINX does: Z0, Z1 block 0's, scaled to
// shift 16 and given c << 16, Z4 a block's step, Z13 the mask of high
// words, AX 16 - shift.
#define SPANLANES \
	MOVQ base+16(FP), SI \
	VPBROADCASTD AX, Z9 \
	VMOVDQU32 0(SI), Z0 \
	VMOVDQU32 64(SI), Z1 \
	VPADDD Z9, Z0, Z0 \
	VPADDD Z9, Z1, Z1 \
	VPBROADCASTD R8, Z4 \
	MOVQ shift+40(FP), AX \
	MOVQ c+48(FP), BX \
	MOVL $0xFFFF0000, R8 \
	VPBROADCASTD R8, Z13 \
	NEGQ AX \
	ADDQ $16, AX \
	VMOVQ AX, X15 \
	VPSLLD X15, Z0, Z0 \
	VPSLLD X15, Z1, Z1 \
	VPSLLD X15, Z4, Z4 \
	SHLL $16, BX \
	VPBROADCASTD BX, Z12 \
	VPADDD Z12, Z0, Z0 \
	VPADDD Z12, Z1, Z1

// SPAN64 is f16BinxSpan's form for ties every 64 elements, from SPANARGS
// (which jumps to it); it ends at F16BINX's done.
#define SPAN64 \
	SPANLANES \
	KMOVD DX, K1 \
	VPMOVM2W K1, Z21 \
	VPSRLW $15, Z21, Z21 \
	SHRQ $32, DX \
	KMOVD DX, K1 \
	VPMOVM2W K1, Z22 \
	VPSRLW $15, Z22, Z22 \
	TESTQ AX, AX \
	JZ s64t16 \
	VPXORD Z13, Z21, Z21 \
	VPXORD Z13, Z22, Z22 \
	SPANEDGES64(BINXHFM, s64feven, s64fgo) \
	BLOCKPAIRS(BINXHF64, PUTZ, 64, VPADDD, STEPD, VMOVDQU64, NOAHEAD, s64fpairs, s64floop) \
s64t16: \
	SPANEDGES64(BINXHTM, s64teven, s64tgo) \
	BLOCKPAIRS(BINXHT64, PUTZ, 64, VPADDD, STEPD, VMOVDQU64, NOAHEAD, s64tpairs, s64tloop)

// The span kernel for ties every 128 elements (f16BinxSpan128; shift at
// most 16): one block in four from the line it starts in has a tie, at
// one word. Z21 is the mask of that word (ties' element from the line,
// modulo 128: block R11 of four, word below 32), Z22 no tie's; SEL128
// puts a block's in dst by its index (idx, from the line; other: a label).
// The edges and the blocks before a multiple of four take theirs one by
// one; then each turn writes four blocks (lanes Z0/Z1, Z2/Z3, Z8/Z9,
// Z10/Z11, a block apart, each stepped by four blocks, Z28) with four
// fixed masks (Z24-Z27), so the tie form costs no operation a block.
#define SEL128(idx, dst, other) \
	VMOVDQA64 Z22, dst \
	MOVQ idx, R12 \
	ANDQ $3, R12 \
	CMPQ R12, R11 \
	JNE other \
	VMOVDQA64 Z21, dst \
other:

#define SPAN128(value, first, last, peel, psel, quads, q0, q1, q2, q3, loop) \
	XORQ R13, R13 \
	SEL128(R13, Z23, first) \
	value(Z0, Z1, Z5, Z23) \
	VMOVDQU16 Z5, K2, 0(DI) \
	DECQ CX \
	JZ done \
	SPANLAST \
	SEL128(CX, Z23, last) \
	value(Z2, Z3, Z7, Z23) \
	PUTLAST(Z7) \
	STEPD(Z0) \
	STEPD(Z1) \
	ADDQ $64, DI \
	DECQ CX \
	INCQ R13 \
peel: \
	TESTQ $3, CX \
	JZ quads \
	SEL128(R13, Z23, psel) \
	value(Z0, Z1, Z5, Z23) \
	VMOVDQU64 Z5, 0(DI) \
	STEPD(Z0) \
	STEPD(Z1) \
	ADDQ $64, DI \
	DECQ CX \
	INCQ R13 \
	JMP peel \
quads: \
	TESTQ CX, CX \
	JZ done \
	SEL128(R13, Z24, q0) \
	INCQ R13 \
	SEL128(R13, Z25, q1) \
	INCQ R13 \
	SEL128(R13, Z26, q2) \
	INCQ R13 \
	SEL128(R13, Z27, q3) \
	VPADDD Z4, Z0, Z2 \
	VPADDD Z4, Z1, Z3 \
	VPADDD Z4, Z2, Z8 \
	VPADDD Z4, Z3, Z9 \
	VPADDD Z4, Z8, Z10 \
	VPADDD Z4, Z9, Z11 \
	VPSLLD $2, Z4, Z28 \
loop: \
	value(Z0, Z1, Z5, Z24) \
	value(Z2, Z3, Z6, Z25) \
	value(Z8, Z9, Z7, Z26) \
	value(Z10, Z11, Z14, Z27) \
	VMOVDQU64 Z5, 0(DI) \
	VMOVDQU64 Z6, 64(DI) \
	VMOVDQU64 Z7, 128(DI) \
	VMOVDQU64 Z14, 192(DI) \
	VPADDD Z28, Z0, Z0 \
	VPADDD Z28, Z1, Z1 \
	VPADDD Z28, Z2, Z2 \
	VPADDD Z28, Z3, Z3 \
	VPADDD Z28, Z8, Z8 \
	VPADDD Z28, Z9, Z9 \
	VPADDD Z28, Z10, Z10 \
	VPADDD Z28, Z11, Z11 \
	ADDQ $256, DI \
	SUBQ $4, CX \
	JNZ loop \
	JMP done

// bitsW: word e holds 1 << e (the AVX2 form's tie mask, from the bits of
// ties).
DATA bitsW<>+0(SB)/8, $0x0008000400020001
DATA bitsW<>+8(SB)/8, $0x0080004000200010
DATA bitsW<>+16(SB)/8, $0x0800040002000100
DATA bitsW<>+24(SB)/8, $0x8000400020001000
GLOBL bitsW<>(SB), RODATA|NOPTR, $32

// BINROWLANES scales rowsBinx's lanes (base in Z10, Z11; inc in Z4, 2*inc
// in Z20) from shift AX to shift to (X15: to - AX).
#define BINROWLANES(to) \
	NEGQ AX \
	ADDQ $to, AX \
	VMOVQ AX, X15 \
	MOVQ inc+48(FP), AX \
	VPBROADCASTD AX, Z4 \
	VPSLLD X15, Z4, Z4 \
	VMOVDQU32 0(SI), Z10 \
	VMOVDQU32 64(SI), Z11 \
	VPSLLD X15, Z10, Z10 \
	VPSLLD X15, Z11, Z11 \
	VPADDD Z4, Z4, Z20

// ROWSBINX is rowsBinx, with ahead as ROWS64 takes it: loops for shifts
// up to 16 (BINBLOCKH) and for the others (wide, BINBLOCK), each with the
// tie masks and without them (every 0: BINBLOCKH0, BINBLOCK0).
#define ROWSBINX(ahead) \
	ROWARGS \
	MOVQ shift+56(FP), AX \
	CMPQ AX, $16 \
	JA wide \
	BINROWLANES(16) \
	MOVQ c+64(FP), AX \
	SHLL $16, AX \
	VPBROADCASTD AX, Z12 \
	VPADDD Z12, Z10, Z10 \
	VPADDD Z12, Z11, Z11 \
	MOVL $0xFFFF0000, AX \
	VPBROADCASTD AX, Z13 \
	BINSTEPS \
	JNE hties \
	ROWS64(BINPLACE0, BINBLOCKH0, BINPAIRH0, BINADVANCE, ahead, BINROWPREP0, BINNEXT, h0row, h0aligned, h0pairs, h0one, h0last, h0done) \
hties: \
	ROWS64(BINPLACE, BINBLOCKH, BINPAIRH, BINADVANCE, ahead, BINROWPREP, BINNEXT, hrow, haligned, hpairs, hone, hlast, hdone) \
wide: \
	BINROWLANES(20) \
	MOVQ c+64(FP), AX \
	VPBROADCASTW AX, Z12 \
	MOVL $0xAAAAAAAA, AX \
	KMOVD AX, K4 \
	BINSTEPS \
	JNE wties \
	ROWS64(BINPLACE0, BINBLOCK0, BINPAIR0, BINADVANCE, ahead, BINROWPREP0, BINNEXT, w0row, w0aligned, w0pairs, w0one, w0last, w0done) \
wties: \
	ROWS64(BINPLACE, BINBLOCK, BINPAIRX, BINADVANCE, ahead, BINROWPREP, BINNEXT, row, aligned, pairs, one, last, done)

// BINSTEPS sets rowsBinx's row by row state from steps (R12; a binSteps):
// steps in SI, the row's firsts at 0(SP) (R12), its first kb in R13 and its
// first element, counted from the first row's, in DX; with no rows, to
// done; the flags as every (56(SI)) compares with 0.
#define BINSTEPS \
	MOVQ R12, SI \
	MOVQ SP, R12 \
	MOVQ 0(SI), R13 \
	XORL DX, DX \
	TESTQ R9, R9 \
	JZ done \
	CMPQ 56(SI), $0

// BINFIRST puts at off(SP) a place's firsts value: its first kb (AX, the
// low 32 bits) and, above, its tie mask: every << ((tie - e) & perMask),
// 32 bits, for its first element e (a register). Clobbers CX, DI, e.
#define BINFIRST(off, e) \
	MOVQ 40(SI), CX \
	SUBQ e, CX \
	ANDQ 48(SI), CX \
	MOVQ 56(SI), DI \
	SHLXL CX, DI, DI \
	SHLQ $32, DI \
	MOVL AX, AX \
	ORQ DI, AX \
	MOVQ AX, off(SP)

// BINROWPREP puts the row's three firsts at 0(SP), 8(SP), 16(SP): at its
// start (kb R13, element DX), at its first 64-byte aligned byte (mis
// elements on: kb plus mis*d (16(SI))) and at its last block (kb plus
// lastD (24(SI)), element DX + n - 32 (n: 32(SI))).
#define BINROWPREP \
	MOVQ R13, AX \
	MOVQ DX, BX \
	BINFIRST(0, BX) \
	MOVQ R8, BX \
	NEGQ BX \
	ANDQ $63, BX \
	SHRQ $1, BX \
	MOVQ BX, AX \
	IMULQ 16(SI), AX \
	ADDQ R13, AX \
	ADDQ DX, BX \
	BINFIRST(8, BX) \
	MOVQ 24(SI), AX \
	ADDQ R13, AX \
	MOVQ 32(SI), BX \
	LEAQ -32(DX)(BX*1), BX \
	BINFIRST(16, BX)

// BINROWPREP0 is BINROWPREP for rows with no ties: the three firsts
// alone, no tie masks (BINPLACE0 takes them).
#define BINROWPREP0 \
	MOVQ R13, 0(SP) \
	MOVQ R8, BX \
	NEGQ BX \
	ANDQ $63, BX \
	SHRQ $1, BX \
	IMULQ 16(SI), BX \
	ADDQ R13, BX \
	MOVQ BX, 8(SP) \
	MOVQ 24(SI), AX \
	ADDQ R13, AX \
	MOVQ AX, 16(SP)

// BINNEXT steps to the next row: kb by rowD (8(SI)), its element by n.
#define BINNEXT \
	ADDQ 8(SI), R13 \
	ADDQ 32(SI), DX

// F32BINQY is F32BINQ in AVX2: a block's 16 lanes in four registers of
// four, reordered once so that one VSHUFPS gathers the high dwords of two
// of them in element order (Y0: elements 0, 1, 4, 5; Y1: 2, 3, 6, 7; Y2,
// Y3 the same 8 on); ties to even as F32BINQ's, from the high dwords of
// kb-1 (Y11: all ones; Y14: dwords of ^1).
#define F32QNEXT(loop) \
	VPADDQ Y4, Y0, Y0 \
	VPADDQ Y4, Y1, Y1 \
	VPADDQ Y4, Y2, Y2 \
	VPADDQ Y4, Y3, Y3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop

#define F32QTIE(lo, hi, z, ones, notone) \
	VPADDQ ones, lo, Y7 \
	VPADDQ ones, hi, Y8 \
	VSHUFPS $0xDD, Y8, Y7, Y7 \
	VPOR notone, Y7, Y7 \
	VPAND Y7, z, z

// F32QREORDER loads the 16 int64 lanes at SI into r0-r3 in F32BINQY's
// order (through Y5, Y6).
#define F32QREORDER(r0, r1, r2, r3) \
	VMOVDQU 0(SI), Y5 \
	VMOVDQU 32(SI), Y6 \
	VPERM2I128 $0x20, Y6, Y5, r0 \
	VPERM2I128 $0x31, Y6, Y5, r1 \
	VMOVDQU 64(SI), Y5 \
	VMOVDQU 96(SI), Y6 \
	VPERM2I128 $0x20, Y6, Y5, r2 \
	VPERM2I128 $0x31, Y6, Y5, r3

#define F32BINQY(store, fence, ahead) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VMOVQ AX, X9 \
	VPBROADCASTQ X9, Y9 \
	MOVQ c+48(FP), AX \
	SHLQ $32, AX \
	VMOVQ AX, X10 \
	VPBROADCASTQ X10, Y10 \
	MOVQ shift+40(FP), AX \
	NEGQ AX \
	ADDQ $32, AX \
	VMOVQ AX, X13 \
	F32QREORDER(Y0, Y1, Y2, Y3) \
	VPADDQ Y9, Y0, Y0 \
	VPADDQ Y9, Y1, Y1 \
	VPADDQ Y9, Y2, Y2 \
	VPADDQ Y9, Y3, Y3 \
	VPSLLQ X13, Y0, Y0 \
	VPSLLQ X13, Y1, Y1 \
	VPSLLQ X13, Y2, Y2 \
	VPSLLQ X13, Y3, Y3 \
	VPADDQ Y10, Y0, Y0 \
	VPADDQ Y10, Y1, Y1 \
	VPADDQ Y10, Y2, Y2 \
	VPADDQ Y10, Y3, Y3 \
	MOVQ inc+32(FP), AX \
	VMOVQ AX, X4 \
	VPBROADCASTQ X4, Y4 \
	VPSLLQ X13, Y4, Y4 \
	TESTQ CX, CX \
	JZ done \
	CMPQ ties+56(FP), $0 \
	JNE ties \
loop: \
	ahead(0) \
	VSHUFPS $0xDD, Y1, Y0, Y5 \
	VSHUFPS $0xDD, Y3, Y2, Y6 \
	store Y5, 0(DI) \
	store Y6, 32(DI) \
	F32QNEXT(loop) \
	JMP done \
ties: \
	VPCMPEQQ Y11, Y11, Y11 \
	VPSLLD $1, Y11, Y14 \
tloop: \
	ahead(0) \
	VSHUFPS $0xDD, Y1, Y0, Y5 \
	F32QTIE(Y0, Y1, Y5, Y11, Y14) \
	VSHUFPS $0xDD, Y3, Y2, Y6 \
	F32QTIE(Y2, Y3, Y6, Y11, Y14) \
	store Y5, 0(DI) \
	store Y6, 32(DI) \
	F32QNEXT(tloop) \
done: \
	fence \
	VZEROUPPER \
	RET

// rowsBinSY: rows of float32 of one sign and binade from int64 lanes, as
// f32BinqY writes a run, in AVX2 (ROWS64, ROWS64NT); the places' first kb
// from steps (rowSteps of integers: QROWPREPD). The base, reordered (see
// F32BINQY), scaled to shift 32 (by the count at 96(SP)) and given c <<
// 32, in Y10-Y13; inc, scaled, in Y4; all ones in Y15 and, for the tie
// step, dwords of ^1 in Y14 where ties is not 0, else all ones (the step
// then changes nothing: the streaming form takes it whatever ties is); a
// block's halves in Y5, Y6.
#define BINSYPLACE(off) \
	VPBROADCASTQ off(R12), Y9 \
	VPSLLQ 96(SP), Y9, Y9 \
	VPADDQ Y10, Y9, Y0 \
	VPADDQ Y11, Y9, Y1 \
	VPADDQ Y12, Y9, Y2 \
	VPADDQ Y13, Y9, Y3

#define BINSYVALUE0 \
	VSHUFPS $0xDD, Y1, Y0, Y5 \
	VSHUFPS $0xDD, Y3, Y2, Y6

#define BINSYVALUE \
	BINSYVALUE0 \
	F32QTIE(Y0, Y1, Y5, Y15, Y14) \
	F32QTIE(Y2, Y3, Y6, Y15, Y14)

#define BINSYSTORE0(at) \
	BINSYVALUE0 \
	VMOVDQU Y5, 0(at) \
	VMOVDQU Y6, 32(at)

#define BINSYSTORE(at) \
	BINSYVALUE \
	VMOVDQU Y5, 0(at) \
	VMOVDQU Y6, 32(at)

#define BINSYADVANCE \
	VPADDQ Y4, Y0, Y0 \
	VPADDQ Y4, Y1, Y1 \
	VPADDQ Y4, Y2, Y2 \
	VPADDQ Y4, Y3, Y3

#define BINSYROWSETUP \
	ROWARGS \
	QSTEPS \
	MOVQ shift+56(FP), AX \
	NEGQ AX \
	ADDQ $32, AX \
	VMOVQ AX, X14 \
	MOVQ AX, 96(SP) \
	MOVQ $0, 104(SP) \
	F32QREORDER(Y10, Y11, Y12, Y13) \
	VPSLLQ X14, Y10, Y10 \
	VPSLLQ X14, Y11, Y11 \
	VPSLLQ X14, Y12, Y12 \
	VPSLLQ X14, Y13, Y13 \
	MOVQ c+64(FP), AX \
	SHLQ $32, AX \
	VMOVQ AX, X9 \
	VPBROADCASTQ X9, Y9 \
	VPADDQ Y9, Y10, Y10 \
	VPADDQ Y9, Y11, Y11 \
	VPADDQ Y9, Y12, Y12 \
	VPADDQ Y9, Y13, Y13 \
	MOVQ inc+48(FP), AX \
	VMOVQ AX, X4 \
	VPBROADCASTQ X4, Y4 \
	VPSLLQ X14, Y4, Y4 \
	VPCMPEQQ Y15, Y15, Y15 \
	VPSLLD $1, Y15, Y14 \
	CMPQ ties+72(FP), $0 \
	JNE 2(PC) \
	VMOVDQA Y15, Y14 \
	TESTQ R9, R9 \
	JZ done

// ROWSBINSY is rowsBinSY's regular and ahead forms: a loop without the tie
// step where ties is 0.
#define ROWSBINSY(ahead) \
	BINSYROWSETUP \
	CMPQ ties+72(FP), $0 \
	JNE ties \
	ROWS64(BINSYPLACE, BINSYSTORE0, SEQPAIR, BINSYADVANCE, ahead, QROWPREPD, QNEXT, n0row, n0aligned, n0pairs, n0one, n0last, n0done) \
ties: \
	ROWS64(BINSYPLACE, BINSYSTORE, SEQPAIR, BINSYADVANCE, ahead, QROWPREPD, QNEXT, row, aligned, pairs, one, last, done)

// rowsBinY is rowsBinx in AVX2, a block as F16BIN makes one: two halves
// of 16 elements, each from an even register (Y0, Y2) and an odd one (Y1,
// Y3) with VPBLENDW, each with its half of the tie mask (Y14, Y15). The
// scaled base is in Y10, Y12 (even) and Y11, Y13 (odd), in F16BIN's order;
// inc in Y4, the scale (to - shift) in X8, c (wide) in Y7; a block's halves
// in Y5, Y6 (Y9 a temporary). ROWS64 takes a block at a time (SEQPAIR).
#define BINROWLANESY(to) \
	NEGQ AX \
	ADDQ $to, AX \
	VMOVQ AX, X8 \
	MOVQ inc+48(FP), AX \
	VMOVQ AX, X4 \
	VPBROADCASTD X4, Y4 \
	VPSLLD X8, Y4, Y4 \
	VMOVDQU 0(SI), Y10 \
	VMOVDQU 64(SI), Y11 \
	VMOVDQU 32(SI), Y12 \
	VMOVDQU 96(SI), Y13 \
	VPSLLD X8, Y10, Y10 \
	VPSLLD X8, Y11, Y11 \
	VPSLLD X8, Y12, Y12 \
	VPSLLD X8, Y13, Y13

// BINPLACEY0 puts a place's lanes in Y0-Y3: the scaled base plus its first
// kb (the low 32 bits at off(R12)) scaled by X8; BINPLACEY adds its tie
// mask (the high 32 bits) as words of 1 in Y14 (elements 0 to 15) and Y15
// (16 to 31), as F16BIN makes them.
#define BINPLACEY0(off) \
	MOVQ off(R12), AX \
	VMOVQ AX, X9 \
	VPBROADCASTD X9, Y9 \
	VPSLLD X8, Y9, Y9 \
	VPADDD Y10, Y9, Y0 \
	VPADDD Y11, Y9, Y1 \
	VPADDD Y12, Y9, Y2 \
	VPADDD Y13, Y9, Y3

#define TIEWORDS(r, x) \
	VMOVQ AX, x \
	VPBROADCASTW x, r \
	VPAND bitsW<>(SB), r, r \
	VPCMPEQW bitsW<>(SB), r, r \
	VPSRLW $15, r, r

#define BINPLACEY(off) \
	BINPLACEY0(off) \
	SHRQ $32, AX \
	TIEWORDS(Y14, X14) \
	SHRQ $16, AX \
	TIEWORDS(Y15, X15)

// The blocks of rowsBinY at 0(at): BINBLOCKHY for lanes scaled to shift
// 16 with c << 16 added (the high word of each lane is c + q), BINBLOCKY
// for lanes scaled to shift 20 (q = kb >> 20, c added after); the 0 forms
// for rows with no ties.
#define BINHALFHY(even, odd, z, mask) \
	VPSRLD $16, even, z \
	VPBLENDW $0xAA, odd, z, z \
	VPANDN z, mask, z

#define BINHALFHY0(even, odd, z, mask) \
	VPSRLD $16, even, z \
	VPBLENDW $0xAA, odd, z, z

#define BINHALFY(even, odd, z, mask) \
	VPSRLD $20, even, z \
	VPSRLW $4, odd, Y9 \
	VPBLENDW $0xAA, Y9, z, z \
	VPANDN z, mask, z \
	VPADDW Y7, z, z

#define BINHALFY0(even, odd, z, mask) \
	VPSRLD $20, even, z \
	VPSRLW $4, odd, Y9 \
	VPBLENDW $0xAA, Y9, z, z \
	VPADDW Y7, z, z

#define BINBLOCKOFY(half, at) \
	half(Y0, Y1, Y5, Y14) \
	half(Y2, Y3, Y6, Y15) \
	VMOVDQU Y5, 0(at) \
	VMOVDQU Y6, 32(at)

#define BINBLOCKHY(at) BINBLOCKOFY(BINHALFHY, at)
#define BINBLOCKHY0(at) BINBLOCKOFY(BINHALFHY0, at)
#define BINBLOCKY(at) BINBLOCKOFY(BINHALFY, at)
#define BINBLOCKY0(at) BINBLOCKOFY(BINHALFY0, at)

#define BINADVANCEY \
	VPADDD Y4, Y0, Y0 \
	VPADDD Y4, Y1, Y1 \
	VPADDD Y4, Y2, Y2 \
	VPADDD Y4, Y3, Y3

// ROWSBINY is rowsBinY, with ahead as ROWS64 takes it: ROWSBINX's four
// loops.
#define ROWSBINY(ahead) \
	ROWARGS \
	MOVQ shift+56(FP), AX \
	CMPQ AX, $16 \
	JA wide \
	BINROWLANESY(16) \
	MOVQ c+64(FP), AX \
	SHLL $16, AX \
	VMOVQ AX, X9 \
	VPBROADCASTD X9, Y9 \
	VPADDD Y9, Y10, Y10 \
	VPADDD Y9, Y11, Y11 \
	VPADDD Y9, Y12, Y12 \
	VPADDD Y9, Y13, Y13 \
	BINSTEPS \
	JNE hties \
	ROWS64(BINPLACEY0, BINBLOCKHY0, SEQPAIR, BINADVANCEY, ahead, BINROWPREP0, BINNEXT, h0row, h0aligned, h0pairs, h0one, h0last, h0done) \
hties: \
	ROWS64(BINPLACEY, BINBLOCKHY, SEQPAIR, BINADVANCEY, ahead, BINROWPREP, BINNEXT, hrow, haligned, hpairs, hone, hlast, hdone) \
wide: \
	BINROWLANESY(20) \
	MOVQ c+64(FP), AX \
	VMOVQ AX, X7 \
	VPBROADCASTW X7, Y7 \
	BINSTEPS \
	JNE wties \
	ROWS64(BINPLACEY0, BINBLOCKY0, SEQPAIR, BINADVANCEY, ahead, BINROWPREP0, BINNEXT, w0row, w0aligned, w0pairs, w0one, w0last, w0done) \
wties: \
	ROWS64(BINPLACEY, BINBLOCKY, SEQPAIR, BINADVANCEY, ahead, BINROWPREP, BINNEXT, row, aligned, pairs, one, last, done)

// func f16Bin(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
TEXT ·f16Bin(SB), NOSPLIT, $0-64
	F16BIN(VMOVDQU, NOFENCE, NOAHEAD)

// func f16BinNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
// f16Bin with streaming stores.
TEXT ·f16BinNT(SB), NOSPLIT, $0-64
	F16BIN(VMOVNTDQ, SFENCE, NOAHEAD)

// func f16BinA(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
// f16Bin fetching its lines ahead of the stores.
TEXT ·f16BinA(SB), NOSPLIT, $0-64
	F16BIN(VMOVDQU, NOFENCE, AHEAD)


// F16BINX's arguments as f16Binx takes them: dst in DI, blocks in CX,
// first in AX, inc in R8, ties in DX.
#define BLOCKARGS \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ first+24(FP), AX \
	MOVQ inc+32(FP), R8 \
	MOVQ ties+56(FP), DX

#define NOEDGES(value)

// func f16Binx(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
TEXT ·f16Binx(SB), NOSPLIT, $0-64
	F16BINX(VMOVDQU64, NOFENCE, NOAHEAD, BLOCKARGS, NOEDGES)

// func f16BinxNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
// f16Binx with streaming stores.
TEXT ·f16BinxNT(SB), NOSPLIT, $0-64
	F16BINX(VMOVNTDQ, SFENCE, NOAHEAD, BLOCKARGS, NOEDGES)

// func f16BinxA(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
// f16Binx fetching its lines ahead of the stores.
TEXT ·f16BinxA(SB), NOSPLIT, $0-64
	F16BINX(VMOVDQU64, NOFENCE, AHEADFAR, BLOCKARGS, NOEDGES)

// func f16BinxSpan(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64)
TEXT ·f16BinxSpan(SB), NOSPLIT, $0-64
	F16BINX(VMOVDQU64, NOFENCE, NOAHEAD, SPANARGS, SPANEDGES)
span64:
	SPAN64

// A block of F16BINQ's tie form (and rowsBinQx) in Z5: the high words of the lanes (c + q) gathered
// in order, every tie to even (F16BINQ's tie form: the last bit kept only
// where the high words of kb-1 have it too).
#define BINQVALUE \
	VMOVDQA64 Z13, Z5 \
	VPERMI2W Z1, Z0, Z5 \
	VMOVDQA64 Z13, Z6 \
	VPERMI2W Z3, Z2, Z6 \
	VINSERTI64X4 $1, Y6, Z5, Z5 \
	VPADDQ Z11, Z0, Z7 \
	VPADDQ Z11, Z1, Z8 \
	VMOVDQA64 Z13, Z6 \
	VPERMI2W Z8, Z7, Z6 \
	VPADDQ Z11, Z2, Z7 \
	VPADDQ Z11, Z3, Z8 \
	VMOVDQA64 Z13, Z10 \
	VPERMI2W Z8, Z7, Z10 \
	VINSERTI64X4 $1, Y10, Z6, Z6 \
	VPTERNLOGD $0xE0, Z14, Z6, Z5

#define BINQADVANCE \
	VPADDQ Z4, Z0, Z0 \
	VPADDQ Z4, Z1, Z1 \
	VPADDQ Z4, Z2, Z2 \
	VPADDQ Z4, Z3, Z3

// float16 from int64 lanes within one binade of one sign: the binade
// kernel's rounding (F16BINX) for exact sums past 31 bits. Lane l holds
// element l of a block (four registers of eight). The lanes are scaled to
// shift 48 (kb << (48-shift): exact, as kb < 2^(shift+16)) and given
// c << 48, so the high word of each lane is c + q; two VPERMI2W gather the
// high words of the four registers (sixteen each) and VINSERTI64X4 joins
// them. Ties to even as F16BINX, from the high words of kb-1. Each block
// writes 64 bytes.
#define F16BINQ(store, fence, ahead) \
	QLANES16 \
	VPADDQ 128(SI), Z9, Z2 \
	VPADDQ 192(SI), Z9, Z3 \
	MOVQ shift+40(FP), AX \
	NEGQ AX \
	ADDQ $48, AX \
	VMOVQ AX, X13 \
	VPSLLQ X13, Z0, Z0 \
	VPSLLQ X13, Z1, Z1 \
	VPSLLQ X13, Z2, Z2 \
	VPSLLQ X13, Z3, Z3 \
	VPSLLQ X13, Z4, Z4 \
	MOVQ c+48(FP), BX \
	SHLQ $48, BX \
	VPBROADCASTQ BX, Z12 \
	VPADDQ Z12, Z0, Z0 \
	VPADDQ Z12, Z1, Z1 \
	VPADDQ Z12, Z2, Z2 \
	VPADDQ Z12, Z3, Z3 \
	VMOVDQU64 hiWordsQ<>(SB), Z13 \
	MOVQ ties+56(FP), DX \
	TESTQ CX, CX \
	JZ done \
	TESTQ DX, DX \
	JNZ ties \
loop: \
	ahead(0) \
	VMOVDQA64 Z13, Z5 \
	VPERMI2W Z1, Z0, Z5 \
	VMOVDQA64 Z13, Z6 \
	VPERMI2W Z3, Z2, Z6 \
	VINSERTI64X4 $1, Y6, Z5, Z5 \
	store Z5, 0(DI) \
	VPADDQ Z4, Z0, Z0 \
	VPADDQ Z4, Z1, Z1 \
	VPADDQ Z4, Z2, Z2 \
	VPADDQ Z4, Z3, Z3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
	JMP done \
ties: \
	VPTERNLOGD $0xFF, Z11, Z11, Z11 \
	VPSLLW $1, Z11, Z14 \
tloop: \
	ahead(0) \
	BINQVALUE \
	store Z5, 0(DI) \
	BINQADVANCE \
	ADDQ $64, DI \
	DECQ CX \
	JNZ tloop \
done: \
	fence \
	VZEROUPPER \
	RET

// hiWordsQ: the word indices that put the high words of two registers of
// eight int64 lanes in order (in the low 256 bits), for VPERMI2W.
DATA hiWordsQ<>+0(SB)/8, $0x000f000b00070003
DATA hiWordsQ<>+8(SB)/8, $0x001f001b00170013
DATA hiWordsQ<>+16(SB)/8, $0x002f002b00270023
DATA hiWordsQ<>+24(SB)/8, $0x003f003b00370033
DATA hiWordsQ<>+32(SB)/8, $0x000f000b00070003
DATA hiWordsQ<>+40(SB)/8, $0x001f001b00170013
DATA hiWordsQ<>+48(SB)/8, $0x002f002b00270023
DATA hiWordsQ<>+56(SB)/8, $0x003f003b00370033
GLOBL hiWordsQ<>(SB), RODATA|NOPTR, $64

// func f16Binq(dst *byte, blocks int, base *[32]int64, first, inc, shift, c, ties uint64)
TEXT ·f16Binq(SB), NOSPLIT, $0-64
	F16BINQ(VMOVDQU64, NOFENCE, NOAHEAD)

// func f16BinqNT(dst *byte, blocks int, base *[32]int64, first, inc, shift, c, ties uint64)
// f16Binq with streaming stores.
TEXT ·f16BinqNT(SB), NOSPLIT, $0-64
	F16BINQ(VMOVNTDQ, SFENCE, NOAHEAD)

// func f16BinqA(dst *byte, blocks int, base *[32]int64, first, inc, shift, c, ties uint64)
// f16Binq fetching its lines ahead of the stores.
TEXT ·f16BinqA(SB), NOSPLIT, $0-64
	F16BINQ(VMOVDQU64, NOFENCE, AHEAD)

// float32 from int64 lanes within one binade of one sign: the binade
// rounding of F16BINX for float32 (q up to 2^24, c the sign and the
// exponent less one, shifted by 23). Lane l holds element l of a block (two
// registers of eight). The lanes are scaled to shift 32 (kb << (32-shift):
// exact, as kb < 2^(shift+32)) and given c << 32, so the high dword of each
// lane is c + q; one VPERMI2D gathers a block. Ties to even from the high
// dwords of kb-1. Each block writes 64 bytes.
// A block of f32Binq: the high dwords of the lanes (c + q) in order; the
// tie form keeps q's last bit only where the high dwords of kb-1 have it too.
#define BINS(lo, hi, z, zt, y, yt, t2, t3) \
	VMOVDQA64 Z13, z \
	VPERMI2D hi, lo, z

#define BINST(lo, hi, z, zt, y, yt, t2, t3) \
	BINS(lo, hi, z, zt, y, yt, t2, t3) \
	VPADDQ Z11, lo, t2 \
	VPADDQ Z11, hi, t3 \
	BINS(t2, t3, zt, z, y, yt, t2, t3) \
	VPTERNLOGD $0xE0, Z14, zt, z

#define F32BINQ(store, fence, ahead) \
	QLANES16 \
	MOVQ shift+40(FP), AX \
	NEGQ AX \
	ADDQ $32, AX \
	VMOVQ AX, X13 \
	VPSLLQ X13, Z0, Z0 \
	VPSLLQ X13, Z1, Z1 \
	VPSLLQ X13, Z4, Z4 \
	MOVQ c+48(FP), BX \
	SHLQ $32, BX \
	VPBROADCASTQ BX, Z12 \
	VPADDQ Z12, Z0, Z0 \
	VPADDQ Z12, Z1, Z1 \
	VMOVDQU64 hiDwords<>(SB), Z13 \
	MOVQ ties+56(FP), DX \
	TESTQ CX, CX \
	JZ done \
	TESTQ DX, DX \
	JNZ ties \
	BLOCKPAIRS(BINS, PUTZ, 64, VPADDQ, STEPQ, store, ahead, pairs, loop) \
ties: \
	VPTERNLOGD $0xFF, Z11, Z11, Z11 \
	VPSLLD $1, Z11, Z14 \
	BLOCKPAIRS(BINST, PUTZ, 64, VPADDQ, STEPQ, store, ahead, tpairs, tloop) \
done: \
	fence \
	VZEROUPPER \
	RET

// hiDwords: the dword indices that put the high dwords of two registers of
// eight int64 lanes in order, for VPERMI2D.
DATA hiDwords<>+0(SB)/8, $0x0000000300000001
DATA hiDwords<>+8(SB)/8, $0x0000000700000005
DATA hiDwords<>+16(SB)/8, $0x0000000b00000009
DATA hiDwords<>+24(SB)/8, $0x0000000f0000000d
DATA hiDwords<>+32(SB)/8, $0x0000001300000011
DATA hiDwords<>+40(SB)/8, $0x0000001700000015
DATA hiDwords<>+48(SB)/8, $0x0000001b00000019
DATA hiDwords<>+56(SB)/8, $0x0000001f0000001d
GLOBL hiDwords<>(SB), RODATA|NOPTR, $64

// func f32Binq(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)
TEXT ·f32Binq(SB), NOSPLIT, $0-64
	F32BINQ(VMOVDQU64, NOFENCE, NOAHEAD)

// func f32BinqNT(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)
// f32Binq with streaming stores.
TEXT ·f32BinqNT(SB), NOSPLIT, $0-64
	F32BINQ(VMOVNTDQ, SFENCE, NOAHEAD)

// func f32BinqA(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)
// f32Binq fetching its lines ahead of the stores.
TEXT ·f32BinqA(SB), NOSPLIT, $0-64
	F32BINQ(VMOVDQU64, NOFENCE, AHEAD)

// func f32BinqY(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)
TEXT ·f32BinqY(SB), NOSPLIT, $0-64
	F32BINQY(VMOVDQU, NOFENCE, NOAHEAD)

// func f32BinqYNT(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)
// f32BinqY with streaming stores.
TEXT ·f32BinqYNT(SB), NOSPLIT, $0-64
	F32BINQY(VMOVNTDQ, SFENCE, NOAHEAD)

// func f32BinqYA(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)
// f32BinqY fetching its lines ahead of the stores.
TEXT ·f32BinqYA(SB), NOSPLIT, $0-64
	F32BINQY(VMOVDQU, NOFENCE, AHEAD)

// func rowsBinSY(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64)
TEXT ·rowsBinSY(SB), NOSPLIT, $112-80
	ROWSBINSY(NOAHEAD)

// func rowsBinSYNT(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64)
// rowsBinSY with streaming stores (ROWS64NT), with the tie step whatever
// ties is.
TEXT ·rowsBinSYNT(SB), NOSPLIT, $112-80
	BINSYROWSETUP
	ROWS64NT(BINSYPLACE, BINSYVALUE, YSPILL, YSTREAM, BINSYADVANCE, QROWPREPD, QNEXT)

// func rowsBinSYA(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64)
// rowsBinSY fetching its lines ahead of the stores.
TEXT ·rowsBinSYA(SB), NOSPLIT, $112-80
	ROWSBINSY(AHEAD)

// The tie mask of the place at off(R12) (its high 32 bits, a bit an
// element) as words of 1 in Z14, and the place's lanes in Z0, Z1: base
// (scaled, Z10, Z11) plus its first (the low 32 bits) scaled by X15.
#define BINPLACE(off) \
	MOVQ off(R12), AX \
	VPBROADCASTD AX, Z9 \
	VPSLLD X15, Z9, Z9 \
	VPADDD Z10, Z9, Z0 \
	VPADDD Z11, Z9, Z1 \
	SHRQ $32, AX \
	KMOVD AX, K1 \
	VPMOVM2W K1, Z14 \
	VPSRLW $15, Z14, Z14

// BINPLACE0 is BINPLACE with no tie mask (rows with no ties). (Its value
// broadcast from the frame itself, VPBROADCASTD off(R12), took padded
// FLOAT16 0, +1 at 4 MiB from 92 GB/s to 73: dmlbench, alternated.)
#define BINPLACE0(off) \
	MOVQ off(R12), AX \
	VPBROADCASTD AX, Z9 \
	VPSLLD X15, Z9, Z9 \
	VPADDD Z10, Z9, Z0 \
	VPADDD Z11, Z9, Z1

// A block of float16 from the binade lanes l0 (even elements), l1 (odd)
// into z (zt: unused): q of each (kb >> 20) put together in order (as
// F16BINX's wide form, the odd ones' under K4), ties to even, plus c
// (BINVAL). BINVALH is BINVAL for lanes
// scaled to shift 16 with c << 16 added (as F16BINX's BINXH): the high
// word of each lane is c + q. BINVAL0 and BINVALH0 are the two for rows
// with no ties (no tie mask to clear).
#define BINVAL(l0, l1, z, zt) \
	VPSRLD $20, l0, z \
	VPSRLW $4, l1, K4, z \
	VPANDNQ z, Z14, z \
	VPADDW Z12, z, z

#define BINVALH(l0, l1, z, zt) \
	VPSRLD $16, l0, z \
	VPTERNLOGD $0xF8, Z13, l1, z \
	VPANDNQ z, Z14, z

#define BINVAL0(l0, l1, z, zt) \
	VPSRLD $20, l0, z \
	VPSRLW $4, l1, K4, z \
	VPADDW Z12, z, z

#define BINVALH0(l0, l1, z, zt) \
	VPSRLD $16, l0, z \
	VPTERNLOGD $0xF8, Z13, l1, z

// The block of lanes Z0, Z1 stored at 0(at), by each of the four.
#define BINBLOCK(at) BINVAL(Z0, Z1, Z5, Z6); VMOVDQU64 Z5, 0(at)
#define BINBLOCKH(at) BINVALH(Z0, Z1, Z5, Z6); VMOVDQU64 Z5, 0(at)
#define BINBLOCK0(at) BINVAL0(Z0, Z1, Z5, Z6); VMOVDQU64 Z5, 0(at)
#define BINBLOCKH0(at) BINVALH0(Z0, Z1, Z5, Z6); VMOVDQU64 Z5, 0(at)

// BINPAIR is ROWS64's pair for rowsBinx: two blocks at DI, each made from
// its own lanes (Z0, Z1; Z2, Z3 a block on) before either is stored, then
// the lanes two blocks on (Z20: 2*inc). (Scratch loops of rowsBinxA at
// shift 20 over padded rows at 4 MiB, eight alternations, median GB/s:
// 104 against 90 for each block made and stored in turn.) BINPAIRH0...:
// ROWS64's pair arguments for each of the four values.
#define BINPAIR(value, ahead) \
	VPADDD Z4, Z0, Z2 \
	VPADDD Z4, Z1, Z3 \
	ahead(0) \
	ahead(64) \
	value(Z0, Z1, Z5, Z6) \
	value(Z2, Z3, Z7, Z8) \
	VMOVDQU64 Z5, 0(DI) \
	VMOVDQU64 Z7, 64(DI) \
	VPADDD Z20, Z0, Z0 \
	VPADDD Z20, Z1, Z1 \
	ADDQ $128, DI

#define BINPAIRX(store, advance, ahead) BINPAIR(BINVAL, ahead)
#define BINPAIRH(store, advance, ahead) BINPAIR(BINVALH, ahead)
#define BINPAIR0(store, advance, ahead) BINPAIR(BINVAL0, ahead)
#define BINPAIRH0(store, advance, ahead) BINPAIR(BINVALH0, ahead)

#define BINADVANCE \
	VPADDD Z4, Z0, Z0 \
	VPADDD Z4, Z1, Z1

// func rowsBinx(dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64)
// Rows of float16 of one sign and binade from int32 lanes (the binade
// kernel's rounding at every shift up to 20), with AVX-512 (ROWS64). The
// lanes (base, in packOrder, and inc) are scaled once: to shift 16 with c
// << 16 added where shift is 16 or less (BINBLOCKH, as F16BINX's BINXH: a
// block in three operations), else to shift 20 (BINBLOCK: four). The
// places of each row come from steps (binSteps), worked out at the row's
// start into the frame (BINROWPREP), where BINPLACE takes a place's first
// kb (low 32 bits) and tie mask (high 32 bits). (Scratch loops of
// rowsBinxA over padded rows at 4 MiB, shift 10, with ROWS64's two blocks
// a turn: 104-106 GB/s against 93-94 at shift 20.)
TEXT ·rowsBinx(SB), NOSPLIT, $24-72
	ROWSBINX(NOAHEAD)

// func rowsBinxA(dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64)
// rowsBinx fetching its lines ahead of the stores.
TEXT ·rowsBinxA(SB), NOSPLIT, $24-72
	ROWSBINX(AHEAD)

// func rowsBinY(dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64)
// rowsBinx with AVX2 (see BINROWLANESY).
TEXT ·rowsBinY(SB), NOSPLIT, $24-72
	ROWSBINY(NOAHEAD)

// func rowsBinYA(dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64)
// rowsBinY fetching its lines ahead of the stores.
TEXT ·rowsBinYA(SB), NOSPLIT, $24-72
	ROWSBINY(AHEAD)

// The lanes of a place of rowsBinQx: the scaled base (Z16-Z19, c << 48 in
// it) plus the place's first kb scaled by X15, in Z0-Z3.
#define BINQPLACE(off) \
	VPBROADCASTQ off(R12), Z9 \
	VPSLLQ X15, Z9, Z9 \
	VPADDQ Z16, Z9, Z0 \
	VPADDQ Z17, Z9, Z1 \
	VPADDQ Z18, Z9, Z2 \
	VPADDQ Z19, Z9, Z3

#define BINQSTORE(at) \
	BINQVALUE \
	VMOVDQU64 Z5, 0(at)

// BINQROWSETUP loads rowsBinQx's arguments: the lanes and inc scaled to
// shift 48 (X15 = 48 - shift), c << 48 in the base, all ones (Z11), words of
// ^1 (Z14).
#define BINQROWSETUP \
	ROWARGS \
	QSTEPS \
	MOVQ shift+56(FP), AX \
	NEGQ AX \
	ADDQ $48, AX \
	VMOVQ AX, X15 \
	VPBROADCASTQ inc+48(FP), Z4 \
	VPSLLQ X15, Z4, Z4 \
	MOVQ c+64(FP), AX \
	SHLQ $48, AX \
	VPBROADCASTQ AX, Z12 \
	VMOVDQU64 0(SI), Z16 \
	VMOVDQU64 64(SI), Z17 \
	VMOVDQU64 128(SI), Z18 \
	VMOVDQU64 192(SI), Z19 \
	VPSLLQ X15, Z16, Z16 \
	VPSLLQ X15, Z17, Z17 \
	VPSLLQ X15, Z18, Z18 \
	VPSLLQ X15, Z19, Z19 \
	VPADDQ Z12, Z16, Z16 \
	VPADDQ Z12, Z17, Z17 \
	VPADDQ Z12, Z18, Z18 \
	VPADDQ Z12, Z19, Z19 \
	VMOVDQU64 hiWordsQ<>(SB), Z13 \
	VPTERNLOGD $0xFF, Z11, Z11, Z11 \
	VPSLLW $1, Z11, Z14 \
	TESTQ R9, R9 \
	JZ done

// func rowsBinQx(dst *byte, rows, pitch, rowBytes int, base *[32]int64, steps *rowSteps, inc, shift, c uint64)
// Rows of float16 of one sign and binade from int64 lanes (F16BINQ's
// rounding, every tie to even), with AVX-512 (ROWS64); steps give each
// place's first kb (QROWPREP).
TEXT ·rowsBinQx(SB), NOSPLIT, $96-72
	BINQROWSETUP
	ROWS64(BINQPLACE, BINQSTORE, SEQPAIR, BINQADVANCE, NOAHEAD, QROWPREPW, QNEXT, row, aligned, pairs, one, last, done)

// func rowsBinQxNT(dst *byte, rows, pitch, rowBytes int, base *[32]int64, steps *rowSteps, inc, shift, c uint64)
// rowsBinQx with streaming stores (ROWS64NT).
TEXT ·rowsBinQxNT(SB), NOSPLIT, $96-72
	BINQROWSETUP
	ROWS64NT(BINQPLACE, BINQVALUE, ZSPILL, ZSTREAM, BINQADVANCE, QROWPREPW, QNEXT)

// func rowsBinQxA(dst *byte, rows, pitch, rowBytes int, base *[32]int64, steps *rowSteps, inc, shift, c uint64)
// rowsBinQx fetching its lines ahead of the stores.
TEXT ·rowsBinQxA(SB), NOSPLIT, $96-72
	BINQROWSETUP
	ROWS64(BINQPLACE, BINQSTORE, SEQPAIR, BINQADVANCE, AHEAD, QROWPREPW, QNEXT, row, aligned, pairs, one, last, done)

// func f16BinxSpan128(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64)
// f16BinxSpan for ties every 128 elements, ties the element (from dst) of
// one, below 128; shift at most 16.
TEXT ·f16BinxSpan128(SB), NOSPLIT, $0-64
	SPANARGSOF(SPANTIE128, NOCHECK)
	SPANLANES
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
	JZ t16
	VPXORD Z13, Z21, Z21
	VMOVDQA64 Z13, Z22
	SPAN128(BINXHFM, ffirst, flast, fpeel, fpsel, fquads, fq0, fq1, fq2, fq3, floop)
t16:
	SPAN128(BINXHTM, tfirst, tlast, tpeel, tpsel, tquads, tq0, tq1, tq2, tq3, tloop)
done:
	VZEROUPPER
	RET
