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
contract: runsKernel in kernels_gen.go (from asmgen/signatures.go).`)

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
	f.Shapes(runsShapes...)
	return f
}

// The runs kernels' registers.
var runsR = struct {
	to      Reg // where the line (or element) goes
	span    Reg // the span's elements
	at      Reg // the element of the line's first lane (from the span's first)
	change  Reg // the next change: an element (from the span's first)
	cnt     Reg // lines or elements left
	tmp     Reg // a temporary: a mask, lines before the change
	step    Reg // the current pair of steps: elements,
	loss    Reg // and the remainder's loss
	step2   Reg // the other pair
	loss2   Reg
	remain  Reg // the remainder
	gain    Reg // what the remainder gains where it falls below 0
	word    Reg // (runsArgs) v and inc, loaded whole
	stepsAt Reg // (runsArgs) the steps' address
	val     Reg // the value, in every word
	chg     Reg // its change, in every word
	line    Reg // the line of a change
	valY    Reg // the AVX2 form's value,
	chgY    Reg // and change
	valX    Reg // the value's low word (val's and valY's low bytes)
	chgX    Reg // the change's (chg's, chgY's)
	place   Reg // (AVX2) the change's place in the line, in every word
	placeX  Reg // its low bytes
	idx0    Reg // (AVX2) idxW: words 0-15,
	idx1    Reg // 16-31
	after   Reg // (AVX2) the value after the change
	lo, hi  Reg // (AVX2) the line of a change: its halves
}{
	to: DI, span: SI, at: AX, change: BX, cnt: CX, tmp: DX,
	step: R8, loss: R9, step2: R10, loss2: R11, remain: R12, gain: R13,
	word: AX, stepsAt: SI,
	val: z(0), chg: z(1), line: z(2), valY: y(0), chgY: y(1), valX: x(0), chgX: x(1),
	place: y(2), placeX: x(2), idx0: y(3), idx1: y(4), after: y(5), lo: y(6), hi: y(7),
}

// A runsForm is an instruction set's form of the runs kernels: the name's
// suffix, the registers of the value and of its change, its span loop,
// what it sets up after the arguments (the AVX2 form: idxWY's indices), and
// whether it stores whole ZMM registers.
type runsForm struct {
	suffix   string
	val, chg Reg
	span     func(f *File, mov, end string)
	setup    func(f *File)
	zmm      bool
}

var runsForms = []runsForm{
	{"", runsR.val, runsR.chg, runsSpan, func(*File) {}, true},
	{"Y", runsR.valY, runsR.chgY, runsSpanY, idxWY, false},
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
	r := runsR
	f.Func("f16Runs"+fm.suffix+st.suffix, sigRuns, runsDoc("f16Runs"+fm.suffix, st))
	f.Twin("runs_g", st, fm.zmm)
	runsArgs(f, fm.val, fm.chg)
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {n}, {span}
	`, r)
	fm.setup(f)
	fm.span(f, fm.mov(st), "done")
	f.Label("done")
	end(f, st)
}

