package main

import (
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/spf13/pflag"

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
	r := &runFlags{}
	fs.Int64VarP(&r.trials, "trials", "n", 100000, "number of simulated trials (1..1e9)")
	fs.Uint64Var(&r.seed, "seed", 1, "random seed; the same seed gives the same output")
	fs.IntVar(&r.workers, "workers", 0, "parallel workers (0 = GOMAXPROCS); never changes the answer")
	fs.StringVarP(&r.output, "output", "o", "table", "output format: table or json")
	return r
}

func (r *runFlags) validate() error {
	if r.trials < 1 || r.trials > montecarlo.MaxTrials {
		return usageErrorf("--trials %d out of range: allowed 1..%d", r.trials, montecarlo.MaxTrials)
	}
	if r.workers < 0 || r.workers > 4096 {
		return usageErrorf("--workers %d out of range: allowed 0 (GOMAXPROCS) or 1..4096", r.workers)
	}
	if r.output != "table" && r.output != "json" {
		return usageErrorf("--output %q: allowed table or json", r.output)
	}
	return nil
}

// progress returns a progress callback that draws on stderr when stderr is a
// terminal and the run is long enough to need one, or nil.
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
