//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"
#include "rows_amd64.h"

// Row kernels: rows of elements, row r at dst + r*pitch, rowBytes long (at
// least one block), in one call, with regular stores (or streaming ones,
// suffix NT, for rows at multiples of 16 bytes: see ROWSNT; or regular ones
// that fetch the lines ahead, suffix A: see AHEAD in lanes_amd64.h). Lane by lane, a block
// holds base plus the value of the element it starts at, and each next
// block inc more, as in addStore*. A row is written as a block at its start
// (if that is not 64-byte aligned), blocks from its first 64-byte aligned
// byte (aligned stores never cross a cache line) and a block ending at its
// end, as the row's length and alignment need not be whole blocks. The
// values at those three places come from steps (rowSteps: the first row's
// first value, the step from row to row, the step an element and the step
// to the last block), worked out row by row in the kernel: places the
// caller computed and stored between calls cost 12-16% of padded rows at 4
// MiB (scratch loops, 2026-11-23: the caller's loop ran while the memory
// stood idle). base stays in registers (loads from it could wait on the
// stores to addresses 4 KiB apart). The macros come before the first TEXT
// (see lanes_amd64.h).

// The values of a block at a place of the row (place leaves its value in
// X9): lane by lane, base (Y10-Y13) plus the broadcast value.
#define ROWVALUES(place, bc, add) \
	place \
	bc X9, Y9 \
	add Y10, Y9, Y0 \
	add Y11, Y9, Y1 \
	add Y12, Y9, Y2 \
	add Y13, Y9, Y3

// The places of integer rows: the row's first value in R13, from steps
// (R12): first (0), rowD (8), d (16) and lastD (24), wrapping. WSTART
// takes the first row's, WNEXT steps to the next row's; WHEAD, WMID (lg:
// log2 of the element's bytes; BX bytes before the aligned ones) and WTAIL
// put a place's value in X9.
#define WSTART MOVQ 0(R12), R13
#define WNEXT ADDQ 8(R12), R13
#define WHEAD VMOVQ R13, X9
#define WMID(lg) \
	MOVQ BX, AX \
	SHRQ $lg, AX \
	IMULQ 16(R12), AX \
	ADDQ R13, AX \
	VMOVQ AX, X9
#define WMIDB WMID(0)
#define WMIDW WMID(1)
#define WMIDD WMID(2)
#define WMIDQ WMID(3)
#define WTAIL \
	MOVQ 24(R12), AX \
	ADDQ R13, AX \
	VMOVQ AX, X9

// The places of float32 rows (rowsAddS): steps are float64 bits, the row's
// first value in X14 (float64), each place's value v + mis*d or v + lastD
// in float64 (exact: the planner's facts), then float32, as the caller
// would compute it.
// FMID(lg, steps) and FTAIL(steps) are the mid and last places of a float
// row from steps (a register pointing at them) and BX bytes before its
// first aligned one, elements of 1<<lg bytes (rowsF16x's F16ROWPREP too).
#define SSTART VMOVSD 0(R12), X14
#define SNEXT VADDSD 8(R12), X14, X14
#define SHEAD VCVTSD2SS X14, X14, X9
#define FMID(lg, steps) \
	MOVQ BX, AX \
	SHRQ $lg, AX \
	VCVTSI2SDQ AX, X7, X7 \
	VMULSD 16(steps), X7, X7 \
	VADDSD X14, X7, X7 \
	VCVTSD2SS X7, X7, X9
#define FTAIL(steps) \
	VADDSD 24(steps), X14, X7 \
	VCVTSD2SS X7, X7, X9
#define SMID FMID(2, R12)
#define STAIL FTAIL(R12)

#define STORE4(store, at) \
	store Y0, 0(at) \
	store Y1, 32(at) \
	store Y2, 64(at) \
	store Y3, 96(at)

