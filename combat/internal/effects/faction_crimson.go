package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// crimsonTexts lists the texts of the Crimson Rebellion that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func crimsonTexts() []Effect {
	return []Effect{
		modelled("quietus", quietus),
		outside("sundered", "the Rebellion home system only"),
		outside("subatomic-splicer", "production at home after a ship is destroyed"),
		outside("exile", "breaches placed after combats"),
		outside("revenant", "a deploy"),
	}
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
func quietus(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if _, breach := factionItemCount(sc.Side(holder), "quietus"); !breach {
		factionIdle(p, "Quietus", holder, "no active breach in the system (list quietus among the side's cards when there is one)")
		return
	}
	stripUnitAbilities(p, holder.Opp(), true)
}
