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

// The registers the block kernels share (add's, binlanes', convert's):
// aheadDist, aheadStride, maskArgs and blockLoop name them.
var blockR = struct {
	to    Reg // where the next block goes
	left  Reg // the blocks left
	step  Reg // the stride: from a block to the next
	ahead Reg // how far ahead the lines are fetched (aheadDist)
	from  Reg // base's address: the lanes at block 0
	incAt Reg // inc's address: the step of a whole block
}{to: DI, left: CX, step: R8, ahead: R10, from: SI, incAt: DX}

// The lines of a block are fetched ahead of the stores by one of two
// rules: 1024 bytes on (contiguous blocks), or the least multiple of the
// stride that is 1024 or more (blocks a stride apart: sets of rows-lanes;
// aheadDist puts it in ahead).
func aheadStride(f *File, at int) {
	r := blockR
	if at == 0 {
		f.Ops("PREFETCHT0 ({to})({ahead}*1)", r)
		return
	}
	f.Ops(fmt.Sprintf("PREFETCHT0 %d({to})({ahead}*1)", at), r)
}

// aheadDist puts in ahead the least multiple of the stride (step, not 0)
// that is 1024 or more, for aheadStride: in the forms that fetch ahead
// (st).
func aheadDist(f *File, st store) {
	r := blockR
	if !st.ahead {
		return
	}
	f.Ops(`
		MOVQ {step}, {ahead}
		TESTQ {step}, {step}
	`, r)
	f.Jump("JZ", "aheaddone")
	f.Label("aheaddist")
	f.Ops("CMPQ {ahead}, $1024", r)
	f.Jump("JAE", "aheaddone")
	f.Ops("ADDQ {step}, {ahead}", r)
	f.Jump("JMP", "aheaddist")
	f.Label("aheaddone")
}

// A blockLoop is the loop of the add kernels: lanes (vector registers)
// that start as base (from) plus first and step by inc after every block
// of len(lanes)*vbytes bytes, each block stored, then to advanced by
// advance (a Reg or a constant). left counts the blocks; the loop ends at
// done.
type blockLoop struct {
	lanes   []Reg
	vbytes  int
	load    string // the instruction that loads base's vectors
	add     string
	first   Reg  // first, broadcast: added to base's vectors
	fromMem bool // add first to base's vectors with add's memory form (no load)
	inc     Reg
	incLoad string // loads inc's vector from (incAt)
	ahead   func(f *File, at int)
	// put stores lane i (register r) at offset off(to).
	put func(f *File, i int, r Reg, off int)
	// value, if not nil, makes lane i's stored vector from it in a
	// temporary (the FMA kernels' index lanes): all lanes' copies, then
	// their operations, then the puts.
	value   func(f *File, i int, r Reg) (copy, op func(), tmp Reg)
	advance any
}

