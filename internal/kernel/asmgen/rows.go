package main

import "fmt"

// The row kernels' registers (the binade row kernels' too: rowArgs,
// rows64, rows64NT and the q places name them).
var rowsR = struct {
	row      Reg   // the current row's start
	left     Reg   // the rows left
	apart    Reg   // the pitch: from a row to the next
	size     Reg   // a row's bytes
	from     Reg   // base's address (copyPart: where the bytes come from)
	places   Reg   // steps' address; then the row's three places (qSteps, binSteps: in the frame)
	head     Reg   // the row's bytes before its first 64-byte aligned one
	to       Reg   // where the next block goes (copyPart: the bytes)
	cnt      Reg   // the bytes left (copyPart: to copy)
	tail     Reg   // the row's bytes past its last 64-byte aligned one
	tmp      Reg   // a temporary
	stepsAt  Reg   // (qSteps) steps' address
	rowFirst Reg   // (rowsAdd, integer lanes) the row's first value
	incAt    Reg   // (rowsAdd) inc's address
	copyY    Reg   // (copyPart) 32 of the bytes,
	copyX    Reg   // or 16
	block    []Reg // (rowsAdd) a block: four vectors of 32 bytes
	baseY    []Reg // (rowsAdd: four vectors; rowsFMASY: two) base
	incY     Reg   // (rowsAdd, rowsFMASY) inc's vector
	placeY   Reg   // a place's value in every lane,
	placeX   Reg   // its low bytes, worked out there
	firstF   Reg   // (rowsAddS) the row's first value, float64
	calc     Reg   // (fMid, fTail) a place's value in float64
	half     Reg   // (rowsAddNT) the high half of a block's vector
	valZ     Reg   // (rowsFMASx) a block's values (spilled, streamed),
	val2Z    Reg   // and the pair's second block's
	valY     []Reg // (rowsFMASY, and rows64NT: ySpill, yStream) a block's values (spilled, streamed),
	val2Y    []Reg // and the pair's second block's
	idxZ     Reg   // (rowsFMASx) a block's index lanes,
	idx2Z    Reg   // and the pair's second block's
	idxY     []Reg // (rowsFMASY) a block's index lanes,
	idx2Y    []Reg // and the pair's second block's
	incZ     Reg   // (rowsFMASx) inc in every lane,
	inc2Z    Reg   // and 2*inc
	inc2Y    Reg   // (rowsFMASY) 2*inc
	startZ   Reg   // (rowsFMASx) start in every lane,
	deltaZ   Reg   // delta,
	baseZ    Reg   // and base
	placeZ   Reg   // (rowsFMASx) a place's value in every lane
	startY   Reg   // (rowsFMASY) start in every lane,
	deltaY   Reg   // and delta
}{
	row: R8, left: R9, apart: R10, size: R11, from: SI, places: R12,
	head: BX, to: DI, cnt: CX, tail: DX, tmp: AX, stepsAt: R13, rowFirst: R13, incAt: DX,
	copyY: y(6), copyX: x(6),
	block: vecs(y, 0, 4), baseY: vecs(y, 10, 4), incY: y(4), placeY: y(9), placeX: x(9),
	firstF: x(14), calc: x(7), half: x(5),
	valZ: z(5), val2Z: z(7), valY: vecs(y, 5, 2), val2Y: vecs(y, 7, 2),
	idxZ: z(0), idx2Z: z(2), idxY: vecs(y, 0, 2), idx2Y: vecs(y, 2, 2),
	incZ: z(4), inc2Z: z(20), inc2Y: y(15),
	startZ: z(13), deltaZ: z(14), baseZ: z(10), placeZ: z(9), startY: y(13), deltaY: y(14),
}

