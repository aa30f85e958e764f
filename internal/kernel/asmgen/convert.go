package main

import "fmt"

// The store instructions of a kind of element, by store kind (regular,
// streaming, ahead).
type movs map[store]string

var (
	movPS = movs{stRegular: "VMOVUPS", stStream: "VMOVNTPS", stAhead: "VMOVUPS"}
	movPD = movs{stRegular: "VMOVUPD", stStream: "VMOVNTPD", stAhead: "VMOVUPD"}
	movDQ = movs{stRegular: "VMOVDQU", stStream: "VMOVNTDQ", stAhead: "VMOVDQU"}
)

// convertFile is convert_amd64.s: the converting and FMA kernels.
func convertFile() *File {
	f := NewFile("convert", `
The converting kernels (see the package doc: methods f32 (float16), f64,
fma, fma-s, fma-d): lanes of float64 or float32 values,
exact by the planner's preconditions, added to as the add kernels do and
converted once to the output type, or indices made into
fma(index, delta, start), rounded once. Each has an AVX2 form and an
AVX-512 form (suffix x; twice the lanes a conversion) where both exist,
and each form a regular and a non-temporal (NT) store kind (the masked
forms: a regular one and one that fetches ahead, A).
Go twins: twins.go.`)

	cvtStoreF32Forms(f)
	cvtStoreF16Forms(f)
	cvtStoreF16OddForms(f)
	cvtStoreF32xForms(f)
	cvtStoreF16xForms(f)
	cvtStoreF16OddxForms(f)
	fmaStoreForms(f)
	fmaStoreSForms(f)
	fmaStorexForms(f)
	fmaDStoreForms(f)
	fmaDStorexForms(f)

	// The sign bit of a float64 cleared, in four lanes (fmaDStore).
	f.Data("absQ", 0x7FFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF)
	fma192SForms(f)
	cvtF32MaskxForms(f)
	cvtF32MaskYForms(f)
	f.Data("maskShiftD", 0x0000001b0000001f, 0x0000001300000017, 0x0000000b0000000f, 0x0000000300000007)
	convertDispatch(f)
	return f
}

// cvtStoreF32Forms writes cvtStoreF32 and its stride form of every store
// kind.
//
// cvtStoreF32 (AVX2): float64 lanes to float32, rounding once; each
// block 16 float32 (64 bytes), the blocks 64 bytes apart, or a stride
// (cvtF32StrideY: float32 pixels in sets of blocks whose sums are
// exact in float64 lanes).
func cvtStoreF32Forms(f *File) {
	for _, fm := range []runForm{{"cvtStoreF32", sigF64, "f64To32_g", "$64", false}, {"cvtF32StrideY", sigF64Stride, "f64To32Stride_g", "R8", true}} {
		for _, st := range stores {
			f.Func(fm.name+st.suffix, fm.sig, storeDoc(fm.name, st))
			f.Twin(fm.twin, st, false)
			fm.head(f, st)
			yHead(f, "VPBROADCASTQ", false)
			yLanes(f, "VMOVUPD", "VADDPD")
			one64(f, "Y9")
			loopStart(f)
			for i := range 4 {
				f.Op("VCVTPD2PSY", y(i), x(5+i))
			}
			for i := range 4 {
				f.Op(movPS[st], x(5+i), at(16*i))
			}
			f.Each(4, "VFMADD231PD Y4, Y9, Y%[1]d")
			loopEnd(f, fm.adv)
			end(f, st)
		}
	}
}

// A runForm is a kernel's contiguous form or its stride form (stride:
// blocks a stride apart): the name, the Go signature, and the advance of
// DI after a block.
type runForm struct {
	name      string
	sig       *Sig
	twin, adv string
	stride    bool
}

// head loads the stride form's stride in R8 (and, fetching ahead,
// aheadDist's distance in R10); the contiguous form has nothing to load.
func (fm runForm) head(f *File, st store) {
	if fm.stride {
		f.Ops("MOVQ {stride}, R8")
		aheadDist(f, st)
	}
}