func (l blockLoop) emit(f *File) {
	b := blockR
	for i, r := range l.lanes {
		off := b.from.At(i * l.vbytes)
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
	f.Op(l.incLoad, b.incAt.Mem(), l.inc)
	f.Ops("TESTQ {left}, {left}", b)
	f.Jump("JZ", "done")
	f.Label("loop")
	if l.value == nil {
		for i, r := range l.lanes {
			l.fetchAhead(f, i*l.vbytes)
			l.put(f, i, r, i*l.vbytes)
		}
	} else {
		ops, tmps := []func(){}, []Reg{}
		for i, r := range l.lanes {
			cp, op, tmp := l.value(f, i, r)
			cp()
			ops, tmps = append(ops, op), append(tmps, tmp)
		}
		for _, op := range ops {
			op()
		}
		for i, tmp := range tmps {
			l.fetchAhead(f, i*l.vbytes)
			l.put(f, i, tmp, i*l.vbytes)
		}
	}
	for _, r := range l.lanes {
		f.Op(l.add, l.inc, r, r)
	}
	f.Op("ADDQ", l.advance, b.to)
	f.Ops("DECQ {left}", b)
	f.Jump("JNZ", "loop")
	f.Label("done")
}

// fetchAhead fetches ahead (l.ahead) the line of the block's byte at, if
// at starts one: each line just before its own stores, not the block's
// lines together before the first (masked stores of 3 bytes in 4 at 4
// MiB, in cache: a median 0.75-0.80 of a plain loop that fetches and
// stores line by line where the block's two fetches led, 0.97-1.00 where
// each led its line's store; docs/performance-log.md, 2026-12-02).
func (l blockLoop) fetchAhead(f *File, at int) {
	if l.ahead != nil && at%64 == 0 {
		l.ahead(f, at)
	}
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

// firstArgs loads the first arguments of the AVX2 block kernels: dst in
// to, blocks in left, base in from, first in firstX (through tmp), roles
// naming those five registers (binadeR, convR).
func firstArgs(f *File, roles any) {
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {blocks}, {left}
		MOVQ {base}, {from}
		MOVQ {first}, {tmp}
		VMOVQ {tmp}, {firstX}
	`, roles)
}

// maskArgs loads the first arguments of the masked kernels: dst in to,
// blocks in left, stride in step (and, fetching ahead, aheadDist's
// distance in ahead), base in from.
func maskArgs(f *File, st store) {
	r := blockR
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ {blocks}, {left}
		MOVQ {stride}, {step}
	`, r)
	aheadDist(f, st)
	f.Ops("MOVQ {base}, {from}", r)
}

// masksY loads the masks of the AVX2 masked kernels: from the byte masks
// at masks, one vector a 32 bytes of the block in maskY, each element's
// sign bit its first byte's bit (VPMASKMOVD and VPMASKMOVQ store the
// elements whose sign bit is set): the masks' 32 bits of each vector in
// every 32-bit lane, shifted by shv (VPSLLVD or VPSLLVQ) by shifts.
func masksY(f *File, shv, shifts string) {
	r := addR
	for i := range 4 {
		f.Op("VPBROADCASTD", r.masks.At(4*i), r.maskY[i])
	}
	for _, m := range r.maskY {
		f.Op(shv, shifts, m, m)
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
of blocks of rows-lanes; add192: blocks of 192 bytes, contiguous; add640x:
blocks of 640 bytes, contiguous, AVX-512, and its fma-s form fma640xS): its
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
	add640xForms(f)
	fma640xSForms(f)
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
	f.Shapes(addShapes...)
	return f
}

// The add kernels' registers.
var addR = struct {
	to, left, step, from, incAt Reg // blockR's: the block, blocks left, stride, base, inc

	word      Reg   // first, loaded whole
	masks     Reg   // the byte masks' address (the masked forms)
	lane      []Reg // (AVX2) the lanes: four vectors of 32 bytes (add192: six)
	incY      Reg   // (AVX2) inc's vector (not add192's)
	firstY    Reg   // (AVX2) first in every lane (not add192's)
	firstX    Reg   // its low bytes, first loaded there
	inc192    Reg   // add192's inc,
	first192  Reg   // and first in every lane,
	first192X Reg   // its low bytes
	maskY     []Reg // (AVX2 masked) the masks of the lanes
	startY    Reg   // (fmaMaskY) start in every lane,
	deltaY    Reg   // delta,
	tmpY      []Reg // and the lanes' values
	laneZ     []Reg // (AVX-512) the lanes: two vectors of 64 bytes
	lane640   []Reg // (add640x, fma640xS) the lanes: ten vectors of 64 bytes
	inc640    Reg   // (add640x, fma640xS) inc's vector,
	first640  Reg   // and first in every lane
	start640  Reg   // (fma640xS) start in every lane,
	delta640  Reg   // delta,
	tmp640    []Reg // and the lanes' values
	incZ      Reg   // (AVX-512) inc's vector
	firstZ    Reg   // (addMaskx) first in every lane
	firstS    Reg   // (fmaMaskx) first in every lane,
	startZ    Reg   // start,
	deltaZ    Reg   // delta,
	tmpZ      []Reg // and the lanes' values
}{
	to: blockR.to, left: blockR.left, step: blockR.step, from: blockR.from, incAt: blockR.incAt,
	word: AX, masks: BX,
	lane: vecs(y, 0, 6), incY: y(4), firstY: y(5), firstX: x(5), inc192: y(6), first192: y(7), first192X: x(7),
	maskY: vecs(y, 6, 4), startY: y(10), deltaY: y(11), tmpY: vecs(y, 12, 4),
	laneZ: vecs(z, 0, 2), incZ: z(4), firstZ: z(5), firstS: z(9), startZ: z(10), deltaZ: z(11), tmpZ: vecs(z, 2, 2),
	lane640: vecs(z, 0, 10), inc640: z(10), first640: z(11), start640: z(12), delta640: z(13), tmp640: vecs(z, 14, 10),
}

// putTo stores lane i (register v) at off(to) by st's instruction.
func putTo(st store) func(f *File, i int, v Reg, off int) {
	return func(f *File, i int, v Reg, off int) { f.Op(st.mov, v, addR.to.At(off)) }
}

// addStoreForms writes addStore of every lane and store kind.
//
// addStore: four vectors of 32 bytes a block, stride bytes apart.
func addStoreForms(f *File) {
	r := addR
	for _, ln := range lanes {
		for _, st := range stores {
			name := "addStore" + ln.name + st.suffix
			f.Func(name, sigAdd, storeDoc("addStore"+ln.name, st))
			f.Twin("add"+ln.name+"_g", st, false)
			f.Ops(`
				MOVQ {dst}, {to}
				MOVQ {blocks}, {left}
				MOVQ {stride}, {step}
				MOVQ {base}, {from}
				MOVQ {first}, {word}
				VMOVQ {word}, {firstX}
				MOVQ {inc}, {incAt}
			`, r)
			f.Op(ln.bc, r.firstX, r.firstY)
			aheadDist(f, st)
			l := blockLoop{lanes: r.lane[:4], vbytes: 32, load: "VMOVDQU", add: ln.add, first: r.firstY,
				inc: r.incY, incLoad: "VMOVDQU", advance: r.step, put: putTo(st)}
			l.emit(f)
			end(f, st)
		}
	}
}

// add192Forms writes add192 of every lane and store kind.
//
// add192: six vectors of 32 bytes a block, contiguous.
func add192Forms(f *File) {
	r := addR
	for _, ln := range lanes {
		for _, st := range stores {
			f.Func("add192"+ln.name+st.suffix, sigAdd192, "")
			f.Twin("add192"+ln.name+"_g", st, false)
			f.Ops(`
				MOVQ {dst}, {to}
				MOVQ {blocks}, {left}
				MOVQ {base}, {from}
				MOVQ {first}, {word}
				VMOVQ {word}, {first192X}
				MOVQ {inc}, {incAt}
			`, r)
			f.Op(ln.bc, r.first192X, r.first192)
			l := blockLoop{lanes: r.lane, vbytes: 32, load: "VMOVDQU", add: ln.add, first: r.first192,
				inc: r.inc192, incLoad: "VMOVDQU", advance: "$192", put: putTo(st)}
			l.emit(f)
			end(f, st)
		}
	}
}

// lanes640 are add640x's lanes: the integers' (float32 lanes exact in
// float32 stay in five sets of blocks: see lanesBlock).
var lanes640 = []lane{laneB, laneW, laneD, laneQ}

// add640xForms writes add640x of every integer lane and store kind.
//
// add640x (AVX-512): ten vectors of 64 bytes a block, contiguous: a
// period of rows that repeat every five blocks of 128 bytes (rows of 5,
// 10 or 20 bytes, or 40 or 80), written in order in one pass where
// addStore would write it as five sets of blocks, five strided passes.
func add640xForms(f *File) {
	r := addR
	for _, ln := range lanes640 {
		for _, st := range stores {
			f.Func("add640x"+ln.name+st.suffix, sigAdd640, storeDoc("add640x"+ln.name, st))
			f.Twin("add640"+ln.name+"_g", st, true)
			f.Ops(`
				MOVQ {dst}, {to}
				MOVQ {blocks}, {left}
				MOVQ {base}, {from}
				MOVQ {first}, {word}
				MOVQ {inc}, {incAt}
			`, r)
			f.Op(ln.bc, r.word, r.first640)
			l := blockLoop{lanes: r.lane640, vbytes: 64, load: "VMOVDQU64", add: ln.add, first: r.first640,
				inc: r.inc640, incLoad: "VBROADCASTI64X4", advance: "$640", put: put640(st)}
			l.emit(f)
			end(f, st)
		}
	}
}

// put640 stores lane i (register v, 64 bytes) at off(to) by st's
// instruction (VMOVDQU64 for regular stores: ZMM).
func put640(st store) func(f *File, i int, v Reg, off int) {
	mov := st.mov
	if st == stRegular {
		mov = "VMOVDQU64"
	}
	return func(f *File, i int, v Reg, off int) { f.Op(mov, v, addR.to.At(off)) }
}

// fma640xSForms writes fma640xS of every store kind.
//
// fma640xS (AVX-512): add640x for float32 index lanes (fma-s lanes),
// each element VFMADD213PS's index*delta + start, rounded once; the index
// lanes, exact integers below 2^24, step by inc[0] after every block.
func fma640xSForms(f *File) {
	r := addR
	for _, st := range stores {
		f.Func("fma640xS"+st.suffix, sigFMA640S, storeDoc("fma640xS", st))
		f.Twin("fma640S_g", st, true)
		f.Ops(`
			MOVQ {dst}, {to}
			MOVQ {blocks}, {left}
			MOVQ {base}, {from}
			VPBROADCASTD {first}, {first640}
			MOVQ {inc}, {incAt}
			VPBROADCASTD {start}, {start640}
			VPBROADCASTD {delta}, {delta640}
		`, r)
		l := blockLoop{lanes: r.lane640, vbytes: 64, add: "VADDPS", first: r.first640, fromMem: true,
			inc: r.inc640, incLoad: "VBROADCASTSS", advance: "$640", put: put640(st), value: fmaValue(r.tmp640, r.start640, r.delta640)}
		l.emit(f)
		end(f, st)
	}
}

// addMaskxForms writes addMaskx of every lane, regular and fetching ahead.
//
// addMaskx (AVX-512): two vectors of 64 bytes a block, each through
// a byte mask (VMOVDQU8 under K1 and K2, from mask[0] and mask[1]).
// Masked stores have no non-temporal form.
func addMaskxForms(f *File) {
	r := addR
	for _, ln := range lanes {
		for _, st := range []store{stRegular, stAhead} {
			f.Func("addMaskx"+ln.name+st.suffix, sigMask, storeDoc("addMaskx"+ln.name, st))
			f.Twin("addMask"+ln.name+"_g", st, true)
			maskArgs(f, st)
			f.Ops(`
				MOVQ {first}, {word}
				MOVQ {inc}, {incAt}
				MOVQ {mask}, {masks}
				KMOVQ 0({masks}), K1
				KMOVQ 8({masks}), K2
			`, r)
			f.Op(ln.bc, r.word, r.firstZ)
			l := blockLoop{lanes: r.laneZ, vbytes: 64, load: "VMOVDQU64", add: ln.add, first: r.firstZ,
				inc: r.incZ, incLoad: "VBROADCASTI64X4", advance: r.step, put: putK}
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
	r := addR
	for _, st := range []store{stRegular, stAhead} {
		f.Func("fmaMaskxS"+st.suffix, sigFMAMask, storeDoc("fmaMaskxS", st))
		f.Twin("fmaMaskS_g", st, true)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTD {first}, {firstS}
			MOVQ {inc}, {incAt}
			VPBROADCASTD {start}, {startZ}
			VPBROADCASTD {delta}, {deltaZ}
			MOVQ {mask}, {masks}
			KMOVQ 0({masks}), K1
			KMOVQ 8({masks}), K2
		`, r)
		l := blockLoop{lanes: r.laneZ, vbytes: 64, add: "VADDPS", first: r.firstS, fromMem: true,
			inc: r.incZ, incLoad: "VBROADCASTSS", advance: r.step, put: putK, value: fmaValue(r.tmpZ, r.startZ, r.deltaZ)}
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
	r := addR
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
				MOVQ {first}, {word}
				MOVQ {inc}, {incAt}
				MOVQ {mask}, {masks}
			`, r)
			masksY(f, m.shv, m.shft)
			f.Ops("VMOVQ {word}, {firstX}", r)
			f.Op(m.ln.bc, r.firstX, r.firstY)
			l := blockLoop{lanes: r.lane[:4], vbytes: 32, load: "VMOVDQU", add: m.ln.add, first: r.firstY,
				inc: r.incY, incLoad: "VMOVDQU", advance: r.step, put: putY(m.mov)}
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
	r := addR
	for _, st := range []store{stRegular, stAhead} {
		f.Func("fmaMaskYS"+st.suffix, sigFMAMask, storeDoc("fmaMaskYS", st))
		f.Twin("fmaMaskS_g", st, false)
		maskArgs(f, st)
		f.Ops(`
			VPBROADCASTD {first}, {firstY}
			MOVQ {inc}, {incAt}
			VPBROADCASTD {start}, {startY}
			VPBROADCASTD {delta}, {deltaY}
			MOVQ {mask}, {masks}
		`, r)
		masksY(f, "VPSLLVD", "maskShiftD<>(SB)")
		l := blockLoop{lanes: r.lane[:4], vbytes: 32, add: "VADDPS", first: r.firstY, fromMem: true,
			inc: r.incY, incLoad: "VBROADCASTSS", advance: r.step, put: putY("VPMASKMOVD"), value: fmaValue(r.tmpY, r.startY, r.deltaY)}
		if st.ahead {
			l.ahead = aheadStride
		}
		l.emit(f)
		end(f, st)
	}
}

// putK stores lane i through the byte mask in K(1+i).
func putK(f *File, i int, v Reg, off int) {
	f.Op("VMOVDQU8", v, fmt.Sprintf("K%d", 1+i), addR.to.At(off))
}

// putY stores lane i by mov under its mask (maskY[i]).
func putY(mov string) func(f *File, i int, v Reg, off int) {
	return func(f *File, i int, v Reg, off int) {
		f.Op(mov, v, addR.maskY[i], addR.to.At(off))
	}
}

// fmaValue makes lane i's vector index*delta + start (VFMADD213PS, one
// rounding) in temporary register tmps[i], start and delta in the
// registers given.
func fmaValue(tmps []Reg, start, delta Reg) func(f *File, i int, v Reg) (func(), func(), Reg) {
	return func(f *File, i int, v Reg) (func(), func(), Reg) {
		tmp := tmps[i]
		return func() { f.Op("VMOVAPS", v, tmp) }, func() { f.Op("VFMADD213PS", start, delta, tmp) }, tmp
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

	args640 := sigAdd640.Args()
	dispatch(f, "add640 runs the add640x kernel of the integer lane and the store kind (streaming: dst aligned to 64 bytes; the Go twin on a table without AVX-512: see lacks).",
		"add640", sigAdd640.Method("lane int, st store"),
		append([]arm{{"!t.asm || t.lacks()", "add640_g(lane, " + args640 + ")"}}, byLane("", "add640x", args640, lanes640, []store{stStream, stRegular}, false)...))

	dispatch(f, "fma640S is add640's fma-s form (fma640xS[NT]; the Go twin on a table without AVX-512: see lacks).", "fma640S", sigFMA640S.Method("st store"),
		formArms("!t.asm || t.lacks()", "fma640S_g", []form{{"", "fma640xS"}}, []store{stStream, stRegular}, sigFMA640S.Args(), ""))

	margs := sigMask.Args()
	arms := []arm{{"!t.asm || !t.avx512 && (lane == laneB || lane == laneW) && t.lacks()", "addMask_g(lane, " + margs + ")"}}
	arms = append(arms, byLane("!t.avx512", "addMaskY", margs, []lane{laneD, laneQ, laneS}, []store{stAhead, stRegular}, true)...)
	arms = append(arms, byLane("", "addMaskx", margs, lanes, []store{stAhead, stRegular}, false)...)
	dispatch(f, "addMask runs the masked add kernel of the lane: AVX-512 forms for every lane, AVX2 forms for lanes of 4 and 8 bytes (see table.masks), regular stores or fetching ahead (st stStream: regular; masked stores have no non-temporal form).",
		"addMask", sigMask.Method("lane int, st store"), arms)

	dispatch(f, "fmaMask is addMask's fma-s form (fmaMaskxS[A], fmaMaskYS[A]).", "fmaMask", sigFMAMask.Method("st store"),
		formArms("!t.asm", "fmaMaskS_g", []form{{"!t.avx512", "fmaMaskYS"}, {"", "fmaMaskxS"}}, []store{stAhead, stRegular}, sigFMAMask.Args(), ""))
}

// addShapes are the methods the add kernels write (File.Shapes).
var addShapes = []Shape{
	{Name: "add", Const: "mAdd"},
}
