package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// twinForm is the one rule of which units fight a combat in another form:
// the form side's units of kind k take in an action act (formUnit for
// none). With the Nekro flagship (The Alastor) every ground force fights
// the space combat as a ship; the attacker's Naaz-Rokha mechs (in the space
// area) flip to the Z-Grav Eidolon; with the Naalu flagship (Matriarch) the
// attacker's fighters are committed to the invaded planet as ground forces.
// Validation (which units a scenario may hold) and addTwins both ask it.
func twinForm(s *engine.Force, idx engine.Side, act engine.Action, k units.Kind) engine.Form {
	flagship := s.Fleet.Count(units.Flagship) > 0
	switch slug := s.FactionOrNone().Slug; {
	case act == engine.GroundCombat:
	case slug == "nekro" && flagship && k.GroundForce():
		return engine.FormShip
	case slug == "naaz-rokha" && idx == engine.Attacker && k == units.Mech:
		return engine.FormShip
	case slug == "naalu" && idx == engine.Attacker && flagship && act == engine.Invasion && k == units.Fighter:
		return engine.FormGround
	}
	return engine.FormUnit
}

// addTwins adds the twin slots twinForm asks for (compileSide calls it
// before the rolls and hit orders are built; the texts' rules move the
// units): the twin of a ground force fighting as a ship, of a mech as the
// Z-Grav Eidolon (not Eidolon Maximum, a ship already), of a fighter on
// the planet.
func addTwins(sp *engine.SidePlan, s *engine.Force, idx engine.Side, sc *Scenario) {
	for i := range len(sp.Slots) {
		sl := sp.Slots[i]
		if sl.Form != engine.FormUnit || sl.Zone == engine.ZoneAdjacent {
			continue
		}
		st := sl.Stats
		switch f := twinForm(s, idx, sc.Action, st.Kind); {
		case f == engine.FormShip && st.Kind == units.Mech && s.FactionOrNone().Slug == "naaz-rokha":
			if !sl.NoAbilityHits {
				sp.AddTwin(uint8(i), engine.FormShip, zGravEidolon(st))
			}
		case f == engine.FormShip:
			st.Name += " (fighting as a ship)"
			sp.AddTwin(uint8(i), engine.FormShip, st)
		case f == engine.FormGround:
			st.Name += " (on the planet)"
			st.Sustain = false
			sp.AddTwin(uint8(i), engine.FormGround, st)
		}
	}
}

// eidolonMaximum is the Naaz-Rokha mech card flipped by the breakthrough
// Absolute Synergy (Thunder's Edge; AS te_units.json): combat 4 (x4), move
// 3, Sustain Damage, both a ship and a ground force.
func eidolonMaximum(mech units.Stats) units.Stats {
	st := mech
	st.Name = "Eidolon Maximum"
	st.Combat = units.Roll{Value: 4, Dice: 4}
	st.Move, st.Sustain = 3, true
	return st
}

// zGravEidolon is the Naaz-Rokha mech's space side (its mech card, AS
// te/pok units "Z-Grav Eidolon"): a ship with combat 8 (x2) and no Sustain
// Damage.
func zGravEidolon(mech units.Stats) units.Stats {
	st := mech
	st.Name = "Z-Grav Eidolon"
	st.Combat = units.Roll{Value: 8, Dice: 2}
	st.Sustain = false
	return st
}
