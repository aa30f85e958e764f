//go:build !amd64 || purego

package kernel

// cpuTables returns the tables this build can run: the Go twins alone.
func cpuTables() []*table { return []*table{goTable} }

// streaming is false: the Go twins have one kind of store.
func streaming(int, int, int) bool { return false }

// The table's methods on this build that no kernel has (the others, each
// its kernels' Go twin: dispatch_other.go, generated).

func (t *table) masks(int) bool { return true }

func (t *table) masksPay(int) bool { return true }

func (t *table) zips() bool { return true }