// cvtStoreF16Forms writes cvtStoreF16 of every store kind.
//
// cvtStoreF16 (AVX2): exact float32 lanes to float16 with F16C; each
// block 32 float16 (64 bytes). The lanes advance by FMA (lane*1 + inc,
// Y9 holding 1.0: the sum, as VADDPS gives it), which leaves the
// conversions' pipes to them on this machine (a scratch loop over 64
// KiB, alternated three times: 1332-1413 ns with VADDPS, 1113-1203 with
// the FMA).
func cvtStoreF16Forms(f *File) {
	for _, st := range stores {
		f.Func("cvtStoreF16"+st.suffix, sigF32, storeDoc("cvtStoreF16", st))
		f.Twin("f32To16_g", st, false)
		yHead(f, "VPBROADCASTD", false)
		yLanes(f, "VMOVUPS", "VADDPS")
		f.Ops(`
			MOVL $0x3f800000, AX
			VMOVQ AX, X9
			VPBROADCASTD X9, Y9
		`)
		loopStart(f)
		for i := range 4 {
			f.Op("VCVTPS2PH", "$0", y(i), x(5+i))
		}
		for i := range 4 {
			f.Op(movDQ[st], x(5+i), at(16*i))
		}
		f.Each(4, "VFMADD231PS Y4, Y9, Y%[1]d")
		loopEnd(f, "$64")
		end(f, st)
	}
}

// cvtStoreF16OddForms writes cvtStoreF16Odd of every store kind.
//
// cvtStoreF16Odd (AVX2): exact float64 lanes to float16, rounding
// once: each float64 first rounded to odd at float32's precision with
// integer operations (its 29 bits below float32's last place cleared,
// that last bit set if any of them was: oddHalf), which VCVTPD2PS
// converts exactly, and F16C rounds that to nearest even. float32
// keeps 13 bits more than float16, so the two steps round as one.
// Each block 16 float16 (32 bytes); the lanes advance by FMA.
func cvtStoreF16OddForms(f *File) {
	for _, st := range stores {
		f.Func("cvtStoreF16Odd"+st.suffix, sigF64, storeDoc("cvtStoreF16Odd", st))
		f.Twin("f64To16_g", st, false)
		yHead(f, "VPBROADCASTQ", false)
		yLanes(f, "VMOVUPD", "VADDPD")
		one64(f, "Y9")
		bcastQ(f, "$0x1FFFFFFF", "X10", "Y10")
		bcastQ(f, "$0x20000000", "X11", "Y11")
		f.Ops("VPXOR Y12, Y12, Y12")
		loopStart(f)
		oddHalf(f, "Y0", "Y1")
		f.Op(movDQ[st], "X5", at(0))
		oddHalf(f, "Y2", "Y3")
		f.Op(movDQ[st], "X5", at(16))
		f.Each(4, "VFMADD231PD Y4, Y9, Y%[1]d")
		loopEnd(f, "$32")
		end(f, st)
	}
}

// cvtStoreF32xForms writes cvtStoreF32x of every store kind.
//
// cvtStoreF32x (AVX-512): each lane converted once, blocks in pairs,
// the lanes advanced by FMA.
func cvtStoreF32xForms(f *File) {
	for _, st := range stores {
		f.Func("cvtStoreF32x"+st.suffix, sigF64, storeDoc("cvtStoreF32x", st))
		f.Twin("f64To32_g", st, true)
		f64Lanes16(f)
		f.Ops(`
			MOVQ $0x3FF0000000000000, AX
			VPBROADCASTQ AX, Z12
			TESTQ CX, CX
		`)
		f.Jump("JZ", "done")
		blockPairs(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
			f.Op("VCVTPD2PS", lo, y)
			f.Op("VCVTPD2PS", hi, yt)
		}, pairPutYY(f, movPS[st]), 64, "VADDPD", stepFMA(f))
		f.Label("done")
		end(f, st)
	}
}

// cvtStoreF16xForms writes cvtStoreF16x of every store kind.
//
// cvtStoreF16x (AVX-512): where four blocks or more remain, four
// blocks a step, in four pairs of lanes each advanced by four blocks:
// the additions' latency no longer sets the pace. The lanes advance by
// FMA (lane*1 + inc, rounded once: the sum, as VADDPS gives it), not
// VADDPS: on this machine VCVTPS2PH and VADDPS share pipes that the FMA
// does not use (a scratch loop of four blocks a turn at 64 KiB: 104-105
// GB/s with VADDPS, 135-143 with the FMA). The NT form is the plain
// loop.
func cvtStoreF16xForms(f *File) {
	for _, st := range stores {
		f.Func("cvtStoreF16x"+st.suffix, sigF32, storeDoc("cvtStoreF16x", st))
		f.Twin("f32To16_g", st, true)
		f.Ops(`
			MOVQ {dst}, DI
			MOVQ {blocks}, CX
			MOVQ {base}, SI
			MOVQ {first}, AX
			MOVQ {inc}, DX
			VPBROADCASTD AX, Z9
			VMOVUPS 0(SI), Z0
			VMOVUPS 64(SI), Z1
			VADDPS Z9, Z0, Z0
			VADDPS Z9, Z1, Z1
			VBROADCASTSS (DX), Z4
		`)
		if st == stStream {
			cvtF16xStream(f)
		} else {
			cvtF16xFour(f)
		}
		end(f, st)
	}
}

