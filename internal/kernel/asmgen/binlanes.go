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
the 96 int32 lanes a magnitude x in its own binade, held as y = x + 2^(s-1),
and rounded to nearest by its own shift s: y >> s, half up; where ties is
not 0, to even: at a tie (y's low s bits 0, under the mask m = 2^s - 1)
with its last bit cleared, (y >> s) &^ 1 (AVX-512: VPTESTNMD then VPANDD
with ^1 under the ties' mask, three operations a vector). The rounded
lanes are packed to words (VPACKUSDW: lanes
4i..4i+3 of the even vector, then of the odd one, in each 16 bytes) and
added to the words c (sign, exponent, the base's significand). The lanes
are held at block 0; they start at block j0 (y + j0*dm) and step by dm
after every block. The lanes (binLanes): y at 0, dm at 384, s at 768,
m at 1152, c at 1536. The AVX-512 form keeps them in registers: y in
Z0-Z5, s in Z6-Z11, ^1 in every lane of Z12, dm in Z13-Z18, m in Z19-Z24,
c in Z25-Z27 (with dm, m and c read from memory each block, NHWC FLOAT16
of 3 channels wrote at some 30 GB/s, bound by the loads; with h = 2^(s-1) - 1 added
each block, where it is now held in y, at 72), the ties' masks in K4-K7. The AVX2 form holds the
same lanes in twelve vectors of 8 (Y0-Y11: vector i the half i%2 of the
AVX-512 form's vector i/2), packed in pairs (VPACKUSDW on 8 lanes packs
the same words as on 16), s, dm, m and c read from memory (bin64Y: s and
dm in Y4-Y11), 1 in every lane of Y15, Y12 and Y13 for the pairs, Y14 a
tie's scratch. The M
forms store each 64 bytes under a byte mask (mask[0] to mask[2]): the
bytes it leaves out keep their contents (padded rows). The A forms fetch
each line (PREFETCHT0) the least multiple of the stride past 1024 bytes
ahead, as its pair's work starts: fetched together at a block's head, the
lines held masked stores in the caches to 0.75 of a line-by-line writer.`)

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

// The binade-lanes kernels' registers: the AVX-512 form's lanes in
// vectors of 16, the AVX2 form's (suffix Y) in vectors of 8.
var binR = struct {
	to     Reg   // where the block goes
	left   Reg   // the blocks left
	step   Reg   // the stride: from a block to the next
	lanes  Reg   // the lanes' address (l)
	masks  Reg   // the byte masks' address (the M forms)
	unit   Reg   // the constant to broadcast (^1; AVX2: 1)
	x      []Reg // y = x + 2^(s-1) of lane vector v (advancing by dm)
	s      []Reg // the shifts s
	notOne Reg   // ^1 in every lane
	dm     []Reg // dm
	m      []Reg // the masks m = 2^s - 1 of a tie's bits
	tieK   []Reg // the ties' masks: K4-K7, two a pair in turn
	c      []Reg // the words c of pair p
	j      Reg   // j0 in every lane (before the loops: then tmp[0])
	tmp    []Reg // a pair's rounded lanes, packed in the first
	xY     []Reg // (AVX2) y of lane vector v
	sY     []Reg // (AVX2, bin64Y) the shifts s of lane vector v,
	dmY    []Reg // and dm
	pair   []Reg // (AVX2) a pair's rounded lanes, packed in the first
	jY     Reg   // (AVX2) j0 in every lane (before the loops: then oneY)
	oneY   Reg   // (AVX2) 1 in every lane
	oneX   Reg   // its low bytes
	tieY   Reg   // (AVX2) a tie's scratch: 1 at a tie, else 0
}{
	to: DI, left: CX, step: R8, lanes: SI, masks: BX, unit: AX,
	x: vecs(z, 0, 6), s: vecs(z, 6, 6), notOne: z(12), dm: vecs(z, 13, 6), m: vecs(z, 19, 6),
	tieK: []Reg{"K4", "K5", "K6", "K7"},
	c:    vecs(z, 25, 3), j: z(28), tmp: vecs(z, 28, 4),
	xY: vecs(y, 0, 12), sY: vecs(y, 4, 4), dmY: vecs(y, 8, 4), pair: vecs(y, 12, 2),
	jY: y(15), oneY: y(15), oneX: x(15), tieY: y(14),
}

// binxRoutine writes the AVX-512 form of blocks of blk bytes (192 or 128)
// and store kind st, masked (bin{blk}xM: under the byte masks, K1-K3) or
// not (bin{blk}x): the arguments, the lanes in registers, the loops.
func binxRoutine(f *File, blk int, st store, masked bool) {
	r := binR
	name := fmt.Sprintf("bin%dx", blk)
	if masked {
		name += "M"
		f.Func(name+st.suffix, sigBinLanesM, storeDoc(name, st))
		f.Twin(fmt.Sprintf("bin%dM_g", blk), st, true)
		f.Ops("MOVQ {mask}, {masks}", r)
		for k := range 3 {
			f.Op("KMOVQ", r.masks.At(8*k), fmt.Sprintf("K%d", 1+k))
		}
	} else {
		f.Func(name+st.suffix, sigBinLanes, storeDoc(name, st))
		f.Twin(fmt.Sprintf("bin%d_g", blk), st, true)
	}
	binArgs(f, st, r.j)
	for v := range blk / 32 { // y, s, dm, m of vector v
		off := 64 * v
		f.Op("VMOVDQU32", r.lanes.At(384+off), r.dm[v])
		f.Op("VPMULLD", r.dm[v], r.j, r.x[v])
		f.Op("VPADDD", r.lanes.At(off), r.x[v], r.x[v])
		f.Op("VMOVDQU32", r.lanes.At(768+off), r.s[v])
		f.Op("VMOVDQU32", r.lanes.At(1152+off), r.m[v])
		if v == 3 { // the words c of pairs 0 and 1
			f.Ops(`
				VMOVDQU32 1536({lanes}), {c[0]}
				VMOVDQU32 1600({lanes}), {c[1]}
			`, r)
		}
	}
	if blk == 192 {
		f.Ops("VMOVDQU32 1664({lanes}), {c[2]}", r)
	}
	f.Ops(`
		MOVL $-2, {unit}
		VPBROADCASTD {unit}, {notOne}
	`, r)
	binLoops(f, st, func(tie bool) { binBlockX(f, blk, tie, st, masked) })
}

// binYRoutine writes bin{blk}Y, the AVX2 form of blocks of blk bytes
// (192, 128 or 64) and store kind st: the arguments, the lanes x (and, of
// bin64Y, s and dm) in registers, the loops.
func binYRoutine(f *File, blk int, st store) {
	r := binR
	name := fmt.Sprintf("bin%dY", blk)
	f.Func(name+st.suffix, sigBinLanes, storeDoc(name, st))
	f.Twin(fmt.Sprintf("bin%d_g", blk), st, false)
	binArgs(f, st, r.jY)
	nvec := blk / 16 // x: 12, 8 or 4 vectors
	for v := range nvec {
		f.Op("VPMULLD", r.lanes.At(384+32*v), r.jY, r.xY[v])
		f.Op("VPADDD", r.lanes.At(32*v), r.xY[v], r.xY[v])
	}
	if blk == 64 { // s and dm in registers
		for v := range 4 {
			f.Op("VMOVDQU", r.lanes.At(768+32*v), r.sY[v])
		}
		for v := range 4 {
			f.Op("VMOVDQU", r.lanes.At(384+32*v), r.dmY[v])
		}
	}
	f.Ops(`
		MOVL $1, {unit}
		VMOVQ {unit}, {oneX}
		VPBROADCASTD {oneX}, {oneY}
	`, r)
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

// binArgs loads dst (to), blocks (left), stride (step, and aheadDist's
// distance), l (lanes) and j0 in every lane of j.
func binArgs(f *File, st store, j Reg) {
	r := binR
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {blocks}, {left}
		MOVQ {stride}, {step}
	`, r)
	aheadDist(f, st)
	f.Ops("MOVQ {l}, {lanes}", r)
	f.Op("VPBROADCASTD", f.Arg("j0"), j)
}

// binLoops writes the left blocks at to with block(true) where ties is not
// 0, else with block(false), and returns.
func binLoops(f *File, st store, block func(tie bool)) {
	r := binR
	f.Ops("TESTQ {left}, {left}", r)
	f.Jump("JZ", "done")
	f.Ops("CMPQ {ties}, $0")
	f.Jump("JEQ", "nloop")
	f.Label("loop")
	block(true)
	f.Ops("DECQ {left}", r)
	f.Jump("JNZ", "loop")
	f.Jump("JMP", "done")
	f.Label("nloop")
	block(false)
	f.Ops("DECQ {left}", r)
	f.Jump("JNZ", "nloop")
	f.Label("done")
	end(f, st)
}

// binBlockX (AVX-512) writes a block of blk bytes, 64 a pair of lane
// vectors, and advances the lanes by dm and dst by the stride.
func binBlockX(f *File, blk int, tie bool, st store, masked bool) {
	r := binR
	tmps := [][2]Reg{{r.tmp[0], r.tmp[1]}, {r.tmp[2], r.tmp[3]}, {r.tmp[0], r.tmp[1]}}
	for p := range blk / 64 {
		if st.ahead { // (each line fetched as its pair starts: blockLoop.fetchAhead)
			aheadStride(f, 64*p)
		}
		xa, xb := r.x[2*p], r.x[2*p+1]
		sa, sb := r.s[2*p], r.s[2*p+1]
		ma, mb := r.m[2*p], r.m[2*p+1]
		ka, kb := r.tieK[2*(p%2)], r.tieK[2*(p%2)+1]
		t, tt := tmps[p][0], tmps[p][1]
		if tie { // (y >> s) &^ 1 where y's low s bits are 0
			f.Op("VPTESTNMD", ma, xa, ka)
			f.Op("VPTESTNMD", mb, xb, kb)
		}
		f.Op("VPSRLVD", sa, xa, t)
		f.Op("VPSRLVD", sb, xb, tt)
		if tie {
			f.Op("VPANDD", r.notOne, t, ka, t)
			f.Op("VPANDD", r.notOne, tt, kb, tt)
		}
		f.Op("VPACKUSDW", tt, t, t)
		f.Op("VPADDW", r.c[p], t, t)
		at := r.to.At(64 * p)
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
				f.Op("VPADDD", r.dm[v], r.x[v], r.x[v])
			}
		}
		if p == 2 {
			f.Ops(`
				VPADDD {dm[4]}, {x[4]}, {x[4]}
				VPADDD {dm[5]}, {x[5]}, {x[5]}
			`, r)
		}
	}
	f.Ops("ADDQ {step}, {to}", r)
}

