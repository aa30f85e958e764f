package main

import "fmt"

// A rowKernel is the work of a row kernel of 64-byte blocks (rows64,
// rows64NT) at one place of a row: place(off) loads the lanes of the place
// at off(R12); store(at) writes a block from them at 0(at); pair()
// writes two blocks at DI (both made before either is stored) and moves
// DI and the lanes on; advance steps the lanes by a block; rowprep works
// out the row's three places into the frame at R12, nextrow steps to the
// next row's; value leaves a block in Z5 (Y5, Y6), spill puts it at 0(SP),
// stream streams it to 0(DI) (rows64NT).
type rowKernel struct {
	place                func(off int)
	store                func(at string)
	pair                 func()
	advance              func()
	rowprep, nextrow     func()
	value, spill, stream func()
}

// rowArgs loads the row kernels' common arguments: dst (R8), rows (R9),
// pitch (R10), rowBytes (R11), base (SI) and steps (R12).
func rowArgs(f *File) {
	f.Ops(`
		MOVQ {dst}, R8
		MOVQ {rows}, R9
		MOVQ {pitch}, R10
		MOVQ {rowBytes}, R11
		MOVQ {base}, SI
		MOVQ {steps}, R12
	`)
}

// rowHead puts in BX the bytes of the row at R8 before its first 64-byte
// aligned one, and goes to aligned if there are none.
func rowHead(f *File, aligned string) {
	f.Ops(`
		MOVQ R8, BX
		NEGQ BX
		ANDQ $63, BX
	`)
	f.Jump("JZ", aligned)
}

// rowFetch fetches the first and the last line of the row four rows on
// (R8 + 4*pitch, rowBytes R11), through AX: the streaming forms' regular
// stores to a row's partial lines otherwise wait for each line to come
// from memory. (Padded UINT8 rows of 1024 bytes, 16 apart, 256 MiB,
// rowsAddBNT: 20.8-21.3 GB/s without it, 25.8-27.5 with it, packed
// 26.8-27.7; scratch timing, alternated three times.) A prefetch cannot
// fault.
func rowFetch(f *File) {
	f.Ops(`
		LEAQ (R8)(R10*4), AX
		PREFETCHT0 0(AX)
		PREFETCHT0 -1(AX)(R11*1)
	`)
}

// rowNext steps to the next row (R8 by the pitch, the places by nextrow)
// while rows remain (R9), then ends the kernel at done.
func rowNext(f *File, fence string, nextrow func(), row, done string) {
	f.Ops("ADDQ R10, R8")
	nextrow()
	f.Ops("DECQ R9")
	f.Jump("JNZ", row)
	f.Label(done)
	if fence != "" {
		f.Op(fence)
	}
	f.Ops(`
		VZEROUPPER
		RET
	`)
}

// rows64 writes rows of 64-byte blocks: a row is a block at its start (if
// that is not 64-byte aligned), blocks from its first 64-byte aligned byte
// (a 64-byte store never crosses a cache line; two a loop turn, then one if
// one is left) and a block ending at its end. (Two blocks a turn, with
// their lines fetched ahead, wrote padded float16 rows at 4 MiB at 103-105
// GB/s against 93-96 for one; four no faster: scratch loops of rowsBinxA,
// 2026-11-23.) l names its labels (a kernel of several loops gives each
// its own).
func rows64(f *File, k rowKernel, l func(string) string) {
	f.Label(l("row"))
	k.rowprep()
	rowHead(f, l("aligned"))
	k.place(0)
	k.store("R8")
	f.Label(l("aligned"))
	k.place(8)
	f.Ops(`
		LEAQ (R8)(BX*1), DI
		MOVQ R11, CX
		SUBQ BX, CX
		SUBQ $64, CX
	`)
	f.Jump("JLE", l("last"))
	f.Ops("CMPQ CX, $64")
	f.Jump("JLE", l("one"))
	f.Label(l("pairs"))
	k.pair()
	f.Ops(`
		SUBQ $128, CX
		CMPQ CX, $64
	`)
	f.Jump("JG", l("pairs"))
	f.Ops("TESTQ CX, CX")
	f.Jump("JLE", l("last"))
	f.Label(l("one"))
	k.store("DI")
	k.advance()
	f.Ops("ADDQ $64, DI")
	f.Label(l("last"))
	k.place(16)
	f.Ops("LEAQ -64(R8)(R11*1), DI")
	k.store("DI")
	rowNext(f, "", k.nextrow, l("row"), l("done"))
}

