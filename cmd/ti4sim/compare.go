package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

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
	var rf *runFlags
	var sf *scenarioFlags
	var varies []string
	newFlags := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("compare", pflag.ContinueOnError)
		fs.SortFlags = false
		fs.StringArrayVar(&varies, "vary", nil, "KEY=V1,V2[,...]: a scenario setting and the values to compare (repeat for every combination); fleets and orders separate values with ';'")
		sf = addScenarioFlags(fs)
		rf = addRunFlags(fs)
		return fs
	}
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
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			if len(args) == 0 || strings.HasPrefix(args[0], "-") {
				if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
					if err := c.writeHelp(e.stdout); err != nil {
						return err
					}
					return errHelpShown
				}
				return usageErrorf("compare: name the action first: ti4sim compare space|ground|invade [flags] --vary KEY=V1,V2")
			}
			var act combat.Action
			var ex example
			switch args[0] {
			case "space":
				act, ex = combat.SpaceCombat, spaceExample
			case "ground":
				act, ex = combat.GroundCombat, groundExample
			case "invade":
				act, ex = combat.Invasion, invadeExample
			default:
				return usageErrorf("compare: unknown action %s; allowed: space, ground, invade", echo.Quote(args[0]))
			}
			fs := newFlags()
			base := args[1:]
			if err := parseFlags(c, fs, base, e); err != nil {
				return err
			}
			if sf.document != "" {
				doc, err := readDocument(e, sf.document, scenario.DecodeCompare)
				if err != nil {
					return err
				}
				if doc.Scenario.Action != args[0] {
					return usageErrorf("--scenario %s: the document's action is %s; run ti4sim compare %s --scenario %s", sf.document, doc.Scenario.Action, doc.Scenario.Action, sf.document)
				}
				base = withDocument(doc.Args(), base, fs)
				fs = newFlags()
				if err := parseFlags(c, fs, base, e); err != nil {
					return err
				}
			}
			if err := rf.validate(); err != nil {
				return err
			}
			if len(varies) == 0 {
				return usageErrorf("compare: give at least one --vary KEY=V1,V2")
			}
			if sf.exact || sf.preferExact || sf.precision != 0 {
				return usageErrorf("compare: --exact, --prefer-exact and --precision are not supported; give the number of trials with -n")
			}
			var vs []vary
			for _, s := range varies {
				v, err := parseVary(s)
				if err != nil {
					return err
				}
				if v.key != "magen" && v.key != "x89" && fs.Changed(v.key) {
					return usageErrorf("compare: %s is both set with --%s and varied; give its values only in --vary", v.key, v.key)
				}
				for _, w := range vs {
					if w.key == v.key {
						return usageErrorf("compare: %s varied twice", v.key)
					}
				}
				vs = append(vs, v)
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
			cmp, err := combat.Compare(ctx, scs, combat.Options{
				Trials: rf.trials, Seed: rf.seed, Workers: rf.workers,
				Progress: progress(e, rf.trials*int64(len(scs))),
			})
			if err != nil {
				return err
			}
			if rf.output == "json" {
				return writeCompareJSON(e.stdout, act, names, scs, &doc, cmp)
			}
			return writeCompareTable(e.stdout, act, names, scs, cmp)
		},
	}
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

func verdict(d combat.Difference) string {
	if d.Significant() {
		return "real difference"
	}
	return "not distinguishable at this number of trials"
}

