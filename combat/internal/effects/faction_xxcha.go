package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// xxchaTexts lists the texts of the Xxcha Kingdom that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func xxchaTexts() []Effect {
	return []Effect{
		modelled("indomitus", indomitus),
		modelled("loncara-ssodu", loncaraSsodu),
	}
}

// indomitus (Xxcha mech): Space Cannon 8; "You may use this unit's SPACE
// CANNON ability against ships that are in adjacent systems." The engine
// compiles no space cannon for ground forces, so the rolls are added here:
// every Xxcha mech in the active system fires in space cannon offense (LRR
// 77.2: every unit in the active system, the attacker's mechs in the space
// area included), and the defender's mechs on the planet fire in space
// cannon defense. The attacker's mechs do not (TR: only non-active players
// fire then). Mechs in adjacent systems are not an input. Antimass
// Deflectors and Solar Flare attach late and see these rolls; Plasma
// Scoring's die may use them. Articles of War removes the ability. In a
// space combat (the action) the mechs a side lists are there for this
// ability; the exact solver's space combat states hold the ships only, not
// the mechs left, so exact mode refuses it.
func indomitus(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if mechTextLost(sc) {
		p.WarnOnce("Indomitus does nothing: Articles of War removes the mech's Space Cannon")
		return
	}
	sp := &p.Side[holder]
	if _, ok := engine.GroundSlot(p, holder, units.Mech); ok && sc.Action == engine.SpaceCombat {
		p.BeyondExact("Indomitus in a space combat (the mechs left are not in exact mode's states)")
	}
	for i, sl := range sp.Slots {
		st := sl.Stats
		if st.Kind != units.Mech || !st.SpaceCannon.Has() || sl.Zone == engine.ZoneAdjacent {
			continue
		}
		ro := engine.Roller{Slot: uint8(i), Dice: uint8(st.SpaceCannon.Dice), Base: int8(st.SpaceCannon.Value)}
		sp.AppendRoller(engine.RollSCO, ro)
		if holder == engine.Defender && sl.Zone == engine.ZonePlanet {
			sp.AppendRoller(engine.RollSCD, ro)
		}
	}
}

// loncaraSsodu (Xxcha flagship): Space Cannon 5 (x3) "against ships that
// are in adjacent systems" too. In the active system it is a ship with
// Space Cannon, which its numbers already say: it fires in space cannon
// offense and, being a ship, not in space cannon defense. A flagship in an
// adjacent system is not an input.
func loncaraSsodu(p *engine.Plan, sc *Scenario, holder engine.Side) {
}
