//go:build amd64 && !purego

#include "textflag.h"

// The add kernels (see the package doc: methods words, f32 and rows). Each
// writes blocks of 128 bytes at dst: its four vectors start as base (the
// offsets 0, d, 2d, ... of the lanes) plus first (one value in every lane),
// and inc (the step of a whole block in every lane) is added to each after
// every block. Lane-wise integer additions wrap exactly as the sequence
// does; float32 additions are exact where the planner picks them. The NT
// forms use non-temporal stores and need dst 32-byte aligned. Go twins:
// twins.go.
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
