package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

func assaultCannon() Effect {
	return Effect{CardInfo: CardInfo{Slug: "assault-cannon", Name: "Assault Cannon", Kind: KindTechnology, Copies: 1,
		Effect: "at the start of space combat, if the holder has 3 or more non-fighter ships in the system, the opponent destroys 1 of its non-fighter ships (its cheapest; no Sustain Damage); checked when it resolves"},
		aliases: []string{"asc"}, // the AsyncTI4 bot's code
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			mine := p.SlotsOf(holder, engine.TShips, func(k units.Kind) bool { return k != units.Fighter })
			victim := holder.Opp()
			theirs := p.SlotsOf(victim, engine.TShips, func(k units.Kind) bool { return k != units.Fighter })
			p.OnStartOfCombat(engine.InSpace, func(t *engine.Trial) {
				n := 0
				for _, s := range mine {
					n += int(t.Alive[holder][s])
				}
				if n < 3 {
					return
				}
				for _, s := range theirs {
					if t.Alive[victim][s] > 0 {
						t.Destroy(victim, s)
						return
					}
				}
			})
		}}
}