// cvtF16xStream writes cvtStoreF16xNT's loop: a block a turn, streamed,
// the lanes advanced by VADDPS.
func cvtF16xStream(f *File) {
	loopStart(f)
	f.Ops(`
		VCVTPS2PH $0, Z0, Y5
		VCVTPS2PH $0, Z1, Y6
	`)
	f.Op("VMOVNTDQ", "Y5", at(0))
	f.Op("VMOVNTDQ", "Y6", at(32))
	f.Ops(`
		VADDPS Z4, Z0, Z0
		VADDPS Z4, Z1, Z1
	`)
	loopEnd(f, "$64")
}

// cvtF16xFour writes cvtStoreF16x's loops of regular stores: four blocks
// a turn while four remain (eight lanes, each advanced by four blocks by
// FMA), then a block a turn.
func cvtF16xFour(f *File) {
	f.Ops(`
		MOVL $0x3f800000, AX
		VPBROADCASTD AX, Z20
		CMPQ CX, $4
	`)
	f.Jump("JB", "one")
	f.Ops(`
		VADDPS Z4, Z4, Z13
		VADDPS Z13, Z13, Z14
		VADDPS Z4, Z0, Z2
		VADDPS Z4, Z1, Z3
		VADDPS Z13, Z0, Z15
		VADDPS Z13, Z1, Z16
		VADDPS Z4, Z15, Z17
		VADDPS Z4, Z16, Z18
	`)
	f.Label("four")
	lanes := []string{"Z0", "Z1", "Z2", "Z3", "Z15", "Z16", "Z17", "Z18"}
	outs := []string{"Y5", "Y6", "Y7", "Y8", "Y10", "Y11", "Y12", "Y9"}
	for i, l := range lanes {
		f.Op("VCVTPS2PH", "$0", l, outs[i])
		f.Op("VMOVDQU", outs[i], at(32*i))
	}
	for _, l := range lanes {
		f.Op("VFMADD231PS", "Z14", "Z20", l)
	}
	f.Ops(`
		ADDQ $256, DI
		SUBQ $4, CX
		CMPQ CX, $4
	`)
	f.Jump("JAE", "four")
	f.Label("one")
	loopStart(f)
	f.Ops("VCVTPS2PH $0, Z0, Y5")
	f.Op("VMOVDQU", "Y5", at(0))
	f.Ops("VCVTPS2PH $0, Z1, Y6")
	f.Op("VMOVDQU", "Y6", at(32))
	f.Ops(`
		VFMADD231PS Z4, Z20, Z0
		VFMADD231PS Z4, Z20, Z1
	`)
	loopEnd(f, "$64")
}

// cvtStoreF16OddxForms writes cvtStoreF16Oddx of every store kind.
//
// cvtStoreF16Oddx (AVX-512): a block (32 bytes) the lanes lo, hi
// rounded to odd into float32 (truncated, the last bit set where bits
// were dropped: those under the mask Z10), then to float16 by F16C.
func cvtStoreF16OddxForms(f *File) {
	for _, st := range stores {
		f.Func("cvtStoreF16Oddx"+st.suffix, sigF64, storeDoc("cvtStoreF16Oddx", st))
		f.Twin("f64To16_g", st, true)
		f64Lanes16(f)
		f.Ops(`
			MOVQ $0x1FFFFFFF, AX
			VPBROADCASTQ AX, Z10
			MOVL $1, AX
			VPBROADCASTD AX, Y11
			MOVQ $0x3FF0000000000000, AX
			VPBROADCASTQ AX, Z12
			TESTQ CX, CX
		`)
		f.Jump("JZ", "done")
		blockPairs(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
			f.Op("VPTESTMQ", "Z10", lo, "K1")
			f.Op("VPTESTMQ", "Z10", hi, "K2")
			f.Op("VCVTPD2PS.RZ_SAE", lo, y)
			f.Op("VCVTPD2PS.RZ_SAE", hi, yt)
			f.Op("VPORD", "Y11", y, "K1", y)
			f.Op("VPORD", "Y11", yt, "K2", yt)
			f.Op("VINSERTF32X8", "$1", yt, z, z)
			f.Op("VCVTPS2PH", "$0", z, y)
		}, pairPutY(f, movDQ[st]), 32, "VADDPD", stepFMA(f))
		f.Label("done")
		end(f, st)
	}
}