// ROWSETUP loads a row kernel's arguments: dst (R8), rows (R9), pitch
// (R10), rowBytes (R11), steps (R12), inc (Y4) and base (Y10-Y13); with
// no rows, to done.
#define ROWSETUP \
	ROWARGS \
	MOVQ inc+48(FP), DX \
	VMOVDQU (DX), Y4 \
	VMOVDQU 0(SI), Y10 \
	VMOVDQU 32(SI), Y11 \
	VMOVDQU 64(SI), Y12 \
	VMOVDQU 96(SI), Y13 \
	TESTQ R9, R9 \
	JZ done

#define NOFENCE

// ROWS is a row kernel whose lanes are broadcast by bc and added by add,
// with store for the aligned blocks and the last one (VMOVDQU, or VMOVNTDQ:
// streaming, whose rows start 64-byte aligned and are whole blocks long, so
// that every block is aligned and none overlaps another), fence after
// (SFENCE for streaming stores) and ahead in the aligned blocks' loop; the
// places by start, headv, midv, tailv and nextrow (WSTART, WHEAD, WMID*,
// WTAIL, WNEXT or the S ones).
#define ROWS(bc, add, store, fence, ahead, start, headv, midv, tailv, nextrow) \
	ROWSETUP \
	start \
row: \
	ROWHEAD \
	ROWVALUES(headv, bc, add) \
	STORE4(VMOVDQU, R8) \
aligned: \
	ROWVALUES(midv, bc, add) \
	LEAQ (R8)(BX*1), DI \
	MOVQ R11, CX \
	SUBQ BX, CX \
	SUBQ $128, CX \
	JLE last \
block: \
	ahead(0) \
	ahead(64) \
	STORE4(store, DI) \
	add Y4, Y0, Y0 \
	add Y4, Y1, Y1 \
	add Y4, Y2, Y2 \
	add Y4, Y3, Y3 \
	ADDQ $128, DI \
	SUBQ $128, CX \
	JG block \
last: \
	ROWVALUES(tailv, bc, add) \
	LEAQ -128(R8)(R11*1), DI \
	STORE4(store, DI) \
	ROWNEXTL(fence, nextrow, row, done)

// ROWSNT is ROWS with streaming stores for every whole cache line of a
// row, and regular stores for its partial lines only (rows start at a
// multiple of 16 bytes and are whole multiples of 16 long, at least 256):
// the row's bytes before its first 64-byte aligned one (mis: 16, 32 or
// 48) from the block at its start, the lines from there, 64 bytes at a
// time, from the block at that byte (its mid place), and the bytes past its
// last 64-byte aligned one (16, 32 or 48) from the block ending at its
// end. No line is written both ways: a regular store to a line just
// streamed would wait for the line to come back from memory. The partial
// lines are fetched rows ahead (ROWFETCH).
#define ROWSNT(bc, add, start, headv, midv, tailv, nextrow) \
	ROWSETUP \
	start \
row: \
	ROWFETCH \
	ROWHEAD \
	ROWVALUES(headv, bc, add) \
	CMPQ BX, $32 \
	JB head16 \
	VMOVDQU Y0, 0(R8) \
	JE aligned \
	VMOVDQU X1, 32(R8) \
	JMP aligned \
head16: \
	VMOVDQU X0, 0(R8) \
aligned: \
	LEAQ (R8)(R11*1), DX \
	ANDQ $63, DX \
	MOVQ R11, CX \
	SUBQ BX, CX \
	SUBQ DX, CX \
	LEAQ (R8)(BX*1), DI \
	ROWVALUES(midv, bc, add) \
	SUBQ $128, CX \
	JL half \
block: \
	STORE4(VMOVNTDQ, DI) \
	add Y4, Y0, Y0 \
	add Y4, Y1, Y1 \
	add Y4, Y2, Y2 \
	add Y4, Y3, Y3 \
	ADDQ $128, DI \
	SUBQ $128, CX \
	JGE block \
