package combat

// gravleashManeuvers (Letnev breakthrough, Thunder's Edge): "Before you roll
// dice during space combat, apply +X to the results of 1 of your ship's
// rolls, where X is the number of ship types you have in the combat." At
// every space combat round, X is counted anew from the holder's ship types
// alive (fighters count as a type), and the ship chosen is the one whose
// dice gain most hits on average from +X (ties: the first in the side's
// slots); only that one unit's dice get +X, not the others of its type.
// Not anti-fighter barrage or space cannon: "ship's rolls" during space
// combat are its combat rolls. The choice changes with the units left, so
// exact mode refuses it.
func gravleashManeuvers(p *plan, sc *Scenario, holder int) {
	p.addEffect("Gravleash Maneuvers (+X to one ship's dice, X = its ship types)", false)
	if sc.Action == GroundCombat {
		return
	}
	sp := &p.side[holder]
	rollers := sp.rollers[rollSpace]
	p.hooks.boostOne[rollSpace] = append(p.hooks.boostOne[rollSpace], func(t *trial, side int) (uint8, int, bool) {
		if side != holder {
			return 0, 0, false
		}
		var kinds uint32
		for _, s := range sp.order[tShips] {
			if t.alive[holder][s] > 0 {
				kinds |= 1 << sp.slots[s].stats.Kind
			}
		}
		x := 0
		for ; kinds != 0; kinds &= kinds - 1 {
			x++
		}
		best, gain := uint8(0), 0
		for _, ro := range rollers {
			if t.alive[holder][ro.slot] == 0 || !sp.slots[ro.slot].stats.Kind.Ship() {
				continue
			}
			// Faces that become hits: from thr−x to thr−1, within 1..10.
			g := int(ro.dice) * (min(10, max(0, 11-int(ro.thr)+x)) - min(10, max(0, 11-int(ro.thr))))
			if g > gain {
				best, gain = ro.slot, g
			}
		}
		return best, x, gain > 0
	})
}
