// The row loop of the AVX-512 row kernels (rowsF16x, rowsBinx, rowsCvtQ,
// rowsFMASx, rowsBinQx): blocks of 64 bytes, rows of rowBytes (R11, at
// least 64) at R8, R8 + R10, ..., R9 of them (at least one), three places
// a row, which rowprep works out at the row's start (into the frame, where
// R12 points) from the kernel's steps and nextrow steps to the next row:
// place(off) loads the lanes of the place at off(R12), store(at) writes a
// block from them at 0(at), advance steps them by a block, ahead (AHEAD or
// NOAHEAD, lanes_amd64.h) fetches the lines ahead of the aligned blocks'
// stores. A row is a block at its start (if that is not 64-byte aligned),
// blocks from its first 64-byte aligned byte (a 64-byte store never
// crosses a cache line; two a loop turn, then one if one is left) and a
// block ending at its end. (Two blocks a turn, with their lines fetched
// ahead, wrote padded float16 rows at 4 MiB at 103-105 GB/s against 93-96
// for one; four no faster: scratch loops of rowsBinxA, 2026-11-23.)
// ROWARGS loads the row kernels' common arguments: dst (R8), rows (R9),
// pitch (R10), rowBytes (R11), base (SI) and steps (R12).
#define ROWARGS \
	MOVQ dst+0(FP), R8 \
	MOVQ rows+8(FP), R9 \
	MOVQ pitch+16(FP), R10 \
	MOVQ rowBytes+24(FP), R11 \
	MOVQ base+32(FP), SI \
	MOVQ steps+40(FP), R12

// ROWHEAD puts in BX the bytes of the row at R8 before its first 64-byte
// aligned one, and goes to aligned if there are none (ROWHEADL: to the
// label given).
#define ROWHEADL(aligned) \
	MOVQ R8, BX \
	NEGQ BX \
	ANDQ $63, BX \
	JZ aligned

#define ROWHEAD ROWHEADL(aligned)

// ROWFETCH fetches the first and the last line of the row four rows on
// (R8 + 4*pitch, rowBytes R11), through AX: the streaming forms' regular
// stores to a row's partial lines (ROWSNT, ROWS64NT) otherwise wait for
// each line to come from memory. (Padded UINT8 rows of 1024 bytes, 16
// apart, 256 MiB, rowsAddBNT: 20.8-21.3 GB/s without it, 25.8-27.5 with
// it, packed 26.8-27.7; scratch timing, alternated three times. Two or
// eight rows on measured the same.) A prefetch cannot fault: past the
// last row it fetches nothing of use.
#define ROWFETCH \
	LEAQ (R8)(R10*4), AX \
	PREFETCHT0 0(AX) \
	PREFETCHT0 -1(AX)(R11*1)

// ROWNEXTL steps to the next row (R8 by the pitch, the places by nextrow)
// while rows remain (R9), then ends the kernel: done, fence, RET.
#define ROWNEXTL(fence, nextrow, row, done) \
	ADDQ R10, R8 \
	nextrow \
	DECQ R9 \
	JNZ row \
done: \
	fence \
	VZEROUPPER \
	RET

// The places of row kernels whose places are 64-bit integers worked out
// from steps (a rowSteps: first, rowD, d, lastD, wrapping): QSTEPS, after
// ROWARGS, keeps steps in R13, the row's first value at 88(SP),
// and points R12 at the row's three places in the frame (64(SP) to
// 87(SP); a streaming form's 64 bytes for partial lines lie below);
// QROWPREP(lg) puts there the row's first value v, v + mis*d (mis: the
// elements of 1<<lg bytes before its first 64-byte aligned byte) and v +
// lastD; QNEXT steps v by rowD. (The frame: 96 bytes.)
#define QSTEPS \
	MOVQ R12, R13 \
	LEAQ 64(SP), R12 \
	MOVQ 0(R13), AX \
	MOVQ AX, 88(SP)

#define QROWPREP(lg) \
	MOVQ 88(SP), AX \
	MOVQ AX, 0(R12) \
	MOVQ R8, BX \
	NEGQ BX \
	ANDQ $63, BX \
	SHRQ $lg, BX \
	IMULQ 16(R13), BX \
	ADDQ AX, BX \
	MOVQ BX, 8(R12) \
	MOVQ 24(R13), BX \
	ADDQ AX, BX \
	MOVQ BX, 16(R12)

#define QROWPREPW QROWPREP(1)
#define QROWPREPD QROWPREP(2)

#define QNEXT \
	MOVQ 8(R13), AX \
	ADDQ AX, 88(SP)

// SEQPAIR is a pair of blocks a loop turn for ROWS64: each block stored, then
// the lanes advanced.
#define SEQPAIR(store, advance, ahead) \
	ahead(0) \
	ahead(64) \
	store(DI) \
	advance \
	ADDQ $64, DI \
	store(DI) \
	advance \
	ADDQ $64, DI