// fmaStoreForms writes fmaStore of every store kind.
//
// fmaStore (AVX2): float64 elements as fma(index, delta, start),
// rounded once: the lanes hold the indices, exact integers, and grow by
// inc a block (16 elements, 128 bytes).
func fmaStoreForms(f *File) {
	for _, st := range stores {
		f.Func("fmaStore"+st.suffix, sigFMA64, storeDoc("fmaStore", st))
		f.Twin("fma_g", st, false)
		fmaY(f, "VPBROADCASTQ", "VMOVUPD", "VMOVAPD", "VADDPD", "VFMADD213PD", movPD[st], "$128")
		end(f, st)
	}
}

// fmaStoreSForms writes fmaStoreS and its stride form of every store kind.
//
// fmaStoreS (AVX2): float32 elements as fma(index, delta, start) in
// float32, rounded once: the lanes hold the indices, exact integers
// (below 2^24), and grow by inc a block (32 elements, 128 bytes); the
// blocks 128 bytes apart, or a stride (fmaStrideSY: float32 pixels in
// sets of blocks on tables without AVX-512's kernels for them).
func fmaStoreSForms(f *File) {
	for _, fm := range []runForm{{"fmaStoreS", sigFMA32, "fmaS_g", "$128", false}, {"fmaStrideSY", sigFMA32Stride, "fmaStrideS_g", "R8", true}} {
		for _, st := range stores {
			f.Func(fm.name+st.suffix, fm.sig, storeDoc(fm.name, st))
			f.Twin(fm.twin, st, false)
			fm.head(f, st)
			fmaY(f, "VPBROADCASTD", "VMOVUPS", "VMOVAPS", "VADDPS", "VFMADD213PS", movPS[st], fm.adv)
			end(f, st)
		}
	}
}

// fmaStorexForms writes fmaStorex and fmaStoreSx of every store kind.
//
// fmaStorex and fmaStoreSx (AVX-512): fmaStore's and fmaStoreS's
// elements, blocks in pairs, each 64 bytes stored as two halves
// (pairPutZZH) but by streaming stores.
func fmaStorexForms(f *File) {
	for _, k := range []struct {
		name         string
		sig          *Sig
		twin         string
		mov          movs
		bc, add, bcs string // the lanes' broadcast, addition, and inc's broadcast
		mova, fma    string
	}{
		{"fmaStorex", sigFMA64, "fma_g", movPD, "VPBROADCASTQ", "VADDPD", "VBROADCASTSD", "VMOVAPD", "VFMADD213PD"},
		{"fmaStoreSx", sigFMA32, "fmaS_g", movPS, "VPBROADCASTD", "VADDPS", "VBROADCASTSS", "VMOVAPS", "VFMADD213PS"},
	} {
		for _, st := range stores {
			f.Func(k.name+st.suffix, k.sig, storeDoc(k.name, st))
			f.Twin(k.twin, st, true)
			lanes16(f, k.bc, k.add, k.bcs)
			f.Op(k.bc, f.Arg("start"), "Z10")
			f.Op(k.bc, f.Arg("delta"), "Z11")
			f.Ops("TESTQ CX, CX")
			f.Jump("JZ", "done")
			put := pairPutZZH(f, k.mov[st])
			if st == stStream {
				put = pairPutZZ(f, k.mov[st])
			}
			blockPairs(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
				f.Op(k.mova, lo, z)
				f.Op(k.mova, hi, zt)
				f.Op(k.fma, "Z10", "Z11", z)
				f.Op(k.fma, "Z10", "Z11", zt)
			}, put, 128, k.add, stepBy(f, k.add))
			f.Label("done")
			end(f, st)
		}
	}
}