half: \
	ADDQ $128, CX \
	JZ tail \
	VMOVNTDQ Y0, 0(DI) \
	VMOVNTDQ Y1, 32(DI) \
tail: \
	TESTQ DX, DX \
	JZ next \
	ROWVALUES(tailv, bc, add) \
	LEAQ (R8)(R11*1), DI \
	CMPQ DX, $32 \
	JB tail16 \
	VMOVDQU Y3, -32(DI) \
	JE next \
	VEXTRACTI128 $1, Y2, X5 \
	VMOVDQU X5, -48(DI) \
	JMP next \
tail16: \
	VEXTRACTI128 $1, Y3, X5 \
	VMOVDQU X5, -16(DI) \
next: \
	ROWNEXTL(SFENCE, nextrow, row, done)

// The lanes of a place of rowsCvtQ: int64 base (Z10, Z11) plus the place's
// first, in Z0, Z1.
#define CVTQPLACE(off) \
	VPBROADCASTQ off(R12), Z9 \
	VPADDQ Z10, Z9, Z0 \
	VPADDQ Z11, Z9, Z1

// A block of rowsCvtQ in Z5: the lanes converted once, then scaled (Z12).
#define CVTQVALUE \
	VCVTQQ2PS Z0, Y5 \
	VCVTQQ2PS Z1, Y6 \
	VINSERTF32X8 $1, Y6, Z5, Z5 \
	VMULPS Z12, Z5, Z5

#define CVTQSTORE(at) \
	CVTQVALUE \
	VMOVUPS Z5, 0(at)

#define CVTQADVANCE \
	VPADDQ Z4, Z0, Z0 \
	VPADDQ Z4, Z1, Z1

// CVTQPAIR is ROWS64's pair for rowsCvtQ, as BINPAIR: both blocks
// converted (the second from lanes Z2, Z3, a block on) before either is
// stored, the lanes then two blocks on (Z20: 2*inc).
#define CVTQPAIR(store, advance, ahead) \
	VPADDQ Z4, Z0, Z2 \
	VPADDQ Z4, Z1, Z3 \
	ahead(0) \
	ahead(64) \
	VCVTQQ2PS Z0, Y5 \
	VCVTQQ2PS Z1, Y6 \
	VINSERTF32X8 $1, Y6, Z5, Z5 \
	VMULPS Z12, Z5, Z5 \
	VCVTQQ2PS Z2, Y7 \
	VCVTQQ2PS Z3, Y8 \
	VINSERTF32X8 $1, Y8, Z7, Z7 \
	VMULPS Z12, Z7, Z7 \
	VMOVUPS Z5, 0(DI) \
	VMOVUPS Z7, 64(DI) \
	VPADDQ Z20, Z0, Z0 \
	VPADDQ Z20, Z1, Z1 \
	ADDQ $128, DI

// CVTQROWSETUP loads rowsCvtQ's arguments for ROWS64 and ROWS64NT.
#define CVTQROWSETUP \
	ROWARGS \
	QSTEPS \
	VPBROADCASTQ inc+48(FP), Z4 \
	VPADDQ Z4, Z4, Z20 \
	VPBROADCASTD scale+56(FP), Z12 \
	VMOVDQU64 0(SI), Z10 \
	VMOVDQU64 64(SI), Z11 \
	TESTQ R9, R9 \
	JZ done

// The lanes of a place of rowsFMASx: float32 indices, base (Z10) plus the
// place's first index (an integer below 2^24 at off(R12), converted
// exactly), in Z0.
#define FMASPLACE(off) \
	VCVTSI2SSQ off(R12), X9, X9 \
	VPBROADCASTD X9, Z9 \
	VADDPS Z10, Z9, Z0

// A block of rowsFMASx in Z5: fma(index, delta (Z14), start (Z13)) of each
// lane in float32, rounded once.
#define FMASVALUE \
	VMOVAPS Z0, Z5 \
	VFMADD213PS Z13, Z14, Z5