// f16RowsRuns writes the form's f16RowsRuns of store kind st: each row a
// span, the next change moved back by a row's elements after each; dst
// (the row) and rows are kept in their argument slots.
func f16RowsRuns(f *File, fm runsForm, st store) {
	r := runsR
	f.Func("f16RowsRuns"+fm.suffix+st.suffix, sigRowsRuns, runsDoc("f16RowsRuns"+fm.suffix, st))
	f.Twin("rowsRuns_g", st, fm.zmm)
	runsArgs(f, fm.val, fm.chg)
	fm.setup(f)
	f.Ops(`
		MOVQ {rowBytes}, {span}
		SHRQ $1, {span}
	`, r)
	f.Label("row")
	f.Ops("MOVQ {dst}, {to}", r)
	fm.span(f, fm.mov(st), "rowdone")
	f.Label("rowdone")
	f.Ops(`
		SUBQ {span}, {change}
		MOVQ {dst}, {to}
		ADDQ {pitch}, {to}
		MOVQ {to}, {dst}
		DECQ {rows}
	`, r)
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
// next change (change), the remainder (remain) and the steps (step, loss,
// step2, loss2, gain).
// (v and inc are uint64 arguments of which the low word counts: each is
// loaded whole and broadcast from valX, chgX, which go vet checks, where a
// broadcast of the word from the frame reads 2 bytes of an 8-byte
// argument.)
func runsArgs(f *File, val, chg Reg) {
	r := runsR
	f.Ops(`
		MOVQ {v}, {word}
		VMOVQ {word}, {valX}
	`, r)
	f.Op("VPBROADCASTW", r.valX, val)
	f.Ops(`
		MOVQ {inc}, {word}
		VMOVQ {word}, {chgX}
	`, r)
	f.Op("VPBROADCASTW", r.chgX, chg)
	f.Ops(`
		MOVQ {next}, {change}
		MOVQ {rem}, {remain}
		MOVQ {steps}, {stepsAt}
		MOVQ 0({stepsAt}), {step}
		MOVQ 8({stepsAt}), {loss}
		MOVQ 16({stepsAt}), {step2}
		MOVQ 24({stepsAt}), {loss2}
		MOVQ 32({stepsAt}), {gain}
	`, r)
}

// idxWY loads idxW in idx0 and idx1.
func idxWY(f *File) {
	r := runsR
	f.Ops(`
		VMOVDQU idxW<>+0(SB), {idx0}
		VMOVDQU idxW<>+32(SB), {idx1}
	`, r)
}

// runsAdvance moves the next change (change) on by the current pair of steps
// (step, loss: elements, and the remainder's loss) and the remainder (remain),
// one element more where the remainder falls below 0 (and gains gain), and
// swaps the pairs (step2, loss2). tmp is a temporary.
func runsAdvance(f *File) {
	r := runsR
	f.Ops(`
		ADDQ {step}, {change}
		SUBQ {loss}, {remain}
		MOVQ {remain}, {tmp}
		SARQ $63, {tmp}
		SUBQ {tmp}, {change}
		ANDQ {gain}, {tmp}
		ADDQ {tmp}, {remain}
		XCHGQ {step}, {step2}
		XCHGQ {loss}, {loss2}
	`, r)
}

// runsChange makes the line whose first element is at (the next change,
// change, within it: 0 to 31 elements on) in line: the value val before the change,
// val + chg from it; val becomes the value after, and the next change is
// worked out. cnt and tmp are temporaries.
func runsChange(f *File) {
	r := runsR
	f.Ops(`
		MOVQ {change}, {cnt}
		SUBQ {at}, {cnt}
		MOVL $-1, {tmp}
		SHLXL {cnt}, {tmp}, {tmp}
		KMOVD {tmp}, K1
		VMOVDQA64 {val}, {line}
		VPADDW {chg}, {val}, {val}
		VMOVDQU16 {val}, K1, {line}
	`, r)
	runsAdvance(f)
}

// runsPart writes the partial line at to whose first element is at, the
// lanes of K2: the value val, with the change where it falls within the
// line and the span (skip: the label past it). A change past the span is
// left to the next span (rowsRuns' next row).
func runsPart(f *File, skip string) {
	r := runsR
	f.Ops(`
		VMOVDQA64 {val}, {line}
		MOVQ {change}, {cnt}
		SUBQ {at}, {cnt}
		CMPQ {cnt}, $32
	`, r)
	f.Jump("JGE", skip)
	f.Ops("CMPQ {change}, {span}", r)
	f.Jump("JGE", skip)
	runsChange(f)
	f.Label(skip)
	f.Ops("VMOVDQU16 {line}, K2, 0({to})", r)
}

// runsLines counts, from the element at of the span (span elements; at a line's first
// element, the next change at change), the whole lines left in cnt and those
// before the change's line in tmp, and moves at past the latter: to tail
// where no whole line is left, to change where the change's line is the
// first.
func runsLines(f *File) {
	r := runsR
	f.Ops(`
		MOVQ {span}, {cnt}
		SUBQ {at}, {cnt}
		SARQ $5, {cnt}
		TESTQ {cnt}, {cnt}
	`, r)
	f.Jump("JLE", "tail")
	f.Ops(`
		MOVQ {change}, {tmp}
		SUBQ {at}, {tmp}
		SHRQ $5, {tmp}
		CMPQ {tmp}, {cnt}
		CMOVQGT {cnt}, {tmp}
		SUBQ {tmp}, {cnt}
		SHLQ $5, {tmp}
		ADDQ {tmp}, {at}
		SHRQ $5, {tmp}
		TESTQ {tmp}, {tmp}
	`, r)
	f.Jump("JZ", "change")
}

// runsSpan (AVX-512) writes the span elements at to line by line from the
// 64-byte line they start in, and goes to end: at is the element of the
// line's first lane (from the span's first; less than 0 in the line the
// span starts in, if that is not its first byte), change the next change (from
// the span's first element). Partial lines (at each end) are written under
// a mask of their lanes; whole lines before the next change by a loop of
// stores of one value, the line of the change from two.
func runsSpan(f *File, mov string, end string) {
	r := runsR
	f.Ops(`
		MOVQ {to}, {at}
		SHRQ $1, {at}
		ANDQ $31, {at}
		ANDQ $-64, {to}
		TESTQ {at}, {at}
	`, r)
	f.Jump("JZ", "mid")
	f.Ops(`
		MOVQ {at}, {cnt}
		MOVL $-1, {tmp}
		SHLXL {cnt}, {tmp}, {tmp}
		ADDQ {span}, {cnt}
		CMPQ {cnt}, $32
	`, r)
	f.Jump("JAE", "headmask")
	f.Ops("BZHIL {cnt}, {tmp}, {tmp}", r)
	f.Label("headmask")
	f.Ops(`
		KMOVD {tmp}, K2
		NEGQ {at}
	`, r)
	runsPart(f, "headdone")
	f.Ops(`
		ADDQ $64, {to}
		ADDQ $32, {at}
	`, r)
	f.Label("mid")
	runsLines(f)
	f.Label("plain")
	f.Op(mov, r.val, r.to.At(0))
	f.Ops(`
		ADDQ $64, {to}
		DECQ {tmp}
	`, r)
	f.Jump("JNZ", "plain")
	f.Label("change")
	f.Ops("TESTQ {cnt}, {cnt}", r)
	f.Jump("JZ", "tail")
	runsChange(f)
	f.Op(mov, r.line, r.to.At(0))
	f.Ops(`
		ADDQ $64, {to}
		ADDQ $32, {at}
	`, r)
	f.Jump("JMP", "mid")
	f.Label("tail")
	f.Ops(`
		MOVQ {span}, {cnt}
		SUBQ {at}, {cnt}
	`, r)
	f.Jump("JLE", end)
	f.Ops(`
		MOVL $-1, {tmp}
		BZHIL {cnt}, {tmp}, {tmp}
		KMOVD {tmp}, K2
	`, r)
	runsPart(f, "taildone")
}

// runsWords (AVX2) writes the cnt elements (at least 1) at to, at the
// first's (from the span's first), the value changing where at reaches change;
// to and at move past them (AVX2 has no store under a mask of words). tmp
// is a temporary.
func runsWords(f *File, loop, same string) {
	r := runsR
	f.Label(loop)
	f.Ops("CMPQ {at}, {change}", r)
	f.Jump("JNE", same)
	f.Ops("VPADDW {chgY}, {valY}, {valY}", r)
	runsAdvance(f)
	f.Label(same)
	f.Ops(`
		VMOVQ {valX}, {tmp}
		MOVW {tmp}, 0({to})
		ADDQ $2, {to}
		INCQ {at}
		DECQ {cnt}
	`, r)
	f.Jump("JNZ", loop)
}

// runsSpanY (AVX2) writes the span elements at to (the span: at counts them
// from its first, change the next change from there) and goes to end; idx0, idx1
// hold idxW. Partial lines element by element; whole lines before the next
// change by a loop of two stores of one value; the line of the change as
// the words below it (place, its place in every word, greater than their
// index) from the value before, the others from the value after
// (VPBLENDVB).
func runsSpanY(f *File, mov string, end string) {
	r := runsR
	f.Ops(`
		XORQ {at}, {at}
		MOVQ {to}, {cnt}
		NEGQ {cnt}
		ANDQ $63, {cnt}
		SHRQ $1, {cnt}
	`, r)
	f.Jump("JZ", "mid")
	f.Ops(`
		CMPQ {cnt}, {span}
		CMOVQGT {span}, {cnt}
	`, r)
	runsWords(f, "headloop", "headsame")
	f.Label("mid")
	runsLines(f)
	f.Label("plain")
	f.Op(mov, r.valY, r.to.At(0))
	f.Op(mov, r.valY, r.to.At(32))
	f.Ops(`
		ADDQ $64, {to}
		DECQ {tmp}
	`, r)
	f.Jump("JNZ", "plain")
	f.Label("change")
	f.Ops("TESTQ {cnt}, {cnt}", r)
	f.Jump("JZ", "tail")
	f.Ops(`
		MOVQ {change}, {cnt}
		SUBQ {at}, {cnt}
		VMOVQ {cnt}, {placeX}
		VPBROADCASTW {placeX}, {place}
		VPADDW {chgY}, {valY}, {after}
		VPCMPGTW {idx0}, {place}, {lo}
		VPBLENDVB {lo}, {valY}, {after}, {lo}
		VPCMPGTW {idx1}, {place}, {hi}
		VPBLENDVB {hi}, {valY}, {after}, {hi}
		VMOVDQA {after}, {valY}
	`, r)
	runsAdvance(f)
	f.Op(mov, r.lo, r.to.At(0))
	f.Op(mov, r.hi, r.to.At(32))
	f.Ops(`
		ADDQ $64, {to}
		ADDQ $32, {at}
	`, r)
	f.Jump("JMP", "mid")
	f.Label("tail")
	f.Ops(`
		MOVQ {span}, {cnt}
		SUBQ {at}, {cnt}
	`, r)
	f.Jump("JZ", end)
	runsWords(f, "tailloop", "tailsame")
	f.Jump("JMP", end)
}

// runsShapes are the methods the runs kernels write (File.Shapes).
var runsShapes = []Shape{
	{Name: "binade-runs", Const: "mBinadeRuns"},
	{
		Name: "rows-runs", Const: "mRowsRuns", Rows: true, Stream: streamAny,
	},
}
