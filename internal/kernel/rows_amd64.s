//go:build amd64 && !purego

#include "textflag.h"

// Row kernels: rows of elements, row r at dst + r*pitch, rowBytes long (at
// least one block), in one call, with regular stores. Lane by lane, a block
// holds base plus the value of the element it starts at, and each next
// block inc more, as in addStore*. A row is written as a block at its start
// (if that is not 32-byte aligned: firsts[3r]), blocks from its first
// 32-byte aligned byte (firsts[3r+1]; aligned stores never cross a cache
// line) and a block ending at its end (firsts[3r+2]): the values at those
// three places are given, as the row's length and alignment need not be
// whole blocks. base stays in registers (loads from it could wait on the
// stores to addresses 4 KiB apart).

// func rowsAddB(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)
TEXT ·rowsAddB(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), R8
	MOVQ rows+8(FP), R9
	MOVQ pitch+16(FP), R10
	MOVQ rowBytes+24(FP), R11
	MOVQ base+32(FP), SI
	MOVQ firsts+40(FP), R12
	MOVQ inc+48(FP), DX
	VMOVDQU (DX), Y4
	VMOVDQU 0(SI), Y10
	VMOVDQU 32(SI), Y11
	VMOVDQU 64(SI), Y12
	VMOVDQU 96(SI), Y13
	TESTQ R9, R9
	JZ done
row:
	MOVQ R8, BX
	NEGQ BX
	ANDQ $31, BX // bytes to the first aligned one
	JZ aligned
	MOVQ 0(R12), AX
	MOVQ AX, X9
	VPBROADCASTB X9, Y9
	VPADDB Y10, Y9, Y0
	VPADDB Y11, Y9, Y1
	VPADDB Y12, Y9, Y2
	VPADDB Y13, Y9, Y3
	VMOVDQU Y0, 0(R8)
	VMOVDQU Y1, 32(R8)
	VMOVDQU Y2, 64(R8)
	VMOVDQU Y3, 96(R8)
aligned:
	MOVQ 8(R12), AX
	MOVQ AX, X9
	VPBROADCASTB X9, Y9
	VPADDB Y10, Y9, Y0
	VPADDB Y11, Y9, Y1
	VPADDB Y12, Y9, Y2
	VPADDB Y13, Y9, Y3
	LEAQ (R8)(BX*1), DI
	MOVQ R11, CX
	SUBQ BX, CX
	SUBQ $128, CX
	JLE last
block:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDB Y4, Y0, Y0
	VPADDB Y4, Y1, Y1
	VPADDB Y4, Y2, Y2
	VPADDB Y4, Y3, Y3
	ADDQ $128, DI
	SUBQ $128, CX
	JG block
last:
	MOVQ 16(R12), AX
	MOVQ AX, X9
	VPBROADCASTB X9, Y9
	VPADDB Y10, Y9, Y0
	VPADDB Y11, Y9, Y1
	VPADDB Y12, Y9, Y2
	VPADDB Y13, Y9, Y3
	LEAQ -128(R8)(R11*1), DI
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ R10, R8
	ADDQ $24, R12
	DECQ R9
	JNZ row
done:
	VZEROUPPER
	RET

// func rowsAddW(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)
TEXT ·rowsAddW(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), R8
	MOVQ rows+8(FP), R9
	MOVQ pitch+16(FP), R10
	MOVQ rowBytes+24(FP), R11
	MOVQ base+32(FP), SI
	MOVQ firsts+40(FP), R12
	MOVQ inc+48(FP), DX
	VMOVDQU (DX), Y4
	VMOVDQU 0(SI), Y10
	VMOVDQU 32(SI), Y11
	VMOVDQU 64(SI), Y12
	VMOVDQU 96(SI), Y13
	TESTQ R9, R9
	JZ done
