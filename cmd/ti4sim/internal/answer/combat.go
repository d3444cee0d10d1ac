package answer

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"github.com/ti4sim/ti4sim/combat"
)

// Combat answers a combat document, the one path of the command
// line, the service and the page: the document builds the library's input
// (scenario.Combat.Scenario), the library answers, one renderer writes
// the answer to w in format f. An input's fault is a *scenario.Error at its
// JSON path, which each front end names in its own words (a flag, a path).
func Combat(ctx context.Context, d *scenario.Combat, e *Env, f report.Format, w io.Writer) error {
	sc, err := d.Scenario()
	if err != nil {
		return err
	}
	doc := d.Normalize(sc)
	if e.DocumentOnly {
		return WriteDocument(w, doc)
	}
	o := report.CombatOptions{Format: f}
	if f == report.JSON {
		o.Scenario = &doc
	}
	switch {
	case len(sc.Planets) > 0:
		res, err := systemOdds(ctx, sc, doc.Run, d.ExactOnly(), e)
		if err != nil {
			return err
		}
		return e.render().System(w, sc, res, o)
	case sc.Attacker.Order.Optimal || sc.Defender.Order.Optimal:
		if _, err := admit(ctx, endpoint.Work{Heavy: true}, 0); err != nil {
			return err
		}
		a, err := combat.OptimizeWithin(ctx, sc, e.exactStates())
		switch {
		case ctx.Err() != nil:
			return err
		case err != nil:
			return &scenario.Error{Path: d.ExactOnly(), Msg: err.Error()}
		}
		return e.render().Assignment(w, sc, a, o)
	}
	res, err := odds(ctx, sc, doc.Run, d.ExactOnly(), e)
	if err != nil {
		return err
	}
	return e.render().Combat(w, sc, res, o)
}

// options are the library's run options of a normalised run: a precision
// run with no trials given runs at most combat.MaxTrials (the service's
// limit, if lower).
func options(r scenario.Run, e *Env) combat.Options {
	o := combat.Options{Trials: r.Trials, Precision: r.Precision, Workers: e.Workers, MaxDice: e.MaxDice}
	if r.Seed != nil {
		o.Seed = *r.Seed
	}
	if r.Precision > 0 && r.Trials == 0 {
		o.Trials = combat.MaxTrials
		if e.MaxTrials > 0 {
			o.Trials = min(o.Trials, e.MaxTrials)
		}
	}
	return o
}

// odds solves sc exactly (run.exact, run.prefer_exact, or an input only
// exact mode answers) or simulates it; with prefer_exact a combat too large
// to solve is simulated with a warning saying why.
func odds(ctx context.Context, sc combat.Scenario, r scenario.Run, exactOnly string, e *Env) (combat.Result, error) {
	o := options(r, e)
	var err error
	if o.Workers, o.Admit, err = admitOdds(ctx, r, exactOnly, o.Workers, e); err != nil {
		return combat.Result{}, err
	}
	res, done, notExact, err := tryExact(ctx, r, exactOnly, func() (combat.Result, error) { return combat.SolveWithin(ctx, sc, e.exactStates()) })
	if done || err != nil {
		return res, err
	}
	o.Progress = e.progress(o.Trials)
	if res, err = combat.Run(ctx, sc, o); err != nil {
		return res, runError(ctx, err)
	}
	if notExact != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("not exact: %s; simulated instead (--prefer-exact)", notExact.Reason))
	}
	return res, nil
}

// runError places a run's error: the work limit at run.trials, an input's
// fault at its path; cancellation, a busy service and faults of ti4sim as
// they are.
func runError(ctx context.Context, err error) error {
	var be *combat.BudgetError
	var in *combat.InputError
	switch {
	case ctx.Err() != nil || errors.Is(err, endpoint.ErrBusy):
		return err
	case errors.As(err, &be):
		return &scenario.Error{Path: "run.trials", Msg: err.Error()}
	case errors.As(err, &in):
		return &scenario.Error{Path: scenario.PathOf(in), Msg: in.Msg}
	}
	return err
}

