//go:build amd64 && !purego

#include "textflag.h"

// Sequence kernels. Each writes blocks of consecutive elements at dst: its
// four vectors start as base (the offsets 0, d, 2d, ... of the lanes) plus
// first (one value in every lane), and inc (the step of a whole block in
// every lane) is added to each after every block. Lane-wise integer
// additions wrap exactly as the sequence does; float additions are exact
// where the caller uses them (every value below 2^24 units of the step's
// resolution for float32 lanes, 2^53 for float64 lanes). The NT variants use
// non-temporal stores and need dst 32-byte aligned.
//
// Each kernel is a macro (defined before the first TEXT, where go vet does
// not read them: their FP references are checked by the tests instead),
// written out once for both store kinds: store is the store instruction,
// fence what follows the loop (SFENCE after non-temporal stores, NOFENCE
// after regular ones).
#define NOFENCE

// ADDSTORE writes blocks*128 bytes; the lanes are broadcast by bc and added
// by add.
#define ADDSTORE(bc, add, store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ AX, X5 \
	MOVQ inc+32(FP), DX \
	bc X5, Y5 \
	VMOVDQU 0(SI), Y0 \
	VMOVDQU 32(SI), Y1 \
	VMOVDQU 64(SI), Y2 \
	VMOVDQU 96(SI), Y3 \
	add Y5, Y0, Y0 \
	add Y5, Y1, Y1 \
	add Y5, Y2, Y2 \
	add Y5, Y3, Y3 \
	VMOVDQU (DX), Y4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	store Y0, 0(DI) \
	store Y1, 32(DI) \
	store Y2, 64(DI) \
	store Y3, 96(DI) \
	add Y4, Y0, Y0 \
	add Y4, Y1, Y1 \
	add Y4, Y2, Y2 \
	add Y4, Y3, Y3 \
	ADDQ $128, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// Converts float64 lanes to float32 (rounding once, to nearest even): each
// block writes 16 float32 (64 bytes).
#define CVTSTOREF32(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ AX, X9 \
	MOVQ inc+32(FP), DX \
	VPBROADCASTQ X9, Y9 \
	VMOVUPD 0(SI), Y0 \
	VMOVUPD 32(SI), Y1 \
	VMOVUPD 64(SI), Y2 \
	VMOVUPD 96(SI), Y3 \
	VADDPD Y9, Y0, Y0 \
	VADDPD Y9, Y1, Y1 \
	VADDPD Y9, Y2, Y2 \
	VADDPD Y9, Y3, Y3 \
	VMOVUPD (DX), Y4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	VCVTPD2PSY Y0, X5 \
	VCVTPD2PSY Y1, X6 \
	VCVTPD2PSY Y2, X7 \
	VCVTPD2PSY Y3, X8 \
	store X5, 0(DI) \
	store X6, 16(DI) \
	store X7, 32(DI) \
	store X8, 48(DI) \
	VADDPD Y4, Y0, Y0 \
	VADDPD Y4, Y1, Y1 \
	VADDPD Y4, Y2, Y2 \
	VADDPD Y4, Y3, Y3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// Converts exact float32 lanes to float16 with F16C (rounding once, to
// nearest even): each block writes 32 float16 (64 bytes).
#define CVTSTOREF16(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ AX, X9 \
	MOVQ inc+32(FP), DX \
	VPBROADCASTD X9, Y9 \
	VMOVUPS 0(SI), Y0 \
	VMOVUPS 32(SI), Y1 \
	VMOVUPS 64(SI), Y2 \
	VMOVUPS 96(SI), Y3 \
	VADDPS Y9, Y0, Y0 \
	VADDPS Y9, Y1, Y1 \
	VADDPS Y9, Y2, Y2 \
	VADDPS Y9, Y3, Y3 \
	VMOVUPS (DX), Y4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	VCVTPS2PH $0, Y0, X5 \
	VCVTPS2PH $0, Y1, X6 \
	VCVTPS2PH $0, Y2, X7 \
	VCVTPS2PH $0, Y3, X8 \
	store X5, 0(DI) \
	store X6, 16(DI) \
	store X7, 32(DI) \
	store X8, 48(DI) \
	VADDPS Y4, Y0, Y0 \
	VADDPS Y4, Y1, Y1 \
	VADDPS Y4, Y2, Y2 \
	VADDPS Y4, Y3, Y3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// Converts exact float64 lanes to float16, rounding once: each float64 is
