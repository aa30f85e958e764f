package kernel

import "slices"

// The planner's preconditions, checked element by element: what the
// planner's tests hold every piece it plans to (production code never
// calls them).

// valid returns why piece p of the run at dst (indices i0, i0+step, ...)
// breaks its method's precondition, or "" if it meets it. The planner's
// tests hold every piece to it; it is slow (it reads every element's bits).
func (s *Seq) valid(t *table, dst []byte, i0, step uint64, p piece) string {
	j, n := int(p.j), int(p.n)
	if n < 1 || (j+n)<<s.lg > len(dst) {
		return "outside the run"
	}
	a := i0 + uint64(j)*step
	last := a + uint64(n-1)*step
	b := dst[j<<s.lg : (j+n)<<s.lg]
	if p.st != stRegular && !hasStores(p.m) {
		return "a store kind other than regular for a method that has only regular stores"
	}
	float := s.linearFloat()
	switch p.m {
	case mStart:
		if a != 0 || n != 1 {
			return "not index 0 alone"
		}
	case mWords:
		if !s.wordsMatch(a, step, n, p) {
			return "an element is not first + e*d"
		}
	case mLinear:
		if !float {
			return "not a float16 or float32 sequence in modeLinear"
		}
	case mExact:
		if !float || !s.exactBelow(a, last, step, 53) {
			return "not exact below 2^53"
		}
	case mFMA:
		if s.kind != Float64 || s.mode != modeFMA {
			return "not a float64 sequence in modeFMA"
		}
	default:
		return s.validRunKernel(t, a, last, step, b, p)
	}
	return ""
}

// linearFloat reports whether the sequence is float16 or float32 in
// modeLinear (a finite float run).
func (s *Seq) linearFloat() bool {
	return (s.kind == Float16 || s.kind == Float32) && s.mode == modeLinear
}

// validVector returns why the vector piece at b, of first index a, breaks
// a vector method's precondition (blocks of block bytes), or "".
func (s *Seq) validVector(a uint64, b []byte, block int) string {
	switch {
	case a == 0 && !s.lanesGiveStart():
		return "index 0 in a vector piece (its lanes do not give start's bits)"
	case !s.aligned(b):
		return "dst not aligned to the element size"
	case len(b) < block:
		return "shorter than a block"
	}
	return ""
}

// wordsMatch reports whether the n elements from index a (every step-th)
// are piece p's first + e*d (mWords, mAdd), but start's bits at index 0.
func (s *Seq) wordsMatch(a, step uint64, n int, p piece) bool {
	for e := range uint64(n) {
		want := (p.first + e*p.d) & s.mask()
		if a+e*step == 0 {
			want = s.start // the plain loop writes start's bits there
		}
		if s.Bits(a+e*step) != want {
			return false
		}
	}
	return true
}

// validBinade is valid for a piece of a binade method (mBinade, mBinadeQ,
// mBinadeS, mBinadeAdd, mBinadeRuns) of indices a to last, every step-th,
// at b.
func (s *Seq) validBinade(t *table, a, last, step uint64, b []byte, p piece) string {
	n := int(p.n)
	switch {
	case !s.linearFloat():
		return "not a finite float run"
	case p.m == mBinadeRuns && (s.kind != Float16 || !s.int64Lanes(a, last)):
		return "not float16 in int64 lanes"
	case p.m == mBinadeRuns && !runsFit(int(p.shift), int64(p.d), runsKernelLeast):
		return "values that change more often than once in 32 elements"
	case p.m == mBinadeAdd && (n < 160 || !s.repeats(a, step, n)):
		return "fewer than 160 elements, or bits that do not repeat every 64 elements but for a step"
	case (p.m == mBinade || p.m == mBinadeAdd) && !s.int32Lanes(a, last):
		return "not float16 in int32 lanes"
	case (p.m == mBinade || p.m == mBinadeAdd) && p.ties && (p.per == 0 || int(p.per) > s.densest(t, p.m, p.st, scaledShift(int(p.shift)))):
		return "dense ties of a period the kernel's tie form does not take"
	case p.m == mBinadeQ:
		return "binade-q, which is planned only"
	case p.m == mBinadeS && !s.binSLanes(a, last):
		return "not float32 in int64 lanes"
	}
	if why := s.binadeParams(a, last, p); why != "" {
		return why
	}
	return s.validVector(a, b, p.m.blockBytes(s.size))
}