// A rowKernel is the work of a row kernel of 64-byte blocks (rows64,
// rows64NT) at one place of a row: place(off) loads the lanes of the place
// at off(places); store(at) writes a block from them at 0(at); pair()
// writes two blocks at to (both made before either is stored) and moves
// to and the lanes on; advance steps the lanes by a block; rowprep works
// out the row's three places into the frame at places, nextrow steps to
// the next row's; value leaves a block in valZ (valY), spill puts it at
// 0(SP), stream streams it to 0(to) (rows64NT).
type rowKernel struct {
	place                func(off int)
	store                func(at Reg)
	pair                 func()
	advance              func()
	rowprep, nextrow     func()
	value, spill, stream func()
}

// rowArgs loads the row kernels' common arguments: dst (row), rows
// (left), pitch (apart), rowBytes (size), base (from) and steps (places).
func rowArgs(f *File) {
	f.Ops(`
		MOVQ {dst}, {row}
		MOVQ {rows}, {left}
		MOVQ {pitch}, {apart}
		MOVQ {rowBytes}, {size}
		MOVQ {base}, {from}
		MOVQ {steps}, {places}
	`, rowsR)
}

// rowHead puts in head the bytes of the row before its first 64-byte
// aligned one, and goes to aligned if there are none.
func rowHead(f *File, aligned string) {
	f.Ops(`
		MOVQ {row}, {head}
		NEGQ {head}
		ANDQ $63, {head}
	`, rowsR)
	f.Jump("JZ", aligned)
}

// rowFetch fetches the first and the last line of the row four rows on
// (row + 4*pitch, size bytes), through tmp, where they are partial lines:
// the streaming forms' regular stores to a row's partial lines otherwise
// wait for each line to come from memory. (Padded UINT8 rows of 1024
// bytes, 16 apart, 256 MiB, rowsAddBNT: 20.8-21.3 GB/s without it,
// 25.8-27.5 with it, packed 26.8-27.7; scratch timing, alternated three
// times.) A whole line is streamed, and a fetch of it only reads memory
// the stores then take back: float32 rows of 1024 elements, 16 apart
// (whole lines), 256 MiB, rowsBinSYNT, 20.9 GB/s with both ends fetched,
// 23.8 with neither, packed 24.1 (the best of 7 rounds, alternated;
// docs/performance.md, "Padded rows at 256 MiB"). A prefetch cannot
// fault.
func rowFetch(f *File) {
	r := rowsR
	f.Ops(`
		LEAQ ({row})({apart}*4), {tmp}
		TESTQ $63, {tmp}
	`, r)
	f.Jump("JZ", "fetchlast")
	f.Ops("PREFETCHT0 0({tmp})", r)
	f.Label("fetchlast")
	f.Ops(`
		ADDQ {size}, {tmp}
		TESTQ $63, {tmp}
	`, r)
	f.Jump("JZ", "fetched")
	f.Ops("PREFETCHT0 -1({tmp})", r)
	f.Label("fetched")
}

