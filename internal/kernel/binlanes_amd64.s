//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// The binade-lanes kernel (AVX-512, and an AVX2 form below; binlanes.go): float16 rows of
// mRowsLanes in blocks of 192 bytes, each of its 96 int32 lanes a
// magnitude x in its own binade, held as x + h, h = 2^(s-1) - 1, and
// rounded to nearest by its own shift s: where ties is not 0, to even,
// (x + h + (x>>s)&1) >> s; else (x + h) >> s, which differs only at a tie.
// The rounded lanes are packed to words (VPACKUSDW: lanes 4i..4i+3 of the
// even vector, then of the odd one, in each 16 bytes) and added to the
// words c (sign, exponent, the base's significand). The lanes are held at
// block 0; they start at block j0 (x + h + j0*dm) and step by dm after
// every block. The lanes (binLanes): x + h at 0, dm at 384, s at 768, h at
// 1152, c at 1536. (With dm, h and c read from memory each block, NHWC
// FLOAT16 of 3 channels wrote at some 30 GB/s, bound by the loads; with
// h added each block, where it is now held in x, at 72.)
#define NOFENCE

// BINPAIR writes the 64 bytes at at(DI) from the lanes xa, xb (x + h:
// shifts sa, sb, h in ha and hb, the words c), ties to even, with t and tt
// (of Z28-Z31), by store(t, k, at): BSTORE, BSTORENT, or BSTOREM under the
// byte mask in k (bin192xM).
#define BSTORE(t, k, at) VMOVDQU64 t, at(DI)
#define BSTORENT(t, k, at) VMOVNTDQ t, at(DI)
#define BSTOREM(t, k, at) VMOVDQU8 t, k, at(DI)
#define BINPAIR(xa, xb, sa, sb, ha, hb, c, at, k, t, tt, store) \
	VPSUBD ha, xa, t \
	VPSUBD hb, xb, tt \
	VPSRLVD sa, t, t \
	VPSRLVD sb, tt, tt \
	VPANDD Z12, t, t \
	VPANDD Z12, tt, tt \
	VPADDD xa, t, t \
	VPADDD xb, tt, tt \
	VPSRLVD sa, t, t \
	VPSRLVD sb, tt, tt \
	VPACKUSDW tt, t, t \
	VPADDW c, t, t \
	store(t, k, at)

// BINPAIRN is BINPAIR without ties (ha and hb unused).
#define BINPAIRN(xa, xb, sa, sb, ha, hb, c, at, k, t, tt, store) \
	VPSRLVD sa, xa, t \
	VPSRLVD sb, xb, tt \
	VPACKUSDW tt, t, t \
	VPADDW c, t, t \
	store(t, k, at)

// BINX128 writes the first 128 bytes of a block (lanes 0-63) with pair
// and advances those lanes: BINBLOCKX128, and BINBLOCKX's first part.
#define BINX128(pair, store) \
	pair(Z0, Z1, Z6, Z7, Z19, Z20, Z25, 0, K1, Z28, Z29, store) \
	pair(Z2, Z3, Z8, Z9, Z21, Z22, Z26, 64, K2, Z30, Z31, store) \
	VPADDD Z13, Z0, Z0 \
	VPADDD Z14, Z1, Z1 \
	VPADDD Z15, Z2, Z2 \
	VPADDD Z16, Z3, Z3

// BINBLOCKX writes a block of 192 bytes with pair (BINPAIR or BINPAIRN)
// and advances the lanes by dm and dst by the stride (R8).
#define BINBLOCKX(pair, store, ahead) \
	ahead(0) \
	ahead(64) \
	ahead(128) \
	BINX128(pair, store) \
	pair(Z4, Z5, Z10, Z11, Z23, Z24, Z27, 128, K3, Z28, Z29, store) \
	VPADDD Z17, Z4, Z4 \
	VPADDD Z18, Z5, Z5 \
	ADDQ R8, DI

// BINBLOCKX128 is BINBLOCKX for blocks of 128 bytes (lanes 0-63: bin128x).
#define BINBLOCKX128(pair, store, ahead) \
	ahead(0) \
	ahead(64) \
	BINX128(pair, store) \
	ADDQ R8, DI

// BINLOOPS writes the CX blocks at DI with block(tie, store, ahead) where
// ties is not 0, else with block(notie, store, ahead), and returns.
#define BINLOOPS(block, tie, notie, store, fence, ahead) \
	TESTQ CX, CX \
	JZ done \
	CMPQ ties+40(FP), $0 \
	JEQ nloop \
loop: \
	block(tie, store, ahead) \
	DECQ CX \
	JNZ loop \
	JMP done \
