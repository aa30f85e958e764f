package kernel

import (
	"unsafe"
)

// The method columns (mColumns; its constant and name are generated from its
// Shape, plainShapes in asmgen/shapes.go):
//
// mColumns writes rows too short for the row kernels as columns
// (fillColumns): in chunks of rows, each column's elements planned and
// written as one run into a buffer, then put in their rows. Pre: the
// piece's rows pass Seq.columns (more than one row; fewer than addBlock
// bytes each; 16 elements or fewer, or floats whose n columns a chunk
// are no more than its rows).

// execColumns writes a piece of short rows as columns (mColumns) with
// fillColumns.
func (f *Filler) execColumns(dst []byte, p *piece, rs *rowSet) {
	r := rs.from(int(p.j), int(p.n))
	f.fillColumns(dst[int(p.j)*rs.pitch:], &r)
}

// fillColumns writes rows too short for the row kernels (fewer than
// addBlock bytes), which would each be planned as a run, as columns: in
// chunks of rows, column e's elements (indices i0 + e*step + r*rowStep) are
// written into a buffer (columnStride bytes apart), the chunk's columns
// planned together as rows (FillRowsLE) where they are long enough for the
// row kernels, else each as a run, then put in their rows (putColumns). (NHWC FLOAT16 of 3 channels, 512 x
// 512, a row a pixel: 14 ms a fill as runs, about 70 ns a row.)
func (f *Filler) fillColumns(dst []byte, rs *rowSet) {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	buf := chunkBufs.Get().(*[columnsBuf / 8]uint64) // (8-byte aligned: putColumns reads it as elements)
	defer chunkBufs.Put(buf)
	cols := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), len(buf)*8)
	rowBytes, stride := n<<f.lg, columnStride(n, f.lg)
	k := stride >> f.lg // the rows of a chunk
	for r0 := 0; r0 < rows; r0 += k {
		m := min(k, rows-r0)
		if a := i0 + uint64(r0)*rowStep; n > 1 && m<<f.lg >= addBlock {
			f.FillRowsLE(cols[:(n-1)*stride+m<<f.lg], n, stride, m, a, step, rowStep)
		} else {
			for e := range n {
				f.FillLE(cols[e*stride:e*stride+m<<f.lg], a+uint64(e)*step, rowStep)
			}
		}
		f.putColumns(dst[r0*pitch:r0*pitch+(m-1)*pitch+rowBytes], pitch, m, n, cols, stride)
	}
}

// putColumns writes m rows of n elements, row r at byte r*pitch of dst,
// element e of row r from element r of column e, at byte e*stride of cols:
// where the rows lie one after another (a pitch of one row) and the table
// has a zip kernel, its blocks of rows with it; the rest as elements where
// dst and pitch are aligned to them, else byte by byte.
func (f *Filler) putColumns(dst []byte, pitch, m, n int, cols []byte, stride int) {
	size := f.size
	if pitch == n*size && n >= 2 && n <= zipMax && f.t.zips() {
		z := zipPlanOf(n, f.lg)
		blocks := m / z.rows
		if blocks > 0 {
			_ = dst[blocks*z.rows*pitch-1]              // (the rows lie in dst)
			_ = cols[(n-1)*stride+blocks*z.rows*size-1] // (and the columns in cols)
			f.t.zip(unsafe.SliceData(dst), unsafe.SliceData(cols), blocks, z)
		}
		r0 := blocks * z.rows
		if r0 == m {
			return
		}
		dst, m, cols = dst[r0*pitch:], m-r0, cols[r0*size:]
	}
	if uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%uintptr(size) == 0 && pitch%size == 0 {
		switch size {
		case 1:
			putCols[uint8](dst, pitch, m, n, cols, stride)
		case 2:
			putCols[uint16](dst, pitch, m, n, cols, stride)
		case 4:
			putCols[uint32](dst, pitch, m, n, cols, stride)
		default:
			putCols[uint64](dst, pitch, m, n, cols, stride)
		}
		return
	}
	for r := range m {
		row := dst[r*pitch : r*pitch+n*size]
		for e := range n {
			copy(row[e*size:(e+1)*size], cols[e*stride+r*size:])
		}
	}
}

// putCols is putColumns for aligned elements of type T: rows of 2, 3 and 4
// elements in one statement each, others a column at a time.
func putCols[T uint8 | uint16 | uint32 | uint64](dst []byte, pitch, m, n int, cols []byte, stride int) {
	size := int(unsafe.Sizeof(T(0)))
	_ = dst[(m-1)*pitch+n*size-1]   // (the rows lie in dst)
	_ = cols[(n-1)*stride+m*size-1] // (and the columns in cols)
	p := unsafe.Pointer(unsafe.SliceData(dst))
	c := unsafe.Pointer(unsafe.SliceData(cols))
	col := func(e int) []T { return unsafe.Slice((*T)(unsafe.Add(c, e*stride)), m) }
	switch n {
	case 2:
		c0, c1 := col(0), col(1)
		for r := range m {
			*(*[2]T)(unsafe.Add(p, r*pitch)) = [2]T{c0[r], c1[r]}
		}
	case 3:
		c0, c1, c2 := col(0), col(1), col(2)
		for r := range m {
			*(*[3]T)(unsafe.Add(p, r*pitch)) = [3]T{c0[r], c1[r], c2[r]}
		}
	case 4:
		c0, c1, c2, c3 := col(0), col(1), col(2), col(3)
		for r := range m {
			*(*[4]T)(unsafe.Add(p, r*pitch)) = [4]T{c0[r], c1[r], c2[r], c3[r]}
		}
	default: // a column at a time (a chunk's rows lie in L1)
		for e := range n {
			cv, d := col(e), unsafe.Add(p, e*size)
			*(*T)(d) = cv[0]
			for _, v := range cv[1:] { // (d never passes the last row: checkptr)
				d = unsafe.Add(d, pitch)
				*(*T)(d) = v
			}
		}
	}
}

// columns reports whether rows rows of n elements go as columns (mColumns):
// rows too short for the row kernels (below addBlock bytes), of 16
// elements or fewer, or, for floats, whose columns a chunk are no more than
// its rows (n*n elements at most 8 KiB), where a row planned as
// a run costs more than its share of the columns' runs and of putting them
// in place (figures: docs/performance-log.md, Thresholds).
func (s *Seq) columns(rows, n int) bool {
	rowBytes := n << s.lg
	return rows > 1 && n > 0 && rowBytes < addBlock && (n <= 16 || s.kind != Int && n*rowBytes <= 8192)
}
