//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math"
	"os"
	"testing"
)

// TestMain runs the package's tests, then fails them if any called a kernel
// only AVX-512 has on a table without it (table.lacks): on a machine
// without AVX-512 that call would have stopped the program, and this host,
// having AVX-512, runs the AVX2 table's tests without complaint otherwise.
//
// Before the tests, it pins the store kinds' verdicts (pinVerdicts), so that
// no plan a test makes depends on a measurement of this host's memory.
func TestMain(m *testing.M) {
	pinVerdicts()
	code := m.Run()
	if n := x512Lacking.Load(); n != 0 && code == 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d calls of AVX-512-only kernels on a table without AVX-512 (table.lacks)\n", n)
		code = 1
	}
	os.Exit(code)
}

// pinVerdicts sets the store kinds' verdicts as if measured now and fresh
// for ever, each to what it is before any measurement (streaming stores
// slower, fetching ahead faster, REP MOVSB slower, REP STOSQ faster), so
// that the tests' plans are the same on every host and at every hour.
// Tests that take a store kind's side set it (setStreaming and the like);
// the tests of the measurement itself (stream_amd64_test.go) pin the
// verdicts again when they end.
func pinVerdicts() {
	for _, p := range []struct {
		v    *verdict
		wins bool
	}{{&streamV, false}, {&aheadV, true}, {&copyV, false}, {&fillV, true}} {
		p.v.wins.Store(p.wins)
		p.v.at.Store(math.MaxInt64)
	}
}