row:
	MOVQ R8, BX
	NEGQ BX
	ANDQ $31, BX // bytes to the first aligned one
	JZ aligned
	MOVQ 0(R12), AX
	MOVQ AX, X9
	VPBROADCASTW X9, Y9
	VPADDW Y10, Y9, Y0
	VPADDW Y11, Y9, Y1
	VPADDW Y12, Y9, Y2
	VPADDW Y13, Y9, Y3
	VMOVDQU Y0, 0(R8)
	VMOVDQU Y1, 32(R8)
	VMOVDQU Y2, 64(R8)
	VMOVDQU Y3, 96(R8)
aligned:
	MOVQ 8(R12), AX
	MOVQ AX, X9
	VPBROADCASTW X9, Y9
	VPADDW Y10, Y9, Y0
	VPADDW Y11, Y9, Y1
	VPADDW Y12, Y9, Y2
	VPADDW Y13, Y9, Y3
	LEAQ (R8)(BX*1), DI
	MOVQ R11, CX
	SUBQ BX, CX
	SUBQ $128, CX
	JLE last
block:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDW Y4, Y0, Y0
	VPADDW Y4, Y1, Y1
	VPADDW Y4, Y2, Y2
	VPADDW Y4, Y3, Y3
	ADDQ $128, DI
	SUBQ $128, CX
	JG block
last:
	MOVQ 16(R12), AX
	MOVQ AX, X9
	VPBROADCASTW X9, Y9
	VPADDW Y10, Y9, Y0
	VPADDW Y11, Y9, Y1
	VPADDW Y12, Y9, Y2
	VPADDW Y13, Y9, Y3
	LEAQ -128(R8)(R11*1), DI
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ R10, R8
	ADDQ $24, R12
	DECQ R9
	JNZ row
done:
	VZEROUPPER
	RET

// func rowsAddD(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)
TEXT ·rowsAddD(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), R8
	MOVQ rows+8(FP), R9
	MOVQ pitch+16(FP), R10
	MOVQ rowBytes+24(FP), R11
	MOVQ base+32(FP), SI
	MOVQ firsts+40(FP), R12
	MOVQ inc+48(FP), DX
	VMOVDQU (DX), Y4
	VMOVDQU 0(SI), Y10
	VMOVDQU 32(SI), Y11
	VMOVDQU 64(SI), Y12
	VMOVDQU 96(SI), Y13
	TESTQ R9, R9
	JZ done
row:
	MOVQ R8, BX
	NEGQ BX
	ANDQ $31, BX // bytes to the first aligned one
	JZ aligned
	MOVQ 0(R12), AX
	MOVQ AX, X9
	VPBROADCASTD X9, Y9
	VPADDD Y10, Y9, Y0
	VPADDD Y11, Y9, Y1
	VPADDD Y12, Y9, Y2
	VPADDD Y13, Y9, Y3
	VMOVDQU Y0, 0(R8)
	VMOVDQU Y1, 32(R8)
	VMOVDQU Y2, 64(R8)
	VMOVDQU Y3, 96(R8)
aligned:
	MOVQ 8(R12), AX
	MOVQ AX, X9
	VPBROADCASTD X9, Y9
	VPADDD Y10, Y9, Y0
	VPADDD Y11, Y9, Y1
	VPADDD Y12, Y9, Y2
	VPADDD Y13, Y9, Y3
	LEAQ (R8)(BX*1), DI
	MOVQ R11, CX
	SUBQ BX, CX
	SUBQ $128, CX
	JLE last
block:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDD Y4, Y0, Y0
	VPADDD Y4, Y1, Y1
	VPADDD Y4, Y2, Y2
	VPADDD Y4, Y3, Y3
	ADDQ $128, DI
	SUBQ $128, CX
	JG block
last:
	MOVQ 16(R12), AX
	MOVQ AX, X9
	VPBROADCASTD X9, Y9
	VPADDD Y10, Y9, Y0
	VPADDD Y11, Y9, Y1
	VPADDD Y12, Y9, Y2
	VPADDD Y13, Y9, Y3
	LEAQ -128(R8)(R11*1), DI
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ R10, R8
	ADDQ $24, R12
	DECQ R9
	JNZ row