// ROWS64 takes the pair of blocks of a loop turn from pair(store,
// advance, ahead) (SEQPAIR, or a kernel's own, which makes both blocks
// before storing either: see BINPAIR), and its labels as arguments (for a
// kernel with several loops).
#define ROWS64(place, store, pair, advance, ahead, rowprep, nextrow, row, aligned, pairs, one, last, done) \
row: \
	rowprep \
	ROWHEADL(aligned) \
	place(0) \
	store(R8) \
aligned: \
	place(8) \
	LEAQ (R8)(BX*1), DI \
	MOVQ R11, CX \
	SUBQ BX, CX \
	SUBQ $64, CX \
	JLE last \
	CMPQ CX, $64 \
	JLE one \
pairs: \
	pair(store, advance, ahead) \
	SUBQ $128, CX \
	CMPQ CX, $64 \
	JG pairs \
	TESTQ CX, CX \
	JLE last \
one: \
	ahead(0) \
	store(DI) \
	advance \
	ADDQ $64, DI \
last: \
	place(16) \
	LEAQ -64(R8)(R11*1), DI \
	store(DI) \
	ROWNEXTL(NOFENCE, nextrow, row, done)

// COPYTWO copies the first and the last w bytes of the CX bytes at SI to
// DI (they overlap where CX is below 2w) with mov through r.
#define COPYTWO(mov, w, r) \
	mov 0(SI), r \
	mov r, 0(DI) \
	mov -w(SI)(CX*1), r \
	mov r, -w(DI)(CX*1)

// COPYPART copies n (CX: 2 to 62, a multiple of 2) bytes from SI to DI
// with at most two regular stores of the largest width that fits (the
// second overlapping the first), through AX and X6/Y6; the labels name its
// branches.
#define COPYPART(L16, L8, L4, L2, OUT) \
	CMPQ CX, $32 \
	JB L16 \
	COPYTWO(VMOVDQU, 32, Y6) \
	JMP OUT \
L16: \
	CMPQ CX, $16 \
	JB L8 \
	COPYTWO(VMOVDQU, 16, X6) \
	JMP OUT \
L8: \
	CMPQ CX, $8 \
	JB L4 \
	COPYTWO(MOVQ, 8, AX) \
	JMP OUT \
L4: \
	CMPQ CX, $4 \
	JB L2 \
	COPYTWO(MOVL, 4, AX) \
	JMP OUT \
L2: \
	MOVW 0(SI), AX \
	MOVW AX, 0(DI) \
OUT:

// ROWS64NT is ROWS64 with streaming stores for every whole cache line of a
// row and regular stores for its partial lines only: the row's bytes before
// its first 64-byte aligned one from the block at its start (place(0)), the
// lines from there, 64 bytes at a time, from the block at that byte
// (place(8)), and the bytes past its last 64-byte aligned one from the
// block ending at its end (place(16)); no line is written both ways (see
// ROWSNT), and the partial ones are fetched rows ahead (ROWFETCH). value
// leaves a block in Z5; a partial line's bytes go through the 64-byte frame
// (0(SP)) and COPYPART (masked stores ran at less than half the speed here,
// 2026-11-23). Rows start at a multiple of 2 bytes and are a multiple of 2
// long, 128 bytes or more (so at least one whole line lies between the
// partial ones). spill puts value's block at 0(SP), stream streams it to
// 0(DI): ZSPILL and ZSTREAM for a block in Z5, YSPILL and YSTREAM for one in
// Y5, Y6 (the AVX2 row kernels).
#define ROWS64NT(place, value, spill, stream, advance, rowprep, nextrow) \
row: \
	ROWFETCH \
	rowprep \
	ROWHEAD \
	place(0) \
	value \
	spill \
	MOVQ SP, SI \
	MOVQ R8, DI \
	MOVQ BX, CX \
	COPYPART(head16, head8, head4, head2, aligned) \
	LEAQ (R8)(R11*1), DX \
	ANDQ $63, DX \
	MOVQ R11, CX \
	SUBQ BX, CX \
	SUBQ DX, CX \
	LEAQ (R8)(BX*1), DI \
	place(8) \
lines: \
	value \
	stream \
	advance \
	ADDQ $64, DI \
	SUBQ $64, CX \
	JG lines \
	TESTQ DX, DX \
	JZ next \
	place(16) \
	value \
	spill \
	LEAQ 64(SP), SI \
	SUBQ DX, SI \
	LEAQ (R8)(R11*1), DI \
	SUBQ DX, DI \
	MOVQ DX, CX \
	COPYPART(tail16, tail8, tail4, tail2, next) \
	ROWNEXTL(SFENCE, nextrow, row, done)

#define ZSPILL VMOVDQU64 Z5, 0(SP)
#define ZSTREAM VMOVNTDQ Z5, 0(DI)
#define YSPILL \
	VMOVDQU Y5, 0(SP) \
	VMOVDQU Y6, 32(SP)
#define YSTREAM \
	VMOVNTDQ Y5, 0(DI) \
	VMOVNTDQ Y6, 32(DI)
