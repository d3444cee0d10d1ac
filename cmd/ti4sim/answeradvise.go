package main

import (
	"context"
	"io"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/combat/advise"
	"github.com/ti4sim/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/service"
)

// answerAdvise answers an advise document, for the command line, the
// service and the page alike: the document builds the library's question
// (scenario.Advise.Question), the advisor answers, one renderer writes it.
func answerAdvise(ctx context.Context, d *scenario.Advise, e *env, f report.Format, w io.Writer) error {
	q, err := d.Question()
	if err != nil {
		return err
	}
	doc := d.Normalize(q)
	if e.documentOnly {
		return writeDocument(w, doc)
	}
	o := options(doc.Scenario.Run, e)
	if o.Trials == 0 {
		o.Trials = scenario.AdviseTrials // method exact: the trials of a fleet exact mode cannot answer
	}
	q.MaxStates, q.MaxTrials = e.maxExactStates, e.maxTrials
	// Every fleet is solved or simulated: a heavy run. Its dice are known
	// only once exact mode has been tried, so the limit is checked then.
	if o.Workers, err = admit(ctx, service.Work{Heavy: true}, o.Workers); err != nil {
		return err
	}
	start := time.Now()
	a, err := advise.Fleet(ctx, q, o)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return underScenario(runError(ctx, err))
	}
	ro := report.AdviceOptions{Format: f, Elapsed: time.Since(start), Target: q.Target, Keep: q.Keep}
	if f == report.JSON {
		ro.Document = &doc
	}
	return report.Advice(w, &q.Scenario, a, ro)
}