nloop: \
	block(notie, store, ahead) \
	DECQ CX \
	JNZ nloop \
done: \
	fence \
	VZEROUPPER \
	RET

// BINLOAD loads the lane vectors at off: x + h (plus j0*dm, j0 in Z28),
// s, dm and h.
#define BINLOAD(off, x, s, dm, h) \
	VMOVDQU32 384+off(SI), dm \
	VPMULLD dm, Z28, x \
	VPADDD off(SI), x, x \
	VMOVDQU32 768+off(SI), s \
	VMOVDQU32 1152+off(SI), h

// NOMASKS and MASKS3 load BINX's masks: none, or K1-K3 from mask (bin192xM,
// bin128xM: K1 and K2).
#define NOMASKS
#define MASKS3 \
	MOVQ mask+48(FP), BX \
	KMOVQ 0(BX), K1 \
	KMOVQ 8(BX), K2 \
	KMOVQ 16(BX), K3

// BINLOADS128 loads lanes 0-63 (vectors 0-3, the words c of pairs 0 and
// 1); BINLOADS192 all 96.
#define BINLOADS128 \
	BINLOAD(0, Z0, Z6, Z13, Z19) \
	BINLOAD(64, Z1, Z7, Z14, Z20) \
	BINLOAD(128, Z2, Z8, Z15, Z21) \
	BINLOAD(192, Z3, Z9, Z16, Z22) \
	VMOVDQU32 1536(SI), Z25 \
	VMOVDQU32 1600(SI), Z26
#define BINLOADS192 \
	BINLOADS128 \
	BINLOAD(256, Z4, Z10, Z17, Z23) \
	BINLOAD(320, Z5, Z11, Z18, Z24) \
	VMOVDQU32 1664(SI), Z27

// BINX writes blocks blocks of 192 bytes (loads BINLOADS192, block
// BINBLOCKX) or 128 (BINLOADS128, BINBLOCKX128) at dst from the lanes at
// l, which stay in registers: x in Z0-Z5, s in Z6-Z11, 1 in every lane of
// Z12, dm in Z13-Z18, h in Z19-Z24, c in Z25-Z27.
#define BINX(loads, block, store, fence, ahead, masks) \
	masks \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ stride+16(FP), R8 \
	AHEADDIST \
	MOVQ l+24(FP), SI \
	VPBROADCASTD j0+32(FP), Z28 \
	loads \
	MOVL $1, AX \
	VPBROADCASTD AX, Z12 \
	BINLOOPS(block, BINPAIR, BINPAIRN, store, fence, ahead)

// The AVX2 form (bin192Y, bin128Y): the same lanes in twelve vectors of 8 (Y0-Y11:
// vector i the half i%2 of the AVX-512 form's vector i/2), packed in pairs
// (VPACKUSDW on 8 lanes packs the same words as on 16: the halves of
// vectors 2p and 2p+1 give the words 32p + 16*half on), s, dm, h and c read
// from memory, 1 in every lane of Y15, Y12 and Y13 for the pairs.

// BINPAIRY writes the 32 bytes at at(DI) from xa, xb (x + h) with the
// shifts sa, sb (in memory: 768 on from the lanes' offset; or registers:
// bin64Y), the lanes' h at 1152 on from la and lb, the words at 1536+at;
// ties to even (BINTIEY) or not (BINNOTIEY).
#define BINTIEY(x, s, l, t) \
	VPSUBD 1152+l(SI), x, t \
	VPSRLVD s, t, t \
	VPAND Y15, t, t \
	VPADDD x, t, t \
	VPSRLVD s, t, t
#define BINNOTIEY(x, s, l, t) \
	VPSRLVD s, x, t
#define BINPAIRY(round, xa, xb, sa, sb, la, lb, at, store) \
	round(xa, sa, la, Y12) \
	round(xb, sb, lb, Y13) \
	VPACKUSDW Y13, Y12, Y12 \
	VPADDW 1536+at(SI), Y12, Y12 \
	store Y12, at(DI)

// BINY128 writes the first 128 bytes of a block (lanes 0-63) and advances
// those lanes: BINBLOCKY128, and BINBLOCKY's first part.
#define BINY128(round, store) \
	BINPAIRY(round, Y0, Y2, 768(SI), 832(SI), 0, 64, 0, store) \
	BINPAIRY(round, Y1, Y3, 800(SI), 864(SI), 32, 96, 32, store) \
	BINPAIRY(round, Y4, Y6, 896(SI), 960(SI), 128, 192, 64, store) \
	BINPAIRY(round, Y5, Y7, 928(SI), 992(SI), 160, 224, 96, store) \
	VPADDD 384(SI), Y0, Y0 \
	VPADDD 416(SI), Y1, Y1 \
	VPADDD 448(SI), Y2, Y2 \
	VPADDD 480(SI), Y3, Y3 \
	VPADDD 512(SI), Y4, Y4 \
	VPADDD 544(SI), Y5, Y5 \
	VPADDD 576(SI), Y6, Y6 \
	VPADDD 608(SI), Y7, Y7

