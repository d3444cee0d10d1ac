package answer

import (
	"context"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// admit waits for a run's turn when the service runs the command
// (endpoint.Admit: fairly between clients, heavy runs in their own lane; at
// once on the command line) and returns the workers the run computes on:
// those the service gives a heavy run, otherwise workers.
func admit(ctx context.Context, w endpoint.Work, workers int) (int, error) {
	n, err := endpoint.Admit(ctx, w)
	if err != nil || n == 0 {
		return workers, err
	}
	return n, nil
}

// admitDice is combat.Options.Admit for a Monte Carlo run the service
// runs (it sets a dice limit): once the library has compiled the run and
// estimated its dice (refusing it over the limit before it waits), the run
// waits for its turn at the service's gate, weighed by those dice. On the
// command line it is nil, and no estimate is made.
func (e *Env) admitDice(ctx context.Context) func(float64) (int, error) {
	if e.MaxDice <= 0 {
		return nil
	}
	return func(dice float64) (int, error) { return endpoint.Admit(ctx, endpoint.Work{Dice: dice}) }
}
