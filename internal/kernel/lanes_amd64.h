// The hand-written kernels (the .s files asmgen does not write) are
// macros, defined before the first TEXT, where go vet does not read them
// (their FP references are checked by the tests instead), each written out
// once for the three store kinds: store is the store instruction, fence
// what follows the loop (SFENCE after non-temporal stores, NOFENCE after
// regular ones) and ahead what fetches the lines ahead of the stores
// (AHEAD or AHEADS in the ahead forms, suffix A; below).

// QLANES16 loads the arguments of a kernel of sixteen int64 lanes (dst,
// blocks, base, first, inc: cvtqStoreS, f32Binq): dst in DI, blocks in CX,
// the lanes base + first in Z0 and Z1, inc in Z4; first stays in every
// lane of Z9 and base in SI, for kernels of more lanes (f16Binq).
#define QLANES16 \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VPBROADCASTQ AX, Z9 \
	VPADDQ 0(SI), Z9, Z0 \
	VPADDQ 64(SI), Z9, Z1 \
	MOVQ inc+32(FP), AX \
	VPBROADCASTQ AX, Z4

// AHEAD(at) reads the line at at(DI) + 1024 into the L1 cache: the kernels'
// ahead forms (the store kind stAhead) call it for each line a loop turn
// stores to, so that every line is fetched 1024 bytes before the stores
// reach it and they need not wait for it (regular stores into a destination
// outside the L2 cache fetch each line first; a prefetch cannot fault).
// NOAHEAD is the other store kinds' (nothing).
#define AHEAD(at) PREFETCHT0 1024+at(DI)
#define NOAHEAD(at)

// AHEADDIST puts in R10 the least multiple of the stride (R8, not 0) that
// is 1024 or more: AHEADS(at), the kernels' ahead forms that take a stride
// (sets of blocks), fetches the line at at(DI) that far on, its own set's
// block, where AHEAD would fetch other sets' lines.
#define AHEADDIST \
	MOVQ R8, R10 \
	TESTQ R8, R8 \
	JZ aheaddone \
aheaddist: \
	CMPQ R10, $1024 \
	JAE aheaddone \
	ADDQ R8, R10 \
	JMP aheaddist \
aheaddone:
#define AHEADS(at) PREFETCHT0 at(DI)(R10*1)

// AHEADFAR is AHEAD 2048 bytes ahead, for the AVX-512 binade kernel
// (f16BinxA), which gained from it where the others lost: dmlbench -quick,
// 1024 against 2048 for every kernel in alternation, FLOAT16 0.1, +3e-4 at
// 4 MiB 0.81 0.91 0.78 0.88 of the ceiling, padded 82.8 71.2 80.1 79.4 GB/s,
// []float64 at 4 MiB 0.96 0.93 0.93 0.80.
#define AHEADFAR(at) PREFETCHT0 2048+at(DI)

// BLOCKPAIRS writes the CX blocks of size bytes at DI: an odd block first,
// if any, and then two blocks a turn from two sets of lanes a block apart
// (Z0, Z1 and Z2, Z3), each advanced by two blocks, so that one set does not
// wait on its own additions. value(lo, hi, z, zt, y, yt, t2, t3) makes the
// block of the lanes lo, hi in z, zt (y, yt: their low halves), using t2
// and t3; put(z, zt, y, yt, store, ahead, off) stores it at off(DI) with
// store, after ahead (AHEAD or NOAHEAD) for each line of it (both blocks of
// a turn are made before either is stored); add (a three-
// operand addition) makes the second set and doubles the step Z4; step(l)
// advances the lanes l by Z4. The labels name the pairs and their loop; it
// goes to done at the end. (f16Binx, f32Binq, cvtqStoreS, fmaStorex,
// cvtStoreF32x, cvtStoreF16Oddx.)
#define BLOCKPAIRS(value, put, size, add, step, store, ahead, pairs, loop) \
	TESTQ $1, CX \
	JZ pairs \
	value(Z0, Z1, Z5, Z6, Y5, Y6, Z16, Z17) \
	put(Z5, Z6, Y5, Y6, store, NOAHEAD, 0) \
	step(Z0) \
	step(Z1) \
	ADDQ $size, DI \
