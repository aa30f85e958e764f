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
// a layer above does (TestLayers holds every file to it):
//
//	executor           a Filler (a Seq, its lane tables, lanes.go, and its
//	(exec.go, lanes.go, memo): has the store verdicts measured
//	binlanes.go,       (table.measure) on the run or layout it is about to
//	zip.go)            write, asks the planner for pieces, and walks them:
//	                   plain methods in Go, vector methods split into kernel
//	                   calls (blockRuns: a head block, aligned blocks, a tail
//	                   block) through the table, or, for float16 binade
//	                   pieces, a whole piece in one call (binSpan: AVX-512
//	                   masks its partial lines); rows as rows-lanes
//	                   (binlanes.go for float16) or as columns (zip.go
//	                   makes the zip kernels' plans).
//	planner (plan.go)  the code that chooses a method: a run (or a set of
//	                   rows) becomes pieces {method, elements, parameters,
//	                   store kind} in a fixed-size array, a function of the
//	                   Seq, the run or layout, what the table has
//	                   (hasX512, masks, zips) and the store verdicts, given
//	                   as a value. The same on every build.
//	Seq (seq.go)       the plan of values, built once by New: kind, start and
//	                   delta bits, the exact integer form S + i*D at a
//	                   resolution 2^unit, and facts that hold over the whole
//	                   index range (exact in float32 or float64 lanes, in
//	                   int32 lanes, where values overflow). Immutable.
//	table (table.go,   the vector kernels of this machine, chosen once from
//	table_*.go,        its CPU: the assembly routines on amd64 (AVX-512 or
//	twins.go, the      AVX2 forms, each with its store kinds: see below),
//	generated          and everywhere else, and under -tags purego, the Go
//	FAMILY_amd64.go    twins (twins.go) of the same signatures; the store
//	and                kinds, their bounds and their measured verdicts
//	dispatch_other.go, (table.measure). A kernel only AVX-512 has, called on
//	store*.go, cpu*.go) a table without it (the planner's fault), runs its
//	                   Go twin and is counted (table.lacks); the tests hold
//	                   the count to zero.
//	rounding (round.go) the binary formats and their rounding to nearest
//	                   even from exact sums.
//
// One Execute: the root package splits the index range among goroutines and
// walks the layout; each contiguous run goes to Filler.FillLE (rows of a
// padded layout to FillRowsLE, scattered elements to FillStridedLE), which
// plans the run and executes its pieces. Rows too short for the row
// kernels (an NHWC layout's pixels) go as columns where that pays
// (method columns, Seq.columns): each column a run into a buffer, then put
// in the rows (fillColumns; by the zip kernels where rows of 2 to 4
// elements lie one after another); rows of integers or of float32 one
// after another whose length divides 128 or 192 bytes are one span of the
// add or fma-s kernels' lanes, which repeat (integers and float32
// exact in float32 lanes of other lengths, of the add kernels, in sets of
// blocks; padded ones, and scattered elements, through the masked add
// kernels, with AVX-512 (without it, 4- and 8-byte elements: VPMASKMOVD,
// VPMASKMOVQ); float32 that rounds in such rows through fma-s lanes in
// sets of 128-byte blocks below index 2^24 and f64 lanes (exact sums below
// 2^53 units) in sets of 64-byte blocks past it, padded
// ones through the masked fma-s kernel, past index 2^24 through masked f64
// lanes where their sums lie below 2^53 units),
// and rows of float16
// one span of binade lanes (in sets of blocks where their length does not
// divide 192 bytes; padded under byte masks, AVX-512), each lane in a binade of its own, where the blocks
// outnumber the lanes' binades enough
// (method rows-lanes, rowsLanes, rowsBinLanes, binLanesPay). A Filler of NewFiller (an
// operator's) remembers the plans (up to memoPlans) of a run from index 0
// below streamingMin that repeats the run before it: the same run again
// (length, step, table, address modulo 64) executes them without planning,
// under the same store verdicts (others plan again).
//
// A sequence whose start is finer than delta's last place has a tail
// Filler (Seq.standIn): from the index where start only decides on which
// side of i*delta each sum falls, its runs (and rows) go to a Filler of the
// same delta whose start is one bit of start's sign, with the same
// elements there and exact sums of fewer bits, which faster methods take.
//
// # The methods
//
// Each method's precondition is written next to its name in plan.go, once;
// Seq.valid checks it, and the planner's tests hold every piece to it.
//
//	method      what writes                      when (the planner's rule, in order)
//	start       plain Go                         element 0: start's bits, where the
//	                                             run's vector method would not give
//	                                             them (not integers or float64)
//	words       plain Go                         integers, constants, past the overflow
//	                                             point; runs below 256 bytes or unaligned
//	add         addStore{B,W,D,Q}[NT]            as words, a block (128 bytes) or more
//	fma         plain Go (math.FMA)              float64 (the Go-native API), short runs
//	fma-lanes   fmaStore[x][NT]                  float64, a block (16 elements) or more
//	linear      plain Go (format.round)          floats nothing faster can prove exact
//	exact       plain Go (float64 sums)          small float runs exact below 2^53
//	f32         addStoreS[NT], cvtStoreF16[x][NT] every value exact in float32 lanes
//	fma-s       fmaStoreS[x][NT]                 float32 of indices below 2^24: any
//	                                             finite start and delta, one piece
//	binade      f16BinxSpan[128], f16Bin[x][NT]  float16 whose exact sums fit int32
//	                                             lanes, one sign and binade a piece
//	                                             (before f32 where the table says
//	                                             so and binades are long; after
//	                                             binade-add where the long binades
//	                                             are few, those near zero short)
//	binade-add  binade's kernels for 64 or more  float16 in int32 lanes whose binades
//	            elements, then addStoreW[NT]     repeat every 64 elements but for an
//	            from them                        even step (deltas of few bits: 0, +1),
//	                                             binades of 4096 or more a piece
//	                                             (before f32)
//	binade-q    (planned only)                   the same past 31 bits (exact sums
//	                                             below 2^59): its pieces go to
//	                                             binade-runs, else f64 or linear
//	binade-runs f16Runs[NT] (AVX-512),           a binade or binade-q piece whose
//	            f16RunsY[NT] (AVX2)              values stay runsLeast elements
//	                                             or more each (runsLeastFast where
//	                                             the AVX-512 binade kernel has its
//	                                             fast form and no tie,
//	                                             runsLeastTies where it would patch
//	                                             sparse ties): runs of one value, a
//	                                             line at a time; without AVX-512
//	                                             before f32 where a run's binades
//	                                             are few and the last is such a
//	                                             piece
//	binade-s    f32Binq[NT] (AVX-512),           float32 the same way, in int64 lanes
//	            f32BinqY[NT] (AVX2)              (exact sums below 2^56), where
//	                                             binades are long or units tiny
//	f64         cvtStoreF32[x][NT],              values exact in float64 lanes
//	            cvtStoreF16Odd[x][NT]
//	fma-d       fmaDStore[x][NT]                 float32 the above do not take (exact
//	                                             sums past 53 bits):
//	                                             fma in float64 lanes, then to
//	                                             float32; blocks at a float32
//	                                             midpoint as linear
//	row-runs    FillLE per row                   rows no row kernel can write
//	rows-words  rowsAdd{B,W,D,Q}[NT]             rows of integers, constants, infinities
//	rows-f32    rowsAddS[NT]                     float32 rows exact in float32 lanes
//	rows-f16    rowsF16x (AVX-512 only)          float16 rows exact in float32 lanes
//	rows-binade rowsBinx (AVX-512),              float16 rows of consecutive indices
//	            rowsBinY (AVX2)                  in int32 lanes, one sign and binade
//	                                             a piece (before rows-f16 where
//	                                             binadeFirst holds and binades are
//	                                             long; without AVX-512 for exact
//	                                             rows too); rows that span two as runs
//	rows-runs   f16RowsRuns[NT] (AVX-512),       rows-binade or rows-binade-q rows
//	            f16RowsRunsY[NT] (AVX2)          whose values stay as binade-runs
//	                                             needs: the rows' elements one span
//	rows-binade-q (planned only)                 the same past 31 bits: its pieces
//	                                             go to rows-runs, else row-runs
//	rows-fma-s  rowsFMASx[NT] (AVX-512),         float32 rows as fma-s writes runs
//	            rowsFMASY[NT] (AVX2)             (indices below 2^24)
//	rows-binade-s rowsBinSY[NT]                  float32 rows of consecutive indices
//	                                             as binade-s writes runs, a binade a
//	                                             piece; rows that span two as runs
//	columns     fillColumns: each column a run,  rows under addBlock bytes: 16
//	            then put in the rows by          elements or fewer, or floats
//	            zip{2,3,4}[B]x (AVX-512: rows    whose columns a chunk are no more
//	            of 2 to 4 elements one after     than its rows
//	            another), else Go loops
//	rows-lanes  addStore{B,W,D,Q,S}[NT],         rows of integers, or of float32
//	            add192{B,W,D,Q,S}[NT],           exact in float32 lanes, of indices
//	            addMaskx{B,W,D,Q,S}[A],
//	            addMaskY{D,Q,S}[A],
//	            fmaMaskxS[A], fmaMaskYS[A]
//	            (padded),
//	            fmaStrideSY[NT] (sets),
//	            cvtF32StrideY[NT] (f64),
//	            cvtF32Mask[x|Y][A] (f64,
//	            padded),
//	            fmaStoreS[x][NT],                below 2^24 (fma-s lanes), one after
//	            fma192S[NT], bin192x[NT],        another, 2 or more elements, whose
//	            bin192Y[NT], bin192xM[A],        length divides
//	            bin128x[NT], bin128xM[A],
//	            bin128Y[NT], bin64Y[NT]
//	            (float16)
//	                                             128 or 192 bytes (integers and exact
//	                                             float32 of other lengths in sets of
//	                                             128-byte blocks, up to 32; float32
//	                                             that rounds as fma-s lanes in sets of
//	                                             128-byte blocks, or past index
//	                                             2^24 f64 lanes (sums below 2^53
//	                                             units) in sets of 64-byte ones;
//	                                             padded,
//	                                             and rows of one, under byte masks,
//	                                             AVX-512, or element masks,
//	                                             AVX2, 4- and 8-byte elements):
//	                                             one span
//	                                             of lanes that repeat (before
//	                                             columns); of
//	                                             float16 where they pay, exact sums
//	                                             below 2^59, a block's step
//	                                             below 2^24 units, any length
//	                                             (sets of 192-byte blocks, up to
//	                                             32; of 128-byte blocks where
//	                                             they hold fewer lanes, up to 15;
//	                                             without AVX-512 of 64 bytes, up
//	                                             to 15):
//	                                             binade lanes, a lane's form
//	                                             (binade, base, 31 bits of x) and
//	                                             its ties worked out from block to
//	                                             block
//
// The store kinds (a piece's store, chosen by the planner from the size of
// the whole run and the machine's verdicts, which it takes as a value:
// Filler has them measured, table.measure, on the run or layout it is about
// to write, before it plans; the tests give them): regular stores; streaming stores past the caches (the
// forms marked [NT]), for runs of streamingMin bytes or more where the
// machine writes faster so (a piece of rows streams by the bytes it spans:
// see rowStore); and, for the masked kernels alone (padded rows-lanes),
// regular stores that fetch each line ahead of the stores (stAhead, the
// forms with suffix A: addMaskxDA, fmaMaskYSA, bin192xMA, ...), always
// (maskedAhead). The fetch-ahead form that the planner once chose for runs
// and rows of 2 to 8 MiB by a measured verdict did not earn its place
// (README: What each shape earns) and was removed, as were the fill and
// copy methods (REP STOSQ for constants, REP MOVSB for integers that
// repeat within 128 KiB) and their verdicts.
//
// The streaming forms of the AVX-512 row kernels (rows64NT in asmgen) stream each
// row's whole cache lines and write its partial lines with at most two
// regular stores each (COPYPART), so rows need only be aligned to the
// element.
//
// A row is written from three places (its start, its first 64-byte
// aligned byte, its last block). Every row kernel works each row's places
// out itself from a piece's steps (rowSteps, binSteps), one call for the
// whole piece: places that Filler computed in a Go loop between calls of 64
// rows cost 9-16% of a padded fill at 4 MiB (the loop ran while the memory
// stood idle).
//
// The assembly is generated by asmgen (go generate, or go run ./asmgen here),
// in which each family of kernels is written once, with its lane kinds,
// shapes, store kinds and instruction sets as parameters: add, store, zip,
// runs, binlanes, convert, rows and binade (asmgen/FAMILY.go), with the
// shared loops blockPairs (pairs.go) and rows64 (rows.go). For each family
// it writes FAMILY_amd64.s, and FAMILY_amd64.go: the routines' Go
// declarations and the table's dispatch to them (direct calls, so that the
// compiler sees each routine's noescape directive). Its test fails when a
// committed file differs from a fresh generation; go vet checks the
// generated frames. (The families moved from hand-written macros with
// their machine code unchanged, instruction for instruction, but for the
// runs kernels' first loads, which go vet then flagged.) cpu_amd64.s, the
// CPUID probe, is not a kernel and stays as it is.
//
// Every assembly routine has a Go twin of the same signature in twins.go
// (addB_g for addStoreB and addStoreBNT, fma_g for fmaStore, fmaS_g for
// fmaStoreS, fmaD_g for fmaDStore[x], f64To32Stride_g for cvtF32StrideY,
// f64To32Mask_g for cvtF32Mask[x|Y], rowsFMAS_g for rowsFMASx and rowsFMASY, f64To16_g for
// cvtStoreF16Odd[x],
// bin_g for f16Bin[x], binSpan_g and binSpan128_g for f16BinxSpan[128], runs_g for f16Runs and f16RunsY, rowsRuns_g for f16RowsRuns and f16RowsRunsY, binS_g for f32Binq and f32BinqY,
// rowsF16_g for rowsF16x,
// rowsBin_g for rowsBinx and rowsBinY, rowsBinS_g for rowsBinSY, ...); kernels_amd64_test.go calls
// both directly on random inputs within the routine's contract, for every
// table of the machine (AVX-512 and AVX2) and every store kind.
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
