package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// adviseTrials are the trials per fleet when the fleets are simulated and
// -n is not given: every fleet runs them, so fewer than a single run's.
const adviseTrials = 20000

func adviseCommand() *command {
	ar := &adviseRun{}
	return &command{
		name:    "advise",
		summary: "the fleet to build: the best within a budget, or the cheapest that wins often enough",
		usage:   "ti4sim advise space|invade -d FLEET [-a UNITS_THERE] --resources N [limits] [--target P] [flags]",
		help: `Finds what the attacker should build for a fight: every fleet buildable
within the limits is evaluated, and the answer is the fleet with the highest
chance to win (no --target), or the cheapest fleet whose chance to win is at
least --target (for invade: the cheapest force that takes the planet that
often). Ties go to the cheaper fleet, then to the fewer resources lost.
-a gives the units already in the active system or moving in (they count
against the fleet pool and capacity, not the resources); -d, the faction
and technology flags and the system flags describe the fight as for space
and invade.

Limits (Living Rules Reference: Producing Units, Fleet Pool, Capacity,
Reinforcements): --resources to spend, units at their printed cost,
fighters and infantry two for one; --production units (each fighter and
infantry counts one) or --space-dock R, the production of a space dock on a
planet of R resources (default: --space-dock 3, a home system's dock:
production 5 with Space Dock I, LRR Production); --fleet-pool, the most
non-fighter ships in the system (with Fighter II, fighters beyond capacity
count too; default: 3, the tokens a player starts with, LRR Command
Tokens); the output names each default it used (--production 50 and
--fleet-pool 50 lift them); fighters and ground forces need capacity;
--supply KIND=N, what is left in the reinforcements (default: the plastic
pieces of one colour less those in the system; fighters and infantry
unlimited).

Fleets are evaluated exactly where exact mode applies to all of them, and
otherwise by -n trials each (default 20000) with the same seed: common
random numbers. The search goes cheapest first and stops early only where
the cost order proves no costlier fleet can be the answer (a --target
reached; a certain win). Prints the recommendation, the Pareto table (no
other fleet is cheaper, likelier to win, likelier to keep --keep units and
loses fewer resources at once) and how many fleets were evaluated in what
time.

Examples:
  ti4sim advise space -d "1 dreadnought, 2 cruiser, 2 destroyer, 3 fighter" \
      --defender-tech pds-ii --defender-adjacent-pds 1 --resources 12 --production 8 --fleet-pool 4
  ti4sim advise invade -a "1 carrier" -d "3 infantry, 1 pds" --resources 6 --target 0.8
  ti4sim advise space -d "2 cruiser" --resources 10 --space-dock 3 --supply dreadnought=1 -o json`,
		flagSet: ar.newFlags,
		run:     ar.run,
	}
}

// adviseRun holds the flags of advise's flag set built last.
type adviseRun struct {
	rf *runFlags
	df *docFlags
	lf struct {
		resources, production, spaceDock, fleetPool, keep int
		supply, build                                     []string
		warSun                                            bool
		target                                            float64
		method                                            string
	}
}

func (ar *adviseRun) newFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet("advise", pflag.ContinueOnError)
	fs.SortFlags = false
	l := &ar.lf
	fs.IntVar(&l.resources, "resources", 0, "resources to spend, 1..100 (required)")
	fs.IntVar(&l.production, "production", 0, "the most units produced, each fighter and infantry counting one, 1..50 (default: --space-dock 3)")
	fs.IntVar(&l.spaceDock, "space-dock", 0, "`R`: the production is the attacker's space dock's on a planet of R resources (2 + R; 4 + R with space-dock-ii), instead of --production (default: 3, a home system's dock)")
	fs.IntVar(&l.fleetPool, "fleet-pool", 0, "command tokens in the fleet pool, 1..50: the most non-fighter ships in the system (default: 3, the starting fleet pool)")
	listflag.StringSlice(fs, &l.supply, "supply", "", "`KIND=N`,...: units of a kind left in the reinforcements, 0..50 (default: the plastic pieces less those in the system; fighters and infantry unlimited)")
	listflag.StringSlice(fs, &l.build, "build", "", "`KINDS` to consider, comma-separated (default: every ship, and infantry and mechs for invade)")
	fs.BoolVar(&l.warSun, "war-sun", false, "the attacker owns the War Sun technology: war suns may be built")
	fs.Var(targetFlag{&l.target}, "target", "`P`: the cheapest fleet that wins with at least this chance, 0 < P <= 1 or a percentage, 0.8 or 80% (default: the highest chance)")
	fs.IntVar(&l.keep, "keep", 1, "N of the table's P(keeps at least N units), 1..50")
	fs.StringVar(&l.method, "method", "auto", "auto (exact where it applies to every fleet, else trials), exact, or trials")
	ar.df = addDocFlags(fs, false)
	ar.rf = addRunFlags(fs)
	return fs
}

