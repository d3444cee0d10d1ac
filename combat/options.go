package combat

// MaxTrials is the largest Options.Trials.
const MaxTrials = 1_000_000_000

// RoundCap is the most combat rounds one combat is played for. A combat
// that cannot end (no unit can score a hit any more, and nothing else ends
// it) is stopped there: it is unresolved, reported as unfinished, and its
// rounds count as RoundCap. It is also the largest Scenario.MaxRounds and
// retreat round.
const RoundCap = 1000

// Options control a run (Run, RunSystem, Compare, Advise; Solve needs
// none). The same Options and Scenario give the same Result.
type Options struct {
	// Trials is the number of simulated tactical actions, 1..MaxTrials.
	Trials int64
	// Seed selects the random streams. The same seed and trials give the
	// same Result, whatever Workers is.
	Seed uint64
	// Workers is the number of goroutines, 0 or more; 0 means GOMAXPROCS.
	// It never changes the Result.
	Workers int
	// Progress, if not nil, is called from Run's goroutine with the trials
	// finished and the total, a few times a second and once at the end.
	Progress func(done, total int64)
	// Precision, if positive, makes Run go on in batches until the 95%
	// interval of every outcome probability has a half-width below it;
	// Trials is then the most trials to run. 0 (off) or 0 < Precision <
	// 0.5. The batches are fixed by the seed, so the result stays
	// reproducible.
	Precision float64
	// MaxDice, if positive, bounds a run's work: before it starts, the run
	// estimates the dice it would roll (its trials, all variants' or
	// fleets' together, times the dice one trial rolls; Cost) and refuses,
	// with a *BudgetError saying what to reduce, a run that would roll
	// more. 0: no bound.
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
func (o Options) Validate() error { return engineOptions(o).Validate() }
