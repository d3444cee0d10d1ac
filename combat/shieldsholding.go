package combat

func shieldsHolding() card {
	return card{CardInfo: CardInfo{Slug: "shields-holding", Name: "Shields Holding", Kind: KindActionCard, Copies: 4,
		Effect: "before the holder assigns the hits of a space combat round, cancel up to 2 of them; played at the first rounds with at least 1 hit, one copy a round; not against anti-fighter barrage or space cannon, not in ground combat"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, copies int) {
			c := p.counter()
			p.onBeforeAssign(rollSpace, func(t *trial, side sideID, hits int) int {
				if side != holder || hits == 0 || int(t.used[c]) >= copies || t.mark[c] == int32(t.round) {
					return hits
				}
				t.used[c]++
				t.mark[c] = int32(t.round)
				return max(hits-2, 0)
			})
			p.beyondExact("Shields Holding (a choice made round by round)")
		}}
}
