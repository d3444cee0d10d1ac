package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// twinForm is the one rule of which units fight a combat in another form:
// the form side's units of kind k take in an action act (FormUnit for
// none), each faction's rule in its file (alastorForm, zGravForm,
// matriarchForm). Validation (which units a scenario may hold) and
// addTwins both ask it.
func twinForm(s *engine.Force, idx engine.Side, act engine.Action, k units.Kind) engine.Form {
	if act == engine.GroundCombat {
		return engine.FormUnit
	}
	switch s.FactionOrNone().Slug {
	case "nekro":
		return alastorForm(s, k)
	case "naaz-rokha":
		return zGravForm(idx, k)
	case "naalu":
		return matriarchForm(s, idx, act, k)
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
