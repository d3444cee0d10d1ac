package report

import (
	"fmt"
	"io"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

// CompareOptions are what the command line decides about a comparison's
// output.
type CompareOptions struct {
	Format Format
	// Scenario is the question as its compare document, echoed as the JSON
	// output's "scenario" field (null when nil). The table does not show it.
	Scenario *scenario.Compare
}

// Compare writes the comparison c of the variants scs of one action act,
// named names (one per variant, in order), to w: as a table of each
// variant's outcomes and one of each variant's difference to the first,
// trial by trial, with a verdict (Table), or as one line of JSON (JSON).
// It returns the first write error.
func Compare(w io.Writer, act combat.Action, names []string, scs []combat.Scenario, c combat.Comparison, o CompareOptions) error {
	if o.Format == JSON {
		return compareJSON(w, act, names, scs, o.Scenario, c)
	}
	return compareTable(w, act, names, scs, c)
}

// verdict says whether a variant's difference to the first is real.
func verdict(d combat.Difference) string {
	if d.Significant() {
		return "real difference"
	}
	return "not distinguishable at this number of trials"
}

// compareTable writes a comparison as text tables.
func compareTable(out io.Writer, act combat.Action, names []string, scs []combat.Scenario, c combat.Comparison) error {
	w := NewErrWriter(out)
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
	header := []string{"Variant", labels[0], labels[1], labels[2]}
	if wiped {
		header = append(header, "Ground combat wiped out both")
	}
	if unfinished {
		header = append(header, "Unfinished")
	}
	t := newTable(w, header...)
	cell := func(p combat.Probability) string { return pct(p.P) + " " + interval(p) }
	for i, r := range c.Variants {
		row := []string{names[i], cell(r.Outcome.AttackerWin), cell(r.Outcome.Draw), cell(r.Outcome.DefenderWin)}
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
		if err := differenceTable(w, labels, names, c); err != nil {
			return err
		}
	}
	writeCompareWarnings(w, names, c)
	return w.Err()
}

// differenceTable writes each variant's difference to the first, trial by
// trial, with its 95% interval and verdict.
func differenceTable(w io.Writer, labels [3]string, names []string, c combat.Comparison) error {
	fmt.Fprintf(w, "\nDifferences to %s, trial by trial (percentage points, 95%% interval; * = interval excludes 0):\n", names[0])
	t := newTable(w, "Variant", labels[0], labels[1], labels[2], "Verdict")
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
	return t.Render()
}

// writeCompareWarnings writes the variants' warnings, each once, naming
// the first variant that gave it.
func writeCompareWarnings(w io.Writer, names []string, c combat.Comparison) {
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
}
