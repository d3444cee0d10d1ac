package combat

// wrathOfKenara (Hacan flagship): "After you roll a die
// during a space combat in this system, you may spend 1 trade good to apply
// +1 to the result." Policy: while the flagship is alive, every die of the
// Hacan's space combat rounds and anti-fighter barrage that missed by 1 is
// bought, 1 trade good each (Side.TradeGoods), while they last; a die that
// missed by more is not worth a good, and one that hit needs none. The
// results of the misses are drawn die by die, so exact mode refuses it.
func wrathOfKenara(p *plan, sc *scenarioIn, holder sideID) {
	flag, ok := flagshipSlot(p, holder)
	switch {
	case !ok || sc.Action == GroundCombat:
		return
	case sideOf(sc, holder).TradeGoods == 0:
		factionIdle(p, "Wrath of Kenara", holder, "it costs 1 trade good a die and the side has none (give them with --"+holder.String()+"-trade-goods)")
		return
	}
	for _, r := range [...]rollKind{rollSpace, rollAFB} {
		p.onBuyHits(r, func(t *trial, side sideID) bool {
			return side == holder && t.alive[holder][flag] > 0
		})
	}
	p.beyondExact("Wrath of Kenara (trade goods buy the dice that missed by 1)")
}
