package main

import "fmt"

// The binade row kernels' registers (row, left, places, from, head, to,
// tmp and stepsAt rowsR's, which rowArgs, qSteps and rows64 name).
var binRowsR = struct {
	row, left, places, from, head, to, tmp, stepsAt Reg // rowsR's

	stepsB Reg   // (rowsBin) steps' address (binSteps: places then points at the frame)
	kb     Reg   // (rowsBin) the row's first kb
	elem   Reg   // (rowsBin) the row's first element, from the first row's
	at     Reg   // (binRowPrep) a place's first element
	sh     Reg   // (binFirst) the tie mask's shift,
	tie    Reg   // and the tie mask
	lanes  []Reg // (AVX2) a place's lanes (rowsBinY: even ones 0 and 2, odd ones 1 and 3)
	baseY  []Reg // (AVX2) base, scaled (and, rowsBinSY, with c << 32)
	incY   Reg   // (AVX2) inc, scaled,
	incX   Reg   // its low bytes, first loaded there
	placeY Reg   // (AVX2) a place's first kb in every lane,
	placeX Reg   // its low bytes
	cq     Reg   // (AVX2) c, shifted, in every lane (before the loops),
	cqX    Reg   // its low bytes
	valY   []Reg // (AVX2) a block's halves
	countX Reg   // (rowsBinSY) the scale's count (32 - shift), before notone
	notone Reg   // (rowsBinSY) dwords of ^1 for the tie step, or all ones
	ones   Reg   // (rowsBinSY) all ones
	scaleX Reg   // (rowsBinY) the scale (to - shift)
	cW     Reg   // (rowsBinY, wide) c in every word,
	cWX    Reg   // its low bytes
	odd    Reg   // (binHalfY, wide) the odd lanes shifted
	tieY   []Reg // (rowsBinY, ties) the tie mask as words of 1: elements 0 to 15, 16 to 31,
	tieX   []Reg // their low bytes
	laneZ  []Reg // (rowsBinx) a place's lanes: even, odd
	lane2Z []Reg // (rowsBinx) the pair's second block's
	baseZ  []Reg // (rowsBinx) base, scaled
	incZ   Reg   // (rowsBinx) inc, scaled,
	inc2Z  Reg   // and 2*inc
	scaleZ Reg   // (rowsBinx) the scale (to - shift)
	placeZ Reg   // (rowsBinx) a place's first kb in every lane
	cZ     Reg   // (rowsBinx) c << 16 in every lane (narrow), c in every word (wide)
	hiMask Reg   // (rowsBinx, narrow) the mask of high words
	tieZ   Reg   // (rowsBinx, ties) the tie mask as words of 1
	valZ   Reg   // (rowsBinx) a block,
	val2Z  Reg   // and the pair's second
}{
	row: rowsR.row, left: rowsR.left, places: rowsR.places, from: rowsR.from,
	head: rowsR.head, to: rowsR.to, tmp: rowsR.tmp, stepsAt: rowsR.stepsAt,
	stepsB: SI, kb: R13, elem: DX, at: BX, sh: CX, tie: DI,
	lanes: vecs(y, 0, 4), baseY: vecs(y, 10, 4), incY: y(4), incX: x(4), placeY: y(9), placeX: x(9),
	cq: y(9), cqX: x(9), valY: vecs(y, 5, 2), countX: x(14), notone: y(14), ones: y(15),
	scaleX: x(8), cW: y(7), cWX: x(7), odd: y(9), tieY: vecs(y, 14, 2), tieX: vecs(x, 14, 2),
	laneZ: vecs(z, 0, 2), lane2Z: vecs(z, 2, 2), baseZ: vecs(z, 10, 2), incZ: z(4), inc2Z: z(20),
	scaleZ: x(15), placeZ: z(9), cZ: z(12), hiMask: z(13), tieZ: z(14), valZ: z(5), val2Z: z(7),
}

