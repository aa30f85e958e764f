//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// The add kernels (see the package doc: methods words, f32 and rows). Each
// writes blocks of 128 bytes at dst, stride bytes apart (128 but for the
// sets of blocks of rows-lanes): its four vectors start as base (the
// offsets 0, d, 2d, ... of the lanes) plus first (one value in every lane),
// and inc (the step of a whole block in every lane) is added to each after
// every block. Lane-wise integer additions wrap exactly as the sequence
// does; float32 additions are exact where the planner picks them. The NT
// forms use non-temporal stores and need dst 32-byte aligned. Go twins:
// twins.go.
//
// Each kernel is a macro (defined before the first TEXT, where go vet does
// not read them: their FP references are checked by the tests instead),
// written out once for the three store kinds: store is the store
// instruction, fence what follows the loop (SFENCE after non-temporal
// stores, NOFENCE after regular ones) and ahead what fetches the lines
// ahead of the stores (AHEAD in the ahead forms, suffix A; lanes_amd64.h).
#define NOFENCE

// ADDARGS loads the arguments of an add kernel: dst in DI, blocks in CX,
// base in SI, inc's address in DX, first broadcast by bc from x into y.
#define ADDARGS(bc, x, y) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VMOVQ AX, x \
	MOVQ inc+32(FP), DX \
	bc x, y

// ADDARGSS is ADDARGS for the kernels that take stride (after blocks):
// stride in R8.
#define ADDARGSS(bc, x, y) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ stride+16(FP), R8 \
	MOVQ base+24(FP), SI \
	MOVQ first+32(FP), AX \
	VMOVQ AX, x \
	MOVQ inc+40(FP), DX \
	bc x, y \
	AHEADDIST

// ADDLOOPY is the AVX2 add kernels' loop (ADDSTORE, ADDMASKY): the four
// lanes from base (SI) plus first (Y5), the step from inc (DX) in Y4, and
// blocks 128 bytes long, stride (R8) bytes apart, each vector stored by
// put(store, vector, its mask, offset): ADDPUT (store r, off(DI)) or ADDPUTM
// (store r, m, off(DI): the masks in Y6-Y9). It ends at done.
#define ADDLOOPY(add, put, store, ahead) \
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
	ahead(0) \
	ahead(64) \
	put(store, Y0, Y6, 0) \
	put(store, Y1, Y7, 32) \
	put(store, Y2, Y8, 64) \
	put(store, Y3, Y9, 96) \
	add Y4, Y0, Y0 \
	add Y4, Y1, Y1 \
	add Y4, Y2, Y2 \
	add Y4, Y3, Y3 \
	ADDQ R8, DI \
	DECQ CX \
	JNZ loop \
done:
#define ADDPUT(store, r, m, off) store r, off(DI)
#define ADDPUTM(store, r, m, off) store r, m, off(DI)

// ADDSTORE writes blocks of 128 bytes, stride bytes apart (R8); the lanes
// are broadcast by bc and added by add.
#define ADDSTORE(bc, add, store, fence, ahead) \
	ADDARGSS(bc, X5, Y5) \
	ADDLOOPY(add, ADDPUT, store, ahead) \
	fence \
	VZEROUPPER \
	RET

// ADD6STORE is ADDSTORE for blocks of 192 bytes (six vectors: add192).
#define ADD6STORE(bc, add, store, fence, ahead) \
	ADDARGS(bc, X7, Y7) \
	VMOVDQU 0(SI), Y0 \
	VMOVDQU 32(SI), Y1 \
	VMOVDQU 64(SI), Y2 \
	VMOVDQU 96(SI), Y3 \
	VMOVDQU 128(SI), Y4 \
	VMOVDQU 160(SI), Y5 \
	add Y7, Y0, Y0 \
	add Y7, Y1, Y1 \
	add Y7, Y2, Y2 \
	add Y7, Y3, Y3 \
	add Y7, Y4, Y4 \
	add Y7, Y5, Y5 \
	VMOVDQU (DX), Y6 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ahead(64) \
	ahead(128) \
	store Y0, 0(DI) \
	store Y1, 32(DI) \
	store Y2, 64(DI) \
	store Y3, 96(DI) \
	store Y4, 128(DI) \
	store Y5, 160(DI) \
	add Y6, Y0, Y0 \
	add Y6, Y1, Y1 \
	add Y6, Y2, Y2 \
	add Y6, Y3, Y3 \
	add Y6, Y4, Y4 \
	add Y6, Y5, Y5 \
	ADDQ $192, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// ADDMASK writes blocks of 128 bytes, stride bytes apart, from lanes as
