package combat

func moraleBoost() card {
	return card{CardInfo: CardInfo{Slug: "morale-boost", Name: "Morale Boost", Kind: KindActionCard, Copies: 4,
		Effect: "at the start of a combat round, +1 to the holder's combat rolls that round; played in the holder's first rounds, one copy a round (space rounds, then ground rounds); not on anti-fighter barrage, space cannon or bombardment"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, copies int) {
			firstRoundsBonus(p, holder, copies)
			p.beyondExact("Morale Boost (a modifier in chosen rounds)")
		}}
}

// firstRoundsBonus gives holder +1 to its combat rolls in each of the first
// uses combat rounds it fights in the action (space rounds, then ground
// rounds): Morale Boost's copies, Supercharge's one use. Not anti-fighter
// barrage, space cannon or bombardment.
func firstRoundsBonus(p *plan, holder sideID, uses int) {
	c := p.counter()
	for _, ct := range []combatType{inSpace, onGround} {
		mark := int32(ct)<<16 + 1 // which combat type and round the bonus is on
		p.onStartOfRound(ct, func(t *trial) {
			if int(t.used[c]) < uses {
				t.used[c]++
				t.mark[c] = mark + int32(t.round)
			}
		})
		r := combatRollOf(ct)
		p.onRollModifier(r, func(t *trial, side sideID) int {
			if side == holder && t.mark[c] == mark+int32(t.round) {
				return 1
			}
			return 0
		})
	}
}