// first cut to float32 toward zero with the lowest bit set if anything was
// cut (round to odd: the rounding mode is set to toward-zero for the loop
// and restored after), then F16C rounds that to nearest even. float32 keeps
// 13 bits more than float16, so the two steps round as one. Each block
// writes 16 float16 (32 bytes).
#define CVTSTOREF16ODD(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ AX, X9 \
	MOVQ inc+32(FP), DX \
	VPBROADCASTQ X9, Y9 \
	VMOVUPD 0(SI), Y0 \
	VMOVUPD 32(SI), Y1 \
	VMOVUPD 64(SI), Y2 \
	VMOVUPD 96(SI), Y3 \
	VADDPD Y9, Y0, Y0 \
	VADDPD Y9, Y1, Y1 \
	VADDPD Y9, Y2, Y2 \
	VADDPD Y9, Y3, Y3 \
	VMOVUPD (DX), Y4 \
	STMXCSR 0(SP) \
	MOVL 0(SP), BX \
	MOVL BX, 4(SP) \
	ORL $0x6000, BX \
	MOVL BX, 0(SP) \
	LDMXCSR 0(SP) \
	TESTQ CX, CX \
	JZ done \
loop: \
	VCVTPD2PSY Y0, X5 \
	VCVTPD2PSY Y1, X6 \
	VCVTPS2PD X5, Y7 \
	VCVTPS2PD X6, Y8 \
	VCMPPD $4, Y0, Y7, Y7 \
	VCMPPD $4, Y1, Y8, Y8 \
	VSHUFPS $0x88, Y8, Y7, Y7 \
	VPERMQ $0xD8, Y7, Y7 \
	VPSRLD $31, Y7, Y7 \
	VINSERTF128 $1, X6, Y5, Y5 \
	VPOR Y7, Y5, Y5 \
	VCVTPS2PH $0, Y5, X5 \
	store X5, 0(DI) \
	VCVTPD2PSY Y2, X5 \
	VCVTPD2PSY Y3, X6 \
	VCVTPS2PD X5, Y7 \
	VCVTPS2PD X6, Y8 \
	VCMPPD $4, Y2, Y7, Y7 \
	VCMPPD $4, Y3, Y8, Y8 \
	VSHUFPS $0x88, Y8, Y7, Y7 \
	VPERMQ $0xD8, Y7, Y7 \
	VPSRLD $31, Y7, Y7 \
	VINSERTF128 $1, X6, Y5, Y5 \
	VPOR Y7, Y5, Y5 \
	VCVTPS2PH $0, Y5, X5 \
	store X5, 16(DI) \
	VADDPD Y4, Y0, Y0 \
	VADDPD Y4, Y1, Y1 \
	VADDPD Y4, Y2, Y2 \
	VADDPD Y4, Y3, Y3 \
	ADDQ $32, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	MOVL 4(SP), BX \
	MOVL BX, 0(SP) \
	LDMXCSR 0(SP) \
	VZEROUPPER \
	RET

// The AVX2 form of f16Binx (seq512_amd64.s), the same arguments and
// results: two packs of 16 a block (the lanes loaded in the order that
// puts them in place).
#define F16BIN(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ AX, X9 \
	VPBROADCASTD X9, Y9 \
	VMOVDQU 0(SI), Y0 \
	VMOVDQU 64(SI), Y1 \
	VMOVDQU 32(SI), Y2 \
	VMOVDQU 96(SI), Y3 \
	VPADDD Y9, Y0, Y0 \
	VPADDD Y9, Y1, Y1 \
	VPADDD Y9, Y2, Y2 \
	VPADDD Y9, Y3, Y3 \
	MOVQ inc+32(FP), AX \
	MOVQ AX, X4 \
	VPBROADCASTD X4, Y4 \
	MOVQ shift+40(FP), AX \
	MOVQ AX, X13 \
	MOVQ c+48(FP), AX \
	MOVQ AX, X12 \
	VPBROADCASTW X12, Y12 \
	MOVQ ties+56(FP), AX \
	TESTQ CX, CX \
	JZ done \
	TESTQ AX, AX \
	JNZ ties \
loop: \
	VPSRLD X13, Y0, Y5 \
	VPSRLD X13, Y1, Y6 \
	VPACKUSDW Y6, Y5, Y5 \
	VPADDW Y12, Y5, Y5 \
	store Y5, 0(DI) \
	VPSRLD X13, Y2, Y7 \
	VPSRLD X13, Y3, Y8 \
	VPACKUSDW Y8, Y7, Y7 \
	VPADDW Y12, Y7, Y7 \
	store Y7, 32(DI) \
	VPADDD Y4, Y0, Y0 \
	VPADDD Y4, Y1, Y1 \
	VPADDD Y4, Y2, Y2 \
	VPADDD Y4, Y3, Y3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
	JMP done \
