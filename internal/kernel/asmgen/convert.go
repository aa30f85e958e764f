package main

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
	cvt320xF32Forms(f)
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
	f.Shapes(convertShapes...)
	return f
}

// The converting kernels' registers (to, left, step, from and incAt
// blockR's; the AVX-512 lanes, their step and 1.0 blockPairs').
var convR = struct {
	to, left, step, from, incAt Reg // blockR's: the block, blocks left, stride, base, inc

	tmp     Reg   // first, start, delta or a constant, loaded whole
	masks   Reg   // (the masked forms) the byte masks' address
	tinyR   Reg   // (fmaD) tiny
	written Reg   // (fmaD) the blocks written
	lane    []Reg // (AVX2) the lanes: four vectors of 32 bytes (fma192S: six)
	incY    Reg   // (AVX2) inc's vector
	firstY  Reg   // (AVX2) first in every lane (before the lanes are made),
	firstX  Reg   // its low bytes
	oneY    Reg   // (AVX2) 1.0 in every lane (the FMA steps' factor),
	oneX    Reg   // its low bytes
	startY  Reg   // (AVX2) start in every lane,
	deltaY  Reg   // and delta
	startX  Reg   // start's low bytes,
	deltaX  Reg   // delta's
	outX    []Reg // (AVX2) a block's lanes converted, 16 bytes each
	val     []Reg // (AVX2) a block's values, fma(lane, delta, start)
	odd     []Reg // (oddHalf) the lanes rounded to odd (odd[0]: the block),
	oddT    []Reg // their temporaries
	low29   Reg   // (cvtStoreF16Odd) the low 29 bits of every lane,
	low29X  Reg   // its low bytes
	bit29   Reg   // (cvtStoreF16Odd) bit 29 of every lane,
	bit29X  Reg   // its low bytes
	zero    Reg   // (cvtStoreF16Odd) zero
	midMask Reg   // (fmaDStore) the low 29 bits of every lane,
	midX    Reg   // its low bytes
	mid     Reg   // (fmaDStore) a midpoint's low 29 bits,
	mid1X   Reg   // its low bytes
	tinyV   Reg   // (fmaDStore) 2^-126 (float64 bits) in every lane,
	tinyX   Reg   // its low bytes
	flags   Reg   // (fmaDStore) the block's midpoints and tiny lanes
	cmp     Reg   // (fmaDStore) a comparison's lanes
	inc6    Reg   // (fma192S) inc's vector
	val6    []Reg // (fma192S) a block's values
	maskY   []Reg // (cvtF32MaskY) the masks of the block's halves
	cvtX    []Reg // (cvtF32MaskY) the lanes converted (halves put together in 0 and 2)
	laneZ   []Reg // (AVX-512) the lanes lo, hi (blockPairs' first set)
	incZ    Reg   // (AVX-512) inc in every lane
	firstZ  Reg   // (AVX-512) first in every lane
	oneZ    Reg   // (AVX-512) 1.0 (float64) in every lane
	startZ  Reg   // (AVX-512) start in every lane,
	deltaZ  Reg   // and delta
	outY    []Reg // (AVX-512) a block converted: its halves,
	outZ    Reg   // and whole (cvtF32Maskx)
	one32Z  Reg   // (cvtF16xFour) 1.0 (float32) in every lane
	inc2Z   Reg   // (cvtF16xFour) 2*inc,
	inc4Z   Reg   // and 4*inc
	four    []Reg // (cvtF16xFour) four blocks' lanes, lo and hi of each
	fourOut []Reg // (cvtF16xFour) their halves converted
	low29Z  Reg   // (cvtStoreF16Oddx) the low 29 bits of every lane
	oneD    Reg   // (cvtStoreF16Oddx) 1 in every dword
	valZ    []Reg // (fmaDStorex) a block's values
	tmpZ    []Reg // (fmaDStorex) their low bits, magnitudes
	midMZ   Reg   // (fmaDStorex) the low 29 bits of every lane,
	midZ    Reg   // a midpoint's,
	absZ    Reg   // the sign cleared,
	tinyZ   Reg   // 2^-126 (float64 bits)
	laneP   []Reg // (cvt320xF32) the lanes: ten vectors of eight float64,
	incP    Reg   // inc in every lane,
	firstP  Reg   // first in every lane,
	outP    []Reg // two vectors of lanes converted, 64 bytes a store,
	halfP   []Reg // the upper one's conversion
}{
	to: blockR.to, left: blockR.left, step: blockR.step, from: blockR.from, incAt: blockR.incAt,
	tmp: AX, masks: BX, tinyR: DX, written: BX,
	lane: vecs(y, 0, 6), incY: y(4), firstY: y(9), firstX: x(9), oneY: y(9), oneX: x(9),
	startY: y(10), deltaY: y(11), startX: x(10), deltaX: x(11), outX: vecs(x, 5, 4), val: vecs(y, 5, 4),
	odd: vecs(y, 5, 2), oddT: vecs(y, 7, 2), low29: y(10), low29X: x(10), bit29: y(11), bit29X: x(11), zero: y(12),
	midMask: y(14), midX: x(14), mid: y(15), mid1X: x(15), tinyV: y(13), tinyX: x(13), flags: y(9), cmp: y(12),
	inc6: y(6), val6: []Reg{y(7), y(8), y(9), y(12), y(13), y(14)}, maskY: vecs(y, 6, 2), cvtX: vecs(x, 10, 4),
	laneZ: pairsR.lane[:2], incZ: pairsR.step, firstZ: z(9), oneZ: pairsR.one, startZ: z(10), deltaZ: z(11),
	outY: vecs(y, 5, 2), outZ: z(5), one32Z: z(20), inc2Z: z(13), inc4Z: z(14),
	four: []Reg{z(0), z(1), z(2), z(3), z(15), z(16), z(17), z(18)}, fourOut: []Reg{y(5), y(6), y(7), y(8), y(10), y(11), y(12), y(9)},
	low29Z: z(10), oneD: y(11), valZ: vecs(z, 5, 2), tmpZ: vecs(z, 7, 2),
	midMZ: z(12), midZ: z(13), absZ: z(14), tinyZ: z(15),
	laneP: vecs(z, 0, 10), incP: z(10), firstP: z(11), outP: vecs(z, 12, 5), halfP: vecs(y, 17, 5),
}

