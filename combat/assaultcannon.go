package combat

import "github.com/ti4sim/ti4sim/units"

func assaultCannon() card {
	return card{CardInfo: CardInfo{Slug: "assault-cannon", Name: "Assault Cannon", Kind: KindTechnology, Copies: 1,
		Effect: "at the start of space combat, if the holder has 3 or more non-fighter ships in the system, the opponent destroys 1 of its non-fighter ships (its cheapest; no Sustain Damage); checked when it resolves"},
		aliases: []string{"asc"}, // the AsyncTI4 bot's code
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			mine := p.slotsOf(holder, tShips, func(k units.Kind) bool { return k != units.Fighter })
			victim := holder.opp()
			theirs := p.slotsOf(victim, tShips, func(k units.Kind) bool { return k != units.Fighter })
			p.onStartOfCombat(inSpace, func(t *trial) {
				n := 0
				for _, s := range mine {
					n += int(t.alive[holder][s])
				}
				if n < 3 {
					return
				}
				for _, s := range theirs {
					if t.alive[victim][s] > 0 {
						t.destroy(victim, s)
						return
					}
				}
			})
		}}
}
