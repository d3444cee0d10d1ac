package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/service"
)

// combatCommand builds space, ground or invade: they differ only in the
// action, the built-in example and the help text.
func combatCommand(name string, act combat.Action, summary, help string, ex example) *command {
	cc := &combatRun{name: name, act: act, ex: ex}
	return &command{
		name:    name,
		summary: summary,
		usage:   "ti4sim " + name + " [-a FLEET -d FLEET] [flags]",
		help:    strings.Replace(help, "\nExamples:", roundCapHelp+"\n\nExamples:", 1),
		flagSet: cc.newFlags,
		run:     cc.run,
	}
}

// combatRun is one of space, ground or invade: its action and built-in
// example, and the flags of the flag set built last.
type combatRun struct {
	name string
	act  combat.Action
	ex   example
	rf   *runFlags
	sf   *scenarioFlags
}

// newFlags builds a fresh flag set, whose values rf and sf then hold.
func (cc *combatRun) newFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet(cc.name, pflag.ContinueOnError)
	fs.SortFlags = false
	cc.sf = addScenarioFlags(fs)
	if cc.act == combat.Invasion {
		cc.sf.addPlanetFlags(fs)
	}
	cc.rf = addRunFlags(fs)
	return fs
}

// run parses args, builds the scenario, and prints its document
// (documentOnly) or its odds.
func (cc *combatRun) run(ctx context.Context, c *command, args []string, e *env) error {
	fs, err := cc.parse(c, args, e)
	if err != nil {
		return err
	}
	rf, sf := cc.rf, cc.sf
	sc, err := sf.scenario(cc.act, cc.ex)
	if err != nil {
		return err
	}
	if e.documentOnly {
		return writeDocument(e.stdout, sf.combatDocument(sc, rf, fs))
	}
	o := report.CombatOptions{Format: rf.format()}
	if o.Format == report.JSON {
		doc := sf.combatDocument(sc, rf, fs)
		o.Scenario = &doc
	}
	if len(sc.Planets) > 0 {
		res, err := cc.systemOdds(ctx, sc, e)
		if err != nil {
			return err
		}
		return report.System(e.stdout, sc, res, o)
	}
	if sc.Attacker.Order.Optimal || sc.Defender.Order.Optimal {
		if _, err := admit(ctx, service.Work{Heavy: true}, 0); err != nil {
			return err
		}
		a, err := combat.OptimizeWithin(ctx, sc, e.exactStates())
		switch {
		case ctx.Err() != nil:
			return err
		case err != nil:
			return usageErrorf("--%s optimal: %v", sf.optimalFlag(), err)
		}
		return report.Assignment(e.stdout, sc, a, o)
	}
	res, err := cc.odds(ctx, sc, fs, e)
	if err != nil {
		return err
	}
	return report.Combat(e.stdout, sc, res, o)
}

// parse parses args, merged under a --scenario document's flags when one
// is given (the command line wins), and checks the flags that go together.
func (cc *combatRun) parse(c *command, args []string, e *env) (*pflag.FlagSet, error) {
	fs := cc.newFlags()
	if err := parseFlags(c, fs, args, e); err != nil {
		return nil, err
	}
	if cc.sf.document != "" {
		doc, err := readDocument(e, cc.sf.document, scenario.DecodeCombat)
		if err != nil {
			return nil, err
		}
		if doc.Action != actionNames[cc.act] {
			return nil, usageErrorf("--scenario %s: the document's action is %s; run ti4sim %s --scenario %s", cc.sf.document, doc.Action, commandOf[doc.Action], cc.sf.document)
		}
		all := withDocument(doc.Args(), args, fs)
		fs = cc.newFlags()
		if err := parseFlags(c, fs, all, e); err != nil {
			return nil, err
		}
	}
	sf := cc.sf
	if err := cc.rf.validate(); err != nil {
		return nil, err
	}
	if sf.exact {
		if err := checkExact(fs); err != nil {
			return nil, err
		}
		if sf.preferExact {
			return nil, usageErrorf("--prefer-exact: give --exact (exact or an error) or --prefer-exact (exact when possible, otherwise simulated), not both")
		}
	}
	if err := checkPrecision(fs, sf.precision); err != nil {
		return nil, err
	}
	if given := sf.exactOnly(); given != "" {
		// The optimal policy and the best retreat are tables the exact
		// solver computes.
		for _, f := range []string{"trials", "seed", "precision", "prefer-exact"} {
			if fs.Changed(f) {
				return nil, usageErrorf("--%s is solved exactly: drop --%s", given, f)
			}
		}
		sf.exact = true
	}
	sf.noteGiven(fs)
	return fs, nil
}

