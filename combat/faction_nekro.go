package combat

import "github.com/ti4sim/ti4sim/units"

// mordred (Nekro mech): "+2 to its combat rolls against an opponent with
// an X or Y assimilator token on one of their technologies". Whether the
// opponent has such a token is a board state the Nekro side gives by
// listing "assimilator-token" among its cards (boardstate.go). With it,
// every combat roll of the side's mechs gets +2: in the ground combat, and
// in the space combat when they fight as ships (The Alastor); a static
// modifier, which the exact solver replays. Without it (the default) no
// token is assumed and nothing changes; a warning says how to give one.
func mordred(p *plan, sc *scenarioIn, holder sideID) {
	if mechTextLost(sc) {
		factionIdle(p, "Mordred", holder, "Articles of War removes the mech's printed abilities")
		return
	}
	if !boardStateHolds(sideOf(sc, holder), "assimilator-token") {
		p.warnOnce("Mordred (" + holder.String() + "): the opponent is not said to have an X or Y assimilator token on a technology (list assimilator-token among the Nekro side's cards when it has), so its +2 is not applied")
		return
	}
	sp := &p.side[holder]
	mech := func(s uint8) bool { return sp.slots[s].stats.Kind == units.Mech } // twins keep their kind
	p.adjustThresholds(holder, rollGround, -2, mech)
	p.adjustThresholds(holder, rollSpace, -2, mech)
}

// theAlastor (Nekro flagship): "At the start of a space
// combat, choose any number of your ground forces in this system to
// participate in that combat as if they were ships." Policy: all of them —
// the attacker's in the space area, the defender's from the planet — while
// the flagship is alive at the start of the combat. They roll their combat
// value in each round, take hits of the space combat (first: they are the
// cheapest units), keep the combat going while they live, and go back
// where they were when it ends (the defender's to the planet, for the
// ground combat). Space cannon, anti-fighter barrage and effects aimed at
// ships do not hit them.
func theAlastor(p *plan, sc *scenarioIn, holder sideID) {
	flag, ok := flagshipSlot(p, holder)
	name := "The Alastor (ground forces fight in the space combat)"
	if !ok {
		return
	}
	p.fightAsShips(holder, name, func(t *trial) bool { return t.alive[holder][flag] > 0 })
}
