package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

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
// systems with active breaches lose all of their unit abilities"
// (reference.md, Thunder's Edge factions; units/faction_data.go). Whether
// the active system has an active breach is not in the scenario: the side
// says so by listing "quietus" among its cards. The abilities are lost
// only while the flagship is in the system: once it is destroyed they come
// back (the opponent's PDS in adjacent systems keep theirs throughout: no
// breach is assumed there).
//
//   - A ground combat (the flagship above, never hit): the opponent's
//     abilities are lost for the whole action, statically.
//   - Otherwise, Sustain Damage: the opponent's units cannot use it while
//     the flagship is alive, read at the start of each Assign Hits step
//     (LRR 78.6a, as The Fourth Moon); from the step after it is destroyed
//     they may again (Monte Carlo and exact mode alike).
//   - Space cannon offense in the active system and the anti-fighter
//     barrage are lost (the flagship is there when the space cannon
//     offense is rolled; a warning names the barrage's case, the flagship
//     destroyed before it).
//   - An invasion by the holder: the defender's Planetary Shield is lost
//     while the flagship is alive (it is a shield breaker, read when the
//     bombardment comes); its Space Cannon Defense is lost, with a warning
//     when the flagship may be destroyed before it.
//   - An invasion of the holder: its ground steps come only once its ships,
//     the flagship with them, are gone, so the attacker's bombardment and
//     its ground forces' Sustain Damage are kept.
func quietus(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if _, breach := factionItemCount(sc.Side(holder), "quietus"); !breach {
		factionIdle(p, "Quietus", holder, "no active breach in the system (list quietus among the side's cards when there is one)")
		return
	}
	opp := holder.Opp()
	if sc.Action == engine.GroundCombat {
		stripUnitAbilities(p, opp, true)
		return
	}
	flags := engine.KindSlots(p, holder, engine.TShips, units.Flagship)
	if len(flags) == 0 {
		factionIdle(p, "Quietus", holder, "the flagship is not in the fleet")
		return
	}
	flag := flags[0]
	op := &p.Side[opp]
	sets := []engine.Targets{engine.TShips, engine.TNonFighters, engine.TFleet, engine.TShipsAbility}
	if holder == engine.Attacker {
		// The defender's ground forces too: the flagship above them
		// through the invasion's ground steps, if it survives.
		sets = append(sets, engine.TGround, engine.TGroundAbility)
	}
	op.BlockSustain(engine.SustainBlocker{Source: flag, Sets: engine.SetOf(sets...)})
	stripRolls(op, engine.RollSCO)
	if stripRolls(op, engine.RollAFB) && p.Side[holder].Count[engine.TFighters] > 0 {
		p.WarnOnce("Quietus (" + holder.String() + "): the " + opp.String() + "'s Anti-Fighter Barrage stays lost even when the flagship is destroyed before the barrage (not modelled)")
	}
	if sc.Action != engine.Invasion || holder != engine.Attacker {
		return
	}
	p.Side[holder].BreakShields(flag)
	if stripRolls(op, engine.RollSCD) && (op.Count[engine.TShips] > 0 || len(op.Rollers[engine.RollSCO]) > 0) {
		p.WarnOnce("Quietus (attacker): the defender's Space Cannon Defense stays lost even when the flagship is destroyed before the invasion's ground steps (not modelled)")
	}
}

// stripRolls takes away the side's rolls of kind r made in the active
// system (its PDS in adjacent systems keep theirs), and Plasma Scoring's
// die with them when none is left; it reports whether it took any.
func stripRolls(sp *engine.SidePlan, r engine.RollKind) bool {
	var kept []engine.Roller
	for _, ro := range sp.Rollers[r] {
		if sp.Slots[ro.Slot].Zone == engine.ZoneAdjacent {
			kept = append(kept, ro)
		}
	}
	took := len(kept) < len(sp.Rollers[r])
	sp.SetRollers(r, kept)
	if len(kept) == 0 {
		sp.ClearExtraDice(r)
	}
	return took
}