// odds solves sc exactly (--exact, --prefer-exact) or simulates it; with
// --prefer-exact a combat too large to solve is simulated with a warning
// saying why.
func (cc *combatRun) odds(ctx context.Context, sc combat.Scenario, fs *pflag.FlagSet, e *env) (combat.Result, error) {
	rf, sf := cc.rf, cc.sf
	o := combat.Options{Trials: rf.trials, Seed: rf.seed, Workers: rf.workers, Precision: sf.precision, MaxDice: e.maxDice}
	if sf.precision > 0 && !fs.Changed("trials") {
		o.Trials = combat.MaxTrials // -n caps a precision run only when given
		if e.maxTrials > 0 {
			o.Trials = min(o.Trials, e.maxTrials)
		}
	}
	var err error
	if o.Workers, o.Admit, err = cc.admitOdds(ctx, o.Workers, e); err != nil {
		return combat.Result{}, err
	}
	res, done, notExact, err := tryExact(ctx, sf, func() (combat.Result, error) { return combat.SolveWithin(ctx, sc, e.exactStates()) })
	if done || err != nil {
		return res, err
	}
	o.Progress = progress(e, o.Trials)
	if res, err = combat.Run(ctx, sc, o); err != nil {
		return res, budgetError(err)
	}
	if notExact != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("not exact: %s; simulated instead (--prefer-exact)", notExact.Reason))
	}
	return res, nil
}

// tryExact solves exactly when --exact, --prefer-exact or a flag only
// exact mode answers asks for it: the answer and done, or, where
// --prefer-exact falls back to Monte Carlo, not done and why (for the
// warning). A refusal otherwise is a usage error naming the flag.
func tryExact[R any](ctx context.Context, sf *scenarioFlags, solve func() (R, error)) (res R, done bool, notExact *combat.NotExactError, err error) {
	if !sf.exact && !sf.preferExact {
		return res, false, nil, nil
	}
	res, err = solve()
	switch {
	case err == nil:
		return res, true, nil, nil
	case ctx.Err() != nil:
		return res, false, nil, err
	case sf.exact || !errors.As(err, &notExact):
		flag := "--exact"
		if given := sf.exactOnly(); given != "" {
			flag = "--" + given // exact mode because of it
		}
		return res, false, nil, usageErrorf("%s: %v", flag, err)
	}
	return res, false, notExact, nil
}

// systemOdds answers an invasion of a system of planets: exactly
// (--exact, --prefer-exact) or by simulation, as odds does for one.
func (cc *combatRun) systemOdds(ctx context.Context, sc combat.Scenario, e *env) (combat.SystemResult, error) {
	rf, sf := cc.rf, cc.sf
	o := combat.Options{Trials: rf.trials, Seed: rf.seed, Workers: rf.workers, MaxDice: e.maxDice}
	var err error
	if o.Workers, o.Admit, err = cc.admitOdds(ctx, o.Workers, e); err != nil {
		return combat.SystemResult{}, err
	}
	res, done, notExact, err := tryExact(ctx, sf, func() (combat.SystemResult, error) { return combat.SolveSystemWithin(ctx, sc, e.exactStates()) })
	if done || err != nil {
		return res, err
	}
	if sf.precision > 0 {
		return combat.SystemResult{}, usageErrorf("--precision: not available with --planet; give the trials with -n")
	}
	o.Progress = progress(e, o.Trials)
	if res, err = combat.RunSystem(ctx, sc, o); err != nil {
		if ctx.Err() != nil || errors.Is(err, service.ErrBusy) {
			return res, err
		}
		if be := budgetError(err); be != err {
			return res, be
		}
		return res, usageErrorf("%v", err)
	}
	if notExact != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("not exact: %s; simulated instead (--prefer-exact)", notExact.Reason))
	}
	return res, nil
}

