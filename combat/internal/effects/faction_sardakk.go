package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// sardakkTexts lists the texts of Sardakk N'orr that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func sardakkTexts() []Effect {
	return []Effect{
		modelled("unrelenting", unrelenting),
		modelled("cmorran-norr", sardakkFlagship),
		modelled("valkyrie-exoskeleton", valkyrieExoskeleton),
		modelled("valkyrie-particle-weave", valkyrieParticleWeave),
		modelled("exotrireme-ii", exotriremeII),
		modelled("tekklar-legion", tekklarLegion),
	}
}

// unrelenting (Sardakk N'orr): +1 to each of the side's combat rolls.
func unrelenting(p *engine.Plan, sc *Scenario, holder engine.Side) {
	all := func(uint8) bool { return true }
	p.AdjustThresholds(holder, engine.RollSpace, -1, all)
	p.AdjustThresholds(holder, engine.RollGround, -1, all)
}

// sardakkFlagship (C'morran N'orr): +1 to the combat rolls of the side's
// other ships in the system while the flagship is there.
func sardakkFlagship(p *engine.Plan, sc *Scenario, holder engine.Side) {
	addFlagshipAura(p, holder, false)
}

// addFlagshipAura gives the holder's ships in space +1 to their space
// combat rolls while its flagship is alive: the other ships, and with self
// the flagship too (Twilight Imperium 3's C'morran N'orr).
func addFlagshipAura(p *engine.Plan, holder engine.Side, self bool) {
	sp := &p.Side[holder]
	a := engine.Aura{Delta: -1}
	found := false
	for i, sl := range sp.Slots {
		flag := sl.Stats.Kind == units.Flagship && sl.Zone == engine.ZoneSpace
		if flag {
			a.Source, found = uint8(i), true
		}
		if sl.Stats.Kind.Ship() && sl.Zone == engine.ZoneSpace && (!flag || self) {
			a.Targets[i] = true
		}
	}
	if found {
		sp.AddAura(engine.RollSpace, a)
	}
}

// destroyHealthy destroys one unit of side's slot s, an undamaged one if
// there is one (the choice of a player who destroys the opponent's units).
func destroyHealthy(t *engine.Trial, side engine.Side, s uint8) {
	d, sr := t.Damaged[side][s], t.SustainedRound[side][s]
	healthy := t.Alive[side][s] > d
	t.Destroy(side, s) // takes a damaged one first
	if healthy && d > 0 {
		t.Damaged[side][s], t.SustainedRound[side][s] = d, sr
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
// Exact mode refuses it by name, where a mech of the holder's fights.
func valkyrieExoskeleton(p *engine.Plan, sc *Scenario, holder engine.Side) {
	switch {
	case sc.Action == engine.SpaceCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, "Valkyrie Exoskeleton", holder, "Articles of War takes the mechs' texts away")
		return
	}
	opp := holder.Opp()
	var mech [engine.MaxSlots]bool
	mechs := engine.KindSlots(p, holder, engine.TGround, units.Mech)
	if len(mechs) == 0 {
		return // no mech to sustain: nothing for exact mode to refuse
	}
	for _, s := range mechs {
		mech[s] = true
	}
	p.BeyondExact("Valkyrie Exoskeleton (a hit after a mech sustains in ground combat)")
	p.OnSustained(func(t *engine.Trial, side engine.Side, s uint8, r engine.RollKind) {
		if side == holder && mech[s] && r == engine.RollGround {
			t.Assign(opp, engine.RollGround, 1)
		}
	})
}

// valkyrieParticleWeave (N'orr technology): "After making combat rolls
// during a round of ground combat, if your opponent produced 1 or more
// hits, you produce 1 additional hit." Mandatory; the hit joins the round's
// other hits before any is cancelled (TR), so it is added to the holder's
// dice hits.
func valkyrieParticleWeave(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.SpaceCombat {
		factionIdle(p, "Valkyrie Particle Weave", holder, "a space combat has no ground combat")
		return
	}
	opp := holder.Opp()
	p.OnAfterRolls(engine.OnGround, func(t *engine.Trial, hits *[2]int) {
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
func exotriremeII(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.GroundCombat {
		return
	}
	opp := holder.Opp()
	sp := &p.Side[holder]
	exo, found := uint8(0), false
	for _, s := range engine.KindSlots(p, holder, engine.TShips, units.Dreadnought) {
		if slugOf(sp.Slots[s].Stats.Name) == "exotrireme-ii" {
			exo, found = s, true
		}
	}
	if !found {
		return
	}
	cost := sp.Slots[exo].CostHalves
	victims := engine.ShipsByValue(p, opp)
	oppSlots := p.Side[opp].Slots
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		for t.Alive[holder][exo] > 0 && t.Has(opp, engine.TShips) {
			var pick [2]uint8
			n, value := 0, int32(0)
			for _, s := range victims {
				for a := t.Alive[opp][s]; a > 0 && n < len(pick); a-- {
					pick[n] = s
					value += oppSlots[s].CostHalves
					n++
				}
			}
			last := int(t.Count[opp][engine.TShips]) <= n
			keeps := t.Count[holder][engine.TShips] > 1
			if value < cost && !(last && keeps) {
				return
			}
			t.Destroy(holder, exo)
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
func tekklarLegion(p *engine.Plan, sc *Scenario, holder engine.Side) {
	opp := holder.Opp()
	switch {
	case sc.Side(holder).FactionOrNone().Slug == "sardakk":
		factionIdle(p, "Tekklar Legion", holder, "the N'orr player cannot play their own promissory note")
		return
	case sc.Action == engine.SpaceCombat:
		factionIdle(p, "Tekklar Legion", holder, "a space combat has no invasion combat")
		return
	}
	all := func(uint8) bool { return true }
	p.AdjustThresholds(holder, engine.RollGround, -1, all)
	if sc.Side(opp).FactionOrNone().Slug == "sardakk" {
		p.AdjustThresholds(opp, engine.RollGround, +1, all)
	}
}