ties: \
	VPCMPEQD Y11, Y11, Y11 \
	VPSLLD $1, Y11, Y14 \
tloop: \
	VPADDD Y11, Y0, Y9 \
	VPADDD Y11, Y1, Y10 \
	VPSRLD X13, Y9, Y9 \
	VPSRLD X13, Y10, Y10 \
	VPOR Y14, Y9, Y9 \
	VPOR Y14, Y10, Y10 \
	VPSRLD X13, Y0, Y5 \
	VPSRLD X13, Y1, Y6 \
	VPAND Y9, Y5, Y5 \
	VPAND Y10, Y6, Y6 \
	VPACKUSDW Y6, Y5, Y5 \
	VPADDW Y12, Y5, Y5 \
	store Y5, 0(DI) \
	VPADDD Y11, Y2, Y9 \
	VPADDD Y11, Y3, Y10 \
	VPSRLD X13, Y9, Y9 \
	VPSRLD X13, Y10, Y10 \
	VPOR Y14, Y9, Y9 \
	VPOR Y14, Y10, Y10 \
	VPSRLD X13, Y2, Y7 \
	VPSRLD X13, Y3, Y8 \
	VPAND Y9, Y7, Y7 \
	VPAND Y10, Y8, Y8 \
	VPACKUSDW Y8, Y7, Y7 \
	VPADDW Y12, Y7, Y7 \
	store Y7, 32(DI) \
	VPADDD Y4, Y0, Y0 \
	VPADDD Y4, Y1, Y1 \
	VPADDD Y4, Y2, Y2 \
	VPADDD Y4, Y3, Y3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ tloop \
done: \
	fence \
	VZEROUPPER \
	RET

// func addStoreB(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreB(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTB, VPADDB, VMOVDQU, NOFENCE)

// func addStoreBNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreB with streaming stores.
TEXT ·addStoreBNT(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTB, VPADDB, VMOVNTDQ, SFENCE)

// func addStoreW(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreW(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTW, VPADDW, VMOVDQU, NOFENCE)

// func addStoreWNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreW with streaming stores.
TEXT ·addStoreWNT(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTW, VPADDW, VMOVNTDQ, SFENCE)

// func addStoreD(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreD(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTD, VPADDD, VMOVDQU, NOFENCE)

// func addStoreDNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreD with streaming stores.
TEXT ·addStoreDNT(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTD, VPADDD, VMOVNTDQ, SFENCE)

// func addStoreQ(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreQ(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTQ, VPADDQ, VMOVDQU, NOFENCE)

// func addStoreQNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreQ with streaming stores.
TEXT ·addStoreQNT(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTQ, VPADDQ, VMOVNTDQ, SFENCE)

// func addStoreS(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreS(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTD, VADDPS, VMOVDQU, NOFENCE)

// func addStoreSNT(dst *byte, blocks int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreS with streaming stores.
TEXT ·addStoreSNT(SB), NOSPLIT, $0-40
	ADDSTORE(VPBROADCASTD, VADDPS, VMOVNTDQ, SFENCE)

// func cvtStoreF32(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF32(SB), NOSPLIT, $0-40
	CVTSTOREF32(VMOVUPS, NOFENCE)

// func cvtStoreF32NT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF32 with streaming stores.
TEXT ·cvtStoreF32NT(SB), NOSPLIT, $0-40
	CVTSTOREF32(VMOVNTPS, SFENCE)

// func cvtStoreF16(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
TEXT ·cvtStoreF16(SB), NOSPLIT, $0-40
	CVTSTOREF16(VMOVDQU, NOFENCE)

// func cvtStoreF16NT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
// cvtStoreF16 with streaming stores.
TEXT ·cvtStoreF16NT(SB), NOSPLIT, $0-40
	CVTSTOREF16(VMOVNTDQ, SFENCE)

// func cvtStoreF16Odd(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF16Odd(SB), NOSPLIT, $8-40
	CVTSTOREF16ODD(VMOVDQU, NOFENCE)

// func cvtStoreF16OddNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF16Odd with streaming stores.
TEXT ·cvtStoreF16OddNT(SB), NOSPLIT, $8-40
	CVTSTOREF16ODD(VMOVNTDQ, SFENCE)

// func f16Bin(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
TEXT ·f16Bin(SB), NOSPLIT, $0-64
	F16BIN(VMOVDQU, NOFENCE)

// func f16BinNT(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)
// f16Bin with streaming stores.
TEXT ·f16BinNT(SB), NOSPLIT, $0-64
	F16BIN(VMOVNTDQ, SFENCE)
