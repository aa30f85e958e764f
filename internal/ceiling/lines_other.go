//go:build !amd64 || purego

package ceiling

// lineStores are the line stores this build runs: none (the Go twin,
// storeLinesGo, a byte at a time, is no ceiling).
func lineStores() []namedStore { return nil }