// repeats reports whether the n elements from index a (every step-th)
// are, from the 65th on, the element 64 before plus a constant (wrapping):
// the bits, read one by one.
func (s *Seq) repeats(a, step uint64, n int) bool {
	inc := s.Bits(a+64*step) - s.Bits(a)
	for e := uint64(64); e < uint64(n); e++ {
		if (s.Bits(a+e*step)-s.Bits(a+(e-64)*step)-inc)&s.mask() != 0 {
			return false
		}
	}
	return true
}

// binadeParams returns why the elements a through last are not of one
// binade and sign, or piece p's binade parameters not theirs, or "".
func (s *Seq) binadeParams(a, last uint64, p piece) string {
	_, ka := s.linear(a)
	_, kl := s.linear(last)
	sh, c, _, _ := s.binadeOf(int64(ka))
	sh2, c2, _, _ := s.binadeOf(int64(kl))
	if sh != sh2 || c != c2 || ka == 0 || kl == 0 {
		return "not one binade of one sign"
	}
	if sh != int(p.shift) || c != p.c || absInt(int64(ka)) != p.first {
		return "parameters not those of the binade"
	}
	return ""
}

// validRows is valid for a piece of rows (see planRows).
func (s *Seq) validRows(t *table, dst []byte, rows, pitch, n int, i0, rowStep, step uint64, p piece) string {
	if p.n < 1 || int(p.j+p.n) > rows {
		return "outside the rows"
	}
	if p.m == mRowsLanes {
		return s.validRowsLanes(t, dst, pitch, n, i0, rowStep, step, p)
	}
	if p.m == mRowRuns || p.m == mColumns {
		if p.st != stRegular {
			return "a store kind other than regular for rows as runs or columns"
		}
		if p.m == mColumns && !s.columns(int(p.n), n) {
			return "rows that do not go as columns"
		}
		return ""
	}
	rowBytes := n << s.lg
	if p.st == stStream && !rowsStreamable(p.m, dst[int(p.j)*pitch:], pitch, rowBytes) {
		return "streaming rows that are not word or float32 rows at multiples of 16 bytes, 256 or more long, nor rows of a kernel that streams any"
	}
	a := i0 + uint64(p.j)*rowStep
	last := a + uint64(p.n-1)*rowStep + uint64(n-1)*step
	switch {
	case !s.aligned(dst):
		return "dst not aligned to the element size"
	case rowBytes < addBlock:
		return "rows shorter than a block"
	}
	for r := p.j; r < p.j+p.n; r++ {
		if i0+uint64(r)*rowStep == 0 {
			return "index 0 among the rows"
		}
	}
	return s.validRowKernel(n, a, last, rowStep, step, p)
}

// binRows checks what the binade row methods share (mRowsBin, mRowsRuns):
// float16 rows of consecutive indices, and p's parameters.
func (s *Seq) binRows(n int, a, last, rowStep, step uint64, p piece) string {
	if s.kind != Float16 || !s.linearFloat() || rowStep != uint64(n)*step {
		return "not float16 rows of consecutive indices"
	}
	return s.binadeParams(a, last, p)
}

// hasStores reports whether the kernels of method m (on runs) have every
// store kind.
func hasStores(m method) bool { return slices.Contains(kernelRuns, m) }

// scaledShift is binadeScale's scaled shift.
func scaledShift(shift int) int {
	_, sh := binadeScale(shift)
	return sh
}

// mask returns the bits of an element.
func (s *Seq) mask() uint64 { return ^uint64(0) >> (64 - 8*s.size) }
