//go:build !amd64 || purego

package kernel

// machineTables returns the tables this build can run: the Go twins alone.
func machineTables() []*table { return []*table{goTable} }