// rowNext steps to the next row (row by the pitch, the places by nextrow)
// while rows remain (left), then ends the kernel at done.
func rowNext(f *File, fence string, nextrow func(), row, done string) {
	f.Ops("ADDQ {apart}, {row}", rowsR)
	nextrow()
	f.Ops("DECQ {left}", rowsR)
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
	r := rowsR
	f.Label(l("row"))
	k.rowprep()
	rowHead(f, l("aligned"))
	k.place(0)
	k.store(r.row)
	f.Label(l("aligned"))
	k.place(8)
	f.Ops(`
		LEAQ ({row})({head}*1), {to}
		MOVQ {size}, {cnt}
		SUBQ {head}, {cnt}
		SUBQ $64, {cnt}
	`, r)
	f.Jump("JLE", l("last"))
	f.Ops("CMPQ {cnt}, $64", r)
	f.Jump("JLE", l("one"))
	f.Label(l("pairs"))
	k.pair()
	f.Ops(`
		SUBQ $128, {cnt}
		CMPQ {cnt}, $64
	`, r)
	f.Jump("JG", l("pairs"))
	f.Ops("TESTQ {cnt}, {cnt}", r)
	f.Jump("JLE", l("last"))
	f.Label(l("one"))
	k.store(r.to)
	k.advance()
	f.Ops("ADDQ $64, {to}", r)
	f.Label(l("last"))
	k.place(16)
	f.Ops("LEAQ -64({row})({size}*1), {to}", r)
	k.store(r.to)
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
	r := rowsR
	f.Label("row")
	rowFetch(f)
	k.rowprep()
	rowHead(f, "aligned")
	k.place(0)
	k.value()
	k.spill()
	f.Ops(`
		MOVQ SP, {from}
		MOVQ {row}, {to}
		MOVQ {head}, {cnt}
	`, r)
	copyPart(f, "head", "aligned")
	rowMiddle(f)
	k.place(8)
	f.Label("lines")
	k.value()
	k.stream()
	k.advance()
	f.Ops(`
		ADDQ $64, {to}
		SUBQ $64, {cnt}
	`, r)
	f.Jump("JG", "lines")
	f.Ops("TESTQ {tail}, {tail}", r)
	f.Jump("JZ", "next")
	k.place(16)
	k.value()
	k.spill()
	f.Ops(`
		LEAQ 64(SP), {from}
		SUBQ {tail}, {from}
		LEAQ ({row})({size}*1), {to}
		SUBQ {tail}, {to}
		MOVQ {tail}, {cnt}
	`, r)
	copyPart(f, "tail", "next")
	rowNext(f, "SFENCE", k.nextrow, "row", "done")
}

// copyPart copies n (cnt: 2 to 62, a multiple of 2) bytes from from to
// to with at most two regular stores of the largest width that fits (the
// second overlapping the first), through tmp and copyX/copyY; its labels
// start with prefix, and it ends at out.
func copyPart(f *File, prefix, out string) {
	r := rowsR
	two := func(mov string, w int, v Reg) {
		f.Op(mov, r.from.At(0), v)
		f.Op(mov, v, r.to.At(0))
		f.Op(mov, fmt.Sprintf("-%d(%s)(%s*1)", w, r.from, r.cnt), v)
		f.Op(mov, v, fmt.Sprintf("-%d(%s)(%s*1)", w, r.to, r.cnt))
	}
	steps := []struct {
		w       int
		mov     string
		v       Reg
		label   string
		nextLbl string
	}{
		{32, "VMOVDQU", r.copyY, "", prefix + "16"},
		{16, "VMOVDQU", r.copyX, prefix + "16", prefix + "8"},
		{8, "MOVQ", r.tmp, prefix + "8", prefix + "4"},
		{4, "MOVL", r.tmp, prefix + "4", prefix + "2"},
	}
	for _, s := range steps {
		if s.label != "" {
			f.Label(s.label)
		}
		f.Op("CMPQ", r.cnt, fmt.Sprintf("$%d", s.w))
		f.Jump("JB", s.nextLbl)
		two(s.mov, s.w, s.v)
		f.Jump("JMP", out)
	}
	f.Label(prefix + "2")
	f.Ops(`
		MOVW 0({from}), {tmp}
		MOVW {tmp}, 0({to})
	`, r)
	f.Label(out)
}

// The places of row kernels whose places are 64-bit integers worked out
// from steps (a rowSteps: first, rowD, d, lastD, wrapping): qSteps, after
// rowArgs, keeps steps in stepsAt, the row's first value at 88(SP), and
// points places at the row's three places in the frame (64(SP) to 87(SP); a
// streaming form's 64 bytes for partial lines lie below); qRowPrep(lg)
// puts there the row's first value v, v + mis*d (mis: the elements of
// 1<<lg bytes before its first 64-byte aligned byte) and v + lastD; qNext
// steps v by rowD. (The frame: 96 bytes.)
func qSteps(f *File) {
	f.Ops(`
		MOVQ {places}, {stepsAt}
		LEAQ 64(SP), {places}
		MOVQ 0({stepsAt}), {tmp}
		MOVQ {tmp}, 88(SP)
	`, rowsR)
}

