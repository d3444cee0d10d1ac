package combat

import "github.com/ti4sim/ti4sim/internal/montecarlo"

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
}

func (o Options) runner() montecarlo.Options {
	return montecarlo.Options{Trials: o.Trials, Seed: o.Seed, Workers: o.Workers, Progress: o.Progress}
}
