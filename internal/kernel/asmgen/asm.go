package main

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"strings"
)

// A File is one generated assembly file (kernel/NAME_amd64.s) and the Go
// file that declares its routines and holds the table's dispatch to them
// (kernel/NAME_amd64.go).
//
// A routine is written as assembly: one instruction a call (Op) or a line
// of text (Ops), every jump by Jump to a label the routine defines
// (Label). Its registers are named by what they hold, not by their letters:
// each family declares them once, at its top, as a Go struct value of
// roles, each field a Reg with a comment on what it holds,
//
//	var storeR = struct {
//		to Reg // where the next store goes
//		n  Reg // the blocks left
//	}{to: DI, n: CX}
//
// (a []Reg field for a set of registers, from vecs; two roles may share a
// register where the family uses it for two things at different times).
// Op takes the roles as operands (f.Op("MOVQ", f.Arg("dst"), storeR.to);
// memory operands by Reg's At and Mem), and Ops takes the struct after its
// text, in which {name} stands for role name's register wherever it
// appears ("MOVQ 8({plan}), {stride}", "LEAQ ({col[0]})({stride}*1),
// {col[1]}") as well as for argument name's operand (Arg). A name neither
// an argument of the routine nor a role, a role named as an argument (so
// runs' remainder is remain, its argument rem), and a general-purpose or
// vector register written by its letters in text given roles all panic.
// (The mask registers K1-K7 are written by their letters.)
type File struct {
	name  string // add: add_amd64.s and add_amd64.go
	about string // the file's opening comment (the .s file's)

	s     bytes.Buffer // the assembly
	decl  bytes.Buffer // the routines' Go declarations
	disp  bytes.Buffer // the dispatch methods
	other bytes.Buffer // the same methods where there is no assembly: the Go twins

	args map[string]int // the current routine's arguments: offset in the frame

	routine string          // the current routine's name
	sig     *Sig            // its signature
	twinned bool            // whether it has named its twin (Twin)
	twins   map[*Sig][]twin // the routines of each kernel signature, with their twins
	labels  map[string]bool // the labels the current routine defines
	jumps   map[string]bool // the labels its jumps name

	shapes []Shape // the methods of package kernel the file's kernels write (Shapes)
}

// NewFile starts a file.
func NewFile(name, about string) *File {
	return &File{name: name, about: about}
}

// Func starts routine name of signature sig (each parameter 8 bytes:
// pointers, int, uint64; a result too, named ret), documented by doc (may
// be empty). The routine's arguments are then named by Arg; a kernel's
// routine (sig has a Go type) names its twin next (Twin).
func (f *File) Func(name string, sig *Sig, doc string) { f.FuncFrame(name, sig, 0, doc) }

// FuncFrame is Func for a routine with a local frame of frame bytes (at
// 0(SP) up).
func (f *File) FuncFrame(name string, sig *Sig, frame int, doc string) {
	f.endRoutine()
	f.routine, f.sig, f.twinned = name, sig, false
	f.labels, f.jumps = map[string]bool{}, map[string]bool{}
	f.args = map[string]int{}
	params, result := sig.Params, sig.Result
	off, pending := 0, []string{}
	for _, p := range strings.Split(params, ",") {
		fields := strings.Fields(p)
		pending = append(pending, fields[0])
		if len(fields) == 1 {
			continue // its type comes with the next name
		}
		if t := strings.Join(fields[1:], " "); !eightBytes(t) {
			panic(fmt.Sprintf("%s: parameter %s has type %s, not of 8 bytes", name, fields[0], t))
		}
		for _, n := range pending {
			f.args[n] = off
			off += 8
		}
		pending = pending[:0]
	}
	if len(pending) > 0 {
		panic(fmt.Sprintf("%s: parameters %v have no type", name, pending))
	}
	if result != "" {
		if !eightBytes(result) {
			panic(fmt.Sprintf("%s: result type %s, not of 8 bytes", name, result))
		}
		f.args["ret"] = off
		off += 8
	}
	decl := strings.TrimSpace(fmt.Sprintf("func %s(%s) %s", name, params, result))
	fmt.Fprintf(&f.s, "\n// %s\n", decl)
	fmt.Fprintf(&f.decl, "\n")
	if doc != "" {
		for _, l := range strings.Split(doc, "\n") {
			fmt.Fprintf(&f.s, "// %s\n", l)
			fmt.Fprintf(&f.decl, "// %s\n", l)
		}
		fmt.Fprintf(&f.decl, "//\n")
	}
	fmt.Fprintf(&f.decl, "//go:noescape\n%s\n", decl)
	fmt.Fprintf(&f.s, "TEXT ·%s(SB), NOSPLIT, $%d-%d\n", name, frame, off)
}