func qRowPrep(f *File, lg int) func() {
	r := rowsR
	return func() {
		f.Ops(`
			MOVQ 88(SP), {tmp}
			MOVQ {tmp}, 0({places})
			MOVQ {row}, {head}
			NEGQ {head}
			ANDQ $63, {head}
		`, r)
		f.Op("SHRQ", fmt.Sprintf("$%d", lg), r.head)
		f.Ops(`
			IMULQ 16({stepsAt}), {head}
			ADDQ {tmp}, {head}
			MOVQ {head}, 8({places})
			MOVQ 24({stepsAt}), {head}
			ADDQ {tmp}, {head}
			MOVQ {head}, 16({places})
		`, r)
	}
}

func qNext(f *File) func() {
	return func() {
		f.Ops(`
			MOVQ 8({stepsAt}), {tmp}
			ADDQ {tmp}, 88(SP)
		`, rowsR)
	}
}

// fMid and fTail put in placeX the mid and last places of a float32 row
// (its first value in firstF, float64) from the steps at places and head
// bytes before its first aligned one: v + mis*d and v + lastD in float64
// (exact: the planner's facts), then float32.
func fMid(f *File) {
	f.Ops(`
		MOVQ {head}, {tmp}
		SHRQ $2, {tmp}
		VCVTSI2SDQ {tmp}, {calc}, {calc}
		VMULSD 16({places}), {calc}, {calc}
		VADDSD {firstF}, {calc}, {calc}
		VCVTSD2SS {calc}, {calc}, {placeX}
	`, rowsR)
}

func fTail(f *File) {
	f.Ops(`
		VADDSD 24({places}), {firstF}, {calc}
		VCVTSD2SS {calc}, {calc}, {placeX}
	`, rowsR)
}

// The spills and streams of rows64NT: a block in valZ, or in valY.
func zSpill(f *File) func()  { return func() { f.Op("VMOVDQU64", rowsR.valZ, "0(SP)") } }
func zStream(f *File) func() { return func() { f.Op("VMOVNTDQ", rowsR.valZ, rowsR.to.At(0)) } }

func ySpill(f *File) func() {
	return func() {
		f.Ops(`
			VMOVDQU {valY[0]}, 0(SP)
			VMOVDQU {valY[1]}, 32(SP)
		`, rowsR)
	}
}