// seqPair is a pair of blocks a loop turn for rows64: each block stored,
// then the lanes advanced.
func seqPair(f *File, store func(at Reg), advance func()) func() {
	return func() {
		for range 2 {
			store(binRowsR.to)
			advance()
			f.Ops("ADDQ $64, {to}", binRowsR)
		}
	}
}

// prefixed names rows64's labels with p.
func prefixed(p string) func(string) string { return func(n string) string { return p + n } }

// binadeRows writes the binade row kernels: rowsBinSY, rowsBinx and
// rowsBinY.
func binadeRows(f *File) {
	for _, st := range stores {
		rowsBinSY(f, st)
	}
	for _, fm := range binRowForms {
		rowsBin(f, fm, stRegular)
	}
}

// rowsBinSY writes rowsBinSY of store kind st.
//
// rowsBinSY (AVX2): rows of float32 of one sign and binade from int64
// lanes, as f32BinqY writes a run; the places' first kb from steps
// (rowSteps of integers: qRowPrep). The base, reordered, scaled to
// shift 32 (by the count at 96(SP)) and given c << 32, in baseY; inc,
// scaled, in incY; all ones in ones and, for the tie step, dwords of ^1
// in notone where ties is not 0, else all ones (the step then changes
// nothing: the streaming form takes it whatever ties is); a block's
// halves in valY. The regular form has a loop without the
// tie step where ties is 0.
func rowsBinSY(f *File, st store) {
	r := binRowsR
	f.FuncFrame("rowsBinSY"+st.suffix, sigRowsBinS, 112, rowsDoc("rowsBinSY", st))
	f.Twin("rowsBinS_g", st, false)
	rowsBinSYLanes(f)
	advance := func() {
		for _, l := range r.lanes {
			f.Op("VPADDQ", r.incY, l, l)
		}
	}
	k := rowKernel{
		place: func(off int) {
			f.Op("VPBROADCASTQ", r.places.At(off), r.placeY)
			f.Ops("VPSLLQ 96(SP), {placeY}, {placeY}", r)
			for i, l := range r.lanes {
				f.Op("VPADDQ", r.baseY[i], r.placeY, l)
			}
		},
		advance: advance,
		rowprep: qRowPrep(f, 2),
		nextrow: qNext(f),
		value:   binSYValue(f, true),
		spill:   ySpill(f),
		stream:  yStream(f),
	}
	if st == stStream {
		rows64NT(f, k)
		return
	}
	f.Ops("CMPQ {ties}, $0")
	f.Jump("JNE", "ties")
	k.store = binSYStore(f, binSYValue(f, false))
	k.pair = seqPair(f, k.store, advance)
	rows64(f, k, prefixed("n0"))
	f.Label("ties")
	k.store = binSYStore(f, binSYValue(f, true))
	k.pair = seqPair(f, k.store, advance)
	rows64(f, k, plain)
}

// rowsBinSYLanes loads rowsBinSY's arguments, steps and lanes (see
// rowsBinSY); with no rows, to done.
func rowsBinSYLanes(f *File) {
	r := binRowsR
	rowArgs(f)
	qSteps(f)
	shiftCount(f, r.tmp, r.countX)
	f.Ops(`
		MOVQ {tmp}, 96(SP)
		MOVQ $0, 104(SP)
	`, r)
	qReorder(f, r.baseY[0], r.baseY[1], r.baseY[2], r.baseY[3])
	for _, b := range r.baseY {
		f.Op("VPSLLQ", r.countX, b, b)
	}
	f.Ops(`
		MOVQ {c}, {tmp}
		SHLQ $32, {tmp}
		VMOVQ {tmp}, {cqX}
		VPBROADCASTQ {cqX}, {cq}
	`, r)
	for _, b := range r.baseY {
		f.Op("VPADDQ", r.cq, b, b)
	}
	f.Ops(`
		MOVQ {inc}, {tmp}
		VMOVQ {tmp}, {incX}
		VPBROADCASTQ {incX}, {incY}
		VPSLLQ {countX}, {incY}, {incY}
		VPCMPEQQ {ones}, {ones}, {ones}
		VPSLLD $1, {ones}, {notone}
		CMPQ {ties}, $0
	`, r)
	f.Jump("JNE", "2(PC)")
	f.Ops(`
		VMOVDQA {ones}, {notone}
		TESTQ {left}, {left}
	`, r)
	f.Jump("JZ", "done")
}

