//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// The converting kernels (see the package doc: methods f32 (float16), f64):
// lanes of float64 or float32 values, exact by the planner's preconditions,
// added to as in add_amd64.s and converted once to the output type. Each
// has an AVX2 form and an AVX-512 form (suffix x; twice the lanes a
// conversion), side by side, and each form a regular, a non-temporal (NT)
// and an ahead (A) store kind, from one macro (store, fence, ahead; see
// lanes_amd64.h). Go twins: twins.go.
#define NOFENCE

// Converts float64 lanes to float32 (rounding once, to nearest even): each
// block writes 16 float32 (64 bytes), the blocks adv bytes apart ($64, or a
// stride in R8: CVTF32STRIDE).
#define CVTSTOREF32Y(store, fence, ahead, adv) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VMOVQ AX, X9 \
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
	MOVQ $0x3FF0000000000000, AX \
	VMOVQ AX, X9 \
	VPBROADCASTQ X9, Y9 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	VCVTPD2PSY Y0, X5 \
	VCVTPD2PSY Y1, X6 \
	VCVTPD2PSY Y2, X7 \
	VCVTPD2PSY Y3, X8 \
	store X5, 0(DI) \
	store X6, 16(DI) \
	store X7, 32(DI) \
	store X8, 48(DI) \
	VFMADD231PD Y4, Y9, Y0 \
	VFMADD231PD Y4, Y9, Y1 \
	VFMADD231PD Y4, Y9, Y2 \
	VFMADD231PD Y4, Y9, Y3 \
	ADDQ adv, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

#define CVTSTOREF32(store, fence, ahead) CVTSTOREF32Y(store, fence, ahead, $64)

// CVTF32STRIDE is CVTSTOREF32 for blocks stride bytes apart (R8; its ahead
// form AHEADS: cvtF32StrideY, float32 pixels in sets of blocks whose sums
// are exact in float64 lanes, on tables without cvt-q lanes).
#define CVTF32STRIDE(store, fence, ahead) \
	MOVQ stride+40(FP), R8 \
	AHEADDIST \
	CVTSTOREF32Y(store, fence, ahead, R8)

// CVTF32MASKX is CVTF32STRIDE under a byte mask (AVX-512: cvtF32Maskx,
// the padded pixels of f64 lanes): the block's 16 float32, made as
// CVTSTOREF32's, stored by VMOVDQU8 under K1 (mask's 64 bits), the bytes
// it leaves out as they were.
#define CVTF32MASKX(ahead) \
	MASKARGS \
	VPBROADCASTQ first+32(FP), Z9 \
	MOVQ inc+40(FP), DX \
	MOVQ mask+48(FP), BX \
	KMOVQ 0(BX), K1 \
	VADDPD 0(SI), Z9, Z0 \
	VADDPD 64(SI), Z9, Z1 \
	VBROADCASTSD (DX), Z4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	VCVTPD2PS Z0, Y5 \
	VCVTPD2PS Z1, Y6 \
	VINSERTF64X4 $1, Y6, Z5, Z5 \
	VMOVDQU8 Z5, K1, 0(DI) \
	VADDPD Z4, Z0, Z0 \
	VADDPD Z4, Z1, Z1 \
	ADDQ R8, DI \
	DECQ CX \
	JNZ loop \
done: \
	VZEROUPPER \
	RET

// CVTF32MASKY is CVTF32MASKX without AVX-512 (cvtF32MaskY): the block in two
// vectors of 8 float32, each stored by VPMASKMOVD under its element masks
// (from mask's 32 bits of each, as masksY makes them: an element's first
// byte's bit).
#define CVTF32MASKY(ahead) \
	MASKARGS \
	VPBROADCASTQ first+32(FP), Y9 \
	MOVQ inc+40(FP), DX \
	MOVQ mask+48(FP), BX \
	VPBROADCASTD 0(BX), Y6 \
	VPBROADCASTD 4(BX), Y7 \
	VPSLLVD maskShiftD<>(SB), Y6, Y6 \
	VPSLLVD maskShiftD<>(SB), Y7, Y7 \
	VADDPD 0(SI), Y9, Y0 \
	VADDPD 32(SI), Y9, Y1 \
	VADDPD 64(SI), Y9, Y2 \
	VADDPD 96(SI), Y9, Y3 \
	VBROADCASTSD (DX), Y4 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	VCVTPD2PSY Y0, X10 \
	VCVTPD2PSY Y1, X11 \
	VCVTPD2PSY Y2, X12 \
	VCVTPD2PSY Y3, X13 \
	VINSERTF128 $1, X11, Y10, Y10 \
	VINSERTF128 $1, X13, Y12, Y12 \
	VPMASKMOVD Y10, Y6, 0(DI) \
	VPMASKMOVD Y12, Y7, 32(DI) \
	VADDPD Y4, Y0, Y0 \
	VADDPD Y4, Y1, Y1 \
	VADDPD Y4, Y2, Y2 \
	VADDPD Y4, Y3, Y3 \
	ADDQ R8, DI \
	DECQ CX \
	JNZ loop \
done: \
	VZEROUPPER \
	RET

// Converts exact float32 lanes to float16 with F16C (rounding once, to
// nearest even): each block writes 32 float16 (64 bytes). The lanes advance
// by FMA (lane*1 + inc, Y9 holding 1.0: the sum, as VADDPS gives it), which
// leaves the conversions' pipes to them on this machine, as in
// cvtStoreF16x (a scratch loop over 64 KiB, alternated three times:
// 1332-1413 ns with VADDPS, 1113-1203 with the FMA).
#define CVTSTOREF16(store, fence, ahead) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VMOVQ AX, X9 \
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
	MOVL $0x3f800000, AX \
	VMOVQ AX, X9 \
	VPBROADCASTD X9, Y9 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	VCVTPS2PH $0, Y0, X5 \
	VCVTPS2PH $0, Y1, X6 \
	VCVTPS2PH $0, Y2, X7 \
	VCVTPS2PH $0, Y3, X8 \
	store X5, 0(DI) \
	store X6, 16(DI) \
	store X7, 32(DI) \
	store X8, 48(DI) \
	VFMADD231PS Y4, Y9, Y0 \
	VFMADD231PS Y4, Y9, Y1 \
	VFMADD231PS Y4, Y9, Y2 \
	VFMADD231PS Y4, Y9, Y3 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// Converts exact float64 lanes to float16, rounding once: each float64 is