func plain(name string) string { return name }

// rows64NT is rows64 with streaming stores for every whole cache line of a
// row and regular stores for its partial lines only: the row's bytes
// before its first 64-byte aligned one from the block at its start, the
// lines from there from the block at that byte, and the bytes past its
// last 64-byte aligned one from the block ending at its end; no line is
// written both ways (a regular store to a line just streamed would wait
// for the line to come back from memory), and the partial ones are fetched
// rows ahead (rowFetch). A partial line's bytes go through the 64-byte
// frame (0(SP)) and copyPart (masked stores ran at less than half the
// speed here, 2026-11-23). Rows start at a multiple of 2 bytes and are a
// multiple of 2 long, 128 bytes or more.
func rows64NT(f *File, k rowKernel) {
	f.Label("row")
	rowFetch(f)
	k.rowprep()
	rowHead(f, "aligned")
	k.place(0)
	k.value()
	k.spill()
	f.Ops(`
		MOVQ SP, SI
		MOVQ R8, DI
		MOVQ BX, CX
	`)
	copyPart(f, "head", "aligned")
	f.Ops(`
		LEAQ (R8)(R11*1), DX
		ANDQ $63, DX
		MOVQ R11, CX
		SUBQ BX, CX
		SUBQ DX, CX
		LEAQ (R8)(BX*1), DI
	`)
	k.place(8)
	f.Label("lines")
	k.value()
	k.stream()
	k.advance()
	f.Ops(`
		ADDQ $64, DI
		SUBQ $64, CX
	`)
	f.Jump("JG", "lines")
	f.Ops("TESTQ DX, DX")
	f.Jump("JZ", "next")
	k.place(16)
	k.value()
	k.spill()
	f.Ops(`
		LEAQ 64(SP), SI
		SUBQ DX, SI
		LEAQ (R8)(R11*1), DI
		SUBQ DX, DI
		MOVQ DX, CX
	`)
	copyPart(f, "tail", "next")
	rowNext(f, "SFENCE", k.nextrow, "row", "done")
}

// copyPart copies n (CX: 2 to 62, a multiple of 2) bytes from SI to DI
// with at most two regular stores of the largest width that fits (the
// second overlapping the first), through AX and X6/Y6; its labels start
// with prefix, and it ends at out.
func copyPart(f *File, prefix, out string) {
	two := func(mov string, w int, r string) {
		f.Op(mov, "0(SI)", r)
		f.Op(mov, r, "0(DI)")
		f.Op(mov, fmt.Sprintf("-%d(SI)(CX*1)", w), r)
		f.Op(mov, r, fmt.Sprintf("-%d(DI)(CX*1)", w))
	}
	steps := []struct {
		w       int
		mov, r  string
		label   string
		nextLbl string
	}{
		{32, "VMOVDQU", "Y6", "", prefix + "16"},
		{16, "VMOVDQU", "X6", prefix + "16", prefix + "8"},
		{8, "MOVQ", "AX", prefix + "8", prefix + "4"},
		{4, "MOVL", "AX", prefix + "4", prefix + "2"},
	}
	for _, s := range steps {
		if s.label != "" {
			f.Label(s.label)
		}
		f.Op("CMPQ", "CX", fmt.Sprintf("$%d", s.w))
		f.Jump("JB", s.nextLbl)
		two(s.mov, s.w, s.r)
		f.Jump("JMP", out)
	}
	f.Label(prefix + "2")
	f.Ops(`
		MOVW 0(SI), AX
		MOVW AX, 0(DI)
	`)
	f.Label(out)
}

// The places of row kernels whose places are 64-bit integers worked out
// from steps (a rowSteps: first, rowD, d, lastD, wrapping): qSteps, after
// rowArgs, keeps steps in R13, the row's first value at 88(SP), and
// points R12 at the row's three places in the frame (64(SP) to 87(SP); a
// streaming form's 64 bytes for partial lines lie below); qRowPrep(lg)
// puts there the row's first value v, v + mis*d (mis: the elements of
// 1<<lg bytes before its first 64-byte aligned byte) and v + lastD; qNext
// steps v by rowD. (The frame: 96 bytes.)
func qSteps(f *File) {
	f.Ops(`
		MOVQ R12, R13
		LEAQ 64(SP), R12
		MOVQ 0(R13), AX
		MOVQ AX, 88(SP)
	`)
}

