package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
)

// System writes the result r of the invasion of sc's system (sc.Planets,
// the defender's ships in sc.Defender.Fleet, the split by sc.Commit) to w:
// as tables of the planets taken, each planet's odds and expected units,
// who holds the space area, and each side's ships and losses (Table), or
// as one line of JSON (JSON), like Combat. It returns the first write
// error.
func System(w io.Writer, sc combat.Scenario, r combat.SystemResult, o CombatOptions) error {
	if o.Format == JSON {
		return systemJSON(w, sc, o.Scenario, r)
	}
	return systemTable(w, sc, r)
}

// systemTable writes a system invasion's result as text tables.
func systemTable(out io.Writer, sc combat.Scenario, r combat.SystemResult) error {
	w := NewErrWriter(out)
	writeSystemHeader(w, sc, r)
	if err := takenTable(w, r); err != nil {
		return err
	}

	fmt.Fprintln(w, "\nEach planet (expected units; committed: the attacker's ground forces landed on it):")
	if err := planetTable(w, sc, r); err != nil {
		return err
	}

	fmt.Fprintln(w, "\nSpace area after space cannon offense and space combat:")
	rows := outcomeRows(r.Space, [3]string{"attacker holds the space area", "neither (draw: no ships left)", "defender holds the space area"}, unfinishedLabel(sc))
	if err := outcomeTable(w, rows, r.Exact); err != nil {
		return err
	}
	if r.SpaceRounds.Value > 0 {
		writeRounds(w, "Space combat rounds", combat.Rounds{Mean: r.SpaceRounds})
	}

	fmt.Fprintln(w)
	if err := systemSideTable(w, r); err != nil {
		return err
	}
	if sc.MaxRounds == 0 && r.Space.Unfinished.P > 0 {
		fmt.Fprintf(w, "\nUnfinished combats were stopped at the round cap: they count as %d rounds.\n", combat.RoundCap)
	}
	writeWarnings(w, r.Warnings)
	return w.Err()
}

// writeSystemHeader writes how the odds were found (exact or the trials
// and seed), the ruleset when not TI4, the system and its commit policy,
// the attacker's fleet with its PDS, the defender's ships, the nebula, the
// planet bombarded when one is named, and each planet's units, then a
// blank line. A system's action is always an invasion.
func writeSystemHeader(w io.Writer, sc combat.Scenario, r combat.SystemResult) {
	writeHowFound(w, combat.Invasion, sc.Edition, r.Exact, r.Trials, r.Seed)
	fmt.Fprintf(w, "System: %s; commit policy: %s\n", planetsText(len(sc.Planets)), r.Commit)
	fmt.Fprintf(w, "Attacker: %s", fleetText(sc.Edition, sc.Attacker.Fleet))
	if sc.Attacker.SystemPDS > 0 {
		fmt.Fprintf(w, " (+%d PDS on its planets in the system)", sc.Attacker.SystemPDS)
	}
	if sc.Attacker.AdjacentPDS > 0 {
		fmt.Fprintf(w, " (+%d PDS in adjacent systems)", sc.Attacker.AdjacentPDS)
	}
	fmt.Fprintln(w)
	ships := "none"
	if !sc.Defender.Fleet.Empty() {
		ships = fleetText(sc.Edition, sc.Defender.Fleet)
	}
	fmt.Fprintf(w, "Defender ships: %s", ships)
	if sc.Defender.AdjacentPDS > 0 {
		fmt.Fprintf(w, " (+%d PDS in adjacent systems)", sc.Defender.AdjacentPDS)
	}
	fmt.Fprintln(w)
	if sc.Nebula {
		fmt.Fprintln(w, "In a nebula: +1 to the defender's ships in space combat")
	}
	if b := strings.TrimSpace(sc.Bombard); b != "" {
		fmt.Fprintf(w, "Bombardment: at planet %s\n", b)
	}
	for _, p := range sc.Planets {
		name := strings.TrimSpace(p.Name)
		if p.Cultural {
			name += " (cultural)"
		}
		us := "no units"
		if !p.Units.Empty() {
			us = fleetText(sc.Edition, p.Units)
		}
		fmt.Fprintf(w, "Planet %s: %s\n", name, us)
	}
	fmt.Fprintln(w)
}

