package npy

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// A .npy header is a Python literal dict, read by NumPy with
// ast.literal_eval (numpy/lib/format.py, _read_array_header): exactly the
// keys 'descr' (a type string), 'fortran_order' (True or False) and 'shape'
// (a tuple of integers), a key given twice taking its last value as Python
// does. headerDict reads that subset of Python's literal syntax: strings in
// single or double quotes, True, False, decimal integers, tuples of
// integers, and the dict; anything else is refused, saying what and where.
//
// It refuses, too, what NumPy refuses for its size: a header of more than
// MaxHeaderText characters, or with more than maxOpen brackets open at
// once. It reads without recursion, so that no file drives its depth.

// header is the three values of a .npy header.
type header struct {
	descr   string
	fortran bool
	shape   []uint64
}

// maxOpen is how many brackets ((, [, {) Python's tokenizer lets a text
// hold open at once (MAXLEVEL in Parser/tokenizer.c; past it,
// ast.literal_eval and so NumPy's reader raise "too many nested
// parentheses"). The dict's brace is one of them.
const maxOpen = 200

// literal reads Python literals from s.
type literal struct {
	s    string
	pos  int
	open int // the brackets open at pos
	// long: an integer may end in Python 2's L, which NumPy filters out of
	// the headers of versions 1.0 and 2.0 (_filter_header), not of 3.0.
	long bool
}

func (l *literal) errorf(format string, args ...any) error {
	return fmt.Errorf("npy: header at byte %d: %s", l.pos, fmt.Sprintf(format, args...))
}

