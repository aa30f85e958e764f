package cli

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
	"github.com/dmlgo/dml/internal/testtmp"
)

// torchSplit writes to path PyTorch's CPU arange of 0.1, +0.3 as FLOAT16
// on 5 threads (150,001 elements: 5 parts of 30,001, each starting its
// vectors anew; the torch-avx2 model with ModelInput.Parts), and returns
// the flags of the fill it claims to be and how many of its elements the
// one-thread model computes alike.
func torchSplit(t *testing.T, path string) (fill []string, onePart uint64) {
	t.Helper()
	const n = 150001
	dt := dml.TensorDataTypeFloat16
	start, _ := dml.ParseScalar(dt, "0.1")
	delta, _ := dml.ParseScalar(dt, "0.3")
	in := check.ModelInput{Type: dt, Start: start.Bits(), Delta: delta.Bits(), Count: n, Written: &check.Written{Start: 0.1, Delta: 0.3}, Parts: 5}
	split, one := make([]uint64, n), make([]uint64, n)
	if err := check.ModelBits(check.ModelTorchAVX2, in, 0, split); err != nil {
		t.Fatal(err)
	}
	in.Parts = 1
	if err := check.ModelBits(check.ModelTorchAVX2, in, 0, one); err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 2*n)
	for i, b := range split {
		binary.LittleEndian.PutUint16(raw[2*i:], uint16(b))
		if b == one[i] {
			onePart++
		}
	}
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"-type", "FLOAT16", "-sizes", strconv.Itoa(n), "-start", "0.1", "-delta", "0.3"}, onePart
}

// textFits reads the fits of a text report's "models:" line (name to
// matches) and its "explained by:" line.
func textFits(t *testing.T, out string) (map[string]uint64, string) {
	t.Helper()
	_, models, ok := strings.Cut(out, "\nmodels: ")
	_, explained, ok2 := strings.Cut(out, "\nexplained by: ")
	if !ok || !ok2 {
		t.Fatalf("no models or explained-by line in %q", out)
	}
	models, _, _ = strings.Cut(models, "\n")
	explained, _, _ = strings.Cut(explained, "\n")
	fits := map[string]uint64{}
	for _, m := range regexp.MustCompile(`(?:^|, )([a-z0-9-]+(?: in \d+ parts of \d+)?) (\d+) \(`).FindAllStringSubmatch(models, -1) {
		n, _ := strconv.ParseUint(m[2], 10, 64)
		fits[m[1]] = n
	}
	return fits, explained
}

// TestReportFormatsAgree: the text report, -report json and the -plot
// title say the same of one check, a PyTorch fill on 5 threads: the split
// fit an entry of its own under its full name, explaining every element;
// the one-thread fit with its own count (the elements it computes alike,
// counted here from the models' elements), where the JSON once gave it the
// split's count and named it as explaining the data, and the plot's title
// named it too.
func TestReportFormatsAgree(t *testing.T) {
	dir := testtmp.Dir(t)
	data := filepath.Join(dir, "t.raw")
	fill, onePart := torchSplit(t, data)
	const splitName = "torch-avx2 in 5 parts of 30001"
	pic := filepath.Join(dir, "t.svg")
	code, out, errs := runCLI(append(fill, "-check", data, "-plot", pic)...)
	if code != 3 {
		t.Fatalf("text: exit %d, %q %q", code, out, errs)
	}
	fits, explained := textFits(t, out)
	if fits[splitName] != 150001 || fits["torch-avx2"] != onePart || onePart == 150001 || explained != splitName {
		t.Errorf("text: fits %v, explained by %q; want %s 150001, torch-avx2 %d, explained by %s", fits, explained, splitName, onePart, splitName)
	}
	code, js, errs := runCLI(append(fill, "-check", data, "-report", "json")...)
	var doc struct {
		Models      map[string]*uint64
		ExplainedBy []string
		Nearest     *struct{ Name string }
		Frameworks  map[string]struct {
			Frameworks []string
			Emulation  bool
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); code != 3 || err != nil {
		t.Fatalf("json: exit %d, %v, %q", code, err, errs)
	}
	if len(doc.Models) != len(fits) || doc.Nearest != nil || strings.Join(doc.ExplainedBy, ", ") != explained {
		t.Errorf("json: %d models, explained by %v, nearest %v; the text: %d fits, explained by %s", len(doc.Models), doc.ExplainedBy, doc.Nearest, len(fits), explained)
	}
	for name, n := range fits {
		if doc.Models[name] == nil || *doc.Models[name] != n {
			t.Errorf("json: %s is %v; the text says %d", name, doc.Models[name], n)
		}
	}
	// The framework behind the split fit's model: one line of the text
	// under "explained by:", one entry of the JSON's "frameworks".
	fw, ok := doc.Frameworks["torch-avx2"]
	if len(doc.Frameworks) != 1 || !ok || len(fw.Frameworks) == 0 || fw.Emulation {
		t.Errorf("json: frameworks %+v; want torch-avx2's, held to real output", doc.Frameworks)
	} else if want := "\nexplained by: " + explained + "\n  torch-avx2: " + strings.Join(fw.Frameworks, " and ") + "; held to its real output\n"; !strings.Contains(out, want) {
		t.Errorf("text: %q; want the frameworks the JSON names, %q", out, want)
	}
	svg, err := os.ReadFile(pic)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), ">explained by: "+explained+"<") {
		t.Errorf("the plot's title does not say %q", "explained by: "+explained)
	}
}

// TestShares: a share is printed as 100% only when it is all, and as 0%
// only when it is none: one element of 100,000 one ULP off is 99.999%
// exact, where it was printed (100%) beside FAIL.
func TestShares(t *testing.T) {
	dir := testtmp.Dir(t)
	data := filepath.Join(dir, "x.raw")
	fill := []string{"-type", "FLOAT32", "-sizes", "100000", "-start", "0.5", "-delta", "0.25"}
	if code, _, errs := runCLI(append(fill, "-format", "raw", "-o", data)...); code != 0 {
		t.Fatal(errs)
	}
	raw, _ := os.ReadFile(data)
	binary.LittleEndian.PutUint32(raw[4*77777:], binary.LittleEndian.Uint32(raw[4*77777:])+1)
	os.WriteFile(data, raw, 0o644)
	code, out, _ := runCLI(append(fill, "-check", data)...)
	for _, want := range []string{"\nexact: 99999 (99.999%)\n", "\nwithin 0 ULP: 99999 of 100000 (99.999%): FAIL (elements)\n", " f32-mul-add 99999 (99.999%),"} {
		if code != 3 || !strings.Contains(out, want) {
			t.Errorf("exit %d, %q; want %q", code, out, want)
		}
	}
	if strings.Contains(out, "(100%)") {
		t.Errorf("a share printed 100%% where not every element is: %q", out)
	}
	// Checked against another start: no element is exact, 0%.
	code, out, _ = runCLI("-type", "FLOAT32", "-sizes", "100000", "-start", "0.6", "-delta", "0.25", "-check", data)
	if code != 3 || !strings.Contains(out, "\nexact: 0 (0%)\n") || !strings.Contains(out, "\nwithin 0 ULP: 0 of 100000 (0%): FAIL") {
		t.Errorf("none exact: exit %d, %q", code, out)
	}
}
