package main

// runsFile is runs_amd64.s: the runs kernels (method binade-runs).
func runsFile() *File {
	f := NewFile("runs", `
The runs kernels (see the package doc: method binade-runs): 16-bit
elements that change at most once in any 32 in a row, by a constant, in
an AVX-512 form and an AVX2 form (suffix Y), each with the three store
kinds, for one span (f16Runs) or rows of a span each (f16RowsRuns). The
value is in every word of Z0 (Y0), its change in Z1 (Y1), the next change
(an element index) in BX, the remainder in R12 and the steps in R8 to R11
and R13 (see runsAdvance). Go twins: runs_g and rowsRuns_g in twins.go;
contract: runsKernel in table.go.`)

	for _, fm := range runsForms {
		for _, st := range stores {
			f16Runs(f, fm, st)
			f16RowsRuns(f, fm, st)
		}
	}

	// The words' indices 0 to 31 (the AVX2 form's line of a change).
	f.Data("idxW", 0x0003000200010000, 0x0007000600050004, 0x000b000a00090008, 0x000f000e000d000c,
		0x0013001200110010, 0x0017001600150014, 0x001b001a00190018, 0x001f001e001d001c)

	ntA := []store{stStream, stRegular}
	dispatch(f, "runs runs the runs kernel of the table's form and the store kind.", "runs", sigRuns.Method("st store"),
		formArms("!t.asm", "runs_g", []form{{"!t.avx512", "f16RunsY"}, {"", "f16Runs"}}, ntA, sigRuns.Args(), ""))
	dispatch(f, "rowsRuns runs the rows form of the runs kernel.", "rowsRuns", sigRowsRuns.Method("st store"),
		formArms("!t.asm", "rowsRuns_g", []form{{"!t.avx512", "f16RowsRunsY"}, {"", "f16RowsRuns"}}, ntA, sigRowsRuns.Args(), ""))
	return f
}

// A runsForm is an instruction set's form of the runs kernels: the name's
// suffix, the registers of the value and of its change, its span loop,
// what it sets up after the arguments (the AVX2 form: idxWY's indices), and
// whether it stores whole ZMM registers.
type runsForm struct {
	suffix, val, chg string
	span             func(f *File, mov, end string)
	setup            func(f *File)
	zmm              bool
}

var runsForms = []runsForm{
	{"", "Z0", "Z1", runsSpan, func(*File) {}, true},
	{"Y", "Y0", "Y1", runsSpanY, idxWY, false},
}

// mov is the form's store of a whole register for st.
func (fm runsForm) mov(st store) string {
	if fm.zmm && st.mov == "VMOVDQU" {
		return "VMOVDQU64"
	}
	return st.mov
}