// fmaDStoreForms writes fmaDStore of every store kind.
//
// fmaDStore (AVX2): float32 elements as
// fma(index, delta, start) in float64, then to float32 (mFMAD): the
// lanes hold the indices (exact integers), VFMADD213PD rounds the exact
// i*delta + start once to float64, and VCVTPD2PS rounds that to
// float32, which is the exact sum rounded once unless the float64 value
// is a float32 midpoint (its low 29 bits 1 followed by zeros) or, where
// tiny is not 0, below 2^-126 in magnitude (float32's subnormals round
// at another place, and zero's sign is the planner's). A block (16
// elements, 64 bytes) with such a value is not written: the kernel
// returns how many blocks it wrote before it, and the caller writes
// that one. Y9 gathers the blocks' midpoints (VPCMPEQQ) and the tiny
// lanes (the sign cleared, a signed VPCMPGTQ: the magnitudes are below
// 2^63).
func fmaDStoreForms(f *File) {
	for _, st := range stores {
		f.Func("fmaDStore"+st.suffix, sigFMAD, storeDoc("fmaDStore", st))
		f.Twin("fmaD_g", st, false)
		yHead(f, "VPBROADCASTQ", true)
		yLanes(f, "VMOVUPD", "VADDPD")
		bcastQ(f, "$0x1FFFFFFF", "X14", "Y14")
		bcastQ(f, "$0x10000000", "X15", "Y15")
		bcastQ(f, "$0x3810000000000000", "X13", "Y13")
		f.Ops(`
			MOVQ {tiny}, DX
			XORQ BX, BX
		`)
		loopStart(f)
		fmaYValues(f, "VMOVAPD", "VFMADD213PD")
		f.Ops(`
			VPAND Y14, Y5, Y9
			VPCMPEQQ Y15, Y9, Y9
		`)
		for _, v := range []string{"Y6", "Y7", "Y8"} {
			f.Op("VPAND", "Y14", v, "Y12")
			f.Ops(`
				VPCMPEQQ Y15, Y12, Y12
				VPOR Y12, Y9, Y9
			`)
		}
		f.Ops("TESTQ DX, DX")
		f.Jump("JZ", "normal")
		for _, v := range []string{"Y5", "Y6", "Y7", "Y8"} {
			f.Op("VPAND", "absQ<>(SB)", v, "Y12")
			f.Ops(`
				VPCMPGTQ Y12, Y13, Y12
				VPOR Y12, Y9, Y9
			`)
		}
		f.Label("normal")
		f.Ops("VPTEST Y9, Y9")
		f.Jump("JNZ", "done")
		for i := range 4 {
			f.Op("VCVTPD2PSY", y(5+i), x(5+i))
		}
		for i := range 4 {
			f.Op(movPS[st], x(5+i), at(16*i))
		}
		f.Each(4, "VADDPD Y4, Y%[1]d, Y%[1]d")
		f.Ops(`
			ADDQ $64, DI
			INCQ BX
			DECQ CX
		`)
		f.Jump("JNZ", "loop")
		f.Label("done")
		fenceRet(f, st)
	}
}

// fmaDStorexForms writes fmaDStorex of every store kind.
//
// fmaDStorex (AVX-512): fmaDStore's elements, checks and result, the
// midpoint masks Z12, Z13, the tiny ones Z14, Z15.
func fmaDStorexForms(f *File) {
	for _, st := range stores {
		f.Func("fmaDStorex"+st.suffix, sigFMAD, storeDoc("fmaDStorex", st))
		f.Twin("fmaD_g", st, true)
		f64Lanes16(f)
		f.Ops(`
			VPBROADCASTQ {start}, Z10
			VPBROADCASTQ {delta}, Z11
		`)
		for _, c := range [][2]string{{"$0x1FFFFFFF", "Z12"}, {"$0x10000000", "Z13"}, {"$0x7FFFFFFFFFFFFFFF", "Z14"}, {"$0x3810000000000000", "Z15"}} {
			f.Op("MOVQ", c[0], "AX")
			f.Op("VPBROADCASTQ", "AX", c[1])
		}
		f.Ops(`
			MOVQ {tiny}, DX
			XORQ BX, BX
		`)
		loopStart(f)
		f.Ops(`
			VMOVAPD Z0, Z5
			VMOVAPD Z1, Z6
			VFMADD213PD Z10, Z11, Z5
			VFMADD213PD Z10, Z11, Z6
			VPANDQ Z12, Z5, Z7
			VPANDQ Z12, Z6, Z8
			VPCMPEQQ Z13, Z7, K1
			VPCMPEQQ Z13, Z8, K2
			TESTQ DX, DX
		`)
		f.Jump("JZ", "normal")
		f.Ops(`
			VPANDQ Z14, Z5, Z7
			VPANDQ Z14, Z6, Z8
			VPCMPUQ $1, Z15, Z7, K3
			VPCMPUQ $1, Z15, Z8, K4
			KORB K3, K4, K3
			KORB K1, K3, K1
		`)
		f.Label("normal")
		f.Ops("KORTESTB K1, K2")
		f.Jump("JNZ", "done")
		f.Ops(`
			VCVTPD2PS Z5, Y5
			VCVTPD2PS Z6, Y6
		`)
		f.Op(movPS[st], "Y5", at(0))
		f.Op(movPS[st], "Y6", at(32))
		f.Ops(`
			VADDPD Z4, Z0, Z0
			VADDPD Z4, Z1, Z1
			ADDQ $64, DI
			INCQ BX
			DECQ CX
		`)
		f.Jump("JNZ", "loop")
		f.Label("done")
		fenceRet(f, st)
	}
}

