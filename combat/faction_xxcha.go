package combat

import "github.com/ti4sim/ti4sim/units"

// indomitus (Xxcha mech): Space Cannon 8; "You may use this unit's SPACE
// CANNON ability against ships that are in adjacent systems." The engine
// compiles no space cannon for ground forces, so the rolls are added here:
// every Xxcha mech in the active system fires in space cannon offense (LRR
// 77.2: every unit in the active system, the attacker's mechs in the space
// area included), and the defender's mechs on the planet fire in space
// cannon defense. The attacker's mechs do not (TR: only non-active players
// fire then). Mechs in adjacent systems are not an input. Antimass
// Deflectors and Solar Flare attach late and see these rolls; Plasma
// Scoring's die may use them. Articles of War removes the ability.
func indomitus(p *plan, sc *scenarioIn, holder sideID) {
	if mechTextLost(sc) {
		p.warnOnce("Indomitus does nothing: Articles of War removes the mech's Space Cannon")
		return
	}
	sp := &p.side[holder]
	for i, sl := range sp.slots {
		st := sl.stats
		if st.Kind != units.Mech || !st.SpaceCannon.Has() || sl.zone == zoneAdjacent {
			continue
		}
		ro := roller{slot: uint8(i), dice: uint8(st.SpaceCannon.Dice), thr: int8(st.SpaceCannon.Value)}
		sp.rollers[rollSCO] = append(sp.rollers[rollSCO], ro)
		if holder == defender && sl.zone == zonePlanet {
			sp.rollers[rollSCD] = append(sp.rollers[rollSCD], ro)
		}
	}
	sp.groups[rollSCO] = groupRollers(sp.rollers[rollSCO])
	sp.groups[rollSCD] = groupRollers(sp.rollers[rollSCD])
}

// loncaraSsodu (Xxcha flagship): Space Cannon 5 (x3) "against ships that
// are in adjacent systems" too. In the active system it is a ship with
// Space Cannon, which its numbers already say: it fires in space cannon
// offense and, being a ship, not in space cannon defense. A flagship in an
// adjacent system is not an input.
func loncaraSsodu(p *plan, sc *scenarioIn, holder sideID) {
}
