//go:build amd64 && !purego

package kernel

import (
	"bytes"
	"debug/elf"
	"debug/gosym"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestAssemblyEncoding reads the package's assembly routines as compiled
// into this test binary and holds them to two rules:
//
//   - every instruction that names an XMM, YMM or ZMM register is VEX or
//     EVEX encoded: a legacy-SSE instruction (MOVQ AX, X9 where VMOVQ was
//     meant) after a 256- or 512-bit one costs a state transition, or a false
//     dependency on the upper halves, on many CPUs;
//   - no routine returns with the upper halves dirty: on every path from an
//     instruction that names a YMM or ZMM register to a RET, a VZEROUPPER.
//
// What it trusts: GNU objdump's decoding of the instruction boundaries (it
// decodes every VEX and EVEX form, where Go's disassembler does not), and
// the bytes themselves for the encoding: an instruction is VEX or EVEX when
// its first byte after legacy and REX prefixes is C4, C5 (VEX) or 62
// (EVEX), whatever objdump calls it. The routines are the TEXT symbols of
// the package's .s files, found in the binary's symbol table (ABI0, so
// ".abi0"); a routine the linker left out fails the test rather than pass
// unread. The rules are the binary's, not the host's: the result is the same
// on any amd64 machine, with or without AVX-512.
//
// It reads an ELF binary with the host's objdump, so it runs on Linux: the
// Windows build assembles the same .s files into the same bytes, and under
// Wine no Linux objdump can be run.
func TestAssemblyEncoding(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skipf("the encoding is read from an ELF binary, on Linux; this is %s (the same .s files)", runtime.GOOS)
	}
	objdump, err := exec.LookPath("objdump")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no GNU objdump (binutils) on PATH: the assembly's encoding goes unchecked")
		}
		t.Skip("no GNU objdump (binutils) on PATH: install binutils to check the assembly's encoding")
	}
	routines := asmRoutines(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	syms := routineSymbols(t, exe, routines)
	lo, hi := ^uint64(0), uint64(0)
	for _, s := range syms {
		lo, hi = min(lo, s.start), max(hi, s.end)
	}
	out, err := exec.Command(objdump, "-d", "-w", "--insn-width=15",
		"--start-address=0x"+strconv.FormatUint(lo, 16),
		"--stop-address=0x"+strconv.FormatUint(hi, 16), exe).Output()
	if err != nil {
		t.Fatalf("%s -d %s: %v", objdump, exe, err)
	}
	insns := parseObjdump(out)
	// A routine a Go function calls has two entries of its name in the
	// function table: the assembly (ABI0) and the compiler's wrapper
	// (ABIInternal), which calls it. The routines here call nothing, so the
	// entry that calls another of its name is the wrapper.
	bodies := map[string][]routineSym{}
	for _, s := range syms {
		bodies[s.name] = append(bodies[s.name], s)
	}
	checked := 0
	for _, name := range routines {
		var asm []routineSym
		var asmBody [][]insn
		for _, s := range bodies[name] {
			body := within(insns, s.start, s.end)
			if !callsAny(body, bodies[name]) {
				asm, asmBody = append(asm, s), append(asmBody, body)
			}
		}
		if len(bodies[name]) > 0 && len(asm) != 1 {
			t.Errorf("%s: %d entries in the function table, %d of them not wrappers: cannot tell the routine", name, len(bodies[name]), len(asm))
			continue
		}
		for i, s := range asm {
			if len(asmBody[i]) == 0 {
				t.Errorf("%s: no instructions decoded at %#x-%#x", s.name, s.start, s.end)
				continue
			}
			checked++
			for _, msg := range checkRoutine(s, asmBody[i]) {
				t.Errorf("%s", msg)
			}
		}
	}
	if checked != len(routines) {
		t.Errorf("%d of the %d routines checked", checked, len(routines))
	}
	t.Logf("%d routines read through %s", checked, objdump)
}

func within(insns []insn, start, end uint64) []insn {
	var body []insn
	for _, in := range insns {
		if in.addr >= start && in.addr < end {
			body = append(body, in)
		}
	}
	return body
}

// callsAny reports whether body calls the start of any of the routines.
func callsAny(body []insn, rs []routineSym) bool {
	for _, in := range body {
		if !strings.HasPrefix(in.mnem, "call") || !in.direct {
			continue
		}
		for _, r := range rs {
			if in.target == r.start {
				return true
			}
		}
	}
	return false
}

