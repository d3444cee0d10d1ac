package effects

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// applyVariants splits off the side's galvanized units and the ship of The
// Cavalry, and gives the Naaz-Rokha mechs and the Mentak cruisers their
// variants; it returns the warnings.
func applyVariants(sp *engine.SidePlan, s *engine.Force, sc *Scenario) (warnings []string) {
	for _, g := range s.Galvanized.Groups() {
		i, ok := sp.SlotOfKind(g.Kind)
		if !ok {
			continue
		}
		st := sp.Slots[i].Stats
		st.Name += " (galvanized)"
		for _, r := range []*units.Roll{&st.Combat, &st.AFB, &st.SpaceCannon, &st.Bombardment} {
			if r.Has() {
				r.Dice++
			}
		}
		j, ok := sp.SplitSlot(i, g.Count, st)
		if !ok {
			warnings = append(warnings, fmt.Sprintf("galvanized %s: too many unit types to tell them apart; ignored", g.Kind))
			continue
		}
		sp.Galvanize(j)
	}
	if _, ok := factionItemCount(s, "eidolon-maximum"); ok && s.FactionOrNone().Slug == "naaz-rokha" {
		for i := range sp.Slots {
			if sp.Slots[i].Stats.Kind == units.Mech {
				sp.SetStats(uint8(i), eidolonMaximum(sp.Slots[i].Stats))
				sp.GiveSustain(uint8(i), true)
			}
		}
	}
	if _, ok := factionItemCount(s, "the-tables-grace"); ok && s.FactionOrNone().Slug == "mentak" {
		if i, ok := sp.SlotOfKind(units.Cruiser); ok && sp.Slots[i].Stats.Upgraded {
			// The Corsair (Thunder's Edge; AS te_units.json
			// "mentak_cruiser3"): Cruiser II's numbers with capacity 2.
			st := sp.Slots[i].Stats
			st.Name, st.Cost, st.Combat, st.Move, st.Capacity = "Corsair", 2, units.Roll{Value: 6, Dice: 1}, 3, 2
			sp.SetStats(i, st)
		} else if ok {
			warnings = append(warnings, "The Table's Grace flips Cruiser II: the side's cruisers are not upgraded; no effect")
		}
	}
	if n, ok := factionItemCount(s, "the-cavalry"); ok {
		if e, w := cavalry(sp, n); e == "" {
			warnings = append(warnings, w)
		}
	}
	return warnings
}

// cavalry (Nomad promissory note The Cavalry): "the holder treats 1
// non-fighter ship as having the Memoria's Sustain Damage, combat value and
// Anti-Fighter Barrage" — Memoria I (printing 1, "the-cavalry") or
// Memoria II ("the-cavalry:2"), as the Nomad has it. Policy: the ship that
// gains most, the one with the worst combat value (ties: one without
// Sustain Damage, then the cheapest).
func cavalry(sp *engine.SidePlan, printing int) (effect, warning string) {
	nomad, _ := units.LookupFaction("nomad")
	memoria, err := nomad.Unit(units.Flagship, printing == 2)
	if err != nil {
		return "", "The Cavalry: " + err.Error()
	}
	best := -1
	for i, sl := range sp.Slots {
		k := sl.Stats.Kind
		if !k.Ship() || k == units.Fighter || sl.Zone != engine.ZoneSpace || sp.Start[i] == 0 {
			continue
		}
		if best < 0 || worseShip(sl.Stats, sp.Slots[best].Stats) {
			best = i
		}
	}
	if best < 0 {
		return "", "The Cavalry: the holder has no non-fighter ship; it does nothing"
	}
	st := sp.Slots[best].Stats
	st.Name += " (The Cavalry)"
	st.Sustain, st.Combat, st.AFB = true, memoria.Combat, memoria.AFB
	if _, ok := sp.SplitSlot(uint8(best), 1, st); !ok {
		return "", "The Cavalry: too many unit types to tell its ship apart; ignored"
	}
	return fmt.Sprintf("The Cavalry (%s on %s)", memoria.Name, sp.Slots[best].Stats.Name), ""
}

// worseShip reports whether a gains more than b from another ship's
// numbers: a worse combat value, then no Sustain Damage, then a lower cost.
func worseShip(a, b units.Stats) bool {
	switch {
	case a.Combat.Value != b.Combat.Value:
		return a.Combat.Value > b.Combat.Value
	case a.Sustain != b.Sustain:
		return !a.Sustain
	}
	return a.Cost < b.Cost
}

// factionCounts are the faction items (notes, leaders, breakthroughs) that
// take a number after ':' and its range: The Cavalry's Memoria printing,
// the "Support for the Throne" cards Imperator counts, the systems The
// Egeiro counts. Other faction items take none.
var factionCounts = map[string][2]int{
	"the-cavalry": {1, 2},
	"imperator":   {0, 7},
	"the-egeiro":  {0, 30},
	"alarum":      {0, 20},
}

// factionItemCount returns the number given with a faction item among the
// side's cards ("imperator:2" → 2; "imperator" → 1), and whether the side
// lists the item. Notes, leaders and breakthroughs are given as cards.
func factionItemCount(s *engine.Force, slug string) (int, bool) {
	for _, it := range s.Cards {
		name, num, hasNum := strings.Cut(it, ":")
		if techSlug(strings.TrimSpace(name)) != slug {
			continue
		}
		if !hasNum {
			return 1, true
		}
		n, _ := strconv.Atoi(strings.TrimSpace(num)) // validated by checkFactionItem
		return n, true
	}
	return 0, false
}

// checkFactionItem validates the number after ':' of a faction item.
func checkFactionItem(item, slug string, n int, hasNum bool) error {
	r, takes := factionCounts[slug]
	switch {
	case !hasNum:
		return nil
	case !takes:
		return fmt.Errorf("%s: %s takes no number after ':' (only %s do)", echo.Quote(item), slug, "the-cavalry, imperator, the-egeiro, alarum")
	case n < r[0] || n > r[1]:
		return fmt.Errorf("%s: the number after ':' must be %d..%d for %s", echo.Quote(item), r[0], r[1], slug)
	}
	return nil
}
