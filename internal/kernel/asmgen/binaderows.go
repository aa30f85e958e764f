package main

import "fmt"

// seqPair is a pair of blocks a loop turn for rows64: each block stored,
// then the lanes advanced.
func seqPair(f *File, store func(at string), advance func()) func() {
	return func() {
		for range 2 {
			store("DI")
			advance()
			f.Ops("ADDQ $64, DI")
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
// shift 32 (by the count at 96(SP)) and given c << 32, in Y10-Y13; inc,
// scaled, in Y4; all ones in Y15 and, for the tie step, dwords of ^1 in
// Y14 where ties is not 0, else all ones (the step then changes
// nothing: the streaming form takes it whatever ties is); a block's
// halves in Y5, Y6. The regular form has a loop without the
// tie step where ties is 0.
func rowsBinSY(f *File, st store) {
	f.FuncFrame("rowsBinSY"+st.suffix, sigRowsBinS, 112, rowsDoc("rowsBinSY", st))
	f.Twin("rowsBinS_g", st, false)
	rowsBinSYLanes(f)
	advance := func() {
		f.Each(4, "VPADDQ Y4, Y%[1]d, Y%[1]d")
	}
	k := rowKernel{
		place: func(off int) {
			f.Op("VPBROADCASTQ", fmt.Sprintf("%d(R12)", off), "Y9")
			f.Ops("VPSLLQ 96(SP), Y9, Y9")
			for i := range 4 {
				f.Op("VPADDQ", y(10+i), "Y9", y(i))
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
	rowArgs(f)
	qSteps(f)
	f.Ops(`
		MOVQ {shift}, AX
		NEGQ AX
		ADDQ $32, AX
		VMOVQ AX, X14
		MOVQ AX, 96(SP)
		MOVQ $0, 104(SP)
	`)
	qReorder(f, "Y10", "Y11", "Y12", "Y13")
	for i := range 4 {
		f.Op("VPSLLQ", "X14", y(10+i), y(10+i))
	}
	f.Ops(`
		MOVQ {c}, AX
		SHLQ $32, AX
		VMOVQ AX, X9
		VPBROADCASTQ X9, Y9
	`)
	for i := range 4 {
		f.Op("VPADDQ", "Y9", y(10+i), y(10+i))
	}
	f.Ops(`
		MOVQ {inc}, AX
		VMOVQ AX, X4
		VPBROADCASTQ X4, Y4
		VPSLLQ X14, Y4, Y4
		VPCMPEQQ Y15, Y15, Y15
		VPSLLD $1, Y15, Y14
		CMPQ {ties}, $0
	`)
	f.Jump("JNE", "2(PC)")
	f.Ops(`
		VMOVDQA Y15, Y14
		TESTQ R9, R9
	`)
	f.Jump("JZ", "done")
}

// binSYValue makes rowsBinSY's block in Y5, Y6 from the lanes Y0-Y3, with
// the tie step or without.
func binSYValue(f *File, ties bool) func() {
	return func() {
		f.Ops(`
			VSHUFPS $0xDD, Y1, Y0, Y5
			VSHUFPS $0xDD, Y3, Y2, Y6
		`)
		if ties {
			qTie(f, "Y0", "Y1", "Y5", "Y15", "Y14")
			qTie(f, "Y2", "Y3", "Y6", "Y15", "Y14")
		}
	}
}

// binSYStore stores rowsBinSY's block, made by value, at the address in
// register at.
func binSYStore(f *File, value func()) func(at string) {
	return func(at string) {
		value()
		f.Op("VMOVDQU", "Y5", "0("+at+")")
		f.Op("VMOVDQU", "Y6", "32("+at+")")
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
// register (Y0, Y2) and an odd one (Y1, Y3) with VPBLENDW, each with
// its half of the tie mask (Y14, Y15); the scaled base in Y10, Y12
// (even) and Y11, Y13 (odd), inc in Y4, the scale (to - shift) in X8, c
// (wide) in Y7, a block's halves in Y5, Y6 (Y9 a temporary).
func rowsBin(f *File, fm binRowForm, st store) {
	f.FuncFrame(fm.name+st.suffix, sigRowsBin, 24, storeDoc(fm.name, st))
	f.Twin("rowsBin_g", st, fm.avx512)
	rowArgs(f)
	f.Ops(`
		MOVQ {shift}, AX
		CMPQ AX, $16
	`)
	f.Jump("JA", "wide")
	binRowScale(f, 16)
	fm.lanes(f)
	f.Ops(`
		MOVQ {c}, AX
		SHLL $16, AX
	`)
	fm.narrowC(f)
	binSteps(f)
	f.Jump("JNE", "hties")
	binRows(f, fm, true, false, "h0")
	f.Label("hties")
	binRows(f, fm, true, true, "h")
	f.Label("wide")
	binRowScale(f, 20)
	fm.lanes(f)
	f.Ops("MOVQ {c}, AX")
	fm.wideC(f)
	binSteps(f)
	f.Jump("JNE", "wties")
	binRows(f, fm, false, false, "w0")
	f.Label("wties")
	binRows(f, fm, false, true, "")
}

// binNarrowCX and binNarrowCY add c << 16 (AX) to the lanes scaled to
// shift 16 (binNarrowCX: and put the mask of high words in Z13).
func binNarrowCX(f *File) {
	f.Ops(`
		VPBROADCASTD AX, Z12
		VPADDD Z12, Z10, Z10
		VPADDD Z12, Z11, Z11
		MOVL $0xFFFF0000, AX
		VPBROADCASTD AX, Z13
	`)
}

func binNarrowCY(f *File) {
	f.Ops(`
		VMOVQ AX, X9
		VPBROADCASTD X9, Y9
	`)
	for i := range 4 {
		f.Op("VPADDD", "Y9", y(10+i), y(10+i))
	}
}

// binWideCX and binWideCY put c (AX) in every word of Z12 (Y7) for the
// lanes scaled to shift 20 (binWideCX: and the mask of odd words in K4).
func binWideCX(f *File) {
	f.Ops(`
		VPBROADCASTW AX, Z12
		MOVL $0xAAAAAAAA, AX
		KMOVD AX, K4
	`)
}

func binWideCY(f *File) {
	f.Ops(`
		VMOVQ AX, X7
		VPBROADCASTW X7, Y7
	`)
}

// binRowScale puts in AX the scale of rowsBin's lanes from shift AX to
// shift to (to - shift), for the form's lanes.
func binRowScale(f *File, to int) {
	f.Ops("NEGQ AX")
	f.Op("ADDQ", fmt.Sprintf("$%d", to), "AX")
}

// binRowLanesX scales rowsBinx's lanes by AX: base in Z10, Z11, inc in Z4,
// 2*inc in Z20; the scale in X15.
func binRowLanesX(f *File) {
	f.Ops(`
		VMOVQ AX, X15
		MOVQ {inc}, AX
		VPBROADCASTD AX, Z4
		VPSLLD X15, Z4, Z4
		VMOVDQU32 0(SI), Z10
		VMOVDQU32 64(SI), Z11
		VPSLLD X15, Z10, Z10
		VPSLLD X15, Z11, Z11
		VPADDD Z4, Z4, Z20
	`)
}

// binRowLanesY scales rowsBinY's lanes by AX: base in Y10-Y13 (in
// f16Bin's order), inc in Y4; the scale in X8.
func binRowLanesY(f *File) {
	f.Ops(`
		VMOVQ AX, X8
		MOVQ {inc}, AX
		VMOVQ AX, X4
		VPBROADCASTD X4, Y4
		VPSLLD X8, Y4, Y4
	`)
	for i, off := range []int{0, 64, 32, 96} {
		f.Op("VMOVDQU", fmt.Sprintf("%d(SI)", off), y(10+i))
	}
	for i := range 4 {
		f.Op("VPSLLD", "X8", y(10+i), y(10+i))
	}
}

// binSteps sets the row by row state from steps (R12; a binSteps): steps
// in SI, the row's firsts at 0(SP) (R12), its first kb in R13 and its
// first element, counted from the first row's, in DX; with no rows, to
// done; the flags as every (56(SI)) compares with 0.
func binSteps(f *File) {
	f.Ops(`
		MOVQ R12, SI
		MOVQ SP, R12
		MOVQ 0(SI), R13
		XORL DX, DX
		TESTQ R9, R9
	`)
	f.Jump("JZ", "done")
	f.Ops("CMPQ 56(SI), $0")
}

// binFirst puts at off(SP) a place's firsts value: its first kb (AX, the
// low 32 bits) and, above, its tie mask: every << ((tie - e) & perMask),
// 32 bits, for its first element e (a register). Clobbers CX, DI, e.
func binFirst(f *File, off int, e string) {
	f.Ops("MOVQ 40(SI), CX")
	f.Op("SUBQ", e, "CX")
	f.Ops(`
		ANDQ 48(SI), CX
		MOVQ 56(SI), DI
		SHLXL CX, DI, DI
		SHLQ $32, DI
		MOVL AX, AX
		ORQ DI, AX
	`)
	f.Op("MOVQ", "AX", fmt.Sprintf("%d(SP)", off))
}

// binRowPrep puts the row's three firsts at 0(SP), 8(SP), 16(SP): at its
// start (kb R13, element DX), at its first 64-byte aligned byte (mis
// elements on: kb plus mis*d (16(SI))) and at its last block (kb plus
// lastD (24(SI)), element DX + n - 32 (n: 32(SI))); without ties, the
// three kb alone.
func binRowPrep(f *File, ties bool) func() {
	if !ties {
		return func() {
			f.Ops(`
				MOVQ R13, 0(SP)
				MOVQ R8, BX
				NEGQ BX
				ANDQ $63, BX
				SHRQ $1, BX
				IMULQ 16(SI), BX
				ADDQ R13, BX
				MOVQ BX, 8(SP)
				MOVQ 24(SI), AX
				ADDQ R13, AX
				MOVQ AX, 16(SP)
			`)
		}
	}
	return func() {
		f.Ops(`
			MOVQ R13, AX
			MOVQ DX, BX
		`)
		binFirst(f, 0, "BX")
		f.Ops(`
			MOVQ R8, BX
			NEGQ BX
			ANDQ $63, BX
			SHRQ $1, BX
			MOVQ BX, AX
			IMULQ 16(SI), AX
			ADDQ R13, AX
			ADDQ DX, BX
		`)
		binFirst(f, 8, "BX")
		f.Ops(`
			MOVQ 24(SI), AX
			ADDQ R13, AX
			MOVQ 32(SI), BX
			LEAQ -32(DX)(BX*1), BX
		`)
		binFirst(f, 16, "BX")
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
				ADDQ 8(SI), R13
				ADDQ 32(SI), DX
			`)
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
	k.place = func(off int) {
		f.Op("MOVQ", fmt.Sprintf("%d(R12)", off), "AX")
		f.Ops(`
			VPBROADCASTD AX, Z9
			VPSLLD X15, Z9, Z9
			VPADDD Z10, Z9, Z0
			VPADDD Z11, Z9, Z1
		`)
		if ties {
			f.Ops(`
				SHRQ $32, AX
				KMOVD AX, K1
				VPMOVM2W K1, Z14
				VPSRLW $15, Z14, Z14
			`)
		}
	}
	val := binValX(f, narrow, ties)
	k.store = func(at string) {
		val("Z0", "Z1", "Z5")
		f.Op("VMOVDQU64", "Z5", "0("+at+")")
	}
	k.advance = func() {
		f.Ops(`
			VPADDD Z4, Z0, Z0
			VPADDD Z4, Z1, Z1
		`)
	}
	k.pair = func() {
		f.Ops(`
			VPADDD Z4, Z0, Z2
			VPADDD Z4, Z1, Z3
		`)
		val("Z0", "Z1", "Z5")
		val("Z2", "Z3", "Z7")
		f.Ops(`
			VMOVDQU64 Z5, 0(DI)
			VMOVDQU64 Z7, 64(DI)
			VPADDD Z20, Z0, Z0
			VPADDD Z20, Z1, Z1
			ADDQ $128, DI
		`)
	}
}

// binValX makes a block of float16 from the lanes l0 (even elements), l1
// (odd) into z: q of each (kb >> 20) put together in order (the odd
// ones' under K4), ties to even, plus c; or for lanes scaled to shift 16
// with c << 16 added (narrow), the high word of each lane.
func binValX(f *File, narrow, ties bool) func(l0, l1, z string) {
	return func(l0, l1, z string) {
		if narrow {
			f.Op("VPSRLD", "$16", l0, z)
			f.Op("VPTERNLOGD", "$0xF8", "Z13", l1, z)
			if ties {
				f.Op("VPANDNQ", z, "Z14", z)
			}
			return
		}
		f.Op("VPSRLD", "$20", l0, z)
		f.Op("VPSRLW", "$4", l1, "K4", z)
		if ties {
			f.Op("VPANDNQ", z, "Z14", z)
		}
		f.Op("VPADDW", "Z12", z, z)
	}
}

// binRowsY fills in rowsBinY's row kernel: a place's lanes (and tie mask)
// from the frame, a block (two halves), the lanes' step; a pair is two
// blocks in turn.
func binRowsY(f *File, k *rowKernel, narrow, ties bool) {
	k.place = func(off int) {
		f.Op("MOVQ", fmt.Sprintf("%d(R12)", off), "AX")
		f.Ops(`
			VMOVQ AX, X9
			VPBROADCASTD X9, Y9
			VPSLLD X8, Y9, Y9
		`)
		for i := range 4 {
			f.Op("VPADDD", y(10+i), "Y9", y(i))
		}
		if ties { // the tie mask as words of 1: elements 0 to 15 in Y14, 16 to 31 in Y15
			for i, r := range []string{"14", "15"} {
				f.Op("SHRQ", []string{"$32", "$16"}[i], "AX")
				f.Op("VMOVQ", "AX", "X"+r)
				f.Op("VPBROADCASTW", "X"+r, "Y"+r)
				f.Op("VPAND", "bitsW<>(SB)", "Y"+r, "Y"+r)
				f.Op("VPCMPEQW", "bitsW<>(SB)", "Y"+r, "Y"+r)
				f.Op("VPSRLW", "$15", "Y"+r, "Y"+r)
			}
		}
	}
	half := binHalfY(f, narrow, ties)
	k.store = func(at string) {
		half("Y0", "Y1", "Y5", "Y14")
		half("Y2", "Y3", "Y6", "Y15")
		f.Op("VMOVDQU", "Y5", "0("+at+")")
		f.Op("VMOVDQU", "Y6", "32("+at+")")
	}
	k.advance = func() {
		f.Each(4, "VPADDD Y4, Y%[1]d, Y%[1]d")
	}
	k.pair = seqPair(f, k.store, k.advance)
}

// binHalfY makes half a block of float16 (16 elements) from the lanes even
// and odd into z, ties to even by mask (binValX in AVX2, c in Y7).
func binHalfY(f *File, narrow, ties bool) func(even, odd, z, mask string) {
	return func(even, odd, z, mask string) {
		if narrow {
			f.Op("VPSRLD", "$16", even, z)
			f.Op("VPBLENDW", "$0xAA", odd, z, z)
			if ties {
				f.Op("VPANDN", z, mask, z)
			}
			return
		}
		f.Op("VPSRLD", "$20", even, z)
		f.Op("VPSRLW", "$4", odd, "Y9")
		f.Op("VPBLENDW", "$0xAA", "Y9", z, z)
		if ties {
			f.Op("VPANDN", z, mask, z)
		}
		f.Op("VPADDW", "Y7", z, z)
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
