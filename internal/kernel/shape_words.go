package kernel

// The method words (mWords; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mWords writes first, first+d, first+2d, ... wrapping at the element
// width. Pre: integers (d = step*delta), or a piece whose every
// element has the bits first (d = 0: constants, infinities past the
// overflow point, every element of index 0). Plain Go.
