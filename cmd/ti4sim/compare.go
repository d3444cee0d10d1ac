package main

import (
	"context"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// varyKeys are the --vary keys (the documents' too).
var varyKeys = scenario.VaryKeys

// vary is one --vary KEY=V1,V2,... flag.
type vary struct {
	key    string
	values []string
}

func parseVary(s string) (vary, error) {
	k, v, ok := strings.Cut(s, "=")
	k = strings.ToLower(strings.TrimSpace(k))
	if !ok {
		return vary{}, usageErrorf("--vary %s: want KEY=V1,V2[,...]", echo.Quote(s))
	}
	known := false
	for _, kk := range varyKeys {
		if k == kk {
			known = true
		}
	}
	if k == "x-89" {
		k, known = "x89", true
	}
	if !known {
		return vary{}, usageErrorf("--vary %s: unknown key %s; allowed: %s", echo.Quote(s), echo.Quote(k), strings.Join(varyKeys, ", "))
	}
	// Fleets and orders contain commas: their values are separated by ';'.
	sep := ","
	if strings.Contains(v, ";") || k == "attacker" || k == "defender" || strings.HasSuffix(k, "-order") {
		sep = ";"
	}
	vals := strings.Split(v, sep)
	for i := range vals {
		vals[i] = strings.TrimSpace(vals[i])
	}
	if len(vals) < 2 && sep == "," {
		return vary{}, usageErrorf("--vary %s: give at least two values to compare, separated by commas", echo.Quote(s))
	}
	if len(vals) < 2 {
		return vary{}, usageErrorf("--vary %s: give at least two values to compare, separated by ';'", echo.Quote(s))
	}
	for i, val := range vals {
		if val == "" && (k == "attacker" || k == "defender") {
			return vary{}, usageErrorf("--vary %s: value %d is an empty fleet; give a fleet for every value, separated by ';'", echo.Quote(s), i+1)
		}
		for _, prev := range vals[:i] {
			if strings.EqualFold(prev, val) {
				shown := val
				if shown == "" {
					shown = "(empty: none)"
				}
				return vary{}, usageErrorf("--vary %s: %s given twice; each value is one variant", echo.Quote(s), echo.Quote(shown))
			}
		}
	}
	return vary{key: k, values: vals}, nil
}

func compareCommand() *command {
	cr := &compareRun{}
	return &command{
		name:    "compare",
		summary: "one scenario under several printings, technologies or fleets, side by side",
		usage:   "ti4sim compare space|ground|invade [-a FLEET -d FLEET] [flags] --vary KEY=V1,V2[,...]",
		help: `Runs the same scenario under every combination of the --vary values, with
common random numbers: trial i of every variant starts from the same random
stream, so the variants see the same dice wherever they do not differ. Prints
each variant's outcome probabilities with 95% intervals, and each variant's
difference to the first, trial by trial, with its 95% interval and a verdict:
a real difference (the interval excludes 0), or not distinguishable at this
number of trials.

--vary keys: magen (original, omega, omega2), x89 (original, omega,
companion, omega2), direct-hit, harrow, matriarch, iconoclast, milor and
ti3-flagships (their printings, as --rules takes them), attacker-tech, defender-tech (e.g. "attacker-tech=,x89":
none, then X-89), attacker, defender (fleets, separated by ';'),
attacker-order, defender-order (separated by ';'), attacker-modifier,
defender-modifier, defender-adjacent-pds, attacker-adjacent-pds,
attacker-pds, nebula (true,false), ruleset
(ti4,ti3-sa: the same fleets under both games' rules), and the faction and
card flags. Give a varied setting only in --vary, not also as
its own flag. With no -a/-d, the command's built-in example is used.

Examples:
  ti4sim compare invade -a "2 dread, 1 carrier, 4 inf" -d "3 inf, 1 mech, 1 pds" \
      --defender-tech magen-defense-grid --vary magen=original,omega,omega2
  ti4sim compare invade -a "2 dread, 1 carrier, 4 inf" -d "4 inf, 1 pds" \
      --attacker-tech x89 --vary x89=original,omega,companion,omega2 -o json
  ti4sim compare space --vary "attacker=3 cruiser;2 dreadnought" --vary nebula=false,true`,
		flagSet: cr.newFlags,
		run:     cr.run,
	}
}

// compareRun holds the flags of compare's flag set built last.
type compareRun struct {
	rf     *runFlags
	df     *docFlags
	varies []string
}

// newFlags builds a fresh flag set, whose values rf, df and varies then
// hold.
func (cr *compareRun) newFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet("compare", pflag.ContinueOnError)
	fs.SortFlags = false
	listflag.StringArray(fs, &cr.varies, "vary", "", "KEY=V1,V2[,...]: a scenario setting and the values to compare (repeat for every combination); fleets and orders separate values with ';'")
	cr.df = addDocFlags(fs, false)
	cr.rf = addRunFlags(fs)
	return fs
}

