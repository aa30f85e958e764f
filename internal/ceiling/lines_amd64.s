//go:build amd64 && !purego

// The line stores of the layout writers (lines_amd64.go): a 64-byte line
// at a time under a byte mask, none where the mask is 0, whole lines with
// a regular or a non-temporal store; the lines, or the partial ones,
// fetched 1024 bytes (16 lines) ahead of the stores in the forms that say
// so. Written by hand; their Go twin is storeLinesGo.

#include "textflag.h"

// func storeLines512(dst uintptr, lines int, masks *uint64, period, ahead int, pattern *[64]byte)
// Regular stores.
TEXT ·storeLines512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ lines+8(FP), CX
	MOVQ masks+16(FP), SI
	MOVQ period+24(FP), R8
	MOVQ ahead+32(FP), R9
	MOVQ pattern+40(FP), AX
	VMOVDQU64 (AX), Z0
	XORQ DX, DX
	TESTQ CX, CX
	JZ done
loop:
	MOVQ (SI)(DX*8), BX
	INCQ DX
	CMPQ DX, R8
	JNE store
	XORQ DX, DX
store:
	TESTQ BX, BX
	JZ next
	CMPQ BX, $-1
	JEQ whole
	KMOVQ BX, K1
	VMOVDQU8 Z0, K1, (DI)
	JMP next
whole:
	VMOVDQU64 Z0, (DI)
next:
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func storeLines512A(dst uintptr, lines int, masks *uint64, period, ahead int, pattern *[64]byte)
// Regular stores, every line fetched 16 lines ahead.
TEXT ·storeLines512A(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ lines+8(FP), CX
	MOVQ masks+16(FP), SI
	MOVQ period+24(FP), R8
	MOVQ ahead+32(FP), R9
	MOVQ pattern+40(FP), AX
	VMOVDQU64 (AX), Z0
	XORQ DX, DX
	TESTQ CX, CX
	JZ done
loop:
	PREFETCHT0 1024(DI)
	MOVQ (SI)(DX*8), BX
	INCQ DX
	CMPQ DX, R8
	JNE store
	XORQ DX, DX
store:
	TESTQ BX, BX
	JZ next
	CMPQ BX, $-1
	JEQ whole
	KMOVQ BX, K1
	VMOVDQU8 Z0, K1, (DI)
	JMP next
whole:
	VMOVDQU64 Z0, (DI)
next:
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func storeLines512NT(dst uintptr, lines int, masks *uint64, period, ahead int, pattern *[64]byte)
// Whole lines non-temporal, the partial ones fetched 16 lines ahead (masks[ahead] is line 16's).
TEXT ·storeLines512NT(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ lines+8(FP), CX
	MOVQ masks+16(FP), SI
	MOVQ period+24(FP), R8
	MOVQ ahead+32(FP), R9
	MOVQ pattern+40(FP), AX
	VMOVDQU64 (AX), Z0
	XORQ DX, DX
	TESTQ CX, CX
	JZ done
loop:
	MOVQ (SI)(R9*8), R10
	INCQ R9
	CMPQ R9, R8
	JNE fetch
	XORQ R9, R9
fetch:
	TESTQ R10, R10
	JZ mask
	CMPQ R10, $-1
	JEQ mask
	PREFETCHT0 1024(DI)
mask:
	MOVQ (SI)(DX*8), BX
	INCQ DX
	CMPQ DX, R8
	JNE store
	XORQ DX, DX
store:
	TESTQ BX, BX
	JZ next
	CMPQ BX, $-1
	JEQ whole
	KMOVQ BX, K1
	VMOVDQU8 Z0, K1, (DI)
	JMP next
whole:
	VMOVNTDQ Z0, (DI)
next:
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET
