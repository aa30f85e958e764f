package main

import (
	"fmt"
	"strings"
)

// A lane is the element kind of a lane-wise kernel: how a value is
// broadcast to every lane (bc) and how lanes are added (add), with the
// name's suffix (addStoreB ... addStoreS) and the Go constant the dispatch
// tests.
type lane struct {
	name, bc, add, goName string
}

var (
	laneB = lane{"B", "VPBROADCASTB", "VPADDB", "laneB"}
	laneW = lane{"W", "VPBROADCASTW", "VPADDW", "laneW"}
	laneD = lane{"D", "VPBROADCASTD", "VPADDD", "laneD"}
	laneQ = lane{"Q", "VPBROADCASTQ", "VPADDQ", "laneQ"}
	laneS = lane{"S", "VPBROADCASTD", "VADDPS", "laneS"} // float32: exact where the planner picks it
	lanes = []lane{laneB, laneW, laneD, laneQ, laneS}
)

// A store is a store kind (see the package doc): the name's suffix, the
// Go constant, the store instruction for whole vectors, what follows the
// loop, and whether each line is fetched ahead of the stores.
type store struct {
	suffix, goName, mov, fence string
	ahead                      bool
}

var (
	stRegular = store{"", "stRegular", "VMOVDQU", "", false}
	stStream  = store{"NT", "stStream", "VMOVNTDQ", "SFENCE", false}
	stAhead   = store{"A", "stAhead", "VMOVDQU", "", true}
	stores    = []store{stRegular, stStream}
)

// The lines of a block are fetched ahead of the stores by one of two
// rules: 1024 bytes on (contiguous blocks), or the least multiple of the
// stride that is 1024 or more (blocks a stride apart: sets of rows-lanes;
// aheadDist puts it in R10).
func aheadStride(f *File, at int) {
	if at == 0 {
		f.Ops("PREFETCHT0 (DI)(R10*1)")
		return
	}
	f.Op("PREFETCHT0", fmt.Sprintf("%d(DI)(R10*1)", at))
}

// aheadDist puts in R10 the least multiple of the stride (R8, not 0) that
// is 1024 or more, for aheadStride: in the forms that fetch ahead (st).
func aheadDist(f *File, st store) {
	if !st.ahead {
		return
	}
	f.Ops(`
		MOVQ R8, R10
		TESTQ R8, R8
	`)
	f.Jump("JZ", "aheaddone")
	f.Label("aheaddist")
	f.Ops("CMPQ R10, $1024")
	f.Jump("JAE", "aheaddone")
	f.Ops("ADDQ R8, R10")
	f.Jump("JMP", "aheaddist")
	f.Label("aheaddone")
}

// A blockLoop is the loop of the add kernels: lanes (vector registers)
// that start as base (SI) plus first and step by inc after every block of
// len(lanes)*vbytes bytes, each block stored, then DI advanced by advance
// (a register or a constant). CX counts the blocks; the loop ends at done.
type blockLoop struct {
	lanes   []string
	vbytes  int
	load    string // the instruction that loads base's vectors
	add     string
	first   string // first, broadcast: added to base's vectors
	fromMem bool   // add first to base's vectors with add's memory form (no load)
	inc     string
	incLoad string // loads inc's vector from (DX)
	ahead   func(f *File, at int)
	// put stores lane i (register r) at offset off(DI).
	put func(f *File, i int, r string, off int)
	// value, if not nil, makes lane i's stored vector from it in a
	// temporary (the FMA kernels' index lanes): all lanes' copies, then
	// their operations, then the puts.
	value   func(f *File, i int, r string) (copy, op func(), tmp string)
	advance string
}

func (l blockLoop) emit(f *File) {
	for i, r := range l.lanes {
		off := fmt.Sprintf("%d(SI)", i*l.vbytes)
		if l.fromMem {
			f.Op(l.add, off, l.first, r)
		} else {
			f.Op(l.load, off, r)
		}
	}
	if !l.fromMem {
		for _, r := range l.lanes {
			f.Op(l.add, l.first, r, r)
		}
	}
	f.Op(l.incLoad, "(DX)", l.inc)
	f.Ops("TESTQ CX, CX")
	f.Jump("JZ", "done")
	f.Label("loop")
	if l.ahead != nil {
		for at := 0; at < len(l.lanes)*l.vbytes; at += 64 {
			l.ahead(f, at)
		}
	}
	if l.value == nil {
		for i, r := range l.lanes {
			l.put(f, i, r, i*l.vbytes)
		}
	} else {
		ops, tmps := []func(){}, []string{}
		for i, r := range l.lanes {
			cp, op, tmp := l.value(f, i, r)
			cp()
			ops, tmps = append(ops, op), append(tmps, tmp)
		}
		for _, op := range ops {
			op()
		}
		for i, tmp := range tmps {
			l.put(f, i, tmp, i*l.vbytes)
		}
	}
	for _, r := range l.lanes {
		f.Op(l.add, l.inc, r, r)
	}
	f.Op("ADDQ", l.advance, "DI")
	f.Ops("DECQ CX")
	f.Jump("JNZ", "loop")
	f.Label("done")
}

func regs(prefix string, from, n int) []string {
	r := make([]string, n)
	for i := range r {
		r[i] = fmt.Sprintf("%s%d", prefix, from+i)
	}
	return r
}

// end closes a routine: the fence of its store kind, VZEROUPPER, RET.
func end(f *File, st store) {
	if st.fence != "" {
		f.Op(st.fence)
	}
	f.Ops(`
		VZEROUPPER
		RET
	`)
}

// maskArgs loads the first arguments of the masked kernels: dst in DI,
// blocks in CX, stride in R8 (and, fetching ahead, aheadDist's distance in R10), base in SI.
func maskArgs(f *File, st store) {
	f.Ops(`
		MOVQ {dst}, DI
		MOVQ {blocks}, CX
		MOVQ {stride}, R8
	`)
	aheadDist(f, st)
	f.Ops("MOVQ {base}, SI")
}

// masksY loads the masks of the AVX2 masked kernels: from the byte masks
// at BX, one vector a 32 bytes of the block in Y6-Y9, each element's sign
// bit its first byte's bit (VPMASKMOVD and VPMASKMOVQ store the elements
// whose sign bit is set): the masks' 32 bits of each vector in every 32-bit
// lane, shifted by shv (VPSLLVD or VPSLLVQ) by shifts.
func masksY(f *File, shv, shifts string) {
	for i := range 4 {
		f.Op("VPBROADCASTD", fmt.Sprintf("%d(BX)", 4*i), fmt.Sprintf("Y%d", 6+i))
	}
	for i := range 4 {
		r := fmt.Sprintf("Y%d", 6+i)
		f.Op(shv, shifts, r, r)
	}
}

func storeDoc(base string, st store) string {
	switch st {
	case stStream:
		return base + " with streaming stores."
	case stAhead:
		return base + " fetching its lines ahead of the stores."
	}
	return ""
}

// addFile is add_amd64.s: the add kernels.
func addFile() *File {
	f := NewFile("add", `
The add kernels (see the package doc: methods words, f32 and rows). Each
writes blocks of 128 bytes at dst, stride bytes apart (128 but for the sets
of blocks of rows-lanes; add192: blocks of 192 bytes, contiguous): its
vectors start as base (the offsets 0, d, 2d, ... of the lanes) plus first
(one value in every lane), and inc (the step of a whole block in every
lane) is added to each after every block. Lane-wise integer additions wrap
exactly as the sequence does; float32 additions are exact where the
planner picks them. The NT forms use non-temporal stores and need dst
32-byte aligned; the A forms of the masked ones fetch each line ahead of
the stores. The
masked forms (addMask, fmaMask) store each vector through a byte mask: the
bytes it leaves out keep their contents (the gaps of padded rows-lanes).
Go twins: twins.go.`)

	addStoreForms(f)
	add192Forms(f)
	addMaskxForms(f)
	fmaMaskxForms(f)
	addMaskYForms(f)
	fmaMaskYForms(f)

	// The shifts of masksY: each element's first byte's bit of its
	// vector's 32 taken to the sign bit (31, 27, ..., 3 for 4-byte
	// elements; 63, 55, ... for 8-byte ones).
	f.Data("maskShiftD", 0x0000001b0000001f, 0x0000001300000017, 0x0000000b0000000f, 0x0000000300000007)
	f.Data("maskShiftQ", 63, 55, 47, 39)
	addDispatch(f)
	return f
}

// addStoreForms writes addStore of every lane and store kind.
//
// addStore: four vectors of 32 bytes a block, stride bytes apart.
func addStoreForms(f *File) {
	for _, ln := range lanes {
		for _, st := range stores {
			name := "addStore" + ln.name + st.suffix
			f.Func(name, sigAdd, storeDoc("addStore"+ln.name, st))
			f.Twin("add"+ln.name+"_g", st, false)
			f.Ops(`
				MOVQ {dst}, DI
				MOVQ {blocks}, CX
				MOVQ {stride}, R8
				MOVQ {base}, SI
				MOVQ {first}, AX
				VMOVQ AX, X5
				MOVQ {inc}, DX
			`)
			f.Op(ln.bc, "X5", "Y5")
			aheadDist(f, st)
			l := blockLoop{lanes: regs("Y", 0, 4), vbytes: 32, load: "VMOVDQU", add: ln.add, first: "Y5",
				inc: "Y4", incLoad: "VMOVDQU", advance: "R8",
				put: func(f *File, i int, r string, off int) { f.Op(st.mov, r, fmt.Sprintf("%d(DI)", off)) }}
			l.emit(f)
			end(f, st)
		}
	}
}

