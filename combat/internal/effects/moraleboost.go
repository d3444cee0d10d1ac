package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

func moraleBoost() Effect {
	return Effect{CardInfo: CardInfo{Slug: "morale-boost", Name: "Morale Boost", Kind: KindActionCard, Copies: 4,
		Effect: "at the start of a combat round, +1 to the holder's combat rolls that round; played in the holder's first rounds, one copy a round (space rounds, then ground rounds); not on anti-fighter barrage, space cannon or bombardment"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, copies int) {
			p.FirstRoundsBonus(holder, copies)
		}}
}