// admitOdds admits the run of odds or systemOdds at the service's gate: the
// best retreat (solved exactly only) as a heavy run and an exact solve
// (--exact, or --prefer-exact, which tries one first) as a light one, here;
// a simulation is admitted by the library once it has estimated its dice
// (the Options.Admit returned). It returns the workers to run on.
func (cc *combatRun) admitOdds(ctx context.Context, workers int, e *env) (int, func(float64) (int, error), error) {
	switch sf := cc.sf; {
	case sf.exactOnly() != "":
		w, err := admit(ctx, service.Work{Heavy: true}, workers)
		return w, nil, err
	case sf.exact || sf.preferExact:
		w, err := admit(ctx, service.Work{}, workers)
		return w, nil, err
	}
	return workers, e.admitDice(ctx), nil
}

// exactStates is the bound on an exact solve's joint states: the
// service's, or the library's.
func (e *env) exactStates() int {
	if e.maxExactStates > 0 {
		return e.maxExactStates
	}
	return combat.MaxExactStates
}

// optimalFlag names the first policy flag set to optimal, or "".
func (f *scenarioFlags) optimalFlag() string {
	for _, p := range []struct{ name, v string }{{"attacker-policy", f.attackerPolicy}, {"defender-policy", f.defenderPolicy}} {
		if strings.TrimSpace(p.v) == "optimal" {
			return p.name
		}
	}
	return ""
}

// exactOnly names the first flag, with its value, that only exact mode
// answers (a policy optimal, a retreat best), or returns "".
func (f *scenarioFlags) exactOnly() string {
	if name := f.optimalFlag(); name != "" {
		return name + " optimal"
	}
	for _, r := range []struct{ name, v string }{{"attacker-retreat", f.attackerRetreat}, {"defender-retreat", f.defenderRetreat}} {
		if v := strings.ToLower(strings.TrimSpace(r.v)); v == "best" || strings.HasPrefix(v, "best:") {
			return r.name + " " + v
		}
	}
	return ""
}

// roundCapHelp is the help's note on combats that cannot end.
var roundCapHelp = fmt.Sprintf(`
A combat that cannot end (no unit can score a hit any more) is stopped at
the round cap of %d rounds: it is reported as unfinished, and its rounds
count as %d, by simulation and by --exact alike.`, combat.RoundCap, combat.RoundCap)

func spaceCommand() *command {
	return combatCommand("space", combat.SpaceCombat,
		"space cannon offense, anti-fighter barrage and space combat",
		`Simulates space cannon offense (the defender's PDS fire at the attacker's
ships), anti-fighter barrage and the rounds of a space combat to the end.
Outcomes: who has ships left (draw: neither).

With no -a/-d it runs the standard example, a defender whose space dock
gives its fighters room:
  -a "3 carrier, 6 fighter" -d "1 dreadnought, 2 destroyer, 3 fighter, 1 space dock"

Examples:
  ti4sim space -a "2 dreadnought, 1 carrier, 4 fighter" -d "3 cruiser, 2 destroyer II"
  ti4sim space -a "1 war sun, 2 dread" -d "4 destroyer, 1 pds II" --defender-adjacent-pds 2
  ti4sim space -a "3 cruiser" -d "2 dread" --nebula -o json
  ti4sim space -a "2 dread, 4 fighter" -d "6 fighter" --attacker-order "fighter, dread, sustain=last"`,
		spaceExample)
}