// add192Forms writes add192 of every lane and store kind.
//
// add192: six vectors of 32 bytes a block, contiguous.
func add192Forms(f *File) {
	for _, ln := range lanes {
		for _, st := range stores {
			f.Func("add192"+ln.name+st.suffix, sigAdd192, "")
			f.Twin("add192"+ln.name+"_g", st, false)
			f.Ops(`
				MOVQ {dst}, DI
				MOVQ {blocks}, CX
				MOVQ {base}, SI
				MOVQ {first}, AX
				VMOVQ AX, X7
				MOVQ {inc}, DX
			`)
			f.Op(ln.bc, "X7", "Y7")
			l := blockLoop{lanes: regs("Y", 0, 6), vbytes: 32, load: "VMOVDQU", add: ln.add, first: "Y7",
				inc: "Y6", incLoad: "VMOVDQU", advance: "$192",
				put: func(f *File, i int, r string, off int) { f.Op(st.mov, r, fmt.Sprintf("%d(DI)", off)) }}
			l.emit(f)
			end(f, st)
		}
	}
}

// addMaskxForms writes addMaskx of every lane, regular and fetching ahead.
//
// addMaskx (AVX-512): two vectors of 64 bytes a block, each through
// a byte mask (VMOVDQU8 under K1 and K2, from mask[0] and mask[1]).
// Masked stores have no non-temporal form.
func addMaskxForms(f *File) {
	for _, ln := range lanes {
		for _, st := range []store{stRegular, stAhead} {
			f.Func("addMaskx"+ln.name+st.suffix, sigMask, storeDoc("addMaskx"+ln.name, st))
			f.Twin("addMask"+ln.name+"_g", st, true)
			maskArgs(f, st)
			f.Ops(`
				MOVQ {first}, AX
				MOVQ {inc}, DX
				MOVQ {mask}, BX
				KMOVQ 0(BX), K1
				KMOVQ 8(BX), K2
			`)
			f.Op(ln.bc, "AX", "Z5")
			l := blockLoop{lanes: regs("Z", 0, 2), vbytes: 64, load: "VMOVDQU64", add: ln.add, first: "Z5",
				inc: "Z4", incLoad: "VBROADCASTI64X4", advance: "R8", put: putK}
			if st.ahead {
				l.ahead = aheadStride
			}
			l.emit(f)
			end(f, st)
		}
	}
}

