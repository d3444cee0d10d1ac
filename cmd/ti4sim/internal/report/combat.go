package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// CombatOptions are what the command line decides about a combat's output.
type CombatOptions struct {
	Format Format
	// Scenario is the question as its normalised scenario document, echoed
	// as the JSON output's "scenario" field (left out when nil). The table
	// does not show it.
	Scenario *scenario.Combat
}

// Combat writes the result r of the space combat, ground combat or
// invasion sc to w: as tables of the outcomes, the expected survivors,
// the units left when a round limit stops the combat and the number of
// rounds (Table), or as one line of JSON (JSON). It returns the first
// write error.
func Combat(w io.Writer, sc combat.Scenario, r combat.Result, o CombatOptions) error {
	if o.Format == JSON {
		return combatJSON(w, sc, o.Scenario, r)
	}
	return combatTable(w, sc, r)
}

// outcomeRow is one line of an outcome table; an optional line is shown
// only when its probability is not zero.
type outcomeRow struct {
	label    string
	p        combat.Probability
	optional bool
}

// outcomeRows are the lines of an outcome table: the three outcomes under
// labels, then retreats and unfinished combats when they happen.
func outcomeRows(o combat.Outcomes, labels [3]string, unfinished string) []outcomeRow {
	return append([]outcomeRow{{labels[0], o.AttackerWin, false}, {labels[1], o.Draw, false}, {labels[2], o.DefenderWin, false}}, endRows(o, unfinished)...)
}

// endRows are the lines of the outcomes only retreat policies, round
// limits and combats that never end produce (unfinished: its label).
func endRows(o combat.Outcomes, unfinished string) []outcomeRow {
	return []outcomeRow{{"attacker retreats", o.AttackerRetreats, true}, {"defender retreats", o.DefenderRetreats, true}, {unfinished, o.Unfinished, true}}
}

// unfinishedLabel names the unfinished outcome: stopped by the --rounds
// limit, or at the round cap because the combat never ends.
func unfinishedLabel(sc combat.Scenario) string {
	if sc.MaxRounds > 0 {
		return "unfinished (round limit)"
	}
	return fmt.Sprintf("unfinished (never ends; stopped at the %d-round cap)", combat.RoundCap)
}

// wipedOutLabel is the line, under the defender's, of the TI3 invasions
// whose ground combat wiped out both sides: the defender keeps the planet.
const wipedOutLabel = "└ of which: ground combat wiped out both"

// ti3InvasionRows are the outcome lines of an invasion under ti3-sa, where
// the defender keeps a planet when the ground combat wipes out both sides:
// those trials are in the defender's line and shown again below it, and
// there is no draw (Outcomes). The lines that are not "of which" add up
// to 100%. A bombardment alone that turns the planet neutral (SA) is the
// draw, shown only when it can happen.
func ti3InvasionRows(o combat.Outcomes, unfinished string) []outcomeRow {
	return append([]outcomeRow{
		{"attacker takes the planet", o.AttackerWin, false},
		{"defender keeps the planet", o.DefenderWin, false},
		{wipedOutLabel, o.BothWipedOut, false},
		{neutralLabel, o.Draw, true},
	}, endRows(o, unfinished)...)
}

// neutralLabel is the TI3 line of a bombardment alone whose hit found no
// ground force: the planet turns neutral.
const neutralLabel = "planet turns neutral (bombardment hit with no ground force)"

func outcomeTable(w io.Writer, rows []outcomeRow, exact bool) error {
	t := newTable(w, "Outcome", "Probability", "95% interval")
	for _, r := range rows {
		if r.optional && r.p.P == 0 {
			continue
		}
		iv := interval(r.p)
		if exact {
			iv = "exact"
		}
		if err := t.Append(r.label, pct(r.p.P), iv); err != nil {
			return err
		}
	}
	return t.Render()
}

// se formats a standard error, or "exact" for an exact result.
func se(m combat.Mean, exact bool) string {
	if exact {
		return "exact"
	}
	return fmt.Sprintf("%.3f", m.SE)
}