// fma192SForms writes fma192S of every store kind.
//
// fma192S (AVX2): fmaStoreS for blocks of 192 bytes (six registers of
// index lanes, Y0-Y5, inc in Y6).
func fma192SForms(f *File) {
	fma192 := movs{stRegular: "VMOVUPS", stStream: "VMOVNTDQ", stAhead: "VMOVUPS"}
	for _, st := range stores {
		f.Func("fma192S"+st.suffix, sigFMA192S, "")
		f.Twin("fma192S_g", st, false)
		yHead(f, "VPBROADCASTD", true)
		for i := range 6 {
			f.Op("VADDPS", fmt.Sprintf("%d(SI)", 32*i), "Y9", y(i))
		}
		f.Ops("VMOVUPS (DX), Y6")
		loopStart(f)
		for off := 0; off < 192; off += 64 {
		}
		tmps := []string{"Y7", "Y8", "Y9", "Y12", "Y13", "Y14"}
		for i, t := range tmps {
			f.Op("VMOVAPS", y(i), t)
		}
		for _, t := range tmps {
			f.Op("VFMADD213PS", "Y10", "Y11", t)
		}
		for i, t := range tmps {
			f.Op(fma192[st], t, at(32*i))
		}
		f.Each(6, "VADDPS Y6, Y%[1]d, Y%[1]d")
		loopEnd(f, "$192")
		end(f, st)
	}
}

// cvtF32MaskxForms writes cvtF32Maskx, regular and fetching ahead.
//
// cvtF32Maskx (AVX-512): cvtF32StrideY under a byte mask (the padded
// pixels of f64 lanes): the block's 16 float32 stored by VMOVDQU8
// under K1 (mask's 64 bits), the bytes it leaves out as they were.
func cvtF32MaskxForms(f *File) {
	for _, st := range []store{stRegular, stAhead} {
		f.Func("cvtF32Maskx"+st.suffix, sigMaskF64, storeDoc("cvtF32Maskx", st))
		f.Twin("f64To32Mask_g", st, true)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTQ {first}, Z9
			MOVQ {inc}, DX
			MOVQ {mask}, BX
			KMOVQ 0(BX), K1
			VADDPD 0(SI), Z9, Z0
			VADDPD 64(SI), Z9, Z1
			VBROADCASTSD (DX), Z4
		`)
		loopStart(f)
		if st.ahead {
			aheadStride(f, 0)
		}
		f.Ops(`
			VCVTPD2PS Z0, Y5
			VCVTPD2PS Z1, Y6
			VINSERTF64X4 $1, Y6, Z5, Z5
		`)
		f.Op("VMOVDQU8", "Z5", "K1", at(0))
		f.Ops(`
			VADDPD Z4, Z0, Z0
			VADDPD Z4, Z1, Z1
		`)
		loopEnd(f, "R8")
		end(f, st)
	}
}

// cvtF32MaskYForms writes cvtF32MaskY, regular and fetching ahead.
//
// cvtF32MaskY (AVX2): the block in two vectors of 8 float32, each
// stored by VPMASKMOVD under its element masks (from mask's 32 bits of
// each, as masksY makes them).
func cvtF32MaskYForms(f *File) {
	for _, st := range []store{stRegular, stAhead} {
		f.Func("cvtF32MaskY"+st.suffix, sigMaskF64, storeDoc("cvtF32MaskY", st))
		f.Twin("f64To32Mask_g", st, false)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTQ {first}, Y9
			MOVQ {inc}, DX
			MOVQ {mask}, BX
			VPBROADCASTD 0(BX), Y6
			VPBROADCASTD 4(BX), Y7
			VPSLLVD maskShiftD<>(SB), Y6, Y6
			VPSLLVD maskShiftD<>(SB), Y7, Y7
		`)
		for i := range 4 {
			f.Op("VADDPD", fmt.Sprintf("%d(SI)", 32*i), "Y9", y(i))
		}
		f.Ops("VBROADCASTSD (DX), Y4")
		loopStart(f)
		if st.ahead {
			aheadStride(f, 0)
		}
		for i := range 4 {
			f.Op("VCVTPD2PSY", y(i), x(10+i))
		}
		f.Ops(`
			VINSERTF128 $1, X11, Y10, Y10
			VINSERTF128 $1, X13, Y12, Y12
		`)
		f.Op("VPMASKMOVD", "Y10", "Y6", at(0))
		f.Op("VPMASKMOVD", "Y12", "Y7", at(32))
		f.Each(4, "VADDPD Y4, Y%[1]d, Y%[1]d")
		loopEnd(f, "R8")
		end(f, st)
	}
}