func yStream(f *File) func() {
	return func() {
		f.Ops(`
			VMOVNTDQ {valY[0]}, 0({to})
			VMOVNTDQ {valY[1]}, 32({to})
		`, rowsR)
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
	f.Shapes(rowsShapes...)
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

// rowPlaces work out the values at a row's places into placeX for
// rowsAdd: start loads the first row's value, head, mid and tail put the
// value at the row's start, its first 64-byte aligned byte (head bytes on)
// and its last block, next steps to the next row's.
type rowPlaces struct{ start, head, mid, tail, next func() }

// rowPlacesOf returns lane ln's places: of integer rows from the row's
// first value in rowFirst (steps: first, rowD, d, lastD, wrapping), of
// float32 rows (rowsAddS: steps are float64 bits, the row's first value in
// firstF) in float64, then float32, as the caller would compute it.
func rowPlacesOf(f *File, ln lane) rowPlaces {
	r := rowsR
	if ln == laneS {
		return rowPlaces{
			start: func() { f.Op("VMOVSD", r.places.At(0), r.firstF) },
			head:  func() { f.Op("VCVTSD2SS", r.firstF, r.firstF, r.placeX) },
			mid:   func() { fMid(f) },
			tail:  func() { fTail(f) },
			next:  func() { f.Op("VADDSD", r.places.At(8), r.firstF, r.firstF) },
		}
	}
	lg := map[lane]int{laneB: 0, laneW: 1, laneD: 2, laneQ: 3}
	return rowPlaces{
		start: func() { f.Op("MOVQ", r.places.At(0), r.rowFirst) },
		head:  func() { f.Op("VMOVQ", r.rowFirst, r.placeX) },
		mid: func() {
			f.Ops("MOVQ {head}, {tmp}", r)
			f.Op("SHRQ", fmt.Sprintf("$%d", lg[ln]), r.tmp)
			f.Ops(`
				IMULQ 16({places}), {tmp}
				ADDQ {rowFirst}, {tmp}
				VMOVQ {tmp}, {placeX}
			`, r)
		},
		tail: func() {
			f.Ops(`
				MOVQ 24({places}), {tmp}
				ADDQ {rowFirst}, {tmp}
				VMOVQ {tmp}, {placeX}
			`, r)
		},
		next: func() { f.Op("ADDQ", r.places.At(8), r.rowFirst) },
	}
}

// rowsAdd writes rowsAdd of lane ln and store kind st: blocks of 128 bytes
// in block, base in baseY, inc in incY; the places' values by
// rowPlacesOf.
func rowsAdd(f *File, ln lane, st store) {
	r := rowsR
	f.Func("rowsAdd"+ln.name+st.suffix, sigRowsAdd, rowsAddDoc(ln, st))
	f.Twin("rows"+ln.name+"_g", st, false)
	p := rowPlacesOf(f, ln)
	values := func(place func()) {
		place()
		f.Op(ln.bc, r.placeX, r.placeY)
		for i, b := range r.block {
			f.Op(ln.add, r.baseY[i], r.placeY, b)
		}
	}
	store4 := func(mov string, at Reg) {
		for i, b := range r.block {
			f.Op(mov, b, at.At(32*i))
		}
	}
	advance := func() {
		for _, b := range r.block {
			f.Op(ln.add, r.incY, b, b)
		}
	}
	rowArgs(f)
	f.Ops(`
		MOVQ {inc}, {incAt}
		VMOVDQU ({incAt}), {incY}
	`, r)
	for i, b := range r.baseY {
		f.Op("VMOVDQU", r.from.At(32*i), b)
	}
	f.Ops("TESTQ {left}, {left}", r)
	f.Jump("JZ", "done")
	p.start()
	f.Label("row")
	if st == stStream {
		rowsAddNT(f, values, p.head, p.mid, p.tail, advance, store4, p.next)
		return
	}
	rowHead(f, "aligned")
	values(p.head)
	store4("VMOVDQU", r.row)
	f.Label("aligned")
	values(p.mid)
	f.Ops(`
		LEAQ ({row})({head}*1), {to}
		MOVQ {size}, {cnt}
		SUBQ {head}, {cnt}
		SUBQ $128, {cnt}
	`, r)
	f.Jump("JLE", "last")
	f.Label("block")
	store4("VMOVDQU", r.to)
	advance()
	f.Ops(`
		ADDQ $128, {to}
		SUBQ $128, {cnt}
	`, r)
	f.Jump("JG", "block")
	f.Label("last")
	values(p.tail)
	f.Ops("LEAQ -128({row})({size}*1), {to}", r)
	store4("VMOVDQU", r.to)
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
// rowsFMASY is it in AVX2: a block's lanes in idxY (0 to 7, 8 to 15),
// the pair's second block's in idx2Y; base in baseY[0], baseY[1], inc in
// incY, 2*inc in inc2Y, start in startY, delta in deltaY; a block's
// values in valY (the pair's second in val2Y).
func rowsFMAS(f *File, fm rowsFMASForm, st store) {
	f.FuncFrame(fm.name+st.suffix, sigRowsFMAS, 96, rowsDoc(fm.name, st))
	f.Twin("rowsFMAS_g", st, fm.avx512)
	rowArgs(f)
	qSteps(f)
	k := fm.kernel(f)
	f.Ops("TESTQ {left}, {left}", rowsR)
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
	r := rowsR
	f.Ops(`
		VPBROADCASTD {inc}, {incZ}
		VADDPS {incZ}, {incZ}, {inc2Z}
		VPBROADCASTD {start}, {startZ}
		VPBROADCASTD {delta}, {deltaZ}
		VMOVUPS 0({from}), {baseZ}
	`, r)
	value := func() {
		f.Ops(`
			VMOVAPS {idxZ}, {valZ}
			VFMADD213PS {startZ}, {deltaZ}, {valZ}
		`, r)
	}
	return rowKernel{
		place: func(off int) {
			f.Op("VCVTSI2SSQ", r.places.At(off), r.placeX, r.placeX)
			f.Ops(`
				VPBROADCASTD {placeX}, {placeZ}
				VADDPS {baseZ}, {placeZ}, {idxZ}
			`, r)
		},
		store: func(at Reg) {
			value()
			f.Op("VMOVUPS", r.valZ, at.At(0))
		},
		pair: func() {
			f.Ops("VADDPS {incZ}, {idxZ}, {idx2Z}", r)
			value()
			f.Ops(`
				VMOVAPS {idx2Z}, {val2Z}
				VFMADD213PS {startZ}, {deltaZ}, {val2Z}
				VMOVUPS {valZ}, 0({to})
				VMOVUPS {val2Z}, 64({to})
				VADDPS {inc2Z}, {idxZ}, {idxZ}
				ADDQ $128, {to}
			`, r)
		},
		advance: func() { f.Op("VADDPS", r.incZ, r.idxZ, r.idxZ) },
		value:   value,
		spill:   zSpill(f),
		stream:  zStream(f),
	}
}

// rowsFMASYKernel loads rowsFMASY's lanes and returns its row kernel.
func rowsFMASYKernel(f *File) rowKernel {
	r := rowsR
	f.Ops(`
		VPBROADCASTD {inc}, {incY}
		VADDPS {incY}, {incY}, {inc2Y}
		VPBROADCASTD {start}, {startY}
		VPBROADCASTD {delta}, {deltaY}
		VMOVUPS 0({from}), {baseY[0]}
		VMOVUPS 32({from}), {baseY[1]}
	`, r)
	value := func() {
		f.Ops(`
			VMOVAPS {idxY[0]}, {valY[0]}
			VFMADD213PS {startY}, {deltaY}, {valY[0]}
			VMOVAPS {idxY[1]}, {valY[1]}
			VFMADD213PS {startY}, {deltaY}, {valY[1]}
		`, r)
	}
	return rowKernel{
		place: func(off int) {
			f.Op("VCVTSI2SSQ", r.places.At(off), r.placeX, r.placeX)
			f.Ops(`
				VBROADCASTSS {placeX}, {placeY}
				VADDPS {baseY[0]}, {placeY}, {idxY[0]}
				VADDPS {baseY[1]}, {placeY}, {idxY[1]}
			`, r)
		},
		store: func(at Reg) {
			value()
			f.Op("VMOVUPS", r.valY[0], at.At(0))
			f.Op("VMOVUPS", r.valY[1], at.At(32))
		},
		pair: func() {
			f.Ops(`
				VADDPS {incY}, {idxY[0]}, {idx2Y[0]}
				VADDPS {incY}, {idxY[1]}, {idx2Y[1]}
			`, r)
			value()
			f.Ops(`
				VMOVAPS {idx2Y[0]}, {val2Y[0]}
				VFMADD213PS {startY}, {deltaY}, {val2Y[0]}
				VMOVAPS {idx2Y[1]}, {val2Y[1]}
				VFMADD213PS {startY}, {deltaY}, {val2Y[1]}
			`, r)
			for i, v := range append(r.valY[:2:2], r.val2Y...) {
				f.Op("VMOVUPS", v, r.to.At(32*i))
			}
			f.Ops(`
				VADDPS {inc2Y}, {idxY[0]}, {idxY[0]}
				VADDPS {inc2Y}, {idxY[1]}, {idxY[1]}
				ADDQ $128, {to}
			`, r)
		},
		advance: func() {
			f.Ops(`
				VADDPS {incY}, {idxY[0]}, {idxY[0]}
				VADDPS {incY}, {idxY[1]}, {idxY[1]}
			`, r)
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
func rowsAddNT(f *File, values func(func()), head, mid, tail, advance func(), store4 func(mov string, at Reg), next func()) {
	r := rowsR
	rowFetch(f)
	rowHead(f, "aligned")
	values(head)
	f.Ops("CMPQ {head}, $32", r)
	f.Jump("JB", "head16")
	f.Ops("VMOVDQU {block[0]}, 0({row})", r)
	f.Jump("JE", "aligned")
	f.Op("VMOVDQU", r.block[1].X(), r.row.At(32))
	f.Jump("JMP", "aligned")
	f.Label("head16")
	f.Op("VMOVDQU", r.block[0].X(), r.row.At(0))
	f.Label("aligned")
	rowMiddle(f)
	values(mid)
	f.Ops("SUBQ $128, {cnt}", r)
	f.Jump("JL", "half")
	f.Label("block")
	store4("VMOVNTDQ", r.to)
	advance()
	f.Ops(`
		ADDQ $128, {to}
		SUBQ $128, {cnt}
	`, r)
	f.Jump("JGE", "block")
	f.Label("half")
	f.Ops("ADDQ $128, {cnt}", r)
	f.Jump("JZ", "tail")
	f.Ops(`
		VMOVNTDQ {block[0]}, 0({to})
		VMOVNTDQ {block[1]}, 32({to})
	`, r)
	f.Label("tail")
	f.Ops("TESTQ {tail}, {tail}", r)
	f.Jump("JZ", "next")
	values(tail)
	f.Ops(`
		LEAQ ({row})({size}*1), {to}
		CMPQ {tail}, $32
	`, r)
	f.Jump("JB", "tail16")
	f.Ops("VMOVDQU {block[3]}, -32({to})", r)
	f.Jump("JE", "next")
	f.Ops(`
		VEXTRACTI128 $1, {block[2]}, {half}
		VMOVDQU {half}, -48({to})
	`, r)
	f.Jump("JMP", "next")
	f.Label("tail16")
	f.Ops(`
		VEXTRACTI128 $1, {block[3]}, {half}
		VMOVDQU {half}, -16({to})
	`, r)
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

// rowMiddle splits a streamed row (row, size bytes, head bytes before its
// first aligned byte) into its whole cache lines: tail, the bytes after
// the last; cnt, the bytes between; to, the first of them.
func rowMiddle(f *File) {
	f.Ops(`
		LEAQ ({row})({size}*1), {tail}
		ANDQ $63, {tail}
		MOVQ {size}, {cnt}
		SUBQ {head}, {cnt}
		SUBQ {tail}, {cnt}
		LEAQ ({row})({head}*1), {to}
	`, rowsR)
}

// rowsShapes are the methods the rows kernels write (File.Shapes).
var rowsShapes = []Shape{
	{Name: "rows-words", Const: "mRowsWords", Rows: true, Stream: streamAligned, Plan: []Row{{Rank: 10, Can: "canInts"}, {Rank: 20, Can: "canConstant"}, {Rank: 40, Can: "canInfinite"}}},
	{Name: "rows-f32", Const: "mRowsF32", Rows: true, Stream: streamAligned, Plan: []Row{{Rank: 50, Can: "canF32Exact"}}},
	{Name: "rows-fma-s", Const: "mRowsFMAS", Rows: true, Stream: streamAny, Plan: []Row{{Rank: 60, Can: "canF32Indices", Off: "offFMAS"}}},
}
