package main

import (
	"context"
	"errors"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/service"
)

// admit waits for a run's turn when the service runs the command
// (service.Admit: fairly between clients, heavy runs in their own lane; at
// once on the command line) and returns the workers the run computes on:
// those the service gives a heavy run, otherwise workers.
func admit(ctx context.Context, w service.Work, workers int) (int, error) {
	n, err := service.Admit(ctx, w)
	if err != nil || n == 0 {
		return workers, err
	}
	return n, nil
}

// admitTrials admits a Monte Carlo run weighed by its estimated dice. Under
// a dice limit (the service's --max-dice) a run over it is refused before
// it waits, as a usage error of --trials saying how many fit; without one
// nothing is estimated. A scenario the estimate refuses is left for the
// run to refuse in its own words.
func (e *env) admitTrials(ctx context.Context, estimate func() (combat.Cost, error), workers int) (int, error) {
	if e.maxDice <= 0 {
		return admit(ctx, service.Work{}, workers)
	}
	c, err := estimate()
	if err != nil {
		return admit(ctx, service.Work{}, workers)
	}
	if err := c.Check(e.maxDice); err != nil {
		return 0, budgetError(err)
	}
	return admit(ctx, service.Work{Dice: c.Dice}, workers)
}

// budgetError is a *combat.BudgetError as a usage error of --trials (its
// JSON path, run.trials, in the service); other errors pass unchanged.
func budgetError(err error) error {
	var be *combat.BudgetError
	if errors.As(err, &be) {
		return usageErrorf("--trials %d: %v", be.Cost.Trials, err)
	}
	return err
}