// yHead loads dst (DI), blocks (CX), base (SI) and inc's address (DX) and
// broadcasts first into Y9 with bc; with startDelta, start into Y10 and
// delta into Y11 too.
func yHead(f *File, bc string, startDelta bool) {
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {blocks}, CX
		MOVQ {base}, SI
		MOVQ {first}, AX
		VMOVQ AX, X9
		MOVQ {inc}, DX
	`)
	f.Op(bc, "X9", "Y9")
	if startDelta {
		for i, a := range []string{"start", "delta"} {
			f.Op("MOVQ", f.Arg(a), "AX")
			f.Op("VMOVQ", "AX", x(10+i))
			f.Op(bc, x(10+i), y(10+i))
		}
	}
}

// yLanes loads the four lane vectors base + first (Y9) into Y0-Y3 with
// movu and add, and inc into Y4.
func yLanes(f *File, movu, add string) {
	for i := range 4 {
		f.Op(movu, fmt.Sprintf("%d(SI)", 32*i), y(i))
	}
	for i := range 4 {
		f.Op(add, "Y9", y(i), y(i))
	}
	f.Op(movu, "(DX)", "Y4")
}

// one64 puts 1.0 (float64) in every lane of v (the FMA steps' factor).
func one64(f *File, v string) { bcastQ(f, "$0x3FF0000000000000", "X9", v) }

// bcastQ puts the 64-bit constant c in every lane of v through xr.
func bcastQ(f *File, c, xr, v string) {
	f.Op("MOVQ", c, "AX")
	f.Op("VMOVQ", "AX", xr)
	f.Op("VPBROADCASTQ", xr, v)
}

func loopStart(f *File) {
	f.Ops("TESTQ CX, CX")
	f.Jump("JZ", "done")
	f.Label("loop")
}

func loopEnd(f *File, adv string) {
	f.Op("ADDQ", adv, "DI")
	f.Ops("DECQ CX")
	f.Jump("JNZ", "loop")
	f.Label("done")
}

// fenceRet ends a kernel that returns the blocks it wrote (BX).
func fenceRet(f *File, st store) {
	if st.fence != "" {
		f.Op(st.fence)
	}
	f.Ops(`
		MOVQ BX, {ret}
		VZEROUPPER
		RET
	`)
}

// f64Lanes16 loads the arguments of a kernel of sixteen float64 lanes: dst
// in DI, blocks in CX, the lanes base + first in Z0 and Z1, inc in Z4.
func f64Lanes16(f *File) { lanes16(f, "VPBROADCASTQ", "VADDPD", "VBROADCASTSD") }

// lanes16 is f64Lanes16 for lanes that bc broadcasts, add adds and bcs
// broadcasts inc's first lane into (float64 or float32).
func lanes16(f *File, bc, add, bcs string) {
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {blocks}, CX
		MOVQ {base}, SI
	`)
	f.Op(bc, f.Arg("first"), "Z9")
	f.Ops("MOVQ {inc}, DX")
	f.Op(add, "0(SI)", "Z9", "Z0")
	f.Op(add, "64(SI)", "Z9", "Z1")
	f.Op(bcs, "(DX)", "Z4")
}

// oddHalf converts the float64 lanes a, b to float16 in X5: each rounded
// to odd at float32's precision (x with its low 29 bits, Y10, cleared, and
// bit 29, Y11, set where they were not all zero; Y12 is zero), converted
// to float32 exactly, the two halves put together and converted by F16C.
func oddHalf(f *File, a, b string) {
	for i, v := range []string{a, b} {
		out, t := y(5+i), y(7+i)
		f.Op("VPAND", v, "Y10", t)
		f.Op("VPCMPEQQ", "Y12", t, t)
		f.Op("VPANDN", "Y11", t, t)
		f.Op("VPANDN", v, "Y10", out)
		f.Op("VPOR", t, out, out)
	}
	f.Ops(`
		VCVTPD2PSY Y5, X5
		VCVTPD2PSY Y6, X6
		VINSERTF128 $1, X6, Y5, Y5
		VCVTPS2PH $0, Y5, X5
	`)
}