func writeCompareTable(out io.Writer, act combat.Action, names []string, scs []combat.Scenario, c combat.Comparison) error {
	w := &errWriter{w: out}
	fmt.Fprintf(w, "ti4sim compare %s: %d trials per variant, seed %d, common random numbers\n", act, c.Trials, c.Seed)
	fmt.Fprintf(w, "Attacker: %s\nDefender: %s\n\n", fleetText(scs[0].Edition, scs[0].Attacker.Fleet), fleetText(scs[0].Edition, scs[0].Defender.Fleet))
	labels := map[combat.Action][3]string{
		combat.SpaceCombat:  {"Attacker wins", "Draw", "Defender wins"},
		combat.GroundCombat: {"Attacker wins", "Draw", "Defender wins"},
		combat.Invasion:     {"Attacker takes planet", "Draw", "Defender keeps planet"},
	}[act]
	// With a ti3-sa invasion among the variants, a column says how often
	// the ground combat wiped out both sides and in which outcome those
	// trials are: the draw under ti4, the defender's under ti3-sa. An
	// unfinished column only when a variant has unfinished combats (a
	// round limit, or a combat that never ends).
	wiped, unfinished := false, false
	for _, sc := range scs {
		wiped = wiped || wipedOutShown(sc)
	}
	for _, r := range c.Variants {
		unfinished = unfinished || r.Outcome.Unfinished.P > 0
	}
	header := []any{"Variant", labels[0], labels[1], labels[2]}
	if wiped {
		header = append(header, "Ground combat wiped out both")
	}
	if unfinished {
		header = append(header, "Unfinished")
	}
	t := newTable(w, header...)
	cell := func(p combat.Probability) string { return pct(p.P) + " " + interval(p) }
	for i, r := range c.Variants {
		row := []any{names[i], cell(r.Outcome.AttackerWin), cell(r.Outcome.Draw), cell(r.Outcome.DefenderWin)}
		if wiped {
			in := "in Draw"
			if wipedOutShown(scs[i]) {
				in = "in Defender keeps planet"
			}
			row = append(row, cell(r.Outcome.BothWipedOut)+" "+in)
		}
		if unfinished {
			row = append(row, cell(r.Outcome.Unfinished))
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if len(c.Differences) > 0 {
		fmt.Fprintf(w, "\nDifferences to %s, trial by trial (percentage points, 95%% interval; * = interval excludes 0):\n", names[0])
		t = newTable(w, "Variant", labels[0], labels[1], labels[2], "Verdict")
		diff := func(d combat.PairedDifference) string {
			mark := ""
			if d.Significant {
				mark = " *"
			}
			return fmt.Sprintf("%+.2f [%+.2f, %+.2f]%s", 100*d.Value, 100*d.Lo, 100*d.Hi, mark)
		}
		for _, d := range c.Differences {
			if err := t.Append(names[d.Variant], diff(d.AttackerWin), diff(d.Draw), diff(d.DefenderWin), verdict(d)); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	var warns []string
	seen := map[string]bool{}
	for i, r := range c.Variants {
		for _, m := range r.Warnings {
			if !seen[m] {
				seen[m] = true
				warns = append(warns, fmt.Sprintf("%s (%s)", m, names[i]))
			}
		}
	}
	if len(warns) > 0 {
		fmt.Fprintln(w, "\nWarnings:")
		for _, m := range warns {
			fmt.Fprintf(w, "  - %s\n", m)
		}
	}
	return w.err
}

type jsonVariant struct {
	Name        string  `json:"name"`
	AttackerWin float64 `json:"attacker_win"`
	Draw        float64 `json:"draw"`
	DefenderWin float64 `json:"defender_win"`
	// BothWipedOut: as in the invade output, for ti3-sa invasions only (a
	// part of defender_win).
	BothWipedOut *float64      `json:"both_wiped_out,omitempty"`
	Unfinished   *float64      `json:"unfinished,omitempty"` // present when not zero
	CI95         jsonIntervals `json:"ci95"`
	Attacker     jsonSide      `json:"attacker"`
	Defender     jsonSide      `json:"defender"`
	Warnings     []string      `json:"warnings"`
}

type jsonPaired struct {
	Diff        float64    `json:"diff"`
	SE          float64    `json:"se"`
	CI95        [2]float64 `json:"ci95"`
	Significant bool       `json:"significant"`
}

type jsonDifference struct {
	Variant     string     `json:"variant"`
	Versus      string     `json:"versus"`
	AttackerWin jsonPaired `json:"attacker_win"`
	Draw        jsonPaired `json:"draw"`
	DefenderWin jsonPaired `json:"defender_win"`
	Verdict     string     `json:"verdict"`
}

func writeCompareJSON(w io.Writer, act combat.Action, names []string, scs []combat.Scenario, doc *scenario.Compare, c combat.Comparison) error {
	out := struct {
		Command     string            `json:"command"`
		Action      string            `json:"action"`
		Trials      int64             `json:"trials"`
		Seed        uint64            `json:"seed"`
		Variants    []jsonVariant     `json:"variants"`
		Differences []jsonDifference  `json:"differences"`
		Scenario    *scenario.Compare `json:"scenario"`
	}{Command: "compare", Action: act.String(), Trials: c.Trials, Seed: c.Seed, Differences: []jsonDifference{}, Scenario: doc}
	for i, r := range c.Variants {
		v := jsonVariant{
			Name: names[i], AttackerWin: r.Outcome.AttackerWin.P, Draw: r.Outcome.Draw.P, DefenderWin: r.Outcome.DefenderWin.P,
			Unfinished: optP(r.Outcome.Unfinished),
			CI95:       intervals(r.Outcome), Attacker: sideJSON(scs[i].Edition, scs[i].Attacker, r.Attacker), Defender: sideJSON(scs[i].Edition, scs[i].Defender, r.Defender),
			Warnings: append([]string{}, r.Warnings...),
		}
		if wipedOutShown(scs[i]) {
			p, iv := r.Outcome.BothWipedOut.P, [2]float64{r.Outcome.BothWipedOut.Lo, r.Outcome.BothWipedOut.Hi}
			v.BothWipedOut, v.CI95.BothWipedOut = &p, &iv
		}
		out.Variants = append(out.Variants, v)
	}
	paired := func(d combat.PairedDifference) jsonPaired {
		return jsonPaired{Diff: d.Value, SE: d.SE, CI95: [2]float64{d.Lo, d.Hi}, Significant: d.Significant}
	}
	for _, d := range c.Differences {
		out.Differences = append(out.Differences, jsonDifference{
			Variant: names[d.Variant], Versus: names[0],
			AttackerWin: paired(d.AttackerWin), Draw: paired(d.Draw), DefenderWin: paired(d.DefenderWin),
			Verdict: verdict(d),
		})
	}
	return json.NewEncoder(w).Encode(out)
}
