package cli

import (
	"strings"
	"testing"
)

// TestMistypedFlag: a flag dmlfill does not define names the one the user
// probably meant, where one is near, and no flag where none is.
func TestMistypedFlag(t *testing.T) {
	for _, tc := range []struct {
		flag, want string
	}{
		{"-size", "did you mean -sizes?"},
		{"--size", "did you mean -sizes?"},
		{"-typ", "did you mean -type?"},
		{"-chek", "did you mean -check?"},
		{"-stride", "did you mean -strides?"},
		{"-formats", "did you mean -format?"},
		{"-verison", "did you mean -version?"},
		{"-ouput-path", "did you mean -output-path?"},
	} {
		code, _, errs := runCLI("-type", "UINT8", tc.flag, "3")
		if code != 2 || !strings.Contains(errs, "flag provided but not defined: -"+strings.TrimLeft(tc.flag, "-")+"; "+tc.want) {
			t.Errorf("%s: exit %d, %q; want exit 2 and %q", tc.flag, code, errs, tc.want)
		}
	}
	for _, name := range []string{"-zzzz", "-x", "-colour"} {
		code, _, errs := runCLI("-type", "UINT8", name)
		if code != 2 || strings.Contains(errs, "did you mean") || !strings.Contains(errs, "not defined: "+name) {
			t.Errorf("%s: exit %d, %q; want exit 2, the flag named and no suggestion", name, code, errs)
		}
	}
}

// TestListWithSpaces: a list written with spaces (or as PowerShell passes
// an unquoted 1,1,2,2: four arguments) is shown as one argument with
// commas.
func TestListWithSpaces(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-type", "UINT8", "-sizes", "1", "1", "2", "2"}, `unexpected argument "1" after -sizes 1: a list is one argument, its entries separated by commas without spaces: -sizes 1,1,2,2 (in PowerShell quoted: -sizes '1,1,2,2')`},
		{[]string{"-type", "UINT8", "-sizes", "2,", "3"}, "-sizes 2,3 (in PowerShell"},
		{[]string{"-type", "UINT8", "-sizes", "2", "3", "-strides", "4", "1"}, "-sizes 2,3 ("},
		{[]string{"-type", "UINT8", "-sizes", "2,3", "--strides=3", "1", "-start", "1"}, "-strides 3,1 ("},
	} {
		code, _, errs := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	// An extra argument after a flag that takes no list gets no list.
	code, _, errs := runCLI("-type", "UINT8", "-sizes", "2", "-start", "1", "2")
	if code != 2 || errs != "dmlfill: unexpected argument \"2\" (dmlfill -h shows the usage)\n" {
		t.Errorf("-start 1 2: exit %d, %q", code, errs)
	}
}