// first rounded to odd at float32's precision with integer operations (its
// 29 bits below float32's last place cleared, that last bit set if any of
// them was: ODDHALF), which VCVTPD2PS then converts exactly, and F16C
// rounds that to nearest even. float32 keeps 13 bits more than float16, so
// the two steps round as one. (The values are normal float64, and float16's
// are normal float32.) Each block writes 16 float16 (32 bytes). The lanes
// advance by FMA, as in cvtStoreF16. (The form before cut to float32
// toward zero under a changed MXCSR and compared a conversion back: ten
// conversions a block. A scratch loop over 64 KiB on this machine,
// alternated three times: 8.1-8.8 us before, 6.7-7.0 now, still bound by
// the conversions.)
#define CVTSTOREF16ODD(store, fence, ahead) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VMOVQ AX, X9 \
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
	MOVQ $0x3FF0000000000000, AX \
	VMOVQ AX, X9 \
	VPBROADCASTQ X9, Y9 \
	MOVQ $0x1FFFFFFF, AX \
	VMOVQ AX, X10 \
	VPBROADCASTQ X10, Y10 \
	MOVQ $0x20000000, AX \
	VMOVQ AX, X11 \
	VPBROADCASTQ X11, Y11 \
	VPXOR Y12, Y12, Y12 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ODDHALF(Y0, Y1) \
	store X5, 0(DI) \
	ODDHALF(Y2, Y3) \
	store X5, 16(DI) \
	VFMADD231PD Y4, Y9, Y0 \
	VFMADD231PD Y4, Y9, Y1 \
	VFMADD231PD Y4, Y9, Y2 \
	VFMADD231PD Y4, Y9, Y3 \
	ADDQ $32, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// ODDHALF converts the float64 lanes a, b to float16 in X5: each rounded to
// odd at float32's precision (ODDLANE), converted to float32 exactly, the
// two halves put together and converted by F16C.
#define ODDHALF(a, b) \
	ODDLANE(a, Y5, Y7) \
	ODDLANE(b, Y6, Y8) \
	VCVTPD2PSY Y5, X5 \
	VCVTPD2PSY Y6, X6 \
	VINSERTF128 $1, X6, Y5, Y5 \
	VCVTPS2PH $0, Y5, X5

// ODDLANE sets out to the float64 lanes x rounded to odd at float32's
// precision: x with its low 29 bits (Y10) cleared, and bit 29 (Y11) set
// where they were not all zero (Y12 is zero); t is a temporary.
#define ODDLANE(x, out, t) \
	VPAND x, Y10, t \
	VPCMPEQQ Y12, t, t \
	VPANDN Y11, t, t \
	VPANDN x, Y10, out \
	VPOR t, out, out

// F64LANES16 loads the arguments of a kernel of sixteen float64 lanes
// (dst, blocks, base, first, inc: cvtStoreF32x, cvtStoreF16Oddx,
// fmaStorex): dst in DI, blocks in CX, the lanes base + first in Z0 and
// Z1, inc in Z4.
#define F64LANES16 \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	VPBROADCASTQ first+24(FP), Z9 \
	MOVQ inc+32(FP), DX \
	VADDPD 0(SI), Z9, Z0 \
	VADDPD 64(SI), Z9, Z1 \
	VBROADCASTSD (DX), Z4

// A block of CVTSTOREF32X (BLOCKPAIRS's value): each lane converted once.
#define F32XBLOCK(lo, hi, z, zt, y, yt, t2, t3) \
	VCVTPD2PS lo, y \
	VCVTPD2PS hi, yt

// CVTSTOREF32X writes its blocks with BLOCKPAIRS, the lanes advanced by
// FMA (STEPFMA), which leaves the conversions' pipes to them.
#define CVTSTOREF32X(store, fence, ahead) \
	F64LANES16 \
	MOVQ $0x3FF0000000000000, AX \
	VPBROADCASTQ AX, Z12 \
	TESTQ CX, CX \
	JZ done \
	BLOCKPAIRS(F32XBLOCK, PUTYY, 64, VADDPD, STEPFMA, store, ahead, pairs, loop) \
done: \
	fence \
	VZEROUPPER \
	RET

// A block of CVTSTOREF16ODDX (BLOCKPAIRS's value, 32 bytes): the lanes lo,
// hi rounded to odd into float32 (truncated, the last bit set where bits
// were dropped: those under the mask Z10), then to float16 by F16C.
#define ODDBLOCK(lo, hi, z, zt, y, yt, t2, t3) \
	VPTESTMQ Z10, lo, K1 \
	VPTESTMQ Z10, hi, K2 \
	VCVTPD2PS.RZ_SAE lo, y \
	VCVTPD2PS.RZ_SAE hi, yt \
	VPORD Y11, y, K1, y \
	VPORD Y11, yt, K2, yt \
	VINSERTF32X8 $1, yt, z, z \
	VCVTPS2PH $0, z, y

