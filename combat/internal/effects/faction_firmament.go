package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// firmamentTexts lists the texts of the Firmament that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func firmamentTexts() []Effect {
	return []Effect{
		modelled("heavens-eye", heavensEye),
		outside("viper-ex-23", "a choice to coexist instead of fighting: simulate only a ground combat that is fought"),
		outside("plots-within-plots", "secret objectives and plot cards"),
		outside("puppets-of-the-blade", "the faction's flip to the Obsidian"),
	}
}

// heavensEye (Firmament flagship, Thunder's Edge): "if the active system
// holds units of a player whose control marker is on a Firmament plot, it
// gets +1 move and is repaired at the end of every combat round". Whether
// the opponent is puppeted is not in the scenario: the side says so by
// listing "heavens-eye" among its cards. Then the flagship is repaired at
// the end of every round of space combat (the move does not matter here).
func heavensEye(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flag, ok := engine.FlagshipSlot(p, holder)
	if _, puppet := factionItemCount(sc.Side(holder), "heavens-eye"); !puppet || !ok {
		factionIdle(p, "Heaven's Eye", holder, "the opponent is not said to be puppeted (list heavens-eye among the side's cards when its control marker is on a plot)")
		return
	}
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		t.Damaged[holder][flag] = 0
	})
}
