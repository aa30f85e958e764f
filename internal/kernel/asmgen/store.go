package main

// storeFile is store_amd64.s: the store loops of the write ceiling
// (WritePattern) and of the measured store verdict.
func storeFile() *File {
	f := NewFile("store", `
The store loops: the write ceiling's (WritePattern), REP STOSQ and blocks
of 128 bytes of a 32-byte pattern; and the measured verdict's (see
verdict), the whole 64-byte lines within each row, which never reach past
a row.`)

	storeRepStosq(f)
	storeAVX2Forms(f)
	storeRowsForms(f)

	return f
}

// The store loops' registers.
var storeR = struct {
	to   Reg // where the next store goes (REP STOSQ's destination)
	n    Reg // the words (REP STOSQ's count), blocks or lines left
	word Reg // the pattern's word (REP STOSQ's)
	pat  Reg // the pattern's address
	vec  Reg // the pattern: 32 bytes
	row  Reg // the current row (storeRows)
	left Reg // the rows left
	step Reg // the pitch
	size Reg // a row's bytes
}{to: DI, n: CX, word: AX, pat: SI, vec: y(0), row: R8, left: R9, step: R10, size: R11}

// storeRepStosq writes storeRepStosq: REP STOSQ of the pattern.
func storeRepStosq(f *File) {
	r := storeR
	f.Func("storeRepStosq", sigStoreRep, "")
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {words}, {n}
		MOVQ {pattern}, {word}
		CLD
	`, r)
	f.Op("REP; STOSQ")
	f.Ops("RET")
}

// storeAVX2Forms writes storeAVX2 and storeAVX2NT: blocks of 128 bytes of
// the pattern.
func storeAVX2Forms(f *File) {
	r := storeR
	for _, st := range []store{stRegular, stStream} {
		doc := "Regular 32-byte stores, 128 bytes a block."
		if st == stStream {
			doc = "Non-temporal 32-byte stores, 128 bytes a block; dst 32-byte aligned."
		}
		f.Func("storeAVX2"+st.suffix, sigStoreBlocks, doc)
		f.Ops(`
			MOVQ {dst}, {to}
			MOVQ {blocks}, {n}
			MOVQ {pattern}, {pat}
			VMOVDQU ({pat}), {vec}
			TESTQ {n}, {n}
		`, r)
		f.Jump("JZ", "done")
		f.Label("loop")
		for off := 0; off < 128; off += 32 {
			f.Op(st.mov, r.vec, r.to.At(off))
		}
		f.Ops(`
			ADDQ $128, {to}
			DECQ {n}
		`, r)
		f.Jump("JNZ", "loop")
		f.Label("done")
		end(f, st)
	}
}

// storeRowsForms writes storeRowsAVX2 and storeRowsAVX2NT: the whole
// 64-byte lines within each of rows rows, pitch bytes apart.
func storeRowsForms(f *File) {
	r := storeR
	for _, st := range stores {
		f.Func("storeRowsAVX2"+st.suffix, sigStoreRows, storeDoc("storeRowsAVX2", st))
		f.Ops(`
			MOVQ {dst}, {row}
			MOVQ {rows}, {left}
			MOVQ {pitch}, {step}
			MOVQ {rowBytes}, {size}
			MOVQ {pattern}, {pat}
			VMOVDQU ({pat}), {vec}
			TESTQ {left}, {left}
		`, r)
		f.Jump("JZ", "done")
		f.Label("row")
		f.Ops(`
			LEAQ 63({row}), {to}
			ANDQ $-64, {to}
			LEAQ ({row})({size}*1), {n}
			ANDQ $-64, {n}
			SUBQ {to}, {n}
		`, r) // the row's first whole line, and the end of its last
		f.Jump("JLE", "next")
		f.Ops("SHRQ $6, {n}", r)
		f.Label("line")
		f.Op(st.mov, r.vec, r.to.At(0))
		f.Op(st.mov, r.vec, r.to.At(32))
		f.Ops(`
			ADDQ $64, {to}
			DECQ {n}
		`, r)
		f.Jump("JNZ", "line")
		f.Label("next")
		f.Ops(`
			ADDQ {step}, {row}
			DECQ {left}
		`, r)
		f.Jump("JNZ", "row")
		f.Label("done")
		end(f, st)
	}
}
