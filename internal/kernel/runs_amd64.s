//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// The runs kernel (see the package doc: method binade-runs): 16-bit
// elements that change at most once in any 32 in a row, by a constant
// (AVX-512), with the three store kinds from one macro (store, fence,
// ahead; see lanes_amd64.h). Go twin: runs_g in twins.go; contract: runsKernel
// in table.go.
#define NOFENCE

// RUNSADVANCE moves the next change (BX) on by the current pair of steps
// (R8, R9: elements, and the remainder's loss) and the remainder (R12),
// one element more where the remainder falls below 0 (and gains R13), and
// swaps the pairs (R10, R11). DX is a temporary.
#define RUNSADVANCE \
	ADDQ R8, BX \
	SUBQ R9, R12 \
	MOVQ R12, DX \
	SARQ $63, DX \
	SUBQ DX, BX \
	ANDQ R13, DX \
	ADDQ DX, R12 \
	XCHGQ R8, R10 \
	XCHGQ R9, R11

// RUNSCHANGE makes the line whose first element is AX (the change at BX
// within it, 0 to 31 elements on) in Z2: the value Z0 before the change,
// Z0 + Z1 from it; Z0 becomes the value after, and the next change is
// worked out. CX and DX are temporaries.
#define RUNSCHANGE \
	MOVQ BX, CX \
	SUBQ AX, CX \
	MOVL $-1, DX \
	SHLXL CX, DX, DX \
	KMOVD DX, K1 \
	VMOVDQA64 Z0, Z2 \
	VPADDW Z1, Z0, Z0 \
	VMOVDQU16 Z0, K1, Z2 \
	RUNSADVANCE

// RUNSPART writes the partial line at DI whose first element is AX, the
// lanes of K2: the value Z0, with the change where it falls within the
// line and the span (skip names the label past it). A change past the
// span is left to the next span (rowsRuns' next row).
#define RUNSPART(skip) \
	VMOVDQA64 Z0, Z2 \
	MOVQ BX, CX \
	SUBQ AX, CX \
	CMPQ CX, $32 \
	JGE skip \
	CMPQ BX, SI \
	JGE skip \
	RUNSCHANGE \
skip: \
	VMOVDQU16 Z2, K2, 0(DI)

// RUNSARGS loads the value (in every word of val: Z0, or Y0 in the AVX2
// form), its change (chg: Z1, Y1), the next change (BX), the remainder (R12)
// and the steps (R8 to R11, R13) from the arguments v, inc, next, rem and
// steps.
#define RUNSARGS(val, chg, v, inc, next, rem, steps) \
	VPBROADCASTW v, val \
	VPBROADCASTW inc, chg \
	MOVQ next, BX \
	MOVQ rem, R12 \
	MOVQ steps, SI \
	MOVQ 0(SI), R8 \
	MOVQ 8(SI), R9 \
	MOVQ 16(SI), R10 \
	MOVQ 24(SI), R11 \
	MOVQ 32(SI), R13

// RUNSLINES counts, from the element AX of a span of SI (at a line's
// first element, the next change at BX), the whole lines left in CX and
// those before the change's line in DX, and moves AX past the latter: to
// tail where no whole line is left, to change where the change's line is
// the first (RUNSSPAN, RUNSSPANY).
#define RUNSLINES(tail, change) \
	MOVQ SI, CX \
	SUBQ AX, CX \
	SARQ $5, CX \
	TESTQ CX, CX \
	JLE tail \
	MOVQ BX, DX \
	SUBQ AX, DX \
	SHRQ $5, DX \
	CMPQ DX, CX \
	CMOVQGT CX, DX \
	SUBQ DX, CX \
	SHLQ $5, DX \
	ADDQ DX, AX \
	SHRQ $5, DX \
	TESTQ DX, DX \
	JZ change

// RUNSSPAN writes the SI elements at DI line by line from the 64-byte line
// they start in, and goes to end: AX is the element of the line's first
// lane (from the span's first; less than 0 in the line the span starts in,
// if that is not its first byte), BX the next change (from the span's
// first element). Partial lines (at each end) are written under a mask of
// their lanes; whole lines before the next change by a loop of stores of
// one value, the line of the change from two.
#define RUNSSPAN(store, ahead, end) \
	MOVQ DI, AX \
	SHRQ $1, AX \
	ANDQ $31, AX \
	ANDQ $-64, DI \
	TESTQ AX, AX \
	JZ mid \
	MOVQ AX, CX \
	MOVL $-1, DX \
	SHLXL CX, DX, DX \
	ADDQ SI, CX \
	CMPQ CX, $32 \
	JAE headmask \
	BZHIL CX, DX, DX \
headmask: \
	KMOVD DX, K2 \
	NEGQ AX \
	RUNSPART(headdone) \
	ADDQ $64, DI \
	ADDQ $32, AX \
