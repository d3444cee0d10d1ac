package effects

import (
	"fmt"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// nomadTexts lists the texts of the Nomad that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func nomadTexts() []Effect {
	return []Effect{
		appliedBy("the-cavalry", "unit variants, when the units are laid out"),
		modelled("quantum-manipulator", quantumManipulator),
		byNumbers("memoria-ii"),
		outside("memoria", "movement"),
	}
}

// quantumManipulator (Nomad mech): "While this unit is in a space area
// during combat, you may use its SUSTAIN DAMAGE ability to cancel a hit
// that is produced against your ships in this system." Only the mechs in
// the space area: in an invasion the attacker's (the defender's stand on
// the planet); in a space combat every mech a side lists, since only its
// mechs in the space area act in one (a defender's mechs there are
// carried by its ships; ti4battle counts both sides' alike).
// During the space combat rounds, hits of the opponent's space combat
// rolls against the holder's ships may be cancelled by an undamaged mech
// there using Sustain Damage (it becomes damaged; with Non-Euclidean
// Shielding one use cancels 2 hits). Policy: the mechs' Sustain Damage is
// used first, before any ship takes a hit (whatever the hit-order policy
// says; a damaged mech still fights in a later ground combat, damaged).
// Fourth Moon does not stop it (the mech is not a ship). Not modelled:
// hits of space cannon offense (not during combat) and of abilities during
// the combat (Ambush, Devotion, ...), and the triggers of a use of Sustain
// Damage (Direct Hit targets ships; the mech is not one). Articles of War
// removes the text. The exact solver's states hold the ships only, not
// the mechs, so it refuses the text.
func quantumManipulator(p *engine.Plan, sc *Scenario, holder engine.Side) {
	switch {
	case sc.Action == engine.GroundCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, "Quantum Manipulator", holder, "Articles of War takes the mechs' texts away")
		return
	}
	var mechs []uint8
	for _, s := range engine.KindSlots(p, holder, engine.TGround, units.Mech) {
		if p.Side[holder].Slots[s].Zone == engine.ZoneSpace || sc.Action == engine.SpaceCombat {
			mechs = append(mechs, s)
		}
	}
	if len(mechs) == 0 {
		return
	}
	p.BeyondExact("Quantum Manipulator (mechs in space cancel hits on ships)")
	p.OnBeforeAssign(engine.RollSpace, func(t *engine.Trial, side engine.Side, hits int) int {
		if side != holder || !t.Has(holder, engine.TShips) {
			return hits
		}
		sp := &t.P.Side[holder]
		for _, s := range mechs {
			if !sp.Slots[s].Sustain {
				continue // a law took Sustain Damage away
			}
			for hits > 0 && t.Alive[holder][s] > t.Damaged[holder][s] {
				t.Damaged[holder][s]++
				t.SustainedRound[holder][s]++
				hits -= sp.SustainCancels
			}
		}
		return max(hits, 0)
	})
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
