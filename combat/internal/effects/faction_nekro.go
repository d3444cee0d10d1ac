package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// nekroTexts lists the texts of the Nekro Virus that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func nekroTexts() []Effect {
	return []Effect{
		modelled("the-alastor", theAlastor),
		modelled("mordred", mordred),
		appliedBy("valefar-assimilator-z", "the Nekro flagship's texts, when the faction texts attach"),
		outside("valefar-assimilator", "give the assimilated technology among the side's technologies: it is modelled as the Nekro's own"),
	}
}

// mordred (Nekro mech): "+2 to its combat rolls against an opponent with
// an X or Y assimilator token on one of their technologies". Whether the
// opponent has such a token is a board state the Nekro side gives by
// listing "assimilator-token" among its cards (boardstate.go). With it,
// every combat roll of the side's mechs gets +2: in the ground combat, and
// in the space combat when they fight as ships (The Alastor); a static
// modifier, which the exact solver replays. Without it (the default) no
// token is assumed and nothing changes; a warning says how to give one.
func mordred(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if mechTextLost(sc) {
		factionIdle(p, "Mordred", holder, "Articles of War removes the mech's printed abilities")
		return
	}
	if !boardStateHolds(sideOf(sc, holder), "assimilator-token") {
		p.WarnOnce("Mordred (" + holder.String() + "): the opponent is not said to have an X or Y assimilator token on a technology (list assimilator-token among the Nekro side's cards when it has), so its +2 is not applied")
		return
	}
	sp := &p.Side[holder]
	mech := func(s uint8) bool { return sp.Slots[s].Stats.Kind == units.Mech } // twins keep their kind
	p.AdjustThresholds(holder, engine.RollGround, -2, mech)
	p.AdjustThresholds(holder, engine.RollSpace, -2, mech)
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
func theAlastor(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flag, ok := engine.FlagshipSlot(p, holder)
	name := "The Alastor (ground forces fight in the space combat)"
	if !ok {
		return
	}
	p.FightAsShips(holder, name, func(t *engine.Trial) bool { return t.Alive[holder][flag] > 0 })
}
