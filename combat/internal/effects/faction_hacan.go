package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// hacanTexts lists the texts of the Emirates of Hacan that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func hacanTexts() []Effect {
	return []Effect{
		modelled("wrath-of-kenara", wrathOfKenara),
		outside("pride-of-kenara", "a trade of its planet's card"),
	}
}

// wrathOfKenara (Hacan flagship): "After you roll a die
// during a space combat in this system, you may spend 1 trade good to apply
// +1 to the result." Policy: while the flagship is alive, every die of the
// Hacan's space combat rounds and anti-fighter barrage that missed by 1 is
// bought, 1 trade good each (Side.TradeGoods), while they last; a die that
// missed by more is not worth a good, and one that hit needs none. The
// results of the misses are drawn die by die, so exact mode refuses it.
func wrathOfKenara(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flag, ok := engine.FlagshipSlot(p, holder)
	switch {
	case !ok || sc.Action == engine.GroundCombat:
		return
	case sc.Side(holder).TradeGoods == 0:
		factionIdle(p, "Wrath of Kenara", holder, "it costs 1 trade good a die and the side has none (give them with --"+holder.String()+"-trade-goods)")
		return
	}
	for _, r := range [...]engine.RollKind{engine.RollSpace, engine.RollAFB} {
		p.OnBuyHits(r, func(t *engine.Trial, side engine.Side) bool {
			return side == holder && t.Alive[holder][flag] > 0
		})
	}
	p.BeyondExact("Wrath of Kenara (trade goods buy the dice that missed by 1)")
}