func qRowPrep(f *File, lg int) func() {
	return func() {
		f.Ops(`
			MOVQ 88(SP), AX
			MOVQ AX, 0(R12)
			MOVQ R8, BX
			NEGQ BX
			ANDQ $63, BX
		`)
		f.Op("SHRQ", fmt.Sprintf("$%d", lg), "BX")
		f.Ops(`
			IMULQ 16(R13), BX
			ADDQ AX, BX
			MOVQ BX, 8(R12)
			MOVQ 24(R13), BX
			ADDQ AX, BX
			MOVQ BX, 16(R12)
		`)
	}
}

func qNext(f *File) func() {
	return func() {
		f.Ops(`
			MOVQ 8(R13), AX
			ADDQ AX, 88(SP)
		`)
	}
}

// fMid and fTail put in X9 the mid and last places of a float32 row (its
// first value in X14, float64) from the steps at R12 and BX bytes before
// its first aligned one: v + mis*d and v + lastD in float64 (exact: the
// planner's facts), then float32.
func fMid(f *File) {
	f.Ops(`
		MOVQ BX, AX
		SHRQ $2, AX
		VCVTSI2SDQ AX, X7, X7
		VMULSD 16(R12), X7, X7
		VADDSD X14, X7, X7
		VCVTSD2SS X7, X7, X9
	`)
}

func fTail(f *File) {
	f.Ops(`
		VADDSD 24(R12), X14, X7
		VCVTSD2SS X7, X7, X9
	`)
}

// The spills and streams of rows64NT: a block in Z5, or in Y5 and Y6.
func zSpill(f *File) func()  { return func() { f.Op("VMOVDQU64", "Z5", "0(SP)") } }
func zStream(f *File) func() { return func() { f.Op("VMOVNTDQ", "Z5", "0(DI)") } }

func ySpill(f *File) func() {
	return func() {
		f.Ops(`
			VMOVDQU Y5, 0(SP)
			VMOVDQU Y6, 32(SP)
		`)
	}
}

func yStream(f *File) func() {
	return func() {
		f.Ops(`
			VMOVNTDQ Y5, 0(DI)
			VMOVNTDQ Y6, 32(DI)
		`)
	}
}

// The row kernels' Go signatures.
// rowsFile is rows_amd64.s: the row kernels.
func rowsFile() *File {
	f := NewFile("rows", `
Row kernels: rows of elements, row r at dst + r*pitch, rowBytes long (at
least one block), in one call, with regular stores (or streaming ones,
suffix NT, for rows at multiples of 16 bytes). Lane by lane, a block holds base plus the
value of the element it starts at, and each next block inc more, as in
addStore*. A row is written as a block at its start (if that is not
64-byte aligned), blocks from its first 64-byte aligned byte (aligned
stores never cross a cache line) and a block ending at its end, as the
row's length and alignment need not be whole blocks. The values at those
three places come from steps (rowSteps: the first row's first value, the
step from row to row, the step an element and the step to the last
block), worked out row by row in the kernel: places the caller computed
and stored between calls cost 12-16% of padded rows at 4 MiB (scratch
loops, 2026-11-23: the caller's loop ran while the memory stood idle).
base stays in registers (loads from it could wait on the stores to
addresses 4 KiB apart).`)

	for _, ln := range lanes {
		for _, st := range stores {
			rowsAdd(f, ln, st)
		}
	}
	for _, fm := range rowsFMASForms {
		for _, st := range stores {
			rowsFMAS(f, fm, st)
		}
	}
	rowsDispatch(f)
	return f
}

// rowsAddDoc is the doc of rowsAdd of lane ln and store kind st.
func rowsAddDoc(ln lane, st store) string {
	switch {
	case st == stStream:
		return "rowsAdd" + ln.name + " with streaming stores."
	case ln == laneS && st == stRegular:
		return "float32 lanes: the values are exact, so the additions are too."
	}
	return storeDoc("rowsAdd"+ln.name, st)
}

// rowPlaces work out the values at a row's places into X9 for rowsAdd:
// start loads the first row's value, head, mid and tail put the value at
// the row's start, its first 64-byte aligned byte (BX bytes on) and its
// last block, next steps to the next row's.
type rowPlaces struct{ start, head, mid, tail, next func() }

