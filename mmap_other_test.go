//go:build !unix

package dml_test

import "errors"

// untouchedBuffer needs mmap (see mmap_unix_test.go).
func untouchedBuffer(int) ([]byte, func(), error) {
	return nil, nil, errors.New("no mmap here to map 4 GiB untouched")
}
