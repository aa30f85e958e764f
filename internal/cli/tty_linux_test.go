package cli

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestBinaryToTerminal: -format raw, buffer or npy with standard output a
// terminal is refused, saying to use -o FILE, and nothing is written; the
// null device, a character device too, is not a terminal.
func TestBinaryToTerminal(t *testing.T) {
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal to test with: %v", err)
	}
	defer pty.Close()
	if !isTTY(pty) {
		t.Fatal("a pseudo-terminal is not a terminal to isTTY")
	}
	for _, format := range []string{"raw", "buffer", "npy"} {
		var errb bytes.Buffer
		code := Main([]string{"-type", "UINT8", "-sizes", "4", "-start", "0", "-delta", "1", "-format", format}, pty, &errb)
		if code != 2 || !strings.Contains(errb.String(), "-o FILE") {
			t.Errorf("-format %s to a terminal: exit %d, %q; want 2 and a pointer to -o FILE", format, code, errb.String())
		}
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTTY(null) {
		t.Fatal("the null device is a terminal to isTTY")
	}
	var errb bytes.Buffer
	if code := Main([]string{"-type", "UINT8", "-sizes", "4", "-start", "0", "-delta", "1", "-format", "raw"}, null, &errb); code != 0 {
		t.Fatalf("-format raw to the null device: exit %d, %q", code, errb.String())
	}
}
