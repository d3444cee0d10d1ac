package combat

import (
	"fmt"

	"github.com/ti4sim/ti4sim/units"
)

// factionRulesH returns one group of modelled faction texts, by ability
// slug: Annihilator (L1Z1X mech), Aerie Sentinel (Argent mech),
// Miniaturization and Linkship (Ral Nel), The Table's Grace (Mentak).
func factionRulesH() map[string]factionRule {
	return map[string]factionRule{
		"annihilator":      {attach: annihilator},
		"aerie-sentinel":   {attach: aerieSentinel},
		"miniaturization":  {attach: miniaturization},
		"linkship":         {attach: linkship},
		"the-tables-grace": {attach: inVariants},
		"last-dispatch":    {attach: lastDispatch},
		"quietus":          {attach: quietus},
		"heavens-eye":      {attach: heavensEye},
		"valefar-assimilator-z": {attach: func(p *plan, sc *Scenario, holder int) {
			p.addEffect("Valefar Assimilator Z (list the assimilated flagship's text among the cards)", true)
		}},
	}
}

// annihilator (L1Z1X mech): "While not participating in
// ground combat, this unit can use its BOMBARDMENT ability on planets in
// its system as if it were a ship" (Bombardment 8). The attacker's mechs in
// the space area bombard in the Bombardment step, then land with the other
// ground forces (the commitment comes after it); once committed they are in
// the ground combat, so Harrow's bombardments do not include them (TR).
// Articles of War takes the text away.
func annihilator(p *plan, sc *Scenario, holder int) {
	const name = "Annihilator (mechs in the space area bombard)"
	if holder != attacker || sc.Action != Invasion || mechTextLost(sc) {
		p.addEffect(name, true)
		return
	}
	for _, m := range kindSlots(p, holder, tGround, units.Mech) {
		st := p.side[holder].slots[m].stats
		if p.side[holder].slots[m].zone != zoneSpace || !st.Bombardment.Has() {
			continue
		}
		s, ok := p.addRoller(holder, rollBombard, st.Name+" (bombardment)", st.Bombardment.Value, st.Bombardment.Dice)
		if !ok {
			continue
		}
		p.side[holder].start[s] = 0
		p.hooks.startOfInvasion = append(p.hooks.startOfInvasion, func(t *trial) {
			t.alive[holder][s] = t.alive[holder][m]
		})
		p.hooks.afterCommit = append(p.hooks.afterCommit, func(t *trial) bool {
			t.alive[holder][s] = 0
			return true
		})
	}
	p.addEffect(name, false)
}

// aerieSentinel (Argent mech): it "does not use capacity
// while transported or while in a space area with an Argent ship that has
// capacity": the side's mechs in the space area are never removed for lack
// of room (ground forces left with no ship at all are still lost).
func aerieSentinel(p *plan, sc *Scenario, holder int) {
	cp := &p.side[holder].capacity
	out := cp.cargo[:0]
	for _, s := range cp.cargo {
		if p.side[holder].slots[s].stats.Kind != units.Mech {
			out = append(out, s)
		}
	}
	cp.cargo = out
	p.addEffect("Aerie Sentinel (mechs need no capacity)", true)
}

// miniaturization (Ral Nel faction ability, Thunder's Edge): "Ral Nel structures
// can ride on any ship without using capacity, but while in a space area
// they lose their unit abilities." The attacker's fleet may list Ral Nel
// PDS and space docks: they are in the space area, need no room, take no
// hits, and have no Space Cannon, Planetary Shield or Production there
// (compileSide); Linkships may fire their Space Cannon.
func miniaturization(p *plan, sc *Scenario, holder int) {
	p.addEffect("Miniaturization (structures in the space area lose their abilities)", true)
}