// asmRoutines lists the routines the package's .s files define.
func asmRoutines(t *testing.T) []string {
	files, err := filepath.Glob("*_amd64.s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no assembly files found (%v)", err)
	}
	re := regexp.MustCompile(`(?m)^TEXT\s+·(\w+)\(SB\)`)
	var names []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllSubmatch(src, -1) {
			names = append(names, string(m[1]))
		}
	}
	sort.Strings(names)
	return names
}

type routineSym struct {
	name       string
	start, end uint64
}

// routineSymbols finds each routine's address range in the binary.
func routineSymbols(t *testing.T, exe string, routines []string) []routineSym {
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// go test strips the symbol table; the runtime's function table
	// (.gopclntab) is always there and names every function with its range.
	pcln := f.Section(".gopclntab")
	text := f.Section(".text")
	if pcln == nil || text == nil {
		t.Fatalf("%s: no .gopclntab or .text section", exe)
	}
	data, err := pcln.Data()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		t.Fatal(err)
	}
	pkg := reflectPkgPath()
	byName := map[string][]routineSym{}
	for _, fn := range tab.Funcs {
		byName[fn.Name] = append(byName[fn.Name], routineSym{fn.Name, fn.Entry, fn.End})
	}
	var syms []routineSym
	for _, r := range routines {
		found := append(byName[pkg+"."+r+".abi0"], byName[pkg+"."+r]...)
		if len(found) == 0 {
			t.Errorf("%s: not in the test binary (no test or table method calls it), so its encoding goes unchecked", r)
			continue
		}
		for _, fn := range found {
			syms = append(syms, routineSym{r, fn.start, fn.end})
		}
	}
	return syms
}

// reflectPkgPath is the package's import path, as the linker names its
// symbols.
func reflectPkgPath() string {
	type probe struct{}
	return reflect.TypeOf(probe{}).PkgPath()
}

// insn is one decoded instruction.
type insn struct {
	addr   uint64
	bytes  []byte
	mnem   string
	ops    []string // AT&T order: sources first, the destination last
	target uint64   // a direct branch's target
	direct bool
}

var objdumpLine = regexp.MustCompile(`^\s*([0-9a-f]+):\t((?:[0-9a-f]{2} )+)\s*\t(.*)$`)
var branchTarget = regexp.MustCompile(`^(?:0x)?([0-9a-f]+)(\s+<.*>)?$`)

func parseObjdump(out []byte) []insn {
	var insns []insn
	for _, line := range bytes.Split(out, []byte("\n")) {
		m := objdumpLine.FindSubmatch(line)
		if m == nil {
			continue
		}
		addr, _ := strconv.ParseUint(string(m[1]), 16, 64)
		var raw []byte
		for _, b := range strings.Fields(string(m[2])) {
			v, _ := strconv.ParseUint(b, 16, 8)
			raw = append(raw, byte(v))
		}
		text := strings.TrimSpace(string(m[3]))
		if i := strings.Index(text, "#"); i >= 0 {
			text = strings.TrimSpace(text[:i])
		}
		fields := strings.Fields(text)
		in := insn{addr: addr, bytes: raw}
		if len(fields) > 0 {
			in.mnem = fields[0]
			// Prefix mnemonics (rep, lock, notrack, bnd, data16) precede the
			// instruction's own.
			for len(fields) > 1 && (in.mnem == "rep" || in.mnem == "repz" || in.mnem == "repnz" ||
				in.mnem == "lock" || in.mnem == "notrack" || in.mnem == "bnd" || in.mnem == "data16" || in.mnem == "cs" || in.mnem == "ds") {
				fields = fields[1:]
				in.mnem = fields[0]
			}
			in.ops = splitOperands(strings.Join(fields[1:], " "))
		}
		if (strings.HasPrefix(in.mnem, "j") || strings.HasPrefix(in.mnem, "call")) && len(in.ops) == 1 {
			if bm := branchTarget.FindStringSubmatch(in.ops[0]); bm != nil {
				in.target, _ = strconv.ParseUint(bm[1], 16, 64)
				in.direct = true
			}
		}
		insns = append(insns, in)
	}
	return insns
}

