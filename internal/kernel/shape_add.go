package kernel

// The method add (mAdd; its constant and name are generated from its
// Shape, asmgen/add.go):
//
// mAdd is mWords in blocks of 128 bytes through the add kernels
// (addStore{B,W,D,Q}). Pre: as mWords; dst aligned to the element
// size; at least one block.
