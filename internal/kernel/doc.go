// Package kernel computes and writes the elements of a value sequence:
// element i is start + i*delta, wrapped for integers and rounded once (to
// nearest even) for floats; element 0 is start's bits. Every element is
// computed from its absolute index, so any split of the index range gives
// the same bits.
//
// # Plan, then execute
//
// A fill goes through five layers, each in its own files, from the top; a
// file uses what its own layer and the layers below it define, never what
// a layer above does (TestLayers holds every file to it; a shape's file,
// below, every declaration):
//
//	executor (methods.go, exec.go, a Filler: has the store verdicts measured
//	lanes.go, binlanes.go, zip.go) (table.measure), asks the planner for
//	                               pieces and writes each: plain methods in
//	                               Go, vector methods as kernel calls through
//	                               the table (blockRuns: a head block,
//	                               aligned blocks, a tail block)
//	planner (plan.go, generated    the only code that chooses a method: a run
//	plan_gen.go)                   or a set of rows becomes pieces {method,
//	                               elements, parameters, store kind}, a
//	                               function of the Seq, the layout, what the
//	                               table has and the verdicts, given as a
//	                               value; the same on every build
//	Seq (seq.go)                   the sequence, built once: kind, bits, the
//	                               exact form S + i*D at a resolution 2^unit,
//	                               and facts over the whole index range
//	                               (exact in float32, float64 or int32
//	                               lanes; where values overflow)
//	table (table*.go, machine.go,  the vector kernels of this machine, chosen
//	twins.go, generated            once from its CPU: AVX-512 or AVX2
//	FAMILY_amd64.go and            assembly, or the Go twins of the same
//	dispatch_other.go, store*.go,  signatures (-tags purego, other
//	cpu*.go)                       architectures); the store kinds and
//	                               their measured verdict
//	rounding (round.go)            the formats and every rounding rule
//
// One Execute: the root package splits the index range among goroutines
// and walks the layout; each contiguous run goes to Filler.FillLE (rows of
// a padded layout to FillRowsLE, scattered elements to FillStridedLE),
// which plans it and executes its pieces with the Filler's table (the
// machine's, tbl, when it was made; a test gives its own). A Filler of
// NewFiller remembers the plans (up to memoPlans) of a run from index 0
// below streamingMin that repeats the run before it, and executes the
// same run again by them.
// A sequence whose start is finer than delta's last place has a tail
// Filler (Seq.standIn): from the index where start only decides on which
// side of i*delta each sum falls, a Filler of the same delta and a start
// of one bit writes the same elements from sums of fewer bits.
//
// # The methods
//
// A method (a shape, as ShapesOff and docs/performance.md name it) is
// declared once, by the family of asmgen that writes its kernels (Shape):
// its name, its constant and, for rows, its rows of the row planner's
// table and whether its kernel streams; asmgen writes from them the tables
// of plan_gen.go. Each method has a file of its own, shape_NAME.go for its
// name, which opens with its doc (what it writes, with which kernels, and
// its precondition, Pre, which Seq.valid checks; the planner's tests hold
// every piece to it) and holds what this package writes by hand of it:
// the preconditions of its rows of the table (canX) and its executor,
// each declaration in its own layer (TestLayers reads them so; its
// kernels' twins are the table's, twins.go), and its tests in shape_NAME_test.go (its check of a piece, validX)
// and shape_NAME_amd64_test.go (its kernels against their twin). The
// entry points and the lists of the methods are methods.go's: the
// planner's choice for a run (planRun, planFinite) and for rows (planRows,
// rowMethod, rowHolds) and the executor's dispatch (exec for runs,
// execRows for rows), above every method's file.
//
// Each shape stays where dmlbench shows it 1.25 times as fast as the
// general path on a row it names (docs/performance.md: What each shape earns; ShapesOff
// leaves shapes out to measure them).
//
// # Store kinds
//
// A piece's store kind is the planner's, from the size of the whole run
// and the machine's streaming verdict (taken as a value: a Filler has it
// measured, on scratch memory of its own laid out as the run or rows it is
// about to write, rows of whole lines as a run, when the last is older
// than Recheck; tests give it): regular stores; streaming stores past the
// caches (routines suffixed NT) for runs of streamingMin bytes or more
// where the machine writes faster so (rows stream by the bytes all the
// rows span, every piece alike: rowStore); and for the masked
// kernels alone, regular stores that fetch each line ahead (suffix A,
// maskedAhead). A row is written from three places (its start, its first
// 64-byte aligned byte, its last block), which the row kernels work out
// themselves, one call a piece.
//
// # What a fill writes, and why nothing else
//
// A fill writes the bytes of its elements and no other byte, and every
// byte it writes there ends as the element's bits. Every place that writes
// memory, what bounds it, and the test that holds it:
//
//   - The root package (fillseq.go, visit) hands each call exactly the
//     bytes from its first element to the end of its last: a run's
//     elements, rows from the first row's start to the last row's end,
//     strided elements from the first to the last; each a slice whose
//     capacity ends there too. Workers walk disjoint ranges of element
//     offsets (workers.Split), so no two write the same byte.
//     TestPrefilledEveryByte and FuzzPrefilled (root package): every byte
//     of pre-filled buffers, every layout kind, 1 to 3 workers, the store
//     verdict measured; scripts/mutate.py plants bugs in this walk.
//   - Plain Go pieces (exec: start, words, linear, exact, fma, the Go
//     twins' table) write b, the piece's slice of dst: Go's bounds checks.
//   - Vector kernels on a run (add, f32, f64, fma, binade, runs and their
//     kinds) write whole blocks through blockRuns: a head block at the
//     run's start, aligned blocks from the first aligned byte, a tail
//     block ending at the run's end, all inside the run (a piece is at
//     least a block: each method's precondition); the head and tail
//     overlap the middle and write the same bits there. Streaming stores
//     go only to the aligned middle. TestBlockRuns holds the runs inside
//     dst; the kernel tests (kernels_amd64_test.go, and a method's own
//     kernels' in shape_NAME_amd64_test.go) hold each kernel to its Go
//     twin over the whole of a guarded buffer (compareMem), so a kernel
//     writes no byte its twin does not; TestFillLeavesNeighbours holds
//     FillLE's bytes.
//   - Row kernels (rows-*, rows-runs) write each row from its start, its
//     first aligned byte and its last block, inside the row; the gaps are
//     never written. Their kernel tests compare the gaps and the bytes
//     around the rows with the twin's (untouched); TestFillRowsMatchesBits
//     checks every gap byte after FillRowsLE.
//   - Rows one after another (rows-lanes, unpadded) are one span of
//     blocks, through blockRuns. Padded rows under masks (addMask*,
//     fmaMask*, cvtF32Mask*, bin*xM) store whole blocks with the gaps'
//     lanes masked off: a masked lane is not written (AVX-512 masked
//     stores; VPMASKMOVD/Q). TestFillRowsLanes checks the gaps.
//   - Columns (fillColumns) write their values to buffers of the package's
//     own (chunkBufs), then put each row's elements in place (zip kernels
//     or Go loops): within the rows, by element.
//   - The store verdict's measurement (streaming) writes scratch memory of
//     its own, never the fill's: it is not handed the destination. (It was
//     once, and wrote 16 MiB at the row pitch from a worker's first row on,
//     over padding and other workers' rows.) TestStreamingRowsGaps fills
//     rows with a measurement due and a dst 16 MiB longer than the rows,
//     and checks every gap byte and every byte past the last row.
//   - FillNative swaps bytes within each element, on big-endian hosts.
//
// # Generated assembly, Go twins
//
// asmgen (go generate, or go run ./asmgen here) writes the assembly: each
// family (add, store, zip, runs, binlanes, convert, rows, binade:
// asmgen/FAMILY.go) once, its lane kinds, shapes, store kinds and
// instruction sets as parameters, into FAMILY_amd64.s and FAMILY_amd64.go
// (the Go declarations and the table's dispatch, direct calls so that the
// compiler sees each noescape directive). Each kernel signature is written
// once, in asmgen/signatures.go: its parameters (each routine's frame and
// declaration) and the tests' lists of routines and twins
// (pairs_amd64_test.go); its Go type, with its contract, is kernels.go's,
// held to it by asmgen's TestKernelTypes. Its
// test fails when a committed file differs from a fresh generation; go vet
// checks the frames.
// cpu_amd64.s, the CPUID probe, is not a kernel. A kernel only AVX-512 has,
// called on a table without it (the planner's fault), runs its Go twin and
// is counted (table.lacks); the tests hold the count to zero.
//
// Every routine has a Go twin of its signature in twins.go, named NAME_g
// (add_g with the lane for addStore*, bin_g for f16Bin[x], ...; the twins
// of one lane that only the tests pair, addB_g ..., in
// twins_lanes_test.go); the kernel tests (kernels_amd64_test.go, and
// shape_NAME_amd64_test.go for a method's own kernels) call
// both on random inputs within the routine's contract, on every table the
// machine has, and TestEveryRoutineTested fails for a routine no test
// calls.
//
// # Where rounding is decided
//
// Every rounding rule is written once, in round.go, with why it rounds once
// to nearest even and which kernels implement it: exact (format.round),
// f64ToF16, none (exact lanes, one conversion), odd (sumToF32), fma, fma-d
// (f32Midpoint), binade (binadeTies, tieEven) and runs; its table
// names the methods and kernels that take each.
package kernel

//go:generate go run ./asmgen
