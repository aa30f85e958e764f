package cli

import (
	"flag"
	"strconv"
	"strings"

	"github.com/dmlgo/dml/internal/editdist"
)

// unknownFlagPrefix begins the flag package's error for a flag it does
// not know: "flag provided but not defined: -size".
const unknownFlagPrefix = "flag provided but not defined: "

// parseError is the usage error for err, an error of fs.Parse: a flag
// not defined gets the nearest defined flag's name ("did you mean
// -sizes?") where one is near.
func parseError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, unknownFlagPrefix); ok {
		if near := nearestFlag(fs, strings.TrimLeft(name, "-")); near != "" {
			return usagef("%s; did you mean -%s? (dmlfill -h shows the usage)", msg, near)
		}
	}
	return usagef("%v (dmlfill -h shows the usage)", err)
}

// nearestFlag is the defined flag closest to name, a flag fs does not
// define: one that name begins, or that begins with name (the shorter of
// three letters or more), or one at most two edits (a letter added, left out or
// changed) from it, fewer than half name's letters; "" if none is. Of
// several equally near, the first in alphabetical order.
func nearestFlag(fs *flag.FlagSet, name string) string {
	best, bestDist := "", 3
	fs.VisitAll(func(f *flag.Flag) {
		d := editdist.Levenshtein(name, f.Name)
		if min(len(name), len(f.Name)) >= 3 && (strings.HasPrefix(f.Name, name) || strings.HasPrefix(name, f.Name)) {
			d = min(d, 1)
		}
		if d < bestDist && 2*d < len(name) {
			best, bestDist = f.Name, d
		}
	})
	return best
}

// listFlags are the flags whose value is a comma-separated list.
var listFlags = map[string]bool{"sizes": true, "strides": true}

// extraArgument is the usage error for the arguments left after the
// flags, rest, the tail of args. Where they continue a list flag's value
// ("-sizes 1 1 2 2", or PowerShell's reading of an unquoted 1,1,2,2), it
// shows the list written as one argument.
func extraArgument(args, rest []string) error {
	i := len(args) - len(rest)
	name, value, ok := flagBefore(args, i)
	if !ok || !listFlags[name] {
		return usagef("unexpected argument %q (dmlfill -h shows the usage)", rest[0])
	}
	items := []string{strings.TrimSuffix(value, ",")}
	for _, a := range rest {
		a = strings.Trim(a, ",")
		if _, err := strconv.ParseUint(a, 10, 64); err != nil {
			break
		}
		items = append(items, a)
	}
	list := strings.Join(items, ",")
	return usagef("unexpected argument %q after -%s %s: a list is one argument, its entries separated by commas without spaces: -%s %s (in PowerShell quoted: -%s '%s')",
		rest[0], name, value, name, list, name, list)
}

// flagBefore returns the flag and value that end just before args[i]:
// "-name value" or "-name=value" (dashes one or two).
func flagBefore(args []string, i int) (name, value string, ok bool) {
	if i >= 1 {
		if n, v, found := strings.Cut(args[i-1], "="); found && strings.HasPrefix(n, "-") {
			return strings.TrimLeft(n, "-"), v, true
		}
	}
	if i >= 2 && strings.HasPrefix(args[i-2], "-") && !strings.Contains(args[i-2], "=") {
		return strings.TrimLeft(args[i-2], "-"), args[i-1], true
	}
	return "", "", false
}