#define FMASSTORE(at) \
	FMASVALUE \
	VMOVUPS Z5, 0(at)

#define FMASADVANCE \
	VADDPS Z4, Z0, Z0

// FMASROWSETUP loads rowsFMASx's arguments for ROWS64 and ROWS64NT, its
// places' indices from steps (a rowSteps of integers) by QSTEPS, QROWPREPD
// and QNEXT; 2*inc in Z20.
#define FMASROWSETUP \
	ROWARGS \
	QSTEPS \
	VPBROADCASTD inc+48(FP), Z4 \
	VADDPS Z4, Z4, Z20 \
	VPBROADCASTD start+56(FP), Z13 \
	VPBROADCASTD delta+64(FP), Z14 \
	VMOVUPS 0(SI), Z10 \
	TESTQ R9, R9 \
	JZ done

// FMASPAIR is ROWS64's pair for rowsFMASx, as BINPAIR: both blocks made
// (the second from lanes Z2, a block on) before either is stored.
#define FMASPAIR(store, advance, ahead) \
	VADDPS Z4, Z0, Z2 \
	ahead(0) \
	ahead(64) \
	VMOVAPS Z0, Z5 \
	VFMADD213PS Z13, Z14, Z5 \
	VMOVAPS Z2, Z7 \
	VFMADD213PS Z13, Z14, Z7 \
	VMOVUPS Z5, 0(DI) \
	VMOVUPS Z7, 64(DI) \
	VADDPS Z20, Z0, Z0 \
	ADDQ $128, DI

// rowsFMASY is rowsFMASx in AVX2: a block's lanes in Y0 (0 to 7) and Y1
// (8 to 15), the pair's second block's in Y2, Y3; base in Y10, Y11, inc in
// Y4, 2*inc in Y15, start in Y13, delta in Y14; a block's values in Y5, Y6
// (the pair's second in Y7, Y8).
#define FMASYPLACE(off) \
	VCVTSI2SSQ off(R12), X9, X9 \
	VBROADCASTSS X9, Y9 \
	VADDPS Y10, Y9, Y0 \
	VADDPS Y11, Y9, Y1

#define FMASYVALUE \
	VMOVAPS Y0, Y5 \
	VFMADD213PS Y13, Y14, Y5 \
	VMOVAPS Y1, Y6 \
	VFMADD213PS Y13, Y14, Y6

#define FMASYSTORE(at) \
	FMASYVALUE \
	VMOVUPS Y5, 0(at) \
	VMOVUPS Y6, 32(at)

#define FMASYADVANCE \
	VADDPS Y4, Y0, Y0 \
	VADDPS Y4, Y1, Y1

#define FMASYROWSETUP \
	ROWARGS \
	QSTEPS \
	VPBROADCASTD inc+48(FP), Y4 \
	VADDPS Y4, Y4, Y15 \
	VPBROADCASTD start+56(FP), Y13 \
	VPBROADCASTD delta+64(FP), Y14 \
	VMOVUPS 0(SI), Y10 \
	VMOVUPS 32(SI), Y11 \
	TESTQ R9, R9 \
	JZ done

#define FMASYPAIR(store, advance, ahead) \
	VADDPS Y4, Y0, Y2 \
	VADDPS Y4, Y1, Y3 \
	ahead(0) \
	ahead(64) \
	FMASYVALUE \
	VMOVAPS Y2, Y7 \
	VFMADD213PS Y13, Y14, Y7 \
	VMOVAPS Y3, Y8 \
	VFMADD213PS Y13, Y14, Y8 \
	VMOVUPS Y5, 0(DI) \
	VMOVUPS Y6, 32(DI) \
	VMOVUPS Y7, 64(DI) \
	VMOVUPS Y8, 96(DI) \
	VADDPS Y15, Y0, Y0 \
	VADDPS Y15, Y1, Y1 \
	ADDQ $128, DI