// CVTSTOREF16ODDX writes its blocks with BLOCKPAIRS, the lanes advanced by
// FMA (STEPFMA), which leaves the conversions' pipes to them.
#define CVTSTOREF16ODDX(store, fence, ahead) \
	F64LANES16 \
	MOVQ $0x1FFFFFFF, AX \
	VPBROADCASTQ AX, Z10 \
	MOVL $1, AX \
	VPBROADCASTD AX, Y11 \
	MOVQ $0x3FF0000000000000, AX \
	VPBROADCASTQ AX, Z12 \
	TESTQ CX, CX \
	JZ done \
	BLOCKPAIRS(ODDBLOCK, PUTY, 32, VADDPD, STEPFMA, store, ahead, pairs, loop) \
done: \
	fence \
	VZEROUPPER \
	RET

// float64 elements as fma(index, delta, start), rounded once: the lanes
// hold the indices, exact integers, and grow by inc a block (16 elements,
// 128 bytes).
#define FMASTORE(store, fence, ahead) FMASTOREY(VPBROADCASTQ, VMOVUPD, VMOVAPD, VADDPD, VFMADD213PD, store, fence, ahead, $128)

// FMAYHEAD loads the scalar arguments of an AVX2 FMA kernel (dst in DI,
// blocks in CX, base in SI, inc's address in DX) and broadcasts first into
// Y9, start into Y10 and delta into Y11 with bc.
#define FMAYHEAD(bc) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	VMOVQ AX, X9 \
	MOVQ inc+32(FP), DX \
	bc X9, Y9 \
	MOVQ start+40(FP), AX \
	VMOVQ AX, X10 \
	bc X10, Y10 \
	MOVQ delta+48(FP), AX \
	VMOVQ AX, X11 \
	bc X11, Y11

// FMAYARGS loads the arguments of an AVX2 FMA kernel (dst, blocks, base,
// first, inc, start, delta): dst in DI, blocks in CX, the lanes base +
// first in Y0-Y3 (bc broadcasts, movu loads, add adds), inc in Y4, start
// in Y10 and delta in Y11 (FMASTOREY, FMADSTORE).
#define FMAYARGS(bc, movu, add) \
	FMAYHEAD(bc) \
	movu 0(SI), Y0 \
	movu 32(SI), Y1 \
	movu 64(SI), Y2 \
	movu 96(SI), Y3 \
	add Y9, Y0, Y0 \
	add Y9, Y1, Y1 \
	add Y9, Y2, Y2 \
	add Y9, Y3, Y3 \
	movu (DX), Y4

// FMAY sets Y5-Y8 to fma(lane, delta, start) of the lanes Y0-Y3 (mova
// copies, fma multiplies and adds, rounding once).
#define FMAY(mova, fma) \
	mova Y0, Y5 \
	mova Y1, Y6 \
	mova Y2, Y7 \
	mova Y3, Y8 \
	fma Y10, Y11, Y5 \
	fma Y10, Y11, Y6 \
	fma Y10, Y11, Y7 \
	fma Y10, Y11, Y8

// FMASTOREY is FMASTORE and FMASTORES (AVX2), for lanes that bc
// broadcasts, movu loads, mova copies, add adds and fma multiplies and
// adds: four registers of lanes, a block of 128 bytes, the next adv bytes
// on ($128, or a register: FMASTRIDESY).
#define FMASTOREY(bc, movu, mova, add, fma, store, fence, ahead, adv) \
	FMAYARGS(bc, movu, add) \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ahead(64) \
	FMAY(mova, fma) \
	store Y5, 0(DI) \
	store Y6, 32(DI) \
	store Y7, 64(DI) \
	store Y8, 96(DI) \
	add Y4, Y0, Y0 \
	add Y4, Y1, Y1 \
	add Y4, Y2, Y2 \
	add Y4, Y3, Y3 \
	ADDQ adv, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// A block of FMASTOREX (BLOCKPAIRS's value, 128 bytes): fma(index, delta,
// start) of each lane, rounded once.
#define FMABLOCK(lo, hi, z, zt, y, yt, t2, t3) \
	VMOVAPD lo, z \
	VMOVAPD hi, zt \
	VFMADD213PD Z10, Z11, z \
	VFMADD213PD Z10, Z11, zt

// FMASTORE with AVX-512, its blocks written with BLOCKPAIRS and put.
#define FMASTOREX(put, store, fence, ahead) \
	F64LANES16 \
	VPBROADCASTQ start+40(FP), Z10 \
	VPBROADCASTQ delta+48(FP), Z11 \
	TESTQ CX, CX \
	JZ done \
	BLOCKPAIRS(FMABLOCK, put, 128, VADDPD, STEPPD, store, ahead, pairs, loop) \
done: \
	fence \
	VZEROUPPER \
	RET

// float32 elements as fma(index, delta, start) in float64, then to float32
// (mFMAD): the lanes hold the indices (exact integers), VFMADD213PD rounds
// the exact i*delta + start once to float64, and VCVTPD2PS rounds that to
// float32, which is the exact sum rounded once unless the float64 value is
// a float32 midpoint (its low 29 bits 1 followed by zeros: Z12, Z13) or,
// where tiny is not 0, below 2^-126 in magnitude (float32's subnormals
// round at another place, and zero's sign is the planner's: Z14, Z15). A
// block (16 elements, 64 bytes) with such a value is not written: the
// kernel returns how many blocks it wrote before it, and the caller writes
// that one.
#define FMADSTOREX(store, fence, ahead) \
	F64LANES16 \
	VPBROADCASTQ start+40(FP), Z10 \
	VPBROADCASTQ delta+48(FP), Z11 \
	MOVQ $0x1FFFFFFF, AX \
	VPBROADCASTQ AX, Z12 \
	MOVQ $0x10000000, AX \
	VPBROADCASTQ AX, Z13 \
	MOVQ $0x7FFFFFFFFFFFFFFF, AX \
	VPBROADCASTQ AX, Z14 \
	MOVQ $0x3810000000000000, AX \
	VPBROADCASTQ AX, Z15 \
	MOVQ tiny+56(FP), DX \
	XORQ BX, BX \
	TESTQ CX, CX \
	JZ done \