// binSYValue makes rowsBinSY's block in valY from the lanes, with the tie
// step or without.
func binSYValue(f *File, ties bool) func() {
	r := binRowsR
	l, v := r.lanes, r.valY
	return func() {
		f.Ops(`
			VSHUFPS $0xDD, {lanes[1]}, {lanes[0]}, {valY[0]}
			VSHUFPS $0xDD, {lanes[3]}, {lanes[2]}, {valY[1]}
		`, r)
		if ties {
			qTie(f, l[0], l[1], v[0], r.ones, r.notone)
			qTie(f, l[2], l[3], v[1], r.ones, r.notone)
		}
	}
}

// binSYStore stores rowsBinSY's block, made by value, at the address in
// register at.
func binSYStore(f *File, value func()) func(at Reg) {
	return func(at Reg) {
		value()
		f.Op("VMOVDQU", binRowsR.valY[0], at.At(0))
		f.Op("VMOVDQU", binRowsR.valY[1], at.At(32))
	}
}

// A binRowForm is an instruction set's form of rowsBin (see rowsBin): its
// name; lanes scales the lanes (binRowLanes), narrowC and wideC load c for
// the lanes scaled to shift 16 and to 20, and loops fills in a loop's
// row kernel (binRows).
type binRowForm struct {
	name           string
	avx512         bool
	lanes          func(f *File)
	narrowC, wideC func(f *File)
	loops          func(f *File, k *rowKernel, narrow, ties bool)
}

var binRowForms = []binRowForm{
	{"rowsBinx", true, binRowLanesX, binNarrowCX, binWideCX, binRowsX},
	{"rowsBinY", false, binRowLanesY, binNarrowCY, binWideCY, binRowsY},
}

// rowsBin writes the form's rowsBin of store kind st.
//
// rowsBinx (AVX-512): rows of float16 of one sign and binade from
// int32 lanes (the binade kernel's rounding at every shift up to 20).
// The lanes (base, in packOrder, and inc) are scaled once: to shift 16
// with c << 16 added where shift is 16 or less (a block in three
// operations, as f16Binx's binxH), else to shift 20 (four). The places
// of each row come from steps (binSteps), worked out at the row's
// start into the frame (binRowPrep), where a place's first kb (low 32
// bits) and tie mask (high 32 bits) are. (Scratch loops of rowsBinxA
// over padded rows at 4 MiB, shift 10, with two blocks a turn: 104-106
// GB/s against 93-94 at shift 20; each pair's two blocks made before
// either is stored: 104 against 90.) rowsBinY is it in AVX2, a block as
// f16Bin makes one: two halves of 16 elements, each from an even
// register (lanes 0 and 2) and an odd one (1 and 3) with VPBLENDW, each
// with its half of the tie mask (tieY); the scaled base in baseY (even,
// odd, even, odd), inc in incY, the scale (to - shift) in scaleX, c
// (wide) in cW, a block's halves in valY (odd a temporary).
func rowsBin(f *File, fm binRowForm, st store) {
	r := binRowsR
	f.FuncFrame(fm.name+st.suffix, sigRowsBin, 24, storeDoc(fm.name, st))
	f.Twin("rowsBin_g", st, fm.avx512)
	rowArgs(f)
	f.Ops(`
		MOVQ {shift}, {tmp}
		CMPQ {tmp}, $16
	`, r)
	f.Jump("JA", "wide")
	binRowScale(f, 16)
	fm.lanes(f)
	f.Ops(`
		MOVQ {c}, {tmp}
		SHLL $16, {tmp}
	`, r)
	fm.narrowC(f)
	binSteps(f)
	f.Jump("JNE", "hties")
	binRows(f, fm, true, false, "h0")
	f.Label("hties")
	binRows(f, fm, true, true, "h")
	f.Label("wide")
	binRowScale(f, 20)
	fm.lanes(f)
	f.Ops("MOVQ {c}, {tmp}", r)
	fm.wideC(f)
	binSteps(f)
	f.Jump("JNE", "wties")
	binRows(f, fm, false, false, "w0")
	f.Label("wties")
	binRows(f, fm, false, true, "")
}