// targetFlag is --target: a chance, 0 < P <= 1 ("0.8"), or a
// percentage, 0% < P <= 100% ("80%").
type targetFlag struct{ p *float64 }

func (f targetFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*f.p, 'g', -1, 64)
}

func (f targetFlag) Type() string { return "P" }

func (f targetFlag) Set(s string) error {
	v, err := parseTarget(s)
	if err != nil {
		return err
	}
	*f.p = v
	return nil
}

// parseTarget reads a chance to reach: 0.8, or 80%.
func parseTarget(s string) (float64, error) {
	t := strings.TrimSpace(s)
	num, pct := strings.CutSuffix(t, "%")
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if pct {
		v /= 100
	}
	switch {
	case err != nil || v != v:
		return 0, errors.New("not a chance: give 0 < P <= 1 (0.8) or a percentage (80%)")
	case v <= 0 || v > 1:
		return 0, errors.New("out of range: allowed 0 < P <= 1 (0.8) or 0% < P <= 100% (80%)")
	}
	return v, nil
}

// adviseAction reads the action advise's first argument names: space or
// invade.
func adviseAction(c *command, args []string, e *env) (combat.Action, error) {
	if len(args) > 0 && args[0] == "ground" {
		return 0, usageErrorf("advise: a ground combat has nothing to build; advise space or invade")
	}
	return leadingAction(c, args, e, "ti4sim advise space|invade -d FLEET --resources N", "space", "invade")
}

// adviseFlags are the JSON paths of advise's own flags.
var adviseFlags = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"limits.resources": "--resources", "limits.production": "--production", "limits.space_dock": "--space-dock",
		"limits.fleet_pool": "--fleet-pool", "limits.supply": "--supply", "limits.build": "--build", "limits.war_sun": "--war-sun",
		"target": "--target", "keep": "--keep", "method": "--method",
	}
}}

func (ar *adviseRun) run(ctx context.Context, c *command, args []string, e *env) error {
	act, err := adviseAction(c, args, e)
	if err != nil {
		return err
	}
	d, err := ar.document(c, act, args[1:], e)
	if err == nil {
		e.workers = ar.rf.workers
		err = answer.Advise(ctx, &d, e.answerEnv(), ar.rf.format(), e.stdout)
	}
	return ar.usage(err)
}

// usage names the flag of a document's error: advise's own, or a
// scenario's.
func (ar *adviseRun) usage(err error) error {
	var de *scenario.Error
	if errors.As(err, &de) {
		top, _, _ := strings.Cut(de.Path, "[")
		for path, flag := range adviseFlags.Get() {
			if top == path {
				return usageErrorf("%s: %s", flag, de.Msg)
			}
			if key, ok := strings.CutPrefix(top, path+"."); ok {
				return usageErrorf("%s %s: %s", flag, key, de.Msg) // --supply cruiser
			}
		}
	}
	return ar.df.usage(err)
}