// rowPlacesOf returns lane ln's places: of integer rows from the row's
// first value in R13 (steps: first, rowD, d, lastD, wrapping), of float32
// rows (rowsAddS: steps are float64 bits, the row's first value in X14)
// in float64, then float32, as the caller would compute it.
func rowPlacesOf(f *File, ln lane) rowPlaces {
	if ln == laneS {
		return rowPlaces{
			start: func() { f.Op("VMOVSD", "0(R12)", "X14") },
			head:  func() { f.Op("VCVTSD2SS", "X14", "X14", "X9") },
			mid:   func() { fMid(f) },
			tail:  func() { fTail(f) },
			next:  func() { f.Op("VADDSD", "8(R12)", "X14", "X14") },
		}
	}
	lg := map[lane]int{laneB: 0, laneW: 1, laneD: 2, laneQ: 3}
	return rowPlaces{
		start: func() { f.Op("MOVQ", "0(R12)", "R13") },
		head:  func() { f.Op("VMOVQ", "R13", "X9") },
		mid: func() {
			f.Ops("MOVQ BX, AX")
			f.Op("SHRQ", fmt.Sprintf("$%d", lg[ln]), "AX")
			f.Ops(`
				IMULQ 16(R12), AX
				ADDQ R13, AX
				VMOVQ AX, X9
			`)
		},
		tail: func() {
			f.Ops(`
				MOVQ 24(R12), AX
				ADDQ R13, AX
				VMOVQ AX, X9
			`)
		},
		next: func() { f.Op("ADDQ", "8(R12)", "R13") },
	}
}

// rowsAdd writes rowsAdd of lane ln and store kind st: blocks of 128 bytes
// in Y0-Y3, base in Y10-Y13, inc in Y4; the places' values by
// rowPlacesOf.
func rowsAdd(f *File, ln lane, st store) {
	f.Func("rowsAdd"+ln.name+st.suffix, sigRowsAdd, rowsAddDoc(ln, st))
	f.Twin("rows"+ln.name+"_g", st, false)
	p := rowPlacesOf(f, ln)
	values := func(place func()) {
		place()
		f.Op(ln.bc, "X9", "Y9")
		for i := range 4 {
			f.Op(ln.add, y(10+i), "Y9", y(i))
		}
	}
	store4 := func(mov, at string) {
		for i := range 4 {
			f.Op(mov, y(i), fmt.Sprintf("%d(%s)", 32*i, at))
		}
	}
	advance := func() {
		for i := range 4 {
			f.Op(ln.add, "Y4", y(i), y(i))
		}
	}
	rowArgs(f)
	f.Ops(`
		MOVQ {inc}, DX
		VMOVDQU (DX), Y4
	`)
	for i := range 4 {
		f.Op("VMOVDQU", fmt.Sprintf("%d(SI)", 32*i), y(10+i))
	}
	f.Ops("TESTQ R9, R9")
	f.Jump("JZ", "done")
	p.start()
	f.Label("row")
	if st == stStream {
		rowsAddNT(f, values, p.head, p.mid, p.tail, advance, store4, p.next)
		return
	}
	rowHead(f, "aligned")
	values(p.head)
	store4("VMOVDQU", "R8")
	f.Label("aligned")
	values(p.mid)
	f.Ops(`
		LEAQ (R8)(BX*1), DI
		MOVQ R11, CX
		SUBQ BX, CX
		SUBQ $128, CX
	`)
	f.Jump("JLE", "last")
	f.Label("block")
	store4("VMOVDQU", "DI")
	advance()
	f.Ops(`
		ADDQ $128, DI
		SUBQ $128, CX
	`)
	f.Jump("JG", "block")
	f.Label("last")
	values(p.tail)
	f.Ops("LEAQ -128(R8)(R11*1), DI")
	store4("VMOVDQU", "DI")
	rowNext(f, "", p.next, "row", "done")
}

// A rowsFMASForm is an instruction set's form of rowsFMAS: its name and
// kernel, which loads the lanes and returns the row kernel's parts.
type rowsFMASForm struct {
	name   string
	avx512 bool
	kernel func(f *File) rowKernel
}

var rowsFMASForms = []rowsFMASForm{{"rowsFMASx", true, rowsFMASxKernel}, {"rowsFMASY", false, rowsFMASYKernel}}

