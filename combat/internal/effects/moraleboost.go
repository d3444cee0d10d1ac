package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

func moraleBoost() Effect {
	return Effect{CardInfo: CardInfo{Slug: "morale-boost", Name: "Morale Boost", Kind: KindActionCard, Copies: 4,
		Effect: "at the start of a combat round, +1 to the holder's combat rolls that round; played in the holder's first rounds, one copy a round (space rounds, then ground rounds); not on anti-fighter barrage, space cannon or bombardment"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, copies int) {
			firstRoundsBonus(p, holder, copies)
			p.BeyondExact("Morale Boost (a modifier in chosen rounds)")
		}}
}

// firstRoundsBonus gives holder +1 to its combat rolls in each of the first
// uses combat rounds it fights in the action (space rounds, then ground
// rounds): Morale Boost's copies, Supercharge's one use. Not anti-fighter
// barrage, space cannon or bombardment.
func firstRoundsBonus(p *engine.Plan, holder engine.Side, uses int) {
	c := p.Counter()
	for _, ct := range []engine.CombatType{engine.InSpace, engine.OnGround} {
		mark := int32(ct)<<16 + 1 // which combat type and round the bonus is on
		p.OnStartOfRound(ct, func(t *engine.Trial) {
			if int(t.Used[c]) < uses {
				t.Used[c]++
				t.Mark[c] = mark + int32(t.Round)
			}
		})
		r := engine.CombatRollOf(ct)
		p.OnRollModifier(r, func(t *engine.Trial, side engine.Side) int {
			if side == holder && t.Mark[c] == mark+int32(t.Round) {
				return 1
			}
			return 0
		})
	}
}