// document reads the advise question: the --scenario document when one is
// given, and the flags given over it.
func (ar *adviseRun) document(c *command, act combat.Action, args []string, e *env) (scenario.Advise, error) {
	fs := ar.newFlags()
	if err := parseFlags(c, fs, args, e); err != nil {
		return scenario.Advise{}, err
	}
	d := scenario.Advise{Version: scenario.Version, Scenario: scenario.Combat{Version: scenario.Version, Action: actionNames.Get()[act]}}
	if doc := ar.df.document; doc != "" {
		var err error
		if d, err = readDocument(e, doc, scenario.DecodeAdvise); err != nil {
			return d, err
		}
		if d.Scenario.Action != actionNames.Get()[act] {
			return d, usageErrorf("--scenario %s: the document's action is %s; run ti4sim advise %s --scenario %s", doc, d.Scenario.Action, d.Scenario.Action, doc)
		}
	}
	if err := ar.rf.validate(); err != nil {
		return d, err
	}
	for _, f := range []string{"exact", "prefer-exact"} {
		if fs.Changed(f) {
			return d, usageErrorf("advise: choose exact mode with --method exact (auto, the default, is exact where it can be)")
		}
	}
	switch {
	case fs.Changed("precision"):
		return d, usageErrorf("advise: every fleet runs the same trials; give -n, not --precision")
	case ar.df.document == "" && !fs.Changed("defender"):
		return d, usageErrorf("advise: give the defender's units with -d")
	case ar.df.document == "" && !fs.Changed("resources"):
		return d, usageErrorf("advise: give the resources to spend with --resources N")
	case fs.Changed("space-dock") && fs.Changed("production"):
		return d, usageErrorf("advise: give --production or --space-dock, not both")
	case fs.Changed("keep") && (ar.lf.keep < 1 || ar.lf.keep > advise.MaxCount):
		return d, usageErrorf("--keep %d out of range: allowed 1..%d", ar.lf.keep, advise.MaxCount)
	case fs.Changed("target") && ar.lf.target == 0:
		return d, usageErrorf("--target 0 out of range: allowed 0 < P <= 1")
	case fs.Changed("method") && ar.lf.method == "exact":
		if err := checkExact(fs); err != nil {
			return d, err
		}
	}
	if err := ar.df.apply(&d.Scenario); err != nil {
		return d, err
	}
	if len(d.Scenario.Defender.Fleet) == 0 {
		return d, usageErrorf("advise: give the defender's units with -d")
	}
	ar.rf.applyRun(fs, &d.Scenario.Run)
	return d, ar.applyLimits(fs, &d)
}

// applyLimits sets the document's limits, target, keep and method of the
// flags given.
func (ar *adviseRun) applyLimits(fs *pflag.FlagSet, d *scenario.Advise) error {
	l := &ar.lf
	set := func(flag string, apply func()) {
		if fs.Changed(flag) {
			apply()
		}
	}
	set("resources", func() { d.Limits.Resources = l.resources })
	set("production", func() { d.Limits.Production = l.production })
	set("space-dock", func() { r := l.spaceDock; d.Limits.SpaceDock = &r })
	set("fleet-pool", func() { d.Limits.FleetPool = l.fleetPool })
	set("war-sun", func() { d.Limits.WarSun = l.warSun })
	set("target", func() { d.Target = l.target })
	set("keep", func() { d.Keep = l.keep })
	set("method", func() { d.Method = l.method })
	set("build", func() {
		d.Limits.Build = nil
		for _, b := range l.build {
			d.Limits.Build = append(d.Limits.Build, strings.TrimSpace(b))
		}
	})
	if fs.Changed("supply") {
		d.Limits.Supply = map[string]int{}
		for _, item := range l.supply {
			k, v, ok := strings.Cut(item, "=")
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if !ok || err != nil {
				return usageErrorf("--supply %s: want KIND=N, e.g. dreadnought=2", echo.Quote(item))
			}
			kind, _, err := units.ParseKind(strings.TrimSpace(k))
			if err != nil {
				return usageErrorf("--supply %s: %v", echo.Quote(item), err)
			}
			if _, dup := d.Limits.Supply[kind.String()]; dup {
				return usageErrorf("--supply: %s given twice", kind)
			}
			d.Limits.Supply[kind.String()] = n
		}
	}
	if err := d.Check(); err != nil {
		return err
	}
	return nil
}
