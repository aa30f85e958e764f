//go:build !cgo

package main

// Without cgo there is no C library to build: main alone.
func main() {}
