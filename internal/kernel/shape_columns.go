package kernel

// The method columns (mColumns; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mColumns writes rows too short for the row kernels as columns
// (fillColumns): in chunks of rows, each column's elements planned and
// written as one run into a buffer, then put in their rows. Pre: the
// piece's rows pass Seq.columns (more than one row; fewer than addBlock
// bytes each; 16 elements or fewer, or floats whose n columns a chunk
// are no more than its rows).
