package answer

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
)

// Env is how an answer runs: the limits of the service that asks (none
// on the command line), the workers and the progress receiver of a run.
type Env struct {
	// DocumentOnly makes an answer print the scenario document it
	// stands for instead of running it (ti4sim scenario).
	DocumentOnly bool
	// MaxTrials and MaxExactStates, when not 0, bound a run (ti4sim
	// serve's limits): the trials of a precision run with no trials, and
	// the joint states of an exact combat.
	MaxTrials      int64
	MaxExactStates int
	// MaxDice, when not 0, bounds a Monte Carlo run's estimated dice
	// (ti4sim serve's --max-dice): a run over it is refused before it
	// runs, and one under it waits for its turn at the service's gate.
	MaxDice float64
	// Workers are the goroutines a run may use (0: GOMAXPROCS; -w).
	Workers int
	// Progress, when not nil, returns the receiver of the progress (trials
	// done of total) of a Monte Carlo run of trials, or nil for none: the
	// terminal's progress line, the service's streamed answers, the
	// WebAssembly engine's worker.
	Progress func(trials int64) func(done, total int64)
	// Render writes the answer: report.Formatted on the command line
	// (tables or JSON); nil is report.JSONOnly, the service's and the
	// engine's, which links no table renderer.
	Render report.Renderer
}

// render is e's renderer.
func (e *Env) render() report.Renderer {
	if e.Render == nil {
		return report.JSONOnly{}
	}
	return e.Render
}

// progress is the progress receiver of a run of trials, or nil.
func (e *Env) progress(trials int64) func(done, total int64) {
	if e.Progress == nil {
		return nil
	}
	return e.Progress(trials)
}

// WriteDocument prints a document as indented JSON.
func WriteDocument(w io.Writer, d any) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%s\n", b); err != nil {
		return err
	}
	return nil
}
