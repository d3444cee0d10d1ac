package combat

import "github.com/ti4sim/ti4sim/units"

// reanimator (Vuil'raith mech, Reanimator): "Your infantry on this planet
// are captured instead of being returned to reinforcements when they are
// destroyed" (catalog: Vuil'raith infantry destroyed on its planet are
// captured). Each of the holder's infantry destroyed by a hit while on the
// contested planet with a holder's mech alive there is counted in
// SideResult.Captured (the holder's own captures). On the planet: the
// defender's ground forces always are; the attacker's are after the
// commitment of an invasion (so not those a barrage destroys in the space
// area), and in a ground combat alone. Space cannon defense and ground
// combat hits count, and a defender's infantry lost to bombardment. As for
// Devour, only destructions by hits count (not units an effect removes).
// No double count: Devour counts only the opponent's units, and while the
// holder's flagship (The Terror Between) is alive it already captures the
// holder's own destroyed units, so Reanimator counts only when the holder
// has no flagship alive. Articles of War removes the text. Captures are
// counted in hooks on destruction: exact mode refuses.
func reanimator(p *plan, sc *scenarioIn, holder sideID) {
	if mechTextLost(sc) {
		factionIdle(p, "Reanimator", holder, "Articles of War takes the mechs' texts away")
		return
	}
	mechs := kindSlots(p, holder, tGround, units.Mech)
	inf := kindSlots(p, holder, tGround, units.Infantry)
	if sc.Action == SpaceCombat || len(mechs) == 0 || len(inf) == 0 {
		return
	}
	var isInf [maxSlots]bool
	for _, s := range inf {
		isInf[s] = true
	}
	flag, hasFlag := flagshipSlot(p, holder)
	onPlanetAlways := holder == defender || sc.Action == GroundCombat
	p.onDestroyed(func(t *trial, side sideID, s uint8, _ rollKind) {
		if side != holder || !isInf[s] || !(onPlanetAlways || t.invaded) {
			return
		}
		if hasFlag && t.alive[holder][flag] > 0 {
			return // The Terror Between counts it
		}
		for _, m := range mechs {
			if t.alive[holder][m] > 0 {
				t.captured[holder]++
				return
			}
		}
	})
	p.beyondExact("Reanimator (captured infantry are counted)")
}

// Capturing units (the Vuil'raith). A captured unit is taken off the board
// by its destruction as usual; the count of captured units is reported in
// SideResult.Captured. Only destructions by hits count (each fires the
// on-destroyed effects): units an effect destroys outright (Direct Hit,
// Exotrireme II, Devotion's sacrifice) and units removed for capacity are
// not counted.

// devour (Vuil'raith ability): "Capture your opponent's non-structure
// units that are destroyed during combat." During combat: hits of
// anti-fighter barrage, combat rounds and effects within a combat; not of
// space cannon, bombardment or space cannon defense (not combat). While
// the holder's flagship is alive, The Terror Between counts instead (it
// captures more), so no unit is counted twice.
func devour(p *plan, sc *scenarioIn, holder sideID) {
	p.beyondExact("Devour (captured units are counted)")
	flag, hasFlag := flagshipSlot(p, holder)
	opp := holder.opp()
	oppSlots := p.side[opp].slots
	p.onDestroyed(func(t *trial, side sideID, s uint8, r rollKind) {
		if side != opp || oppSlots[s].stats.Kind.Structure() || (hasFlag && t.alive[holder][flag] > 0) {
			return
		}
		switch r {
		case rollAFB, rollSpace, rollGround, rollEffect:
			t.captured[holder]++
		}
	})
}

// terrorBetween (Vuil'raith flagship): "Capture all other
// non-structure units that are destroyed in this system, including your
// own." Either side's, by any hit (space cannon and bombardment too),
// while the flagship is alive.
func terrorBetween(p *plan, sc *scenarioIn, holder sideID) {
	p.beyondExact("The Terror Between (captured units are counted)")
	flag, ok := flagshipSlot(p, holder)
	if !ok {
		return
	}
	p.onDestroyed(func(t *trial, side sideID, s uint8, _ rollKind) {
		if t.alive[holder][flag] > 0 && !t.p.side[side].slots[s].stats.Kind.Structure() {
			t.captured[holder]++
		}
	})
}