// binBlockY (AVX2) writes a block of blk bytes, 32 a pair of lane vectors
// (vectors 4g+i and 4g+i+2), and advances the lanes by dm (from memory;
// bin64Y: dmY) and to by the stride.
func binBlockY(f *File, blk int, tie bool, st store) {
	r := binR
	if st.ahead {
		for at := 0; at < blk; at += 64 {
			aheadStride(f, at)
		}
	}
	// s and dm of lane vector v: in memory, or bin64Y's in registers.
	sOf := func(v int) string { return r.lanes.At(768 + 32*v) }
	dmOf := func(v int) string { return r.lanes.At(384 + 32*v) }
	if blk == 64 {
		sOf = func(v int) string { return string(r.sY[v]) }
		dmOf = func(v int) string { return string(r.dmY[v]) }
	}
	pair := func(a, b, at int) {
		for i, v := range []int{a, b} {
			t := r.pair[i]
			s := sOf(v)
			f.Op("VPSRLVD", s, r.xY[v], t)
			if tie { // t &^ 1 where y's low s bits are 0
				f.Op("VPAND", r.lanes.At(1152+32*v), r.xY[v], r.tieY)
				f.Op("VPMINUD", r.oneY, r.tieY, r.tieY)
				f.Op("VPANDN", r.oneY, r.tieY, r.tieY)
				f.Op("VPANDN", t, r.tieY, t)
			}
		}
		f.Ops("VPACKUSDW {pair[1]}, {pair[0]}, {pair[0]}", r)
		f.Op("VPADDW", r.lanes.At(1536+at), r.pair[0], r.pair[0])
		f.Op(st.mov, r.pair[0], r.to.At(at))
	}
	step := func(from, to int) {
		for v := from; v < to; v++ {
			f.Op("VPADDD", dmOf(v), r.xY[v], r.xY[v])
		}
	}
	nvec := blk / 16
	for g := 0; g < nvec; g += 4 {
		if g == 8 { // (the first 128 bytes' lanes advance before the last 64 bytes')
			step(0, 8)
		}
		pair(g, g+2, 16*g)
		pair(g+1, g+3, 16*g+32)
		if g == 4 && nvec == 8 {
			step(0, 8)
		}
	}
	switch nvec {
	case 12:
		step(8, 12)
	case 4:
		step(0, 4)
	}
	f.Ops("ADDQ {step}, {to}", r)
}