// ADDSTORE's (AVX-512: two vectors of 64 bytes), each vector through a
// byte mask (VMOVDQU8 under K1 and K2, from mask[0] and mask[1]): the bytes
// the masks leave out keep their contents (the gaps of padded rows-lanes).
// bc broadcasts first from AX, add adds the lanes; ahead as ADDSTORE's.
#define ADDMASK(bc, add, ahead) \
	MASKARGS \
	MOVQ first+32(FP), AX \
	MOVQ inc+40(FP), DX \
	MOVQ mask+48(FP), BX \
	KMOVQ 0(BX), K1 \
	KMOVQ 8(BX), K2 \
	bc AX, Z5 \
	VMOVDQU64 0(SI), Z0 \
	VMOVDQU64 64(SI), Z1 \
	add Z5, Z0, Z0 \
	add Z5, Z1, Z1 \
	VBROADCASTI64X4 (DX), Z4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ahead(64) \
	VMOVDQU8 Z0, K1, 0(DI) \
	VMOVDQU8 Z1, K2, 64(DI) \
	add Z4, Z0, Z0 \
	add Z4, Z1, Z1 \
	ADDQ R8, DI \
	DECQ CX \
	JNZ loop \
done: \
	VZEROUPPER \
	RET

// FMAMASK is ADDMASK for float32 index lanes (fmaMaskxS): each element is
// VFMADD213PS's index*delta + start, rounded once (as fmaStoreS), stored
// through the byte masks; the index lanes, exact integers below 2^24, step
// by inc[0] after every block.
#define FMAMASK(ahead) \
	MASKARGS \
	VPBROADCASTD first+32(FP), Z9 \
	MOVQ inc+40(FP), DX \
	VPBROADCASTD start+48(FP), Z10 \
	VPBROADCASTD delta+56(FP), Z11 \
	MOVQ mask+64(FP), BX \
	KMOVQ 0(BX), K1 \
	KMOVQ 8(BX), K2 \
	VADDPS 0(SI), Z9, Z0 \
	VADDPS 64(SI), Z9, Z1 \
	VBROADCASTSS (DX), Z4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ahead(64) \
	VMOVAPS Z0, Z2 \
	VMOVAPS Z1, Z3 \
	VFMADD213PS Z10, Z11, Z2 \
	VFMADD213PS Z10, Z11, Z3 \
	VMOVDQU8 Z2, K1, 0(DI) \
	VMOVDQU8 Z3, K2, 64(DI) \
	VADDPS Z4, Z0, Z0 \
	VADDPS Z4, Z1, Z1 \
	ADDQ R8, DI \
	DECQ CX \
	JNZ loop \
done: \
	VZEROUPPER \
	RET

// MASKSY loads the masks of the AVX2 masked kernels (addMaskY, fmaMaskY):
// from the byte masks at BX, one vector a 32 bytes of the block in Y6-Y9,
// each element's sign bit its first byte's bit (VPMASKMOVD and VPMASKMOVQ
// store the elements whose sign bit is set): the masks' 32 bits of each
// vector in every 32-bit lane, shifted by shv (VPSLLVD or VPSLLVQ) by
// shifts (31, 27, ... for 4-byte elements; 63, 55, ... for 8-byte ones).
#define MASKSY(shv, shifts) \
	VPBROADCASTD 0(BX), Y6 \
	VPBROADCASTD 4(BX), Y7 \
	VPBROADCASTD 8(BX), Y8 \
	VPBROADCASTD 12(BX), Y9 \
	shv shifts, Y6, Y6 \
	shv shifts, Y7, Y7 \
	shv shifts, Y8, Y8 \
	shv shifts, Y9, Y9

// ADDMASKY is ADDMASK without AVX-512 (addMaskY{D,Q,S}), for elements of
// 4 or 8 bytes: four vectors of 32 bytes, each stored by mov (VPMASKMOVD
// or VPMASKMOVQ) under its mask (MASKSY's, by shv and shifts).
#define ADDMASKY(bc, add, mov, shv, shifts, ahead) \
	MASKARGS \
	MOVQ first+32(FP), AX \
	MOVQ inc+40(FP), DX \
	MOVQ mask+48(FP), BX \
	MASKSY(shv, shifts) \
	VMOVQ AX, X5 \
	bc X5, Y5 \
	ADDLOOPY(add, ADDPUTM, mov, ahead) \
	VZEROUPPER \
	RET

