package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// mahactTexts lists the texts of the Mahact Gene-Sorcerers that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func mahactTexts() []Effect {
	return []Effect{
		modelled("arvicon-rex", arviconRex),
		modelled("crimson-legionnaire-ii", crimsonLegionnaireII),
		outside("edict", "command tokens taken after the combat"),
		outside("starlancer", "it ends the activating player's turn before any combat"),
	}
}

// arviconRex (Mahact flagship): "During combat against an opponent whose
// command token is not in your fleet pool, apply +2 to the results of this
// unit's combat rolls." Whether the opponent's token is in the Mahact
// fleet pool (taken by Edict) is a board state: the Mahact side lists
// "fleet-pool-token" among its cards when it is, and the flagship gets no
// +2. Otherwise (the default, the usual case) the token is assumed not to
// be there: the flagship's space combat rolls get +2 (a static modifier,
// which the exact solver replays) and a warning states the assumption.
// Not its anti-fighter barrage, space cannon or bombardment (none printed;
// not combat rolls).
func arviconRex(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if boardStateHolds(sc.Side(holder), "fleet-pool-token") {
		return
	}
	flags := engine.KindSlots(p, holder, engine.TShips, units.Flagship)
	if sc.Action == engine.GroundCombat || len(flags) == 0 {
		return
	}
	var flag [engine.MaxSlots]bool
	for _, s := range flags {
		flag[s] = true
	}
	p.AdjustThresholds(holder, engine.RollSpace, -2, func(s uint8) bool { return flag[s] })
	p.WarnOnce("Arvicon Rex (" + holder.String() + "): the opponent's command token is assumed not to be in the Mahact fleet pool (list fleet-pool-token among the Mahact side's cards when it is), so the flagship gets +2 to its combat rolls")
}

// crimsonLegionnaireII (Mahact infantry upgrade, Crimson Legionnaire II):
// "After this unit is destroyed, gain 1 commodity or convert 1 of your
// commodities to a trade good. Then, place the unit on this card; at the
// start of your next turn, place each unit that is on this card on a planet
// you control in your home system." It always comes back, with no roll:
// the unit's numbers carry Revive {1, 1} (every die result succeeds), so
// the engine's revival (the slots in sidePlan.revivers) reports each
// Crimson Legionnaire II destroyed by a hit in SideResult.Revived with
// probability 1, in Monte Carlo and exact mode alike. Nothing else is
// attached; the commodities are not modelled, nor units removed without
// being destroyed (capacity), which are not revived.
func crimsonLegionnaireII(p *engine.Plan, sc *Scenario, holder engine.Side) {
}
