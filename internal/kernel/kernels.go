package kernel

// The signatures of the vector kernels. Each is an assembly routine on
// amd64 (in an AVX2 form, an AVX-512 form for some, and a regular and a
// streaming store kind) and a Go twin of the same signature (twins.go),
// which the tests hold it to. Every inc holds one value in each of its
// lanes; the float kernels' values are exact by the planner's
// preconditions (their twins compute the exact value and round it once).
type (
	// addKernel writes blocks of 128 bytes at dst, stride bytes apart (128,
	// or a multiple of 64 for rows-lanes' sets of blocks): lanes of the
	// element width, little-endian, start as base plus first (the low bits of
	// first in every lane), and inc is added to every lane after each
	// block, wrapping (integer lanes) or in float32 (lanes S).
	addKernel func(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)

	// addMaskKernel is addKernel (blocks of 128 bytes, stride bytes apart)
	// storing only the bytes whose bits are set in mask (bit b of mask[h]:
	// byte 64*h + b of each block), the others left as they were: the
	// padded rows of rows-lanes, their gaps never written. (The AVX2 forms,
	// addMaskY*, read an element's first bit for all its bytes: the
	// planner's masks set an element's bits all or none.)
	addMaskKernel func(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)

	// fmaMaskKernel is addMaskKernel for float32 that rounds: lanes of
	// exact indices, each element fma(index, delta, start) rounded once (as
	// fmaSKernel's), stored under the masks.
	fmaMaskKernel func(dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64)

	// f64Kernel writes blocks of 16 elements from 16 float64 lanes that
	// start as base plus first (float64 bits) and grow by inc[0] a block,
	// each converted once to the output type.
	f64Kernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

	// f64StrideKernel is f64Kernel (float32 elements) for blocks stride
	// bytes apart (a multiple of 64: rows-lanes' sets of blocks), the
	// stride last.
	f64StrideKernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int)

	// f64MaskKernel is f64StrideKernel (its stride third) storing only the
	// bytes whose bits are set in mask (bit b: byte b of each block), as
	// addMaskKernel (the AVX2 form, cvtF32MaskY, reads an element's first
	// bit for its four bytes).
	f64MaskKernel func(dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64)

	// f32Kernel writes blocks of 32 float16 from 32 float32 lanes that
	// start as base plus first (float32 bits) and grow by inc[0] a block,
	// each converted once.
	f32Kernel func(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

	// binKernel writes blocks of 32 float16 of one binade: lane l (which
	// holds element packOrder[l] of a block) starts as kb = base[l] + first
	// (int32, wrapping) and grows by inc a block; its element e is c plus
	// kb >> shift (first is biased by half a last place, so ties round
	// up), with the last bit of kb >> shift cleared where bit e of ties is
	// set: the ties the planner found, which so go to even. Pre: every kb of the
	// blocks is below 2^(shift+12) (q fits 12 bits: the planner's binades
	// have q at most 2048), and c is even (a sign and an exponent: its low
	// 10 bits are 0).
	binKernel func(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

	// binSpanKernel writes n float16 (n at least 1) at dst (aligned to 2
	// bytes) as binKernel would write the elements of its blocks, element e
	// from kb = first + e*d (int32, wrapping) and ties to even where bit
	// e%64 of ties is set; base holds the lanes of d (base[l] =
	// packOrder[l]*d, int32). It writes no byte outside the n elements. Pre:
	// as binKernel for every kb of the n elements; the two halves of ties
	// equal (ties every 32 elements or less) but where shift is at most 16
	// and the table writes the span with its span kernel (AVX-512, regular
	// stores: binSpan64).
	binSpanKernel func(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64)

	// binSpan128Kernel is binSpanKernel for ties every 128 elements: ties
	// is the element of one of them (below 128). Pre: as binSpanKernel,
	// and shift at most 16.
	binSpan128Kernel func(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64)

	// runsKernel writes n 16-bit elements (n at least 1) at dst (aligned to
	// 2 bytes) that change at most once in any 32 in a row: element e is
	// v + inc*k (wrapping at 16 bits), k the number of changes at or
	// before e. The first change is at element next; each one after it
	// follows the last by steps[0] elements, and one more where the
	// remainder rem, less steps[1], falls below 0 (then it gains
	// steps[4]); the next change takes steps[2] and steps[3] so, and the
	// changes alternate between the two pairs. It writes no byte outside
	// the n elements. Pre: steps[0] and steps[2] at least 32; rem and
	// steps[1], steps[3] below steps[4], below 2^62; next below 2^62.
	runsKernel func(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)

	// rowsRunsKernel is runsKernel for rows rows (at least 1) of rowBytes
	// (at least 2) at dst, dst + pitch, ...: their elements, row after row,
	// are one span of runsKernel's (row r's element e is the span's element
	// r*rowBytes/2 + e). It writes no byte outside the rows.
	rowsRunsKernel func(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)

	// binSKernel is binKernel for float32 from int64 lanes: blocks of 16
	// float32 (64 bytes), lane l holding element l of a block (kb = base[l]
	// + first + k*inc, wrapping at 64 bits), each element c + q as 32 bits,
	// and ties != 0 rounding every tie to even: (kb >> shift) & ((kb-1) >>
	// shift | ^1), which differ exactly at ties, by one. Pre: every kb
	// below 2^(shift+32), shift at most 32, c even.
	binSKernel func(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)

	// fmaDKernel writes blocks of 16 float32 from 16 float64 lanes that
	// start as base plus first (float64 bits) and grow by inc[0] a block:
	// each element is fma(lane, delta, start) in float64 (start and delta
	// float64 bits), rounded once, then converted to float32 (to nearest
	// even). It stops before the first block where a float64 value is a
	// float32 midpoint (its low 29 bits 1 followed by zeros) or, where tiny
	// is not 0, below 2^-126 in magnitude, and returns the blocks it wrote.
	// Pre: every lane an exact integer below 2^53; tiny not 0 unless no
	// exact sum of the blocks is below 2^-126 in magnitude (a float64
	// value then is not either).
	fmaDKernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int

	// fmaKernel writes blocks of 16 float64: lane l starts as base[l] +
	// first (an index: exact integers, the float64 bits of first) and
	// grows by inc[0] a block; its element is fma(lane, delta, start),
	// rounded once (start and delta are float64 bits).
	fmaKernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)

	// fmaSKernel writes blocks of 32 float32: lane l starts as base[l] +
	// first (an index: exact integers below 2^24, the float32 bits of
	// first) and grows by inc[0] a block; its element is fma(lane, delta,
	// start) in float32, the exact product and sum rounded once (start and
	// delta are float32 bits).
	fmaSKernel func(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)

	// fmaStrideSKernel is fmaSKernel for blocks stride bytes apart (a
	// multiple of 64: rows-lanes' sets of blocks), the stride last.
	fmaStrideSKernel func(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int)

	// rowsKernel writes rows rows of rowBytes (at least 128) at dst, dst +
	// pitch, ...: each as addKernel's lanes would, from three places with
	// the first values steps gives (rowSteps): a block of 128 bytes at the
	// row's start (if that is not 64-byte aligned), blocks from its first
	// 64-byte aligned byte, and a block ending at its end.
	rowsKernel func(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)

	// rowsBinKernel is rowsKernel for float16 of one binade, each place's
	// blocks as binKernel writes them from the place's first kb with the
	// place's tie mask, both from steps (binSteps), in blocks of 64 bytes
	// (rowBytes at least 64), the middle ones from the row's first 64-byte
	// aligned byte. Pre: as binKernel, and shift at most 20.
	rowsBinKernel func(dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64)

	// rowsFMASKernel is rowsKernel for float32 as fmaSKernel writes it,
	// 16 lanes of indices a block of 64 bytes (rowBytes at least 64; 128
	// for the streaming form, whose rows need only be aligned to 4 bytes: it
	// writes the partial cache lines with regular stores of the width that
	// fits): lane l of a place's k-th block is base[l] + first + k*inc
	// (float32; first the place's index from steps, a rowSteps of integer
	// indices, and inc float32 bits), every index exact (below 2^24).
	rowsFMASKernel func(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)

	// rowsBinSKernel is rowsKernel for float32 of one binade from int64
	// lanes, each place's blocks as binSKernel writes them (ties as it
	// says), from the place's first kb (from steps, a rowSteps), in blocks
	// of 64 bytes (rowBytes at least 64; 128 for the streaming form, whose
	// rows need only be aligned to 4 bytes). Pre: as binSKernel.
	rowsBinSKernel func(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64)

	// add192Kernel is addKernel for integer lanes in blocks of 192 bytes
	// (six vectors: a period of rows of 3, 6 or 12 elements, rows-lanes).
	add192Kernel func(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)

	// add640Kernel is addKernel for integer lanes in blocks of 640 bytes
	// (ten vectors of 64 bytes, AVX-512: a period of rows that repeat every
	// five blocks of 128 bytes, rows-lanes), contiguous.
	add640Kernel func(dst *byte, blocks int, base *[640]byte, first uint64, inc *[32]byte)

	// fma192SKernel is fmaSKernel in blocks of 192 bytes (48 lanes: a
	// period of rows of 3, 6 or 12 float32, rows-lanes).
	fma192SKernel func(dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64)

	// fma640SKernel is fmaSKernel in blocks of 640 bytes (160 lanes, AVX-512:
	// a period of rows that repeat every five blocks of 128 bytes, rows of
	// 5 or 10 float32, rows-lanes).
	fma640SKernel func(dst *byte, blocks int, base *[160]float32, first uint64, inc *[8]float32, start, delta uint64)

	// f64PeriodKernel is f64Kernel (float32 elements) in blocks of 320
	// bytes (80 lanes, AVX-512: a period of float32 rows of f64 lanes that
	// repeat every five blocks of 64 bytes, rows of 5, 10 or 20 float32,
	// rows-lanes), contiguous: lane l of block k is base[l] + first +
	// k*inc[0], exact, converted once.
	f64PeriodKernel func(dst *byte, blocks int, base *[80]float64, first uint64, inc *[4]float64)

	// bin192Kernel writes float16 rows of rows-lanes in blocks of 192
	// bytes, stride bytes apart (a multiple of 64), from 96 int32 lanes,
	// each in a binade of its own (binLanes); bin128x, bin128Y and their
	// twin in blocks of 128 bytes from lanes 0-63.
	// Pre: every lane's y (x + 2^(s-1)) stays below 2^32 over the blocks, and
	// its rounded magnitude below 2^16.
	bin192Kernel func(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)

	// bin192MaskKernel is bin192Kernel storing only the bytes whose bits
	// are set in mask (bit b of mask[h]: byte 64*h + b of each block).
	bin192MaskKernel func(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64)

	// zipKernel writes blocks*z.rows rows of z.n elements (2 to zipMax) of
	// 2^z.lg bytes, one after another at dst, element e of row r being
	// element r of the column z.stride*e bytes into cols: the rows'
	// columns, which it reads by blocks of 64 bytes (32 for bytes). It
	// writes no byte outside the rows.
	zipKernel func(dst, cols *byte, blocks int, z *zipPlan)
)