done:
	VZEROUPPER
	RET

// func rowsAddQ(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)
TEXT ·rowsAddQ(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), R8
	MOVQ rows+8(FP), R9
	MOVQ pitch+16(FP), R10
	MOVQ rowBytes+24(FP), R11
	MOVQ base+32(FP), SI
	MOVQ firsts+40(FP), R12
	MOVQ inc+48(FP), DX
	VMOVDQU (DX), Y4
	VMOVDQU 0(SI), Y10
	VMOVDQU 32(SI), Y11
	VMOVDQU 64(SI), Y12
	VMOVDQU 96(SI), Y13
	TESTQ R9, R9
	JZ done
row:
	MOVQ R8, BX
	NEGQ BX
	ANDQ $31, BX // bytes to the first aligned one
	JZ aligned
	MOVQ 0(R12), AX
	MOVQ AX, X9
	VPBROADCASTQ X9, Y9
	VPADDQ Y10, Y9, Y0
	VPADDQ Y11, Y9, Y1
	VPADDQ Y12, Y9, Y2
	VPADDQ Y13, Y9, Y3
	VMOVDQU Y0, 0(R8)
	VMOVDQU Y1, 32(R8)
	VMOVDQU Y2, 64(R8)
	VMOVDQU Y3, 96(R8)
aligned:
	MOVQ 8(R12), AX
	MOVQ AX, X9
	VPBROADCASTQ X9, Y9
	VPADDQ Y10, Y9, Y0
	VPADDQ Y11, Y9, Y1
	VPADDQ Y12, Y9, Y2
	VPADDQ Y13, Y9, Y3
	LEAQ (R8)(BX*1), DI
	MOVQ R11, CX
	SUBQ BX, CX
	SUBQ $128, CX
	JLE last
block:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDQ Y4, Y0, Y0
	VPADDQ Y4, Y1, Y1
	VPADDQ Y4, Y2, Y2
	VPADDQ Y4, Y3, Y3
	ADDQ $128, DI
	SUBQ $128, CX
	JG block
last:
	MOVQ 16(R12), AX
	MOVQ AX, X9
	VPBROADCASTQ X9, Y9
	VPADDQ Y10, Y9, Y0
	VPADDQ Y11, Y9, Y1
	VPADDQ Y12, Y9, Y2
	VPADDQ Y13, Y9, Y3
	LEAQ -128(R8)(R11*1), DI
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ R10, R8
	ADDQ $24, R12
	DECQ R9
	JNZ row
done:
	VZEROUPPER
	RET

// func rowsAddS(dst *byte, rows, pitch, rowBytes int, base *[128]byte, firsts *uint64, inc *[32]byte)
TEXT ·rowsAddS(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), R8
	MOVQ rows+8(FP), R9
	MOVQ pitch+16(FP), R10
	MOVQ rowBytes+24(FP), R11
	MOVQ base+32(FP), SI
	MOVQ firsts+40(FP), R12
	MOVQ inc+48(FP), DX
	VMOVDQU (DX), Y4
	VMOVDQU 0(SI), Y10
	VMOVDQU 32(SI), Y11
	VMOVDQU 64(SI), Y12
	VMOVDQU 96(SI), Y13
	TESTQ R9, R9
	JZ done
row:
	MOVQ R8, BX
	NEGQ BX
	ANDQ $31, BX // bytes to the first aligned one
	JZ aligned
	MOVQ 0(R12), AX
	MOVQ AX, X9
	VPBROADCASTD X9, Y9
	VADDPS Y10, Y9, Y0
	VADDPS Y11, Y9, Y1
	VADDPS Y12, Y9, Y2
	VADDPS Y13, Y9, Y3
	VMOVDQU Y0, 0(R8)
	VMOVDQU Y1, 32(R8)
	VMOVDQU Y2, 64(R8)
	VMOVDQU Y3, 96(R8)
