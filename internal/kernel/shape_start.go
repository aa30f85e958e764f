package kernel

// The method start (mStart; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mStart writes element 0: start's bits, which the arithmetic need not
// give (NaN payloads, -0, an infinite delta), in front of vector
// pieces. Pre: the piece is index 0 alone. Plain Go. (The plain
// methods below compute each element from its index, as Bits does,
// and so write index 0 as start's bits themselves.)