// binNarrowCX and binNarrowCY add c << 16 (tmp) to the lanes scaled to
// shift 16 (binNarrowCX: and put the mask of high words in hiMask).
func binNarrowCX(f *File) {
	f.Ops(`
		VPBROADCASTD {tmp}, {cZ}
		VPADDD {cZ}, {baseZ[0]}, {baseZ[0]}
		VPADDD {cZ}, {baseZ[1]}, {baseZ[1]}
		MOVL $0xFFFF0000, {tmp}
		VPBROADCASTD {tmp}, {hiMask}
	`, binRowsR)
}

func binNarrowCY(f *File) {
	r := binRowsR
	f.Ops(`
		VMOVQ {tmp}, {cqX}
		VPBROADCASTD {cqX}, {cq}
	`, r)
	for _, b := range r.baseY {
		f.Op("VPADDD", r.cq, b, b)
	}
}

// binWideCX and binWideCY put c (tmp) in every word of cZ (cW) for the
// lanes scaled to shift 20 (binWideCX: and the mask of odd words in K4).
func binWideCX(f *File) {
	f.Ops(`
		VPBROADCASTW {tmp}, {cZ}
		MOVL $0xAAAAAAAA, {tmp}
		KMOVD {tmp}, K4
	`, binRowsR)
}

func binWideCY(f *File) {
	f.Ops(`
		VMOVQ {tmp}, {cWX}
		VPBROADCASTW {cWX}, {cW}
	`, binRowsR)
}

// binRowScale puts in tmp the scale of rowsBin's lanes from shift tmp to
// shift to (to - shift), for the form's lanes.
func binRowScale(f *File, to int) {
	f.Ops("NEGQ {tmp}", binRowsR)
	f.Op("ADDQ", fmt.Sprintf("$%d", to), binRowsR.tmp)
}

// binRowLanesX scales rowsBinx's lanes by tmp: base in baseZ, inc in
// incZ, 2*inc in inc2Z; the scale in scaleZ.
func binRowLanesX(f *File) {
	f.Ops(`
		VMOVQ {tmp}, {scaleZ}
		MOVQ {inc}, {tmp}
		VPBROADCASTD {tmp}, {incZ}
		VPSLLD {scaleZ}, {incZ}, {incZ}
		VMOVDQU32 0({from}), {baseZ[0]}
		VMOVDQU32 64({from}), {baseZ[1]}
		VPSLLD {scaleZ}, {baseZ[0]}, {baseZ[0]}
		VPSLLD {scaleZ}, {baseZ[1]}, {baseZ[1]}
		VPADDD {incZ}, {incZ}, {inc2Z}
	`, binRowsR)
}

// binRowLanesY scales rowsBinY's lanes by tmp: base in baseY (in f16Bin's
// order), inc in incY; the scale in scaleX.
func binRowLanesY(f *File) {
	r := binRowsR
	f.Ops(`
		VMOVQ {tmp}, {scaleX}
		MOVQ {inc}, {tmp}
		VMOVQ {tmp}, {incX}
		VPBROADCASTD {incX}, {incY}
		VPSLLD {scaleX}, {incY}, {incY}
	`, r)
	for i, off := range []int{0, 64, 32, 96} {
		f.Op("VMOVDQU", r.from.At(off), r.baseY[i])
	}
	for _, b := range r.baseY {
		f.Op("VPSLLD", r.scaleX, b, b)
	}
}