// The built-in examples of space, ground and invade (also used by compare).
// They are legal positions: every side's fighters and ground forces in space
// fit its capacity (LRR 16; the defender's space dock holds up to 3 of its
// fighters, the Space Dock unit card).
var (
	spaceExample  = example{"3 carrier, 6 fighter", "1 dreadnought, 2 destroyer, 3 fighter, 1 space dock"}
	groundExample = example{"4 infantry, 1 mech", "3 infantry II"}
	invadeExample = example{"2 dreadnought, 1 carrier, 2 fighter, 4 infantry", "1 destroyer, 2 fighter, 3 infantry, 1 pds, 1 space dock"}
)

func groundCommand() *command {
	return combatCommand("ground", combat.GroundCombat,
		"a ground combat alone",
		`Simulates a ground combat on one planet: rounds until one side or neither has
ground forces. Only infantry and mechs fight; the defender may list pds and
space docks on the planet (they do not fight). Outcomes: who has ground
forces left (draw: neither).

With no -a/-d it runs the example -a "4 infantry, 1 mech" -d "3 infantry II".

Examples:
  ti4sim ground -a "5 infantry" -d "2 infantry, 1 mech"
  ti4sim ground -a "3 inf II, 2 mech" -d "4 inf" --defender-modifier -1 -o json`,
		groundExample)
}

func invadeCommand() *command {
	return combatCommand("invade", combat.Invasion,
		"the whole tactical action against a planet, or a system of up to 3",
		`Simulates a tactical action against one planet: space cannon offense, space
combat (if both sides have ships), bombardment, commitment of all the
attacker's ground forces, space cannon defense, ground combat and control.
The attacker's ground forces start in the space area; the defender's ground
forces and structures (pds, space dock) are on the planet. The invasion
happens only if the attacker has ships left after the space combat.
Outcomes: attacker wins = the attacker controls the planet; defender wins =
the defender keeps it (or no invasion took place); draw = the ground combat
ended with no ground forces on either side. Under --ruleset ti3-sa the
defender keeps a planet where the ground combat wiped out both sides: those
trials count as defender wins, shown again on the line "of which: ground
combat wiped out both" (JSON: both_wiped_out), and there is no draw. A
combat that can never end (no unit can score a hit) is unfinished, in both
rulesets.

A system of several planets: give each with --planet "NAME: UNITS" (up to
3, most valuable first; -d then holds only the defender's ships). The space
area is fought once with every planet's units present; every unit with
Bombardment bombards one planet (the first that can be bombarded, or
--bombard NAME); the ground forces are split by --commit: secure[:P]
(default secure:0.9: planet by planet, the cheapest force that takes it
with chance P, judged exactly), best[:all] or best:count (the split that
maximises the chance to take every planet, or the expected number taken),
or a split "NAME: UNITS; NAME: UNITS". The answer: the chance to take every
planet, each number of planets and each planet, with the units left.

With no -a/-d it runs the example (the planet's space dock gives the
defender's fighters room):
  -a "2 dreadnought, 1 carrier, 2 fighter, 4 infantry"
  -d "1 destroyer, 2 fighter, 3 infantry, 1 pds, 1 space dock"

Examples:
  ti4sim invade -a "1 war sun, 1 carrier, 4 infantry" -d "2 infantry, 1 mech, 1 pds"
  ti4sim invade -a "2 dread II, 2 carrier, 6 inf" -d "1 cruiser, 4 inf, 2 pds II" -n 1000000 -o json
  ti4sim invade -a "2 dreadnought, 2 carrier, 7 infantry, 1 mech" -d "1 cruiser" --planet "Arinam: 2 infantry, 1 pds" --planet "Meer: 3 infantry" --commit best --exact`,
		invadeExample)
}
