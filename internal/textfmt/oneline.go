package textfmt

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OneLine is msg as one line of plain text: a control character (a line
// break, an escape sequence's ESC) or invalid UTF-8 from a name in a file
// or a flag is written as Go writes it in a quoted string ("\n", "\x1b"),
// so that no message spans two lines or moves the terminal's cursor, and a
// name a model gives prints as plain text wherever it is printed.
func OneLine(msg string) string {
	var b strings.Builder
	for i, r := range msg {
		switch {
		case r == utf8.RuneError:
			if _, n := utf8.DecodeRuneInString(msg[i:]); n == 1 {
				fmt.Fprintf(&b, "\\x%02x", msg[i])
				continue
			}
			b.WriteRune(r)
		case unicode.IsControl(r) || r == 0x2028 || r == 0x2029:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