// fmaYValues sets Y5-Y8 to fma(lane, delta, start) of the lanes Y0-Y3
// (mova copies, fma multiplies and adds, rounding once).
func fmaYValues(f *File, mova, fma string) {
	for i := range 4 {
		f.Op(mova, y(i), y(5+i))
	}
	for i := range 4 {
		f.Op(fma, "Y10", "Y11", y(5+i))
	}
}

// fmaY is the AVX2 FMA kernels' body: four registers of index lanes, a
// block of 128 bytes, the next adv bytes on.
func fmaY(f *File, bc, movu, mova, add, fma, mov string, adv string) {
	yHead(f, bc, true)
	yLanes(f, movu, add)
	loopStart(f)
	fmaYValues(f, mova, fma)
	for i := range 4 {
		f.Op(mov, y(5+i), at(32*i))
	}
	for i := range 4 {
		f.Op(add, "Y4", y(i), y(i))
	}
	loopEnd(f, adv)
}

// convertDispatch writes the table's methods of the converting kernels:
// the AVX-512 form (x) where the table has it, else the AVX2 one, of the
// store kind; the Go twin on the Go table.
func convertDispatch(f *File) {
	type method struct {
		name, doc  string
		sig        *Sig
		twin, x, y string
		sts        []store // store kinds with forms of their own (regular last)
	}
	ntA := []store{stStream, stRegular}
	for _, m := range []method{
		{name: "f64To32", doc: "f64To32 converts float64 lanes to float32 (cvtStoreF32[x]).", sig: sigF64, twin: "f64To32_g", x: "cvtStoreF32x", y: "cvtStoreF32", sts: ntA},
		{name: "f64To32Stride", doc: "f64To32Stride is f64To32 for blocks stride bytes apart (cvtF32StrideY[NT]: the AVX2 form on every table).", sig: sigF64Stride, twin: "f64To32Stride_g", y: "cvtF32StrideY", sts: ntA},
		{name: "f64To32Mask", doc: "f64To32Mask is f64To32Stride under byte masks (cvtF32Maskx[A], AVX-512; cvtF32MaskY[A], AVX2), regular stores or fetching ahead (st stStream: regular; masked stores have no non-temporal form).", sig: sigMaskF64, twin: "f64To32Mask_g", x: "cvtF32Maskx", y: "cvtF32MaskY", sts: []store{stAhead, stRegular}},
		{name: "f64To16", doc: "f64To16 converts exact float64 lanes to float16, rounding once (cvtStoreF16Odd[x]).", sig: sigF64, twin: "f64To16_g", x: "cvtStoreF16Oddx", y: "cvtStoreF16Odd", sts: ntA},
		{name: "fma", doc: "fma writes float64 elements as fma(index, delta, start) (fmaStore[x]).", sig: sigFMA64, twin: "fma_g", x: "fmaStorex", y: "fmaStore", sts: ntA},
		{name: "fmaS", doc: "fmaS writes float32 elements as fma(index, delta, start) in float32 (fmaStoreS[x]).", sig: sigFMA32, twin: "fmaS_g", x: "fmaStoreSx", y: "fmaStoreS", sts: ntA},
		{name: "fmaStride", doc: "fmaStride is fmaS for blocks stride bytes apart (fmaStrideSY[NT]: the AVX2 forms, which every table with kernels has).", sig: sigFMA32Stride, twin: "fmaStrideS_g", y: "fmaStrideSY", sts: ntA},
		{name: "f32To16", doc: "f32To16 converts exact float32 lanes to float16 (cvtStoreF16[x]).", sig: sigF32, twin: "f32To16_g", x: "cvtStoreF16x", y: "cvtStoreF16", sts: ntA},
		{name: "fmaD", doc: "fmaD writes float32 elements as fma(index, delta, start) in float64, rounded to float32, and returns the blocks written (fmaDStore[x]).", sig: sigFMAD, twin: "fmaD_g", x: "fmaDStorex", y: "fmaDStore", sts: ntA},
		{name: "fma192S", doc: "fma192S is fmaS in blocks of 192 bytes (AVX2 form; dst aligned to 32 bytes for streaming).", sig: sigFMA192S, twin: "fma192S_g", y: "fma192S", sts: ntA},
	} {
		ret := ""
		if m.sig.Result != "" {
			ret = "return "
		}
		cond := "!t.asm"
		forms := []form{{"", m.y}}
		if m.x != "" {
			forms = []form{{"t.avx512", m.x}, {"", m.y}}
		}
		arms := formArms(cond, m.twin, forms, m.sts, m.sig.Args(), ret)
		dispatchResult(f, m.doc, m.name, m.sig.Method("st store"), m.sig.Result, arms)
	}
}
