package combat

import "github.com/ti4sim/ti4sim/units"

// factionRulesB returns one group of modelled faction texts, by ability slug.
// The helpers of this file end in B so as not to clash with the other
// faction files of the package.
func factionRulesB() map[string]factionRule {
	return map[string]factionRule{
		"harrow":             {attach: harrow},
		"arc-secundus":       {attach: arcSecundus},
		"munitions-reserves": {attach: munitionsReserves},
		"war-funding":        {attach: warFunding},
		"l4-disruptors":      {attach: l4Disruptors},
		"shield-paling":      {attach: shieldPaling},
		"indomitus":          {attach: indomitus},
		"loncara-ssodu":      {attach: loncaraSsodu},
		"ul-the-progenitor":  {attach: ulTheProgenitor},
	}
}

// spaceCombatPossible reports whether the action can have a space combat:
// both sides start with ships and the action has a space step.
func spaceCombatPossible(sc *Scenario) bool {
	return sc.Action != GroundCombat &&
		len(sc.Attacker.Fleet.Filter(units.Kind.Ship)) > 0 && len(sc.Defender.Fleet.Filter(units.Kind.Ship)) > 0
}

// harrow (L1Z1X faction ability): "At the end of each round of
// ground combat, your ships in the active system may use their BOMBARDMENT
// abilities against your opponent's ground forces on the planet." Only
// while the L1Z1X are the active player (the attacker), so only in an
// invasion (a ground combat alone has no ships). At the end of every ground
// combat round — also the round in which the attacker's last ground force
// died (ruling: it can turn a loss into a draw) — every bombardment roll of
// the attacker's units left in the space area is made again at the
// defender's ground forces on the planet, unless the planet is shielded
// (Planetary Shield stops Harrow, LRR 65.2). It is a bombardment: Bunker's
// −4, X-89's doubled hits and Plasma Scoring's die apply, Blitz's dice are
// included, and X-89 Ω's purge follows (the afterBombard effects). Mechs
// may sustain its hits. Policy: always used (it only hurts the opponent).
// The original printing ("After each round of ground combat", errata'd to
// "At the end of each round" by errata; Printings.Harrow) does not act
// after the round that ended the combat, so it cannot turn a loss into a
// draw. The dice make it random and it acts at the end of rounds: exact mode
// refuses it. The hits go through the engine's own bombardment assignment
// (trial.bombard), effects after a bombardment included.
func harrow(p *plan, sc *Scenario, holder int) {
	if holder != attacker || sc.Action != Invasion {
		p.addEffect("Harrow", true) // nothing attached: only the active player's invasions
		return
	}
	original := sc.Printings.Harrow == TextOriginal
	p.hooks.endOfRound[onGround] = append(p.hooks.endOfRound[onGround], func(t *trial) {
		// The original "After each round of ground combat" has no round
		// after the one that ended the combat.
		if !t.has(defender, tGround) || t.shielded() || (original && !t.has(attacker, tGround)) {
			return
		}
		t.bombard(t.roll(attacker, rollBombard))
	})
	p.addEffect("Harrow, "+sc.Printings.Harrow.String()+" printing", false)
}

// arcSecundus (Letnev flagship): "Other players' units in this system lose
// PLANETARY SHIELD. At the start of each space combat round, repair this
// ship." Its Bombardment 5 (x3) and the shield removal are in its numbers;
// here the repair: at the start of every space combat round (round 1's
// start included, after space cannon offense) the flagship is undamaged
// again. It is not repaired at the end of combat (TR). Deterministic, but
// it acts at the start of rounds, a window exact mode does not replay.
func arcSecundus(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Arc Secundus", true)
	s, ok := -1, false
	for i, sl := range p.side[holder].slots {
		if sl.stats.Kind == units.Flagship && sl.zone == zoneSpace {
			s, ok = i, true
		}
	}
	if !ok || !spaceCombatPossible(sc) {
		return
	}
	p.hooks.startOfRound[inSpace] = append(p.hooks.startOfRound[inSpace], func(t *trial) {
		t.damaged[holder][s] = 0
	})
}

