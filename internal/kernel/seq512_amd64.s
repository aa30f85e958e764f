//go:build amd64 && !purego

#include "textflag.h"

// AVX-512 forms of the converting kernels of seq_amd64.s: the same
// arguments, blocks and results, twice the lanes a conversion; macros for
// both store kinds as there (store, fence).
#define NOFENCE

#define CVTSTOREF32X(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ inc+32(FP), DX \
	VPBROADCASTQ AX, Z9 \
	VMOVUPD 0(SI), Z0 \
	VMOVUPD 64(SI), Z1 \
	VADDPD Z9, Z0, Z0 \
	VADDPD Z9, Z1, Z1 \
	VBROADCASTSD (DX), Z4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	VCVTPD2PS Z0, Y5 \
	VCVTPD2PS Z1, Y6 \
	store Y5, 0(DI) \
	store Y6, 32(DI) \
	VADDPD Z4, Z0, Z0 \
	VADDPD Z4, Z1, Z1 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// float64 to float32 toward zero, with the lowest bit set where any of the
// 29 bits cut was set (round to odd), then F16C to nearest even.
#define CVTSTOREF16ODDX(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ inc+32(FP), DX \
	VPBROADCASTQ AX, Z9 \
	VMOVUPD 0(SI), Z0 \
	VMOVUPD 64(SI), Z1 \
	VADDPD Z9, Z0, Z0 \
	VADDPD Z9, Z1, Z1 \
	VBROADCASTSD (DX), Z4 \
	MOVQ $0x1FFFFFFF, AX \
	VPBROADCASTQ AX, Z10 \
	MOVL $1, AX \
	VPBROADCASTD AX, Y11 \
	TESTQ CX, CX \
	JZ done \
loop: \
	VPTESTMQ Z10, Z0, K1 \
	VPTESTMQ Z10, Z1, K2 \
	VCVTPD2PS.RZ_SAE Z0, Y5 \
	VCVTPD2PS.RZ_SAE Z1, Y6 \
	VPORD Y11, Y5, K1, Y5 \
	VPORD Y11, Y6, K2, Y6 \
	VINSERTF32X8 $1, Y6, Z5, Z5 \
	VCVTPS2PH $0, Z5, Y5 \
	store Y5, 0(DI) \
	VADDPD Z4, Z0, Z0 \
	VADDPD Z4, Z1, Z1 \
	ADDQ $32, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// float16 from integer lanes within one binade (or the subnormals) of one
// sign, with integer operations only. Each lane holds a magnitude m, biased
// by half a unit of the last place: kb = m + 2^(shift-1). kb >> shift is m
// rounded to nearest with ties up; where ties can occur (ties != 0), ties go
// to even instead: q = q1 & (q0 | ^1), with q1 = kb >> shift and q0 =
// (kb-1) >> shift, which differ exactly at ties, by one, and one of them is
// even. The float16 bits are then c + q (c: sign and exponent; a q that
// rounds up to the next binade carries into the exponent, as it should).
// The lanes are in the order VPACKUSDW needs to put the 32 results of a
// block in order (base: see packOrder); each block writes 64 bytes.
#define F16BINX(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VPBROADCASTD AX, Z9 \
	VMOVDQU32 0(SI), Z0 \
	VMOVDQU32 64(SI), Z1 \
	VPADDD Z9, Z0, Z0 \
	VPADDD Z9, Z1, Z1 \
	MOVQ inc+32(FP), AX \
	VPBROADCASTD AX, Z4 \
	MOVQ shift+40(FP), AX \
	MOVQ AX, X13 \
	MOVQ c+48(FP), AX \
	VPBROADCASTW AX, Z12 \
	MOVQ ties+56(FP), AX \
	TESTQ CX, CX \
	JZ done \
	TESTQ AX, AX \
	JNZ ties \
loop: \
	VPSRLD X13, Z0, Z5 \
	VPSRLD X13, Z1, Z6 \
	VPACKUSDW Z6, Z5, Z5 \
	VPADDW Z12, Z5, Z5 \
	store Z5, 0(DI) \
	VPADDD Z4, Z0, Z0 \
	VPADDD Z4, Z1, Z1 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
	JMP done \
ties: \
	VPTERNLOGD $0xFF, Z11, Z11, Z11 \
	VPSLLD $1, Z11, Z14 \