// splitOperands splits AT&T operands at the commas outside parentheses.
func splitOperands(s string) []string {
	var ops []string
	depth, from := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				ops = append(ops, strings.TrimSpace(s[from:i]))
				from = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(s[from:]); rest != "" {
		ops = append(ops, rest)
	}
	return ops
}

func (in insn) names(prefixes ...string) bool {
	for _, op := range in.ops {
		for _, p := range prefixes {
			if strings.Contains(op, p) {
				return true
			}
		}
	}
	return false
}

// vexOrEVEX reports whether the instruction's first byte after legacy and
// REX prefixes opens a VEX (C4, C5) or EVEX (62) prefix.
func (in insn) vexOrEVEX() bool {
	for _, b := range in.bytes {
		switch {
		case b == 0x66 || b == 0x67 || b == 0xf2 || b == 0xf3 || b == 0xf0 ||
			b == 0x2e || b == 0x36 || b == 0x3e || b == 0x26 || b == 0x64 || b == 0x65:
			continue
		case b >= 0x40 && b <= 0x4f: // REX
			continue
		}
		return b == 0xc4 || b == 0xc5 || b == 0x62
	}
	return false
}

func (in insn) String() string {
	return fmt.Sprintf("%s %s (% x)", in.mnem, strings.Join(in.ops, ","), in.bytes)
}

// checkRoutine applies both rules to one routine's instructions and
// returns what breaks them.
func checkRoutine(s routineSym, body []insn) []string {
	var bad []string
	at := map[uint64]int{}
	for i, in := range body {
		at[in.addr] = i
		if in.mnem == "(bad)" {
			bad = append(bad, fmt.Sprintf("%s+%#x: objdump could not decode (% x)", s.name, in.addr-s.start, in.bytes))
		}
		if in.names("%xmm", "%ymm", "%zmm") && !in.vexOrEVEX() {
			bad = append(bad, fmt.Sprintf("%s+%#x: legacy-SSE instruction %v", s.name, in.addr-s.start, in))
		}
	}
	// Upper state along every path: dirty after an instruction that names
	// a YMM or ZMM register, clean after VZEROUPPER (or VZEROALL); the
	// routine is entered clean. A RET, or a jump out of the routine, seen
	// dirty breaks the rule, and names the instruction that last dirtied.
	const clean = -1
	dirtyBy := make([]int, len(body)) // on entry to each instruction: clean, or the index that dirtied
	seen := make([]bool, len(body))
	for i := range dirtyBy {
		dirtyBy[i] = clean
	}
	type state struct{ i, by int }
	work := []state{{0, clean}}
	reported := map[int]bool{}
	for len(work) > 0 {
		st := work[len(work)-1]
		work = work[:len(work)-1]
		if st.i >= len(body) {
			continue
		}
		if seen[st.i] && (dirtyBy[st.i] != clean || st.by == clean) {
			continue // nothing new: already seen as dirty, or clean again
		}
		seen[st.i] = true
		if st.by != clean {
			dirtyBy[st.i] = st.by
		}
		in := body[st.i]
		by := st.by
		switch {
		case in.mnem == "vzeroupper" || in.mnem == "vzeroall":
			by = clean
		case in.names("%ymm", "%zmm"):
			by = st.i
		}
		exit := func(how string) {
			if by != clean && !reported[st.i] {
				reported[st.i] = true
				d := body[by]
				bad = append(bad, fmt.Sprintf("%s+%#x: %s with the upper halves dirty (no VZEROUPPER after %s at +%#x)",
					s.name, in.addr-s.start, how, d.mnem, d.addr-s.start))
			}
		}
		switch {
		case strings.HasPrefix(in.mnem, "ret"):
			exit("returns")
		case strings.HasPrefix(in.mnem, "j"):
			if !in.direct {
				bad = append(bad, fmt.Sprintf("%s+%#x: indirect jump %v: the check cannot follow it", s.name, in.addr-s.start, in))
				continue
			}
			if j, ok := at[in.target]; ok {
				work = append(work, state{j, by})
			} else {
				exit("jumps out")
			}
			if in.mnem != "jmp" {
				work = append(work, state{st.i + 1, by})
			}
		case in.mnem == "int3" || in.mnem == "ud2":
		default:
			if st.i+1 == len(body) {
				exit("runs off its end")
			}
			work = append(work, state{st.i + 1, by})
		}
	}
	return bad
}