// BINBLOCKY writes a block of 192 bytes and advances the lanes.
#define BINBLOCKY(round, store, ahead) \
	ahead(0) \
	ahead(64) \
	ahead(128) \
	BINY128(round, store) \
	BINPAIRY(round, Y8, Y10, 1024(SI), 1088(SI), 256, 320, 128, store) \
	BINPAIRY(round, Y9, Y11, 1056(SI), 1120(SI), 288, 352, 160, store) \
	VPADDD 640(SI), Y8, Y8 \
	VPADDD 672(SI), Y9, Y9 \
	VPADDD 704(SI), Y10, Y10 \
	VPADDD 736(SI), Y11, Y11 \
	ADDQ R8, DI

// BINBLOCKY128 is BINBLOCKY for blocks of 128 bytes (lanes 0-63: bin128Y).
#define BINBLOCKY128(round, store, ahead) \
	ahead(0) \
	ahead(64) \
	BINY128(round, store) \
	ADDQ R8, DI

// BINXY loads lane vector x at off (x + j0*dm, j0 in Y15); BINXY128 the
// vectors of lanes 0-63 (Y0-Y7), BINXY192 all (Y0-Y11).
#define BINXY(off, x) \
	VPMULLD 384+off(SI), Y15, x \
	VPADDD off(SI), x, x
#define BINXY128 \
	BINXY(0, Y0) \
	BINXY(32, Y1) \
	BINXY(64, Y2) \
	BINXY(96, Y3) \
	BINXY(128, Y4) \
	BINXY(160, Y5) \
	BINXY(192, Y6) \
	BINXY(224, Y7)
#define BINXY192 \
	BINXY128 \
	BINXY(256, Y8) \
	BINXY(288, Y9) \
	BINXY(320, Y10) \
	BINXY(352, Y11)

// BINY is BINX with AVX2: blocks of 192 bytes (loads BINXY192, block
// BINBLOCKY: bin192Y) or 128 (BINXY128, BINBLOCKY128: bin128Y).
#define BINY(loads, block, tie, notie, store, fence, ahead) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ stride+16(FP), R8 \
	AHEADDIST \
	MOVQ l+24(FP), SI \
	VPBROADCASTD j0+32(FP), Y15 \
	loads \
	MOVL $1, AX \
	VMOVQ AX, X15 \
	VPBROADCASTD X15, Y15 \
	BINLOOPS(block, tie, notie, store, fence, ahead)

// The AVX2 form in blocks of 64 bytes (bin64Y: lanes 0-31), whose lanes
// stay in registers, as the AVX-512 form's: x + h in Y0-Y3, s in Y4-Y7, dm
// in Y8-Y11 (BINPAIRY takes the shifts from them); h (ties only) and c read
// from memory, 1 in every lane of Y15, Y12 and Y13 for the pairs. (bin192Y
// and bin128Y read s, dm and c each block: 30 loads a block of 192 bytes.)

// BINXY64 loads lanes 0-31: x + h + j0*dm (j0 in Y15), s and dm.
#define BINXY64 \
	BINXY(0, Y0) \
	BINXY(32, Y1) \
	BINXY(64, Y2) \
	BINXY(96, Y3) \
	VMOVDQU 768(SI), Y4 \
	VMOVDQU 800(SI), Y5 \
	VMOVDQU 832(SI), Y6 \
	VMOVDQU 864(SI), Y7 \
	VMOVDQU 384(SI), Y8 \
	VMOVDQU 416(SI), Y9 \
	VMOVDQU 448(SI), Y10 \
	VMOVDQU 480(SI), Y11

// BINBLOCKY64 writes a block of 64 bytes (lanes 0-31: the words 0-31) and
// advances the lanes by dm and dst by the stride (R8).
#define BINBLOCKY64(round, store, ahead) \
	ahead(0) \
	BINPAIRY(round, Y0, Y2, Y4, Y6, 0, 64, 0, store) \
	BINPAIRY(round, Y1, Y3, Y5, Y7, 32, 96, 32, store) \
	VPADDD Y8, Y0, Y0 \
	VPADDD Y9, Y1, Y1 \
	VPADDD Y10, Y2, Y2 \
	VPADDD Y11, Y3, Y3 \
	ADDQ R8, DI

