//go:build amd64 && !purego

// The line stores of the layout writers (lines_amd64.go): a 64-byte line
// at a time under a byte mask, whole lines with a regular or a
// non-temporal store. Written by hand; its Go twin is storeLinesGo.

#include "textflag.h"

// func storeLines512(dst uintptr, lines int, masks *uint64, period int, pattern *[64]byte)
TEXT ·storeLines512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ lines+8(FP), CX
	MOVQ masks+16(FP), SI
	MOVQ period+24(FP), R8
	MOVQ pattern+32(FP), AX
	VMOVDQU64 (AX), Z0
	XORQ DX, DX
	TESTQ CX, CX
	JZ done
loop:
	MOVQ (SI)(DX*8), BX
	INCQ DX
	CMPQ DX, R8
	JNE masked
	XORQ DX, DX
masked:
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

// func storeLines512NT(dst uintptr, lines int, masks *uint64, period int, pattern *[64]byte)
TEXT ·storeLines512NT(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ lines+8(FP), CX
	MOVQ masks+16(FP), SI
	MOVQ period+24(FP), R8
	MOVQ pattern+32(FP), AX
	VMOVDQU64 (AX), Z0
	XORQ DX, DX
	TESTQ CX, CX
	JZ done
loop:
	MOVQ (SI)(DX*8), BX
	INCQ DX
	CMPQ DX, R8
	JNE masked
	XORQ DX, DX
masked:
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