// Twin names the current routine's Go twin (of the routine's signature),
// for the kernel tests' list of the signature (pairs_amd64_test.go): st
// the routine's store kind (streaming or not), avx512 whether it needs
// AVX-512. Every routine of a kernel signature has one.
func (f *File) Twin(name string, st store, avx512 bool) {
	if f.sig.Type == "" {
		panic(fmt.Sprintf("%s: a twin, but its signature is no kernel's", f.routine))
	}
	if f.twinned {
		panic(fmt.Sprintf("%s: two twins", f.routine))
	}
	if f.twins == nil {
		f.twins = map[*Sig][]twin{}
	}
	f.twins[f.sig] = append(f.twins[f.sig], twin{f.routine, name, st == stStream, avx512})
	f.twinned = true
}

func eightBytes(t string) bool {
	return strings.HasPrefix(t, "*") || t == "int" || t == "uint64"
}

// Arg returns argument name's operand (name+offset(FP)), which go vet's
// asmdecl checks against the declaration.
func (f *File) Arg(name string) string {
	off, ok := f.args[name]
	if !ok {
		panic("no argument " + name)
	}
	return fmt.Sprintf("%s+%d(FP)", name, off)
}

// endRoutine checks the routine written last, if any: every label its
// jumps name must be one it defines (labels are local to a routine).
func (f *File) endRoutine() {
	if f.routine != "" && f.sig.Type != "" && !f.twinned {
		panic(fmt.Sprintf("%s: a %s with no twin (Twin)", f.routine, f.sig.Type))
	}
	for l := range f.jumps {
		if !f.labels[l] {
			panic(fmt.Sprintf("%s: jump to %s, a label the routine does not define", f.routine, l))
		}
	}
	f.routine, f.sig, f.labels, f.jumps = "", nil, nil, nil
}

// Op writes one instruction (not a jump: Jump writes those); each
// operand a string or a Reg.
func (f *File) Op(op string, operands ...any) {
	if strings.HasPrefix(op, "J") {
		panic(fmt.Sprintf("%s: jump %s written by Op, not Jump", f.routine, op))
	}
	if len(operands) == 0 {
		fmt.Fprintf(&f.s, "\t%s\n", op)
		return
	}
	ops := make([]string, len(operands))
	for i, o := range operands {
		switch o := o.(type) {
		case string:
			ops[i] = o
		case Reg:
			ops[i] = string(o)
		default:
			panic(fmt.Sprintf("%s: %s: operand %v of type %T", f.routine, op, o, o))
		}
	}
	fmt.Fprintf(&f.s, "\t%s %s\n", op, strings.Join(ops, ", "))
}

// Ops writes instructions as assembly text, one a line ("MOVQ {dst},
// {to}", or a raw string of several lines), each as Op writes it (no
// jumps: Jump writes those). {name} stands for argument name's operand
// (Arg) or, where roles (a family's struct of Reg fields) are given, for
// role name's register; text given roles names no register by its
// letters.
func (f *File) Ops(text string, roles ...any) {
	regs := f.roles(roles)
	for _, ins := range strings.Split(text, "\n") {
		if strings.Contains(ins, ";") {
			panic(fmt.Sprintf("%s: %q: one instruction a line", f.routine, ins))
		}
		op, rest, _ := strings.Cut(strings.TrimSpace(ins), " ")
		if op == "" {
			continue
		}
		if regs != nil {
			if r := physical.FindString(braced.ReplaceAllString(rest, "")); r != "" {
				panic(fmt.Sprintf("%s: %q names register %s by its letters, not its role", f.routine, ins, r))
			}
		}
		var operands []any
		for _, o := range strings.Split(rest, ",") {
			o = braced.ReplaceAllStringFunc(strings.TrimSpace(o), func(n string) string {
				return f.operand(n[1:len(n)-1], regs)
			})
			if o != "" {
				operands = append(operands, o)
			}
		}
		f.Op(op, operands...)
	}
}

var (
	braced   = regexp.MustCompile(`\{[^{}]*\}`)
	physical = regexp.MustCompile(`\b([ABCD]X|SI|DI|BP|R[89]|R1[0-5]|[XYZ][12]?[0-9]|[XYZ]3[01])\b`)
)

// operand is {n}'s operand: role n's register, or argument n's operand.
func (f *File) operand(n string, regs map[string]Reg) string {
	if r, ok := regs[n]; ok {
		return string(r)
	}
	return f.Arg(n)
}

// roles returns the registers of the roles (none, or one struct of Reg
// and []Reg fields, or a pointer to one) by name; a role named as an
// argument of the routine panics.
func (f *File) roles(roles []any) map[string]Reg {
	if len(roles) == 0 {
		return nil
	}
	if len(roles) > 1 {
		panic(fmt.Sprintf("%s: %d structs of roles, not one", f.routine, len(roles)))
	}
	v := reflect.Indirect(reflect.ValueOf(roles[0]))
	if v.Kind() != reflect.Struct {
		panic(fmt.Sprintf("%s: roles of type %T, not a struct", f.routine, roles[0]))
	}
	regs := map[string]Reg{}
	for i := range v.NumField() {
		fd := v.Type().Field(i)
		switch fd.Type {
		case reflect.TypeFor[Reg]():
			if _, ok := f.args[fd.Name]; ok {
				panic(fmt.Sprintf("%s: role %s is also an argument", f.routine, fd.Name))
			}
			regs[fd.Name] = Reg(v.Field(i).String())
		case reflect.TypeFor[[]Reg]():
			for j := range v.Field(i).Len() {
				regs[fmt.Sprintf("%s[%d]", fd.Name, j)] = Reg(v.Field(i).Index(j).String())
			}
		default:
			panic(fmt.Sprintf("%s: role %s of type %s, not Reg", f.routine, fd.Name, fd.Type))
		}
	}
	return regs
}

