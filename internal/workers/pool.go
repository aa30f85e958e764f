package workers

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The pool: the goroutines a split fill hands its pieces to, kept between
// fills so that a fill finds them running rather than waking them.
//
// A fill's first use of more than one worker starts the pool: w-1 workers,
// at most GOMAXPROCS-1 (as GOMAXPROCS is then; a later fill that may use
// more starts more, up to GOMAXPROCS-1 as it is at that fill). A worker
// never exits. After the last fill it saw it spins for up to spin (looking
// for the next fill's pieces, with runtime.Gosched between checks, so that the
// program's own goroutines run), then parks on a channel, where it costs
// no CPU and a goroutine's stack (a few KiB). A fill hands its pieces to
// the spinning workers without a wake-up, and wakes parked ones where it is
// of wakeLeast bytes or more, or where it follows another split fill within
// spin (a burst: the wake, paid once, readies the workers for the fills
// after it, and a fill alone never pays for one); the calling goroutine
// takes pieces too,
// and fills alone the pieces no worker took. One fill uses the pool at a
// time: a fill that comes while another uses it fills alone on its own
// goroutine (one of several the program runs at once).
//
// A piece is taken by an atomic counter: each of the w pieces goes to
// exactly one goroutine, whichever comes first, so a fill whose workers are
// late, fewer than w-1, or gone to another GOMAXPROCS still fills every
// piece once.
const (
	// spin is how long a worker looks for work after its last piece before
	// it parks: fills that follow one another within it find it ready.
	spin = time.Millisecond
	// spinTotal bounds the spin of all workers together after a burst of
	// fills (each spins spinTotal/workers where that is under spin): an
	// idle process's CPU time past its last fill.
	spinTotal = 8 * time.Millisecond
	// waitSpin is how long a fill's caller, its own pieces done, looks for
	// the workers' pieces to finish before it sleeps until they do.
	waitSpin = time.Millisecond
	// wakeLeast is the least fill, in bytes, that wakes a parked worker
	// outside a burst: one core writes it in 30 µs or more (at 64 GB/s;
	// 70 µs past its L2), a wake through the scheduler takes 5 µs to
	// milliseconds to run the worker beside the caller.
	wakeLeast = 2 << 20
)

// A job is one split fill: w pieces of [0, n), handed out by next.
type job struct {
	fill    func(a, b uint64)
	n, step uint64
	w       int64
	next    atomic.Int64 // the next piece to take (past w: none left)
	done    atomic.Int64 // pieces filled
	waiting atomic.Bool  // the caller waits on finished
	joined  atomic.Bool  // a worker took a piece (stored before it fills the piece)
	// finished is closed by whoever fills the last piece while the caller
	// waits (made only then: a fill whose workers finish first makes none).
	finished chan struct{}
}

// take fills pieces of j until none is left, and reports whether it
// filled any; worker says whether a worker of the pool takes them (joined
// is stored before its piece is filled, so that the caller, once every
// piece is done, sees it).
func (j *job) take(worker bool) bool {
	took := false
	for {
		k := j.next.Add(1) - 1
		if k >= j.w {
			return took
		}
		if worker {
			j.joined.Store(true)
		}
		a := uint64(k) * j.step
		b := a + j.step
		if k == j.w-1 {
			b = j.n
		}
		j.fill(a, b)
		took = true
		if j.done.Add(1) == j.w && j.waiting.Load() {
			close(j.finished)
		}
	}
}

// wait returns once every piece of j is filled: it looks for up to waitSpin,
// then sleeps until the last piece's goroutine closes finished.
func (j *job) wait() {
	t0 := time.Now()
	for j.done.Load() < j.w {
		if time.Since(t0) > waitSpin {
			j.finished = make(chan struct{})
			j.waiting.Store(true)
			if j.done.Load() < j.w {
				<-j.finished
			}
			return
		}
		runtime.Gosched()
	}
}