// FMAMASKY is FMAMASK without AVX-512 (fmaMaskYS): four vectors of 32
// bytes, each stored by VPMASKMOVD under its mask.
#define FMAMASKY(ahead) \
	MASKARGS \
	VPBROADCASTD first+32(FP), Y5 \
	MOVQ inc+40(FP), DX \
	VPBROADCASTD start+48(FP), Y10 \
	VPBROADCASTD delta+56(FP), Y11 \
	MOVQ mask+64(FP), BX \
	MASKSY(VPSLLVD, maskShiftD<>(SB)) \
	VADDPS 0(SI), Y5, Y0 \
	VADDPS 32(SI), Y5, Y1 \
	VADDPS 64(SI), Y5, Y2 \
	VADDPS 96(SI), Y5, Y3 \
	VBROADCASTSS (DX), Y4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ahead(64) \
	VMOVAPS Y0, Y12 \
	VMOVAPS Y1, Y13 \
	VMOVAPS Y2, Y14 \
	VMOVAPS Y3, Y15 \
	VFMADD213PS Y10, Y11, Y12 \
	VFMADD213PS Y10, Y11, Y13 \
	VFMADD213PS Y10, Y11, Y14 \
	VFMADD213PS Y10, Y11, Y15 \
	VPMASKMOVD Y12, Y6, 0(DI) \
	VPMASKMOVD Y13, Y7, 32(DI) \
	VPMASKMOVD Y14, Y8, 64(DI) \
	VPMASKMOVD Y15, Y9, 96(DI) \
	VADDPS Y4, Y0, Y0 \
	VADDPS Y4, Y1, Y1 \
	VADDPS Y4, Y2, Y2 \
	VADDPS Y4, Y3, Y3 \
	ADDQ R8, DI \
	DECQ CX \
	JNZ loop \
done: \
	VZEROUPPER \
	RET

// The shifts of MASKSY for 8-byte elements (maskShiftD, 4-byte ones:
// lanes_amd64.h).
DATA maskShiftQ<>+0(SB)/8, $63
DATA maskShiftQ<>+8(SB)/8, $55
DATA maskShiftQ<>+16(SB)/8, $47
DATA maskShiftQ<>+24(SB)/8, $39
GLOBL maskShiftQ<>(SB), RODATA|NOPTR, $32

// func addStoreB(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreB(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTB, VPADDB, VMOVDQU, NOFENCE, NOAHEAD)

// func addStoreBNT(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreB with streaming stores.
TEXT ·addStoreBNT(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTB, VPADDB, VMOVNTDQ, SFENCE, NOAHEAD)

// func addStoreBA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreB fetching its lines ahead of the stores.
TEXT ·addStoreBA(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTB, VPADDB, VMOVDQU, NOFENCE, AHEADS)

// func addStoreW(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreW(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTW, VPADDW, VMOVDQU, NOFENCE, NOAHEAD)

// func addStoreWNT(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreW with streaming stores.
TEXT ·addStoreWNT(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTW, VPADDW, VMOVNTDQ, SFENCE, NOAHEAD)

// func addStoreWA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreW fetching its lines ahead of the stores.
TEXT ·addStoreWA(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTW, VPADDW, VMOVDQU, NOFENCE, AHEADS)

// func addStoreD(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreD(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTD, VPADDD, VMOVDQU, NOFENCE, NOAHEAD)

// func addStoreDNT(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreD with streaming stores.
TEXT ·addStoreDNT(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTD, VPADDD, VMOVNTDQ, SFENCE, NOAHEAD)

// func addStoreDA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreD fetching its lines ahead of the stores.
TEXT ·addStoreDA(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTD, VPADDD, VMOVDQU, NOFENCE, AHEADS)

// func addStoreQ(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreQ(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTQ, VPADDQ, VMOVDQU, NOFENCE, NOAHEAD)

// func addStoreQNT(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreQ with streaming stores.
TEXT ·addStoreQNT(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTQ, VPADDQ, VMOVNTDQ, SFENCE, NOAHEAD)

// func addStoreQA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreQ fetching its lines ahead of the stores.
TEXT ·addStoreQA(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTQ, VPADDQ, VMOVDQU, NOFENCE, AHEADS)

// func addStoreS(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
TEXT ·addStoreS(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTD, VADDPS, VMOVDQU, NOFENCE, NOAHEAD)

// func addStoreSNT(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreS with streaming stores.
TEXT ·addStoreSNT(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTD, VADDPS, VMOVNTDQ, SFENCE, NOAHEAD)

// func addStoreSA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)
// addStoreS fetching its lines ahead of the stores.
TEXT ·addStoreSA(SB), NOSPLIT, $0-48
	ADDSTORE(VPBROADCASTD, VADDPS, VMOVDQU, NOFENCE, AHEADS)

// func add192B(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192B(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTB, VPADDB, VMOVDQU, NOFENCE, NOAHEAD)

// func add192BNT(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192BNT(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTB, VPADDB, VMOVNTDQ, SFENCE, NOAHEAD)

// func add192W(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192W(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTW, VPADDW, VMOVDQU, NOFENCE, NOAHEAD)

