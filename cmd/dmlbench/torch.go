package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
)

// quickTorchSizes are the worker rows' sizes that PyTorch is measured at
// under -quick: its float16 arange writes well under 1 GB/s, seconds for
// a figure at 16 or 256 MiB.
var quickTorchSizes = map[string]bool{"64KiB": true, "1MiB": true, "4MiB": true}

// A torchPeer is PyTorch's arange with a thread per CPU, served one figure
// at a time by scripts/arange_bench.py --serve, so that each is measured
// in alternation with dml's own.
type torchPeer struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	threads int    // PyTorch's threads; 0: no peer
	why     string // why there is no peer
}

// startTorch starts the script under Debian's /usr/bin/python3; the peer
// it returns has no threads, and says why, where that fails or PyTorch is
// not installed.
func startTorch() *torchPeer {
	script := filepath.Join("scripts", "arange_bench.py")
	if _, err := os.Stat(script); err != nil {
		return &torchPeer{why: "scripts/arange_bench.py not found: run dmlbench from the repository's root"}
	}
	args := []string{script, "--serve"}
	if *quick {
		args = append(args, "--quick")
	}
	p := &torchPeer{cmd: exec.Command("/usr/bin/python3", args...)}
	p.cmd.Stderr = os.Stderr
	var err error
	if p.in, err = p.cmd.StdinPipe(); err == nil {
		var out io.Reader
		out, err = p.cmd.StdoutPipe()
		p.out = bufio.NewScanner(out)
	}
	if err == nil {
		err = p.cmd.Start()
	}
	if err != nil {
		return &torchPeer{why: fmt.Sprintf("/usr/bin/python3 %s: %v", script, err)}
	}
	line, err := p.line()
	if err == nil {
		p.threads, err = parseReady(line)
	}
	if err != nil {
		p.close()
		return &torchPeer{why: err.Error()}
	}
	return p
}

// parseReady reads the script's first line: "ready N" (N threads) or
// "none: why".
func parseReady(line string) (int, error) {
	if why, ok := strings.CutPrefix(line, "none: "); ok {
		return 0, errors.New(why)
	}
	n, err := strconv.Atoi(strings.TrimPrefix(line, "ready "))
	if !strings.HasPrefix(line, "ready ") || err != nil || n < 1 {
		return 0, fmt.Errorf("the PyTorch script began %q, not \"ready N\"", line)
	}
	return n, nil
}

// parseRate reads the script's answer to a request: a rate in GB/s, or
// "none: why".
func parseRate(line string) (float64, error) {
	if why, ok := strings.CutPrefix(line, "none: "); ok {
		return 0, errors.New(why)
	}
	r, err := strconv.ParseFloat(line, 64)
	if err != nil || !(r > 0) {
		return 0, fmt.Errorf("the PyTorch script answered %q, not a rate", line)
	}
	return r, nil
}

func (p *torchPeer) line() (string, error) {
	if p.out.Scan() {
		return p.out.Text(), nil
	}
	if err := p.out.Err(); err != nil {
		return "", fmt.Errorf("reading the PyTorch script: %v", err)
	}
	return "", errors.New("the PyTorch script ended early (its error is above)")
}

// rate measures PyTorch's arange of nbytes of type dt, GB/s.
func (p *torchPeer) rate(dt dml.TensorDataType, nbytes int) (float64, error) {
	if _, err := fmt.Fprintf(p.in, "%s %d\n", strings.ToLower(dt.String()), nbytes); err != nil {
		return 0, fmt.Errorf("writing to the PyTorch script: %v", err)
	}
	line, err := p.line()
	if err != nil {
		return 0, err
	}
	return parseRate(line)
}

// close ends the script, where one runs.
func (p *torchPeer) close() {
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	_ = p.in.Close() // the script ends at the end of its input
	_ = p.cmd.Wait()
}

// torchCell is a worker row's figure against PyTorch: dml's rate with the
// count it chose and PyTorch's with threads threads, each the best of its
// rounds, and their ratio, judged in sum against 0.95 (measured: the
// ratio in each round).
func torchCell(sum *summary, row string, threads int, dmlRate, torchRate float64, measured []float64) string {
	r := dmlRate / torchRate
	sum.atLeast(fmt.Sprintf("%s (of PyTorch, %d threads)", row, threads), r, 0.95, measured, noise)
	return fmt.Sprintf("  %.1f vs torch-%d %.1f GB/s: %.2f", dmlRate, threads, torchRate, r)
}
