package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// heavensEye (Firmament flagship, Thunder's Edge): "if the active system
// holds units of a player whose control marker is on a Firmament plot, it
// gets +1 move and is repaired at the end of every combat round". Whether
// the opponent is puppeted is not in the scenario: the side says so by
// listing "heavens-eye" among its cards. Then the flagship is repaired at
// the end of every round of space combat (the move does not matter here).
func heavensEye(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flag, ok := engine.FlagshipSlot(p, holder)
	if _, puppet := factionItemCount(sideOf(sc, holder), "heavens-eye"); !puppet || !ok {
		factionIdle(p, "Heaven's Eye", holder, "the opponent is not said to be puppeted (list heavens-eye among the side's cards when its control marker is on a plot)")
		return
	}
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		t.Damaged[holder][flag] = 0
	})
}