mid: \
	RUNSLINES(tail, change) \
plain: \
	ahead(0) \
	store Z0, 0(DI) \
	ADDQ $64, DI \
	DECQ DX \
	JNZ plain \
change: \
	TESTQ CX, CX \
	JZ tail \
	RUNSCHANGE \
	ahead(0) \
	store Z2, 0(DI) \
	ADDQ $64, DI \
	ADDQ $32, AX \
	JMP mid \
tail: \
	MOVQ SI, CX \
	SUBQ AX, CX \
	JLE end \
	MOVL $-1, DX \
	BZHIL CX, DX, DX \
	KMOVD DX, K2 \
	RUNSPART(taildone)

// F16RUNS is the span of f16Runs.
#define F16RUNS(store, fence, ahead) \
	RUNSARGS(Z0, Z1, v+16(FP), inc+24(FP), next+32(FP), rem+40(FP), steps+48(FP)) \
	MOVQ dst+0(FP), DI \
	MOVQ n+8(FP), SI \
	RUNSSPAN(store, ahead, done) \
done: \
	fence \
	VZEROUPPER \
	RET

// F16ROWSRUNS writes rowsRuns' rows, each a span (RUNSSPAN), the next
// change moved back by a row's elements after each; dst (the row) and
// rows are kept in their argument slots. ROWSRUNSOF is it for either form:
// val and chg RUNSARGS's registers, setup what the span needs loaded
// before it, span RUNSSPAN or RUNSSPANY.
#define ROWSRUNSOF(val, chg, setup, span, store, fence, ahead) \
	RUNSARGS(val, chg, v+32(FP), inc+40(FP), next+48(FP), rem+56(FP), steps+64(FP)) \
	setup \
	MOVQ rowBytes+24(FP), SI \
	SHRQ $1, SI \
row: \
	MOVQ dst+0(FP), DI \
	span(store, ahead, rowdone) \
rowdone: \
	SUBQ SI, BX \
	MOVQ dst+0(FP), DI \
	ADDQ pitch+16(FP), DI \
	MOVQ DI, dst+0(FP) \
	DECQ rows+8(FP) \
	JNZ row \
	fence \
	VZEROUPPER \
	RET

#define NOSETUP
#define F16ROWSRUNS(store, fence, ahead) ROWSRUNSOF(Z0, Z1, NOSETUP, RUNSSPAN, store, fence, ahead)

// The AVX2 form of the runs kernel (f16RunsY): Y0 the value in every word,
// Y1 its change, the steps and the next change as RUNSARGS loads them.
// Partial lines (at each end of the span) are written an element at a
// time (RUNSWORDS: AVX2 has no store under a mask of words); whole lines
// before the next change by a loop of two stores of one value, the line of
// the change as the words below it (Y2, its place in every word, greater
// than their index: idxW) from the value before, the others from the
// value after, with VPBLENDVB.

// RUNSWORDS writes the CX elements (at least 1) at DI, AX the first's
// (from the span's first), the value changing where AX reaches BX; DI and
// AX move past them. DX is a temporary.
#define RUNSWORDS(loop, same) \
loop: \
	CMPQ AX, BX \
	JNE same \
	VPADDW Y1, Y0, Y0 \
	RUNSADVANCE \
same: \
	VMOVQ X0, DX \
	MOVW DX, 0(DI) \
	ADDQ $2, DI \
	INCQ AX \
	DECQ CX \
	JNZ loop

// RUNSSPANY writes the SI elements at DI (the span: AX counts them from
// its first, BX the next change from there) and goes to end; Y3, Y4 hold
// idxW.
#define RUNSSPANY(store, ahead, end) \
	XORQ AX, AX \
	MOVQ DI, CX \
	NEGQ CX \
	ANDQ $63, CX \
	SHRQ $1, CX \
	JZ mid \
	CMPQ CX, SI \
	CMOVQGT SI, CX \
	RUNSWORDS(headloop, headsame) \
mid: \
	RUNSLINES(tail, change) \
plain: \
	ahead(0) \
	store Y0, 0(DI) \
	store Y0, 32(DI) \
	ADDQ $64, DI \
	DECQ DX \
	JNZ plain \
change: \
	TESTQ CX, CX \
	JZ tail \
	MOVQ BX, CX \
	SUBQ AX, CX \
	VMOVQ CX, X2 \
	VPBROADCASTW X2, Y2 \
	VPADDW Y1, Y0, Y5 \
	VPCMPGTW Y3, Y2, Y6 \
	VPBLENDVB Y6, Y0, Y5, Y6 \
	VPCMPGTW Y4, Y2, Y7 \
	VPBLENDVB Y7, Y0, Y5, Y7 \
	VMOVDQA Y5, Y0 \
	RUNSADVANCE \
	ahead(0) \
	store Y6, 0(DI) \
	store Y7, 32(DI) \
	ADDQ $64, DI \
	ADDQ $32, AX \
	JMP mid \