// f16Runs writes the form's f16Runs of store kind st: one span.
func f16Runs(f *File, fm runsForm, st store) {
	f.Func("f16Runs"+fm.suffix+st.suffix, sigRuns, runsDoc("f16Runs"+fm.suffix, st))
	f.Twin("runs_g", st, fm.zmm)
	runsArgs(f, fm.val, fm.chg)
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {n}, SI
	`)
	fm.setup(f)
	fm.span(f, fm.mov(st), "done")
	f.Label("done")
	end(f, st)
}

// f16RowsRuns writes the form's f16RowsRuns of store kind st: each row a
// span, the next change moved back by a row's elements after each; dst
// (the row) and rows are kept in their argument slots.
func f16RowsRuns(f *File, fm runsForm, st store) {
	f.Func("f16RowsRuns"+fm.suffix+st.suffix, sigRowsRuns, runsDoc("f16RowsRuns"+fm.suffix, st))
	f.Twin("rowsRuns_g", st, fm.zmm)
	runsArgs(f, fm.val, fm.chg)
	fm.setup(f)
	f.Ops(`
		MOVQ {rowBytes}, SI
		SHRQ $1, SI
	`)
	f.Label("row")
	f.Ops("MOVQ {dst}, DI")
	fm.span(f, fm.mov(st), "rowdone")
	f.Label("rowdone")
	f.Ops(`
		SUBQ SI, BX
		MOVQ {dst}, DI
		ADDQ {pitch}, DI
		MOVQ DI, {dst}
		DECQ {rows}
	`)
	f.Jump("JNZ", "row")
	end(f, st)
}

func runsDoc(base string, st store) string {
	if st == stStream {
		return base + " with streaming stores (for whole lines)."
	}
	return storeDoc(base, st)
}

// runsArgs loads the value (in every word of val), its change (chg), the
// next change (BX), the remainder (R12) and the steps (R8 to R11, R13).
// (v and inc are uint64 arguments of which the low word counts: each is
// loaded whole and broadcast from X0, X1, which go vet checks, where a
// broadcast of the word from the frame reads 2 bytes of an 8-byte
// argument.)
func runsArgs(f *File, val, chg string) {
	f.Ops(`
		MOVQ {v}, AX
		VMOVQ AX, X0
	`)
	f.Op("VPBROADCASTW", "X0", val)
	f.Ops(`
		MOVQ {inc}, AX
		VMOVQ AX, X1
	`)
	f.Op("VPBROADCASTW", "X1", chg)
	f.Ops(`
		MOVQ {next}, BX
		MOVQ {rem}, R12
		MOVQ {steps}, SI
		MOVQ 0(SI), R8
		MOVQ 8(SI), R9
		MOVQ 16(SI), R10
		MOVQ 24(SI), R11
		MOVQ 32(SI), R13
	`)
}

// idxWY loads idxW in Y3 and Y4.
func idxWY(f *File) {
	f.Ops(`
		VMOVDQU idxW<>+0(SB), Y3
		VMOVDQU idxW<>+32(SB), Y4
	`)
}

// runsAdvance moves the next change (BX) on by the current pair of steps
// (R8, R9: elements, and the remainder's loss) and the remainder (R12),
// one element more where the remainder falls below 0 (and gains R13), and
// swaps the pairs (R10, R11). DX is a temporary.
func runsAdvance(f *File) {
	f.Ops(`
		ADDQ R8, BX
		SUBQ R9, R12
		MOVQ R12, DX
		SARQ $63, DX
		SUBQ DX, BX
		ANDQ R13, DX
		ADDQ DX, R12
		XCHGQ R8, R10
		XCHGQ R9, R11
	`)
}

// runsChange makes the line whose first element is AX (the change at BX
// within it, 0 to 31 elements on) in Z2: the value Z0 before the change,
// Z0 + Z1 from it; Z0 becomes the value after, and the next change is
// worked out. CX and DX are temporaries.
func runsChange(f *File) {
	f.Ops(`
		MOVQ BX, CX
		SUBQ AX, CX
		MOVL $-1, DX
		SHLXL CX, DX, DX
		KMOVD DX, K1
		VMOVDQA64 Z0, Z2
		VPADDW Z1, Z0, Z0
		VMOVDQU16 Z0, K1, Z2
	`)
	runsAdvance(f)
}

// runsPart writes the partial line at DI whose first element is AX, the
// lanes of K2: the value Z0, with the change where it falls within the
// line and the span (skip: the label past it). A change past the span is
// left to the next span (rowsRuns' next row).
func runsPart(f *File, skip string) {
	f.Ops(`
		VMOVDQA64 Z0, Z2
		MOVQ BX, CX
		SUBQ AX, CX
		CMPQ CX, $32
	`)
	f.Jump("JGE", skip)
	f.Ops("CMPQ BX, SI")
	f.Jump("JGE", skip)
	runsChange(f)
	f.Label(skip)
	f.Ops("VMOVDQU16 Z2, K2, 0(DI)")
}

// runsLines counts, from the element AX of a span of SI (at a line's first
// element, the next change at BX), the whole lines left in CX and those
// before the change's line in DX, and moves AX past the latter: to tail
// where no whole line is left, to change where the change's line is the
// first.
func runsLines(f *File) {
	f.Ops(`
		MOVQ SI, CX
		SUBQ AX, CX
		SARQ $5, CX
		TESTQ CX, CX
	`)
	f.Jump("JLE", "tail")
	f.Ops(`
		MOVQ BX, DX
		SUBQ AX, DX
		SHRQ $5, DX
		CMPQ DX, CX
		CMOVQGT CX, DX
		SUBQ DX, CX
		SHLQ $5, DX
		ADDQ DX, AX
		SHRQ $5, DX
		TESTQ DX, DX
	`)
	f.Jump("JZ", "change")
}

// runsSpan (AVX-512) writes the SI elements at DI line by line from the
// 64-byte line they start in, and goes to end: AX is the element of the
// line's first lane (from the span's first; less than 0 in the line the
// span starts in, if that is not its first byte), BX the next change (from
// the span's first element). Partial lines (at each end) are written under
// a mask of their lanes; whole lines before the next change by a loop of
// stores of one value, the line of the change from two.
func runsSpan(f *File, mov string, end string) {
	f.Ops(`
		MOVQ DI, AX
		SHRQ $1, AX
		ANDQ $31, AX
		ANDQ $-64, DI
		TESTQ AX, AX
	`)
	f.Jump("JZ", "mid")
	f.Ops(`
		MOVQ AX, CX
		MOVL $-1, DX
		SHLXL CX, DX, DX
		ADDQ SI, CX
		CMPQ CX, $32
	`)
	f.Jump("JAE", "headmask")
	f.Ops("BZHIL CX, DX, DX")
	f.Label("headmask")
	f.Ops(`
		KMOVD DX, K2
		NEGQ AX
	`)
	runsPart(f, "headdone")
	f.Ops(`
		ADDQ $64, DI
		ADDQ $32, AX
	`)
	f.Label("mid")
	runsLines(f)
	f.Label("plain")
	f.Op(mov, "Z0", "0(DI)")
	f.Ops(`
		ADDQ $64, DI
		DECQ DX
	`)
	f.Jump("JNZ", "plain")
	f.Label("change")
	f.Ops("TESTQ CX, CX")
	f.Jump("JZ", "tail")
	runsChange(f)
	f.Op(mov, "Z2", "0(DI)")
	f.Ops(`
		ADDQ $64, DI
		ADDQ $32, AX
	`)
	f.Jump("JMP", "mid")
	f.Label("tail")
	f.Ops(`
		MOVQ SI, CX
		SUBQ AX, CX
	`)
	f.Jump("JLE", end)
	f.Ops(`
		MOVL $-1, DX
		BZHIL CX, DX, DX
		KMOVD DX, K2
	`)
	runsPart(f, "taildone")
}

// runsWords (AVX2) writes the CX elements (at least 1) at DI, AX the
// first's (from the span's first), the value changing where AX reaches BX;
// DI and AX move past them (AVX2 has no store under a mask of words). DX
// is a temporary.
func runsWords(f *File, loop, same string) {
	f.Label(loop)
	f.Ops("CMPQ AX, BX")
	f.Jump("JNE", same)
	f.Ops("VPADDW Y1, Y0, Y0")
	runsAdvance(f)
	f.Label(same)
	f.Ops(`
		VMOVQ X0, DX
		MOVW DX, 0(DI)
		ADDQ $2, DI
		INCQ AX
		DECQ CX
	`)
	f.Jump("JNZ", loop)
}

// runsSpanY (AVX2) writes the SI elements at DI (the span: AX counts them
// from its first, BX the next change from there) and goes to end; Y3, Y4
// hold idxW. Partial lines element by element; whole lines before the next
// change by a loop of two stores of one value; the line of the change as
// the words below it (Y2, its place in every word, greater than their
// index) from the value before, the others from the value after
// (VPBLENDVB).
func runsSpanY(f *File, mov string, end string) {
	f.Ops(`
		XORQ AX, AX
		MOVQ DI, CX
		NEGQ CX
		ANDQ $63, CX
		SHRQ $1, CX
	`)
	f.Jump("JZ", "mid")
	f.Ops(`
		CMPQ CX, SI
		CMOVQGT SI, CX
	`)
	runsWords(f, "headloop", "headsame")
	f.Label("mid")
	runsLines(f)
	f.Label("plain")
	f.Op(mov, "Y0", "0(DI)")
	f.Op(mov, "Y0", "32(DI)")
	f.Ops(`
		ADDQ $64, DI
		DECQ DX
	`)
	f.Jump("JNZ", "plain")
	f.Label("change")
	f.Ops("TESTQ CX, CX")
	f.Jump("JZ", "tail")
	f.Ops(`
		MOVQ BX, CX
		SUBQ AX, CX
		VMOVQ CX, X2
		VPBROADCASTW X2, Y2
		VPADDW Y1, Y0, Y5
		VPCMPGTW Y3, Y2, Y6
		VPBLENDVB Y6, Y0, Y5, Y6
		VPCMPGTW Y4, Y2, Y7
		VPBLENDVB Y7, Y0, Y5, Y7
		VMOVDQA Y5, Y0
	`)
	runsAdvance(f)
	f.Op(mov, "Y6", "0(DI)")
	f.Op(mov, "Y7", "32(DI)")
	f.Ops(`
		ADDQ $64, DI
		ADDQ $32, AX
	`)
	f.Jump("JMP", "mid")
	f.Label("tail")
	f.Ops(`
		MOVQ SI, CX
		SUBQ AX, CX
	`)
	f.Jump("JZ", end)
	runsWords(f, "tailloop", "tailsame")
	f.Jump("JMP", end)
}