// linkship (Ral Nel destroyer, Thunder's Edge): "may fire the Space Cannon
// of one Ral Nel structure in its space area" — Linkship I: "each structure
// only once"; Linkship II: "several linkships may use the same structure".
// In space cannon offense the side's Linkships in the space area fire the
// Space Cannon of its structures there (the attacker's carried PDS): with
// Linkship II every Linkship fires the best one; with Linkship I as many
// Linkships as there are such structures. Nothing before space cannon
// offense can destroy either, so the number of rolls is fixed.
func linkship(p *plan, sc *Scenario, holder int) {
	sp := &p.side[holder]
	var pds units.Roll
	structures, ships, upgraded := 0, 0, false
	for i, sl := range sp.slots {
		st := sl.stats
		switch {
		case sl.zone != zoneSpace:
		case st.Kind.Structure() && st.SpaceCannon.Has():
			structures += int(sp.start[i])
			if pds.Value == 0 || st.SpaceCannon.Value < pds.Value {
				pds = st.SpaceCannon
			}
		case st.Kind == units.Destroyer:
			ships += int(sp.start[i])
			upgraded = upgraded || st.Upgraded
		}
	}
	n := ships
	if !upgraded {
		n = min(ships, structures)
	}
	if structures == 0 || n == 0 || sc.Action == GroundCombat {
		p.addEffect("Linkship", true)
		return
	}
	p.addRoller(holder, rollSCO, "Linkship (a structure's Space Cannon)", pds.Value, n*pds.Dice)
	p.addEffect(fmt.Sprintf("Linkship (%d Linkships fire Space Cannon %d)", n, pds.Value), true)
}

// lastDispatch (Ral Nel flagship, Thunder's Edge): "when it retreats, the
// Ral Nel may destroy 1 ship in the active system that lacks Sustain
// Damage." Policy: when the holder's ships retreat with the flagship, the
// opponent's most valuable ship without Sustain Damage is destroyed (the
// retreat itself follows the side's retreat policy).
func lastDispatch(p *plan, sc *Scenario, holder int) {
	flag, ok := captureFlagship(p, holder)
	p.addEffect("Last Dispatch (a ship destroyed on retreat)", true)
	if !ok {
		return
	}
	opp := 1 - holder
	var victims []uint8
	for _, s := range shipsByValue(p, opp) {
		if !p.side[opp].slots[s].sustain {
			victims = append(victims, s)
		}
	}
	p.hooks.onRetreat = append(p.hooks.onRetreat, func(t *trial, side int) {
		if side != holder || t.alive[holder][flag] == 0 {
			return
		}
		for _, s := range victims {
			if t.alive[opp][s] > 0 {
				t.destroy(opp, s)
				return
			}
		}
	})
}

// quietus (Crimson Rebellion flagship, Thunder's Edge): "While this unit is
// in a system that contains an active breach, other players' units in
// systems with active breaches lose all of their unit abilities." Whether
// the active system has an active breach is not in the scenario: the side
// says so by listing "quietus" among its cards. Then, while the flagship is
// in the system (it is in the fleet), the opponent's units there have no
// Space Cannon, Anti-Fighter Barrage, Bombardment, Planetary Shield or
// Sustain Damage (its PDS in adjacent systems keep theirs: no breach is
// assumed there). Static: exact mode solves it. Not modelled: the flagship
// destroyed mid-combat giving the abilities back.
func quietus(p *plan, sc *Scenario, holder int) {
	if _, breach := factionItemCount(sideOf(sc, holder), "quietus"); !breach {
		p.addEffect("Quietus", true)
		factionIdle(p, "Quietus", holder, "no active breach in the system (list quietus among the side's cards when there is one)")
		return
	}
	p.stripUnitAbilities(1-holder, true)
	p.addEffect("Quietus (an active breach: the opponent's units lose their unit abilities)", true)
}

// heavensEye (Firmament flagship, Thunder's Edge): "if the active system
// holds units of a player whose control marker is on a Firmament plot, it
// gets +1 move and is repaired at the end of every combat round". Whether
// the opponent is puppeted is not in the scenario: the side says so by
// listing "heavens-eye" among its cards. Then the flagship is repaired at
// the end of every round of space combat (the move does not matter here).
func heavensEye(p *plan, sc *Scenario, holder int) {
	flag, ok := captureFlagship(p, holder)
	if _, puppet := factionItemCount(sideOf(sc, holder), "heavens-eye"); !puppet || !ok {
		p.addEffect("Heaven's Eye", true)
		factionIdle(p, "Heaven's Eye", holder, "the opponent is not said to be puppeted (list heavens-eye among the side's cards when its control marker is on a plot)")
		return
	}
	p.hooks.endOfRound[inSpace] = append(p.hooks.endOfRound[inSpace], func(t *trial) {
		t.damaged[holder][flag] = 0
	})
	p.addEffect("Heaven's Eye (repaired at the end of every round)", true)
}
