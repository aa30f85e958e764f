package main

import (
	"fmt"
	"strings"
)

// binlanesFile is binlanes_amd64.s: the binade-lanes kernels.
func binlanesFile() *File {
	f := NewFile("binlanes", `
The binade-lanes kernels (AVX-512, and an AVX2 form, suffix Y;
binlanes.go): float16 rows of mRowsLanes in blocks of 192 bytes (bin192),
128 (bin128: lanes 0-63) or, AVX2 only, 64 (bin64Y: lanes 0-31), each of
the 96 int32 lanes a magnitude x in its own binade, held as x + h,
h = 2^(s-1) - 1, and rounded to nearest by its own shift s: where ties is
not 0, to even, (x + h + (x>>s)&1) >> s; else (x + h) >> s, which differs
only at a tie. The rounded lanes are packed to words (VPACKUSDW: lanes
4i..4i+3 of the even vector, then of the odd one, in each 16 bytes) and
added to the words c (sign, exponent, the base's significand). The lanes
are held at block 0; they start at block j0 (x + h + j0*dm) and step by dm
after every block. The lanes (binLanes): x + h at 0, dm at 384, s at 768,
h at 1152, c at 1536. The AVX-512 form keeps them in registers: x in
Z0-Z5, s in Z6-Z11, 1 in every lane of Z12, dm in Z13-Z18, h in Z19-Z24,
c in Z25-Z27 (with dm, h and c read from memory each block, NHWC FLOAT16
of 3 channels wrote at some 30 GB/s, bound by the loads; with h added
each block, where it is now held in x, at 72). The AVX2 form holds the
same lanes in twelve vectors of 8 (Y0-Y11: vector i the half i%2 of the
AVX-512 form's vector i/2), packed in pairs (VPACKUSDW on 8 lanes packs
the same words as on 16), s, dm, h and c read from memory (bin64Y: s and
dm in Y4-Y11), 1 in every lane of Y15, Y12 and Y13 for the pairs. The M
forms store each 64 bytes under a byte mask (mask[0] to mask[2]): the
bytes it leaves out keep their contents (padded rows).`)

	for _, blk := range []int{192, 128} {
		for _, st := range stores {
			binxRoutine(f, blk, st, false)
		}
		for _, st := range []store{stRegular, stAhead} {
			binxRoutine(f, blk, st, true)
		}
	}
	for _, blk := range []int{192, 128, 64} {
		for _, st := range stores {
			binYRoutine(f, blk, st)
		}
	}
	binlanesDispatch(f)
	return f
}

// binxRoutine writes the AVX-512 form of blocks of blk bytes (192 or 128)
// and store kind st, masked (bin{blk}xM: under the byte masks, K1-K3) or
// not (bin{blk}x): the arguments, the lanes in registers, the loops.
func binxRoutine(f *File, blk int, st store, masked bool) {
	name := fmt.Sprintf("bin%dx", blk)
	if masked {
		name += "M"
		f.Func(name+st.suffix, sigBinLanesM, storeDoc(name, st))
		f.Twin(fmt.Sprintf("bin%dM_g", blk), st, true)
		f.Ops("MOVQ {mask}, BX")
		for k := range 3 {
			f.Op("KMOVQ", fmt.Sprintf("%d(BX)", 8*k), fmt.Sprintf("K%d", 1+k))
		}
	} else {
		f.Func(name+st.suffix, sigBinLanes, storeDoc(name, st))
		f.Twin(fmt.Sprintf("bin%d_g", blk), st, true)
	}
	binArgs(f, st, "Z28")
	for v := range blk / 32 { // x, s, dm, h of vector v
		off := 64 * v
		f.Op("VMOVDQU32", fmt.Sprintf("%d(SI)", 384+off), z(13+v))
		f.Op("VPMULLD", z(13+v), "Z28", z(v))
		f.Op("VPADDD", fmt.Sprintf("%d(SI)", off), z(v), z(v))
		f.Op("VMOVDQU32", fmt.Sprintf("%d(SI)", 768+off), z(6+v))
		f.Op("VMOVDQU32", fmt.Sprintf("%d(SI)", 1152+off), z(19+v))
		if v == 3 { // the words c of pairs 0 and 1
			f.Ops(`
				VMOVDQU32 1536(SI), Z25
				VMOVDQU32 1600(SI), Z26
			`)
		}
	}
	if blk == 192 {
		f.Ops("VMOVDQU32 1664(SI), Z27")
	}
	f.Ops(`
		MOVL $1, AX
		VPBROADCASTD AX, Z12
	`)
	binLoops(f, st, func(tie bool) { binBlockX(f, blk, tie, st, masked) })
}

