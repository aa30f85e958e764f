//go:build unix

package dml_test

import "syscall"

// untouchedBuffer maps n bytes of zero pages outside Go's heap, made
// resident only where written; free unmaps them.
func untouchedBuffer(n int) ([]byte, func(), error) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE|syscall.MAP_NORESERVE)
	if err != nil {
		return nil, nil, err
	}
	return b, func() { syscall.Munmap(b) }, nil
}