// ROWSF16X is rowsF16x, with ahead as ROWS64 takes it.
#define ROWSF16X(ahead) \
	ROWARGS \
	MOVQ inc+48(FP), DX \
	VBROADCASTSS (DX), Z4 \
	VADDPS Z4, Z4, Z20 \
	VMOVUPS 0(SI), Z10 \
	VMOVUPS 64(SI), Z11 \
	MOVQ R12, R13 \
	MOVQ SP, R12 \
	VMOVSD 0(R13), X14 \
	TESTQ R9, R9 \
	JZ done \
	ROWS64(F16PLACE, F16STORE, F16PAIR, F16ADVANCE, ahead, F16ROWPREP, F16NEXT, row, aligned, pairs, one, last, done)

// F16ROWPREP puts the row's three places' values, as float32 bits, in the
// frame (0(R12), 8(R12), 16(R12)): from its first value v (X14, float64;
// steps, a rowSteps of float64 bits, in R13) as SSTART's kind does, v, v +
// mis*d and v + lastD (mis: the elements before its first 64-byte aligned
// byte), each in float64 and then float32 (exact: the planner's facts).
#define F16ROWPREP \
	SHEAD \
	VMOVSS X9, 0(R12) \
	MOVQ R8, BX \
	NEGQ BX \
	ANDQ $63, BX \
	FMID(1, R13) \
	VMOVSS X9, 8(R12) \
	FTAIL(R13) \
	VMOVSS X9, 16(R12)

#define F16NEXT VADDSD 8(R13), X14, X14

// F16PAIR is ROWS64's pair for rowsF16x, as BINPAIR: both blocks converted
// (the second from lanes Z2, Z3, a block on) before either is stored.
#define F16PAIR(store, advance, ahead) \
	VADDPS Z4, Z0, Z2 \
	VADDPS Z4, Z1, Z3 \
	ahead(0) \
	ahead(64) \
	VCVTPS2PH $0, Z0, Y5 \
	VCVTPS2PH $0, Z1, Y6 \
	VCVTPS2PH $0, Z2, Y7 \
	VCVTPS2PH $0, Z3, Y8 \
	VMOVDQU Y5, 0(DI) \
	VMOVDQU Y6, 32(DI) \
	VMOVDQU Y7, 64(DI) \
	VMOVDQU Y8, 96(DI) \
	VADDPS Z20, Z0, Z0 \
	VADDPS Z20, Z1, Z1 \
	ADDQ $128, DI

// func rowsAddB(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
TEXT ·rowsAddB(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTB, VPADDB, VMOVDQU, NOFENCE, NOAHEAD, WSTART, WHEAD, WMIDB, WTAIL, WNEXT)

// func rowsAddBNT(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddB with streaming stores (ROWSNT).
TEXT ·rowsAddBNT(SB), NOSPLIT, $0-56
	ROWSNT(VPBROADCASTB, VPADDB, WSTART, WHEAD, WMIDB, WTAIL, WNEXT)

// func rowsAddBA(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddB fetching its lines ahead of the stores.
TEXT ·rowsAddBA(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTB, VPADDB, VMOVDQU, NOFENCE, AHEAD, WSTART, WHEAD, WMIDB, WTAIL, WNEXT)

// func rowsAddW(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
TEXT ·rowsAddW(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTW, VPADDW, VMOVDQU, NOFENCE, NOAHEAD, WSTART, WHEAD, WMIDW, WTAIL, WNEXT)

// func rowsAddWNT(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddW with streaming stores (ROWSNT).
TEXT ·rowsAddWNT(SB), NOSPLIT, $0-56
	ROWSNT(VPBROADCASTW, VPADDW, WSTART, WHEAD, WMIDW, WTAIL, WNEXT)

// func rowsAddWA(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddW fetching its lines ahead of the stores.
TEXT ·rowsAddWA(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTW, VPADDW, VMOVDQU, NOFENCE, AHEAD, WSTART, WHEAD, WMIDW, WTAIL, WNEXT)

