//go:build amd64 && !purego

#include "textflag.h"

// Sequence kernels. Each writes blocks*128 bytes at dst from four 32-byte
// vectors of consecutive elements at v, adding the vector inc to each of them
// after every block: lane-wise integer additions wrap exactly as the
// sequence does, and float additions are exact where the caller uses them
// (every value a multiple of the step's unit below 2^24 units for float32,
// 2^53 for float64). The NT variants use non-temporal stores and need dst
// 32-byte aligned.

// func addStoreB(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreB(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDB Y4, Y0, Y0
	VPADDB Y4, Y1, Y1
	VPADDB Y4, Y2, Y2
	VPADDB Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func addStoreBNT(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreBNT(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVNTDQ Y0, 0(DI)
	VMOVNTDQ Y1, 32(DI)
	VMOVNTDQ Y2, 64(DI)
	VMOVNTDQ Y3, 96(DI)
	VPADDB Y4, Y0, Y0
	VPADDB Y4, Y1, Y1
	VPADDB Y4, Y2, Y2
	VPADDB Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

// func addStoreW(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreW(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDW Y4, Y0, Y0
	VPADDW Y4, Y1, Y1
	VPADDW Y4, Y2, Y2
	VPADDW Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func addStoreWNT(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreWNT(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVNTDQ Y0, 0(DI)
	VMOVNTDQ Y1, 32(DI)
	VMOVNTDQ Y2, 64(DI)
	VMOVNTDQ Y3, 96(DI)
	VPADDW Y4, Y0, Y0
	VPADDW Y4, Y1, Y1
	VPADDW Y4, Y2, Y2
	VPADDW Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

// func addStoreD(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreD(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDD Y4, Y0, Y0
	VPADDD Y4, Y1, Y1
	VPADDD Y4, Y2, Y2
	VPADDD Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func addStoreDNT(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreDNT(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVNTDQ Y0, 0(DI)
	VMOVNTDQ Y1, 32(DI)
	VMOVNTDQ Y2, 64(DI)
	VMOVNTDQ Y3, 96(DI)
	VPADDD Y4, Y0, Y0
	VPADDD Y4, Y1, Y1
	VPADDD Y4, Y2, Y2
	VPADDD Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

// func addStoreQ(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreQ(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VPADDQ Y4, Y0, Y0
	VPADDQ Y4, Y1, Y1
	VPADDQ Y4, Y2, Y2
	VPADDQ Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func addStoreQNT(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreQNT(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVNTDQ Y0, 0(DI)
	VMOVNTDQ Y1, 32(DI)
	VMOVNTDQ Y2, 64(DI)
	VMOVNTDQ Y3, 96(DI)
	VPADDQ Y4, Y0, Y0
	VPADDQ Y4, Y1, Y1
	VPADDQ Y4, Y2, Y2
	VPADDQ Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

// func addStoreS(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreS(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VADDPS Y4, Y0, Y0
	VADDPS Y4, Y1, Y1
	VADDPS Y4, Y2, Y2
	VADDPS Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func addStoreSNT(dst *byte, blocks int, v *[128]byte, inc *[32]byte)
TEXT ·addStoreSNT(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ v+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VMOVNTDQ Y0, 0(DI)
	VMOVNTDQ Y1, 32(DI)
	VMOVNTDQ Y2, 64(DI)
	VMOVNTDQ Y3, 96(DI)
	VADDPS Y4, Y0, Y0
	VADDPS Y4, Y1, Y1
	VADDPS Y4, Y2, Y2
	VADDPS Y4, Y3, Y3
	ADDQ $128, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

// func cvtStoreF32(dst *byte, blocks int, x *[16]float64, inc *[32]byte)
// Converts float64 to float32 (rounding once, to nearest even): x holds 16
// consecutive values; each block writes 16 float32 (64 bytes) and adds inc
// (4 lanes of 16*delta) to every x.
TEXT ·cvtStoreF32(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ x+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVUPD 0(SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVUPD 64(SI), Y2
	VMOVUPD 96(SI), Y3
	VMOVUPD (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VCVTPD2PSY Y0, X5
	VCVTPD2PSY Y1, X6
	VCVTPD2PSY Y2, X7
	VCVTPD2PSY Y3, X8
	VINSERTF128 $1, X6, Y5, Y5
	VINSERTF128 $1, X8, Y7, Y7
	VMOVUPS Y5, 0(DI)
	VMOVUPS Y7, 32(DI)
	VADDPD Y4, Y0, Y0
	VADDPD Y4, Y1, Y1
	VADDPD Y4, Y2, Y2
	VADDPD Y4, Y3, Y3
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func cvtStoreF32NT(dst *byte, blocks int, x *[16]float64, inc *[32]byte)
// Converts float64 to float32 (rounding once, to nearest even): x holds 16
// consecutive values; each block writes 16 float32 (64 bytes) and adds inc
// (4 lanes of 16*delta) to every x.
TEXT ·cvtStoreF32NT(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ x+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVUPD 0(SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVUPD 64(SI), Y2
	VMOVUPD 96(SI), Y3
	VMOVUPD (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VCVTPD2PSY Y0, X5
	VCVTPD2PSY Y1, X6
	VCVTPD2PSY Y2, X7
	VCVTPD2PSY Y3, X8
	VINSERTF128 $1, X6, Y5, Y5
	VINSERTF128 $1, X8, Y7, Y7
	VMOVNTPS Y5, 0(DI)
	VMOVNTPS Y7, 32(DI)
	VADDPD Y4, Y0, Y0
	VADDPD Y4, Y1, Y1
	VADDPD Y4, Y2, Y2
	VADDPD Y4, Y3, Y3
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

// func cvtStoreF16(dst *byte, blocks int, x *[32]float32, inc *[32]byte)
// Converts exact float32 values to float16 with F16C (rounding once, to
// nearest even): x holds 32 consecutive values; each block writes 32 float16
// (64 bytes) and adds inc (8 lanes of 32*delta) to every x.
TEXT ·cvtStoreF16(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ x+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VMOVUPS (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VCVTPS2PH $0, Y0, X5
	VCVTPS2PH $0, Y1, X6
	VCVTPS2PH $0, Y2, X7
	VCVTPS2PH $0, Y3, X8
	VINSERTI128 $1, X6, Y5, Y5
	VINSERTI128 $1, X8, Y7, Y7
	VMOVDQU Y5, 0(DI)
	VMOVDQU Y7, 32(DI)
	VADDPS Y4, Y0, Y0
	VADDPS Y4, Y1, Y1
	VADDPS Y4, Y2, Y2
	VADDPS Y4, Y3, Y3
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET

// func cvtStoreF16NT(dst *byte, blocks int, x *[32]float32, inc *[32]byte)
// Converts exact float32 values to float16 with F16C (rounding once, to
// nearest even): x holds 32 consecutive values; each block writes 32 float16
// (64 bytes) and adds inc (8 lanes of 32*delta) to every x.
TEXT ·cvtStoreF16NT(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ blocks+8(FP), CX
	MOVQ x+16(FP), SI
	MOVQ inc+24(FP), DX
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VMOVUPS (DX), Y4
	TESTQ CX, CX
	JZ done
loop:
	VCVTPS2PH $0, Y0, X5
	VCVTPS2PH $0, Y1, X6
	VCVTPS2PH $0, Y2, X7
	VCVTPS2PH $0, Y3, X8
	VINSERTI128 $1, X6, Y5, Y5
	VINSERTI128 $1, X8, Y7, Y7
	VMOVNTDQ Y5, 0(DI)
	VMOVNTDQ Y7, 32(DI)
	VADDPS Y4, Y0, Y0
	VADDPS Y4, Y1, Y1
	VADDPS Y4, Y2, Y2
	VADDPS Y4, Y3, Y3
	ADDQ $64, DI
	DECQ CX
	JNZ loop
done:
	SFENCE
	VZEROUPPER
	RET