// cvtStoreF32Forms writes cvtStoreF32 and its stride form of every store
// kind.
//
// cvtStoreF32 (AVX2): float64 lanes to float32, rounding once; each
// block 16 float32 (64 bytes), the blocks 64 bytes apart, or a stride
// (cvtF32StrideY: float32 pixels in sets of blocks whose sums are
// exact in float64 lanes).
func cvtStoreF32Forms(f *File) {
	r := convR
	for _, fm := range []runForm{{"cvtStoreF32", sigF64, "f64To32_g", "$64", false}, {"cvtF32StrideY", sigF64Stride, "f64To32Stride_g", r.step, true}} {
		for _, st := range stores {
			f.Func(fm.name+st.suffix, fm.sig, storeDoc(fm.name, st))
			f.Twin(fm.twin, st, false)
			fm.head(f, st)
			yHead(f, "VPBROADCASTQ", false)
			yLanes(f, "VMOVUPD", "VADDPD")
			one64(f, r.oneY)
			loopStart(f)
			for i, l := range r.lane[:4] {
				f.Op("VCVTPD2PSY", l, r.outX[i])
			}
			for i, o := range r.outX {
				f.Op(movPS[st], o, at(16*i))
			}
			for _, l := range r.lane[:4] {
				f.Op("VFMADD231PD", r.incY, r.oneY, l)
			}
			loopEnd(f, fm.adv)
			end(f, st)
		}
	}
}

// A runForm is a kernel's contiguous form or its stride form (stride:
// blocks a stride apart): the name, the Go signature, and the advance of
// to after a block (a constant or a Reg).
type runForm struct {
	name   string
	sig    *Sig
	twin   string
	adv    any
	stride bool
}

// head loads the stride form's stride in step (and, fetching ahead,
// aheadDist's distance in ahead); the contiguous form has nothing to load.
func (fm runForm) head(f *File, st store) {
	if fm.stride {
		f.Ops("MOVQ {stride}, {step}", convR)
		aheadDist(f, st)
	}
}

