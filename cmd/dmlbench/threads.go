package main

import (
	"fmt"
	"runtime"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/workers"
)

// workerSizes are the sizes of the worker-count rows: under the measured
// classes (64 and 256 KiB: one worker, whatever is forced), where one
// worker and a split are close (1 and 4 MiB), where the caches end
// (16 MiB), and memory's (256 MiB).
var workerSizes = []size{{"64KiB", 64 << 10}, {"256KiB", 256 << 10}, {"1MiB", 1 << 20}, {"4MiB", 4 << 20}, {"16MiB", 16 << 20}, {"256MiB", 256 << 20}}

// eager is a machine pinned to force a worker count: it wants as many as
// it may have (the device's SetMaxWorkers caps them).
var eager = workers.Machine{PerWorker: 1e9, Ceiling: 1e15, Procs: 1 << 10}

// forcedCounts are the counts the chosen one is measured against: 1, 2,
// 4, ... and GOMAXPROCS.
func forcedCounts() []int {
	var c []int
	for w := 1; w < runtime.GOMAXPROCS(0); w *= 2 {
		c = append(c, w)
	}
	return append(c, runtime.GOMAXPROCS(0))
}

// workerRows measures, for each type's first sequence at each of
// workerSizes, Execute with the worker count this machine chose (as users
// run it) against each count forced, the two alternated, and holds the
// chosen count to 0.95 of every forced one; then, where Debian's
// python3-torch is installed, against PyTorch's arange with a thread per
// CPU, the two alternated, held to 0.95 of it too (under -quick at
// quickTorchSizes alone).
func workerRows(types []dml.TensorDataType, buf []byte, sum *summary) {
	fmt.Printf("Worker counts: Execute with the count chosen (measured: internal/workers) against each count forced, in alternation, GB/s (chosen / forced);\n")
	peer := startTorch()
	defer peer.close()
	if peer.threads == 0 {
		fmt.Printf("(no PyTorch column: %s)\n", peer.why)
	} else {
		only := ""
		if *quick {
			only = " (-quick: at 64 KiB, 1 and 4 MiB only)"
		}
		fmt.Printf("then the chosen count against PyTorch's arange(out=) with torch.set_num_threads(%d), in alternation: GB/s, dml vs PyTorch, and dml / PyTorch%s:\n",
			peer.threads, only)
	}
	for _, dt := range types {
		sq := sequences(dt)[0]
		for _, s := range workerSizes {
			if s.bytes > len(buf) {
				continue
			}
			n := s.bytes / int(dt.ElementSize())
			chosen := workers.For(uint64(n), uint64(dt.ElementSize()), 0)
			fmt.Printf("  %-8v %-16s %-7s chose %-3d", dt, sq.name, s.name, chosen)
			for _, k := range forcedCounts() {
				r, measured := chosenAgainst(dt, sq, n, buf[:s.bytes], k)
				fmt.Printf(" %d: %.2f", k, r)
				sum.atLeast(fmt.Sprintf("%v %s %s workers (%d chosen, of %d forced)", dt, sq.name, s.name, chosen, k), r, 0.95, measured, 0.05)
			}
			if peer.threads > 0 && (!*quick || quickTorchSizes[s.name]) {
				fmt.Print(againstTorch(peer, dt, sq, s, buf, sum))
			}
			fmt.Println()
		}
	}
	fmt.Println()
}

// againstTorch measures Execute with the count chosen against PyTorch's
// arange of the same type and size, in alternation (PyTorch first), and
// returns the row's cell: the figures and their ratio, or why PyTorch has
// none.
func againstTorch(peer *torchPeer, dt dml.TensorDataType, sq seq, s size, buf []byte, sum *summary) string {
	op := mustOp(dt, []uint32{uint32(s.bytes / int(dt.ElementSize()))}, nil, sq, 0)
	b := buf[:s.bytes]
	var failed error
	rt, rd, measured := alternate(func() float64 {
		r, err := peer.rate(dt, s.bytes)
		if err != nil {
			failed = err
			return 1 // (not used: the cell says why)
		}
		return r
	}, func() float64 { return measure(s.bytes, func() { _ = op.Execute(b) }) })
	if failed != nil {
		return fmt.Sprintf("  torch-%d: none (%v)", peer.threads, failed)
	}
	return torchCell(sum, fmt.Sprintf("%v %s %s workers chosen", dt, sq.name, s.name), peer.threads, rd, rt, measured)
}

// chosenAgainst is the rate of Execute with the count chosen over its rate
// with k workers forced, measured in alternation, and that ratio as each
// round measured it.
func chosenAgainst(dt dml.TensorDataType, sq seq, n int, b []byte, k int) (float64, []float64) {
	op := mustOp(dt, []uint32{uint32(n)}, nil, sq, 0)
	forced := mustOp(dt, []uint32{uint32(n)}, nil, sq, k)
	rc, rf, forcedOfChosen := alternate(func() float64 { return measure(len(b), func() { _ = op.Execute(b) }) },
		func() float64 {
			defer workers.Pin(eager)()
			return measure(len(b), func() { _ = forced.Execute(b) })
		})
	measured := make([]float64, len(forcedOfChosen))
	for i, r := range forcedOfChosen {
		measured[i] = 1 / r
	}
	return rc / rf, measured
}
