//go:build !amd64 || purego

package kernel

// cpuTables returns the tables this build can run: the Go twins alone.
func cpuTables() []*table { return []*table{goTable} }

// streaming, aheading and copying are false, filling true: the Go twins
// have one kind of store (and mFill's twin).
func streaming([]byte, int, int) bool { return false }
func aheading([]byte, int, int) bool  { return false }
func copying([]byte, int) bool        { return false }
func filling([]byte) bool             { return true }

// The table's methods on this build: the Go twins (see table_amd64.go).

func (t *table) add(lane int, st store, dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	addG(lane, dst, blocks, stride, base, first, inc)
}

func (t *table) addMask(lane int, st store, dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64) {
	addMaskG(lane, dst, blocks, stride, base, first, inc, mask)
}

func (t *table) fmaMask(_ store, dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64) {
	fmaMaskS_g(dst, blocks, stride, base, first, inc, start, delta, mask)
}

func (t *table) binSetMask(blk int, _ store, dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64) {
	binSetMask_g(blk, dst, blocks, stride, l, j0, ties, mask)
}

func (t *table) masks(int) bool { return true }

func (t *table) fill(dst *byte, words int, pattern uint64) {
	fill_g(dst, words, pattern)
}

func (t *table) copyFwd(dst, src *byte, n int) {
	copy_g(dst, src, n)
}

func (t *table) f64To32(st store, dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64) {
	f64To32_g(dst, blocks, base, first, inc)
}

func (t *table) f64To32Stride(_ store, dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int) {
	f64To32Stride_g(dst, blocks, base, first, inc, stride)
}

func (t *table) f64To32Mask(_ store, dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64) {
	f64To32Mask_g(dst, blocks, stride, base, first, inc, mask)
}

func (t *table) f64To16(st store, dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64) {
	f64To16_g(dst, blocks, base, first, inc)
}

func (t *table) fma(st store, dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64) {
	fma_g(dst, blocks, base, first, inc, start, delta)
}

func (t *table) fmaS(st store, dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64) {
	fmaS_g(dst, blocks, base, first, inc, start, delta)
}

func (t *table) fmaStride(st store, dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int) {
	fmaStrideS_g(dst, blocks, base, first, inc, start, delta, stride)
}

func (t *table) f32To16(st store, dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32) {
	f32To16_g(dst, blocks, base, first, inc)
}

func (t *table) binSpan(st store, dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64) {
	binSpan_g(dst, n, base, first, d, shift, c, ties)
}

func (t *table) binSpan128(dst *byte, n int, base *[32]int32, first, d, shift, c, tie uint64) {
	binSpan128_g(dst, n, base, first, d, shift, c, tie)
}

func (t *table) runs(st store, dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64) {
	runs_g(dst, n, v, inc, next, rem, steps)
}

func (t *table) rowsRuns(st store, dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64) {
	rowsRuns_g(dst, rows, pitch, rowBytes, v, inc, next, rem, steps)
}

func (t *table) binQ(st store, dst *byte, blocks int, base *[32]int64, first, inc, shift, c, ties uint64) {
	binQ_g(dst, blocks, base, first, inc, shift, c, ties)
}

func (t *table) fmaDStride(st store, dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64, stride int) int {
	return fmaDStride_g(dst, blocks, base, first, inc, start, delta, tiny, stride)
}

func (t *table) fmaD(st store, dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int {
	return fmaD_g(dst, blocks, base, first, inc, start, delta, tiny)
}

func (t *table) cvtQ(st store, dst *byte, blocks int, base *[16]int64, first, inc, scale uint64) {
	cvtQ_g(dst, blocks, base, first, inc, scale)
}

func (t *table) rowsFMAS(_ store, dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64) {
	rowsFMAS_g(dst, rows, pitch, rowBytes, base, steps, inc, start, delta)
}

func (t *table) rowsCvtQ(_ store, dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, scale uint64) {
	rowsCvtQ_g(dst, rows, pitch, rowBytes, base, steps, inc, scale)
}

func (t *table) rowsBinQ(_ store, dst *byte, rows, pitch, rowBytes int, base *[32]int64, steps *rowSteps, inc, shift, c uint64) {
	rowsBinQ_g(dst, rows, pitch, rowBytes, base, steps, inc, shift, c)
}

func (t *table) rowsBinS(_ store, dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64) {
	rowsBinS_g(dst, rows, pitch, rowBytes, base, steps, inc, shift, c, ties)
}

func (t *table) binS(st store, dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64) {
	binS_g(dst, blocks, base, first, inc, shift, c, ties)
}

func (t *table) rows(lane int, _ store, dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	rowsG(lane, dst, rows, pitch, rowBytes, base, steps, inc)
}

func (t *table) rowsF32To16(_ store, dst *byte, rows, pitch, rowBytes int, base *[32]float32, steps *rowSteps, inc *[8]float32) {
	rowsF16_g(dst, rows, pitch, rowBytes, base, steps, inc)
}

func (t *table) rowsBin(_ store, dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64) {
	rowsBin_g(dst, rows, pitch, rowBytes, base, steps, inc, shift, c)
}

func (t *table) zips() bool { return true }

func (t *table) zip(dst, cols *byte, blocks int, z *zipPlan) {
	zip_g(dst, cols, blocks, z)
}

func (t *table) add192(lane int, _ store, dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte) {
	add192_g(lane, dst, blocks, base, first, inc)
}

func (t *table) fma192S(_ store, dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64) {
	fma192S_g(dst, blocks, base, first, inc, start, delta)
}

func (t *table) binSet(blk int, _ store, dst *byte, blocks, stride int, l *binLanes, j0, ties uint64) {
	binSet_g(blk, dst, blocks, stride, l, j0, ties)
}

func (t *table) cvtQ48(_ store, dst *byte, blocks, stride int, base *[48]int64, first, inc, scale uint64) {
	cvtQ48_g(dst, blocks, stride, base, first, inc, scale)
}
