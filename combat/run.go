package combat

import (
	"context"

	"github.com/ti4sim/ti4sim/internal/montecarlo"
)

// Run simulates sc o.Trials times and returns the merged Result.
//
// Trials run in fixed chunks, each seeded from (o.Seed, chunk index), on
// o.Workers goroutines with no shared writes; the Result is the same for
// every worker count. Memory does not grow with the number of trials. Run
// returns ctx.Err() if ctx is cancelled before the end, and an error naming
// the input when sc or o is invalid. It is safe to call concurrently.
func Run(ctx context.Context, sc Scenario, o Options) (Result, error) {
	if err := o.runner().Validate(); err != nil {
		return Result{}, err
	}
	p, err := compile(&sc)
	if err != nil {
		return Result{}, err
	}
	ws, err := montecarlo.Run(ctx, o.runner(), func() *worker { return newWorker(p) })
	if err != nil {
		return Result{}, err
	}
	var acc tally
	for _, w := range ws {
		acc.merge(&w.acc)
	}
	return p.result(&acc, o), nil
}