// binSteps sets the row by row state from steps (places; a binSteps):
// steps in stepsB, the row's firsts at 0(SP) (places), its first kb in kb
// and its first element, counted from the first row's, in elem; with no
// rows, to done; the flags as every (56(stepsB)) compares with 0.
func binSteps(f *File) {
	f.Ops(`
		MOVQ {places}, {stepsB}
		MOVQ SP, {places}
		MOVQ 0({stepsB}), {kb}
		XORL {elem}, {elem}
		TESTQ {left}, {left}
	`, binRowsR)
	f.Jump("JZ", "done")
	f.Ops("CMPQ 56({stepsB}), $0", binRowsR)
}

// binFirst puts at off(SP) a place's firsts value: its first kb (tmp, the
// low 32 bits) and, above, its tie mask: every << ((tie - e) & perMask),
// 32 bits, for its first element e (a register). Clobbers sh, tie, e.
func binFirst(f *File, off int, e Reg) {
	r := binRowsR
	f.Ops("MOVQ 40({stepsB}), {sh}", r)
	f.Op("SUBQ", e, r.sh)
	f.Ops(`
		ANDQ 48({stepsB}), {sh}
		MOVQ 56({stepsB}), {tie}
		SHLXL {sh}, {tie}, {tie}
		SHLQ $32, {tie}
		MOVL {tmp}, {tmp}
		ORQ {tie}, {tmp}
	`, r)
	f.Op("MOVQ", r.tmp, fmt.Sprintf("%d(SP)", off))
}

// binRowPrep puts the row's three firsts at 0(SP), 8(SP), 16(SP): at its
// start (kb, element elem), at its first 64-byte aligned byte (mis
// elements on: kb plus mis*d (16(stepsB))) and at its last block (kb plus
// lastD (24(stepsB)), element elem + n - 32 (n: 32(stepsB))); without
// ties, the three kb alone.
func binRowPrep(f *File, ties bool) func() {
	r := binRowsR
	if !ties {
		return func() {
			f.Ops(`
				MOVQ {kb}, 0(SP)
				MOVQ {row}, {at}
				NEGQ {at}
				ANDQ $63, {at}
				SHRQ $1, {at}
				IMULQ 16({stepsB}), {at}
				ADDQ {kb}, {at}
				MOVQ {at}, 8(SP)
				MOVQ 24({stepsB}), {tmp}
				ADDQ {kb}, {tmp}
				MOVQ {tmp}, 16(SP)
			`, r)
		}
	}
	return func() {
		f.Ops(`
			MOVQ {kb}, {tmp}
			MOVQ {elem}, {at}
		`, r)
		binFirst(f, 0, r.at)
		f.Ops(`
			MOVQ {row}, {at}
			NEGQ {at}
			ANDQ $63, {at}
			SHRQ $1, {at}
			MOVQ {at}, {tmp}
			IMULQ 16({stepsB}), {tmp}
			ADDQ {kb}, {tmp}
			ADDQ {elem}, {at}
		`, r)
		binFirst(f, 8, r.at)
		f.Ops(`
			MOVQ 24({stepsB}), {tmp}
			ADDQ {kb}, {tmp}
			MOVQ 32({stepsB}), {at}
			LEAQ -32({elem})({at}*1), {at}
		`, r)
		binFirst(f, 16, r.at)
	}
}

// binRows is one of rowsBin's four loops: lanes scaled to shift 16
// (narrow) or 20, with the tie masks or without; its labels start with p
// (none: plain).
func binRows(f *File, fm binRowForm, narrow, ties bool, p string) {
	k := rowKernel{
		rowprep: binRowPrep(f, ties),
		nextrow: func() {
			f.Ops(`
				ADDQ 8({stepsB}), {kb}
				ADDQ 32({stepsB}), {elem}
			`, binRowsR)
		},
	}
	l := plain
	if p != "" {
		l = prefixed(p)
	}
	fm.loops(f, &k, narrow, ties)
	rows64(f, k, l)
}

