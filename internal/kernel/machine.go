package kernel

import (
	"fmt"
	"os"
	"strings"
)

// This machine's table and store verdicts: the table Fillers are made
// with (tbl, of the tables this CPU has: cpuTables) and the verdicts it
// measures (streaming).

// verdicts are this machine's measured choices of store kind, which the
// planner takes as a value: Filler measures them (table.measure) before it
// plans a run or a layout, and a test gives them as it likes.
type verdicts struct {
	stream bool // streaming stores write streamingMin bytes or more faster
}

// measure returns the verdicts for a fill of n bytes, rows of rowBytes
// every pitch bytes (a run: one row): streaming is measured where its last
// measurement is old (see streaming), on memory of the measurement's own
// laid out as the fill's rows are, never on the fill's destination. A fill
// below streamingMin bytes, the least the verdict is asked of, measures
// nothing. Rows shorter than addBlock with gaps between them are not
// measured but take the last verdict (whole-line stores within such rows
// would time nothing). The Go twins' table has one kind of store. pinned,
// when set, is every fill's verdicts.
func (t *table) measure(n, pitch, rowBytes int) verdicts {
	switch {
	case pinned != nil:
		return *pinned
	case n < streamingMin || !t.asm:
		return verdicts{}
	}
	if pitch == rowBytes {
		pitch, rowBytes = n, n // (rows one after another: a run)
	}
	if pitch > rowBytes && rowBytes < addBlock {
		n = 0 // (too short to measure: the last verdicts)
	}
	return verdicts{stream: streaming(n, pitch, rowBytes)}
}

// pinned, when not nil, is the verdicts of every fill, none measured: the
// tests', so that their plans are the same on every host.
var pinned *verdicts

// tbl is the machine's table: the fastest this process may run
// (machineTables), or the one UseTable chose. A Filler writes with the
// table that was tbl when it was made (Filler.t), or the one its own
// SetTable gave it; the tests give theirs the tables they test.
var tbl = machineTables()[0]

// EnvTable is the environment variable that makes a process run as a
// machine without the faster tables would: DML_TABLE=avx2 leaves it the
// avx2 and go tables (the kernels of a CPU without AVX-512: its
// instructions, not its penalties), DML_TABLE=go the Go twins alone. A name
// this CPU has no table of leaves every table it has.
const EnvTable = "DML_TABLE"

// machineTables returns the tables this process may run, fastest first:
// those of the CPU (cpuTables) from the one EnvTable names on.
func machineTables() []*table {
	ts := cpuTables()
	if name := os.Getenv(EnvTable); name != "" {
		for i, t := range ts {
			if t.name == name {
				return ts[i:]
			}
		}
	}
	return ts
}

// TableName returns the name of the kernel table the Fillers made from now
// on write with: "avx512", "avx2" or "go" (the Go twins).
func TableName() string { return tbl.name }

// UseTable makes the Fillers made from now on write with the kernel table
// of that name (see TableName) if this machine can run it: a benchmark of a
// machine without AVX-512, say, on one with it (dmlbench -table). A Filler
// keeps the table it was made with. It must be called while no Filler is
// being made (the table is read without synchronization), and it changes
// no result: every table writes the same bits. No test calls it: a test
// gives the Fillers it fills with their own table (Filler.SetTable), and
// leaves the process's as it is.
func UseTable(name string) error {
	t, err := tableNamed(name)
	if err != nil {
		return err
	}
	tbl = t
	return nil
}

// tableNamed returns the table of that name of those this process may run
// (machineTables), or an error naming it and those it may.
func tableNamed(name string) (*table, error) {
	var names []string
	for _, t := range machineTables() {
		if t.name == name {
			return t, nil
		}
		names = append(names, t.name)
	}
	if env := os.Getenv(EnvTable); env != "" {
		return nil, fmt.Errorf("kernel table %q: this process runs %s (%s=%s)", name, strings.Join(names, ", "), EnvTable, env)
	}
	return nil, fmt.Errorf("kernel table %q: this machine runs %s", name, strings.Join(names, ", "))
}