// pool is the process's one pool of workers.
type pool struct {
	slot    atomic.Pointer[job] // the fill being handed out, nil if none
	ready   atomic.Int32        // workers spinning: ready without a wake
	started atomic.Int32        // workers started
	grow    sync.Mutex          // held while workers are started
	running atomic.Int32        // workers that have run (started and scheduled)
	parked  chan struct{}       // a send wakes one parked worker
	last    atomic.Int64        // when the last split fill came: ns since epoch
	woken   atomic.Int64        // wakes sent to parked workers
}

// epoch is the pool's clock's zero (time.Since(epoch) is monotonic).
var epoch = time.Now()

var thePool = pool{parked: make(chan struct{})}

// start starts workers until there are want, or GOMAXPROCS-1, and yields
// until they run, for up to spin: a goroutine just started waits on the
// caller's processor until the caller yields (measured: 2 ms, a whole
// measurement of the worker count, on 2 vCPUs), and a worker that has not
// run takes no piece.
func (p *pool) start(want int) {
	if int(p.started.Load()) >= want {
		return
	}
	p.grow.Lock()
	defer p.grow.Unlock()
	for n := int(p.started.Load()); n < min(want, runtime.GOMAXPROCS(0)-1); n++ {
		p.started.Add(1)
		p.ready.Add(1)
		go p.work()
	}
	for t0 := time.Now(); p.running.Load() < p.started.Load() && time.Since(t0) < spin; {
		runtime.Gosched()
	}
}

// work is a worker: it fills pieces, spins, parks, for ever.
func (p *pool) work() {
	p.running.Add(1)
	for {
		p.spin()
		p.ready.Add(-1)
		<-p.parked
		p.ready.Add(1)
	}
}

// spin takes the pieces of every fill that comes, and returns once no new
// fill has been seen for the spin time (a long fill whose pieces are all
// taken does not keep the workers it has no piece for spinning).
func (p *pool) spin() {
	limit := min(spin, spinTotal/time.Duration(max(1, p.started.Load())))
	last := time.Now()
	var seen *job
	for {
		if j := p.slot.Load(); j != nil && j != seen {
			seen = j
			last = time.Now() // (a fill seen, taken from or not: a burst goes on)
			if j.take(true) {
				continue
			}
		}
		if time.Since(last) > limit {
			return
		}
		runtime.Gosched()
	}
}

// split fills [0, n) in w pieces (see Split), b bytes in all, and reports
// whether a worker filled one of them (of this fill: another goroutine's
// fill that a worker joined meanwhile is not this one's).
func (p *pool) split(n, b uint64, w int, fill func(a, b uint64)) (joined bool) {
	p.start(w - 1)
	helpers := min(int(p.started.Load()), w-1)
	ready := int(p.ready.Load())
	now := int64(time.Since(epoch))
	burst := now-p.last.Swap(now) < int64(spin)
	wake := b >= wakeLeast || burst
	if ready == 0 && (!wake || helpers == 0) {
		fill(0, n) // (no worker ready, and none worth a wake: one piece, no hand-over)
		return false
	}
	j := &job{fill: fill, n: n, step: n / uint64(w), w: int64(w)}
	if !p.slot.CompareAndSwap(nil, j) {
		fill(0, n) // (another fill has the pool)
		return false
	}
	defer p.slot.CompareAndSwap(j, nil) // (a fill that panics here leaves the pool free)
	if wake {
		p.wake(helpers - ready)
	}
	j.take(false)
	p.slot.Store(nil)
	j.wait()
	return j.joined.Load()
}

// wake wakes up to k parked workers, and yields once where it woke one: a
// goroutine woken waits on the waker's processor until the waker yields.
func (p *pool) wake(k int) {
	woke := false
	for range k {
		select {
		case p.parked <- struct{}{}:
			woke = true
			p.woken.Add(1)
		default: // (none parked: the rest are on their way to ready or to park)
		}
	}
	if woke {
		runtime.Gosched()
	}
}