// binRowsX fills in rowsBinx's row kernel: a place's lanes (and tie mask)
// from the frame, a block, a pair of blocks, the lanes' step.
func binRowsX(f *File, k *rowKernel, narrow, ties bool) {
	r := binRowsR
	k.place = func(off int) {
		f.Op("MOVQ", r.places.At(off), r.tmp)
		f.Ops(`
			VPBROADCASTD {tmp}, {placeZ}
			VPSLLD {scaleZ}, {placeZ}, {placeZ}
			VPADDD {baseZ[0]}, {placeZ}, {laneZ[0]}
			VPADDD {baseZ[1]}, {placeZ}, {laneZ[1]}
		`, r)
		if ties {
			f.Ops(`
				SHRQ $32, {tmp}
				KMOVD {tmp}, K1
				VPMOVM2W K1, {tieZ}
				VPSRLW $15, {tieZ}, {tieZ}
			`, r)
		}
	}
	val := binValX(f, narrow, ties)
	k.store = func(at Reg) {
		val(r.laneZ[0], r.laneZ[1], r.valZ)
		f.Op("VMOVDQU64", r.valZ, at.At(0))
	}
	k.advance = func() {
		f.Ops(`
			VPADDD {incZ}, {laneZ[0]}, {laneZ[0]}
			VPADDD {incZ}, {laneZ[1]}, {laneZ[1]}
		`, r)
	}
	k.pair = func() {
		f.Ops(`
			VPADDD {incZ}, {laneZ[0]}, {lane2Z[0]}
			VPADDD {incZ}, {laneZ[1]}, {lane2Z[1]}
		`, r)
		val(r.laneZ[0], r.laneZ[1], r.valZ)
		val(r.lane2Z[0], r.lane2Z[1], r.val2Z)
		f.Ops(`
			VMOVDQU64 {valZ}, 0({to})
			VMOVDQU64 {val2Z}, 64({to})
			VPADDD {inc2Z}, {laneZ[0]}, {laneZ[0]}
			VPADDD {inc2Z}, {laneZ[1]}, {laneZ[1]}
			ADDQ $128, {to}
		`, r)
	}
}

// binValX makes a block of float16 from the lanes l0 (even elements), l1
// (odd) into v: q of each (kb >> 20) put together in order (the odd
// ones' under K4), ties to even, plus c; or for lanes scaled to shift 16
// with c << 16 added (narrow), the high word of each lane.
func binValX(f *File, narrow, ties bool) func(l0, l1, v Reg) {
	r := binRowsR
	return func(l0, l1, v Reg) {
		if narrow {
			f.Op("VPSRLD", "$16", l0, v)
			f.Op("VPTERNLOGD", "$0xF8", r.hiMask, l1, v)
			if ties {
				f.Op("VPANDNQ", v, r.tieZ, v)
			}
			return
		}
		f.Op("VPSRLD", "$20", l0, v)
		f.Op("VPSRLW", "$4", l1, "K4", v)
		if ties {
			f.Op("VPANDNQ", v, r.tieZ, v)
		}
		f.Op("VPADDW", r.cZ, v, v)
	}
}

// binRowsY fills in rowsBinY's row kernel: a place's lanes (and tie mask)
// from the frame, a block (two halves), the lanes' step; a pair is two
// blocks in turn.
func binRowsY(f *File, k *rowKernel, narrow, ties bool) {
	r := binRowsR
	k.place = func(off int) {
		f.Op("MOVQ", r.places.At(off), r.tmp)
		f.Ops(`
			VMOVQ {tmp}, {placeX}
			VPBROADCASTD {placeX}, {placeY}
			VPSLLD {scaleX}, {placeY}, {placeY}
		`, r)
		for i, l := range r.lanes {
			f.Op("VPADDD", r.baseY[i], r.placeY, l)
		}
		if ties { // the tie mask as words of 1: elements 0 to 15 in tieY[0], 16 to 31 in tieY[1]
			for i, t := range r.tieY {
				f.Op("SHRQ", []string{"$32", "$16"}[i], r.tmp)
				f.Op("VMOVQ", r.tmp, r.tieX[i])
				f.Op("VPBROADCASTW", r.tieX[i], t)
				f.Op("VPAND", "bitsW<>(SB)", t, t)
				f.Op("VPCMPEQW", "bitsW<>(SB)", t, t)
				f.Op("VPSRLW", "$15", t, t)
			}
		}
	}
	half := binHalfY(f, narrow, ties)
	k.store = func(at Reg) {
		half(r.lanes[0], r.lanes[1], r.valY[0], r.tieY[0])
		half(r.lanes[2], r.lanes[3], r.valY[1], r.tieY[1])
		f.Op("VMOVDQU", r.valY[0], at.At(0))
		f.Op("VMOVDQU", r.valY[1], at.At(32))
	}
	k.advance = func() {
		for _, l := range r.lanes {
			f.Op("VPADDD", r.incY, l, l)
		}
	}
	k.pair = seqPair(f, k.store, k.advance)
}