aligned:
	MOVQ 8(R12), AX
	MOVQ AX, X9
	VPBROADCASTD X9, Y9
	VADDPS Y10, Y9, Y0
	VADDPS Y11, Y9, Y1
	VADDPS Y12, Y9, Y2
	VADDPS Y13, Y9, Y3
	LEAQ (R8)(BX*1), DI
	MOVQ R11, CX
	SUBQ BX, CX
	SUBQ $128, CX
	JLE last
block:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VADDPS Y4, Y0, Y0
	VADDPS Y4, Y1, Y1
	VADDPS Y4, Y2, Y2
	VADDPS Y4, Y3, Y3
	ADDQ $128, DI
	SUBQ $128, CX
	JG block
last:
	MOVQ 16(R12), AX
	MOVQ AX, X9
	VPBROADCASTD X9, Y9
	VADDPS Y10, Y9, Y0
	VADDPS Y11, Y9, Y1
	VADDPS Y12, Y9, Y2
	VADDPS Y13, Y9, Y3
	LEAQ -128(R8)(R11*1), DI
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ R10, R8
	ADDQ $24, R12
	DECQ R9
	JNZ row
done:
	VZEROUPPER
	RET

// func rowsF16x(dst *byte, rows, pitch, rowBytes int, base *[32]float32, firsts *uint64, inc *[8]float32)
// Rows of float16 from exact float32 lanes (see cvtStoreF16x), with AVX-512:
// blocks of 64 bytes; firsts hold float32 bits.
TEXT ·rowsF16x(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), R8
	MOVQ rows+8(FP), R9
	MOVQ pitch+16(FP), R10
	MOVQ rowBytes+24(FP), R11
	MOVQ base+32(FP), SI
	MOVQ firsts+40(FP), R12
	MOVQ inc+48(FP), DX
	VBROADCASTSS (DX), Z4
	VMOVUPS 0(SI), Z10
	VMOVUPS 64(SI), Z11
	TESTQ R9, R9
	JZ done
row:
	MOVQ R8, BX
	NEGQ BX
	ANDQ $31, BX // bytes to the first aligned one
	JZ aligned
	MOVQ 0(R12), AX
	VPBROADCASTD AX, Z9
	VADDPS Z10, Z9, Z0
	VADDPS Z11, Z9, Z1
	VCVTPS2PH $0, Z0, Y5
	VCVTPS2PH $0, Z1, Y6
	VMOVDQU Y5, 0(R8)
	VMOVDQU Y6, 32(R8)
aligned:
	MOVQ 8(R12), AX
	VPBROADCASTD AX, Z9
	VADDPS Z10, Z9, Z0
	VADDPS Z11, Z9, Z1
	LEAQ (R8)(BX*1), DI
	MOVQ R11, CX
	SUBQ BX, CX
	SUBQ $64, CX
	JLE last
block:
	VCVTPS2PH $0, Z0, Y5
	VCVTPS2PH $0, Z1, Y6
	VMOVDQU Y5, 0(DI)
	VMOVDQU Y6, 32(DI)
	VADDPS Z4, Z0, Z0
	VADDPS Z4, Z1, Z1
	ADDQ $64, DI
	SUBQ $64, CX
	JG block
last:
	MOVQ 16(R12), AX
	VPBROADCASTD AX, Z9
	VADDPS Z10, Z9, Z0
	VADDPS Z11, Z9, Z1
	LEAQ -64(R8)(R11*1), DI
	VCVTPS2PH $0, Z0, Y5
	VCVTPS2PH $0, Z1, Y6
	VMOVDQU Y5, 0(DI)
	VMOVDQU Y6, 32(DI)
	ADDQ R10, R8
	ADDQ $24, R12
	DECQ R9
	JNZ row
done:
	VZEROUPPER
	RET
