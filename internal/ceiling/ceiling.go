// Package ceiling holds the plain writers of a layout's bytes: for a
// layout that leaves bytes between its elements untouched (padded rows,
// pixels with a spare slot), the fastest ways this machine writes exactly
// the bytes the layout's elements occupy, and nothing between them. Their
// rate is the layout's own ceiling: what a fill of that layout could reach
// at best, as the packed write ceiling (internal/benchcore) is a packed
// fill's.
//
// A writer writes benchcore.Pattern, the byte at each address a being
// byte(Pattern >> (8 * (a % 8))): no arithmetic, only the stores a layout
// needs. The writers:
//
//   - "go": regular stores in Go, 8-byte words where a run of the layout
//     covers them, single bytes at a run's ends; on every machine.
//   - "avx512-lines": one store a 64-byte line, masked to the layout's
//     bytes where the line is partly the layout's, and none where it holds
//     none of them; with AVX-512 (BW).
//   - "avx512-lines-ahead": the same, every line fetched 1024 bytes ahead
//     of its store (a regular store to a line not in the cache waits for
//     it to come from memory).
//   - "avx512-lines-nt": non-temporal (streaming) stores for the lines
//     wholly the layout's, which then bypass the caches as the packed
//     ceiling's streaming stores do; partial lines masked, as streaming
//     stores cannot be, and fetched 1024 bytes ahead.
//   - "packed " and a store method's name, where the layout's bytes are one
//     run (a packed tensor, pixels with no spare slot): the packed write
//     ceiling's store methods (kernel.StoreMethods) over the run's 32-byte
//     aligned blocks of 128 bytes, its ends with regular stores.
package ceiling

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/dmlgo/dml/internal/benchcore"
	"github.com/dmlgo/dml/internal/kernel"
)

// Rows is a layout's bytes: Count runs of Bytes bytes each, the first at
// the buffer's start and each Pitch bytes after the one before. Padded
// rows are runs of a row's bytes, a row's pitch apart; channels-innermost
// pixels are runs of a pixel's channels, a pixel apart; a packed tensor
// is one run.
type Rows struct {
	Count, Pitch, Bytes int
}

// Span is the bytes from the first run's start to the last one's end: the
// least buffer a writer of r writes into.
func (r Rows) Span() int {
	return (r.Count-1)*r.Pitch + r.Bytes
}

// Written is the number of bytes a writer of r writes.
func (r Rows) Written() int {
	return r.Count * r.Bytes
}

// Valid reports whether r is a layout: at least one run of one byte or
// more, runs no longer than their pitch (they do not overlap).
func (r Rows) Valid() error {
	switch {
	case r.Count < 1:
		return fmt.Errorf("ceiling: %d runs: a layout has one or more", r.Count)
	case r.Bytes < 1:
		return fmt.Errorf("ceiling: runs of %d bytes: a run has one byte or more", r.Bytes)
	case r.Count > 1 && r.Pitch < r.Bytes:
		return fmt.Errorf("ceiling: runs of %d bytes %d bytes apart overlap", r.Bytes, r.Pitch)
	}
	return nil
}

// contiguous reports whether r's bytes are one run.
func (r Rows) contiguous() bool {
	return r.Count == 1 || r.Pitch == r.Bytes
}

// A Writer writes the pattern over exactly a layout's bytes.
type Writer struct {
	Name string
	// Write writes the layout's bytes at the start of b, which holds its
	// span or more, and no other byte of b. It is not safe for concurrent
	// use.
	Write func(b []byte)
}

// Writers returns the writers of r this machine runs (see the package
// doc), "go" first.
func Writers(r Rows) ([]Writer, error) {
	if err := r.Valid(); err != nil {
		return nil, err
	}
	ws := []Writer{{"go", func(b []byte) { writeRuns(b, r) }}}
	ws = append(ws, lineWriters(r)...)
	if r.contiguous() {
		for _, m := range kernel.StoreMethods {
			ws = append(ws, Writer{"packed " + m.Name, func(b []byte) { writePacked(b[:r.Written()], m) }})
		}
	}
	return ws, nil
}

// writePacked writes b through the store method m over its blocks of 128
// bytes from its first 32-byte boundary, and the bytes before and after
// them with regular stores.
func writePacked(b []byte, m kernel.StoreMethod) {
	head := min(int(-uintptr(unsafe.Pointer(unsafe.SliceData(b)))%32), len(b))
	blocks := (len(b) - head) / 128 * 128
	writeRuns(b[:head], Rows{Count: 1, Bytes: head})
	m.Store(b[head:head+blocks], benchcore.Pattern)
	writeRuns(b[head+blocks:], Rows{Count: 1, Bytes: len(b) - head - blocks})
}

// patternByte is the byte the writers write at address a.
func patternByte(a uintptr) byte {
	return byte(uint64(benchcore.Pattern) >> (8 * (a % 8)))
}

// writeRuns writes r's runs over b with regular stores: each run's bytes
// up to an 8-byte boundary one at a time, then whole words, then the
// bytes left.
func writeRuns(b []byte, r Rows) {
	b = b[:r.Span()]
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	runs, pitch, n := r.Count, r.Pitch, r.Bytes
	if r.contiguous() {
		runs, pitch, n = 1, 0, r.Written()
	}
	for i := range runs {
		run := b[i*pitch : i*pitch+n]
		head := int(-(base + uintptr(i*pitch)) % 8)
		head = min(head, n)
		for j := range head {
			run[j] = patternByte(base + uintptr(i*pitch+j))
		}
		j := head
		for ; j+8 <= n; j += 8 {
			binary.LittleEndian.PutUint64(run[j:], benchcore.Pattern)
		}
		for ; j < n; j++ {
			run[j] = patternByte(base + uintptr(i*pitch+j))
		}
	}
}