loop: \
	VMOVAPD Z0, Z5 \
	VMOVAPD Z1, Z6 \
	VFMADD213PD Z10, Z11, Z5 \
	VFMADD213PD Z10, Z11, Z6 \
	VPANDQ Z12, Z5, Z7 \
	VPANDQ Z12, Z6, Z8 \
	VPCMPEQQ Z13, Z7, K1 \
	VPCMPEQQ Z13, Z8, K2 \
	TESTQ DX, DX \
	JZ normal \
	VPANDQ Z14, Z5, Z7 \
	VPANDQ Z14, Z6, Z8 \
	VPCMPUQ $1, Z15, Z7, K3 \
	VPCMPUQ $1, Z15, Z8, K4 \
	KORB K3, K4, K3 \
	KORB K1, K3, K1 \
normal: \
	KORTESTB K1, K2 \
	JNZ done \
	VCVTPD2PS Z5, Y5 \
	VCVTPD2PS Z6, Y6 \
	ahead(0) \
	store Y5, 0(DI) \
	store Y6, 32(DI) \
	VADDPD Z4, Z0, Z0 \
	VADDPD Z4, Z1, Z1 \
	ADDQ $64, DI \
	INCQ BX \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	MOVQ BX, ret+64(FP) \
	VZEROUPPER \
	RET

// FMADSTOREX's AVX2 form, the same arguments, checks and result: a block
// is four registers of four float64 lanes (Y0-Y3); Y9 gathers the blocks'
// midpoints (VPCMPEQQ: all ones where a lane is one) and, where tiny is
// not 0, the lanes below 2^-126 in magnitude (the sign cleared, a signed
// VPCMPGTQ: the magnitudes are below 2^63).
#define FMADLANE(v, t) \
	VPAND Y14, v, t \
	VPCMPEQQ Y15, t, t \
	VPOR t, Y9, Y9

#define FMADTINY(v, t) \
	VPAND absQ<>(SB), v, t \
	VPCMPGTQ t, Y13, t \
	VPOR t, Y9, Y9

#define FMADSTOREY(store, fence, ahead, adv, ret) \
	FMAYARGS(VPBROADCASTQ, VMOVUPD, VADDPD) \
	MOVQ $0x1FFFFFFF, AX \
	VMOVQ AX, X14 \
	VPBROADCASTQ X14, Y14 \
	MOVQ $0x10000000, AX \
	VMOVQ AX, X15 \
	VPBROADCASTQ X15, Y15 \
	MOVQ $0x3810000000000000, AX \
	VMOVQ AX, X13 \
	VPBROADCASTQ X13, Y13 \
	MOVQ tiny+56(FP), DX \
	XORQ BX, BX \
	TESTQ CX, CX \
	JZ done \
loop: \
	FMAY(VMOVAPD, VFMADD213PD) \
	VPAND Y14, Y5, Y9 \
	VPCMPEQQ Y15, Y9, Y9 \
	FMADLANE(Y6, Y12) \
	FMADLANE(Y7, Y12) \
	FMADLANE(Y8, Y12) \
	TESTQ DX, DX \
	JZ normal \
	FMADTINY(Y5, Y12) \
	FMADTINY(Y6, Y12) \
	FMADTINY(Y7, Y12) \
	FMADTINY(Y8, Y12) \
normal: \
	VPTEST Y9, Y9 \
	JNZ done \
	VCVTPD2PSY Y5, X5 \
	VCVTPD2PSY Y6, X6 \
	VCVTPD2PSY Y7, X7 \
	VCVTPD2PSY Y8, X8 \
	ahead(0) \
	store X5, 0(DI) \
	store X6, 16(DI) \
	store X7, 32(DI) \
	store X8, 48(DI) \
	VADDPD Y4, Y0, Y0 \
	VADDPD Y4, Y1, Y1 \
	VADDPD Y4, Y2, Y2 \
	VADDPD Y4, Y3, Y3 \
	ADDQ adv, DI \
	INCQ BX \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	MOVQ BX, ret \
	VZEROUPPER \
	RET

#define FMADSTORE(store, fence, ahead) FMADSTOREY(store, fence, ahead, $64, ret+64(FP))

// FMADSTRIDE is FMADSTORE for blocks stride bytes apart (R8; its ahead
// form AHEADS: fmaDStrideY, float32 pixels in sets of blocks past index
// 2^24 on tables without cvt-q lanes).
#define FMADSTRIDE(store, fence, ahead) \
	MOVQ stride+64(FP), R8 \
	AHEADDIST \
	FMADSTOREY(store, fence, ahead, R8, ret+72(FP))

// float32 elements as fma(index, delta, start) in float32, rounded once:
// the lanes hold the indices, exact integers (below 2^24), and grow by inc
// a block (32 elements, 128 bytes).
#define FMASTORES(store, fence, ahead) FMASTOREY(VPBROADCASTD, VMOVUPS, VMOVAPS, VADDPS, VFMADD213PS, store, fence, ahead, $128)

// FMASTRIDESY is FMASTORES for blocks stride bytes apart (R8; its ahead
// form AHEADS: fmaStrideSY, float32 pixels in sets of blocks on tables
// without AVX-512's kernels for them).
#define FMASTRIDESY(store, fence, ahead) \
	MOVQ stride+56(FP), R8 \
	AHEADDIST \
	FMASTOREY(VPBROADCASTD, VMOVUPS, VMOVAPS, VADDPS, VFMADD213PS, store, fence, ahead, R8)