// run parses the action and flags into a comparison document and answers
// it.
func (cr *compareRun) run(ctx context.Context, c *command, args []string, e *env) error {
	act, ex, err := compareAction(c, args, e)
	if err != nil {
		return err
	}
	d, err := cr.document(c, act, ex, args[1:], e)
	if err != nil {
		return err
	}
	e.workers = cr.rf.workers
	return cr.df.usage(answer.Compare(ctx, &d, e.answerEnv(), cr.rf.format(), e.stdout))
}

// compareAction reads the action compare's first argument names, with its
// built-in example; --help there prints the help (errHelpShown).
func compareAction(c *command, args []string, e *env) (combat.Action, example, error) {
	act, err := leadingAction(c, args, e, "ti4sim compare space|ground|invade [flags] --vary KEY=V1,V2", "space", "ground", "invade")
	if err != nil {
		return 0, example{}, err
	}
	return act, map[combat.Action]example{combat.SpaceCombat: spaceExample, combat.GroundCombat: groundExample, combat.Invasion: invadeExample}[act], nil
}

// leadingAction reads the action the first argument of a command that
// takes one (compare, advise) names, one of allowed; --help there prints
// the command's help (errHelpShown); synopsis is shown when it is missing.
func leadingAction(c *command, args []string, e *env, synopsis string, allowed ...string) (combat.Action, error) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			if err := c.writeHelp(e.stdout); err != nil {
				return 0, err
			}
			return 0, errHelpShown
		}
		return 0, usageErrorf("%s: name the action first: %s", c.name, synopsis)
	}
	for act, name := range actionNames.Get() {
		if name == args[0] && slices.Contains(allowed, name) {
			return act, nil
		}
	}
	return 0, usageErrorf("%s: unknown action %s; allowed: %s", c.name, echo.Quote(args[0]), strings.Join(allowed, ", "))
}

// document reads the comparison: the --scenario document when one is
// given, the flags given over its scenario, the --vary flags given instead
// of its own; the built-in example's fleets for the sides no flag, document
// or --vary gives.
func (cr *compareRun) document(c *command, act combat.Action, ex example, args []string, e *env) (scenario.Compare, error) {
	fs := cr.newFlags()
	if err := parseFlags(c, fs, args, e); err != nil {
		return scenario.Compare{}, err
	}
	d := scenario.Compare{Version: scenario.Version, Scenario: scenario.Combat{Version: scenario.Version, Action: actionNames.Get()[act]}}
	if doc := cr.df.document; doc != "" {
		var err error
		if d, err = readDocument(e, doc, scenario.DecodeCompare); err != nil {
			return d, err
		}
		if d.Scenario.Action != actionNames.Get()[act] {
			return d, usageErrorf("--scenario %s: the document's action is %s; run ti4sim compare %s --scenario %s", doc, d.Scenario.Action, d.Scenario.Action, doc)
		}
	}
	if err := cr.rf.validate(); err != nil {
		return d, err
	}
	if fs.Changed("vary") || cr.df.document == "" {
		vs, err := cr.parseVaries(fs)
		if err != nil {
			return d, err
		}
		d.Vary = vs
	}
	for _, f := range []string{"exact", "prefer-exact", "precision"} {
		if fs.Changed(f) {
			return d, usageErrorf("compare: --exact, --prefer-exact and --precision are not supported; give the number of trials with -n")
		}
	}
	if err := cr.df.apply(&d.Scenario); err != nil {
		return d, err
	}
	cr.rf.applyRun(fs, &d.Scenario.Run)
	return d, cr.df.exampleFleets(&d.Scenario, ex, d.Vary)
}

// parseVaries parses the --vary flags: each key varied once, and not also
// set by its own flag (magen and x89 are not flags of their own).
func (cr *compareRun) parseVaries(fs *pflag.FlagSet) ([]scenario.Vary, error) {
	var vs []scenario.Vary
	for _, s := range cr.varies {
		v, err := parseVary(s)
		if err != nil {
			return nil, err
		}
		if v.key != "magen" && v.key != "x89" && fs.Changed(v.key) {
			return nil, usageErrorf("compare: %s is both set with --%s and varied; give its values only in --vary", v.key, v.key)
		}
		for _, w := range vs {
			if w.Key == v.key {
				return nil, usageErrorf("compare: %s varied twice", v.key)
			}
		}
		vs = append(vs, scenario.Vary{Key: v.key, Values: v.values})
	}
	if len(vs) == 0 {
		return nil, usageErrorf("compare: give at least one --vary KEY=V1,V2")
	}
	return vs, nil
}
