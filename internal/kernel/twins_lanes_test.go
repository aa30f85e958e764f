//go:build amd64 && !purego

package kernel

// The add and rows kernels' twins of one lane each (add_g, addMask_g,
// add192_g and rows_g take the lane): the twins the generated lists of
// pairs_amd64_test.go pair with each lane's routines. Only the tests call
// them; the table's methods pass the lane.

// addMaskB_g ... addMaskS_g are addMask_g of one lane: the twins of
// addMaskx{B,W,D,Q,S}[A] and addMaskY{D,Q,S}[A].
func addMaskB_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64) {
	addMask_g(laneB, dst, blocks, stride, base, first, inc, mask)
}

func addMaskW_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64) {
	addMask_g(laneW, dst, blocks, stride, base, first, inc, mask)
}

func addMaskD_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64) {
	addMask_g(laneD, dst, blocks, stride, base, first, inc, mask)
}

func addMaskQ_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64) {
	addMask_g(laneQ, dst, blocks, stride, base, first, inc, mask)
}

func addMaskS_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64) {
	addMask_g(laneS, dst, blocks, stride, base, first, inc, mask)
}

func addB_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	addBlocks(1, false, dst, blocks, stride, base, first, inc)
}

func addW_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	addBlocks(2, false, dst, blocks, stride, base, first, inc)
}

func addD_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	addBlocks(4, false, dst, blocks, stride, base, first, inc)
}

func addQ_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	addBlocks(8, false, dst, blocks, stride, base, first, inc)
}

func addS_g(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	addBlocks(4, true, dst, blocks, stride, base, first, inc)
}

// add192B_g ... add192S_g are add192_g of one lane: the twins of
// add192{B,W,D,Q,S}[NT].
func add192B_g(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte) {
	add192_g(laneB, dst, blocks, base, first, inc)
}

func add192W_g(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte) {
	add192_g(laneW, dst, blocks, base, first, inc)
}

func add192D_g(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte) {
	add192_g(laneD, dst, blocks, base, first, inc)
}

func add192Q_g(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte) {
	add192_g(laneQ, dst, blocks, base, first, inc)
}

func add192S_g(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte) {
	add192_g(laneS, dst, blocks, base, first, inc)
}

// add640B_g ... add640Q_g are add640_g of one lane: the twins of
// add640x{B,W,D,Q}[NT].
func add640B_g(dst *byte, blocks int, base *[640]byte, first uint64, inc *[32]byte) {
	add640_g(laneB, dst, blocks, base, first, inc)
}

func add640W_g(dst *byte, blocks int, base *[640]byte, first uint64, inc *[32]byte) {
	add640_g(laneW, dst, blocks, base, first, inc)
}

func add640D_g(dst *byte, blocks int, base *[640]byte, first uint64, inc *[32]byte) {
	add640_g(laneD, dst, blocks, base, first, inc)
}

func add640Q_g(dst *byte, blocks int, base *[640]byte, first uint64, inc *[32]byte) {
	add640_g(laneQ, dst, blocks, base, first, inc)
}

func rowsB_g(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	rowsAdd(1, false, dst, rows, pitch, rowBytes, base, steps, inc)
}

func rowsW_g(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	rowsAdd(2, false, dst, rows, pitch, rowBytes, base, steps, inc)
}

func rowsD_g(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	rowsAdd(4, false, dst, rows, pitch, rowBytes, base, steps, inc)
}

func rowsQ_g(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	rowsAdd(8, false, dst, rows, pitch, rowBytes, base, steps, inc)
}

func rowsS_g(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	rowsAdd(4, true, dst, rows, pitch, rowBytes, base, steps, inc)
}