// munitionsReserves (Letnev faction ability): "At the start of each
// round of space combat, you may spend 2 trade goods; you may re-roll any
// number of your dice during that combat round." Once per round (TR).
// Policy: the Letnev pay 2 of their trade goods (Side.TradeGoods) at the
// start of every round of space combat while they have 2, and reroll each
// die that missed in that round, once (rerolling a hit never helps);
// without 2 trade goods a warning says it does nothing. "Any of
// your dice during that round" takes in round 1's anti-fighter barrage as
// well (TR's ruling on Viscount Unlenn, whose "at the start of a space
// combat round" die applies to the barrage). Space cannon offense is before
// the combat and is untouched. The hooks draw nothing, but rerolls are
// outside what exact mode's tables express, so it refuses them.
func munitionsReserves(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Munitions Reserves", true)
	if !spaceCombatPossible(sc) {
		return // no space combat: nothing to reroll (and nothing to refuse)
	}
	if sideOf(sc, holder).TradeGoods < 2 {
		factionIdle(p, "Munitions Reserves", holder, "it costs 2 trade goods a round and the side has fewer (give them with --"+sideName(holder)+"-trade-goods)")
		return
	}
	c := p.counter()
	p.hooks.startOfRound[inSpace] = append(p.hooks.startOfRound[inSpace], func(t *trial) {
		if spend(&t.tradeGoods[holder], 2) {
			t.mark[c] = int32(t.round)
		}
	})
	for _, r := range [...]rollKind{rollSpace, rollAFB} {
		p.hooks.rerollMisses[r] = append(p.hooks.rerollMisses[r], func(t *trial, side int) bool {
			return side == holder && t.mark[c] == int32(t.round)
		})
	}
}

// warFunding (Letnev promissory note). Two printings: the
// original, "At the start of a round of space combat: The Letnev player
// loses 2 trade goods. During this combat round, re-roll any number of your
// dice.", and Codex I's War Funding Ω, in force today, "After you and your
// opponent roll dice during space combat: You may reroll all of your
// opponent's dice. You may reroll any number of your dice." Printings has
// no printing choice for it, so the Ω text is modelled. Once (the card goes
// back to the Letnev). Policy: played in round 1 of the space combat: the
// holder rerolls each of its combat dice that missed, and the opponent's
// dice are all rerolled when they scored more hits than expected from its
// units (static modifiers). The Letnev cannot play their own note.
func warFunding(p *plan, sc *Scenario, holder int) {
	s := []*Side{&sc.Attacker, &sc.Defender}[holder]
	switch {
	case s.faction().Slug == "letnev":
		p.warnings = append(p.warnings, "War Funding held by the "+sideName(holder)+" does nothing: the Letnev cannot play their own promissory note")
		p.addEffect("War Funding", true)
		return
	case !spaceCombatPossible(sc):
		p.warnings = append(p.warnings, "War Funding held by the "+sideName(holder)+" does nothing: the action has no space combat")
		p.addEffect("War Funding", true)
		return
	}
	p.addEffect("War Funding Ω (played in round 1)", false)
	opp := 1 - holder
	p.hooks.rerollMisses[rollSpace] = append(p.hooks.rerollMisses[rollSpace], func(t *trial, side int) bool {
		return side == holder && t.round == 1
	})
	p.hooks.rerollAll[rollSpace] = append(p.hooks.rerollAll[rollSpace], func(t *trial, side, hits int) bool {
		return side == opp && t.round == 1 && float64(hits) > t.expectedHits(opp, rollSpace)
	})
}

// l4Disruptors (Letnev technology): "During an invasion, units cannot use
// SPACE CANNON against your units." Held by the attacker in an invasion:
// the defender's space cannon defense makes no hits (whatever adds to it:
// PDS, mechs, cards). Space cannon offense is before the invasion and still
// fires (TR). Held by the defender it does nothing (the attacker has no
// space cannon defense). The hits are cancelled before assignment, which
// exact mode replays.
func l4Disruptors(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("L4 Disruptors", true)
	if holder != attacker || sc.Action != Invasion {
		return
	}
	p.hooks.beforeAssign[rollSCD] = append(p.hooks.beforeAssign[rollSCD], func(t *trial, side, hits int) int {
		if side == holder {
			return 0
		}
		return hits
	})
}