// FMA6STORES is FMASTORES for blocks of 192 bytes (fma192S: six registers
// of index lanes, Y0-Y5, inc in Y6, start in Y10, delta in Y11).
#define FMA6STORES(store, fence, ahead) \
	FMAYHEAD(VPBROADCASTD) \
	VADDPS 0(SI), Y9, Y0 \
	VADDPS 32(SI), Y9, Y1 \
	VADDPS 64(SI), Y9, Y2 \
	VADDPS 96(SI), Y9, Y3 \
	VADDPS 128(SI), Y9, Y4 \
	VADDPS 160(SI), Y9, Y5 \
	VMOVUPS (DX), Y6 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ahead(64) \
	ahead(128) \
	VMOVAPS Y0, Y7 \
	VMOVAPS Y1, Y8 \
	VMOVAPS Y2, Y9 \
	VMOVAPS Y3, Y12 \
	VMOVAPS Y4, Y13 \
	VMOVAPS Y5, Y14 \
	VFMADD213PS Y10, Y11, Y7 \
	VFMADD213PS Y10, Y11, Y8 \
	VFMADD213PS Y10, Y11, Y9 \
	VFMADD213PS Y10, Y11, Y12 \
	VFMADD213PS Y10, Y11, Y13 \
	VFMADD213PS Y10, Y11, Y14 \
	store Y7, 0(DI) \
	store Y8, 32(DI) \
	store Y9, 64(DI) \
	store Y12, 96(DI) \
	store Y13, 128(DI) \
	store Y14, 160(DI) \
	VADDPS Y6, Y0, Y0 \
	VADDPS Y6, Y1, Y1 \
	VADDPS Y6, Y2, Y2 \
	VADDPS Y6, Y3, Y3 \
	VADDPS Y6, Y4, Y4 \
	VADDPS Y6, Y5, Y5 \
	ADDQ $192, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// A block of FMASTORESX (BLOCKPAIRS's value, 128 bytes): fma(index, delta,
// start) of each float32 lane, rounded once.
#define FMASBLOCK(lo, hi, z, zt, y, yt, t2, t3) \
	VMOVAPS lo, z \
	VMOVAPS hi, zt \
	VFMADD213PS Z10, Z11, z \
	VFMADD213PS Z10, Z11, zt

// FMASTORES with AVX-512, its blocks written with BLOCKPAIRS and put.
#define FMASTORESX(put, store, fence, ahead) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	VPBROADCASTD first+24(FP), Z9 \
	MOVQ inc+32(FP), DX \
	VADDPS 0(SI), Z9, Z0 \
	VADDPS 64(SI), Z9, Z1 \
	VBROADCASTSS (DX), Z4 \
	VPBROADCASTD start+40(FP), Z10 \
	VPBROADCASTD delta+48(FP), Z11 \
	TESTQ CX, CX \
	JZ done \
	BLOCKPAIRS(FMASBLOCK, put, 128, VADDPS, STEPPS, store, ahead, pairs, loop) \
done: \
	fence \
	VZEROUPPER \
	RET

// A block of CVTQSTORES (BLOCKPAIRS's value): each lane converted once and
// scaled.
#define CVTQBLOCK(lo, hi, z, zt, y, yt, t2, t3) \
	VCVTQQ2PS lo, y \
	VCVTQQ2PS hi, yt \
	VINSERTF32X8 $1, yt, z, z \
	VMULPS Z12, z, z

// CVTQ48 is CVTQSTORES for 48 int64 lanes (Z0-Z5), blocks of 192 bytes
// stride (R8) bytes apart (cvtQ48: float32 rows whose pattern repeats every
// 192 bytes, or every few blocks, in sets), the lanes advanced by VPADDQ (Z6).
#define CVTQ48(store, fence, ahead) \
	MASKARGS \
	VPBROADCASTQ first+32(FP), Z9 \
	VPADDQ 0(SI), Z9, Z0 \
	VPADDQ 64(SI), Z9, Z1 \
	VPADDQ 128(SI), Z9, Z2 \
	VPADDQ 192(SI), Z9, Z3 \
	VPADDQ 256(SI), Z9, Z4 \
	VPADDQ 320(SI), Z9, Z5 \
	VPBROADCASTQ inc+40(FP), Z6 \
	VPBROADCASTD scale+48(FP), Z12 \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	ahead(64) \
	ahead(128) \
	CVTQBLOCK(Z0, Z1, Z13, Z14, Y13, Y14, _, _) \
	CVTQBLOCK(Z2, Z3, Z15, Z16, Y15, Y16, _, _) \
	CVTQBLOCK(Z4, Z5, Z17, Z18, Y17, Y18, _, _) \
	store Z13, 0(DI) \
	store Z15, 64(DI) \
	store Z17, 128(DI) \
	VPADDQ Z6, Z0, Z0 \
	VPADDQ Z6, Z1, Z1 \
	VPADDQ Z6, Z2, Z2 \
	VPADDQ Z6, Z3, Z3 \
	VPADDQ Z6, Z4, Z4 \
	VPADDQ Z6, Z5, Z5 \
	ADDQ R8, DI \
	DECQ CX \
	JNZ loop \
done: \
	fence \
	VZEROUPPER \
	RET

// int64 lanes converted once to float32 (VCVTQQ2PS, to nearest even) and
// scaled by a power of two (exact: the planner keeps the products normal):
// each block writes 16 float32 (64 bytes), with BLOCKPAIRS.
#define CVTQSTORES(store, fence, ahead) \
	QLANES16 \
	MOVQ scale+40(FP), AX \
	VPBROADCASTD AX, Z12 \
	TESTQ CX, CX \
	JZ done \
	BLOCKPAIRS(CVTQBLOCK, PUTZ, 64, VPADDQ, STEPQ, store, ahead, pairs, loop) \
done: \
	fence \
	VZEROUPPER \
	RET

