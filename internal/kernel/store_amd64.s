//go:build amd64 && !purego

#include "textflag.h"

// The store loops of the write ceiling (WritePattern). STORES writes blocks
// of 128 bytes of a 32-byte pattern with store, then fence, as the macros
// of add_amd64.s.
#define NOFENCE

#define STORES(store, fence) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ pattern+16(FP), SI \
	VMOVDQU (SI), Y0 \
	TESTQ CX, CX \
	JZ done \
loop: \
	store Y0, 0(DI) \
	store Y0, 32(DI) \
	store Y0, 64(DI) \
	store Y0, 96(DI) \
	ADDQ $128, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// func storeRepStosq(dst *byte, words int, pattern uint64)
TEXT ·storeRepStosq(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ words+8(FP), CX
	MOVQ pattern+16(FP), AX
	CLD
	REP; STOSQ
	RET

// func copyRepMovsb(dst, src *byte, n int)
// n bytes from src to dst, forward (as byte by byte: dst past src may
// overlap it, and then repeats it every dst - src bytes).
TEXT ·copyRepMovsb(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	CLD
	REP; MOVSB
	RET

// func storeAVX2(dst *byte, blocks int, pattern *[32]byte)
// Regular 32-byte stores, 128 bytes a block.
TEXT ·storeAVX2(SB), NOSPLIT, $0-24
	STORES(VMOVDQU, NOFENCE)

// func storeAVX2NT(dst *byte, blocks int, pattern *[32]byte)
// Non-temporal 32-byte stores, 128 bytes a block; dst 32-byte aligned.
TEXT ·storeAVX2NT(SB), NOSPLIT, $0-24
	STORES(VMOVNTDQ, SFENCE)