// shieldPaling (Jol-Nar mech): "Your infantry on this planet are not
// affected by your FRAGILE faction ability." While a Jol-Nar mech is on the
// planet (alive; the attacker commits all its ground forces to the one
// planet), the side's infantry roll without Fragile's −1: an aura of −1 on
// their ground combat thresholds, undoing Fragile's +1. Articles of War
// removes the text.
func shieldPaling(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Shield Paling", true)
	if mechTextLost(sc) {
		p.warnOnce("Shield Paling does nothing: Articles of War removes the mech's printed abilities")
		return
	}
	sp := &p.side[holder]
	a := aura{delta: -1}
	mech, inf := false, false
	for i, sl := range sp.slots {
		switch {
		case sl.stats.Kind == units.Mech && sl.zone != zoneAdjacent:
			a.source, mech = uint8(i), true
		case sl.stats.Kind == units.Infantry && sl.zone != zoneAdjacent:
			a.targets[i], inf = true, true
		}
	}
	if mech && inf {
		sp.auras[rollGround] = append(sp.auras[rollGround], a)
	}
}

// indomitus (Xxcha mech): Space Cannon 8; "You may use this unit's SPACE
// CANNON ability against ships that are in adjacent systems." The engine
// compiles no space cannon for ground forces, so the rolls are added here:
// every Xxcha mech in the active system fires in space cannon offense (LRR
// 77.2: every unit in the active system, the attacker's mechs in the space
// area included), and the defender's mechs on the planet fire in space
// cannon defense. The attacker's mechs do not (TR: only non-active players
// fire then). Mechs in adjacent systems are not an input. Antimass
// Deflectors and Solar Flare attach late and see these rolls; Plasma
// Scoring's die may use them. Articles of War removes the ability.
func indomitus(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Indomitus", true)
	if mechTextLost(sc) {
		p.warnOnce("Indomitus does nothing: Articles of War removes the mech's Space Cannon")
		return
	}
	sp := &p.side[holder]
	for i, sl := range sp.slots {
		st := sl.stats
		if st.Kind != units.Mech || !st.SpaceCannon.Has() || sl.zone == zoneAdjacent {
			continue
		}
		ro := roller{slot: uint8(i), dice: uint8(st.SpaceCannon.Dice), thr: int8(st.SpaceCannon.Value)}
		sp.rollers[rollSCO] = append(sp.rollers[rollSCO], ro)
		if holder == defender && sl.zone == zonePlanet {
			sp.rollers[rollSCD] = append(sp.rollers[rollSCD], ro)
		}
	}
	sp.groups[rollSCO] = groupRollers(sp.rollers[rollSCO])
	sp.groups[rollSCD] = groupRollers(sp.rollers[rollSCD])
}

// loncaraSsodu (Xxcha flagship): Space Cannon 5 (x3) "against ships that
// are in adjacent systems" too. In the active system it is a ship with
// Space Cannon, which its numbers already say: it fires in space cannon
// offense and, being a ship, not in space cannon defense. A flagship in an
// adjacent system is not an input.
func loncaraSsodu(p *plan, sc *Scenario, holder int) {
	p.addEffect("Loncara Ssodu", true)
}

// ulTheProgenitor (Titans hero, Geoform): attached to Elysium, the planet
// gains Space Cannon 5 (x3) "as if it were a unit". Listing the hero says
// it is attached and Elysium (the Titans' home planet, alone in its system)
// is in the active system: held by the defender, Elysium is the contested
// planet and fires in space cannon offense and defense; held by the
// attacker, Elysium is another planet of the active system and fires in
// space cannon offense only. The planet is never hit nor destroyed.
func ulTheProgenitor(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Ul the Progenitor (Geoform)", true)
	sp := &p.side[holder]
	n := len(sp.slots)
	p.addRoller(holder, rollSCO, "Elysium (Geoform)", 5, 3)
	if len(sp.slots) == n || holder != defender {
		return
	}
	sp.rollers[rollSCD] = append(sp.rollers[rollSCD], roller{slot: uint8(n), dice: 3, thr: 5})
	sp.groups[rollSCD] = groupRollers(sp.rollers[rollSCD])
}
