package endpoint

import (
	"context"
	"runtime"
	"sync"
)

// Work is what a run is about to compute, as a backend tells Admit.
type Work struct {
	// Dice are a Monte Carlo run's estimated dice (combat.Cost.Dice), 0
	// for an exact solve.
	Dice float64
	// Heavy marks a run that is long whatever its dice: the best hit
	// assignment, the fleet advisor, an exact vote.
	Heavy bool
}

// HeavyDice is the estimated dice from which a Monte Carlo run is heavy:
// about a quarter of a second of one core. Heavy runs compute in their own
// lane (gate) on all cores but one.
const HeavyDice = 5e7

func (w Work) heavy() bool { return w.Heavy || w.Dice > HeavyDice }

// admission is one run request's passage through the gate.
type admission struct {
	gate   *gate
	client string

	mu       sync.Mutex
	admitted bool
	workers  int
	err      error
	release  func()
}

type admissionKey struct{}

// Admit waits for the run's turn at the service's gate, fairly between
// clients and with heavy runs in their own lane, and returns the number of
// workers the run may use (0: GOMAXPROCS). A backend calls it once it knows
// the run's Work and before it computes; later calls in the same request
// return the first answer at once. It returns ctx's error when ctx ends
// while waiting, and ErrBusy, which the service answers 429, when the
// queue is full. Outside the service (a ctx it did not make) it returns 0
// and nil at once.
func Admit(ctx context.Context, w Work) (workers int, err error) {
	a, _ := ctx.Value(admissionKey{}).(*admission)
	if a == nil {
		return 0, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.admitted {
		return a.workers, a.err
	}
	a.admitted = true
	heavy := w.heavy()
	a.release, a.err = a.gate.acquire(ctx, a.client, heavy)
	if heavy {
		a.workers = max(1, runtime.GOMAXPROCS(0)-1)
	}
	return a.workers, a.err
}

// done ends the request's run: its slot, if it had one, goes to the next.
// It reports whether the run was admitted at all.
func (a *admission) done() (admitted bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.release != nil {
		a.release()
		a.release = nil
	}
	return a.admitted
}
