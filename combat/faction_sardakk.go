package combat

import "github.com/ti4sim/ti4sim/units"

// unrelenting (Sardakk N'orr): +1 to each of the side's combat rolls.
func unrelenting(p *plan, sc *scenarioIn, holder sideID) {
	all := func(uint8) bool { return true }
	p.adjustThresholds(holder, rollSpace, -1, all)
	p.adjustThresholds(holder, rollGround, -1, all)
}

// sardakkFlagship (C'morran N'orr): +1 to the combat rolls of the side's
// other ships in the system while the flagship is there.
func sardakkFlagship(p *plan, sc *scenarioIn, holder sideID) {
	sp := &p.side[holder]
	a := aura{delta: -1}
	found := false
	for i, sl := range sp.slots {
		switch {
		case sl.stats.Kind == units.Flagship && sl.zone == zoneSpace:
			a.source, found = uint8(i), true
		case sl.stats.Kind.Ship() && sl.zone == zoneSpace:
			a.targets[i] = true
		}
	}
	if found {
		sp.auras[rollSpace] = append(sp.auras[rollSpace], a)
	}
}

// destroyHealthy destroys one unit of side's slot s, an undamaged one if
// there is one (the choice of a player who destroys the opponent's units).
func destroyHealthy(t *trial, side sideID, s uint8) {
	d, sr := t.damaged[side][s], t.sustainedRound[side][s]
	healthy := t.alive[side][s] > d
	t.destroy(side, s) // takes a damaged one first
	if healthy && d > 0 {
		t.damaged[side][s], t.sustainedRound[side][s] = d, sr
	}
}

// valkyrieExoskeleton (N'orr mech): "After this unit uses its SUSTAIN
// DAMAGE ability during ground combat, it produces 1 hit against your
// opponent's ground forces on this planet." The hit is mandatory (TR) and
// is assigned at once, like a ground combat hit (the opponent chooses, and
// may sustain it). Only sustains against ground combat rolls count: not
// against bombardment or space cannon defense (not combat), nor against
// Magen Defense Grid's start-of-combat hit, which the engine applies
// without the sustain triggers. Articles of War takes the text away.
func valkyrieExoskeleton(p *plan, sc *scenarioIn, holder sideID) {
	switch {
	case sc.Action == SpaceCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, "Valkyrie Exoskeleton", holder, "Articles of War takes the mechs' texts away")
		return
	}
	opp := holder.opp()
	var mech [maxSlots]bool
	for _, s := range kindSlots(p, holder, tGround, units.Mech) {
		mech[s] = true
	}
	p.onSustained(func(t *trial, side sideID, s uint8, r rollKind) {
		if side == holder && mech[s] && r == rollGround {
			t.assign(opp, rollGround, 1)
		}
	})
}

// valkyrieParticleWeave (N'orr technology): "After making combat rolls
// during a round of ground combat, if your opponent produced 1 or more
// hits, you produce 1 additional hit." Mandatory; the hit joins the round's
// other hits before any is cancelled (TR), so it is added to the holder's
// dice hits.
func valkyrieParticleWeave(p *plan, sc *scenarioIn, holder sideID) {
	if sc.Action == SpaceCombat {
		factionIdle(p, "Valkyrie Particle Weave", holder, "a space combat has no ground combat")
		return
	}
	opp := holder.opp()
	p.onAfterRolls(onGround, func(t *trial, hits *[2]int) {
		if hits[opp] > 0 {
			hits[holder]++
		}
	})
}

// exotriremeII (N'orr dreadnought upgrade): "After a round of space combat,
// you may destroy this unit to destroy up to 2 ships in this system." The
// N'orr choose the ships (not their own); Sustain Damage cannot save them
// (TR). Policy: at the end of each space combat round, while the holder has
// an Exotrireme II (a damaged one is given up first), it picks the
// opponent's 2 most expensive ships (undamaged units first) and does it
// when they cost at least as much as the Exotrireme, or when they are the
// opponent's last ships and the holder keeps another ship (it wins the
// combat). The destroyed units are not hits: they fire no effects.
// Not modelled: the ruling that it cannot be used when the opponent
// retreats (the engine does not show the announced retreat at the end of
// the round).
func exotriremeII(p *plan, sc *scenarioIn, holder sideID) {
	if sc.Action == GroundCombat {
		return
	}
	opp := holder.opp()
	sp := &p.side[holder]
	exo, found := uint8(0), false
	for _, s := range kindSlots(p, holder, tShips, units.Dreadnought) {
		if slugOf(sp.slots[s].stats.Name) == "exotrireme-ii" {
			exo, found = s, true
		}
	}
	if !found {
		return
	}
	cost := sp.slots[exo].costHalves
	victims := shipsByValue(p, opp)
	oppSlots := p.side[opp].slots
	p.onEndOfRound(inSpace, func(t *trial) {
		for t.alive[holder][exo] > 0 && t.has(opp, tShips) {
			var pick [2]uint8
			n, value := 0, int32(0)
			for _, s := range victims {
				for a := t.alive[opp][s]; a > 0 && n < len(pick); a-- {
					pick[n] = s
					value += oppSlots[s].costHalves
					n++
				}
			}
			last := int(t.count[opp][tShips]) <= n
			keeps := t.count[holder][tShips] > 1
			if value < cost && !(last && keeps) {
				return
			}
			t.destroy(holder, exo)
			for _, s := range pick[:n] {
				destroyHealthy(t, opp, s)
			}
		}
	})
}

// tekklarLegion (N'orr promissory note): "At the start of an invasion
// combat: Apply +1 to the result of each of your unit's combat rolls during
// this combat. If your opponent is the N'orr player, apply -1 to the result
// of each of their unit's combat rolls during this combat." The ground
// combat (an invasion's, or the ground combat alone) gets the modifiers;
// not anti-fighter barrage, bombardment or space cannon (TR), nor the space
// combat before it. Always played. The N'orr cannot play their own note.
func tekklarLegion(p *plan, sc *scenarioIn, holder sideID) {
	opp := holder.opp()
	switch {
	case sideOf(sc, holder).faction().Slug == "sardakk":
		factionIdle(p, "Tekklar Legion", holder, "the N'orr player cannot play their own promissory note")
		return
	case sc.Action == SpaceCombat:
		factionIdle(p, "Tekklar Legion", holder, "a space combat has no invasion combat")
		return
	}
	all := func(uint8) bool { return true }
	p.adjustThresholds(holder, rollGround, -1, all)
	if sideOf(sc, opp).faction().Slug == "sardakk" {
		p.adjustThresholds(opp, rollGround, +1, all)
	}
}
