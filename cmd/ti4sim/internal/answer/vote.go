package answer

import (
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// Vote answers a vote document, for the command line, the service
// and the page alike: the document builds the agenda
// (scenario.Vote.Agenda), the agenda package answers, one renderer writes.
func Vote(ctx context.Context, d *scenario.Vote, e *Env, f report.Format, w io.Writer) error {
	a, err := d.Agenda()
	if err != nil {
		return err
	}
	doc := d.Normalize(a)
	if e.DocumentOnly {
		return WriteDocument(w, doc)
	}
	r, err := voteOdds(ctx, a, doc.Run, e)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	o := report.VoteOptions{Format: f}
	if f == report.JSON {
		o.Scenario = &doc
	}
	if err := e.render().Vote(&out, &a, &r, o); err != nil {
		return err
	}
	_, err = w.Write(out.Bytes())
	return err
}

// voteOdds computes agenda a exactly (run.exact) or by simulation.
func voteOdds(ctx context.Context, a agenda.Agenda, r scenario.Run, e *Env) (agenda.Result, error) {
	// A simulated vote is light (each trial a few draws a voter); an exact
	// one may enumerate millions of tallies.
	workers, err := admit(ctx, endpoint.Work{Heavy: r.Exact}, e.Workers)
	if err != nil {
		return agenda.Result{}, err
	}
	if r.Exact {
		states := agenda.MaxExactStates
		if e.MaxExactStates > 0 {
			states = min(states, e.MaxExactStates) // the service's limit bounds the memory
		}
		res, err := agenda.ExactWithin(ctx, a, states)
		if errors.Is(err, agenda.ErrTooLarge) {
			return res, &scenario.Error{Path: "run.exact", Msg: err.Error() + "; drop exact to simulate it"}
		}
		return res, err
	}
	o := options(r, e)
	return agenda.Simulate(ctx, a, agenda.Options{
		Trials: o.Trials, Seed: o.Seed, Workers: workers, Precision: r.Precision,
		Progress: e.progress(o.Trials),
	})
}
