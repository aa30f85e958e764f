//go:build amd64 && !purego

#include "textflag.h"

// The zip kernels (AVX-512): rows of 2, 3 or 4 elements one after another,
// from their columns, a block of rows at a time (zip.go). The block of each
// column is loaded once (64 bytes; for bytes, 32 zero-extended to words),
// and each output vector k of the block is its entries' permutes: entry
// 2k's of columns 0 and 1 (VPERMI2W), merged with entry 2k+1's of column 2
// (VPERMW, three elements) or blended with it of columns 2 and 3 (four);
// with two elements, entry k's alone. The indices stay in Z16-Z23, the
// masks in K1-K4. A plan: stride at 8, its entries' pointer at 24; an
// entry: idx at 0, mask at 64, 72 bytes.

// ZIPSTART loads the arguments: dst in DI, the columns' blocks in SI, R11,
// R12, R13 (columns 0 to 3), the blocks in CX, the entries in R10.
#define ZIPSTART \
	MOVQ dst+0(FP), DI \
	MOVQ cols+8(FP), SI \
	MOVQ blocks+16(FP), CX \
	MOVQ z+24(FP), R8 \
	MOVQ 8(R8), R9 \
	MOVQ 24(R8), R10 \
	LEAQ (SI)(R9*1), R11 \
	LEAQ (R11)(R9*1), R12 \
	LEAQ (R12)(R9*1), R13

// ZIPNEXT steps the columns by col bytes and dst by out, and loops to
// block while blocks remain.
#define ZIPNEXT(col, out) \
	ADDQ $(out), DI \
	ADDQ $col, SI \
	ADDQ $col, R11 \
	ADDQ $col, R12 \
	ADDQ $col, R13 \
	DECQ CX \
	JNZ block

// Loads and stores of a column's block and an output vector: words as
// they are (WLOAD, WPUT), bytes zero-extended to words and narrowed back
// (BLOAD, BPUT).
#define WLOAD(src, z) VMOVDQU64 src, z
#define BLOAD(src, z) VPMOVZXBW src, z
#define WPUT(z, dst) VMOVDQU64 z, dst
#define BPUT(z, dst) VPMOVWB z, dst

// ZIP2: two elements; vector k of v bytes from entry k.
#define ZIP2(load, put, col, v) \
	ZIPSTART \
	VMOVDQU64 0(R10), Z16 \
	VMOVDQU64 72(R10), Z17 \
	TESTQ CX, CX \
	JZ done \
block: \
	load((SI), Z0) \
	load((R11), Z1) \
	VMOVDQA64 Z16, Z4 \
	VPERMI2W Z1, Z0, Z4 \
	VMOVDQA64 Z17, Z5 \
	VPERMI2W Z1, Z0, Z5 \
	put(Z4, 0(DI)) \
	put(Z5, v(DI)) \
	ZIPNEXT(col, 2*v) \
done: \
	VZEROUPPER \
	RET

// ZIPIDX3 loads the indices and masks of the entries of three vectors
// (rows of three or four elements).
#define ZIPIDX3 \
	VMOVDQU64 0(R10), Z16 \
	VMOVDQU64 72(R10), Z17 \
	KMOVD 136(R10), K1 \
	VMOVDQU64 144(R10), Z18 \
	VMOVDQU64 216(R10), Z19 \
	KMOVD 280(R10), K2 \
	VMOVDQU64 288(R10), Z20 \
	VMOVDQU64 360(R10), Z21 \
	KMOVD 424(R10), K3

// ZIP3K is vector k of three elements: entry 2k's permute of columns 0
// and 1 (index a), column 2's words merged where mask m has bits (index b).
#define ZIP3K(a, b, m, z) \
	VMOVDQA64 a, z \
	VPERMI2W Z1, Z0, z \
	VPERMW Z2, b, m, z

// ZIP3: three elements.
#define ZIP3(load, put, col, v) \
	ZIPSTART \
	ZIPIDX3 \
	TESTQ CX, CX \
	JZ done \
block: \
	load((SI), Z0) \
	load((R11), Z1) \
	load((R12), Z2) \
	ZIP3K(Z16, Z17, K1, Z4) \
	ZIP3K(Z18, Z19, K2, Z5) \
	ZIP3K(Z20, Z21, K3, Z6) \
	put(Z4, 0(DI)) \
	put(Z5, v(DI)) \
	put(Z6, (2*v)(DI)) \
	ZIPNEXT(col, 3*v) \
done: \
	VZEROUPPER \
	RET

// ZIP4K is vector k of four elements: entry 2k's permute of columns 0 and
// 1 (index a) blended where mask m has bits with entry 2k+1's of columns 2
// and 3 (index b); t a scratch register.
#define ZIP4K(a, b, m, z, t) \
	VMOVDQA64 a, z \
	VPERMI2W Z1, Z0, z \
	VMOVDQA64 b, t \
	VPERMI2W Z3, Z2, t \
	VPBLENDMW t, z, m, z

// ZIP4: four elements.
#define ZIP4(load, put, col, v) \
	ZIPSTART \
	ZIPIDX3 \
	VMOVDQU64 432(R10), Z22 \
	VMOVDQU64 504(R10), Z23 \
	KMOVD 568(R10), K4 \
	TESTQ CX, CX \
	JZ done \
block: \
	load((SI), Z0) \
	load((R11), Z1) \
	load((R12), Z2) \
	load((R13), Z3) \
	ZIP4K(Z16, Z17, K1, Z4, Z8) \
	ZIP4K(Z18, Z19, K2, Z5, Z9) \
	ZIP4K(Z20, Z21, K3, Z6, Z10) \
	ZIP4K(Z22, Z23, K4, Z7, Z11) \
	put(Z4, 0(DI)) \
	put(Z5, v(DI)) \
	put(Z6, (2*v)(DI)) \
	put(Z7, (3*v)(DI)) \
	ZIPNEXT(col, 4*v) \
done: \
	VZEROUPPER \
	RET

// Elements of 2, 4 or 8 bytes (zipNx), bytes (zipNBx).
// func zip2x(dst, cols *byte, blocks int, z *zipPlan)
TEXT ·zip2x(SB), NOSPLIT, $0-32
	ZIP2(WLOAD, WPUT, 64, 64)

// func zip2Bx(dst, cols *byte, blocks int, z *zipPlan)
TEXT ·zip2Bx(SB), NOSPLIT, $0-32
	ZIP2(BLOAD, BPUT, 32, 32)

// func zip3x(dst, cols *byte, blocks int, z *zipPlan)
TEXT ·zip3x(SB), NOSPLIT, $0-32
	ZIP3(WLOAD, WPUT, 64, 64)

// func zip3Bx(dst, cols *byte, blocks int, z *zipPlan)
TEXT ·zip3Bx(SB), NOSPLIT, $0-32
	ZIP3(BLOAD, BPUT, 32, 32)

// func zip4x(dst, cols *byte, blocks int, z *zipPlan)
TEXT ·zip4x(SB), NOSPLIT, $0-32
	ZIP4(WLOAD, WPUT, 64, 64)

// func zip4Bx(dst, cols *byte, blocks int, z *zipPlan)
TEXT ·zip4Bx(SB), NOSPLIT, $0-32
	ZIP4(BLOAD, BPUT, 32, 32)