// fmaMaskxForms writes fmaMaskxS and fmaMaskxSA.
//
// fmaMaskx (AVX-512): float32 index lanes, each element
// VFMADD213PS's index*delta + start, rounded once, stored through the
// byte masks; the index lanes, exact integers below 2^24, step by
// inc[0] after every block.
func fmaMaskxForms(f *File) {
	for _, st := range []store{stRegular, stAhead} {
		f.Func("fmaMaskxS"+st.suffix, sigFMAMask, storeDoc("fmaMaskxS", st))
		f.Twin("fmaMaskS_g", st, true)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTD {first}, Z9
			MOVQ {inc}, DX
			VPBROADCASTD {start}, Z10
			VPBROADCASTD {delta}, Z11
			MOVQ {mask}, BX
			KMOVQ 0(BX), K1
			KMOVQ 8(BX), K2
		`)
		l := blockLoop{lanes: regs("Z", 0, 2), vbytes: 64, add: "VADDPS", first: "Z9", fromMem: true,
			inc: "Z4", incLoad: "VBROADCASTSS", advance: "R8", put: putK, value: fmaValue("Z", 2, "Z10", "Z11")}
		if st.ahead {
			l.ahead = aheadStride
		}
		l.emit(f)
		end(f, st)
	}
}

// addMaskYForms writes addMaskY of lanes D, Q and S, regular and fetching
// ahead.
//
// addMaskY (AVX2, elements of 4 and 8 bytes): four vectors of 32
// bytes, each stored by VPMASKMOVD or VPMASKMOVQ under its mask.
func addMaskYForms(f *File) {
	type maskY struct {
		ln             lane
		mov, shv, shft string
	}
	for _, m := range []maskY{
		{laneD, "VPMASKMOVD", "VPSLLVD", "maskShiftD<>(SB)"},
		{laneQ, "VPMASKMOVQ", "VPSLLVQ", "maskShiftQ<>(SB)"},
		{laneS, "VPMASKMOVD", "VPSLLVD", "maskShiftD<>(SB)"},
	} {
		for _, st := range []store{stRegular, stAhead} {
			f.Func("addMaskY"+m.ln.name+st.suffix, sigMask, storeDoc("addMaskY"+m.ln.name, st))
			f.Twin("addMask"+m.ln.name+"_g", st, false)
			maskArgs(f, st)
			f.Ops(`
				MOVQ {first}, AX
				MOVQ {inc}, DX
				MOVQ {mask}, BX
			`)
			masksY(f, m.shv, m.shft)
			f.Ops("VMOVQ AX, X5")
			f.Op(m.ln.bc, "X5", "Y5")
			l := blockLoop{lanes: regs("Y", 0, 4), vbytes: 32, load: "VMOVDQU", add: m.ln.add, first: "Y5",
				inc: "Y4", incLoad: "VMOVDQU", advance: "R8", put: putY(m.mov)}
			if st.ahead {
				l.ahead = aheadStride
			}
			l.emit(f)
			end(f, st)
		}
	}
}

// fmaMaskYForms writes fmaMaskYS and fmaMaskYSA.
//
// fmaMaskY (AVX2): fmaMaskx's computation in four vectors of 32 bytes,
// each stored by VPMASKMOVD under its mask.
func fmaMaskYForms(f *File) {
	for _, st := range []store{stRegular, stAhead} {
		f.Func("fmaMaskYS"+st.suffix, sigFMAMask, storeDoc("fmaMaskYS", st))
		f.Twin("fmaMaskS_g", st, false)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTD {first}, Y5
			MOVQ {inc}, DX
			VPBROADCASTD {start}, Y10
			VPBROADCASTD {delta}, Y11
			MOVQ {mask}, BX
		`)
		masksY(f, "VPSLLVD", "maskShiftD<>(SB)")
		l := blockLoop{lanes: regs("Y", 0, 4), vbytes: 32, add: "VADDPS", first: "Y5", fromMem: true,
			inc: "Y4", incLoad: "VBROADCASTSS", advance: "R8", put: putY("VPMASKMOVD"), value: fmaValue("Y", 12, "Y10", "Y11")}
		if st.ahead {
			l.ahead = aheadStride
		}
		l.emit(f)
		end(f, st)
	}
}

// putK stores lane i through the byte mask in K(1+i).
func putK(f *File, i int, r string, off int) {
	f.Op("VMOVDQU8", r, fmt.Sprintf("K%d", 1+i), fmt.Sprintf("%d(DI)", off))
}

// putY stores lane i by mov under the mask in Y(6+i).
func putY(mov string) func(f *File, i int, r string, off int) {
	return func(f *File, i int, r string, off int) {
		f.Op(mov, r, fmt.Sprintf("Y%d", 6+i), fmt.Sprintf("%d(DI)", off))
	}
}

// fmaValue makes lane i's vector index*delta + start (VFMADD213PS, one
// rounding) in temporary register prefix(tmp0+i), start and delta in the
// registers given.
func fmaValue(prefix string, tmp0 int, start, delta string) func(f *File, i int, r string) (func(), func(), string) {
	return func(f *File, i int, r string) (func(), func(), string) {
		tmp := fmt.Sprintf("%s%d", prefix, tmp0+i)
		return func() { f.Op("VMOVAPS", r, tmp) }, func() { f.Op("VFMADD213PS", start, delta, tmp) }, tmp
	}
}

// An arm is one case of a dispatch switch: its condition ("" for default)
// and its call.
type arm struct{ cond, call string }

// dispatch writes method name of *table with parameters params, doc its
// comment, as a switch over arms (direct calls, so that the compiler sees
// each routine's noescape directive: calls through func values would move
// the lanes and masks to the heap).
func dispatch(f *File, doc, name, params string, arms []arm) {
	dispatchResult(f, doc, name, params, "", arms)
}

// dispatchResult is dispatch for a method with a result (its type; the
// arms' calls return it).
func dispatchResult(f *File, doc, name, params, result string, arms []arm) {
	if strings.HasPrefix(arms[0].cond, "!t.asm") {
		// The Go twin (the first arm's call) on builds without assembly.
		fmt.Fprintf(&f.other, "\nfunc (t *table) %s(%s) %s {\n\t%s\n}\n", name, params, result, arms[0].call)
	}
	f.Dispatch("\n// %s\nfunc (t *table) %s(%s) %s {\n\tswitch {\n", doc, name, params, result)
	for _, a := range arms {
		if a.cond == "" {
			f.Dispatch("\tdefault:\n\t\t%s\n", a.call)
			continue
		}
		f.Dispatch("\tcase %s:\n\t\t%s\n", a.cond, a.call)
	}
	f.Dispatch("\t}\n}\n")
}