// Each writes text (as Ops, with roles if any) for each i below n, text's
// %[1]d standing for i: f.Each(4, "VPADDD Y9, Y%[1]d, Y%[1]d").
func (f *File) Each(n int, text string, roles ...any) {
	for i := range n {
		f.Ops(fmt.Sprintf(text, i), roles...)
	}
}

// Jump writes jump op (JMP, JZ, ...) to label, which the routine must
// define (Label) before or after it, or to an instruction n on ("2(PC)":
// the instruction after the next).
func (f *File) Jump(op, label string) {
	if !strings.HasPrefix(op, "J") {
		panic(fmt.Sprintf("%s: %s is not a jump", f.routine, op))
	}
	if !strings.HasSuffix(label, "(PC)") {
		f.jumps[label] = true
	}
	fmt.Fprintf(&f.s, "\t%s %s\n", op, label)
}

// Label writes a label (local to the routine).
func (f *File) Label(l string) {
	if f.labels[l] {
		panic(fmt.Sprintf("%s: label %s defined twice", f.routine, l))
	}
	f.labels[l] = true
	fmt.Fprintf(&f.s, "%s:\n", l)
}

// Data writes read-only data: symbol<>, 8-byte words.
func (f *File) Data(symbol string, words ...uint64) {
	f.s.WriteString("\n")
	for i, w := range words {
		fmt.Fprintf(&f.s, "DATA %s<>+%d(SB)/8, $%#016x\n", symbol, 8*i, w)
	}
	fmt.Fprintf(&f.s, "GLOBL %s<>(SB), RODATA|NOPTR, $%d\n", symbol, 8*len(words))
}

// Dispatch writes Go source into the dispatch part of the Go file.
func (f *File) Dispatch(format string, a ...any) { fmt.Fprintf(&f.disp, format, a...) }

const generated = "// Code generated by go run ./asmgen; DO NOT EDIT.\n\n"

// Assembly returns the .s file.
func (f *File) Assembly() []byte {
	f.endRoutine()
	var b bytes.Buffer
	b.WriteString(generated)
	b.WriteString("//go:build amd64 && !purego\n\n")
	for _, l := range strings.Split(strings.TrimSpace(f.about), "\n") {
		fmt.Fprintf(&b, "// %s\n", l)
	}
	b.WriteString("\n#include \"textflag.h\"\n")
	b.Write(f.s.Bytes())
	return b.Bytes()
}

// Go returns the .go file.
func (f *File) Go() []byte {
	var b bytes.Buffer
	b.WriteString(generated)
	b.WriteString("//go:build amd64 && !purego\n\npackage kernel\n\n")
	fmt.Fprintf(&b, "// The routines of %s_amd64.s.\n", f.name)
	b.Write(f.decl.Bytes())
	b.WriteString("\n")
	b.Write(f.disp.Bytes())
	return gofmt(f.name+"_amd64.go", b.Bytes())
}

// A Reg is a register: a general-purpose one (AX to R15) or a vector
// register (x, y and z).
type Reg string

// The general-purpose registers.
const (
	AX  Reg = "AX"
	BX  Reg = "BX"
	CX  Reg = "CX"
	DX  Reg = "DX"
	SI  Reg = "SI"
	DI  Reg = "DI"
	R8  Reg = "R8"
	R9  Reg = "R9"
	R10 Reg = "R10"
	R11 Reg = "R11"
	R12 Reg = "R12"
	R13 Reg = "R13"
	R14 Reg = "R14"
	R15 Reg = "R15"
)

// x, y and z name vector registers: X9, Y9, Z9.
func x(i int) Reg { return Reg(fmt.Sprintf("X%d", i)) }
func y(i int) Reg { return Reg(fmt.Sprintf("Y%d", i)) }
func z(i int) Reg { return Reg(fmt.Sprintf("Z%d", i)) }

// At is the memory operand off bytes from the address in r: 8(SI).
func (r Reg) At(off int) string { return fmt.Sprintf("%d(%s)", off, r) }

// vecs is the n vector registers of r (x, y or z) from r(from) on.
func vecs(r func(int) Reg, from, n int) []Reg {
	v := make([]Reg, n)
	for i := range v {
		v[i] = r(from + i)
	}
	return v
}

// Mem is the memory operand at the address in r: (SI).
func (r Reg) Mem() string { return "(" + string(r) + ")" }

// X and Y are vector register r's low 16 and 32 bytes: Z9's X9 and Y9.
func (r Reg) X() Reg { return "X" + r[1:] }
func (r Reg) Y() Reg { return "Y" + r[1:] }
