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

// TestRoles: {name} in Ops text is an argument's operand or a role's
// register; an unknown name, a role named as an argument, and a register
// written by its letters in text given roles panic.
func TestRoles(t *testing.T) {
	r := struct {
		to   Reg // the destination
		n    Reg // the count
		vecs []Reg
	}{to: DI, n: CX, vecs: []Reg{y(0)}}
	f := NewFile("t", "test")
	f.Func("a", sigStoreRep, "")
	f.Ops(`
		MOVQ {dst}, {to}
		MOVQ 8({to}), {n}
	`, r)
	f.Op("VMOVDQU", r.to.Mem(), r.vecs[0])
	f.Ops("VMOVDQU {vecs[0]}, ({to})", r)
	if got, want := f.s.String(), "\tMOVQ dst+0(FP), DI\n\tMOVQ 8(DI), CX\n\tVMOVDQU (DI), Y0\n\tVMOVDQU Y0, (DI)\n"; !strings.HasSuffix(got, want) {
		t.Errorf("got %q, want it to end %q", got, want)
	}
	panics(t, "no argument what", func() { f.Ops("MOVQ {what}, {to}", r) })
	panics(t, "by its letters", func() { f.Ops("MOVQ {dst}, SI", r) })
	panics(t, "role dst is also an argument", func() { f.Ops("RET", struct{ dst Reg }{DI}) })
	panics(t, "not Reg", func() { f.Ops("RET", struct{ n int }{1}) })
}
