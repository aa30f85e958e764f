package cli

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// synopsisIn returns the first indented block after the line header in
// the Markdown file at path (a heading, or the title), its common
// indentation removed.
func synopsisIn(t *testing.T, path, header string) string {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut("\n"+string(text), "\n"+header+"\n")
	if !ok {
		t.Fatalf("%s has no line %q", path, header)
	}
	var block []string
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, "    ") {
			block = append(block, line)
		} else if len(block) > 0 {
			break
		}
	}
	return dedent(block)
}

// dedent joins lines, less the indentation of the first.
func dedent(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	indent := len(lines[0]) - len(strings.TrimLeft(lines[0], " "))
	var b strings.Builder
	for _, line := range lines {
		b.WriteString(strings.TrimRight(line[min(indent, len(line)-len(strings.TrimLeft(line, " "))):], " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// helpSynopsis is -h's synopsis: its lines after "Usage:" up to the first
// blank one.
func helpSynopsis(t *testing.T) string {
	t.Helper()
	code, out, _ := runCLI("-h")
	_, rest, ok := strings.Cut(out, "Usage:\n")
	if code != 0 || !ok {
		t.Fatalf("-h: exit %d, %q", code, out)
	}
	block, _, _ := strings.Cut(rest, "\n\n")
	return dedent(strings.Split(block, "\n"))
}

// TestDocumentedSynopsis: the synopsis README.md and docs/command.md show
// is -h's, line for line, and it names every flag dmlfill has and no flag
// it has not.
func TestDocumentedSynopsis(t *testing.T) {
	help := helpSynopsis(t)
	for _, doc := range []struct{ path, header string }{
		{"../../README.md", "## The command"},
		{"../../docs/command.md", "# dmlfill: the command in full"},
	} {
		if got := synopsisIn(t, doc.path, doc.header); got != help {
			t.Errorf("%s's synopsis:\n%s\n-h's:\n%s", doc.path, got, help)
		}
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?:^|[\s\[])-([a-z][a-z-]*)`).FindAllStringSubmatch(help, -1) {
		named[m[1]] = true
	}
	var o options
	fs := newFlags(&o)
	fs.VisitAll(func(f *flag.Flag) {
		if !named[f.Name] {
			t.Errorf("the synopsis does not show -%s", f.Name)
		}
		delete(named, f.Name)
	})
	for name := range named {
		t.Errorf("the synopsis shows -%s, which dmlfill does not define", name)
	}
}

// exitStatuses returns the exit statuses a text lists after "Exit status:"
// up to the end of that sentence: "0 done, 2 bad flags ..., 1 ..." gives
// 0, 1, 2.
func exitStatuses(t *testing.T, where, text string) []int {
	t.Helper()
	_, rest, ok := strings.Cut(strings.Join(strings.Fields(text), " "), "Exit status: ")
	if !ok {
		t.Fatalf("%s says nothing of the exit status", where)
	}
	sentence, _, _ := strings.Cut(rest, ". ")
	var codes []int
	for _, m := range regexp.MustCompile(`(?:^|[,;] )(\d+) `).FindAllStringSubmatch(sentence, -1) {
		n, _ := strconv.Atoi(m[1])
		codes = append(codes, n)
	}
	slices.Sort(codes)
	return codes
}

// mainStatuses returns the statuses Main (cli.go) returns: the integer
// constants of its return statements and of its assignments to status,
// read from the source.
func mainStatuses(t *testing.T) []int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "cli.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	lit := func(e ast.Expr) {
		if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.INT {
			n, _ := strconv.Atoi(b.Value)
			seen[n] = true
		}
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "Main" {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.ReturnStmt:
				for _, e := range s.Results {
					lit(e)
				}
			case *ast.AssignStmt:
				if id, ok := s.Lhs[0].(*ast.Ident); ok && id.Name == "status" {
					lit(s.Rhs[0])
				}
			}
			return true
		})
	}
	var codes []int
	for n := range seen {
		codes = append(codes, n)
	}
	slices.Sort(codes)
	return codes
}

// TestDocumentedExitStatuses: -h, README.md and docs/command.md list every
// exit status Main returns, and none it does not.
func TestDocumentedExitStatuses(t *testing.T) {
	want := mainStatuses(t)
	if len(want) < 4 {
		t.Fatalf("Main returns %v: the source was not read as this test expects", want)
	}
	_, help, _ := runCLI("-h")
	texts := map[string]string{"-h": help}
	for _, path := range []string{"../../README.md", "../../docs/command.md"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts[path] = string(b)
	}
	for where, text := range texts {
		if got := exitStatuses(t, where, text); !slices.Equal(got, want) {
			t.Errorf("%s lists the exit statuses %v; Main returns %v", where, got, want)
		}
	}
	if got := exitStatuses(t, "a sample", "Exit status: 0 done; 2 bad flags (one line), 1 an I/O failure. With 3 ..."); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("the sample lists %v, want [0 1 2]", got)
	}
}
