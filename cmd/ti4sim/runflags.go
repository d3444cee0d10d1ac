package main

import (
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/montecarlo"
)

// runFlags are the flags every simulating command shares.
type runFlags struct {
	trials  int64
	seed    uint64
	workers int
	output  string
}

func addRunFlags(fs *pflag.FlagSet) *runFlags {
	r := &runFlags{trials: 100000}
	fs.VarP((*count)(&r.trials), "trials", "n", "number of simulated trials (1..1e9)")
	fs.Uint64Var(&r.seed, "seed", 1, "random seed; the same seed gives the same output")
	fs.IntVar(&r.workers, "workers", 0, "parallel workers (0 = GOMAXPROCS); never changes the answer")
	fs.StringVarP(&r.output, "output", "o", "table", "output format: table or json")
	return r
}

// applyRun sets the run's trials and seed of the flags given.
func (r *runFlags) applyRun(fs *pflag.FlagSet, run *scenario.Run) {
	if fs.Changed("trials") {
		run.Trials = r.trials
	}
	if fs.Changed("seed") {
		seed := r.seed
		run.Seed = &seed
	}
}

func (r *runFlags) validate() error {
	if r.trials < 1 || r.trials > montecarlo.MaxTrials {
		return usageErrorf("--trials %d out of range: allowed 1..1e9 (%d)", r.trials, montecarlo.MaxTrials)
	}
	if r.workers < 0 || r.workers > 4096 {
		return usageErrorf("--workers %d out of range: allowed 0 (GOMAXPROCS) or 1..4096", r.workers)
	}
	if r.output != "table" && r.output != "json" {
		return usageErrorf("--output %s: allowed table or json", echo.Quote(r.output))
	}
	return nil
}

// format is the output format --output chose (validate has checked it).
func (r *runFlags) format() report.Format {
	if r.output == "json" {
		return report.JSON
	}
	return report.Table
}

// count is a flag value holding a whole number that may be written in
// e-notation (1e6), as the help writes its ranges.
type count = cliflag.Count

// checkExact refuses, with --exact, the flags that only steer sampling:
// an exact answer has no trials, no random numbers and no sampling error.
// --workers (which never changes an answer) is accepted and unused.
func checkExact(fs *pflag.FlagSet) error {
	switch {
	case fs.Changed("trials"):
		return usageErrorf("--exact computes without trials; drop -n")
	case fs.Changed("seed"):
		return usageErrorf("--exact draws no random numbers; drop --seed")
	case fs.Changed("precision"):
		return usageErrorf("--precision has no meaning with --exact: an exact answer has no sampling error")
	}
	return nil
}

// checkPrecision reports a --precision outside its range 0 < P < 0.5
// when the flag is given (left out, it is 0: a plain run of -n trials).
func checkPrecision(fs *pflag.FlagSet, p float64) error {
	if !fs.Changed("precision") || p > 0 && p < 0.5 {
		return nil
	}
	return usageErrorf("--precision %v out of range: allowed 0 < P < 0.5 (e.g. 0.001)", p)
}

// progress returns the command line's progress callback: it draws on
// stderr when stderr is a terminal and the run is long enough to need
// one; otherwise nil. (The service and the WebAssembly engine give their
// own receiver: package answer's Env.Progress.)
func progress(e *env, trials int64) func(done, total int64) {
	f, ok := e.stderr.(*os.File)
	if !ok || trials < 2_000_000/int64(max(1, runtime.GOMAXPROCS(0))) {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	start := time.Now()
	return func(done, total int64) {
		if time.Since(start) < time.Second && done < total {
			return
		}
		pct := 100 * float64(done) / float64(total)
		fmt.Fprintf(f, "\r%5.1f%%  %d/%d trials", pct, done, total)
		if done >= total {
			fmt.Fprint(f, "\r\033[K")
		}
	}
}
