package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

func duraniumArmor() Effect {
	return Effect{CardInfo: CardInfo{Slug: "duranium-armor", Name: "Duranium Armor", Kind: KindTechnology, Copies: 1,
		Effect: "after the holder assigns hits in each combat round (space and ground), repair 1 of its damaged units that did not use Sustain Damage this round: the one lost last in its hit order; mandatory"},
		aliases: []string{"duranium", "da"}, // da: the AsyncTI4 bot's code
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			for _, r := range []engine.RollKind{engine.RollSpace, engine.RollGround} {
				ord := p.Side[holder].Order[p.Side[holder].TargetOf[r]]
				p.OnAfterAssignOfUnits(r, func(t *engine.Trial, side engine.Side) {
					if side != holder {
						return
					}
					for i := len(ord) - 1; i >= 0; i-- {
						s := ord[i]
						if t.Damaged[side][s] > t.SustainedRound[side][s] {
							t.Damaged[side][s]--
							return
						}
					}
				})
			}
		}}
}
