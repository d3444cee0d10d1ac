package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

func shieldsHolding() Effect {
	return Effect{CardInfo: CardInfo{Slug: "shields-holding", Name: "Shields Holding", Kind: KindActionCard, Copies: 4,
		Effect: "before the holder assigns the hits of a space combat round, cancel up to 2 of them; played at the first rounds with at least 1 hit, one copy a round; not against anti-fighter barrage or space cannon, not in ground combat"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, copies int) {
			p.CancelHitsEachRound(holder, engine.RollSpace, 2, copies)
		}}
}
