package kernel

// The method row-runs (mRowRuns; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mRowRuns writes rows one at a time, each planned as a run. Pre:
// none. (The row planner's table gives it float64 rows, which no row
// kernel takes; it is what the table gives where no row of it does.)