// rowsFMAS writes the form's rowsFMAS of store kind st.
//
// rowsFMASx (AVX-512): rows of float32 as fma(index, delta, start) in
// float32 (see fmaStoreSx); steps give each place's index (rowSteps of
// integers), worked out at the row's start into the frame (qRowPrep).
// rowsFMASY is it in AVX2: a block's lanes in Y0 (0 to 7) and Y1 (8 to
// 15), the pair's second block's in Y2, Y3; base in Y10, Y11, inc in
// Y4, 2*inc in Y15, start in Y13, delta in Y14; a block's values in Y5,
// Y6 (the pair's second in Y7, Y8).
func rowsFMAS(f *File, fm rowsFMASForm, st store) {
	f.FuncFrame(fm.name+st.suffix, sigRowsFMAS, 96, rowsDoc(fm.name, st))
	f.Twin("rowsFMAS_g", st, fm.avx512)
	rowArgs(f)
	qSteps(f)
	k := fm.kernel(f)
	f.Ops("TESTQ R9, R9")
	f.Jump("JZ", "done")
	k.rowprep, k.nextrow = qRowPrep(f, 2), qNext(f)
	if st == stStream {
		rows64NT(f, k)
	} else {
		rows64(f, k, plain)
	}
}

// rowsFMASxKernel loads rowsFMASx's lanes and returns its row kernel.
func rowsFMASxKernel(f *File) rowKernel {
	f.Ops(`
		VPBROADCASTD {inc}, Z4
		VADDPS Z4, Z4, Z20
		VPBROADCASTD {start}, Z13
		VPBROADCASTD {delta}, Z14
		VMOVUPS 0(SI), Z10
	`)
	value := func() {
		f.Ops(`
			VMOVAPS Z0, Z5
			VFMADD213PS Z13, Z14, Z5
		`)
	}
	return rowKernel{
		place: func(off int) {
			f.Op("VCVTSI2SSQ", fmt.Sprintf("%d(R12)", off), "X9", "X9")
			f.Ops(`
				VPBROADCASTD X9, Z9
				VADDPS Z10, Z9, Z0
			`)
		},
		store: func(at string) {
			value()
			f.Op("VMOVUPS", "Z5", "0("+at+")")
		},
		pair: func() {
			f.Ops("VADDPS Z4, Z0, Z2")
			value()
			f.Ops(`
				VMOVAPS Z2, Z7
				VFMADD213PS Z13, Z14, Z7
				VMOVUPS Z5, 0(DI)
				VMOVUPS Z7, 64(DI)
				VADDPS Z20, Z0, Z0
				ADDQ $128, DI
			`)
		},
		advance: func() { f.Op("VADDPS", "Z4", "Z0", "Z0") },
		value:   value,
		spill:   zSpill(f),
		stream:  zStream(f),
	}
}

// rowsFMASYKernel loads rowsFMASY's lanes and returns its row kernel.
func rowsFMASYKernel(f *File) rowKernel {
	f.Ops(`
		VPBROADCASTD {inc}, Y4
		VADDPS Y4, Y4, Y15
		VPBROADCASTD {start}, Y13
		VPBROADCASTD {delta}, Y14
		VMOVUPS 0(SI), Y10
		VMOVUPS 32(SI), Y11
	`)
	value := func() {
		f.Ops(`
			VMOVAPS Y0, Y5
			VFMADD213PS Y13, Y14, Y5
			VMOVAPS Y1, Y6
			VFMADD213PS Y13, Y14, Y6
		`)
	}
	return rowKernel{
		place: func(off int) {
			f.Op("VCVTSI2SSQ", fmt.Sprintf("%d(R12)", off), "X9", "X9")
			f.Ops(`
				VBROADCASTSS X9, Y9
				VADDPS Y10, Y9, Y0
				VADDPS Y11, Y9, Y1
			`)
		},
		store: func(at string) {
			value()
			f.Op("VMOVUPS", "Y5", "0("+at+")")
			f.Op("VMOVUPS", "Y6", "32("+at+")")
		},
		pair: func() {
			f.Ops(`
				VADDPS Y4, Y0, Y2
				VADDPS Y4, Y1, Y3
			`)
			value()
			f.Ops(`
				VMOVAPS Y2, Y7
				VFMADD213PS Y13, Y14, Y7
				VMOVAPS Y3, Y8
				VFMADD213PS Y13, Y14, Y8
			`)
			for i := range 4 {
				f.Op("VMOVUPS", y(5+i), at(32*i))
			}
			f.Ops(`
				VADDPS Y15, Y0, Y0
				VADDPS Y15, Y1, Y1
				ADDQ $128, DI
			`)
		},
		advance: func() {
			f.Ops(`
				VADDPS Y4, Y0, Y0
				VADDPS Y4, Y1, Y1
			`)
		},
		value:  value,
		spill:  ySpill(f),
		stream: yStream(f),
	}
}