// binHalfY makes half a block of float16 (16 elements) from the lanes even
// and odd into v, ties to even by mask (binValX in AVX2, c in cW).
func binHalfY(f *File, narrow, ties bool) func(even, odd, v, mask Reg) {
	r := binRowsR
	return func(even, odd, v, mask Reg) {
		if narrow {
			f.Op("VPSRLD", "$16", even, v)
			f.Op("VPBLENDW", "$0xAA", odd, v, v)
			if ties {
				f.Op("VPANDN", v, mask, v)
			}
			return
		}
		f.Op("VPSRLD", "$20", even, v)
		f.Op("VPSRLW", "$4", odd, r.odd)
		f.Op("VPBLENDW", "$0xAA", r.odd, v, v)
		if ties {
			f.Op("VPANDN", v, mask, v)
		}
		f.Op("VPADDW", r.cW, v, v)
	}
}

func binadeDispatch(f *File) {
	ntA := []store{stStream, stRegular}
	args := sigBin.Args()
	dispatch(f, "bin is binBlocks' kernel call, on the assembly tables only (the Go twins' table writes spans with binSpan_g).", "bin", sigBin.Method("st store"),
		formArms("", "", []form{{"t.avx512", "f16Binx"}, {"", "f16Bin"}}, ntA, args, ""))
	sargs := sigSpan.Args()
	dispatch(f, "binSpan writes with the AVX-512 span kernel where it may (regular stores: it has no other form), else with the block kernels (binBlocks).", "binSpan", sigSpan.Method("st store"), []arm{
		{"!t.asm", "binSpan_g(" + sargs + ")"},
		{"t.avx512 && st == stRegular", "f16BinxSpan(" + sargs + ")"},
		{"", "t.binBlocks(st, " + sargs + ")"},
	})
	dispatch(f, "binSpan128 is binSpan for ties every 128 elements; it is only called where spanTies holds, with regular stores.", "binSpan128", sigSpan128.Params,
		formArms("!t.asm || t.lacks()", "binSpan128_g", []form{{"", "f16BinxSpan128"}}, []store{stRegular}, sigSpan128.Args(), ""))
	dispatch(f, "binS writes float32 binade elements from int64 lanes (f32Binq[Y]).", "binS", sigBinS.Method("st store"),
		formArms("!t.asm", "binS_g", []form{{"!t.avx512", "f32BinqY"}, {"", "f32Binq"}}, ntA, args, ""))
	dispatch(f, "rowsBinS writes float32 binade rows (rowsBinSY); it streams only rows that stream (rowsStreamable).", "rowsBinS", sigRowsBinS.Method("st store"),
		formArms("!t.asm", "rowsBinS_g", []form{{"", "rowsBinSY"}}, ntA, sigRowsBinS.Args(), ""))
	dispatch(f, "rowsBin writes float16 binade rows (rowsBinx, rowsBinY); it has no streaming form (rowsStreamable).", "rowsBin", sigRowsBin.Method("st store"),
		formArms("!t.asm", "rowsBin_g", []form{{"!t.avx512", "rowsBinY"}, {"", "rowsBinx"}}, []store{stRegular}, sigRowsBin.Args(), ""))
}

// The binade kernels' Go signatures.