tail: \
	MOVQ SI, CX \
	SUBQ AX, CX \
	JZ end \
	RUNSWORDS(tailloop, tailsame) \
	JMP end

#define F16RUNSY(store, fence, ahead) \
	RUNSARGS(Y0, Y1, v+16(FP), inc+24(FP), next+32(FP), rem+40(FP), steps+48(FP)) \
	MOVQ dst+0(FP), DI \
	MOVQ n+8(FP), SI \
	IDXWY \
	RUNSSPANY(store, ahead, done) \
done: \
	fence \
	VZEROUPPER \
	RET

// F16ROWSRUNSY is F16ROWSRUNS with RUNSSPANY (its word indices loaded
// first: IDXWY).
#define IDXWY \
	VMOVDQU idxW<>+0(SB), Y3 \
	VMOVDQU idxW<>+32(SB), Y4

#define F16ROWSRUNSY(store, fence, ahead) ROWSRUNSOF(Y0, Y1, IDXWY, RUNSSPANY, store, fence, ahead)

// func f16Runs(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)
TEXT ·f16Runs(SB), NOSPLIT, $0-56
	F16RUNS(VMOVDQU64, NOFENCE, NOAHEAD)

// func f16RunsNT(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)
// f16Runs with streaming stores (for whole lines).
TEXT ·f16RunsNT(SB), NOSPLIT, $0-56
	F16RUNS(VMOVNTDQ, SFENCE, NOAHEAD)

// func f16RunsA(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)
// f16Runs fetching its lines ahead of the stores.
TEXT ·f16RunsA(SB), NOSPLIT, $0-56
	F16RUNS(VMOVDQU64, NOFENCE, AHEAD)

// func f16RowsRuns(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)
TEXT ·f16RowsRuns(SB), NOSPLIT, $0-72
	F16ROWSRUNS(VMOVDQU64, NOFENCE, NOAHEAD)

// func f16RowsRunsNT(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)
// f16RowsRuns with streaming stores (for whole lines).
TEXT ·f16RowsRunsNT(SB), NOSPLIT, $0-72
	F16ROWSRUNS(VMOVNTDQ, SFENCE, NOAHEAD)

// func f16RowsRunsA(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)
// f16RowsRuns fetching its lines ahead of the stores.
TEXT ·f16RowsRunsA(SB), NOSPLIT, $0-72
	F16ROWSRUNS(VMOVDQU64, NOFENCE, AHEAD)

// func f16RunsY(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)
TEXT ·f16RunsY(SB), NOSPLIT, $0-56
	F16RUNSY(VMOVDQU, NOFENCE, NOAHEAD)

// func f16RunsYNT(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)
// f16RunsY with streaming stores (for whole lines).
TEXT ·f16RunsYNT(SB), NOSPLIT, $0-56
	F16RUNSY(VMOVNTDQ, SFENCE, NOAHEAD)

// func f16RunsYA(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)
// f16RunsY fetching its lines ahead of the stores.
TEXT ·f16RunsYA(SB), NOSPLIT, $0-56
	F16RUNSY(VMOVDQU, NOFENCE, AHEAD)

// func f16RowsRunsY(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)
TEXT ·f16RowsRunsY(SB), NOSPLIT, $0-72
	F16ROWSRUNSY(VMOVDQU, NOFENCE, NOAHEAD)

// func f16RowsRunsYNT(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)
// f16RowsRunsY with streaming stores (for whole lines).
TEXT ·f16RowsRunsYNT(SB), NOSPLIT, $0-72
	F16ROWSRUNSY(VMOVNTDQ, SFENCE, NOAHEAD)

// func f16RowsRunsYA(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)
// f16RowsRunsY fetching its lines ahead of the stores.
TEXT ·f16RowsRunsYA(SB), NOSPLIT, $0-72
	F16ROWSRUNSY(VMOVDQU, NOFENCE, AHEAD)

// The words' indices 0 to 31 (f16RunsY, f16RowsRunsY).
DATA idxW<>+0(SB)/8, $0x0003000200010000
DATA idxW<>+8(SB)/8, $0x0007000600050004
DATA idxW<>+16(SB)/8, $0x000b000a00090008
DATA idxW<>+24(SB)/8, $0x000f000e000d000c
DATA idxW<>+32(SB)/8, $0x0013001200110010
DATA idxW<>+40(SB)/8, $0x0017001600150014
DATA idxW<>+48(SB)/8, $0x001b001a00190018
DATA idxW<>+56(SB)/8, $0x001f001e001d001c
GLOBL idxW<>(SB), RODATA|NOPTR, $64
