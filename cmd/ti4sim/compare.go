package main

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/scenario"
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
companion, omega2), attacker-tech, defender-tech (e.g. "attacker-tech=,x89":
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
	sf     *scenarioFlags
	varies []string
}

// newFlags builds a fresh flag set, whose values rf, sf and varies then
// hold.
func (cr *compareRun) newFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet("compare", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.StringArrayVar(&cr.varies, "vary", nil, "KEY=V1,V2[,...]: a scenario setting and the values to compare (repeat for every combination); fleets and orders separate values with ';'")
	cr.sf = addScenarioFlags(fs)
	cr.rf = addRunFlags(fs)
	return fs
}

// run parses the action and flags, builds every variant, and prints the
// comparison document (documentOnly) or the comparison.
func (cr *compareRun) run(ctx context.Context, c *command, args []string, e *env) error {
	act, ex, err := compareAction(c, args, e)
	if err != nil {
		return err
	}
	fs, base, err := cr.parse(c, args[0], args[1:], e)
	if err != nil {
		return err
	}
	vs, err := cr.parseVaries(fs)
	if err != nil {
		return err
	}
	names, scs, first, err := variants(base, act, ex, vs)
	if err != nil {
		return err
	}
	doc := scenario.Compare{Version: scenario.Version, Scenario: first}
	for _, v := range vs {
		doc.Vary = append(doc.Vary, scenario.Vary{Key: v.key, Values: v.values})
	}
	if e.documentOnly {
		return writeDocument(e.stdout, doc)
	}
	if len(scs) > combat.MaxVariants {
		return usageErrorf("compare: %d variants; at most %d", len(scs), combat.MaxVariants)
	}
	for i, sc := range scs {
		if sc.Attacker.Order.Optimal || sc.Defender.Order.Optimal {
			return usageErrorf("variant %d: compare runs trials, and the optimal hit assignment is solved exactly only: run ti4sim %s --attacker-policy optimal (or --defender-policy) instead", i+1, sc.Action)
		}
		if sc.Attacker.Retreat.Best || sc.Defender.Retreat.Best {
			return usageErrorf("variant %d: compare runs trials, and the best retreat is solved exactly only: run ti4sim %s --attacker-retreat best (or --defender-retreat) instead", i+1, sc.Action)
		}
	}
	rf := cr.rf
	co := combat.Options{Trials: rf.trials, Seed: rf.seed, Workers: rf.workers, MaxDice: e.maxDice, Admit: e.admitDice(ctx),
		Progress: progress(e, rf.trials*int64(len(scs)))}
	cmp, err := combat.Compare(ctx, scs, co)
	if err != nil {
		return budgetError(err)
	}
	o := report.CompareOptions{Format: rf.format()}
	if o.Format == report.JSON {
		o.Scenario = &doc
	}
	return report.Compare(e.stdout, act, names, scs, cmp, o)
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
	for act, name := range actionNames {
		if name == args[0] && slices.Contains(allowed, name) {
			return act, nil
		}
	}
	return 0, usageErrorf("%s: unknown action %s; allowed: %s", c.name, echo.Quote(args[0]), strings.Join(allowed, ", "))
}

// parse parses the flags after the action, merged under a --scenario
// document's flags when one is given (the command line wins), and returns
// the flag set and the arguments it was parsed from.
func (cr *compareRun) parse(c *command, action string, base []string, e *env) (*pflag.FlagSet, []string, error) {
	fs := cr.newFlags()
	if err := parseFlags(c, fs, base, e); err != nil {
		return nil, nil, err
	}
	if doc := cr.sf.document; doc != "" {
		d, err := readDocument(e, doc, scenario.DecodeCompare)
		if err != nil {
			return nil, nil, err
		}
		if d.Scenario.Action != action {
			return nil, nil, usageErrorf("--scenario %s: the document's action is %s; run ti4sim compare %s --scenario %s", doc, d.Scenario.Action, d.Scenario.Action, doc)
		}
		base = withDocument(d.Args(), base, fs)
		fs = cr.newFlags()
		if err := parseFlags(c, fs, base, e); err != nil {
			return nil, nil, err
		}
	}
	if err := cr.rf.validate(); err != nil {
		return nil, nil, err
	}
	if len(cr.varies) == 0 {
		return nil, nil, usageErrorf("compare: give at least one --vary KEY=V1,V2")
	}
	if sf := cr.sf; sf.exact || sf.preferExact || sf.precision != 0 {
		return nil, nil, usageErrorf("compare: --exact, --prefer-exact and --precision are not supported; give the number of trials with -n")
	}
	return fs, base, nil
}

