//go:build !amd64 || purego

package kernel

// StoreMethods are the ways this build writes memory: plain Go stores.
var StoreMethods = []StoreMethod{{"go", func(dst []byte, pattern uint64) {
	for i := range dst {
		dst[i] = byte(pattern >> (8 * (i % 8)))
	}
}}}
