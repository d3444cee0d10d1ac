package combat

import "github.com/ti4sim/ti4sim/units"

// ulTheProgenitor (Titans hero, Geoform): attached to Elysium, the planet
// gains Space Cannon 5 (x3) "as if it were a unit". Listing the hero says
// it is attached and Elysium (the Titans' home planet, alone in its system)
// is in the active system: held by the defender, Elysium is the contested
// planet and fires in space cannon offense and defense; held by the
// attacker, Elysium is another planet of the active system and fires in
// space cannon offense only. The planet is never hit nor destroyed.
func ulTheProgenitor(p *plan, sc *scenarioIn, holder sideID) {
	sp := &p.side[holder]
	n := len(sp.slots)
	p.addRoller(holder, rollSCO, "Elysium (Geoform)", 5, 3)
	if len(sp.slots) == n || holder != defender {
		return
	}
	sp.rollers[rollSCD] = append(sp.rollers[rollSCD], roller{slot: uint8(n), dice: 3, thr: 5})
	sp.groups[rollSCD] = groupRollers(sp.rollers[rollSCD])
}

// helTitan (Titans PDS, Hel-Titan I/II: "This unit is treated as both a
// structure and a ground force. It cannot be transported."): the defender's
// Hel-Titans on the planet fight in ground combat with their combat value
// (7, or 6 upgraded) and the side's static modifier, can be hit by ground
// combat rolls and Bombardment and use Sustain Damage against them, and
// keep the planet from falling while one is left. They take hits after the
// side's other ground forces (the player keeps the PDS longest). Space
// cannon and Planetary Shield are the structure's, as before. Static: exact
// mode solves it. Not modelled: an attacker's Hel-Titans (a PDS cannot be
// committed: it cannot be transported).
func helTitan(p *plan, sc *scenarioIn, holder sideID) {
	if holder != defender || sc.Action == SpaceCombat {
		return
	}
	sp := &p.side[holder]
	mod := sideOf(sc, holder).Modifier
	for i, sl := range sp.slots {
		if sl.stats.Kind != units.PDS || sl.zone != zonePlanet || !sl.stats.Combat.Has() {
			continue
		}
		s := uint8(i)
		sp.rollers[rollGround] = append(sp.rollers[rollGround], roller{slot: s, dice: uint8(sl.stats.Combat.Dice), thr: int8(sl.stats.Combat.Value - mod)})
		sp.groups[rollGround] = groupRollers(sp.rollers[rollGround])
		sp.order[tGround] = append(sp.order[tGround], s)
		sp.in[s] |= 1 << tGround
		sp.count[tGround] += int32(sp.start[s])
	}
	sp.derive()
}

// tellurian (Titans agent, Tellurian; catalog text: "agent: when a hit is
// produced against any unit, exhaust to cancel that hit"). Listed by a
// side, that side uses it, on its own units. An agent exhausts: once per
// action. Policy: it cancels the first hit produced against the holder's
// units in the action, whatever the roll (space cannon, anti-fighter
// barrage, combat rounds, bombardment, space cannon defense, the hits of
// effects), before the holder assigns it — even one that its Sustain
// Damage could have cancelled. Not modelled: using it on hits against
// other players' units, and keeping it for a later, more damaging hit. The
// choice depends on what happened earlier in the action: exact mode
// refuses it.
func tellurian(p *plan, sc *scenarioIn, holder sideID) {
	c := p.counter()
	for r := range rollKind(numRollKinds) {
		p.onBeforeAssign(r, func(t *trial, side sideID, hits int) int {
			if side != holder || hits == 0 || t.used[c] > 0 {
				return hits
			}
			t.used[c] = 1
			return hits - 1
		})
	}
	p.beyondExact("Tellurian (cancels the first hit)")
}