// cvtStoreF16Forms writes cvtStoreF16 of every store kind.
//
// cvtStoreF16 (AVX2): exact float32 lanes to float16 with F16C; each
// block 32 float16 (64 bytes). The lanes advance by FMA (lane*1 + inc,
// oneY holding 1.0: the sum, as VADDPS gives it), which leaves the
// conversions' pipes to them on this machine (a scratch loop over 64
// KiB, alternated three times: 1332-1413 ns with VADDPS, 1113-1203 with
// the FMA).
func cvtStoreF16Forms(f *File) {
	r := convR
	for _, st := range stores {
		f.Func("cvtStoreF16"+st.suffix, sigF32, storeDoc("cvtStoreF16", st))
		f.Twin("f32To16_g", st, false)
		yHead(f, "VPBROADCASTD", false)
		yLanes(f, "VMOVUPS", "VADDPS")
		f.Ops(`
			MOVL $0x3f800000, {tmp}
			VMOVQ {tmp}, {oneX}
			VPBROADCASTD {oneX}, {oneY}
		`, r)
		loopStart(f)
		for i, l := range r.lane[:4] {
			f.Op("VCVTPS2PH", "$0", l, r.outX[i])
		}
		for i, o := range r.outX {
			f.Op(movDQ[st], o, at(16*i))
		}
		for _, l := range r.lane[:4] {
			f.Op("VFMADD231PS", r.incY, r.oneY, l)
		}
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
	r := convR
	for _, st := range stores {
		f.Func("cvtStoreF16Odd"+st.suffix, sigF64, storeDoc("cvtStoreF16Odd", st))
		f.Twin("f64To16_g", st, false)
		yHead(f, "VPBROADCASTQ", false)
		yLanes(f, "VMOVUPD", "VADDPD")
		one64(f, r.oneY)
		bcastQ(f, "$0x1FFFFFFF", r.low29X, r.low29)
		bcastQ(f, "$0x20000000", r.bit29X, r.bit29)
		f.Ops("VPXOR {zero}, {zero}, {zero}", r)
		loopStart(f)
		oddHalf(f, r.lane[0], r.lane[1])
		f.Op(movDQ[st], r.odd[0].X(), at(0))
		oddHalf(f, r.lane[2], r.lane[3])
		f.Op(movDQ[st], r.odd[0].X(), at(16))
		for _, l := range r.lane[:4] {
			f.Op("VFMADD231PD", r.incY, r.oneY, l)
		}
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
			MOVQ $0x3FF0000000000000, {tmp}
			VPBROADCASTQ {tmp}, {oneZ}
			TESTQ {left}, {left}
		`, convR)
		f.Jump("JZ", "done")
		blockPairs(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
			f.Op("VCVTPD2PS", lo, y)
			f.Op("VCVTPD2PS", hi, yt)
		}, pairPutYY(f, movPS[st]), 64, "VADDPD", stepFMA(f))
		f.Label("done")
		end(f, st)
	}
}

// cvt320xF32Forms writes cvt320xF32 of every store kind.
//
// cvt320xF32 (AVX-512): cvtF32StrideY's five sets of blocks as one
// block of 320 bytes (80 float64 lanes in ten vectors: a period of
// float32 rows that repeat every five blocks of 64 bytes, rows of 5,
// 10 or 20 float32), contiguous: written in order in one pass where
// cvtF32StrideY writes five strided passes, each lane converted once,
// two vectors' conversions put together for each store of 64 bytes.
func cvt320xF32Forms(f *File) {
	r := convR
	for _, st := range stores {
		f.Func("cvt320xF32"+st.suffix, sigF64Period, storeDoc("cvt320xF32", st))
		f.Twin("f64To32Period_g", st, true)
		f.Ops(`
			MOVQ {dst}, {to}
			MOVQ {blocks}, {left}
			MOVQ {base}, {from}
			VPBROADCASTQ {first}, {firstP}
			MOVQ {inc}, {incAt}
			VBROADCASTSD ({incAt}), {incP}
		`, r)
		for i, l := range r.laneP {
			f.Op("VADDPD", r.from.At(64*i), r.firstP, l)
		}
		loopStart(f)
		for i, o := range r.outP {
			f.Op("VCVTPD2PS", r.laneP[2*i], o.Y())
			f.Op("VCVTPD2PS", r.laneP[2*i+1], r.halfP[i])
			f.Op("VINSERTF64X4", "$1", r.halfP[i], o, o)
		}
		for i, o := range r.outP {
			f.Op(movPS[st], o, at(64*i))
		}
		for _, l := range r.laneP {
			f.Op("VADDPD", r.incP, l, l)
		}
		loopEnd(f, "$320")
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
			MOVQ {dst}, {to}
			MOVQ {blocks}, {left}
			MOVQ {base}, {from}
			MOVQ {first}, {tmp}
			MOVQ {inc}, {incAt}
			VPBROADCASTD {tmp}, {firstZ}
			VMOVUPS 0({from}), {laneZ[0]}
			VMOVUPS 64({from}), {laneZ[1]}
			VADDPS {firstZ}, {laneZ[0]}, {laneZ[0]}
			VADDPS {firstZ}, {laneZ[1]}, {laneZ[1]}
			VBROADCASTSS ({incAt}), {incZ}
		`, convR)
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
	r := convR
	loopStart(f)
	f.Ops(`
		VCVTPS2PH $0, {laneZ[0]}, {outY[0]}
		VCVTPS2PH $0, {laneZ[1]}, {outY[1]}
	`, r)
	f.Op("VMOVNTDQ", r.outY[0], at(0))
	f.Op("VMOVNTDQ", r.outY[1], at(32))
	f.Ops(`
		VADDPS {incZ}, {laneZ[0]}, {laneZ[0]}
		VADDPS {incZ}, {laneZ[1]}, {laneZ[1]}
	`, r)
	loopEnd(f, "$64")
}

// cvtF16xFour writes cvtStoreF16x's loops of regular stores: four blocks
// a turn while four remain (eight lanes, each advanced by four blocks by
// FMA), then a block a turn.
func cvtF16xFour(f *File) {
	r := convR
	f.Ops(`
		MOVL $0x3f800000, {tmp}
		VPBROADCASTD {tmp}, {one32Z}
		CMPQ {left}, $4
	`, r)
	f.Jump("JB", "one")
	f.Ops(`
		VADDPS {incZ}, {incZ}, {inc2Z}
		VADDPS {inc2Z}, {inc2Z}, {inc4Z}
		VADDPS {incZ}, {four[0]}, {four[2]}
		VADDPS {incZ}, {four[1]}, {four[3]}
		VADDPS {inc2Z}, {four[0]}, {four[4]}
		VADDPS {inc2Z}, {four[1]}, {four[5]}
		VADDPS {incZ}, {four[4]}, {four[6]}
		VADDPS {incZ}, {four[5]}, {four[7]}
	`, r)
	f.Label("four")
	for i, l := range r.four {
		f.Op("VCVTPS2PH", "$0", l, r.fourOut[i])
		f.Op("VMOVDQU", r.fourOut[i], at(32*i))
	}
	for _, l := range r.four {
		f.Op("VFMADD231PS", r.inc4Z, r.one32Z, l)
	}
	f.Ops(`
		ADDQ $256, {to}
		SUBQ $4, {left}
		CMPQ {left}, $4
	`, r)
	f.Jump("JAE", "four")
	f.Label("one")
	loopStart(f)
	f.Ops("VCVTPS2PH $0, {laneZ[0]}, {outY[0]}", r)
	f.Op("VMOVDQU", r.outY[0], at(0))
	f.Ops("VCVTPS2PH $0, {laneZ[1]}, {outY[1]}", r)
	f.Op("VMOVDQU", r.outY[1], at(32))
	f.Ops(`
		VFMADD231PS {incZ}, {one32Z}, {laneZ[0]}
		VFMADD231PS {incZ}, {one32Z}, {laneZ[1]}
	`, r)
	loopEnd(f, "$64")
}

// cvtStoreF16OddxForms writes cvtStoreF16Oddx of every store kind.
//
// cvtStoreF16Oddx (AVX-512): a block (32 bytes) the lanes lo, hi
// rounded to odd into float32 (truncated, the last bit set where bits
// were dropped: those under the mask low29Z), then to float16 by F16C.
func cvtStoreF16OddxForms(f *File) {
	r := convR
	for _, st := range stores {
		f.Func("cvtStoreF16Oddx"+st.suffix, sigF64, storeDoc("cvtStoreF16Oddx", st))
		f.Twin("f64To16_g", st, true)
		f64Lanes16(f)
		f.Ops(`
			MOVQ $0x1FFFFFFF, {tmp}
			VPBROADCASTQ {tmp}, {low29Z}
			MOVL $1, {tmp}
			VPBROADCASTD {tmp}, {oneD}
			MOVQ $0x3FF0000000000000, {tmp}
			VPBROADCASTQ {tmp}, {oneZ}
			TESTQ {left}, {left}
		`, r)
		f.Jump("JZ", "done")
		blockPairs(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
			f.Op("VPTESTMQ", r.low29Z, lo, "K1")
			f.Op("VPTESTMQ", r.low29Z, hi, "K2")
			f.Op("VCVTPD2PS.RZ_SAE", lo, y)
			f.Op("VCVTPD2PS.RZ_SAE", hi, yt)
			f.Op("VPORD", r.oneD, y, "K1", y)
			f.Op("VPORD", r.oneD, yt, "K2", yt)
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
	for _, fm := range []runForm{{"fmaStoreS", sigFMA32, "fmaS_g", "$128", false}, {"fmaStrideSY", sigFMA32Stride, "fmaStrideS_g", convR.step, true}} {
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
	r := convR
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
			f.Op(k.bc, f.Arg("start"), r.startZ)
			f.Op(k.bc, f.Arg("delta"), r.deltaZ)
			f.Ops("TESTQ {left}, {left}", r)
			f.Jump("JZ", "done")
			put := pairPutZZH(f, k.mov[st])
			if st == stStream {
				put = pairPutZZ(f, k.mov[st])
			}
			blockPairs(f, func(lo, hi, z, zt, y, yt, t2, t3 Reg) {
				f.Op(k.mova, lo, z)
				f.Op(k.mova, hi, zt)
				f.Op(k.fma, r.startZ, r.deltaZ, z)
				f.Op(k.fma, r.startZ, r.deltaZ, zt)
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
// that one. flags gathers the blocks' midpoints (VPCMPEQQ) and the tiny
// lanes (the sign cleared, a signed VPCMPGTQ: the magnitudes are below
// 2^63).
func fmaDStoreForms(f *File) {
	r := convR
	for _, st := range stores {
		f.Func("fmaDStore"+st.suffix, sigFMAD, storeDoc("fmaDStore", st))
		f.Twin("fmaD_g", st, false)
		yHead(f, "VPBROADCASTQ", true)
		yLanes(f, "VMOVUPD", "VADDPD")
		bcastQ(f, "$0x1FFFFFFF", r.midX, r.midMask)
		bcastQ(f, "$0x10000000", r.mid1X, r.mid)
		bcastQ(f, "$0x3810000000000000", r.tinyX, r.tinyV)
		f.Ops(`
			MOVQ {tiny}, {tinyR}
			XORQ {written}, {written}
		`, r)
		loopStart(f)
		fmaYValues(f, "VMOVAPD", "VFMADD213PD")
		f.Ops(`
			VPAND {midMask}, {val[0]}, {flags}
			VPCMPEQQ {mid}, {flags}, {flags}
		`, r)
		for _, v := range r.val[1:] {
			f.Op("VPAND", r.midMask, v, r.cmp)
			f.Ops(`
				VPCMPEQQ {mid}, {cmp}, {cmp}
				VPOR {cmp}, {flags}, {flags}
			`, r)
		}
		f.Ops("TESTQ {tinyR}, {tinyR}", r)
		f.Jump("JZ", "normal")
		for _, v := range r.val {
			f.Op("VPAND", "absQ<>(SB)", v, r.cmp)
			f.Ops(`
				VPCMPGTQ {cmp}, {tinyV}, {cmp}
				VPOR {cmp}, {flags}, {flags}
			`, r)
		}
		f.Label("normal")
		f.Ops("VPTEST {flags}, {flags}", r)
		f.Jump("JNZ", "done")
		for i, v := range r.val {
			f.Op("VCVTPD2PSY", v, r.outX[i])
		}
		for i, o := range r.outX {
			f.Op(movPS[st], o, at(16*i))
		}
		for _, l := range r.lane[:4] {
			f.Op("VADDPD", r.incY, l, l)
		}
		f.Ops(`
			ADDQ $64, {to}
			INCQ {written}
			DECQ {left}
		`, r)
		f.Jump("JNZ", "loop")
		f.Label("done")
		fenceRet(f, st)
	}
}

// fmaDStorexForms writes fmaDStorex of every store kind.
//
// fmaDStorex (AVX-512): fmaDStore's elements, checks and result, the
// midpoint masks midMZ, midZ, the tiny ones absZ, tinyZ.
func fmaDStorexForms(f *File) {
	r := convR
	for _, st := range stores {
		f.Func("fmaDStorex"+st.suffix, sigFMAD, storeDoc("fmaDStorex", st))
		f.Twin("fmaD_g", st, true)
		f64Lanes16(f)
		f.Ops(`
			VPBROADCASTQ {start}, {startZ}
			VPBROADCASTQ {delta}, {deltaZ}
		`, r)
		for _, c := range []struct {
			c string
			v Reg
		}{{"$0x1FFFFFFF", r.midMZ}, {"$0x10000000", r.midZ}, {"$0x7FFFFFFFFFFFFFFF", r.absZ}, {"$0x3810000000000000", r.tinyZ}} {
			f.Op("MOVQ", c.c, r.tmp)
			f.Op("VPBROADCASTQ", r.tmp, c.v)
		}
		f.Ops(`
			MOVQ {tiny}, {tinyR}
			XORQ {written}, {written}
		`, r)
		loopStart(f)
		f.Ops(`
			VMOVAPD {laneZ[0]}, {valZ[0]}
			VMOVAPD {laneZ[1]}, {valZ[1]}
			VFMADD213PD {startZ}, {deltaZ}, {valZ[0]}
			VFMADD213PD {startZ}, {deltaZ}, {valZ[1]}
			VPANDQ {midMZ}, {valZ[0]}, {tmpZ[0]}
			VPANDQ {midMZ}, {valZ[1]}, {tmpZ[1]}
			VPCMPEQQ {midZ}, {tmpZ[0]}, K1
			VPCMPEQQ {midZ}, {tmpZ[1]}, K2
			TESTQ {tinyR}, {tinyR}
		`, r)
		f.Jump("JZ", "normal")
		f.Ops(`
			VPANDQ {absZ}, {valZ[0]}, {tmpZ[0]}
			VPANDQ {absZ}, {valZ[1]}, {tmpZ[1]}
			VPCMPUQ $1, {tinyZ}, {tmpZ[0]}, K3
			VPCMPUQ $1, {tinyZ}, {tmpZ[1]}, K4
			KORB K3, K4, K3
			KORB K1, K3, K1
		`, r)
		f.Label("normal")
		f.Ops("KORTESTB K1, K2")
		f.Jump("JNZ", "done")
		for _, v := range r.valZ {
			f.Op("VCVTPD2PS", v, v.Y())
		}
		f.Op(movPS[st], r.valZ[0].Y(), at(0))
		f.Op(movPS[st], r.valZ[1].Y(), at(32))
		f.Ops(`
			VADDPD {incZ}, {laneZ[0]}, {laneZ[0]}
			VADDPD {incZ}, {laneZ[1]}, {laneZ[1]}
			ADDQ $64, {to}
			INCQ {written}
			DECQ {left}
		`, r)
		f.Jump("JNZ", "loop")
		f.Label("done")
		fenceRet(f, st)
	}
}

// fma192SForms writes fma192S of every store kind.
//
// fma192S (AVX2): fmaStoreS for blocks of 192 bytes (six registers of
// index lanes, lane, inc in inc6).
func fma192SForms(f *File) {
	r := convR
	fma192 := movs{stRegular: "VMOVUPS", stStream: "VMOVNTDQ", stAhead: "VMOVUPS"}
	for _, st := range stores {
		f.Func("fma192S"+st.suffix, sigFMA192S, "")
		f.Twin("fma192S_g", st, false)
		yHead(f, "VPBROADCASTD", true)
		for i, l := range r.lane {
			f.Op("VADDPS", r.from.At(32*i), r.firstY, l)
		}
		f.Ops("VMOVUPS ({incAt}), {inc6}", r)
		loopStart(f)
		for i, t := range r.val6 {
			f.Op("VMOVAPS", r.lane[i], t)
		}
		for _, t := range r.val6 {
			f.Op("VFMADD213PS", r.startY, r.deltaY, t)
		}
		for i, t := range r.val6 {
			f.Op(fma192[st], t, at(32*i))
		}
		for _, l := range r.lane {
			f.Op("VADDPS", r.inc6, l, l)
		}
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
	r := convR
	for _, st := range []store{stRegular, stAhead} {
		f.Func("cvtF32Maskx"+st.suffix, sigMaskF64, storeDoc("cvtF32Maskx", st))
		f.Twin("f64To32Mask_g", st, true)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTQ {first}, {firstZ}
			MOVQ {inc}, {incAt}
			MOVQ {mask}, {masks}
			KMOVQ 0({masks}), K1
			VADDPD 0({from}), {firstZ}, {laneZ[0]}
			VADDPD 64({from}), {firstZ}, {laneZ[1]}
			VBROADCASTSD ({incAt}), {incZ}
		`, r)
		loopStart(f)
		if st.ahead {
			aheadStride(f, 0)
		}
		f.Ops(`
			VCVTPD2PS {laneZ[0]}, {outY[0]}
			VCVTPD2PS {laneZ[1]}, {outY[1]}
			VINSERTF64X4 $1, {outY[1]}, {outZ}, {outZ}
		`, r)
		f.Op("VMOVDQU8", r.outZ, "K1", at(0))
		f.Ops(`
			VADDPD {incZ}, {laneZ[0]}, {laneZ[0]}
			VADDPD {incZ}, {laneZ[1]}, {laneZ[1]}
		`, r)
		loopEnd(f, r.step)
		end(f, st)
	}
}

// cvtF32MaskYForms writes cvtF32MaskY, regular and fetching ahead.
//
// cvtF32MaskY (AVX2): the block in two vectors of 8 float32, each
// stored by VPMASKMOVD under its element masks (from mask's 32 bits of
// each, as masksY makes them).
func cvtF32MaskYForms(f *File) {
	r := convR
	for _, st := range []store{stRegular, stAhead} {
		f.Func("cvtF32MaskY"+st.suffix, sigMaskF64, storeDoc("cvtF32MaskY", st))
		f.Twin("f64To32Mask_g", st, false)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTQ {first}, {firstY}
			MOVQ {inc}, {incAt}
			MOVQ {mask}, {masks}
			VPBROADCASTD 0({masks}), {maskY[0]}
			VPBROADCASTD 4({masks}), {maskY[1]}
			VPSLLVD maskShiftD<>(SB), {maskY[0]}, {maskY[0]}
			VPSLLVD maskShiftD<>(SB), {maskY[1]}, {maskY[1]}
		`, r)
		for i, l := range r.lane[:4] {
			f.Op("VADDPD", r.from.At(32*i), r.firstY, l)
		}
		f.Ops("VBROADCASTSD ({incAt}), {incY}", r)
		loopStart(f)
		if st.ahead {
			aheadStride(f, 0)
		}
		for i, l := range r.lane[:4] {
			f.Op("VCVTPD2PSY", l, r.cvtX[i])
		}
		c := r.cvtX
		f.Op("VINSERTF128", "$1", c[1], c[0].Y(), c[0].Y())
		f.Op("VINSERTF128", "$1", c[3], c[2].Y(), c[2].Y())
		f.Op("VPMASKMOVD", c[0].Y(), r.maskY[0], at(0))
		f.Op("VPMASKMOVD", c[2].Y(), r.maskY[1], at(32))
		for _, l := range r.lane[:4] {
			f.Op("VADDPD", r.incY, l, l)
		}
		loopEnd(f, r.step)
		end(f, st)
	}
}

// yHead loads dst (to), blocks (left), base (from) and inc's address
// (incAt) and broadcasts first into firstY with bc; with startDelta,
// start into startY and delta into deltaY too.
func yHead(f *File, bc string, startDelta bool) {
	r := convR
	firstArgs(f, r)
	f.Ops("MOVQ {inc}, {incAt}", r)
	f.Op(bc, r.firstX, r.firstY)
	if startDelta {
		for _, a := range []struct {
			arg  string
			x, v Reg
		}{{"start", r.startX, r.startY}, {"delta", r.deltaX, r.deltaY}} {
			f.Op("MOVQ", f.Arg(a.arg), r.tmp)
			f.Op("VMOVQ", r.tmp, a.x)
			f.Op(bc, a.x, a.v)
		}
	}
}

// yLanes loads the four lane vectors base + first (firstY) into lane with
// movu and add, and inc into incY.
func yLanes(f *File, movu, add string) {
	r := convR
	for i, l := range r.lane[:4] {
		f.Op(movu, r.from.At(32*i), l)
	}
	for _, l := range r.lane[:4] {
		f.Op(add, r.firstY, l, l)
	}
	f.Op(movu, r.incAt.Mem(), r.incY)
}

// one64 puts 1.0 (float64) in every lane of v (the FMA steps' factor).
func one64(f *File, v Reg) { bcastQ(f, "$0x3FF0000000000000", convR.oneX, v) }

// bcastQ puts the 64-bit constant c in every lane of v through xr.
func bcastQ(f *File, c string, xr, v Reg) {
	f.Op("MOVQ", c, convR.tmp)
	f.Op("VMOVQ", convR.tmp, xr)
	f.Op("VPBROADCASTQ", xr, v)
}

func loopStart(f *File) {
	f.Ops("TESTQ {left}, {left}", convR)
	f.Jump("JZ", "done")
	f.Label("loop")
}

// loopEnd moves to on by adv (a constant or a Reg) and ends the loop.
func loopEnd(f *File, adv any) {
	f.Op("ADDQ", adv, convR.to)
	f.Ops("DECQ {left}", convR)
	f.Jump("JNZ", "loop")
	f.Label("done")
}

// fenceRet ends a kernel that returns the blocks it wrote (written).
func fenceRet(f *File, st store) {
	if st.fence != "" {
		f.Op(st.fence)
	}
	f.Ops(`
		MOVQ {written}, {ret}
		VZEROUPPER
		RET
	`, convR)
}

// f64Lanes16 loads the arguments of a kernel of sixteen float64 lanes: dst
// in to, blocks in left, the lanes base + first in laneZ, inc in incZ.
func f64Lanes16(f *File) { lanes16(f, "VPBROADCASTQ", "VADDPD", "VBROADCASTSD") }

// lanes16 is f64Lanes16 for lanes that bc broadcasts, add adds and bcs
// broadcasts inc's first lane into (float64 or float32).
func lanes16(f *File, bc, add, bcs string) {
	r := convR
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {blocks}, {left}
		MOVQ {base}, {from}
	`, r)
	f.Op(bc, f.Arg("first"), r.firstZ)
	f.Ops("MOVQ {inc}, {incAt}", r)
	f.Op(add, r.from.At(0), r.firstZ, r.laneZ[0])
	f.Op(add, r.from.At(64), r.firstZ, r.laneZ[1])
	f.Op(bcs, r.incAt.Mem(), r.incZ)
}

// oddHalf converts the float64 lanes a, b to float16 in odd[0]'s low
// bytes: each rounded to odd at float32's precision (x with its low 29
// bits, low29, cleared, and bit 29, bit29, set where they were not all
// zero; zero is zero), converted to float32 exactly, the two halves put
// together and converted by F16C.
func oddHalf(f *File, a, b Reg) {
	r := convR
	for i, v := range []Reg{a, b} {
		out, t := r.odd[i], r.oddT[i]
		f.Op("VPAND", v, r.low29, t)
		f.Op("VPCMPEQQ", r.zero, t, t)
		f.Op("VPANDN", r.bit29, t, t)
		f.Op("VPANDN", v, r.low29, out)
		f.Op("VPOR", t, out, out)
	}
	o := r.odd
	f.Op("VCVTPD2PSY", o[0], o[0].X())
	f.Op("VCVTPD2PSY", o[1], o[1].X())
	f.Op("VINSERTF128", "$1", o[1].X(), o[0], o[0])
	f.Op("VCVTPS2PH", "$0", o[0], o[0].X())
}

// fmaYValues sets val to fma(lane, delta, start) of the lanes (mova
// copies, fma multiplies and adds, rounding once).
func fmaYValues(f *File, mova, fma string) {
	r := convR
	for i, v := range r.val {
		f.Op(mova, r.lane[i], v)
	}
	for _, v := range r.val {
		f.Op(fma, r.startY, r.deltaY, v)
	}
}

// fmaY is the AVX2 FMA kernels' body: four registers of index lanes, a
// block of 128 bytes, the next adv bytes on (a constant or a Reg).
func fmaY(f *File, bc, movu, mova, add, fma, mov string, adv any) {
	r := convR
	yHead(f, bc, true)
	yLanes(f, movu, add)
	loopStart(f)
	fmaYValues(f, mova, fma)
	for i, v := range r.val {
		f.Op(mov, v, at(32*i))
	}
	for _, l := range r.lane[:4] {
		f.Op(add, r.incY, l, l)
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
	dispatch(f, "f64To32Period is f64To32Stride's five sets of blocks as blocks of 320 bytes in one pass (cvt320xF32[NT]; streaming: dst aligned to 64 bytes; the Go twin on a table without AVX-512: see lacks).", "f64To32Period", sigF64Period.Method("st store"),
		formArms("!t.asm || t.lacks()", "f64To32Period_g", []form{{"", "cvt320xF32"}}, ntA, sigF64Period.Args(), ""))
}

// convertShapes are the methods the convert kernels write (File.Shapes).
var convertShapes = []Shape{
	{Name: "fma-lanes", Const: "mFMALanes"},
	{Name: "f32", Const: "mF32"},
	{Name: "fma-s", Const: "mFMAS"},
	{Name: "f64", Const: "mF64"},
	{Name: "fma-d", Const: "mFMAD"},
}