// func rowsAddD(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
TEXT ·rowsAddD(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTD, VPADDD, VMOVDQU, NOFENCE, NOAHEAD, WSTART, WHEAD, WMIDD, WTAIL, WNEXT)

// func rowsAddDNT(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddD with streaming stores (ROWSNT).
TEXT ·rowsAddDNT(SB), NOSPLIT, $0-56
	ROWSNT(VPBROADCASTD, VPADDD, WSTART, WHEAD, WMIDD, WTAIL, WNEXT)

// func rowsAddDA(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddD fetching its lines ahead of the stores.
TEXT ·rowsAddDA(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTD, VPADDD, VMOVDQU, NOFENCE, AHEAD, WSTART, WHEAD, WMIDD, WTAIL, WNEXT)

// func rowsAddQ(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
TEXT ·rowsAddQ(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTQ, VPADDQ, VMOVDQU, NOFENCE, NOAHEAD, WSTART, WHEAD, WMIDQ, WTAIL, WNEXT)

// func rowsAddQNT(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddQ with streaming stores (ROWSNT).
TEXT ·rowsAddQNT(SB), NOSPLIT, $0-56
	ROWSNT(VPBROADCASTQ, VPADDQ, WSTART, WHEAD, WMIDQ, WTAIL, WNEXT)

// func rowsAddQA(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddQ fetching its lines ahead of the stores.
TEXT ·rowsAddQA(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTQ, VPADDQ, VMOVDQU, NOFENCE, AHEAD, WSTART, WHEAD, WMIDQ, WTAIL, WNEXT)

// func rowsAddS(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// float32 lanes: the values are exact, so the additions are too.
TEXT ·rowsAddS(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTD, VADDPS, VMOVDQU, NOFENCE, NOAHEAD, SSTART, SHEAD, SMID, STAIL, SNEXT)

// func rowsAddSNT(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddS with streaming stores (ROWSNT).
TEXT ·rowsAddSNT(SB), NOSPLIT, $0-56
	ROWSNT(VPBROADCASTD, VADDPS, SSTART, SHEAD, SMID, STAIL, SNEXT)

// func rowsAddSA(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)
// rowsAddS fetching its lines ahead of the stores.
TEXT ·rowsAddSA(SB), NOSPLIT, $0-56
	ROWS(VPBROADCASTD, VADDPS, VMOVDQU, NOFENCE, AHEAD, SSTART, SHEAD, SMID, STAIL, SNEXT)

// The lanes of a place of rowsF16x: float32 base (Z10, Z11) plus the
// place's first, in Z0, Z1.
#define F16PLACE(off) \
	VPBROADCASTD off(R12), Z9 \
	VADDPS Z10, Z9, Z0 \
	VADDPS Z11, Z9, Z1

// A block of rowsF16x: the lanes converted once.
#define F16STORE(at) \
	VCVTPS2PH $0, Z0, Y5 \
	VCVTPS2PH $0, Z1, Y6 \
	VMOVDQU Y5, 0(at) \
	VMOVDQU Y6, 32(at)

#define F16ADVANCE \
	VADDPS Z4, Z0, Z0 \
	VADDPS Z4, Z1, Z1

// func rowsF16x(dst *byte, rows, pitch, rowBytes int, base *[32]float32, steps *rowSteps, inc *[8]float32)
// Rows of float16 from exact float32 lanes (see cvtStoreF16x), with AVX-512
// (ROWS64); steps (float64 bits) give each row's places (F16ROWPREP).
TEXT ·rowsF16x(SB), NOSPLIT, $24-56
	ROWSF16X(NOAHEAD)

// func rowsF16xA(dst *byte, rows, pitch, rowBytes int, base *[32]float32, steps *rowSteps, inc *[8]float32)
// rowsF16x fetching its lines ahead of the stores.
TEXT ·rowsF16xA(SB), NOSPLIT, $24-56
	ROWSF16X(AHEAD)