tloop: \
	VPSRLD X13, Z0, Z5 \
	VPSRLD X13, Z1, Z6 \
	VPADDD Z11, Z0, Z7 \
	VPADDD Z11, Z1, Z8 \
	VPSRLD X13, Z7, Z7 \
	VPSRLD X13, Z8, Z8 \
	VPTERNLOGD $0xE0, Z14, Z7, Z5 \
	VPTERNLOGD $0xE0, Z14, Z8, Z6 \
	VPACKUSDW Z6, Z5, Z5 \
	VPADDW Z12, Z5, Z5 \
	store Z5, 0(DI) \
	VPADDD Z4, Z0, Z0 \
	VPADDD Z4, Z1, Z1 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ tloop \
done: \
	fence \
	VZEROUPPER \
	RET

// func cvtStoreF32x(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF32x(SB), NOSPLIT, $0-40
	CVTSTOREF32X(VMOVUPS, NOFENCE)

// func cvtStoreF32xNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF32x with streaming stores.
TEXT ·cvtStoreF32xNT(SB), NOSPLIT, $0-40
	CVTSTOREF32X(VMOVNTPS, SFENCE)

// func cvtStoreF16x(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
TEXT ·cvtStoreF16x(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	VPBROADCASTD AX, Z9
	VMOVUPS 0(SI), Z0
	VMOVUPS 64(SI), Z1
	VADDPS Z9, Z0, Z0
	VADDPS Z9, Z1, Z1
	VBROADCASTSS (DX), Z4
	CMPQ CX, $4
	JB one
	// Four blocks a step, in four pairs of lanes each advanced by four
	// blocks: the additions' latency no longer sets the pace.
	VADDPS Z4, Z4, Z13
	VADDPS Z13, Z13, Z14
	VADDPS Z4, Z0, Z2
	VADDPS Z4, Z1, Z3
	VADDPS Z13, Z0, Z15
	VADDPS Z13, Z1, Z16
	VADDPS Z4, Z15, Z17
	VADDPS Z4, Z16, Z18
four:
	VCVTPS2PH $0, Z0, 0(DI)
	VCVTPS2PH $0, Z1, 32(DI)
	VCVTPS2PH $0, Z2, 64(DI)
	VCVTPS2PH $0, Z3, 96(DI)
	VCVTPS2PH $0, Z15, 128(DI)
	VCVTPS2PH $0, Z16, 160(DI)
	VCVTPS2PH $0, Z17, 192(DI)
	VCVTPS2PH $0, Z18, 224(DI)
	VADDPS Z14, Z0, Z0
	VADDPS Z14, Z1, Z1
	VADDPS Z14, Z2, Z2
	VADDPS Z14, Z3, Z3
	VADDPS Z14, Z15, Z15
	VADDPS Z14, Z16, Z16
	VADDPS Z14, Z17, Z17
	VADDPS Z14, Z18, Z18
	ADDQ $256, DI
	SUBQ $4, CX
	CMPQ CX, $4
	JAE four
one:
	TESTQ CX, CX
	JZ done
loop:
	VCVTPS2PH $0, Z0, 0(DI)
	VCVTPS2PH $0, Z1, 32(DI)
	VADDPS Z4, Z0, Z0
	VADDPS Z4, Z1, Z1
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func cvtStoreF16xNT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
TEXT ·cvtStoreF16xNT(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	VPBROADCASTD AX, Z9
	VMOVUPS 0(SI), Z0
	VMOVUPS 64(SI), Z1
	VADDPS Z9, Z0, Z0
	VADDPS Z9, Z1, Z1
	VBROADCASTSS (DX), Z4
	TESTQ CX, CX
	JZ done
loop:
	VCVTPS2PH $0, Z0, Y5
	VCVTPS2PH $0, Z1, Y6
	VMOVNTDQ Y5, 0(DI)
	VMOVNTDQ Y6, 32(DI)
	VADDPS Z4, Z0, Z0
	VADDPS Z4, Z1, Z1
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

// func cvtStoreF16Oddx(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF16Oddx(SB), NOSPLIT, $0-40
	CVTSTOREF16ODDX(VMOVDQU, NOFENCE)

// func cvtStoreF16OddxNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF16Oddx with streaming stores.
TEXT ·cvtStoreF16OddxNT(SB), NOSPLIT, $0-40
	CVTSTOREF16ODDX(VMOVNTDQ, SFENCE)

// func f16Binx(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
TEXT ·f16Binx(SB), NOSPLIT, $0-64
	F16BINX(VMOVDQU64, NOFENCE)

// func f16BinxNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
// f16Binx with streaming stores.
TEXT ·f16BinxNT(SB), NOSPLIT, $0-64
	F16BINX(VMOVNTDQ, SFENCE)
