package main

import (
	"strings"
	"testing"
)

// panics reports whether fn panics, with a message containing want.
func panics(t *testing.T, want string, fn func()) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Errorf("no panic, want one saying %q", want)
			return
		}
		if msg, _ := r.(string); !strings.Contains(msg, want) {
			t.Errorf("panic %v, want one saying %q", r, want)
		}
	}()
	fn()
}

// TestJumps: a jump must name a label its routine defines (labels are
// local to a routine), and jumps and several instructions in one string
// are refused.
func TestJumps(t *testing.T) {
	f := NewFile("t", "test")
	f.Func("a", sigStoreRep, "")
	f.Jump("JZ", "done")
	f.Jump("JNE", "2(PC)")
	f.Label("done")
	f.Func("b", sigStoreRep, "") // a's labels are defined: fine
	f.Jump("JMP", "done")        // b's are not
	panics(t, "b: jump to done", func() { f.Assembly() })

	g := NewFile("t", "test")
	g.Func("a", sigStoreRep, "")
	g.Label("l")
	panics(t, "defined twice", func() { g.Label("l") })
	panics(t, "written by Op", func() { g.Ops("JZ l") })
	panics(t, "one instruction a line", func() { g.Ops("INCQ AX; DECQ AX") })
	panics(t, "not a jump", func() { g.Jump("MOVQ", "l") })
}

// TestTwins: every routine of a kernel signature names its twin, once;
// a routine of a signature with no Go type (the store loops) names none.
func TestTwins(t *testing.T) {
	f := NewFile("t", "test")
	f.Func("a", sigRuns, "")
	f.Ops("RET")
	panics(t, "a: a runsKernel with no twin", func() { f.Func("b", sigRuns, "") })

	g := NewFile("t", "test")
	g.Func("a", sigRuns, "")
	g.Twin("runs_g", stRegular, false)
	panics(t, "a: two twins", func() { g.Twin("runs_g", stRegular, false) })
	g.Func("b", sigStoreRep, "")
	panics(t, "b: a twin, but its signature is no kernel's", func() { g.Twin("runs_g", stRegular, false) })
}