// combatTable writes a combat's result as text tables.
func combatTable(out io.Writer, sc combat.Scenario, r combat.Result) error {
	w := NewErrWriter(out)
	writeCombatHeader(w, sc, r)
	labels := map[combat.Action][3]string{
		combat.SpaceCombat:  {"attacker wins (only attacker has ships)", "draw (no ships left)", "defender wins"},
		combat.GroundCombat: {"attacker wins (only attacker has ground forces)", "draw (no ground forces left)", "defender wins"},
		combat.Invasion:     {"attacker takes the planet", "draw (ground combat wiped out both)", "defender keeps the planet"},
	}[sc.Action]
	rows := outcomeRows(r.Outcome, labels, unfinishedLabel(sc))
	if wipedOutShown(sc) {
		rows = ti3InvasionRows(r.Outcome, unfinishedLabel(sc))
	}
	if err := outcomeTable(w, rows, r.Exact); err != nil {
		return err
	}
	if r.Space != nil {
		took := fmt.Sprintf("invasion took place in %s of trials", pct(r.Invaded.P))
		if len(sc.Attacker.Fleet.Filter(units.Kind.GroundForce)) == 0 && r.Invaded.P == 0 {
			took = "no ground forces to commit: bombardment only, the defender keeps the planet"
			if sc.Edition == combat.EditionTI3SA {
				took = "no ground forces to commit: bombardment only"
			}
		}
		fmt.Fprintf(w, "\nSpace area after space cannon offense and space combat (%s):\n", took)
		if err := outcomeTable(w, outcomeRows(r.Space.Outcome, [3]string{"attacker holds space", "neither has ships", "defender holds space"}, unfinishedLabel(sc)), r.Exact); err != nil {
			return err
		}
	}

	fmt.Fprintln(w)
	if err := survivorTable(w, r); err != nil {
		return err
	}

	if len(r.States) > 0 {
		fmt.Fprintln(w)
		if err := statesTable(w, sc.MaxRounds, r.States); err != nil {
			return err
		}
	}
	if len(r.RetreatWhen) > 0 {
		fmt.Fprintln(w)
		if err := retreatTable(w, sc, r.RetreatWhen); err != nil {
			return err
		}
	}

	fmt.Fprintln(w)
	writeCombatRounds(w, sc, r)
	return w.Err()
}

// writeCombatHeader writes how the odds were found (exact or the trials
// and seed), the ruleset when not TI4, both fleets with their PDS, and
// the nebula, then a blank line.
func writeCombatHeader(w io.Writer, sc combat.Scenario, r combat.Result) {
	writeHowFound(w, sc.Action, sc.Edition, r.Exact, r.Trials, r.Seed)
	writeFleets(w, sc)
}

// writeHowFound writes the header's first lines: the command and how the
// odds were found (exact, or the trials and seed), and the ruleset when it
// is not TI4.
func writeHowFound(w io.Writer, act combat.Action, g combat.Edition, exact bool, trials int64, seed uint64) {
	if exact {
		fmt.Fprintf(w, "ti4sim %s: exact (Markov chain over unit states, no sampling)\n", act)
	} else {
		fmt.Fprintf(w, "ti4sim %s: %d trials, seed %d\n", act, trials, seed)
	}
	if g != combat.EditionTI4 {
		fmt.Fprintf(w, "Ruleset: %s (%s)\n", g, units.TI3Name)
	}
}

// writeFleets writes both fleets with their PDS and the nebula, then a
// blank line.
func writeFleets(w io.Writer, sc combat.Scenario) {
	fmt.Fprintf(w, "Attacker: %s", fleetText(sc.Edition, sc.Attacker.Fleet))
	if sc.Attacker.SystemPDS > 0 {
		fmt.Fprintf(w, " (+%d PDS on its planets in the system)", sc.Attacker.SystemPDS)
	}
	if sc.Attacker.AdjacentPDS > 0 {
		fmt.Fprintf(w, " (+%d PDS in adjacent systems)", sc.Attacker.AdjacentPDS)
	}
	writeTI3Extras(w, sc.Attacker)
	fmt.Fprintln(w)
	def := fleetText(sc.Edition, sc.Defender.Fleet)
	if def == "" {
		def = "no units" // a Keleres defender of Mecatol Rex
	}
	fmt.Fprintf(w, "Defender: %s", def)
	if sc.Defender.AdjacentPDS > 0 {
		fmt.Fprintf(w, " (+%d PDS in adjacent systems)", sc.Defender.AdjacentPDS)
	}
	writeTI3Extras(w, sc.Defender)
	fmt.Fprintln(w)
	if sc.Nebula {
		fmt.Fprintln(w, "In a nebula: +1 to the defender's ships in space combat")
	}
	if sc.IonStorm {
		fmt.Fprintln(w, "In an Ion Storm: no space cannon fires, fighters make no combat rolls")
	}
	fmt.Fprintln(w)
}

// writeTI3Extras writes a side's TI3 leaders and High Alert token after its
// fleet, e.g. " (leaders: general, admiral; High Alert)".
func writeTI3Extras(w io.Writer, s combat.Side) {
	var parts []string
	if len(s.Leaders) > 0 {
		parts = append(parts, "leaders: "+strings.Join(s.Leaders, ", "))
	}
	if s.HighAlert {
		parts = append(parts, "High Alert")
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, " (%s)", strings.Join(parts, "; "))
	}
}

// writeCombatRounds writes the mean number of rounds (space and ground
// apart in an invasion), the round cap's note when combats were stopped
// there, and the warnings.
func writeCombatRounds(w io.Writer, sc combat.Scenario, r combat.Result) {
	if r.Space == nil {
		writeRounds(w, "Combat rounds", r.Rounds)
	} else {
		if r.Space.Rounds.Mean.Value > 0 {
			writeRounds(w, "Space combat rounds", r.Space.Rounds)
		}
		writeRounds(w, "Ground combat rounds", *r.GroundRounds)
	}
	if sc.MaxRounds == 0 && r.Outcome.Unfinished.P > 0 {
		fmt.Fprintf(w, "Unfinished combats were stopped at the round cap: they count as %d rounds.\n", combat.RoundCap)
	}
	writeWarnings(w, r.Warnings)
}