// func add192WNT(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192WNT(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTW, VPADDW, VMOVNTDQ, SFENCE, NOAHEAD)

// func add192D(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192D(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTD, VPADDD, VMOVDQU, NOFENCE, NOAHEAD)

// func add192DNT(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192DNT(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTD, VPADDD, VMOVNTDQ, SFENCE, NOAHEAD)

// func add192Q(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192Q(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTQ, VPADDQ, VMOVDQU, NOFENCE, NOAHEAD)

// func add192QNT(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192QNT(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTQ, VPADDQ, VMOVNTDQ, SFENCE, NOAHEAD)

// func add192S(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192S(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTD, VADDPS, VMOVDQU, NOFENCE, NOAHEAD)

// func add192SNT(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192SNT(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTD, VADDPS, VMOVNTDQ, SFENCE, NOAHEAD)

// func add192BA(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192BA(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTB, VPADDB, VMOVDQU, NOFENCE, AHEAD)

// func add192WA(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192WA(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTW, VPADDW, VMOVDQU, NOFENCE, AHEAD)

// func add192DA(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192DA(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTD, VPADDD, VMOVDQU, NOFENCE, AHEAD)

// func add192QA(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192QA(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTQ, VPADDQ, VMOVDQU, NOFENCE, AHEAD)

// func add192SA(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)
TEXT ·add192SA(SB), NOSPLIT, $0-40
	ADD6STORE(VPBROADCASTD, VADDPS, VMOVDQU, NOFENCE, AHEAD)

// func addMaskxB(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxB(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTB, VPADDB, NOAHEAD)

// func addMaskxW(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxW(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTW, VPADDW, NOAHEAD)

// func addMaskxD(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxD(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTD, VPADDD, NOAHEAD)

// func addMaskxQ(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxQ(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTQ, VPADDQ, NOAHEAD)

// func addMaskxS(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxS(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTD, VADDPS, NOAHEAD)

// func addMaskxBA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
// addMaskxB fetching its lines ahead of the stores.
TEXT ·addMaskxBA(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTB, VPADDB, AHEADS)

// func addMaskxWA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxWA(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTW, VPADDW, AHEADS)

// func addMaskxDA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxDA(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTD, VPADDD, AHEADS)

// func addMaskxQA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxQA(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTQ, VPADDQ, AHEADS)

// func addMaskxSA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskxSA(SB), NOSPLIT, $0-56
	ADDMASK(VPBROADCASTD, VADDPS, AHEADS)

// func fmaMaskxS(dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64)
TEXT ·fmaMaskxS(SB), NOSPLIT, $0-72
	FMAMASK(NOAHEAD)

// func fmaMaskxSA(dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64)
// fmaMaskxS fetching its lines ahead of the stores.
TEXT ·fmaMaskxSA(SB), NOSPLIT, $0-72
	FMAMASK(AHEADS)

// func addMaskYD(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskYD(SB), NOSPLIT, $0-56
	ADDMASKY(VPBROADCASTD, VPADDD, VPMASKMOVD, VPSLLVD, maskShiftD<>(SB), NOAHEAD)

// func addMaskYQ(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskYQ(SB), NOSPLIT, $0-56
	ADDMASKY(VPBROADCASTQ, VPADDQ, VPMASKMOVQ, VPSLLVQ, maskShiftQ<>(SB), NOAHEAD)

// func addMaskYS(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskYS(SB), NOSPLIT, $0-56
	ADDMASKY(VPBROADCASTD, VADDPS, VPMASKMOVD, VPSLLVD, maskShiftD<>(SB), NOAHEAD)

// func addMaskYDA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
// addMaskYD fetching its lines ahead of the stores.
TEXT ·addMaskYDA(SB), NOSPLIT, $0-56
	ADDMASKY(VPBROADCASTD, VPADDD, VPMASKMOVD, VPSLLVD, maskShiftD<>(SB), AHEADS)

// func addMaskYQA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskYQA(SB), NOSPLIT, $0-56
	ADDMASKY(VPBROADCASTQ, VPADDQ, VPMASKMOVQ, VPSLLVQ, maskShiftQ<>(SB), AHEADS)

// func addMaskYSA(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)
TEXT ·addMaskYSA(SB), NOSPLIT, $0-56
	ADDMASKY(VPBROADCASTD, VADDPS, VPMASKMOVD, VPSLLVD, maskShiftD<>(SB), AHEADS)

// func fmaMaskYS(dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64)
TEXT ·fmaMaskYS(SB), NOSPLIT, $0-72
	FMAMASKY(NOAHEAD)

// func fmaMaskYSA(dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64)
// fmaMaskYS fetching its lines ahead of the stores.
TEXT ·fmaMaskYSA(SB), NOSPLIT, $0-72
	FMAMASKY(AHEADS)
