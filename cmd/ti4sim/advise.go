package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/service"
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
planet of R resources; --fleet-pool, the most non-fighter ships in the
system (with Fighter II, fighters beyond capacity count too); fighters and
ground forces need capacity; --supply KIND=N, what is left in the
reinforcements (default: the plastic pieces of one colour less those in
the system; fighters and infantry unlimited).

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
	rf                    *runFlags
	sf                    *scenarioFlags
	resources, production int
	spaceDock             int
	fleetPool             int
	supply, build         []string
	warSun                bool
	target                float64
	keep                  int
	method                string
}

func (ar *adviseRun) newFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet("advise", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.IntVar(&ar.resources, "resources", 0, "resources to spend, 1..100 (required)")
	fs.IntVar(&ar.production, "production", 0, "the most units produced, each fighter and infantry counting one, 1..50 (default: no limit)")
	fs.IntVar(&ar.spaceDock, "space-dock", 0, "`R`: the production is the attacker's space dock's on a planet of R resources (2 + R; 4 + R with space-dock-ii), instead of --production")
	fs.IntVar(&ar.fleetPool, "fleet-pool", 0, "command tokens in the fleet pool, 1..50: the most non-fighter ships in the system (default: no limit)")
	fs.StringSliceVar(&ar.supply, "supply", nil, "`KIND=N`,...: units of a kind left in the reinforcements, 0..50 (default: the plastic pieces less those in the system; fighters and infantry unlimited)")
	fs.StringSliceVar(&ar.build, "build", nil, "`KINDS` to consider, comma-separated (default: every ship, and infantry and mechs for invade)")
	fs.BoolVar(&ar.warSun, "war-sun", false, "the attacker owns the War Sun technology: war suns may be built")
	fs.Float64Var(&ar.target, "target", 0, "`P`: the cheapest fleet that wins with at least this chance, 0 < P <= 1 (default: the highest chance)")
	fs.IntVar(&ar.keep, "keep", 1, "N of the table's P(keeps at least N units), 1..50")
	fs.StringVar(&ar.method, "method", "auto", "auto (exact where it applies to every fleet, else trials), exact, or trials")
	ar.sf = addScenarioFlags(fs)
	ar.rf = addRunFlags(fs)
	return fs
}

// adviseAction reads the action advise's first argument names: space or
// invade.
func adviseAction(c *command, args []string, e *env) (combat.Action, error) {
	if len(args) > 0 && args[0] == "ground" {
		return 0, usageErrorf("advise: a ground combat has nothing to build; advise space or invade")
	}
	return leadingAction(c, args, e, "ti4sim advise space|invade -d FLEET --resources N", "space", "invade")
}

func (ar *adviseRun) run(ctx context.Context, c *command, args []string, e *env) error {
	act, err := adviseAction(c, args, e)
	if err != nil {
		return err
	}
	fs := ar.newFlags()
	given := args[1:]
	if err := parseFlags(c, fs, given, e); err != nil {
		return err
	}
	if doc := ar.sf.document; doc != "" {
		d, err := readDocument(e, doc, scenario.DecodeAdvise)
		if err != nil {
			return err
		}
		if d.Scenario.Action != args[0] {
			return usageErrorf("--scenario %s: the document's action is %s; run ti4sim advise %s --scenario %s", doc, d.Scenario.Action, d.Scenario.Action, doc)
		}
		given = withDocument(d.Args(), given, fs)
		fs = ar.newFlags()
		if err := parseFlags(c, fs, given, e); err != nil {
			return err
		}
	}
	q, doc, err := ar.question(act, fs)
	if err != nil {
		return err
	}
	if e.documentOnly {
		return writeDocument(e.stdout, doc)
	}
	o := combat.Options{Trials: ar.rf.trials, Seed: ar.rf.seed, Workers: ar.rf.workers}
	if !fs.Changed("trials") {
		o.Trials = adviseTrials
	}
	q.MaxStates, q.MaxTrials, o.MaxDice = e.maxExactStates, e.maxTrials, e.maxDice
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
		if be := budgetError(err); be != err {
			return be
		}
		return usageErrorf("%s", flagError(err))
	}
	ro := report.AdviceOptions{Format: ar.rf.format(), Elapsed: time.Since(start), Target: q.Target, Keep: max(1, q.Keep)}
	if ro.Format == report.JSON {
		ro.Document = &doc
	}
	return report.Advice(e.stdout, &q.Scenario, a, ro)
}

