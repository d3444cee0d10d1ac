package engine

import (
	"github.com/ti4sim/ti4sim/internal/montecarlo"
)

// MaxTrials is the largest Options.Trials.
const MaxTrials = montecarlo.MaxTrials

// Options control a run.
type Options struct {
	// Trials is the number of simulated tactical actions, 1..MaxTrials.
	Trials int64
	// Seed selects the random streams. The same seed and trials give the
	// same Result, whatever Workers is.
	Seed uint64
	// Workers is the number of goroutines; 0 means GOMAXPROCS. It never
	// changes the Result.
	Workers int
	// Progress, if not nil, is called from Run's goroutine with the trials
	// finished and the total, a few times a second and once at the end.
	Progress func(done, total int64)
	// Precision, if positive, makes Run go on in batches until the 95%
	// interval of every outcome probability has a half-width below it;
	// Trials is then the most trials to run. 0 < Precision < 0.5. The
	// batches are fixed by the seed, so the result stays reproducible.
	Precision float64
	// MaxDice, if positive, bounds a run's work: before it starts, the run
	// estimates the dice it would roll (its trials, all variants' or
	// fleets' together, times Plan.DicePerTrial) and refuses, with an
	// error saying what to reduce, a run that would roll more. 0: no bound.
	MaxDice float64
	// Admit, if not nil, is called once a run's work is known — its
	// estimated dice, after MaxDice's check — and before it starts: it may
	// wait for the run's turn (a service's fair queue), and returns the
	// workers to run on (0: Workers) or an error that ends the run. The
	// estimate costs a 64-trial pilot; without Admit and MaxDice none is
	// made.
	Admit func(dice float64) (workers int, err error)
}

// Validate reports the first option out of range.
func (o Options) Validate() error {
	if err := o.Runner().Validate(); err != nil {
		field := "Workers"
		if o.Trials < 1 || o.Trials > MaxTrials {
			field = "Trials"
		}
		return InputIn("", field, err)
	}
	if o.Precision < 0 || o.Precision >= 0.5 || o.Precision != o.Precision {
		return Inputf("", "Precision", "precision %v out of range: allowed 0 (off) or 0 < precision < 0.5", o.Precision)
	}
	if o.MaxDice < 0 || o.MaxDice != o.MaxDice {
		return Inputf("", "MaxDice", "max dice %v out of range: allowed 0 (no bound) or more", o.MaxDice)
	}
	return nil
}

func (o Options) Runner() montecarlo.Options {
	return montecarlo.Options{Trials: o.Trials, Seed: o.Seed, Workers: o.Workers, Progress: o.Progress}
}