// parseVaries parses the --vary flags: each key varied once, and not also
// set by its own flag (magen and x89 are not flags of their own).
func (cr *compareRun) parseVaries(fs *pflag.FlagSet) ([]vary, error) {
	var vs []vary
	for _, s := range cr.varies {
		v, err := parseVary(s)
		if err != nil {
			return nil, err
		}
		if v.key != "magen" && v.key != "x89" && fs.Changed(v.key) {
			return nil, usageErrorf("compare: %s is both set with --%s and varied; give its values only in --vary", v.key, v.key)
		}
		for _, w := range vs {
			if w.key == v.key {
				return nil, usageErrorf("compare: %s varied twice", v.key)
			}
		}
		vs = append(vs, v)
	}
	return vs, nil
}

// variants builds one scenario per combination of the vary values, each
// from the base flags with the varied settings applied, and the first
// variant's scenario document (a compare document's "scenario").
func variants(base []string, act combat.Action, ex example, vs []vary) ([]string, []combat.Scenario, scenario.Combat, error) {
	var first scenario.Combat
	combos := [][]string{{}}
	for _, v := range vs {
		var next [][]string
		for _, c := range combos {
			for _, val := range v.values {
				next = append(next, append(append([]string(nil), c...), val))
			}
		}
		combos = next
	}
	var names []string
	var scs []combat.Scenario
	for _, combo := range combos {
		fs := pflag.NewFlagSet("variant", pflag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.StringArray("vary", nil, "")
		sf := addScenarioFlags(fs)
		rf := addRunFlags(fs)
		if err := fs.Parse(base); err != nil {
			return nil, nil, first, usageErrorf("compare: %v", err)
		}
		sf.noteGiven(fs)
		if !sf.attackerGiven && !sf.defenderGiven {
			// Neither side given: the example's, for the side --vary
			// does not give.
			sf.attacker, sf.defender = ex.attacker, ex.defender
			sf.attackerGiven, sf.defenderGiven = true, true
		}
		var parts []string
		for i, v := range vs {
			val := combo[i]
			shown := val
			if shown == "" {
				shown = "none"
			}
			parts = append(parts, v.key+"="+shown)
			switch v.key {
			case "magen", "x89":
				sf.rules = append(sf.rules, v.key+"="+val)
			case "ruleset":
				sf.ruleset = val
			case "attacker":
				sf.attacker, sf.attackerGiven = val, true
			case "defender":
				sf.defender, sf.defenderGiven = val, true
			case "attacker-order":
				sf.attackerOrder = val
			case "defender-order":
				sf.defenderOrder = val
			case "nebula":
				b, err := strconv.ParseBool(val)
				if err != nil {
					return nil, nil, first, usageErrorf("--vary nebula: %s is not true or false", echo.Quote(val))
				}
				sf.nebula = b
			default:
				if val == "" {
					continue // an empty list: none
				}
				if err := fs.Set(v.key, val); err != nil {
					return nil, nil, first, usageErrorf("--vary %s=%s: %v", v.key, echo.Quote(val), err)
				}
			}
		}
		name := strings.Join(parts, " ")
		sc, err := sf.scenario(act, ex)
		if err != nil {
			return nil, nil, first, usageErrorf("variant %s: %v", echo.Quote(name), err)
		}
		if len(scs) == 0 {
			first = sf.combatDocument(sc, rf, fs)
		}
		names = append(names, name)
		scs = append(scs, sc)
	}
	return names, scs, first, nil
}
