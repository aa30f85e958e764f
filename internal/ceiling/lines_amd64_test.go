//go:build amd64 && !purego

package ceiling

import (
	"bytes"
	"debug/elf"
	"debug/gosym"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/dmlgo/dml/internal/benchcore"
	"github.com/dmlgo/dml/internal/kernel"
)

// TestStoreLinesTwin: each routine of lines_amd64.s writes what its Go
// twin, storeLinesGo, writes, over random masks (none, all and some of a
// line's bytes), periods and line counts, from a line-aligned start.
func TestStoreLinesTwin(t *testing.T) {
	if !kernel.CPU.AVX512 {
		t.Skip("no AVX-512 here: the routines are not run")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range lineStores() {
		for range 200 {
			masks := make([]uint64, 1+rng.IntN(5))
			for i := range masks {
				switch rng.IntN(4) {
				case 0:
					masks[i] = 0
				case 1:
					masks[i] = ^uint64(0)
				default:
					masks[i] = rng.Uint64()
				}
			}
			lines := rng.IntN(12)
			got, want := benchcore.PageAligned(64*14), benchcore.PageAligned(64*14)
			for i := range got {
				got[i], want[i] = byte(i), byte(i)
			}
			s.store(got, 64, lines, masks)
			storeLinesGo(want, 64, lines, masks)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s, %d lines, masks %#x: wrote\n%x\nwant\n%x", s.name, lines, masks, got, want)
			}
		}
	}
}

// TestAssemblyEncoding reads the routines of lines_amd64.s as compiled
// into this test binary, through GNU objdump, and holds them to the rules
// internal/kernel's assembly keeps (its TestAssemblyEncoding): every
// instruction that names an XMM, YMM or ZMM register is VEX or EVEX
// encoded (its first byte after legacy and REX prefixes C4, C5 or 62), and
// the instruction before each RET is VZEROUPPER (the routines end in
// straight lines).
func TestAssemblyEncoding(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skipf("the encoding is read from an ELF binary, on Linux; this is %s", runtime.GOOS)
	}
	objdump, err := exec.LookPath("objdump")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no GNU objdump (binutils) on PATH: the assembly's encoding goes unchecked")
		}
		t.Skip("no GNU objdump (binutils) on PATH")
	}
	src, err := os.ReadFile("lines_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	funcs := funcTable(t, exe)
	for _, m := range regexp.MustCompile(`(?m)^TEXT\s+·(\w+)\(SB\)`).FindAllSubmatch(src, -1) {
		name := "github.com/dmlgo/dml/internal/ceiling." + string(m[1])
		var checked int
		for _, fn := range append(funcs[name+".abi0"], funcs[name]...) {
			insns := disassemble(t, objdump, exe, fn)
			if calls(insns) {
				continue // the compiler's wrapper, which calls the routine
			}
			checked++
			checkInsns(t, string(m[1]), insns)
		}
		if checked != 1 {
			t.Errorf("%s: %d bodies found in the binary, want 1", m[1], checked)
		}
	}
}

// funcTable is the binary's function table (.gopclntab; go test strips
// the symbol table) by name.
func funcTable(t *testing.T, exe string) map[string][]gosym.Func {
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		t.Fatalf("%s: no .gopclntab or .text", exe)
	}
	data, err := pcln.Data()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]gosym.Func{}
	for _, fn := range tab.Funcs {
		byName[fn.Name] = append(byName[fn.Name], fn)
	}
	return byName
}

// An insn is one instruction as objdump decodes it: its bytes and text.
type insn struct {
	raw  []byte
	text string
}

func disassemble(t *testing.T, objdump, exe string, fn gosym.Func) []insn {
	out, err := exec.Command(objdump, "-d", "-w", "--insn-width=15",
		"--start-address=0x"+strconv.FormatUint(fn.Entry, 16),
		"--stop-address=0x"+strconv.FormatUint(fn.End, 16), exe).Output()
	if err != nil {
		t.Fatalf("%s -d %s: %v", objdump, exe, err)
	}
	line := regexp.MustCompile(`^\s*[0-9a-f]+:\t((?:[0-9a-f]{2} )+)\s*\t(.*)$`)
	var insns []insn
	for _, l := range strings.Split(string(out), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var raw []byte
		for _, h := range strings.Fields(m[1]) {
			v, _ := strconv.ParseUint(h, 16, 8)
			raw = append(raw, byte(v))
		}
		insns = append(insns, insn{raw, strings.TrimSpace(m[2])})
	}
	return insns
}

func calls(insns []insn) bool {
	for _, in := range insns {
		if strings.HasPrefix(in.text, "call") {
			return true
		}
	}
	return false
}

func checkInsns(t *testing.T, name string, insns []insn) {
	t.Helper()
	if len(insns) == 0 {
		t.Errorf("%s: no instructions decoded", name)
	}
	for i, in := range insns {
		if strings.Contains(in.text, "%xmm") || strings.Contains(in.text, "%ymm") || strings.Contains(in.text, "%zmm") {
			if !vexOrEVEX(in.raw) {
				t.Errorf("%s: legacy-SSE instruction %s (% x)", name, in.text, in.raw)
			}
		}
		if strings.HasPrefix(in.text, "ret") && (i == 0 || !strings.HasPrefix(insns[i-1].text, "vzeroupper")) {
			t.Errorf("%s: a RET not after VZEROUPPER", name)
		}
	}
}

// vexOrEVEX reports whether the first byte after legacy and REX prefixes
// opens a VEX (C4, C5) or EVEX (62) prefix.
func vexOrEVEX(raw []byte) bool {
	for _, b := range raw {
		switch {
		case b == 0x66 || b == 0x67 || b == 0xf2 || b == 0xf3 || b == 0xf0 ||
			b == 0x2e || b == 0x36 || b == 0x3e || b == 0x26 || b == 0x64 || b == 0x65:
			continue
		case b >= 0x40 && b <= 0x4f:
			continue
		}
		return b == 0xc4 || b == 0xc5 || b == 0x62
	}
	return false
}