// binYRoutine writes bin{blk}Y, the AVX2 form of blocks of blk bytes
// (192, 128 or 64) and store kind st: the arguments, the lanes x (and, of
// bin64Y, s and dm) in registers, the loops.
func binYRoutine(f *File, blk int, st store) {
	name := fmt.Sprintf("bin%dY", blk)
	f.Func(name+st.suffix, sigBinLanes, storeDoc(name, st))
	f.Twin(fmt.Sprintf("bin%d_g", blk), st, false)
	binArgs(f, st, "Y15")
	vecs := blk / 16 // x: 12, 8 or 4 vectors
	for v := range vecs {
		f.Op("VPMULLD", fmt.Sprintf("%d(SI)", 384+32*v), "Y15", y(v))
		f.Op("VPADDD", fmt.Sprintf("%d(SI)", 32*v), y(v), y(v))
	}
	if blk == 64 { // s and dm in registers
		for v := range 4 {
			f.Op("VMOVDQU", fmt.Sprintf("%d(SI)", 768+32*v), y(4+v))
		}
		for v := range 4 {
			f.Op("VMOVDQU", fmt.Sprintf("%d(SI)", 384+32*v), y(8+v))
		}
	}
	f.Ops(`
		MOVL $1, AX
		VMOVQ AX, X15
		VPBROADCASTD X15, Y15
	`)
	binLoops(f, st, func(tie bool) { binBlockY(f, blk, tie, st) })
}

// binlanesDispatch writes the table's binSet and binSetMask methods.
func binlanesDispatch(f *File) {
	args := sigBinLanes.Args()
	arms := []arm{{"!t.asm", "binSet_g(blk, " + args + ")"}}
	for _, set := range []struct {
		cond  string // the block size's
		forms []form
	}{
		{"blk == 64", []form{{"", "bin64Y"}}},
		{"blk == 128", []form{{"!t.avx512", "bin128Y"}, {"", "bin128x"}}},
		{"", []form{{"!t.avx512", "bin192Y"}, {"", "bin192x"}}},
	} {
		for _, fm := range set.forms {
			for _, st := range []store{stStream, stRegular} {
				var c []string
				for _, s := range []string{set.cond, fm.cond} {
					if s != "" {
						c = append(c, s)
					}
				}
				if st != stRegular {
					c = append(c, "st == "+st.goName)
				}
				arms = append(arms, arm{strings.Join(c, " && "), fm.name + st.suffix + "(" + args + ")"})
			}
		}
	}
	dispatch(f, "binSet writes a set's blocks of blk bytes (binade lanes): 192, 128 or, without AVX-512, 64; it streams where st says so (dst aligned to 64 bytes).",
		"binSet", sigBinLanes.Method("blk int, st store"), arms)
	margs := sigBinLanesM.Args()
	dispatch(f, "binSetMask is binSet under byte masks (bin192xM[A], bin128xM[A], AVX-512 only: see masks), regular stores or fetching ahead (st stStream: regular).",
		"binSetMask", sigBinLanesM.Method("blk int, st store"), []arm{
			{"!t.asm || t.lacks()", "binSetMask_g(blk, " + margs + ")"},
			{"blk == 128 && st == stAhead", "bin128xMA(" + margs + ")"},
			{"blk == 128", "bin128xM(" + margs + ")"},
			{"st == stAhead", "bin192xMA(" + margs + ")"},
			{"", "bin192xM(" + margs + ")"},
		})
}