// CVTSTOREF16X is cvtStoreF16x, its regular and ahead forms (ahead: see
// lanes_amd64.h). Where four blocks or more remain, it writes four blocks a
// step, in four pairs of lanes each advanced by four blocks: the additions'
// latency no longer sets the pace.
#define CVTSTOREF16X(ahead) \
	MOVQ dst+0(FP), DI \
	MOVQ blocks+8(FP), CX \
	MOVQ base+16(FP), SI \
	MOVQ first+24(FP), AX \
	MOVQ inc+32(FP), DX \
	VPBROADCASTD AX, Z9 \
	VMOVUPS 0(SI), Z0 \
	VMOVUPS 64(SI), Z1 \
	VADDPS Z9, Z0, Z0 \
	VADDPS Z9, Z1, Z1 \
	VBROADCASTSS (DX), Z4 \
	MOVL $0x3f800000, AX \
	VPBROADCASTD AX, Z20 \
	CMPQ CX, $4 \
	JB one \
	VADDPS Z4, Z4, Z13 \
	VADDPS Z13, Z13, Z14 \
	VADDPS Z4, Z0, Z2 \
	VADDPS Z4, Z1, Z3 \
	VADDPS Z13, Z0, Z15 \
	VADDPS Z13, Z1, Z16 \
	VADDPS Z4, Z15, Z17 \
	VADDPS Z4, Z16, Z18 \
four: \
	ahead(0) \
	ahead(64) \
	ahead(128) \
	ahead(192) \
	VCVTPS2PH $0, Z0, Y5 \
	VMOVDQU Y5, 0(DI) \
	VCVTPS2PH $0, Z1, Y6 \
	VMOVDQU Y6, 32(DI) \
	VCVTPS2PH $0, Z2, Y7 \
	VMOVDQU Y7, 64(DI) \
	VCVTPS2PH $0, Z3, Y8 \
	VMOVDQU Y8, 96(DI) \
	VCVTPS2PH $0, Z15, Y10 \
	VMOVDQU Y10, 128(DI) \
	VCVTPS2PH $0, Z16, Y11 \
	VMOVDQU Y11, 160(DI) \
	VCVTPS2PH $0, Z17, Y12 \
	VMOVDQU Y12, 192(DI) \
	VCVTPS2PH $0, Z18, Y9 \
	VMOVDQU Y9, 224(DI) \
	VFMADD231PS Z14, Z20, Z0 \
	VFMADD231PS Z14, Z20, Z1 \
	VFMADD231PS Z14, Z20, Z2 \
	VFMADD231PS Z14, Z20, Z3 \
	VFMADD231PS Z14, Z20, Z15 \
	VFMADD231PS Z14, Z20, Z16 \
	VFMADD231PS Z14, Z20, Z17 \
	VFMADD231PS Z14, Z20, Z18 \
	ADDQ $256, DI \
	SUBQ $4, CX \
	CMPQ CX, $4 \
	JAE four \
one: \
	TESTQ CX, CX \
	JZ done \
loop: \
	ahead(0) \
	VCVTPS2PH $0, Z0, Y5 \
	VMOVDQU Y5, 0(DI) \
	VCVTPS2PH $0, Z1, Y6 \
	VMOVDQU Y6, 32(DI) \
	VFMADD231PS Z4, Z20, Z0 \
	VFMADD231PS Z4, Z20, Z1 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	VZEROUPPER \
	RET

// func cvtStoreF32(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF32(SB), NOSPLIT, $0-40
	CVTSTOREF32(VMOVUPS, NOFENCE, NOAHEAD)

// func cvtStoreF32NT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF32 with streaming stores.
TEXT ·cvtStoreF32NT(SB), NOSPLIT, $0-40
	CVTSTOREF32(VMOVNTPS, SFENCE, NOAHEAD)

// func cvtStoreF32A(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF32 fetching its lines ahead of the stores.
TEXT ·cvtStoreF32A(SB), NOSPLIT, $0-40
	CVTSTOREF32(VMOVUPS, NOFENCE, AHEAD)

// func cvtF32StrideY(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int)
TEXT ·cvtF32StrideY(SB), NOSPLIT, $0-48
	CVTF32STRIDE(VMOVUPS, NOFENCE, NOAHEAD)

// func cvtF32StrideYNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int)
// cvtF32StrideY with streaming stores.
TEXT ·cvtF32StrideYNT(SB), NOSPLIT, $0-48
	CVTF32STRIDE(VMOVNTPS, SFENCE, NOAHEAD)

// func cvtF32StrideYA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int)
// cvtF32StrideY fetching its lines ahead of the stores.
TEXT ·cvtF32StrideYA(SB), NOSPLIT, $0-48
	CVTF32STRIDE(VMOVUPS, NOFENCE, AHEADS)

// func cvtStoreF16(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
TEXT ·cvtStoreF16(SB), NOSPLIT, $0-40
	CVTSTOREF16(VMOVDQU, NOFENCE, NOAHEAD)

// func cvtStoreF16NT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
// cvtStoreF16 with streaming stores.
TEXT ·cvtStoreF16NT(SB), NOSPLIT, $0-40
	CVTSTOREF16(VMOVNTDQ, SFENCE, NOAHEAD)

// func cvtStoreF16A(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
// cvtStoreF16 fetching its lines ahead of the stores.
TEXT ·cvtStoreF16A(SB), NOSPLIT, $0-40
	CVTSTOREF16(VMOVDQU, NOFENCE, AHEAD)

// func cvtStoreF16Odd(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF16Odd(SB), NOSPLIT, $0-40
	CVTSTOREF16ODD(VMOVDQU, NOFENCE, NOAHEAD)

// func cvtStoreF16OddNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF16Odd with streaming stores.
TEXT ·cvtStoreF16OddNT(SB), NOSPLIT, $0-40
	CVTSTOREF16ODD(VMOVNTDQ, SFENCE, NOAHEAD)

