package combat

import (
	"context"
	"errors"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
)

// errNilContext is returned by Run, Compare and Solve when given a nil
// context, instead of a panic in a worker goroutine that would end the
// caller's program.
var errNilContext = errors.New("combat: nil context")

// ErrInternal is matched (errors.Is) by the error of a panic inside the
// library, a bug in ti4sim, never a fault of the input: every entry point
// and every goroutine it starts turns a panic into such an error, whose
// message names the step of the scenario and the line, instead of ending
// the caller's program.
var ErrInternal = fault.ErrInternal

// Run simulates sc o.Trials times and returns the merged Result.
//
// Trials run in fixed chunks, each seeded from (o.Seed, chunk index), on
// o.Workers goroutines with no shared writes; the Result is the same for
// every worker count. Memory does not grow with the number of trials. Run
// returns ctx.Err() if ctx is cancelled before the end, an error if ctx is
// nil, and an error naming the input when sc or o is invalid. It is safe to
// call concurrently.
func Run(ctx context.Context, sc Scenario, o Options) (_ Result, err error) {
	defer fault.Catch(&err, engine.StepOf)
	defer seamError(&err)
	if ctx == nil {
		return Result{}, errNilContext
	}
	if err := o.Validate(); err != nil {
		return Result{}, inputError(err)
	}
	p, err := compileForTrials(ctx, &sc)
	if err != nil {
		return Result{}, err
	}
	if err := admit(&o, func() Cost { return costOf(o.Trials, p) }); err != nil {
		return Result{}, err
	}
	eo := engineOptions(o)
	if o.Precision > 0 {
		r, err := p.RunToPrecision(ctx, eo)
		if err != nil {
			return Result{}, err
		}
		return publicResult(r), nil
	}
	var acc engine.Tally
	if err := p.Batch(ctx, eo.Runner(), &acc); err != nil {
		return Result{}, err
	}
	return publicResult(p.Result(&acc, eo)), nil
}
