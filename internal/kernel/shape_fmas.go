package kernel

import (
	"math"
	"unsafe"
)

// The method fma-s (mFMAS; its constant and name are generated from its
// Shape, asmgen/convert.go):
//
// mFMAS writes float32 as fma(i, delta, start) in float32 (fmaStoreS,
// blocks of 32 elements): float32 lanes hold the indices, exact, and
// VFMADD213PS rounds the exact i*delta + start once, which is the
// element for any finite start and delta (modeLinear: S and D are
// they). Pre: float32 in modeLinear; every index of the piece below
// 2^24; dst aligned to the element size; at least one block; index 0
// not among them. Its rounding is round.go's fma (its kernel's).

// fmaS writes float32 elements as fma(i, delta, start) in float32, 32
// lanes of indices at a time (mFMAS).
func (f *Filler) fmaS(dst []byte, i0, step uint64, st store) {
	base := &indexLanes
	if step != 1 {
		base = new([32]float32)
		for l := range base {
			base[l] = float32(uint64(l) * step)
		}
	}
	d32 := float32(32 * step)
	inc := [8]float32{d32, d32, d32, d32, d32, d32, d32, d32}
	var runs [3]blockRun
	for k := range blockRuns(&runs, dst, mFMAS.blockBytes(4), st) {
		r := &runs[k]
		first := uint64(math.Float32bits(float32(i0 + uint64(r.at>>2)*step)))
		f.t.fmaS(r.st, unsafe.SliceData(dst[r.at:]), r.blocks, base, first, &inc, f.start, f.delta)
	}
}

// canFMAS reports whether fma-s takes float32 elements a through b (n of
// them, a run planFinite has found no exact lanes for): every index below
// fmaSMax, where the table writes fma-s first (fmaSFirst) or binade-s
// does not take them (left out, past its lanes, or of many binades).
func (s *Seq) canFMAS(t *table, a, b uint64, n int) bool {
	return s.kind == Float32 && !offFMAS && b < fmaSMax &&
		(t.fmaSFirst() || offBinadeS || !s.binSLanes(a, b) || !s.fewBinades(a, b, n))
}

// fmaSFirst reports whether float32 runs of indices below 2^24 go to the
// fma-s kernel even where their binades are long (binade-s takes those
// otherwise): the AVX-512 fma-s kernel writes as fast as binade-s's, the
// AVX2 one slower (docs/performance-log.md, 2026-11-27, evening).
func (t *table) fmaSFirst() bool { return !t.asm || t.avx512 }

// indexLanes are the lanes of fmaS for step 1: the indices 0 to 31.
var indexLanes = [32]float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}
