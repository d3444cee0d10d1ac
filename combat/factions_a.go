package combat

import (
	"cmp"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// factionRulesA returns one group of modelled faction texts, by ability
// slug: Sardakk N'orr, Yin, Mentak, Creuss, Argent and Naaz-Rokha texts
// (faction sheets, unit and technology cards, promissory notes; rulings from
// tirules.com's faction pages).
func factionRulesA() map[string]factionRule {
	return map[string]factionRule{
		// Sardakk N'orr.
		"valkyrie-exoskeleton":    {attach: valkyrieExoskeleton},
		"valkyrie-particle-weave": {attach: valkyrieParticleWeave},
		"exotrireme-ii":           {attach: exotriremeII},
		"tekklar-legion":          {attach: tekklarLegion},
		// Yin.
		"devotion":         {attach: devotion},
		"indoctrination":   {attach: indoctrination},
		"impulse-core":     {attach: impulseCore},
		"van-hauge":        {attach: vanHauge},
		"greyfire-mutagen": {attach: greyfireMutagen},
		// Mentak.
		"ambush":        {attach: ambush},
		"fourth-moon":   {attach: fourthMoon},
		"moll-terminus": {attach: mollTerminus},
		// Creuss.
		"dimensional-splicer": {attach: dimensionalSplicer},
		// Argent.
		"raid-formation":        {attach: raidFormation},
		"strike-wing-alpha-ii":  {attach: strikeWingAlphaII},
		"strike-wing-ambuscade": {attach: strikeWingAmbuscade},
		// Naaz-Rokha.
		"supercharge": {attach: supercharge},
	}
}

// sideOf returns the scenario's side with index i.
func sideOf(sc *Scenario, i int) *Side {
	return []*Side{&sc.Attacker, &sc.Defender}[i]
}

// factionIdle records that a faction text held by holder does nothing in
// this scenario, and why.
func factionIdle(p *plan, name string, holder int, why string) {
	p.warnOnce(name + " (" + sideName(holder) + ") does nothing: " + why)
}

// mechTextLost reports whether Articles of War (For), listed by either
// side, takes the mechs' printed texts away.
func mechTextLost(sc *Scenario) bool {
	return holdsCard(&sc.Attacker, "articles-of-war") || holdsCard(&sc.Defender, "articles-of-war")
}

// kindSlots returns side's slots of kind k that belong to target set tg,
// in hit order.
func kindSlots(p *plan, side int, tg targets, k units.Kind) []uint8 {
	return p.slotsOf(side, tg, func(x units.Kind) bool { return x == k })
}

// shipsByValue lists side's ships in the space area, the most expensive
// first; among equal costs, those later in the side's own hit order (the
// ones it keeps longest) first. It is the order in which an opponent who
// chooses the target picks the ships it hits or destroys.
func shipsByValue(p *plan, side int) []uint8 {
	sp := &p.side[side]
	ord := sp.order[tShips]
	out := make([]uint8, 0, len(ord))
	for i := len(ord) - 1; i >= 0; i-- {
		out = append(out, ord[i])
	}
	slices.SortStableFunc(out, func(a, b uint8) int {
		return cmp.Compare(sp.slots[b].costHalves, sp.slots[a].costHalves)
	})
	return out
}

// sacrificeOrder lists side's cruisers and destroyers in the space area in
// the order the side gives them up to an ability (Devotion, Impulse Core):
// the cheapest first, and of equal cost the worse combat value first.
func sacrificeOrder(p *plan, side int) []uint8 {
	sp := &p.side[side]
	out := p.slotsOf(side, tShips, func(k units.Kind) bool { return k == units.Cruiser || k == units.Destroyer })
	slices.SortStableFunc(out, func(a, b uint8) int {
		return cmp.Or(cmp.Compare(sp.slots[a].costHalves, sp.slots[b].costHalves),
			cmp.Compare(sp.slots[b].stats.Combat.Value, sp.slots[a].stats.Combat.Value))
	})
	return out
}

// destroyable reports whether one hit on a unit of side's slot s chosen by
// the opponent destroys it: the slot has a damaged unit, or its units
// cannot use Sustain Damage (now).
func destroyable(t *trial, side int, s uint8) bool {
	return t.damaged[side][s] > 0 || !t.p.side[side].slots[s].sustain || t.sustainBlocked(side, tShips)
}

// firstAlive returns the first slot of list with a unit of side alive, and
// whether there is one.
func firstAlive(t *trial, side int, list []uint8) (uint8, bool) {
	for _, s := range list {
		if t.alive[side][s] > 0 {
			return s, true
		}
	}
	return 0, false
}

// firstDestroyable returns the first slot of list with a unit alive that
// one hit destroys, and whether there is one.
func firstDestroyable(t *trial, side int, list []uint8) (uint8, bool) {
	for _, s := range list {
		if t.alive[side][s] > 0 && destroyable(t, side, s) {
			return s, true
		}
	}
	return 0, false
}

// hitChosen makes side take one hit of an ability (kind rollEffect) that
// the opponent assigns to a unit of slot s: a damaged one if there is one
// (it is destroyed); else the unit cancels it with Sustain Damage if it can
// (only the chosen ship may); else it is destroyed. Hit-cancelling effects
// and the triggers of sustaining and destruction fire as in assign.
func hitChosen(t *trial, side int, s uint8) {
	h := &t.p.hooks
	hits := 1
	for _, f := range h.beforeAssign[rollEffect] {
		hits = f(t, side, hits)
	}
	if hits > 0 && t.alive[side][s] > 0 {
		if t.damaged[side][s] == 0 && t.p.side[side].slots[s].sustain && !t.sustainBlocked(side, tShips) {
			t.damaged[side][s]++
			t.sustainedRound[side][s]++
			for _, f := range h.onSustain {
				f(t, side, s, rollEffect)
			}
		} else {
			t.destroy(side, s)
			for _, f := range h.onDestroyed {
				f(t, side, s, rollEffect)
			}
		}
	}
	for _, f := range h.afterAssign[rollEffect] {
		f(t, side)
	}
}

// assignTo is assign with the hits forced onto target set tg (Impulse
// Core's non-fighter ships): side takes them in its hit order within tg.
func assignTo(t *trial, side int, tg targets, r rollKind, hits int) {
	h := &t.p.hooks
	for _, f := range h.beforeAssign[r] {
		hits = f(t, side, hits)
	}
	sp := &t.p.side[side]
	sustain := r.sustainable() && !t.sustainBlocked(side, tg)
	for ; hits > 0; hits-- {
		ev, s := t.takeHit(side, sp.order[tg], sustain, sp.sustainLast)
		if ev == noTarget {
			break
		}
		switch ev {
		case sustained:
			hits -= sp.sustainCancels - 1
			t.sustainedRound[side][s]++
			for _, f := range h.onSustain {
				f(t, side, s, r)
			}
		case destroyed:
			for _, f := range h.onDestroyed {
				f(t, side, s, r)
			}
		}
	}
	for _, f := range h.afterAssign[r] {
		f(t, side)
	}
}

// destroyHealthy destroys one unit of side's slot s, an undamaged one if
// there is one (the choice of a player who destroys the opponent's units).
func destroyHealthy(t *trial, side int, s uint8) {
	d, sr := t.damaged[side][s], t.sustainedRound[side][s]
	healthy := t.alive[side][s] > d
	t.destroy(side, s) // takes a damaged one first
	if healthy && d > 0 {
		t.damaged[side][s], t.sustainedRound[side][s] = d, sr
	}
}

// ---------------------------------------------------------------------------
// Sardakk N'orr

// valkyrieExoskeleton (N'orr mech): "After this unit uses its SUSTAIN
// DAMAGE ability during ground combat, it produces 1 hit against your
// opponent's ground forces on this planet." The hit is mandatory (TR) and
// is assigned at once, like a ground combat hit (the opponent chooses, and
// may sustain it). Only sustains against ground combat rolls count: not
// against bombardment or space cannon defense (not combat), nor against
// Magen Defense Grid's start-of-combat hit, which the engine applies
// without the sustain triggers. Articles of War takes the text away.
func valkyrieExoskeleton(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Valkyrie Exoskeleton (hits after a sustain)", true)
	switch {
	case sc.Action == SpaceCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, "Valkyrie Exoskeleton", holder, "Articles of War takes the mechs' texts away")
		return
	}
	opp := 1 - holder
	var mech [maxSlots]bool
	for _, s := range kindSlots(p, holder, tGround, units.Mech) {
		mech[s] = true
	}
	p.hooks.onSustain = append(p.hooks.onSustain, func(t *trial, side int, s uint8, r rollKind) {
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
func valkyrieParticleWeave(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Valkyrie Particle Weave", true)
	if sc.Action == SpaceCombat {
		factionIdle(p, "Valkyrie Particle Weave", holder, "a space combat has no ground combat")
		return
	}
	opp := 1 - holder
	p.hooks.afterRolls[onGround] = append(p.hooks.afterRolls[onGround], func(t *trial, hits *[2]int) {
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
func exotriremeII(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Exotrireme II (a choice at the end of each round)", true)
	if sc.Action == GroundCombat {
		return
	}
	opp := 1 - holder
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
	p.hooks.endOfRound[inSpace] = append(p.hooks.endOfRound[inSpace], func(t *trial) {
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
func tekklarLegion(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Tekklar Legion", true)
	opp := 1 - holder
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

// ---------------------------------------------------------------------------
// Yin

// devotion (Yin ability): "After each space battle round, you may destroy 1
// of your cruisers or destroyers in the active system to produce 1 hit and
// assign it to 1 of your opponent's ships in that system." The Yin choose
// the target; only that ship may sustain (TR). Policy: at the end of each
// space combat round, when the Yin keep another ship besides the one given
// up (the cheapest cruiser or destroyer, a destroyer first), and one hit
// destroys an opponent's ship (one without Sustain Damage, or damaged)
// that costs at least as much as the ship given up or is the opponent's
// last ship: give it up and hit the most expensive such ship. Once per
// round. Not modelled: the ruling that it cannot be used when the opponent
// retreats (the announced retreat is not visible at the end of the round).
func devotion(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Devotion (a choice at the end of each round)", true)
	sac := sacrificeOrder(p, holder)
	if sc.Action == GroundCombat || len(sac) == 0 {
		return
	}
	opp := 1 - holder
	victims := shipsByValue(p, opp)
	slots, oppSlots := p.side[holder].slots, p.side[opp].slots
	p.hooks.endOfRound[inSpace] = append(p.hooks.endOfRound[inSpace], func(t *trial) {
		if t.count[holder][tShips] < 2 || !t.has(opp, tShips) {
			return
		}
		given, ok := firstAlive(t, holder, sac)
		if !ok {
			return
		}
		target, ok := firstDestroyable(t, opp, victims)
		if !ok || (oppSlots[target].costHalves < slots[given].costHalves && t.count[opp][tShips] > 1) {
			return
		}
		t.destroy(holder, given)
		hitChosen(t, opp, target)
	})
}

// impulseCore (Yin technology): "At the start of a space combat, you may
// destroy 1 of your cruisers or destroyers in the active system to produce
// 1 hit against your opponent's ships; that hit must be assigned by your
// opponent to 1 of their non-fighter ships if able." The opponent chooses
// (its hit order over non-fighter ships, fighters only when it has no
// other) and may sustain it (TR); it resolves before anti-fighter barrage.
// Policy: used whenever the holder has a cruiser or destroyer and another
// ship, and the opponent has a non-fighter ship; the cheapest cruiser or
// destroyer is given up (a destroyer first).
func impulseCore(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Impulse Core", true)
	sac := sacrificeOrder(p, holder)
	if sc.Action == GroundCombat || len(sac) == 0 {
		return
	}
	opp := 1 - holder
	p.hooks.startOfCombat[inSpace] = append(p.hooks.startOfCombat[inSpace], func(t *trial) {
		if t.count[holder][tShips] < 2 || t.count[opp][tNonFighters] <= t.count[opp][tFighters] {
			return
		}
		if s, ok := firstAlive(t, holder, sac); ok {
			t.destroy(holder, s)
			assignTo(t, opp, tNonFighters, rollEffect, 1)
		}
	})
}

// vanHauge (Yin flagship): "When this ship is destroyed, destroy all ships
// in this system." Every ship of both sides in the space area is destroyed
// (not ground forces, which capacity then removes); the space combat is a
// draw (TR). The destruction is checked after every assignment of hits
// against ships and at the end of every space combat round, so a flagship
// destroyed by an effect (Direct Hit, Exotrireme II) triggers it too; the
// ships destroyed are not hits and fire no effects.
func vanHauge(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Van Hauge (when it is destroyed)", true)
	flags := kindSlots(p, holder, tShips, units.Flagship)
	if sc.Action == GroundCombat || len(flags) == 0 {
		return
	}
	flag := flags[0]
	var ships [2][]uint8
	for side := range ships {
		ships[side] = p.slotsOf(side, tShips, func(units.Kind) bool { return true })
	}
	boom := func(t *trial) {
		if t.killed[holder][flag] == 0 {
			return
		}
		for side := range ships {
			t.removeSlots(side, ships[side])
		}
	}
	for _, r := range [...]rollKind{rollSCO, rollAFB, rollSpace, rollEffect} {
		p.hooks.afterAssign[r] = append(p.hooks.afterAssign[r], func(t *trial, _ int) { boom(t) })
	}
	p.hooks.endOfRound[inSpace] = append(p.hooks.endOfRound[inSpace], boom)
}

// indoctrination (Yin ability): "At the start of a ground combat, you may
// spend 2 influence to replace 1 of your opponent's participating infantry
// with 1 infantry from your reinforcements." Policy: always used when the
// opponent has an infantry in the combat and the Yin have 2 influence left
// (Side.Influence).
func indoctrination(p *plan, sc *Scenario, holder int) {
	if sideOf(sc, holder).Influence < 2 && sc.Action != SpaceCombat {
		p.addEffect("Indoctrination", true)
		factionIdle(p, "Indoctrination", holder, "it costs 2 influence and the side has less (give it with --"+sideName(holder)+"-influence)")
		return
	}
	addInfantryReplacer(p, sc, holder, "Indoctrination", 1, 2)
}

// greyfireMutagen (Yin promissory note, Ω printing): "At the start of a
// ground combat against 2 or more ground forces that are not controlled by
// the Yin player: Replace 1 of your opponent's participating infantry with
// 1 infantry from your reinforcements." Always played when it can be: the
// opponent (not the Yin) has 2 or more ground forces in the combat, one of
// them an infantry. The Yin cannot play their own note.
func greyfireMutagen(p *plan, sc *Scenario, holder int) {
	switch {
	case sideOf(sc, holder).faction().Slug == "yin":
		factionIdle(p, "Greyfire Mutagen", holder, "the Yin player cannot play their own promissory note")
	case sideOf(sc, 1-holder).faction().Slug == "yin":
		factionIdle(p, "Greyfire Mutagen", holder, "it works only against ground forces the Yin player does not control")
	default:
		addInfantryReplacer(p, sc, holder, "Greyfire Mutagen", 2, 0)
		return
	}
	p.addEffect("Greyfire Mutagen", true)
}

// addInfantryReplacer attaches an effect that, at the start of a ground
// combat where the opponent has at least minOpp ground forces, replaces one
// of the opponent's infantry with one of the holder's: the opponent's unit
// is removed (it counts in its ResourcesLost; it is not destroyed, so it
// does not revive), and the holder's new infantry fights in a slot of its
// own, with the holder's infantry's numbers and modifiers. If that was the
// opponent's last ground force, it loses at once (TR).
//
// The new infantry comes from the holder's reinforcements, so it is not
// reported among the holder's Survivors (it was not in the fleet) and its
// loss does not count in ResourcesLost; the outcome counts it. Units join a
// side during the action, so the fast tables and exact mode are off.
func addInfantryReplacer(p *plan, sc *Scenario, holder int, name string, minOpp int, influence int16) {
	defer p.addEffect(name+" (it adds an infantry to the combat)", true)
	opp := 1 - holder
	oppInf := kindSlots(p, opp, tGround, units.Infantry)
	start := 0
	for _, s := range oppInf {
		start += int(p.side[opp].start[s])
	}
	switch {
	case sc.Action == SpaceCombat:
		return
	case start == 0:
		factionIdle(p, name, holder, "the "+sideName(opp)+" has no infantry")
		return
	}
	i, ok := p.hiddenGroundSlot(sc, holder, units.Infantry, name, name)
	if !ok {
		return
	}
	if st := p.side[holder].slots[i].stats; st.Revive.Has() {
		p.side[holder].revivers = append(p.side[holder].revivers, i)
	}
	p.hooks.startOfCombat[onGround] = append(p.hooks.startOfCombat[onGround], func(t *trial) {
		if int(t.count[opp][tGround]) < minOpp {
			return
		}
		for _, o := range oppInf {
			if t.alive[opp][o] > 0 && spend(&t.influence[holder], influence) {
				t.remove(opp, o)
				t.join(holder, i, 1) // every target set of the slot counts it
				return
			}
		}
	})
}

// ---------------------------------------------------------------------------
// Mentak

// ambush (Mentak ability): "At the start of a space combat, you may roll 1
// die for each of up to 2 of your cruisers or destroyers in the system. For
// each result equal to or greater than that ship's combat value, produce 1
// hit; your opponent must assign it to 1 of their ships." The dice use the
// printed combat value: modifiers to combat rolls do not apply (TR). The
// opponent assigns the hits in its hit order and may sustain them. Policy:
// always used, with the 2 ships of the best combat value alive then.
func ambush(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Ambush (dice at the start of a space combat)", false)
	sp := &p.side[holder]
	ships := p.slotsOf(holder, tShips, func(k units.Kind) bool { return k == units.Cruiser || k == units.Destroyer })
	if sc.Action == GroundCombat || len(ships) == 0 {
		return
	}
	slices.SortStableFunc(ships, func(a, b uint8) int {
		return cmp.Compare(sp.slots[a].stats.Combat.Value, sp.slots[b].stats.Combat.Value)
	})
	var value [maxSlots]int
	for _, s := range ships {
		value[s] = sp.slots[s].stats.Combat.Value
	}
	opp := 1 - holder
	p.hooks.startOfCombat[inSpace] = append(p.hooks.startOfCombat[inSpace], func(t *trial) {
		hits, left := 0, 2
		for _, s := range ships {
			n := min(int(t.alive[holder][s]), left)
			hits += t.dice(value[s], n, false)
			if left -= n; left == 0 {
				break
			}
		}
		if hits > 0 {
			t.assign(opp, rollEffect, hits)
		}
	})
}

// fourthMoon (Mentak flagship): "Other players' ships in this system cannot
// use SUSTAIN DAMAGE." While the flagship is in the system: against space
// cannon offense, space combat rolls and effects' hits, whatever target set
// the hits are forced onto. In a round's Assign Hits step the flagship's
// presence is read at the start of the step (LRR 78.6a), so a flagship
// destroyed by that round's hits still forbids it.
func fourthMoon(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Fourth Moon (no Sustain Damage while it is there)", true)
	flags := kindSlots(p, holder, tShips, units.Flagship)
	if sc.Action == GroundCombat || len(flags) == 0 {
		return
	}
	opp := &p.side[1-holder]
	opp.sustainBlockers = append(opp.sustainBlockers, sustainBlocker{source: flags[0], sets: setOf(tShips, tNonFighters, tFleet, tShipsAbility)})
}

// mollTerminus (Mentak mech): "Other players' ground forces on this planet
// cannot use SUSTAIN DAMAGE." While a Mentak mech is on the planet: the
// defender's always are, so the attacker's ground forces, on the planet
// once committed (LRR 49), cannot sustain the space cannon defense's hits
// nor the ground combat's; the attacker's mechs of an invasion land at the
// commitment, so the defender's ground forces may still sustain
// bombardment hits, not ground combat hits. In a round's Assign Hits step
// the mechs' presence is read at the start of the step (LRR 87 with
// 78.6a). Articles of War takes the text away.
func mollTerminus(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Moll Terminus (no Sustain Damage while it is on the planet)", true)
	mechs := kindSlots(p, holder, tGround, units.Mech)
	switch {
	case sc.Action == SpaceCombat || len(mechs) == 0:
		return
	case mechTextLost(sc):
		factionIdle(p, "Moll Terminus", holder, "Articles of War takes the mechs' texts away")
		return
	}
	opp := &p.side[1-holder]
	if holder == defender || sc.Action == GroundCombat {
		opp.sustainBlockers = append(opp.sustainBlockers, sustainBlocker{source: mechs[0], sets: setOf(tGround, tGroundAbility)})
		return
	}
	// The attacker's mechs reach the planet at the commitment: a slot of
	// its own, never hit nor reported, holds the attacker's mechs on the
	// planet, set at the start of each ground combat round.
	sp := &p.side[holder]
	if len(sp.slots) >= maxSlots {
		p.warnings = append(p.warnings, "Moll Terminus: too many unit types to model it; ignored")
		return
	}
	landed := uint8(len(sp.slots))
	sp.slots = append(sp.slots, slot{stats: units.Stats{Name: "Moll Terminus (on the planet)", Kind: units.Mech}, zone: zoneAdjacent})
	opp.sustainBlockers = append(opp.sustainBlockers, sustainBlocker{source: landed, sets: setOf(tGround)})
	p.hooks.startOfRound[onGround] = append(p.hooks.startOfRound[onGround], func(t *trial) {
		n := uint16(0)
		for _, s := range mechs {
			n += t.alive[holder][s]
		}
		t.alive[holder][landed] = n
	})
}

// ---------------------------------------------------------------------------
// Creuss

// dimensionalSplicer (Creuss technology): "At the start of space combat in
// a system that contains a wormhole and 1 or more of your ships, you may
// produce 1 hit and assign it to 1 of your opponent's ships." The system is
// taken to contain a wormhole: the Hil Colish (Creuss flagship) brings one;
// otherwise list the technology only when the system has one. The Creuss
// choose the ship, and only it may sustain (TR). Policy: always used, on
// the opponent's most expensive ship that the hit destroys (no Sustain
// Damage, or damaged); when every ship would sustain it, on the most
// expensive ship.
func dimensionalSplicer(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Dimensional Splicer", true)
	if sc.Action == GroundCombat {
		factionIdle(p, "Dimensional Splicer", holder, "a ground combat has no space combat")
		return
	}
	if len(kindSlots(p, holder, tShips, units.Flagship)) == 0 {
		p.warnOnce("Dimensional Splicer: the active system is taken to contain a wormhole (list the technology only when it does)")
	}
	opp := 1 - holder
	victims := shipsByValue(p, opp)
	p.hooks.startOfCombat[inSpace] = append(p.hooks.startOfCombat[inSpace], func(t *trial) {
		if s, ok := firstDestroyable(t, opp, victims); ok {
			hitChosen(t, opp, s)
			return
		}
		for _, s := range victims {
			if t.alive[opp][s] > 0 {
				hitChosen(t, opp, s)
				return
			}
		}
	})
}

// ---------------------------------------------------------------------------
// Argent

// argentRollsAFB reports whether the side has anti-fighter barrage dice
// (its units', or Metali Void Armaments' that attaches later).
func argentRollsAFB(p *plan, sc *Scenario, side int) bool {
	return len(p.side[side].rollers[rollAFB]) > 0 || holdsCard(sideOf(sc, side), "metali-void-armaments")
}

// raidFormation (Argent ability): "When 1 or more of your units uses
// ANTI-FIGHTER BARRAGE, for each hit produced in excess of your opponent's
// fighters, choose 1 of your opponent's ships that has SUSTAIN DAMAGE to
// become damaged." The ship becomes damaged without using Sustain Damage
// (no Direct Hit); with Waylay the hits are then assigned as well (TR).
// Policy: the opponent's most expensive undamaged ships with Sustain
// Damage first.
func raidFormation(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Raid Formation (damage from anti-fighter barrage)", true)
	opp := 1 - holder
	var cands []uint8
	for _, s := range shipsByValue(p, opp) {
		if p.side[opp].slots[s].stats.Sustain {
			cands = append(cands, s)
		}
	}
	if sc.Action == GroundCombat || len(cands) == 0 || !argentRollsAFB(p, sc, holder) {
		return
	}
	p.hooks.beforeAssign[rollAFB] = append(p.hooks.beforeAssign[rollAFB], func(t *trial, side, hits int) int {
		if side != opp {
			return hits
		}
		slots := t.p.side[opp].slots // read now: a law may take Sustain Damage away
		for excess := hits - int(t.count[opp][tFighters]); excess > 0; excess-- {
			done := true
			for _, s := range cands {
				if slots[s].sustain && t.alive[opp][s] > t.damaged[opp][s] {
					t.damaged[opp][s]++
					done = false
					break
				}
			}
			if done {
				break
			}
		}
		return hits
	})
}

// maxSWADice bounds the anti-fighter barrage dice for which Strike Wing
// Alpha II's results are drawn exactly.
const maxSWADice = 63

// strikeWingAlphaII (Argent destroyer upgrade): "When this unit uses
// ANTI-FIGHTER BARRAGE, each result of 9 or 10 also destroys 1 of your
// opponent's infantry in the space area of the active system." Only the
// attacker of an invasion has infantry in the space area, so it acts when
// the Argent defend against an invasion; the infantry are destroyed at
// once (TR: at the end of the Roll Dice step, whatever becomes of the hits).
//
// The engine draws a roll's hits, not its dice. Given the hits, the number
// of Strike Wing Alpha II dice among them and of their results of 9 or 10
// are drawn from their exact conditional distribution: the hits' split
// between the Strike Wing dice and the holder's other barrage dice (of
// other values) is drawn from its posterior, a hit at value v shows 9 or
// 10 with probability |{9,10} ∩ [v,10]|/(11−v), a miss with
// |{9,10} ∩ [1,v−1]|/(v−1). An extra barrage die (Strike Wing Ambuscade)
// goes to a Strike Wing Alpha II when one has the best value. With more
// than maxSWADice dice the split is drawn hit by hit in proportion to the
// dice. Random, so exact mode refuses it where it can act.
func strikeWingAlphaII(p *plan, sc *Scenario, holder int) {
	opp := 1 - holder
	sp := &p.side[holder]
	swa, found := uint8(0), false
	for _, s := range kindSlots(p, holder, tShips, units.Destroyer) {
		if slugOf(sp.slots[s].stats.Name) == "strike-wing-alpha-ii" {
			swa, found = s, true
		}
	}
	inf := p.slotsOf(opp, tGround, func(k units.Kind) bool { return k == units.Infantry })
	inf = slices.DeleteFunc(inf, func(s uint8) bool { return p.side[opp].slots[s].zone != zoneSpace })
	if !found || sc.Action != Invasion || holder != defender || len(inf) == 0 {
		p.addEffect("Strike Wing Alpha II", true)
		return
	}
	p.addEffect("Strike Wing Alpha II (dice results of 9 or 10)", false)
	c := p.counter() // used: the barrage was rolled; mark: the Strike Wings alive then
	p.hooks.rerollAll[rollAFB] = append(p.hooks.rerollAll[rollAFB], func(t *trial, side, _ int) bool {
		if side == holder {
			t.used[c] = 1
			t.mark[c] = int32(t.alive[holder][swa])
		}
		return false
	})
	p.hooks.beforeAssign[rollAFB] = append(p.hooks.beforeAssign[rollAFB], func(t *trial, side, hits int) int {
		if side != opp || t.used[c] == 0 {
			return hits
		}
		alive := t.alive[holder]
		alive[swa] = uint16(t.mark[c])
		nines := swaNines(t, holder, swa, &alive, hits)
		for _, s := range inf {
			for ; nines > 0 && t.alive[opp][s] > 0; nines-- {
				t.destroy(opp, s)
			}
		}
		return hits
	})
}

// swaNines draws how many of the holder's Strike Wing Alpha II barrage dice
// (slot swa) showed 9 or 10, given that the holder's barrage, with units
// alive, scored hits.
func swaNines(t *trial, holder int, swa uint8, alive *[maxSlots]uint16, hits int) int {
	sp := &t.p.side[holder]
	// The Strike Wing dice (one value) and the others' distribution.
	var other, next [maxSWADice + 1]float64
	other[0] = 1
	nOther, nSWA, thrSWA := 0, 0, 11
	addOther := func(thr, n int) {
		q := hitProbability(thr)
		for ; n > 0; n-- {
			nOther++
			if nOther > maxSWADice {
				return
			}
			next = [maxSWADice + 1]float64{}
			for h := 0; h < nOther; h++ {
				next[h] += other[h] * (1 - q)
				next[h+1] += other[h] * q
			}
			other = next
		}
	}
	for _, ro := range sp.rollers[rollAFB] {
		n := int(alive[ro.slot]) * int(ro.dice)
		if ro.slot == swa {
			nSWA, thrSWA = n, int(ro.thr)
		} else {
			addOther(int(ro.thr), n)
		}
	}
	if extra := int(sp.extraDice[rollAFB]); extra > 0 {
		if thr, ok := t.p.bestRoller(holder, rollAFB, alive); ok {
			if alive[swa] > 0 && thr == thrSWA {
				nSWA += extra
			} else {
				addOther(thr, extra)
			}
		}
	}
	if nSWA == 0 {
		return 0
	}
	// The Strike Wing dice among the hits: k with probability proportional
	// to P(k of nSWA hit)·P(the others score hits−k).
	k := 0
	if nOther == 0 {
		k = hits
	} else if nOther+nSWA > maxSWADice {
		for range hits {
			if uniform(t) < float64(nSWA)/float64(nSWA+nOther) {
				k++
			}
		}
		k = min(k, nSWA)
	} else {
		q := hitProbability(thrSWA)
		var w [maxSWADice + 1]float64
		total := 0.0
		for j := max(0, hits-nOther); j <= min(hits, nSWA); j++ {
			w[j] = binomialTerm(nSWA, j, q) * other[hits-j]
			total += w[j]
		}
		u := uniform(t) * total
		for j := max(0, hits-nOther); j <= min(hits, nSWA); j++ {
			k = j
			if u < w[j] {
				break
			}
			u -= w[j]
		}
	}
	lo := max(thrSWA, 1)
	nineHit, nineMiss := 0.0, 0.0
	if lo <= 10 {
		nineHit = float64(min(2, 11-lo)) / float64(11-lo)
	}
	if lo > 1 {
		nineMiss = float64(max(0, lo-9)) / float64(lo-1)
	}
	nines := 0
	for range k {
		if uniform(t) < nineHit {
			nines++
		}
	}
	for range nSWA - k {
		if uniform(t) < nineMiss {
			nines++
		}
	}
	return nines
}

// uniform draws a number in [0, 1) from the trial's generator.
func uniform(t *trial) float64 {
	return float64(t.rng.Uint64()>>11) * 0x1p-53
}

// binomialTerm is P(X = k) for X ~ Binomial(n, q).
func binomialTerm(n, k int, q float64) float64 {
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1) * q
	}
	for range n - k {
		r *= 1 - q
	}
	return r
}

// strikeWingAmbuscade (Argent promissory note): "When 1 or more of your
// units make a roll for a unit ability: Choose 1 of those units to roll 1
// additional die. Then, return this card to the Argent player." Once per
// action. Policy: on the holder's first unit-ability roll of the action in
// which its units in the fleet roll — space cannon offense, anti-fighter
// barrage, bombardment, space cannon defense, in that order; the die goes
// to the unit with the best value (and adds to Plasma Scoring's). Rolls
// that cards add (relics, action cards) are not considered. The Argent
// cannot play their own note.
func strikeWingAmbuscade(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Strike Wing Ambuscade", true)
	s := sideOf(sc, holder)
	if s.faction().Slug == "argent" {
		factionIdle(p, "Strike Wing Ambuscade", holder, "the Argent player cannot play their own promissory note")
		return
	}
	opp := 1 - holder
	sp, op := &p.side[holder], &p.side[opp]
	rolls := func(r rollKind) bool {
		for _, ro := range sp.rollers[r] {
			if sp.start[ro.slot] > 0 && ro.thr <= 10 {
				return true
			}
		}
		return false
	}
	shielded := len(op.shields) > 0 && len(sp.shieldBreakers) == 0
	for _, c := range [...]struct {
		r  rollKind
		ok bool
	}{
		{rollSCO, sc.Action != GroundCombat && op.count[tShips] > 0},
		{rollAFB, sc.Action != GroundCombat && op.count[tShips] > 0 && sp.count[tShips] > 0},
		{rollBombard, sc.Action == Invasion && holder == attacker && op.count[tGround] > 0 && !shielded},
		{rollSCD, sc.Action == Invasion && holder == defender},
	} {
		if c.ok && rolls(c.r) {
			sp.extraDice[c.r]++
			return
		}
	}
	factionIdle(p, "Strike Wing Ambuscade", holder, "none of the holder's units rolls for a unit ability here")
}

// ---------------------------------------------------------------------------
// Naaz-Rokha

// supercharge (Naaz-Rokha technology): "At the start of a combat round, you
// may exhaust this card to apply +1 to the result of each of your unit's
// combat rolls during this combat round." Once per action (it readies in
// the status phase). Policy: in the first round of the first combat the
// holder fights in the action (space, else ground). Not anti-fighter
// barrage, bombardment or space cannon (TR).
func supercharge(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Supercharge (a modifier in one round)", false)
	firstRoundsBonus(p, holder, 1)
}