// planetsText is a number of planets: "1 planet", "3 planets".
func planetsText(n int) string {
	if n == 1 {
		return "1 planet"
	}
	return fmt.Sprintf("%d planets", n)
}

// takenTable writes the chance of taking every planet and of taking
// exactly n planets for each n, then the expected number taken (its SE in
// the interval column).
func takenTable(w io.Writer, r combat.SystemResult) error {
	rows := []outcomeRow{{"takes every planet", r.TakeAll, false}}
	for n, p := range r.Taken {
		rows = append(rows, outcomeRow{"takes exactly " + planetsText(n), p, false})
	}
	t := newTable(w, "Outcome", "Probability", "95% interval")
	for _, row := range rows {
		iv := interval(row.p)
		if r.Exact {
			iv = "exact"
		}
		if err := t.Append(row.label, pct(row.p.P), iv); err != nil {
			return err
		}
	}
	m := "± " + se(r.TakenMean, false)
	if r.Exact {
		m = "exact"
	}
	if err := t.Append("expected planets taken", fmt.Sprintf("%.3f", r.TakenMean.Value), m); err != nil {
		return err
	}
	return t.Render()
}

// planetTable writes one row per planet: the chance the attacker takes
// it, invades it and its ground combat wipes out both sides, the expected
// ground forces committed to it, the expected units left on it of each
// side, and its mean ground combat rounds.
func planetTable(w io.Writer, sc combat.Scenario, r combat.SystemResult) error {
	t := newTable(w, "Planet", "Taken", "Invaded", "Wiped out", "Committed", "Attacker left", "Defender left", "Ground rounds")
	for k, p := range r.Planets {
		name := p.Name
		if k < len(sc.Planets) && sc.Planets[k].Cultural {
			name += " (cultural)"
		}
		rounds := fmt.Sprintf("%.3f", p.GroundRounds.Value)
		if !r.Exact && p.GroundRounds.SE > 0 {
			rounds += fmt.Sprintf(" ± %.3f", p.GroundRounds.SE)
		}
		if err := t.Append(name, pct(p.Taken.P), pct(p.Invaded.P), pct(p.WipedOut.P),
			expectedText(p.Committed), expectedText(p.Attacker), expectedText(p.Defender), rounds); err != nil {
			return err
		}
	}
	return t.Render()
}

// expectedText lists expected unit counts in display order by kind, e.g. "1.000
// mech, 3.420 infantry"; "-" for none.
func expectedText(s []combat.Survivor) string {
	if len(s) == 0 {
		return "-"
	}
	var parts []string
	for _, u := range inDisplayOrder(s) {
		parts = append(parts, fmt.Sprintf("%.3f %s", u.Expected.Value, u.Kind))
	}
	return strings.Join(parts, ", ")
}

// systemSideTable writes each side's ships left in the space area, the
// attacker's ground forces kept in space, and each side's resources lost,
// as the survivors table does.
func systemSideTable(w io.Writer, r combat.SystemResult) error {
	t := newTable(w, "Side", "Unit", "Start", "Expected left", "± SE")
	row := func(side, label, start string, m combat.Mean) error {
		return t.Append(side, label, start, fmt.Sprintf("%.3f", m.Value), se(m, r.Exact))
	}
	for i, side := range [2]string{"attacker", "defender"} {
		for _, u := range inDisplayOrder(r.Ships[i]) {
			if err := row(side, u.Name, fmt.Sprint(u.Start), u.Expected); err != nil {
				return err
			}
		}
		if i == 0 {
			for _, u := range inDisplayOrder(r.Kept) {
				if err := row(side, u.Name+" (kept in space)", fmt.Sprint(u.Start), u.Expected); err != nil {
					return err
				}
			}
		}
		if err := row(side, "resources lost", "", r.ResourcesLost[i]); err != nil {
			return err
		}
	}
	return t.Render()
}

// writeWarnings writes the warnings, if any, after a blank line.
func writeWarnings(w io.Writer, warnings []string) {
	if len(warnings) > 0 {
		fmt.Fprintln(w, "\nWarnings:")
		for _, m := range warnings {
			fmt.Fprintf(w, "  - %s\n", m)
		}
	}
}
