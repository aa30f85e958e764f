//go:build amd64 && !purego

#include "textflag.h"

// AVX-512 forms of the converting kernels of seq_amd64.s: the same
// arguments, blocks and results, twice the lanes a conversion.

// func cvtStoreF32x(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF32x(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	VPBROADCASTQ AX, Z9
	VMOVUPD 0(SI), Z0
	VMOVUPD 64(SI), Z1
	VADDPD Z9, Z0, Z0
	VADDPD Z9, Z1, Z1
	VBROADCASTSD (DX), Z4
	TESTQ CX, CX
	JZ done
loop:
	VCVTPD2PS Z0, Y5
	VCVTPD2PS Z1, Y6
	VMOVUPS Y5, 0(DI)
	VMOVUPS Y6, 32(DI)
	VADDPD Z4, Z0, Z0
	VADDPD Z4, Z1, Z1
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func cvtStoreF32xNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF32xNT(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	VPBROADCASTQ AX, Z9
	VMOVUPD 0(SI), Z0
	VMOVUPD 64(SI), Z1
	VADDPD Z9, Z0, Z0
	VADDPD Z9, Z1, Z1
	VBROADCASTSD (DX), Z4
	TESTQ CX, CX
	JZ done
loop:
	VCVTPD2PS Z0, Y5
	VCVTPD2PS Z1, Y6
	VMOVNTPS Y5, 0(DI)
	VMOVNTPS Y6, 32(DI)
	VADDPD Z4, Z0, Z0
	VADDPD Z4, Z1, Z1
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

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
	TESTQ CX, CX
	JZ done
loop:
	VCVTPS2PH $0, Z0, Y5
	VCVTPS2PH $0, Z1, Y6
	VMOVDQU Y5, 0(DI)
	VMOVDQU Y6, 32(DI)
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
// float64 to float32 toward zero, with the lowest bit set where any of the
// 29 bits cut was set (round to odd), then F16C to nearest even.
TEXT ·cvtStoreF16Oddx(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	VPBROADCASTQ AX, Z9
	VMOVUPD 0(SI), Z0
	VMOVUPD 64(SI), Z1
	VADDPD Z9, Z0, Z0
	VADDPD Z9, Z1, Z1
	VBROADCASTSD (DX), Z4
	MOVQ $0x1FFFFFFF, AX
	VPBROADCASTQ AX, Z10
	MOVL $1, AX
	VPBROADCASTD AX, Y11
	TESTQ CX, CX
	JZ done
loop:
	VPTESTMQ Z10, Z0, K1
	VPTESTMQ Z10, Z1, K2
	VCVTPD2PS.RZ_SAE Z0, Y5
	VCVTPD2PS.RZ_SAE Z1, Y6
	VPORD Y11, Y5, K1, Y5
	VPORD Y11, Y6, K2, Y6
	VINSERTF32X8 $1, Y6, Z5, Z5
	VCVTPS2PH $0, Z5, Y5
	VMOVDQU Y5, 0(DI)
	VADDPD Z4, Z0, Z0
	VADDPD Z4, Z1, Z1
	ADDQ $32, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func cvtStoreF16OddxNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// float64 to float32 toward zero, with the lowest bit set where any of the
// 29 bits cut was set (round to odd), then F16C to nearest even.
TEXT ·cvtStoreF16OddxNT(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	VPBROADCASTQ AX, Z9
	VMOVUPD 0(SI), Z0
	VMOVUPD 64(SI), Z1
	VADDPD Z9, Z0, Z0
	VADDPD Z9, Z1, Z1
	VBROADCASTSD (DX), Z4
	MOVQ $0x1FFFFFFF, AX
	VPBROADCASTQ AX, Z10
	MOVL $1, AX
	VPBROADCASTD AX, Y11
	TESTQ CX, CX
	JZ done
loop:
	VPTESTMQ Z10, Z0, K1
	VPTESTMQ Z10, Z1, K2
	VCVTPD2PS.RZ_SAE Z0, Y5
	VCVTPD2PS.RZ_SAE Z1, Y6
	VPORD Y11, Y5, K1, Y5
	VPORD Y11, Y6, K2, Y6
	VINSERTF32X8 $1, Y6, Z5, Z5
	VCVTPS2PH $0, Z5, Y5
	VMOVNTDQ Y5, 0(DI)
	VADDPD Z4, Z0, Z0
	VADDPD Z4, Z1, Z1
	ADDQ $32, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET


// func cvtStoreF16Ix(dst *byte, blocks int, base *[32]int32, first uint64, inc uint64, scale uint64)
// Integer lanes to float16, rounding once: each lane holds k (|k| < 2^31),
// the element being k * scale (scale a power of two, as float32 bits). k is
// converted to float32 toward zero, and the lowest bit is set where that
// lost anything (round to odd: converting back differs); the scaling is
// exact; F16C then rounds to nearest even. float32 keeps 13 bits more than
// float16, so the two steps round as one. The lanes step by inc (low 32
// bits), wrapping as int32; each block writes 32 float16 (64 bytes).
TEXT ·cvtStoreF16Ix(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	MOVQ scale+40(FP), BX
	VPBROADCASTD AX, Z9
	VMOVDQU32 0(SI), Z0
	VMOVDQU32 64(SI), Z1
	VPADDD Z9, Z0, Z0
	VPADDD Z9, Z1, Z1
	VPBROADCASTD DX, Z4
	VPBROADCASTD BX, Z12
	MOVL $1, AX
	VPBROADCASTD AX, Z11
	TESTQ CX, CX
	JZ done
loop:
	VCVTDQ2PS.RZ_SAE Z0, Z5
	VCVTDQ2PS.RZ_SAE Z1, Z6
	VCVTTPS2DQ Z5, Z7
	VCVTTPS2DQ Z6, Z8
	VPCMPD $4, Z7, Z0, K1
	VPCMPD $4, Z8, Z1, K2
	VPORD Z11, Z5, K1, Z5
	VPORD Z11, Z6, K2, Z6
	VMULPS Z12, Z5, Z5
	VMULPS Z12, Z6, Z6
	VCVTPS2PH $0, Z5, Y5
	VCVTPS2PH $0, Z6, Y6
	VMOVDQU Y5, 0(DI)
	VMOVDQU Y6, 32(DI)
	VPADDD Z4, Z0, Z0
	VPADDD Z4, Z1, Z1
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func cvtStoreF16IxNT(dst *byte, blocks int, base *[32]int32, first uint64, inc uint64, scale uint64)
// cvtStoreF16Ix with streaming stores.
TEXT ·cvtStoreF16IxNT(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ base+16(FP), SI
	MOVQ first+24(FP), AX
	MOVQ inc+32(FP), DX
	MOVQ scale+40(FP), BX
	VPBROADCASTD AX, Z9
	VMOVDQU32 0(SI), Z0
	VMOVDQU32 64(SI), Z1
	VPADDD Z9, Z0, Z0
	VPADDD Z9, Z1, Z1
	VPBROADCASTD DX, Z4
	VPBROADCASTD BX, Z12
	MOVL $1, AX
	VPBROADCASTD AX, Z11
	TESTQ CX, CX
	JZ done
loop:
	VCVTDQ2PS.RZ_SAE Z0, Z5
	VCVTDQ2PS.RZ_SAE Z1, Z6
	VCVTTPS2DQ Z5, Z7
	VCVTTPS2DQ Z6, Z8
	VPCMPD $4, Z7, Z0, K1
	VPCMPD $4, Z8, Z1, K2
	VPORD Z11, Z5, K1, Z5
	VPORD Z11, Z6, K2, Z6
	VMULPS Z12, Z5, Z5
	VMULPS Z12, Z6, Z6
	VCVTPS2PH $0, Z5, Y5
	VCVTPS2PH $0, Z6, Y6
	VMOVNTDQ Y5, 0(DI)
	VMOVNTDQ Y6, 32(DI)
	VPADDD Z4, Z0, Z0
	VPADDD Z4, Z1, Z1
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET
