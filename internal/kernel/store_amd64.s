//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// The store loops of the write ceiling (WritePattern). STORES writes blocks
// of 128 bytes of a 32-byte pattern with store, then fence, as the macros
// of lanes_amd64.h say.
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

// STOREROWS writes the whole 64-byte lines within each of rows rows of
// rowBytes at dst, dst + pitch, ... with store (the 32-byte pattern), after
// ahead (AHEAD or NOAHEAD) for each line, then fence once: the measured
// verdicts' stores (see verdict), which never reach past a row (a prefetch
// past it writes nothing).
#define STOREROWS(store, fence, ahead) \
	MOVQ dst+0(FP), R8 \
	MOVQ rows+8(FP), R9 \
	MOVQ pitch+16(FP), R10 \
	MOVQ rowBytes+24(FP), R11 \
	MOVQ pattern+32(FP), SI \
	VMOVDQU (SI), Y0 \
	TESTQ R9, R9 \
	JZ done \
row: \
	LEAQ 63(R8), DI \
	ANDQ $-64, DI \
	LEAQ (R8)(R11*1), CX \
	ANDQ $-64, CX \
	SUBQ DI, CX \
	JLE next \
	SHRQ $6, CX \
line: \
	ahead(0) \
	store Y0, 0(DI) \
	store Y0, 32(DI) \
	ADDQ $64, DI \
	DECQ CX \
	JNZ line \
next: \
	ADDQ R10, R8 \
	DECQ R9 \
	JNZ row \
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

// func storeRowsAVX2(dst *byte, rows, pitch, rowBytes int, pattern *[32]byte)
TEXT ·storeRowsAVX2(SB), NOSPLIT, $0-40
	STOREROWS(VMOVDQU, NOFENCE, NOAHEAD)

// func storeRowsAVX2NT(dst *byte, rows, pitch, rowBytes int, pattern *[32]byte)
TEXT ·storeRowsAVX2NT(SB), NOSPLIT, $0-40
	STOREROWS(VMOVNTDQ, SFENCE, NOAHEAD)

// func storeRowsAVX2A(dst *byte, rows, pitch, rowBytes int, pattern *[32]byte)
// storeRowsAVX2 fetching each line 1024 bytes ahead of its stores (AHEAD).
TEXT ·storeRowsAVX2A(SB), NOSPLIT, $0-40
	STOREROWS(VMOVDQU, NOFENCE, AHEAD)
