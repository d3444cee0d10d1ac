package combat

import "github.com/ti4sim/ti4sim/units"

// twinForm is the one rule of which units fight a combat in another form:
// the form side's units of kind k take in an action act (formUnit for
// none). With the Nekro flagship (The Alastor) every ground force fights
// the space combat as a ship; the attacker's Naaz-Rokha mechs (in the space
// area) flip to the Z-Grav Eidolon; with the Naalu flagship (Matriarch) the
// attacker's fighters are committed to the invaded planet as ground forces.
// Validation (which units a scenario may hold) and addTwins both ask it.
func twinForm(s *force, idx sideID, act Action, k units.Kind) form {
	flagship := s.Fleet.Count(units.Flagship) > 0
	switch slug := s.faction().Slug; {
	case act == GroundCombat:
	case slug == "nekro" && flagship && k.GroundForce():
		return formShip
	case slug == "naaz-rokha" && idx == attacker && k == units.Mech:
		return formShip
	case slug == "naalu" && idx == attacker && flagship && act == Invasion && k == units.Fighter:
		return formGround
	}
	return formUnit
}

// addTwins adds the twin slots twinForm asks for (compileSide calls it
// before the rolls and hit orders are built; the texts' rules move the
// units): the twin of a ground force fighting as a ship, of a mech as the
// Z-Grav Eidolon (not Eidolon Maximum, a ship already), of a fighter on
// the planet.
func (sp *sidePlan) addTwins(s *force, idx sideID, sc *scenarioIn) {
	for i := range len(sp.slots) {
		sl := sp.slots[i]
		if sl.form != formUnit || sl.zone == zoneAdjacent {
			continue
		}
		st := sl.stats
		switch f := twinForm(s, idx, sc.Action, st.Kind); {
		case f == formShip && st.Kind == units.Mech && s.faction().Slug == "naaz-rokha":
			if !sl.noAbilityHits {
				sp.addTwin(uint8(i), formShip, zGravEidolon(st))
			}
		case f == formShip:
			st.Name += " (fighting as a ship)"
			sp.addTwin(uint8(i), formShip, st)
		case f == formGround:
			st.Name += " (on the planet)"
			st.Sustain = false
			sp.addTwin(uint8(i), formGround, st)
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
