package kernel

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// The method rows-fma-s (mRowsFMAS; its constant and name are generated from its
// Shape, asmgen/rows.go):
//
// mRowsFMAS writes rows of float32 as mFMAS writes a run (rowsFMASx):
// any row step and step. Pre: float32 in modeLinear; every index of
// the rows below 2^24; rows of at least 128 bytes; dst aligned; the
// table has the kernel (AVX-512); index 0 not among them.

// This file holds all of rows-fma-s that package kernel writes by hand:
// its doc, the precondition of its row of the row planner's table, its
// executor and its kernels' twin (its kernels rowsFMASx and rowsFMASY are
// asmgen's rows family; their signature is asmgen's sigRowsFMAS).

// canF32Indices holds for float32 rows of indices below fmaSMax, which
// float32 lanes hold exactly (rows-fma-s).
func (s *Seq) canF32Indices(r *rowSpan) bool {
	return s.kind == Float32 && s.mode == modeLinear && r.last < fmaSMax
}

// execRowsFMAS writes a piece of float32 rows as fma(i, delta, start) in
// float32 (mRowsFMAS), in one call: the kernel works out the indices at the
// three places a row's blocks start from rowSteps.
func (f *Filler) execRowsFMAS(dst []byte, p *piece, pitch, n int, i0, rowStep, step uint64) {
	var base [16]float32
	for l := range base {
		base[l] = float32(uint64(l) * step)
	}
	inc := uint64(math.Float32bits(float32(16 * step)))
	lastBlock := uint64(n - 16) // the element the last block of a row starts at
	steps := rowSteps{i0 + uint64(p.j)*rowStep, rowStep, step, lastBlock * step}
	tbl.rowsFMAS(p.st, unsafe.SliceData(dst[int(p.j)*pitch:]), int(p.n), pitch, n<<2, &base, &steps, inc, f.start, f.delta)
}

// rowsFMAS_g is the twin of rowsFMASx and rowsFMASY [NT]: each place's blocks of 16
// float32 as fmaS_g writes its lanes.
func rowsFMAS_g(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64) {
	st := float64(math.Float32frombits(uint32(start)))
	d := float64(math.Float32frombits(uint32(delta)))
	step := float64(math.Float32frombits(uint32(inc)))
	for r := range rows {
		row := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(dst), r*pitch)), rowBytes)
		fs := intPlaces(steps, r, uintptr(unsafe.Pointer(&row[0])), 4) // the places' indices
		rowBlocks(uintptr(unsafe.Pointer(&row[0])), rowBytes, 64, func(at, f, k int) {
			first := float64(float32(fs[f])) // (exact: below 2^24)
			for l := range 16 {
				i := float64(base[l]) + first + float64(k)*step // an exact integer below 2^24
				binary.LittleEndian.PutUint32(row[at+4*l:], math.Float32bits(sumToF32(float64(i*d), st)))
			}
		})
	}
}