// A form is one instruction set's kernels of a method: their name (the
// store kind's suffix follows) and the condition that picks them ("" for
// the last form).
type form struct{ cond, name string }

// formArms returns the arms of a method whose kernels come in forms (the
// first form's arms first) and store kinds sts (regular last), each called
// with args, after the Go twin's arm (twinCond, twin; none where twinCond
// is ""); ret is "return " for a method with a result.
func formArms(twinCond, twin string, forms []form, sts []store, args, ret string) []arm {
	var arms []arm
	if twinCond != "" {
		arms = append(arms, arm{twinCond, ret + twin + "(" + args + ")"})
	}
	for _, fm := range forms {
		for _, st := range sts {
			var c []string
			if fm.cond != "" {
				c = append(c, fm.cond)
			}
			if st != stRegular {
				c = append(c, "st == "+st.goName)
			}
			arms = append(arms, arm{strings.Join(c, " && "), ret + fm.name + st.suffix + "(" + args + ")"})
		}
	}
	return arms
}

// argNames returns the names of a Go parameter list, comma-separated.
func argNames(params string) string {
	var names []string
	for _, p := range strings.Split(params, ",") {
		names = append(names, strings.Fields(p)[0])
	}
	return strings.Join(names, ", ")
}

// byLane returns the arms that call prefix+lane+store suffix(args) for
// lanes and store kinds sts (regular last), conditions prefixed by pre;
// the regular store needs no condition of its own. cont says whether arms
// follow: then every lane has its lane condition, else the last lane needs
// none (its regular arm is the default).
func byLane(pre, prefix, args string, ls []lane, sts []store, cont bool) []arm {
	var arms []arm
	for li, ln := range ls {
		for _, st := range sts {
			var c []string
			if pre != "" {
				c = append(c, pre)
			}
			if cont || li < len(ls)-1 {
				c = append(c, "lane == "+ln.goName)
			}
			if st != stRegular {
				c = append(c, "st == "+st.goName)
			}
			arms = append(arms, arm{strings.Join(c, " && "), prefix + ln.name + st.suffix + "(" + args + ")"})
		}
	}
	return arms
}

func addDispatch(f *File) {
	args := sigAdd.Args()
	dispatch(f, "add runs the addStore kernel of the lane and the store kind (the Go twin on the Go table).",
		"add", sigAdd.Method("lane int, st store"),
		append([]arm{{"!t.asm", "add_g(lane, " + args + ")"}}, byLane("", "addStore", args, lanes, []store{stStream, stRegular}, false)...))

	args192 := sigAdd192.Args()
	dispatch(f, "add192 runs the add192 kernel of the lane and the store kind (streaming: dst aligned to 32 bytes).",
		"add192", sigAdd192.Method("lane int, st store"),
		append([]arm{{"!t.asm", "add192_g(lane, " + args192 + ")"}}, byLane("", "add192", args192, lanes, []store{stStream, stRegular}, false)...))

	margs := sigMask.Args()
	arms := []arm{{"!t.asm || !t.avx512 && (lane == laneB || lane == laneW) && t.lacks()", "addMask_g(lane, " + margs + ")"}}
	arms = append(arms, byLane("!t.avx512", "addMaskY", margs, []lane{laneD, laneQ, laneS}, []store{stAhead, stRegular}, true)...)
	arms = append(arms, byLane("", "addMaskx", margs, lanes, []store{stAhead, stRegular}, false)...)
	dispatch(f, "addMask runs the masked add kernel of the lane: AVX-512 forms for every lane, AVX2 forms for lanes of 4 and 8 bytes (see table.masks), regular stores or fetching ahead (st stStream: regular; masked stores have no non-temporal form).",
		"addMask", sigMask.Method("lane int, st store"), arms)

	dispatch(f, "fmaMask is addMask's fma-s form (fmaMaskxS[A], fmaMaskYS[A]).", "fmaMask", sigFMAMask.Method("st store"),
		formArms("!t.asm", "fmaMaskS_g", []form{{"!t.avx512", "fmaMaskYS"}, {"", "fmaMaskxS"}}, []store{stAhead, stRegular}, sigFMAMask.Args(), ""))
}
