package kernel

import "unsafe"

// The method add (mAdd; its constant and name are generated from its
// Shape, asmgen/add.go):
//
// mAdd is words in blocks of 128 bytes through the add kernels
// (addStore{B,W,D,Q}). Pre: as words; dst aligned to the element
// size; at least one block.

// add writes elements first, first+d, ... with the add kernels.
func (f *Filler) add(dst []byte, first, d uint64, st store) {
	base, inc := &f.ln.words, &f.ln.wordsInc
	if d != f.ln.wordD {
		var b [128]byte
		var i [32]byte
		wordLanes(&b, &i, f.size, d)
		base, inc = &b, &i
	}
	var runs [3]blockRun
	for k := range blockRuns(&runs, dst, mAdd.blockBytes(f.size), st) {
		r := &runs[k]
		f.t.add(int(f.lg), r.st, unsafe.SliceData(dst[r.at:]), r.blocks, addBlock, base, first+uint64(r.at>>f.lg)*d, inc)
	}
}
