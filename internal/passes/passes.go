// Package passes says which pass the tests run: the quick one (go test's
// default), the exhaustive one (DML_LONG=1 in the environment; CI asks for
// it), or the least (-short).
package passes

import (
	"os"
	"sync"
	"testing"
)

// Long reports whether the exhaustive pass was asked for (DML_LONG=1).
// It reads the environment once, in a test (so that go test's cache, which
// notes what tests read, keys the results on it), not once an element.
var Long = sync.OnceValue(func() bool { return os.Getenv("DML_LONG") != "" })

// Draws is the number of random cases a test written for n makes in this
// pass: n in the exhaustive one, a quarter in the quick one, an eighth under
// -short; at least 1. It is called from tests only (testing.Short).
func Draws(n int) int {
	switch {
	case Long():
		return n
	case testing.Short():
		return max(1, n/8)
	}
	return max(1, n/4)
}