func survivorTable(w io.Writer, r combat.Result) error {
	t := newTable(w, "Side", "Unit", "Start", "Expected left", "± SE")
	for i, sr := range []combat.SideResult{r.Attacker, r.Defender} {
		side := [2]string{"attacker", "defender"}[i]
		for _, u := range inDisplayOrder(sr.Survivors) {
			if err := t.Append(side, u.Name, fmt.Sprint(u.Start), fmt.Sprintf("%.3f", u.Expected.Value), se(u.Expected, r.Exact)); err != nil {
				return err
			}
		}
		if err := t.Append(side, "resources lost", "", fmt.Sprintf("%.3f", sr.ResourcesLost.Value), se(sr.ResourcesLost, r.Exact)); err != nil {
			return err
		}
		// Rows shown only when the side has any.
		for _, row := range []struct {
			label string
			m     combat.Mean
		}{{"removed for capacity", sr.CapacityLost}, {"revived (return home)", sr.Revived}, {"captured", sr.Captured}} {
			if row.m.Value > 0 {
				if err := t.Append(side, row.label, "", fmt.Sprintf("%.3f", row.m.Value), se(row.m, r.Exact)); err != nil {
					return err
				}
			}
		}
	}
	return t.Render()
}

// writeRounds prints the mean and a small text histogram of rounds, leaving
// out the thin tails (bins under 0.1% before the first and after the last
// bigger one).
func writeRounds(w io.Writer, title string, r combat.Rounds) {
	if r.Mean.SE == 0 {
		fmt.Fprintf(w, "%s: mean %.3f\n", title, r.Mean.Value)
	} else {
		fmt.Fprintf(w, "%s: mean %.3f ± %.3f\n", title, r.Mean.Value, r.Mean.SE)
	}
	first, last := -1, 0
	for i, f := range r.Histogram {
		if f >= 0.001 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return
	}
	for i := first; i <= last; i++ {
		f := r.Histogram[i]
		label := fmt.Sprint(i)
		if i == 31 {
			label += "+"
		}
		fmt.Fprintf(w, "  %3s %-40s %6.2f%%\n", label, strings.Repeat("#", int(f*40+0.5)), 100*f)
	}
}

// inDisplayOrder sorts survivors the way players list a fleet.
func inDisplayOrder(s []combat.Survivor) []combat.Survivor {
	out := make([]combat.Survivor, 0, len(s))
	for _, k := range units.DisplayOrder() {
		for _, u := range s {
			if u.Kind == k {
				out = append(out, u)
			}
		}
	}
	return out
}

// maxStateRows is how many end states the table lists.
const maxStateRows = 15

func unitsText(us []combat.UnitCount) string {
	if len(us) == 0 {
		return "-"
	}
	var parts []string
	for _, u := range us {
		p := fmt.Sprintf("%d %s", u.Alive, u.Name)
		if u.Damaged > 0 {
			p += fmt.Sprintf(" (%d damaged)", u.Damaged)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

// statesTable lists how the units stand when a round-limited combat stops.
func statesTable(w io.Writer, rounds int, states []combat.State) error {
	fmt.Fprintf(w, "Units left after at most %d round(s), most likely first:\n", rounds)
	return stateRows(w, "Probability", states)
}

// retreatTable writes when a side with the best retreat announces it: the
// states at the start of a round where it does, with the chance the combat
// reaches each.
func retreatTable(w io.Writer, sc combat.Scenario, states []combat.State) error {
	side, r := "attacker", sc.Attacker.Retreat
	if sc.Defender.Retreat.Best {
		side, r = "defender", sc.Defender.Retreat
	}
	v := r.Value
	if v == 0 {
		v = 0.5
	}
	fmt.Fprintf(w, "When the %s retreats (best, a retreat worth %g of a win): it announces at the start of a round in these states, most likely first:\n", side, v)
	return stateRows(w, "Reached", states)
}

// stateRows writes a table of states with a probability column named
// head, the least likely past maxStateRows in one row.
func stateRows(w io.Writer, head string, states []combat.State) error {
	t := newTable(w, head, "Attacker", "Defender")
	rest := 0.0
	for i, st := range states {
		if i >= maxStateRows {
			rest += st.P.P
			continue
		}
		if err := t.Append(pct(st.P.P), unitsText(st.Attacker), unitsText(st.Defender)); err != nil {
			return err
		}
	}
	if rest > 0 {
		if err := t.Append(pct(rest), fmt.Sprintf("(%d other states)", len(states)-maxStateRows), ""); err != nil {
			return err
		}
	}
	return t.Render()
}