pairs: \
	SHRQ $1, CX \
	JZ done \
	add Z4, Z0, Z2 \
	add Z4, Z1, Z3 \
	add Z4, Z4, Z4 \
loop: \
	value(Z0, Z1, Z5, Z6, Y5, Y6, Z16, Z17) \
	value(Z2, Z3, Z7, Z8, Y7, Y8, Z18, Z19) \
	put(Z5, Z6, Y5, Y6, store, ahead, 0) \
	put(Z7, Z8, Y7, Y8, store, ahead, size) \
	step(Z0) \
	step(Z1) \
	step(Z2) \
	step(Z3) \
	ADDQ $(2*size), DI \
	DECQ CX \
	JNZ loop \
	JMP done

// BLOCKPAIRS's puts: a block in z; in y and yt (32 bytes each); in z and zt.
#define PUTZ(z, zt, y, yt, store, ahead, off) ahead(off); store z, off(DI)
#define PUTYY(z, zt, y, yt, store, ahead, off) ahead(off); store y, off(DI); store yt, off+32(DI)
#define PUTZZ(z, zt, y, yt, store, ahead, off) ahead(off); ahead(off+64); store z, off(DI); store zt, off+64(DI)
#define PUTY(z, zt, y, yt, store, ahead, off) ahead(off); store y, off(DI)

// PUTZH and PUTZZH are PUTZ and PUTZZ that store each 64-byte block as its
// two 32-byte halves (store for the low one, VEXTRACTF64X4 for the high:
// not for streaming stores). The FMA kernels write faster in cache so on
// this machine (dmlbench -quick -types FLOAT32, whole blocks and halves
// alternated: FLOAT32 0.1, +0.3 at 64 KiB 0.70-0.72 of the ceiling against
// 0.86-0.87, []float64 0.72-0.74 against 0.86), the float16 binade kernels
// slower (FLOAT16 0.1, +0.3 at 64 KiB 0.73 against 0.59).
#define PUTZH(z, zt, y, yt, store, ahead, off) ahead(off); store y, off(DI); VEXTRACTF64X4 $1, z, off+32(DI)
#define PUTZZH(z, zt, y, yt, store, ahead, off) PUTZH(z, zt, y, yt, store, ahead, off); PUTZH(zt, z, yt, y, store, ahead, off+64)

// The lanes' steps of BLOCKPAIRS: integer additions, and an FMA (lane*1 +
// Z4: the sum, rounded once as VADDPD rounds it; Z12 holds 1.0 in every
// lane) that leaves the conversions' pipes to them (see cvtStoreF16x).
#define STEPD(l) VPADDD Z4, l, l
#define STEPQ(l) VPADDQ Z4, l, l
#define STEPPD(l) VADDPD Z4, l, l
#define STEPPS(l) VADDPS Z4, l, l
#define STEPFMA(l) VFMADD231PD Z4, Z12, l

// maskShiftD: the shifts of the AVX2 masked kernels (masksY in asmgen/add.go,
// CVTF32MASKY in convert_amd64.s) for 4-byte elements, which take each
// element's first byte's bit of its vector's 32 to the sign bit (31, 27,
// ..., 3): VPMASKMOVD stores the elements whose sign bit is set. (Every file
// that includes this one has its own copy.)
DATA maskShiftD<>+0(SB)/8, $0x0000001b0000001f
DATA maskShiftD<>+8(SB)/8, $0x0000001300000017
DATA maskShiftD<>+16(SB)/8, $0x0000000b0000000f
DATA maskShiftD<>+24(SB)/8, $0x0000000300000007
GLOBL maskShiftD<>(SB), RODATA|NOPTR, $32

// MASKARGS loads the first arguments of the masked kernels (dst, blocks,
// stride, base: addMask*, fmaMask*, cvtF32Mask*): dst in DI, blocks in CX,
// stride in R8 (and AHEADDIST's distance in R10), base in SI.
#define MASKARGS \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ stride+16(FP), R8 \
	AHEADDIST \
	MOVQ base+24(FP), SI
