package kernel

// The method words (mWords; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mWords writes first, first+d, first+2d, ... wrapping at the element
// width. Pre: integers (d = step*delta), or a piece whose every
// element has the bits first (d = 0: constants, infinities past the
// overflow point, every element of index 0). Plain Go.

// words plans n elements from j that are first, first+d, ...: with the add
// kernels if vec and they are a block or more.
func (s *Seq) words(pl *plan, vec bool, j, n int, first, d uint64, st store) {
	m := mWords
	if vec && n<<s.lg >= addBlock {
		m = mAdd
	}
	p := pl.put(m, j, n)
	p.first, p.d = first, d
	if m == mAdd {
		p.st = st
	}
}
