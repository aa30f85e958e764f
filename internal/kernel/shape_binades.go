package kernel

// The method binade-s (mBinadeS; its constant and name are generated from its
// Shape, asmgen/binade.go):
//
// mBinadeS is the binade method for float32 (f32Binq, f32BinqY), in
// int64 lanes: the bits are c + round(|k| / 2^shift) as for binade,
// with float32's significand. Pre: float32; binSLanes over the piece;
// as binade otherwise (blocks of 16 elements).
