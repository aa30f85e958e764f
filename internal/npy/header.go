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

// header is the three values of a .npy header.
type header struct {
	descr   string
	fortran bool
	shape   []uint64
}

// literal reads Python literals from s.
type literal struct {
	s   string
	pos int
}

func (l *literal) errorf(format string, args ...any) error {
	return fmt.Errorf("npy: header at byte %d: %s", l.pos, fmt.Sprintf(format, args...))
}

func (l *literal) space() {
	for l.pos < len(l.s) && strings.IndexByte(" \t\n\r", l.s[l.pos]) >= 0 {
		l.pos++
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
// trailing spaces and the final newline.
func parseHeader(s string) (header, error) {
	l := &literal{s: s}
	var h header
	seen := map[string]bool{}
	if !l.next('{') {
		return h, l.errorf("want a dict ({...})")
	}
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

// boolean reads True or False.
func (l *literal) boolean() (bool, error) {
	l.space()
	for _, w := range []string{"True", "False"} {
		if strings.HasPrefix(l.s[l.pos:], w) {
			l.pos += len(w)
			return w == "True", nil
		}
	}
	return false, l.errorf("want True or False")
}

// tuple reads a tuple of decimal integers: (), (n,), (n, m), (n, m,), ...
func (l *literal) tuple() ([]uint64, error) {
	if !l.next('(') {
		return nil, l.errorf("want a tuple of integers, such as (3,) or (2, 5)")
	}
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

// integer reads a decimal integer below 2^64.
func (l *literal) integer() (uint64, error) {
	l.space()
	start := l.pos
	for l.pos < len(l.s) && '0' <= l.s[l.pos] && l.s[l.pos] <= '9' {
		l.pos++
	}
	v, err := strconv.ParseUint(l.s[start:l.pos], 10, 64)
	if err != nil || l.pos-start > 1 && l.s[start] == '0' {
		return 0, l.errorf("want a decimal integer below 2^64 in the shape")
	}
	return v, nil
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
