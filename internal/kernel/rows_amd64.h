// The row loop of the float16 row kernels (rowsF16x, rowsBinx): AVX-512,
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
