package endpoint

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// ErrBusy is Admit's error when the run cannot wait: every slot is taken
// and the queue, or the client's share of it, is full. The service answers
// it 429 with Retry-After; a backend returns it as it is.
var ErrBusy = errors.New("busy: every run slot is taken and the queue is full")

// errQueueFull is gate.acquire's name for ErrBusy.
var errQueueFull = ErrBusy

// gate admits runs to a fixed number of slots, fairly between clients:
//
//   - at most slots runs compute at once;
//   - no client holds more than perClient of them (slots − 1, at least
//     1), so one client can never take every slot;
//   - heavy runs (Work.heavy) hold at most heavySlots (slots − 1, at least
//     1) at once, so a light run finds a slot while heavy ones compute;
//   - runs that cannot start wait in one queue of at most maxQueue, each
//     client at most clientQueue of them; when a slot frees, the waiting
//     run whose client holds the fewest slots starts, the oldest first.
//
// Beyond the queue it refuses at once.
type gate struct {
	slots, perClient, heavySlots int
	maxQueue, clientQueue        int

	mu       sync.Mutex
	run      int            // runs computing
	heavyRun int            // of which heavy
	byClient map[string]int // runs computing, by client
	waiting  []*waiter      // oldest first

	// queued and running mirror len(waiting) and run for Vars.
	queued, running atomic.Int64
}

// waiter is a run waiting for a slot; ready is closed when it is given one.
type waiter struct {
	client string
	heavy  bool
	ready  chan struct{}
	given  bool
}

func newGate(slots, queue int) *gate {
	return &gate{
		slots: slots, perClient: max(1, slots-1), heavySlots: max(1, slots-1),
		maxQueue: queue, clientQueue: max(1, queue/4),
		byClient: map[string]int{},
	}
}

// acquire takes a slot for one of client's runs, waiting in the queue if
// there is room; it returns errQueueFull when there is none, or ctx's error
// when ctx ends first. The caller calls release once when its run is done.
func (g *gate) acquire(ctx context.Context, client string, heavy bool) (release func(), err error) {
	release = func() { g.release(client, heavy) }
	g.mu.Lock()
	if g.fits(client, heavy) {
		g.take(client, heavy)
		g.mu.Unlock()
		return release, nil
	}
	mine := 0
	for _, w := range g.waiting {
		if w.client == client {
			mine++
		}
	}
	if len(g.waiting) >= g.maxQueue || mine >= g.clientQueue {
		g.mu.Unlock()
		return nil, errQueueFull
	}
	w := &waiter{client: client, heavy: heavy, ready: make(chan struct{})}
	g.waiting = append(g.waiting, w)
	g.queued.Store(int64(len(g.waiting)))
	g.mu.Unlock()
	select {
	case <-w.ready:
		return release, nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if w.given { // given a slot as ctx ended: hand it on
		g.give(client, heavy)
		return nil, ctx.Err()
	}
	for i, x := range g.waiting {
		if x == w {
			g.waiting = append(g.waiting[:i], g.waiting[i+1:]...)
			break
		}
	}
	g.queued.Store(int64(len(g.waiting)))
	return nil, ctx.Err()
}

// fits reports whether one more of client's runs may start now.
func (g *gate) fits(client string, heavy bool) bool {
	return g.run < g.slots && g.byClient[client] < g.perClient && (!heavy || g.heavyRun < g.heavySlots)
}

// take counts a run of client's as started. Called under mu.
func (g *gate) take(client string, heavy bool) {
	g.run++
	g.byClient[client]++
	if heavy {
		g.heavyRun++
	}
	g.running.Store(int64(g.run))
}

// release ends a run of client's and starts the waiting runs that fit.
func (g *gate) release(client string, heavy bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.give(client, heavy)
}

// give frees a slot of client's and starts the waiting runs that now fit:
// each time the one whose client holds the fewest slots, the oldest
// first. Called under mu.
func (g *gate) give(client string, heavy bool) {
	g.run--
	if g.byClient[client]--; g.byClient[client] == 0 {
		delete(g.byClient, client)
	}
	if heavy {
		g.heavyRun--
	}
	for {
		best := -1
		for i, w := range g.waiting {
			if g.fits(w.client, w.heavy) && (best < 0 || g.byClient[w.client] < g.byClient[g.waiting[best].client]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		w := g.waiting[best]
		g.waiting = append(g.waiting[:best], g.waiting[best+1:]...)
		g.take(w.client, w.heavy)
		w.given = true
		close(w.ready)
	}
	g.queued.Store(int64(len(g.waiting)))
	g.running.Store(int64(g.run))
}