// func cvtStoreF16OddA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF16Odd fetching its lines ahead of the stores.
TEXT ·cvtStoreF16OddA(SB), NOSPLIT, $0-40
	CVTSTOREF16ODD(VMOVDQU, NOFENCE, AHEAD)

// func cvtStoreF32x(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF32x(SB), NOSPLIT, $0-40
	CVTSTOREF32X(VMOVUPS, NOFENCE, NOAHEAD)

// func cvtStoreF32xNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF32x with streaming stores.
TEXT ·cvtStoreF32xNT(SB), NOSPLIT, $0-40
	CVTSTOREF32X(VMOVNTPS, SFENCE, NOAHEAD)

// func cvtStoreF32xA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF32x fetching its lines ahead of the stores.
TEXT ·cvtStoreF32xA(SB), NOSPLIT, $0-40
	CVTSTOREF32X(VMOVUPS, NOFENCE, AHEAD)

// func cvtStoreF16x(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
// The lanes advance by FMA (lane*1 + inc, rounded once: the sum, as VADDPS
// gives it), not VADDPS: on this machine VCVTPS2PH and VADDPS share pipes
// that the FMA does not use (a scratch loop of four blocks a turn at 64
// KiB: 104-105 GB/s with VADDPS, 135-143 with the FMA).
TEXT ·cvtStoreF16x(SB), NOSPLIT, $0-40
	CVTSTOREF16X(NOAHEAD)

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

// func cvtStoreF16xA(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)
// cvtStoreF16x fetching its lines ahead of the stores.
TEXT ·cvtStoreF16xA(SB), NOSPLIT, $0-40
	CVTSTOREF16X(AHEAD)

// func cvtStoreF16Oddx(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
TEXT ·cvtStoreF16Oddx(SB), NOSPLIT, $0-40
	CVTSTOREF16ODDX(VMOVDQU, NOFENCE, NOAHEAD)

// func cvtStoreF16OddxNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF16Oddx with streaming stores.
TEXT ·cvtStoreF16OddxNT(SB), NOSPLIT, $0-40
	CVTSTOREF16ODDX(VMOVNTDQ, SFENCE, NOAHEAD)

// func cvtStoreF16OddxA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)
// cvtStoreF16Oddx fetching its lines ahead of the stores.
TEXT ·cvtStoreF16OddxA(SB), NOSPLIT, $0-40
	CVTSTOREF16ODDX(VMOVDQU, NOFENCE, AHEAD)

// func fmaStore(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)
TEXT ·fmaStore(SB), NOSPLIT, $0-56
	FMASTORE(VMOVUPD, NOFENCE, NOAHEAD)

// func fmaStoreNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)
// fmaStore with streaming stores.
TEXT ·fmaStoreNT(SB), NOSPLIT, $0-56
	FMASTORE(VMOVNTPD, SFENCE, NOAHEAD)

// func fmaStoreA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)
// fmaStore fetching its lines ahead of the stores.
TEXT ·fmaStoreA(SB), NOSPLIT, $0-56
	FMASTORE(VMOVUPD, NOFENCE, AHEAD)

// func cvtqStoreS(dst *byte, blocks int, base *[16]int64, first, inc, scale uint64)
TEXT ·cvtqStoreS(SB), NOSPLIT, $0-48
	CVTQSTORES(VMOVUPS, NOFENCE, NOAHEAD)

// func cvtqStoreSNT(dst *byte, blocks int, base *[16]int64, first, inc, scale uint64)
// cvtqStoreS with streaming stores.
TEXT ·cvtqStoreSNT(SB), NOSPLIT, $0-48
	CVTQSTORES(VMOVNTPS, SFENCE, NOAHEAD)

// func cvtqStoreSA(dst *byte, blocks int, base *[16]int64, first, inc, scale uint64)
// cvtqStoreS fetching its lines ahead of the stores.
TEXT ·cvtqStoreSA(SB), NOSPLIT, $0-48
	CVTQSTORES(VMOVUPS, NOFENCE, AHEAD)

// func fmaStorex(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)
TEXT ·fmaStorex(SB), NOSPLIT, $0-56
	FMASTOREX(PUTZZH, VMOVUPD, NOFENCE, NOAHEAD)

// func fmaStorexNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)
// fmaStorex with streaming stores.
TEXT ·fmaStorexNT(SB), NOSPLIT, $0-56
	FMASTOREX(PUTZZ, VMOVNTPD, SFENCE, NOAHEAD)

// func fmaStorexA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)
// fmaStorex fetching its lines ahead of the stores.
TEXT ·fmaStorexA(SB), NOSPLIT, $0-56
	FMASTOREX(PUTZZH, VMOVUPD, NOFENCE, AHEAD)

// func fmaStoreS(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)
TEXT ·fmaStoreS(SB), NOSPLIT, $0-56
	FMASTORES(VMOVUPS, NOFENCE, NOAHEAD)

// func fmaStoreSNT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)
// fmaStoreS with streaming stores.
TEXT ·fmaStoreSNT(SB), NOSPLIT, $0-56
	FMASTORES(VMOVNTPS, SFENCE, NOAHEAD)

// func fmaStoreSA(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)
// fmaStoreS fetching its lines ahead of the stores.
TEXT ·fmaStoreSA(SB), NOSPLIT, $0-56
	FMASTORES(VMOVUPS, NOFENCE, AHEAD)

// func fmaStrideSY(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int)
TEXT ·fmaStrideSY(SB), NOSPLIT, $0-64
	FMASTRIDESY(VMOVUPS, NOFENCE, NOAHEAD)

// func fmaStrideSYNT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int)
// fmaStrideSY with streaming stores.
TEXT ·fmaStrideSYNT(SB), NOSPLIT, $0-64
	FMASTRIDESY(VMOVNTPS, SFENCE, NOAHEAD)

