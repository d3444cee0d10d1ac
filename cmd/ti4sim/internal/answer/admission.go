package main

import (
	"context"
	"errors"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
	"github.com/ti4sim/ti4sim/combat"
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

// admitDice is combat.Options.Admit for a Monte Carlo run the service
// runs (it sets a dice limit): once the library has compiled the run and
// estimated its dice (refusing it over the limit before it waits), the run
// waits for its turn at the service's gate, weighed by those dice. On the
// command line it is nil, and no estimate is made.
func (e *env) admitDice(ctx context.Context) func(float64) (int, error) {
	if e.maxDice <= 0 {
		return nil
	}
	return func(dice float64) (int, error) { return service.Admit(ctx, service.Work{Dice: dice}) }
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