// func rowsCvtQ(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, scale uint64)
// Rows of float32 from exact sums in int64 lanes (see cvtqStoreS), with
// AVX-512 (ROWS64); steps give each place's sum (QROWPREP).
TEXT ·rowsCvtQ(SB), NOSPLIT, $96-64
	CVTQROWSETUP
	ROWS64(CVTQPLACE, CVTQSTORE, CVTQPAIR, CVTQADVANCE, NOAHEAD, QROWPREPD, QNEXT, row, aligned, pairs, one, last, done)

// func rowsCvtQNT(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, scale uint64)
// rowsCvtQ with streaming stores (ROWS64NT).
TEXT ·rowsCvtQNT(SB), NOSPLIT, $96-64
	CVTQROWSETUP
	ROWS64NT(CVTQPLACE, CVTQVALUE, ZSPILL, ZSTREAM, CVTQADVANCE, QROWPREPD, QNEXT)

// func rowsCvtQA(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, scale uint64)
// rowsCvtQ fetching its lines ahead of the stores.
TEXT ·rowsCvtQA(SB), NOSPLIT, $96-64
	CVTQROWSETUP
	ROWS64(CVTQPLACE, CVTQSTORE, CVTQPAIR, CVTQADVANCE, AHEAD, QROWPREPD, QNEXT, row, aligned, pairs, one, last, done)

// func rowsFMASx(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)
// Rows of float32 as fma(index, delta, start) in float32 (see fmaStoreSx),
// with AVX-512 (ROWS64); steps give each place's index (rowSteps of
// integers), worked out at the row's start into the frame (QROWPREP).
TEXT ·rowsFMASx(SB), NOSPLIT, $96-72
	FMASROWSETUP
	ROWS64(FMASPLACE, FMASSTORE, FMASPAIR, FMASADVANCE, NOAHEAD, QROWPREPD, QNEXT, row, aligned, pairs, one, last, done)

// func rowsFMASxNT(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)
// rowsFMASx with streaming stores (ROWS64NT).
TEXT ·rowsFMASxNT(SB), NOSPLIT, $96-72
	FMASROWSETUP
	ROWS64NT(FMASPLACE, FMASVALUE, ZSPILL, ZSTREAM, FMASADVANCE, QROWPREPD, QNEXT)

// func rowsFMASxA(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)
// rowsFMASx fetching its lines ahead of the stores.
TEXT ·rowsFMASxA(SB), NOSPLIT, $96-72
	FMASROWSETUP
	ROWS64(FMASPLACE, FMASSTORE, FMASPAIR, FMASADVANCE, AHEAD, QROWPREPD, QNEXT, row, aligned, pairs, one, last, done)

// func rowsFMASY(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)
// rowsFMASx with AVX2 (a block in Y0, Y1: FMASYPLACE and the others).
TEXT ·rowsFMASY(SB), NOSPLIT, $96-72
	FMASYROWSETUP
	ROWS64(FMASYPLACE, FMASYSTORE, FMASYPAIR, FMASYADVANCE, NOAHEAD, QROWPREPD, QNEXT, row, aligned, pairs, one, last, done)

// func rowsFMASYNT(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)
// rowsFMASY with streaming stores (ROWS64NT).
TEXT ·rowsFMASYNT(SB), NOSPLIT, $96-72
	FMASYROWSETUP
	ROWS64NT(FMASYPLACE, FMASYVALUE, YSPILL, YSTREAM, FMASYADVANCE, QROWPREPD, QNEXT)

// func rowsFMASYA(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)
// rowsFMASY fetching its lines ahead of the stores.
TEXT ·rowsFMASYA(SB), NOSPLIT, $96-72
	FMASYROWSETUP
	ROWS64(FMASYPLACE, FMASYSTORE, FMASYPAIR, FMASYADVANCE, AHEAD, QROWPREPD, QNEXT, row, aligned, pairs, one, last, done)