// func bin192x(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin192x(SB), NOSPLIT, $0-48
	BINX(BINLOADS192, BINBLOCKX, BSTORE, NOFENCE, NOAHEAD, NOMASKS)

// func bin192xNT(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin192xNT(SB), NOSPLIT, $0-48
	BINX(BINLOADS192, BINBLOCKX, BSTORENT, SFENCE, NOAHEAD, NOMASKS)

// func bin192xA(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin192xA(SB), NOSPLIT, $0-48
	BINX(BINLOADS192, BINBLOCKX, BSTORE, NOFENCE, AHEADS, NOMASKS)

// func bin192Y(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin192Y(SB), NOSPLIT, $0-48
	BINY(BINXY192, BINBLOCKY, BINTIEY, BINNOTIEY, VMOVDQU, NOFENCE, NOAHEAD)

// func bin192YNT(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin192YNT(SB), NOSPLIT, $0-48
	BINY(BINXY192, BINBLOCKY, BINTIEY, BINNOTIEY, VMOVNTDQ, SFENCE, NOAHEAD)

// func bin192YA(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin192YA(SB), NOSPLIT, $0-48
	BINY(BINXY192, BINBLOCKY, BINTIEY, BINNOTIEY, VMOVDQU, NOFENCE, AHEADS)

// func bin192xM(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64)
// bin192x storing each 64 bytes under a byte mask (mask[0] to mask[2]):
// the bytes it leaves out keep their contents (padded rows).
TEXT ·bin192xM(SB), NOSPLIT, $0-56
	BINX(BINLOADS192, BINBLOCKX, BSTOREM, NOFENCE, NOAHEAD, MASKS3)

// func bin192xMA(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64)
// bin192xM fetching its lines ahead of the stores.
TEXT ·bin192xMA(SB), NOSPLIT, $0-56
	BINX(BINLOADS192, BINBLOCKX, BSTOREM, NOFENCE, AHEADS, MASKS3)

// func bin128x(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
// bin192x in blocks of 128 bytes from lanes 0-63.
TEXT ·bin128x(SB), NOSPLIT, $0-48
	BINX(BINLOADS128, BINBLOCKX128, BSTORE, NOFENCE, NOAHEAD, NOMASKS)

// func bin128xNT(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin128xNT(SB), NOSPLIT, $0-48
	BINX(BINLOADS128, BINBLOCKX128, BSTORENT, SFENCE, NOAHEAD, NOMASKS)

// func bin128xA(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin128xA(SB), NOSPLIT, $0-48
	BINX(BINLOADS128, BINBLOCKX128, BSTORE, NOFENCE, AHEADS, NOMASKS)

// func bin128xM(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64)
// bin128x under byte masks (mask[0] and mask[1]).
TEXT ·bin128xM(SB), NOSPLIT, $0-56
	BINX(BINLOADS128, BINBLOCKX128, BSTOREM, NOFENCE, NOAHEAD, MASKS3)

// func bin128xMA(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64)
TEXT ·bin128xMA(SB), NOSPLIT, $0-56
	BINX(BINLOADS128, BINBLOCKX128, BSTOREM, NOFENCE, AHEADS, MASKS3)

// func bin128Y(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
// bin192Y in blocks of 128 bytes from lanes 0-63.
TEXT ·bin128Y(SB), NOSPLIT, $0-48
	BINY(BINXY128, BINBLOCKY128, BINTIEY, BINNOTIEY, VMOVDQU, NOFENCE, NOAHEAD)

// func bin128YNT(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin128YNT(SB), NOSPLIT, $0-48
	BINY(BINXY128, BINBLOCKY128, BINTIEY, BINNOTIEY, VMOVNTDQ, SFENCE, NOAHEAD)

// func bin128YA(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin128YA(SB), NOSPLIT, $0-48
	BINY(BINXY128, BINBLOCKY128, BINTIEY, BINNOTIEY, VMOVDQU, NOFENCE, AHEADS)

// func bin64Y(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
// The AVX2 form in blocks of 64 bytes (lanes 0-31), its lanes in registers.
TEXT ·bin64Y(SB), NOSPLIT, $0-48
	BINY(BINXY64, BINBLOCKY64, BINTIEY, BINNOTIEY, VMOVDQU, NOFENCE, NOAHEAD)

// func bin64YNT(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin64YNT(SB), NOSPLIT, $0-48
	BINY(BINXY64, BINBLOCKY64, BINTIEY, BINNOTIEY, VMOVNTDQ, SFENCE, NOAHEAD)

// func bin64YA(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)
TEXT ·bin64YA(SB), NOSPLIT, $0-48
	BINY(BINXY64, BINBLOCKY64, BINTIEY, BINNOTIEY, VMOVDQU, NOFENCE, AHEADS)
