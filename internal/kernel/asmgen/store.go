package main

import "fmt"

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

// storeRepStosq writes storeRepStosq: REP STOSQ of the pattern.
func storeRepStosq(f *File) {
	f.Func("storeRepStosq", sigStoreRep, "")
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {words}, CX
		MOVQ {pattern}, AX
		CLD
	`)
	f.Op("REP; STOSQ")
	f.Ops("RET")
}

// storeAVX2Forms writes storeAVX2 and storeAVX2NT: blocks of 128 bytes of
// the pattern.
func storeAVX2Forms(f *File) {
	for _, st := range []store{stRegular, stStream} {
		doc := "Regular 32-byte stores, 128 bytes a block."
		if st == stStream {
			doc = "Non-temporal 32-byte stores, 128 bytes a block; dst 32-byte aligned."
		}
		f.Func("storeAVX2"+st.suffix, sigStoreBlocks, doc)
		f.Ops(`
			MOVQ {dst}, DI
			MOVQ {blocks}, CX
			MOVQ {pattern}, SI
			VMOVDQU (SI), Y0
			TESTQ CX, CX
		`)
		f.Jump("JZ", "done")
		f.Label("loop")
		for off := 0; off < 128; off += 32 {
			f.Op(st.mov, "Y0", fmt.Sprintf("%d(DI)", off))
		}
		f.Ops(`
			ADDQ $128, DI
			DECQ CX
		`)
		f.Jump("JNZ", "loop")
		f.Label("done")
		end(f, st)
	}
}

// storeRowsForms writes storeRowsAVX2 and storeRowsAVX2NT: the whole
// 64-byte lines within each of rows rows, pitch bytes apart.
func storeRowsForms(f *File) {
	for _, st := range stores {
		f.Func("storeRowsAVX2"+st.suffix, sigStoreRows, storeDoc("storeRowsAVX2", st))
		f.Ops(`
			MOVQ {dst}, R8
			MOVQ {rows}, R9
			MOVQ {pitch}, R10
			MOVQ {rowBytes}, R11
			MOVQ {pattern}, SI
			VMOVDQU (SI), Y0
			TESTQ R9, R9
		`)
		f.Jump("JZ", "done")
		f.Label("row")
		f.Op("LEAQ", "63(R8)", "DI") // the row's first whole line
		f.Ops("ANDQ $-64, DI")
		f.Op("LEAQ", "(R8)(R11*1)", "CX") // and the end of its last
		f.Ops(`
			ANDQ $-64, CX
			SUBQ DI, CX
		`)
		f.Jump("JLE", "next")
		f.Ops("SHRQ $6, CX")
		f.Label("line")
		f.Op(st.mov, "Y0", "0(DI)")
		f.Op(st.mov, "Y0", "32(DI)")
		f.Ops(`
			ADDQ $64, DI
			DECQ CX
		`)
		f.Jump("JNZ", "line")
		f.Label("next")
		f.Ops(`
			ADDQ R10, R8
			DECQ R9
		`)
		f.Jump("JNZ", "row")
		f.Label("done")
		end(f, st)
	}
}
