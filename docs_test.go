package dml_test

import (
	"errors"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// markdownFiles returns the repository's .md files, slash-separated and
// relative to its root: the tracked ones (git ls-files), or, outside a
// git checkout, every one outside hidden folders.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	if out, err := exec.Command("git", "ls-files", "-z", "--", "*.md").Output(); err == nil && len(out) > 0 {
		return strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	}
	var files []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, filepath.ToSlash(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// proseLines returns the lines of a Markdown text that are not code: the
// lines of fenced blocks and of indented ones (four spaces or a tab) are
// left out, and inline code spans are blanked.
func proseLines(text string) []string {
	var lines []string
	fence := ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		if strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			continue
		}
		lines = append(lines, codeSpan.ReplaceAllString(line, "``"))
	}
	return lines
}

var (
	codeSpan   = regexp.MustCompile("`[^`]*`")
	inlineLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	heading    = regexp.MustCompile(`^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$`)
	scheme     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
)

// anchors returns the anchors GitHub gives a Markdown text's headings:
// the heading's text in lower case, letters, digits, hyphens and
// underscores kept, spaces made hyphens, everything else left out; a
// repeated one gets -1, -2, ...
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, line := range proseLines(text) {
		m := heading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// links returns the link targets of a Markdown text: inline links and
// images, and reference definitions, outside code.
func links(text string) []string {
	var out []string
	for _, line := range proseLines(text) {
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
		if m := refLink.FindStringSubmatch(line); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// TestDocLinks: every relative link in every Markdown file of the
// repository names a file or folder that exists, and its #anchor, if it
// has one, a heading of the Markdown file it names.
func TestDocLinks(t *testing.T) {
	files := markdownFiles(t)
	if len(files) < 5 {
		t.Fatalf("found %d Markdown files: %v", len(files), files)
	}
	for _, file := range files {
		text, err := os.ReadFile(filepath.FromSlash(file))
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range links(string(text)) {
			if scheme.MatchString(target) {
				continue // a URL: not this repository's to hold
			}
			if msg := brokenLink(file, target); msg != "" {
				t.Errorf("%s: the link %s %s", file, target, msg)
			}
		}
	}
}

// brokenLink says what is wrong with the relative link target in the
// Markdown file file ("" if nothing is).
func brokenLink(file, target string) string {
	p, anchor, _ := strings.Cut(target, "#")
	p, err := url.PathUnescape(p)
	if err != nil {
		return "is not a valid path: " + err.Error()
	}
	dest := file
	if p != "" {
		if path.IsAbs(p) {
			return "is absolute; a link inside the repository is relative to the file"
		}
		dest = path.Join(path.Dir(file), p)
		if strings.HasPrefix(dest, "../") {
			return "leads out of the repository"
		}
		if _, err := os.Stat(filepath.FromSlash(dest)); errors.Is(err, fs.ErrNotExist) {
			return "names " + dest + ", which does not exist"
		} else if err != nil {
			return err.Error()
		}
	}
	if anchor == "" || !strings.HasSuffix(dest, ".md") {
		return ""
	}
	text, err := os.ReadFile(filepath.FromSlash(dest))
	if err != nil {
		return err.Error()
	}
	if !anchors(string(text))[strings.ToLower(anchor)] {
		return "names the anchor #" + anchor + ", which no heading of " + dest + " has"
	}
	return ""
}

// TestDocLinksCaught: the link check finds what is broken: a missing file,
// a link from docs/ written as from the root, a missing anchor, and it
// takes what resolves, GitHub's anchors of headings with punctuation
// among them.
func TestDocLinksCaught(t *testing.T) {
	text := "# Title\n\nSee [a](docs/x.md) and ![p](y.png) and [c](#the-gpus-output) and `[d](no.md)`\n\n" +
		"    [e](indented.md)\n\n## The GPU's output\n\n## Title\n\n[ref]: other.md#title-1\n"
	got := links(text)
	want := []string{"docs/x.md", "y.png", "#the-gpus-output", "other.md#title-1"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("links = %q, want %q", got, want)
	}
	a := anchors(text)
	for _, name := range []string{"title", "the-gpus-output", "title-1"} {
		if !a[name] {
			t.Errorf("anchors lack %q: %v", name, a)
		}
	}
	for _, tc := range []struct{ file, target, want string }{
		{"docs/checker.md", "docs/check-f16-math.png", "names docs/docs/check-f16-math.png, which does not exist"},
		{"docs/checker.md", "check-f16-math.png", ""},
		{"README.md", "docs/command.md", ""},
		{"README.md", "docs/nothing.md", "names docs/nothing.md, which does not exist"},
		{"README.md", "#checking-a-gpus-or-a-frameworks-output", ""},
		{"README.md", "#no-such-heading", "names the anchor #no-such-heading, which no heading of README.md has"},
		{"docs/command.md", "../README.md#the-command", ""},
		{"docs/command.md", "../../x.md", "leads out of the repository"},
	} {
		if got := brokenLink(tc.file, tc.target); got != tc.want {
			t.Errorf("brokenLink(%s, %s) = %q, want %q", tc.file, tc.target, got, tc.want)
		}
	}
}

// buildOutput finds the files a documented command writes: -o PATH,
// -plot PATH, and the file of a Python one-liner's np.save.
var buildOutput = regexp.MustCompile(`(?:\s-o\s+|\s-plot\s+|np\.save\(')([^\s'\]]+)`)

// TestDocOutputsIgnored: every file a command in the Markdown files writes
// into the checkout (a library built with go build -o, a program built
// with g++ -o, a .npy written by dmlfill or NumPy, a plot) is one .gitignore
// covers, so that following the documentation leaves git status clean
// and builds unstamped with +dirty. Paths outside the checkout (absolute
// ones, C:\...) and placeholders (FILE) are not the checkout's.
func TestDocOutputsIgnored(t *testing.T) {
	if err := exec.Command("git", "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Skip("not a git checkout: no .gitignore to hold")
	}
	for _, file := range markdownFiles(t) {
		if file == "docs/performance-log.md" {
			continue // a record of what was run, where, not commands to follow
		}
		text, err := os.ReadFile(filepath.FromSlash(file))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range buildOutput.FindAllStringSubmatch(string(text), -1) {
			out := strings.Trim(m[1], "`\"")
			if outsideCheckout(out) {
				continue
			}
			if err := exec.Command("git", "check-ignore", "-q", "--no-index", out).Run(); err != nil {
				t.Errorf("%s: a command writes %s, which .gitignore does not cover", file, out)
			}
		}
	}
}

// outsideCheckout reports whether a documented output path is not a file
// in the checkout: absolute, a Windows drive or variable, standard output,
// or a placeholder in capitals (FILE, FILE.npy, OUT).
func outsideCheckout(p string) bool {
	base := strings.TrimSuffix(path.Base(p), path.Ext(p))
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "$") || strings.HasPrefix(p, "~") || p == "-" ||
		regexp.MustCompile(`^[A-Za-z]:\\|^%`).MatchString(p) || base == strings.ToUpper(base)
}
