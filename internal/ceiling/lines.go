package ceiling

import "unsafe"

// maxPeriod is the most line masks a line writer keeps for a layout. A
// layout's lines repeat every Pitch/gcd(Pitch, 64) lines; past this (runs
// more than 256 KiB apart, and not a multiple of 64), there is no line
// writer, only "go".
const maxPeriod = 1 << 12

// A linePlan is what a line writer stores for a layout whose buffer starts
// at one offset within a 64-byte line: the 64-byte lines from the one that
// holds the layout's first byte to the one that holds its last, each with
// a mask of the layout's bytes in it (bit i: the line's byte i). The lines
// between the first and the last are the body, whose masks repeat.
type linePlan struct {
	start   int      // the first line's offset from the buffer's start: 0 or less
	head    []uint64 // the first line's mask, where the buffer starts within it
	period  []uint64 // the body's masks, repeating
	body    int      // the body's lines
	tail    []uint64 // the last line's mask, where the layout ends within it
	tailOff int      // the last line's offset from the buffer's start
}

// planLines returns the plan of r's lines for a buffer that starts align
// bytes (0 to 63) past a 64-byte line.
func planLines(r Rows, align int) linePlan {
	pitch, n, total := r.Pitch, r.Bytes, r.Span()
	if r.contiguous() {
		pitch, n, total = 64, 64, r.Written()
	}
	written := func(o int) bool { return o >= 0 && o < total && o%pitch < n }
	mask := func(o int) uint64 {
		var m uint64
		for i := range 64 {
			if written(o + i) {
				m |= 1 << i
			}
		}
		return m
	}
	p := linePlan{start: -align}
	lines := (align + total + 63) / 64
	o := p.start
	if align != 0 {
		p.head = []uint64{mask(o)}
		o += 64
		lines--
	}
	if (align+total)%64 != 0 && lines > 0 {
		lines--
		p.tailOff = o + 64*lines
		p.tail = []uint64{mask(p.tailOff)}
	}
	p.body = lines
	p.period = make([]uint64, min(period(pitch), lines))
	for j := range p.period {
		p.period[j] = mask(o + 64*j)
	}
	return p
}

// period is the number of 64-byte lines after which runs pitch bytes apart
// fall at the same place in a line again: pitch / gcd(pitch, 64).
func period(pitch int) int {
	g := 64
	for a := pitch; a != 0; {
		g, a = a, g%a
	}
	return pitch / g
}

// A lineStore stores the pattern over lines 64-byte lines, the first off
// bytes from b's start (off may be negative: a line that starts before b
// and holds b's first bytes), line i under the mask masks[i%len(masks)]:
// nothing where the mask is 0. It writes no byte outside the masks.
type lineStore func(b []byte, off, lines int, masks []uint64)

// A lineWriter writes a layout a line at a time through its store, with a
// plan for each offset of a buffer's start within a line, made the first
// time a buffer starts there.
type lineWriter struct {
	r     Rows
	store lineStore
	plans [64]*linePlan
}

func (w *lineWriter) write(b []byte) {
	b = b[:w.r.Span()]
	align := int(uintptr(unsafe.Pointer(unsafe.SliceData(b))) % 64)
	p := w.plans[align]
	if p == nil {
		pl := planLines(w.r, align)
		p = &pl
		w.plans[align] = p
	}
	off := p.start
	if p.head != nil {
		w.store(b, off, 1, p.head)
		off += 64
	}
	if p.body > 0 {
		w.store(b, off, p.body, p.period)
	}
	if p.tail != nil {
		w.store(b, p.tailOff, 1, p.tail)
	}
}

// lineWriters returns the line writers of r this machine runs, with the
// stores it has: none where it has none, or where r's lines repeat only
// after more than maxPeriod lines.
func lineWriters(r Rows) []Writer {
	var ws []Writer
	if !r.contiguous() && period(r.Pitch) > maxPeriod {
		return nil
	}
	for _, s := range lineStores() {
		w := &lineWriter{r: r, store: s.store}
		ws = append(ws, Writer{s.name, w.write})
	}
	return ws
}

// A namedStore is one of the line stores this machine runs.
type namedStore struct {
	name  string
	store lineStore
}

// linePattern is the pattern as a 64-byte line holds it.
var linePattern = func() (p [64]byte) {
	for i := range p {
		p[i] = patternByte(uintptr(i))
	}
	return p
}()

// storeLinesGo is the line stores' Go twin: the bytes each mask selects,
// one at a time.
func storeLinesGo(b []byte, off, lines int, masks []uint64) {
	for i := range lines {
		m := masks[i%len(masks)]
		for bit := range 64 {
			if m&(1<<bit) != 0 {
				b[off+64*i+bit] = linePattern[bit]
			}
		}
	}
}