// space skips Python's white space and comments (# to the line's end).
func (l *literal) space() {
	for l.pos < len(l.s) {
		switch c := l.s[l.pos]; {
		case strings.IndexByte(" \t\n\r\f\v", c) >= 0:
			l.pos++
		case c == '#':
			for l.pos < len(l.s) && l.s[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

// next skips spaces and reports whether the next byte is c, taking it.
func (l *literal) next(c byte) bool {
	l.space()
	if l.pos < len(l.s) && l.s[l.pos] == c {
		l.pos++
		return true
	}
	return false
}

// parseHeader reads the header's dict, which must be all of s but for
// trailing spaces and the final newline; long lets its integers end in L
// (see literal).
func parseHeader(s string, long bool) (header, error) {
	l := &literal{s: s, long: long}
	var h header
	seen := map[string]bool{}
	if !l.next('{') {
		return h, l.errorf("want a dict ({...})")
	}
	l.open = 1
	for !l.next('}') {
		key, err := l.str()
		if err != nil {
			return h, err
		}
		if !l.next(':') {
			return h, l.errorf("want ':' after %q", key)
		}
		switch key {
		case "descr":
			h.descr, err = l.str()
		case "fortran_order":
			h.fortran, err = l.boolean()
		case "shape":
			h.shape, err = l.tuple()
		default:
			return h, l.errorf("unexpected key %q (a .npy header has exactly 'descr', 'fortran_order' and 'shape')", key)
		}
		if err != nil {
			return h, err
		}
		seen[key] = true // (again: the last value counts, as in Python)
		if !l.next(',') {
			if !l.next('}') {
				return h, l.errorf("want ',' or '}'")
			}
			break
		}
	}
	l.space()
	if l.pos != len(l.s) {
		return h, l.errorf("text after the dict")
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return h, fmt.Errorf("npy: header has no '%s' (a .npy header has exactly 'descr', 'fortran_order' and 'shape')", k)
		}
	}
	return h, nil
}

// str reads a string in single or double quotes (escapes: \\, \', \").
func (l *literal) str() (string, error) {
	l.space()
	if l.pos >= len(l.s) || l.s[l.pos] != '\'' && l.s[l.pos] != '"' {
		return "", l.errorf("want a string in quotes")
	}
	q := l.s[l.pos]
	var b strings.Builder
	for l.pos++; l.pos < len(l.s); l.pos++ {
		c := l.s[l.pos]
		switch {
		case c == q:
			l.pos++
			return b.String(), nil
		case c == '\n':
			return "", l.errorf("a line break in a string")
		case c == '\\':
			if l.pos+1 >= len(l.s) || strings.IndexByte("\\'\"", l.s[l.pos+1]) < 0 {
				return "", l.errorf("an escape other than \\\\, \\' or \\\" in a string")
			}
			l.pos++
			b.WriteByte(l.s[l.pos])
		default:
			b.WriteByte(c)
		}
	}
	return "", l.errorf("a string without its closing quote")
}

// boolean reads True or False, in parentheses or not.
func (l *literal) boolean() (bool, error) {
	k, err := l.parens()
	if err != nil {
		return false, err
	}
	l.space()
	for _, w := range []string{"True", "False"} {
		if strings.HasPrefix(l.s[l.pos:], w) {
			l.pos += len(w)
			return w == "True", l.closeParens(k)
		}
	}
	return false, l.errorf("want True or False")
}

// tuple reads a tuple of decimal integers: (), (n,), (n, m), (n, m,), ...
func (l *literal) tuple() ([]uint64, error) {
	if !l.next('(') {
		return nil, l.errorf("want a tuple of integers, such as (3,) or (2, 5)")
	}
	if err := l.opened(1); err != nil {
		return nil, err
	}
	defer func() { l.open-- }()
	var out []uint64
	for !l.next(')') {
		v, err := l.integer()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if len(out) > 64 {
			return nil, l.errorf("more than 64 dimensions, more than NumPy's arrays have")
		}
		if !l.next(',') {
			if !l.next(')') {
				return nil, l.errorf("want ',' or ')' in the shape")
			}
			if len(out) == 1 {
				return nil, l.errorf("(n) is an integer in Python, not a tuple: want (n,)")
			}
			break
		}
	}
	return out, nil
}

// parens takes the parentheses before a value (Python's (x) is x) and
// returns how many there were, refusing more than maxOpen brackets open.
func (l *literal) parens() (int, error) {
	k := 0
	for l.next('(') {
		k++
		if err := l.opened(1); err != nil {
			return 0, err
		}
	}
	return k, nil
}

// opened counts k more brackets open at l.pos, refusing more than maxOpen
// at once as Python does.
func (l *literal) opened(k int) error {
	l.open += k
	if l.open > maxOpen {
		return l.errorf("more than %d brackets open at once (Python, and so NumPy, refuses them: too many nested parentheses)", maxOpen)
	}
	return nil
}

// closeParens takes the k ')' that close the parentheses parens took.
func (l *literal) closeParens(k int) error {
	for range k {
		if !l.next(')') {
			return l.errorf("want ')'")
		}
		l.open--
	}
	return nil
}

// integer reads a Python integer literal below 2^64, in parentheses or
// not: decimal (no leading zeros but for 0 itself), 0x, 0o or 0b, digits
// separated by single underscores, a + sign, and, where l.long allows it,
// the L (uppercase, as NumPy's filter takes it) that headers written by
// Python 2 may carry.
func (l *literal) integer() (uint64, error) {
	k, err := l.parens()
	if err != nil {
		return 0, err
	}
	l.space()
	if l.pos < len(l.s) && l.s[l.pos] == '+' {
		l.pos++
		l.space()
	}
	start := l.pos
	for l.pos < len(l.s) && (isAlnum(l.s[l.pos]) || l.s[l.pos] == '_') {
		l.pos++
	}
	text := l.s[start:l.pos]
	if l.long {
		text = strings.TrimSuffix(text, "L")
	}
	v, ok := pythonInt(text)
	if !ok {
		return 0, l.errorf("want a decimal integer below 2^64 in the shape, got %q", l.s[start:l.pos])
	}
	return v, l.closeParens(k)
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// pythonInt reads a Python integer literal without sign.
func pythonInt(s string) (uint64, bool) {
	base, digits := 10, s
	if len(s) > 1 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base, digits = 16, s[2:]
		case 'o', 'O':
			base, digits = 8, s[2:]
		case 'b', 'B':
			base, digits = 2, s[2:]
		default: // 0, 00, 0_0: zeros only
			if strings.Trim(s, "0_") != "" {
				return 0, false
			}
		}
		digits = strings.TrimPrefix(digits, "_") // (0x_1f is Python)
	}
	if digits == "" || digits[0] == '_' || digits[len(digits)-1] == '_' || strings.Contains(digits, "__") {
		return 0, false
	}
	v, err := strconv.ParseUint(strings.ReplaceAll(digits, "_", ""), base, 64)
	return v, err == nil
}

// bytesOf returns the bytes of shape's elements of size es, or false past
// 2^64.
func bytesOf(shape []uint64, es uint64) (uint64, bool) {
	n := es
	for _, v := range shape {
		hi, lo := bits.Mul64(n, v)
		if hi != 0 {
			return 0, false
		}
		n = lo
	}
	return n, true
}
