// The row loop of the AVX-512 row kernels (rowsF16x, rowsBinx, rowsCvtQ):
// blocks of 64 bytes, rows of rowBytes (R11, at least 64) at R8, R8 + R10,
// ..., R9 of them (at least one), three places a row from firsts (R12, 24
// bytes a row): place(off) loads the lanes of the place at off(R12),
// store(at) writes a block from them at 0(at), advance steps them by a
// block. A row is a block at its start (if that is not 64-byte aligned),
// blocks from its first 64-byte aligned byte (a 64-byte store never
// crosses a cache line) and a block ending at its end.
#define ROWS64(place, store, advance) \
row: \
	MOVQ R8, BX \
	NEGQ BX \
	ANDQ $63, BX \
	JZ aligned \
	place(0) \
	store(R8) \
aligned: \
	place(8) \
	LEAQ (R8)(BX*1), DI \
	MOVQ R11, CX \
	SUBQ BX, CX \
	SUBQ $64, CX \
	JLE last \
blocks: \
	store(DI) \
	advance \
	ADDQ $64, DI \
	SUBQ $64, CX \
	JG blocks \
last: \
	place(16) \
	LEAQ -64(R8)(R11*1), DI \
	store(DI) \
	ADDQ R10, R8 \
	ADDQ $24, R12 \
	DECQ R9 \
	JNZ row \
done: \
	VZEROUPPER \
	RET

// ROWS64NT is ROWS64 with streaming stores for every whole cache line of a
// row and masked regular stores (mstore, with a mask of lanes set by kmov:
// lanes elements of 1<<lg bytes a block) for its partial lines: the row's
// bytes before its first 64-byte aligned one from the block at its start
// (place(0)), the lines from there, 64 bytes at a time, from the block at
// that byte (place(8)), and the bytes past its last 64-byte aligned one
// from the block ending at its end (place(16)); no line is written both
// ways (see ROWSNT). value leaves a block in Z5. Rows start at a multiple
// of the element size and are a multiple of it long, 128 bytes or more (so
// at least one whole line lies between the partial ones).
#define ROWS64NT(place, value, advance, lg, lanes, kmov, mstore) \
row: \
	MOVQ R8, BX \
	NEGQ BX \
	ANDQ $63, BX \
	JZ aligned \
	place(0) \
	value \
	MOVQ BX, CX \
	SHRQ $lg, CX \
	MOVQ $1, AX \
	SHLQ CX, AX \
	DECQ AX \
	kmov AX, K1 \
	mstore Z5, K1, 0(R8) \
aligned: \
	LEAQ (R8)(R11*1), DX \
	ANDQ $63, DX \
	MOVQ R11, CX \
	SUBQ BX, CX \
	SUBQ DX, CX \
	LEAQ (R8)(BX*1), DI \
	place(8) \
lines: \
	value \
	VMOVNTDQ Z5, 0(DI) \
	advance \
	ADDQ $64, DI \
	SUBQ $64, CX \
	JG lines \
	TESTQ DX, DX \
	JZ next \
	place(16) \
	value \
	MOVQ DX, CX \
	SHRQ $lg, CX \
	NEGQ CX \
	ADDQ $lanes, CX \
	MOVQ $1, AX \
	SHLQ CX, AX \
	DECQ AX \
	NOTQ AX \
	kmov AX, K1 \
	LEAQ -64(R8)(R11*1), DI \
	mstore Z5, K1, 0(DI) \
next: \
	ADDQ R10, R8 \
	ADDQ $24, R12 \
	DECQ R9 \
	JNZ row \
done: \
	SFENCE \
	VZEROUPPER \
	RET