// func fmaStrideSYA(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int)
// fmaStrideSY fetching its lines ahead of the stores (each its own set's
// block a multiple of the stride on: AHEADS).
TEXT ·fmaStrideSYA(SB), NOSPLIT, $0-64
	FMASTRIDESY(VMOVUPS, NOFENCE, AHEADS)

// func fmaStoreSx(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)
TEXT ·fmaStoreSx(SB), NOSPLIT, $0-56
	FMASTORESX(PUTZZH, VMOVUPS, NOFENCE, NOAHEAD)

// func fmaStoreSxNT(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)
// fmaStoreSx with streaming stores.
TEXT ·fmaStoreSxNT(SB), NOSPLIT, $0-56
	FMASTORESX(PUTZZ, VMOVNTPS, SFENCE, NOAHEAD)

// func fmaStoreSxA(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)
// fmaStoreSx fetching its lines ahead of the stores.
TEXT ·fmaStoreSxA(SB), NOSPLIT, $0-56
	FMASTORESX(PUTZZH, VMOVUPS, NOFENCE, AHEAD)

// func fmaDStrideY(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64, stride int) int
TEXT ·fmaDStrideY(SB), NOSPLIT, $0-80
	FMADSTRIDE(VMOVUPS, NOFENCE, NOAHEAD)

// func fmaDStrideYNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64, stride int) int
// fmaDStrideY with streaming stores.
TEXT ·fmaDStrideYNT(SB), NOSPLIT, $0-80
	FMADSTRIDE(VMOVNTPS, SFENCE, NOAHEAD)

// func fmaDStrideYA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64, stride int) int
// fmaDStrideY fetching its lines ahead of the stores (each its own set's
// block a multiple of the stride on: AHEADS).
TEXT ·fmaDStrideYA(SB), NOSPLIT, $0-80
	FMADSTRIDE(VMOVUPS, NOFENCE, AHEADS)

// func fmaDStore(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int
TEXT ·fmaDStore(SB), NOSPLIT, $0-72
	FMADSTORE(VMOVUPS, NOFENCE, NOAHEAD)

// func fmaDStoreNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int
// fmaDStore with streaming stores.
TEXT ·fmaDStoreNT(SB), NOSPLIT, $0-72
	FMADSTORE(VMOVNTPS, SFENCE, NOAHEAD)

// func fmaDStoreA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int
// fmaDStore fetching its lines ahead of the stores.
TEXT ·fmaDStoreA(SB), NOSPLIT, $0-72
	FMADSTORE(VMOVUPS, NOFENCE, AHEAD)

// func fmaDStorex(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int
TEXT ·fmaDStorex(SB), NOSPLIT, $0-72
	FMADSTOREX(VMOVUPS, NOFENCE, NOAHEAD)

// func fmaDStorexNT(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int
// fmaDStorex with streaming stores.
TEXT ·fmaDStorexNT(SB), NOSPLIT, $0-72
	FMADSTOREX(VMOVNTPS, SFENCE, NOAHEAD)

// func fmaDStorexA(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int
// fmaDStorex fetching its lines ahead of the stores.
TEXT ·fmaDStorexA(SB), NOSPLIT, $0-72
	FMADSTOREX(VMOVUPS, NOFENCE, AHEAD)

// The sign bit of a float64 cleared, in four lanes (fmaDStore).
DATA absQ<>+0(SB)/8, $0x7FFFFFFFFFFFFFFF
DATA absQ<>+8(SB)/8, $0x7FFFFFFFFFFFFFFF
DATA absQ<>+16(SB)/8, $0x7FFFFFFFFFFFFFFF
DATA absQ<>+24(SB)/8, $0x7FFFFFFFFFFFFFFF
GLOBL absQ<>(SB), RODATA|NOPTR, $32

// func fma192S(dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64)
TEXT ·fma192S(SB), NOSPLIT, $0-56
	FMA6STORES(VMOVUPS, NOFENCE, NOAHEAD)

// func fma192SNT(dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64)
TEXT ·fma192SNT(SB), NOSPLIT, $0-56
	FMA6STORES(VMOVNTDQ, SFENCE, NOAHEAD)

// func fma192SA(dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64)
TEXT ·fma192SA(SB), NOSPLIT, $0-56
	FMA6STORES(VMOVUPS, NOFENCE, AHEAD)

// func cvtQ48(dst *byte, blocks, stride int, base *[48]int64, first, inc, scale uint64)
TEXT ·cvtQ48(SB), NOSPLIT, $0-56
	CVTQ48(VMOVUPS, NOFENCE, NOAHEAD)

// func cvtQ48NT(dst *byte, blocks, stride int, base *[48]int64, first, inc, scale uint64)
TEXT ·cvtQ48NT(SB), NOSPLIT, $0-56
	CVTQ48(VMOVNTPS, SFENCE, NOAHEAD)

// func cvtQ48A(dst *byte, blocks, stride int, base *[48]int64, first, inc, scale uint64)
TEXT ·cvtQ48A(SB), NOSPLIT, $0-56
	CVTQ48(VMOVUPS, NOFENCE, AHEADS)

// func cvtF32Maskx(dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64)
TEXT ·cvtF32Maskx(SB), NOSPLIT, $0-56
	CVTF32MASKX(NOAHEAD)

// func cvtF32MaskxA(dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64)
// cvtF32Maskx fetching its lines ahead of the stores.
TEXT ·cvtF32MaskxA(SB), NOSPLIT, $0-56
	CVTF32MASKX(AHEADS)

// func cvtF32MaskY(dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64)
TEXT ·cvtF32MaskY(SB), NOSPLIT, $0-56
	CVTF32MASKY(NOAHEAD)

// func cvtF32MaskYA(dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64)
// cvtF32MaskY fetching its lines ahead of the stores.
TEXT ·cvtF32MaskYA(SB), NOSPLIT, $0-56
	CVTF32MASKY(AHEADS)
