package combat

func duraniumArmor() card {
	return card{CardInfo: CardInfo{Slug: "duranium-armor", Name: "Duranium Armor", Kind: KindTechnology, Copies: 1,
		Effect: "after the holder assigns hits in each combat round (space and ground), repair 1 of its damaged units that did not use Sustain Damage this round: the one lost last in its hit order; mandatory"},
		aliases: []string{"duranium", "da"}, // da: the AsyncTI4 bot's code
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			for _, r := range []rollKind{rollSpace, rollGround} {
				ord := p.side[holder].order[p.side[holder].targetOf[r]]
				p.onAfterAssign(r, func(t *trial, side sideID) {
					if side != holder {
						return
					}
					for i := len(ord) - 1; i >= 0; i-- {
						s := ord[i]
						if t.damaged[side][s] > t.sustainedRound[side][s] {
							t.damaged[side][s]--
							return
						}
					}
				})
			}
			p.beyondExact("Duranium Armor (repairs make the chain cyclic)")
		}}
}