// binArgs loads dst (DI), blocks (CX), stride (R8, and aheadDist's R10),
// l (SI) and j0 in every lane of j.
func binArgs(f *File, st store, j string) {
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {blocks}, CX
		MOVQ {stride}, R8
	`)
	aheadDist(f, st)
	f.Ops("MOVQ {l}, SI")
	f.Op("VPBROADCASTD", f.Arg("j0"), j)
}

// binLoops writes the CX blocks at DI with block(true) where ties is not
// 0, else with block(false), and returns.
func binLoops(f *File, st store, block func(tie bool)) {
	f.Ops("TESTQ CX, CX")
	f.Jump("JZ", "done")
	f.Ops("CMPQ {ties}, $0")
	f.Jump("JEQ", "nloop")
	f.Label("loop")
	block(true)
	f.Ops("DECQ CX")
	f.Jump("JNZ", "loop")
	f.Jump("JMP", "done")
	f.Label("nloop")
	block(false)
	f.Ops("DECQ CX")
	f.Jump("JNZ", "nloop")
	f.Label("done")
	end(f, st)
}

// binBlockX (AVX-512) writes a block of blk bytes, 64 a pair of lane
// vectors, and advances the lanes by dm and dst by the stride.
func binBlockX(f *File, blk int, tie bool, st store, masked bool) {
	if st.ahead {
		for at := 0; at < blk; at += 64 {
			aheadStride(f, at)
		}
	}
	tmps := [][2]string{{"Z28", "Z29"}, {"Z30", "Z31"}, {"Z28", "Z29"}}
	for p := range blk / 64 {
		xa, xb := z(2*p), z(2*p+1)
		sa, sb := z(6+2*p), z(6+2*p+1)
		ha, hb := z(19+2*p), z(19+2*p+1)
		t, tt := tmps[p][0], tmps[p][1]
		if tie {
			f.Op("VPSUBD", ha, xa, t)
			f.Op("VPSUBD", hb, xb, tt)
			f.Op("VPSRLVD", sa, t, t)
			f.Op("VPSRLVD", sb, tt, tt)
			f.Op("VPANDD", "Z12", t, t)
			f.Op("VPANDD", "Z12", tt, tt)
			f.Op("VPADDD", xa, t, t)
			f.Op("VPADDD", xb, tt, tt)
			f.Op("VPSRLVD", sa, t, t)
			f.Op("VPSRLVD", sb, tt, tt)
		} else {
			f.Op("VPSRLVD", sa, xa, t)
			f.Op("VPSRLVD", sb, xb, tt)
		}
		f.Op("VPACKUSDW", tt, t, t)
		f.Op("VPADDW", z(25+p), t, t)
		at := fmt.Sprintf("%d(DI)", 64*p)
		switch {
		case masked:
			f.Op("VMOVDQU8", t, fmt.Sprintf("K%d", 1+p), at)
		case st == stStream:
			f.Op("VMOVNTDQ", t, at)
		default:
			f.Op("VMOVDQU64", t, at)
		}
		// The lanes advance by dm: those of pairs 0 and 1 after pair 1,
		// pair 2's after it.
		if p == 1 {
			for v := range 4 {
				f.Op("VPADDD", z(13+v), z(v), z(v))
			}
		}
		if p == 2 {
			f.Ops(`
				VPADDD Z17, Z4, Z4
				VPADDD Z18, Z5, Z5
			`)
		}
	}
	f.Ops("ADDQ R8, DI")
}

// binBlockY (AVX2) writes a block of blk bytes, 32 a pair of lane vectors
// (vectors 4g+i and 4g+i+2), and advances the lanes by dm (from memory;
// bin64Y: Y8-Y11) and dst by the stride.
func binBlockY(f *File, blk int, tie bool, st store) {
	if st.ahead {
		for at := 0; at < blk; at += 64 {
			aheadStride(f, at)
		}
	}
	// s and dm of lane vector v: in memory, or bin64Y's in registers.
	sOf := func(v int) string { return fmt.Sprintf("%d(SI)", 768+32*v) }
	dmOf := func(v int) string { return fmt.Sprintf("%d(SI)", 384+32*v) }
	if blk == 64 {
		sOf = func(v int) string { return y(4 + v) }
		dmOf = func(v int) string { return y(8 + v) }
	}
	pair := func(a, b, at int) {
		for i, v := range []int{a, b} {
			t := y(12 + i)
			s := sOf(v)
			if tie {
				f.Op("VPSUBD", fmt.Sprintf("%d(SI)", 1152+32*v), y(v), t)
				f.Op("VPSRLVD", s, t, t)
				f.Op("VPAND", "Y15", t, t)
				f.Op("VPADDD", y(v), t, t)
				f.Op("VPSRLVD", s, t, t)
			} else {
				f.Op("VPSRLVD", s, y(v), t)
			}
		}
		f.Ops("VPACKUSDW Y13, Y12, Y12")
		f.Op("VPADDW", fmt.Sprintf("%d(SI)", 1536+at), "Y12", "Y12")
		f.Op(st.mov, "Y12", fmt.Sprintf("%d(DI)", at))
	}
	step := func(from, to int) {
		for v := from; v < to; v++ {
			f.Op("VPADDD", dmOf(v), y(v), y(v))
		}
	}
	vecs := blk / 16
	for g := 0; g < vecs; g += 4 {
		if g == 8 { // (the first 128 bytes' lanes advance before the last 64 bytes')
			step(0, 8)
		}
		pair(g, g+2, 16*g)
		pair(g+1, g+3, 16*g+32)
		if g == 4 && vecs == 8 {
			step(0, 8)
		}
	}
	switch vecs {
	case 12:
		step(8, 12)
	case 4:
		step(0, 4)
	}
	f.Ops("ADDQ R8, DI")
}