func rowsDoc(base string, st store) string {
	if st == stStream {
		return base + " with streaming stores (whole lines; partial ones regular)."
	}
	return storeDoc(base, st)
}

// rowsAddNT is rowsAdd with streaming stores for every whole cache line of
// a row, and regular stores for its partial lines only (rows start at a
// multiple of 16 bytes and are whole multiples of 16 long, at least 256):
// the row's bytes before its first 64-byte aligned one (16, 32 or 48) from
// the block at its start, the lines from there, 64 bytes at a time, from
// the block at that byte, and the bytes past its last 64-byte aligned one
// from the block ending at its end. No line is written both ways. The
// partial lines are fetched rows ahead (rowFetch).
func rowsAddNT(f *File, values func(func()), head, mid, tail, advance func(), store4 func(mov, at string), next func()) {
	rowFetch(f)
	rowHead(f, "aligned")
	values(head)
	f.Ops("CMPQ BX, $32")
	f.Jump("JB", "head16")
	f.Ops("VMOVDQU Y0, 0(R8)")
	f.Jump("JE", "aligned")
	f.Ops("VMOVDQU X1, 32(R8)")
	f.Jump("JMP", "aligned")
	f.Label("head16")
	f.Ops("VMOVDQU X0, 0(R8)")
	f.Label("aligned")
	f.Ops(`
		LEAQ (R8)(R11*1), DX
		ANDQ $63, DX
		MOVQ R11, CX
		SUBQ BX, CX
		SUBQ DX, CX
		LEAQ (R8)(BX*1), DI
	`)
	values(mid)
	f.Ops("SUBQ $128, CX")
	f.Jump("JL", "half")
	f.Label("block")
	store4("VMOVNTDQ", "DI")
	advance()
	f.Ops(`
		ADDQ $128, DI
		SUBQ $128, CX
	`)
	f.Jump("JGE", "block")
	f.Label("half")
	f.Ops("ADDQ $128, CX")
	f.Jump("JZ", "tail")
	f.Ops(`
		VMOVNTDQ Y0, 0(DI)
		VMOVNTDQ Y1, 32(DI)
	`)
	f.Label("tail")
	f.Ops("TESTQ DX, DX")
	f.Jump("JZ", "next")
	values(tail)
	f.Ops(`
		LEAQ (R8)(R11*1), DI
		CMPQ DX, $32
	`)
	f.Jump("JB", "tail16")
	f.Ops("VMOVDQU Y3, -32(DI)")
	f.Jump("JE", "next")
	f.Ops(`
		VEXTRACTI128 $1, Y2, X5
		VMOVDQU X5, -48(DI)
	`)
	f.Jump("JMP", "next")
	f.Label("tail16")
	f.Ops(`
		VEXTRACTI128 $1, Y3, X5
		VMOVDQU X5, -16(DI)
	`)
	f.Label("next")
	rowNext(f, "SFENCE", next, "row", "done")
}

func rowsDispatch(f *File) {
	ntA := []store{stStream, stRegular}
	args := sigRowsAdd.Args()
	dispatch(f, "rows runs the rowsAdd kernel of the lane and the store kind; streaming needs rows that stream (rowsStream).",
		"rows", sigRowsAdd.Method("lane int, st store"),
		append([]arm{{"!t.asm", "rows_g(lane, " + args + ")"}}, byLane("", "rowsAdd", args, lanes, ntA, false)...))
	dispatch(f, "rowsFMAS writes float32 rows as fma(index, delta, start) (rowsFMASx, rowsFMASY); it streams only rows that stream (rowsStreamable).",
		"rowsFMAS", sigRowsFMAS.Method("st store"),
		formArms("!t.asm", "rowsFMAS_g", []form{{"!t.avx512", "rowsFMASY"}, {"", "rowsFMASx"}}, ntA, sigRowsFMAS.Args(), ""))
}