// tryExact solves exactly when the run asks for it: the answer and done,
// or, where prefer_exact falls back to Monte Carlo, not done and why (for
// the warning). A refusal otherwise is an error at the input that asked.
func tryExact[R any](ctx context.Context, r scenario.Run, exactOnly string, solve func() (R, error)) (res R, done bool, notExact *combat.NotExactError, err error) {
	if !r.Exact && !r.PreferExact {
		return res, false, nil, nil
	}
	res, err = solve()
	switch {
	case err == nil:
		return res, true, nil, nil
	case ctx.Err() != nil || errors.Is(err, endpoint.ErrBusy):
		return res, false, nil, err
	case r.Exact || !errors.As(err, &notExact):
		path := "run.exact"
		if exactOnly != "" {
			path = exactOnly // exact mode because of it
		}
		var in *combat.InputError
		if errors.As(err, &in) {
			return res, false, nil, runError(ctx, err)
		}
		return res, false, nil, &scenario.Error{Path: path, Msg: err.Error()}
	}
	return res, false, notExact, nil
}

// systemOdds answers an invasion of a system of planets: exactly or by
// simulation, as odds does for one.
func systemOdds(ctx context.Context, sc combat.Scenario, r scenario.Run, exactOnly string, e *Env) (combat.SystemResult, error) {
	return systemOddsBy(ctx, sc, r, exactOnly, e, combat.SolveSystemWithin, combat.RunSystem)
}

// systemOddsBy is systemOdds with the library's solve and run given (the
// end states' variants for luck).
func systemOddsBy(ctx context.Context, sc combat.Scenario, r scenario.Run, exactOnly string, e *Env,
	solve func(context.Context, combat.Scenario, int) (combat.SystemResult, error),
	run func(context.Context, combat.Scenario, combat.Options) (combat.SystemResult, error)) (combat.SystemResult, error) {
	o := options(r, e)
	var err error
	if o.Workers, o.Admit, err = admitOdds(ctx, r, exactOnly, o.Workers, e); err != nil {
		return combat.SystemResult{}, err
	}
	res, done, notExact, err := tryExact(ctx, r, exactOnly, func() (combat.SystemResult, error) { return solve(ctx, sc, e.exactStates()) })
	if done || err != nil {
		return res, err
	}
	if r.Precision > 0 {
		return combat.SystemResult{}, &scenario.Error{Path: "run.precision", Msg: "not available with planets; give the trials"}
	}
	o.Progress = e.progress(o.Trials)
	if res, err = run(ctx, sc, o); err != nil {
		if err = runError(ctx, err); ctx.Err() == nil && !errors.Is(err, endpoint.ErrBusy) && !errors.Is(err, combat.ErrInternal) {
			var de *scenario.Error
			if !errors.As(err, &de) {
				err = &scenario.Error{Msg: err.Error()} // the system's composition refuses what it cannot play
			}
		}
		return res, err
	}
	if notExact != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("not exact: %s; simulated instead (--prefer-exact)", notExact.Reason))
	}
	return res, nil
}

// admitOdds admits the run of odds or systemOdds at the service's gate: the
// best retreat or optimal policy (solved exactly only) as a heavy run and
// an exact solve (run.exact, or run.prefer_exact, which tries one first) as
// a light one, here; a simulation is admitted by the library once it has
// estimated its dice (the Options.Admit returned). It returns the workers
// to run on.
func admitOdds(ctx context.Context, r scenario.Run, exactOnly string, workers int, e *Env) (int, func(float64) (int, error), error) {
	switch {
	case exactOnly != "":
		w, err := admit(ctx, endpoint.Work{Heavy: true}, workers)
		return w, nil, err
	case r.Exact || r.PreferExact:
		w, err := admit(ctx, endpoint.Work{}, workers)
		return w, nil, err
	}
	return workers, e.admitDice(ctx), nil
}

// exactStates is the bound on an exact solve's joint states: the
// service's, or the library's.
func (e *Env) exactStates() int {
	if e.MaxExactStates > 0 {
		return e.MaxExactStates
	}
	return combat.MaxExactStates
}