// question checks the flags and builds the question and its document.
func (ar *adviseRun) question(act combat.Action, fs *pflag.FlagSet) (advise.Question, scenario.Advise, error) {
	var q advise.Question
	var doc scenario.Advise
	sf, rf := ar.sf, ar.rf
	sf.noteGiven(fs)
	if err := rf.validate(); err != nil {
		return q, doc, err
	}
	switch {
	case sf.exact || sf.preferExact:
		return q, doc, usageErrorf("advise: choose exact mode with --method exact (auto, the default, is exact where it can be)")
	case sf.precision != 0:
		return q, doc, usageErrorf("advise: every fleet runs the same trials; give -n, not --precision")
	case len(sf.planets) > 0:
		return q, doc, usageErrorf("advise: --planet: advise the invasion of one planet")
	case !sf.defenderGiven || strings.TrimSpace(sf.defender) == "":
		return q, doc, usageErrorf("advise: give the defender's units with -d")
	case !fs.Changed("resources"):
		return q, doc, usageErrorf("advise: give the resources to spend with --resources N")
	case fs.Changed("space-dock") && fs.Changed("production"):
		return q, doc, usageErrorf("advise: give --production or --space-dock, not both")
	case ar.target < 0 || ar.target > 1 || ar.target != ar.target || fs.Changed("target") && ar.target == 0:
		return q, doc, usageErrorf("--target %v out of range: allowed 0 < P <= 1", ar.target)
	}
	var method advise.Method
	switch ar.method {
	case "auto":
	case "exact":
		method = advise.MethodExact
		if err := checkExact(fs); err != nil {
			return q, doc, err
		}
	case "trials":
		method = advise.MethodTrials
	default:
		return q, doc, usageErrorf("--method %s: allowed auto, exact, trials", echo.Quote(ar.method))
	}
	// The units already there may be none, and hold no ground force for
	// an invasion: a placeholder unit stands in while the rest of the
	// fight is checked.
	there := ""
	if sf.attackerGiven {
		there = strings.TrimSpace(sf.attacker)
	}
	var thereFleet units.Fleet
	if there != "" {
		var err error
		if thereFleet, err = units.ParseFleet(there); err != nil {
			return q, doc, usageErrorf("--attacker (-a): %v", err)
		}
	}
	switch {
	case act == combat.Invasion && thereFleet.Count(units.Infantry)+thereFleet.Count(units.Mech) == 0:
		sf.attacker = strings.TrimPrefix(there+", 1 infantry", ", ")
	case there == "":
		sf.attacker = "1 destroyer"
	}
	sf.attackerGiven = true
	sc, err := sf.scenario(act, example{})
	if err != nil {
		return q, doc, err
	}
	sc.Attacker.Fleet = thereFleet
	lim := advise.Limits{Resources: ar.resources, Production: ar.production, FleetPool: ar.fleetPool, WarSun: ar.warSun}
	if fs.Changed("space-dock") {
		lim.Dock, lim.DockResources = true, ar.spaceDock
	}
	for _, item := range ar.supply {
		k, v, ok := strings.Cut(item, "=")
		kind, _, kerr := units.ParseKind(strings.TrimSpace(k))
		n, nerr := strconv.Atoi(strings.TrimSpace(v))
		switch {
		case !ok || nerr != nil:
			return q, doc, usageErrorf("--supply %s: want KIND=N, e.g. dreadnought=2", echo.Quote(item))
		case kerr != nil:
			return q, doc, usageErrorf("--supply %s: %v", echo.Quote(item), kerr)
		}
		if lim.Supply == nil {
			lim.Supply = map[units.Kind]int{}
		}
		if _, dup := lim.Supply[kind]; dup {
			return q, doc, usageErrorf("--supply: %s given twice", kind)
		}
		lim.Supply[kind] = n
	}
	for _, b := range ar.build {
		kind, _, err := units.ParseKind(strings.TrimSpace(b))
		if err != nil {
			return q, doc, usageErrorf("--build %s: %v", echo.Quote(b), err)
		}
		lim.Kinds = append(lim.Kinds, kind)
	}
	q = advise.Question{Scenario: sc, Limits: lim, Target: ar.target, Keep: ar.keep, Method: method}
	if ar.keep < 1 || ar.keep > advise.MaxCount {
		return q, doc, usageErrorf("--keep %d out of range: allowed 1..%d", ar.keep, advise.MaxCount)
	}
	doc = scenario.Advise{Version: scenario.Version, Scenario: sf.combatDocument(sc, rf, fs), Target: ar.target}
	if doc.Scenario.Attacker.Fleet == nil {
		doc.Scenario.Attacker.Fleet = []scenario.Units{}
	}
	switch {
	case method == advise.MethodExact:
		doc.Scenario.Run.Trials, doc.Scenario.Run.Seed = 0, nil
	case !fs.Changed("trials"):
		doc.Scenario.Run.Trials = adviseTrials
	}
	if ar.keep != 1 {
		doc.Keep = ar.keep
	}
	if ar.method != "auto" {
		doc.Method = ar.method
	}
	doc.Limits = scenario.Limits{Resources: ar.resources, Production: ar.production, FleetPool: ar.fleetPool, WarSun: ar.warSun}
	if lim.Dock {
		r := ar.spaceDock
		doc.Limits.SpaceDock = &r
	}
	for k, n := range lim.Supply {
		if doc.Limits.Supply == nil {
			doc.Limits.Supply = map[string]int{}
		}
		doc.Limits.Supply[k.String()] = n
	}
	for _, k := range lim.Kinds {
		doc.Limits.Build = append(doc.Limits.Build, k.String())
	}
	if err := doc.Check(); err != nil {
		return q, doc, usageErrorf("%v", flagError(err))
	}
	return q, doc, nil
}

// flagError turns a document path in err into the flag that sets it.
func flagError(err error) string {
	msg := err.Error()
	for path, flag := range map[string]string{
		"limits.resources": "--resources", "limits.production": "--production", "limits.space_dock": "--space-dock",
		"limits.fleet_pool": "--fleet-pool", "limits.supply.": "--supply ", "limits.build": "--build", "limits.kinds": "--build", "keep": "--keep", "trials": "--trials",
	} {
		if strings.HasPrefix(msg, path) {
			return flag + strings.TrimPrefix(msg, path)
		}
	}
	return msg
}
