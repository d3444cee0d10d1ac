package report

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// rollText is a roll as a unit sheet writes it: "Space Cannon 6 (x3)".
func rollText(name string, r units.Roll) string {
	if !r.Has() {
		return ""
	}
	if r.Dice == 1 {
		return fmt.Sprintf("%s %d", name, r.Value)
	}
	return fmt.Sprintf("%s %d (x%d)", name, r.Value, r.Dice)
}

// abilities lists a unit's abilities as its sheet does.
func abilities(s units.Stats) string {
	var a []string
	if n := s.SustainUses(); n == 1 {
		a = append(a, "Sustain Damage")
	} else if n > 1 {
		a = append(a, fmt.Sprintf("Sustain Damage (x%d)", n))
	}
	bomb := rollText("Bombardment", s.Bombardment)
	if bomb != "" && s.BombardsThroughShield {
		bomb += " through Planetary Shield"
	}
	for _, r := range []string{rollText("Anti-Fighter Barrage", s.AFB), rollText("Space Cannon", s.SpaceCannon), bomb} {
		if r != "" {
			a = append(a, r)
		}
	}
	if s.PlanetaryShield {
		a = append(a, "Planetary Shield")
	}
	if s.Production > 0 {
		p := fmt.Sprintf("Production %d", s.Production)
		if s.ProductionPlusResources {
			p = fmt.Sprintf("Production resources+%d", s.Production)
		}
		a = append(a, p)
	}
	return strings.Join(a, ", ")
}

// dash is v, or "-" for 0.
func dash(v int) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprint(v)
}

// Units writes the table of f's units to w, with the numbers the engine
// uses (cost, combat, move, capacity, abilities), then their texts, the
// faction's texts with how each is modelled, and its board states. what
// names f in the heading: "faction", or "ruleset" for another ruleset's
// unit table. It returns the first write error.
func Units(out io.Writer, f *units.Faction, what string) error {
	w := NewErrWriter(out)
	fmt.Fprintf(w, "Units of %s %s: %s, with the numbers the engine uses\n", what, f.Slug, f.Name)
	t := newTable(w, "Unit", "Cost", "Combat", "Move", "Capacity", "Abilities")
	var notes []string
	for _, s := range f.Units() {
		cost := "-"
		switch {
		case s.Cost == 0.5:
			cost = "1 (x2)"
		case s.Cost > 0:
			cost = fmt.Sprint(s.Cost)
		}
		combat := "-"
		if s.Combat.Has() {
			combat = rollText("", s.Combat)[1:]
		}
		if err := t.Append(s.Name, cost, combat, dash(s.Move), dash(s.Capacity), abilities(s)); err != nil {
			return err
		}
		if s.Text != "" {
			notes = append(notes, fmt.Sprintf("  %s: %s", s.Name, s.Text))
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "Unit texts:\n%s\n", strings.Join(notes, "\n"))
	}
	if _, err := f.Unit(units.Flagship, false); err != nil && f.IsTI3() && f != units.TI3() {
		fmt.Fprintf(w, "Flagship: none here (%v)\n", err)
	}
	if len(f.Abilities) > 0 {
		fmt.Fprintln(w, "Faction texts (modelled; outside combat, with why; or not modelled yet: a run where one would act warns about it):")
		for _, a := range f.Abilities {
			status := "not modelled yet"
			if why, ok := combat.OutsideCombat(a.Slug); ok {
				status = "outside combat: " + why
			} else if combat.Modelled(a.Slug) {
				status = "modelled"
			}
			fmt.Fprintf(w, "  %s (%s, %s; %s): %s\n", a.Name, a.Kind, a.Slug, status, a.Text)
		}
	}
	if f == units.TI3() {
		fmt.Fprintln(w, "Leaders in the fight (--attacker-leader, --defender-leader):")
		leaders := combat.TI3Leaders()
		for _, slug := range slices.Sorted(maps.Keys(leaders)) {
			fmt.Fprintf(w, "  %s: %s\n", slug, leaders[slug])
		}
		fmt.Fprintf(w, "System: --high-alert SIDE: %s\n        --ion-storm: %s\n        --home-system: %s\n        --wormhole: %s\n        --negate-mine-hits: %s\n",
			combat.TI3HighAlert, combat.TI3IonStorm, combat.TI3NeutralBombardment, combat.TI3Wormhole, combat.TI3NegateMineHits)
		fmt.Fprintln(w, "Action cards (--attacker-card, --defender-card):")
		cards := combat.TI3Cards()
		for _, slug := range slices.Sorted(maps.Keys(cards)) {
			fmt.Fprintf(w, "  %s: %s\n", slug, cards[slug])
		}
	}
	if bs := combat.BoardStates(f.Slug); len(bs) > 0 {
		fmt.Fprintln(w, "Board states (what no fleet says; list with --attacker-card or --defender-card of this faction's side):")
		for _, b := range bs {
			fmt.Fprintf(w, "  %s (for %s): %s\n", b.Slug, b.Text, b.Meaning)
		}
	}
	return w.Err()
}
