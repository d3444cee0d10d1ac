package answer

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
)

// Advise answers an advise document, for the command line, the
// service and the page alike: the document builds the library's question
// (scenario.Advise.Question), the advisor answers, one renderer writes it.
func Advise(ctx context.Context, d *scenario.Advise, e *Env, f report.Format, w io.Writer) error {
	q, err := d.Question()
	if err != nil {
		return err
	}
	doc := d.Normalize(q)
	if e.DocumentOnly {
		return WriteDocument(w, doc)
	}
	o := options(doc.Scenario.Run, e)
	if o.Trials == 0 {
		o.Trials = scenario.AdviseTrials // method exact: the trials of a fleet exact mode cannot answer
	}
	q.MaxStates, q.MaxTrials = e.MaxExactStates, e.MaxTrials
	// Every fleet is solved or simulated: a heavy run. Its dice are known
	// only once exact mode has been tried, so the limit is checked then.
	if o.Workers, err = admit(ctx, endpoint.Work{Heavy: true}, o.Workers); err != nil {
		return err
	}
	start := time.Now()
	a, err := advise.Fleet(ctx, q, o)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return adviceError(ctx, err)
	}
	ro := report.AdviceOptions{Format: f, Elapsed: time.Since(start), Target: q.Target, Keep: q.Keep}
	if f == report.JSON {
		ro.Document = &doc
	}
	return e.render().Advice(w, &q.Scenario, a, ro)
}

// adviceError places the advisor's error: the work limit and the fight's
// faults as runError does, a limit's at its path ("limits.kinds: …"),
// what no fleet can answer on the whole document; cancellation, a busy
// service and faults of ti4sim go on as they are.
func adviceError(ctx context.Context, err error) error {
	err = underScenario(runError(ctx, err))
	var de *scenario.Error
	if ctx.Err() != nil || errors.Is(err, endpoint.ErrBusy) || errors.Is(err, combat.ErrInternal) || errors.As(err, &de) {
		return err
	}
	msg := err.Error()
	if path, rest, ok := strings.Cut(msg, ": "); ok && !strings.Contains(path, " ") {
		switch {
		case path == "limits.kinds":
			return &scenario.Error{Path: "limits.build", Msg: rest} // the library's Kinds are the document's build
		case path == "limits.dock_resources":
			return &scenario.Error{Path: "limits.space_dock", Msg: rest}
		case path == "target" || path == "keep":
			return &scenario.Error{Path: path, Msg: rest}
		case strings.HasPrefix(path, "limits."):
			return &scenario.Error{Path: path, Msg: rest}
		case path == "trials":
			return &scenario.Error{Path: "scenario.run.trials", Msg: rest}
		}
	}
	return &scenario.Error{Msg: msg}
}
