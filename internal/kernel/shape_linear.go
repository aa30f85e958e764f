package kernel

// The method linear (mLinear; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mLinear rounds the exact 128-bit S + i*D of each element with
// format.round. Pre: float16 or float32 in modeLinear. Plain Go.

// linearLE writes elements of indices i0, i0+step, ... as a piece of
// this method (for the blocks another method leaves to it).
func (f *Filler) linearLE(dst []byte, i0, step uint64) {
	f.plainLE(dst, &piece{m: mLinear}, i0, step)
}
