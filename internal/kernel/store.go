package kernel

// A StoreMethod is one way this machine writes memory, for the benchmarks'
// write ceiling: the rate a fill is measured against.
type StoreMethod struct {
	Name string
	// Store writes the 8-byte pattern, little-endian, over dst, whose
	// length is a multiple of 128 and which starts at a multiple of 32.
	Store func(dst []byte, pattern uint64)
}
