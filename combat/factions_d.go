package combat

import "github.com/ti4sim/ti4sim/units"

// factionRulesD returns one group of modelled faction texts, by ability
// slug: the Naaz-Rokha flagship, 2RAM (L1Z1X commander), the Arborec, Nekro
// and Letnev mechs, Evelyn Delouis (Sol agent) and the Titans PDS. The helpers of this file
// end in D so as not to clash with the other faction files.
func factionRulesD() map[string]factionRule {
	return map[string]factionRule{
		"visz-el-vir":     {attach: viszElVir},
		"2ram":            {attach: twoRAM},
		"letani-behemoth": {attach: letaniBehemoth},
		"mordred":         {attach: mordred},
		"evelyn-delouis":  {attach: evelynDelouis},
		"dunlain-reaper":  {attach: dunlainReaper},
		"hel-titan":       {attach: helTitan},
	}
}

// groundSlot returns holder's first slot of kind k that takes part in the
// action's ground combat (not in an adjacent system), and whether there is
// one.
func groundSlot(p *plan, holder int, k units.Kind) (uint8, bool) {
	for i, sl := range p.side[holder].slots {
		if sl.stats.Kind == k && sl.zone != zoneAdjacent {
			return uint8(i), true
		}
	}
	return 0, false
}

// hiddenRoller gives holder a hidden roller (plan.addRoller) with one
// ground combat die per unit at threshold thr and no units at the start:
// hooks set its units per round with t.alive. It returns the slot and
// whether there was room for it.
func hiddenRoller(p *plan, holder int, name string, thr int8) (uint8, bool) {
	i, ok := p.addRoller(holder, rollGround, name, int(thr), 1)
	if ok {
		p.side[holder].start[i] = 0
	}
	return i, ok
}

// groundThreshold returns side's effective ground combat threshold for the units
// of slot s (its roller's threshold with the side's auras now), and whether
// s has a ground combat roller. It reads the final plan, so every static
// modifier attached after the caller is included.
func groundThreshold(t *trial, side int, s uint8) (int, bool) {
	thr, ok := t.p.rollerThr(side, rollGround, s)
	if !ok {
		return 0, false
	}
	return int(thr) + t.p.side[side].auraShift(rollGround, s, &t.alive[side]), true
}

// viszElVir (Naaz-Rokha flagship; catalog text: "Naaz-Rokha mechs in its
// system roll 1 additional die in combat"). Each of the side's mechs rolls
// one more combat die while the flagship is in the system. Only an invasion
// has both (a ground combat alone has no ships). The flagship, in the space
// area, may be destroyed before the ground combat: at the start of every
// ground combat round, if it is alive, a hidden roller gets one die for
// each of the side's mechs alive, at the mechs' own threshold (auras and
// later static modifiers included; the round's roll modifiers apply to it
// as to every die). That acts at the start of rounds, so exact mode refuses
// it. Not modelled: mechs in the space area do not fight in space combat in
// this engine, so no space die is added (they have no space combat roll to
// add to).
func viszElVir(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Visz el Vir", true)
	mech, okM := groundSlot(p, holder, units.Mech)
	flag, okF := groundSlot(p, holder, units.Flagship)
	if !okM || !okF || sc.Action != Invasion {
		factionIdle(p, "Visz el Vir", holder, "no Naaz-Rokha mech fights a ground combat with it here")
		return
	}
	thr, ok := p.rollerThr(holder, rollGround, mech)
	if !ok {
		return
	}
	extra, ok := hiddenRoller(p, holder, "Visz el Vir's die", thr)
	if !ok {
		return
	}
	p.hooks.startOfRound[onGround] = append(p.hooks.startOfRound[onGround], func(t *trial) {
		t.alive[holder][extra] = 0
		if t.alive[holder][flag] > 0 {
			t.alive[holder][extra] = t.alive[holder][mech]
		}
	})
	p.hooks.slotModifier[rollGround] = append(p.hooks.slotModifier[rollGround], func(t *trial, side int, s uint8) int {
		if side != holder || s != extra {
			return 0
		}
		own, _ := groundThreshold(t, side, extra)
		m, _ := groundThreshold(t, side, mech)
		return own - m
	})
	p.addEffect("Visz el Vir (dice while the flagship lives)", false)
}

// twoRAM (L1Z1X commander, 2RAM; catalog text: "commander: Planetary Shield
// does not stop L1Z1X Bombardment" — the holder's bombardment, as a
// commander can be shared). Held by the attacker in an invasion (only the
// active player bombards): when the planet is shielded (and no war sun
// already removes the shield), the bombardment the engine skips is made
// anyway when the invasion starts, just before the bombardment step (which
// then skips it, the planet being shielded), with the engine's own
// bombardment (X-89, Plasma Scoring and the effects after a bombardment
// apply). If the holder also has Harrow (the L1Z1X ability), its
// bombardments at the end of each ground combat round are made on a
// shielded planet too. The shield keeps its other effects (the original
// Magen Defense Grid still sees it). Held by the defender it does nothing.
// The dice are drawn in a hook: exact mode refuses it.
func twoRAM(p *plan, sc *Scenario, holder int) {
	if holder != attacker || sc.Action != Invasion {
		p.addEffect("2RAM", true)
		factionIdle(p, "2RAM", holder, "only the attacker bombards, in an invasion")
		return
	}
	p.hooks.startOfInvasion = append(p.hooks.startOfInvasion, func(t *trial) {
		if t.has(defender, tGround) && t.shielded() {
			t.bombard(t.roll(attacker, rollBombard))
		}
	})
	if sideOf(sc, holder).faction().Slug == "l1z1x" {
		p.hooks.endOfRound[onGround] = append(p.hooks.endOfRound[onGround], func(t *trial) {
			if t.has(defender, tGround) && t.shielded() {
				t.bombard(t.roll(attacker, rollBombard)) // Harrow, which skips shielded planets itself
			}
		})
	}
	p.addEffect("2RAM (bombardment through Planetary Shield)", false)
}

// letaniBehemoth (Arborec mech; catalog text: "its Planetary Shield keeps
// its planet from being bombarded unless something removes the shield; it
// also has Production 2"). The unit's numbers already have Planetary
// Shield: a defender's mech on the planet stops bombardment (and Harrow)
// unless a war sun or the Letnev flagship removes it, and Articles of War
// takes it away. Nothing is attached. Not modelled: Production and the
// Mitosis deploy (outside combat).
func letaniBehemoth(p *plan, sc *Scenario, holder int) {
	p.addEffect("Letani Behemoth", true)
}

// mordred (Nekro mech): "+2 to its combat rolls against an opponent with
// an X or Y assimilator token on one of their technologies". Whether the
// opponent has such a token is a board state the Nekro side gives by
// listing "assimilator-token" among its cards (boardstate.go). With it,
// every combat roll of the side's mechs gets +2: in the ground combat, and
// in the space combat when they fight as ships (The Alastor); a static
// modifier, which the exact solver replays. Without it (the default) no
// token is assumed and nothing changes; a warning says how to give one.
func mordred(p *plan, sc *Scenario, holder int) {
	if mechTextLost(sc) {
		p.addEffect("Mordred", true)
		factionIdle(p, "Mordred", holder, "Articles of War removes the mech's printed abilities")
		return
	}
	if !boardStateHolds(sideOf(sc, holder), "assimilator-token") {
		p.addEffect("Mordred", true)
		p.warnOnce("Mordred (" + sideName(holder) + "): the opponent is not said to have an X or Y assimilator token on a technology (list assimilator-token among the Nekro side's cards when it has), so its +2 is not applied")
		return
	}
	sp := &p.side[holder]
	mech := func(s uint8) bool { return sp.slots[s].stats.Kind == units.Mech } // twins keep their kind
	p.adjustThresholds(holder, rollGround, -2, mech)
	p.adjustThresholds(holder, rollSpace, -2, mech)
	p.addEffect("Mordred (+2: the opponent has an assimilator token)", true)
}

// evelynDelouis (Sol agent, Evelyn Delouis; catalog text: "agent: at the
// start of a ground combat round, exhaust to pick 1 ground force in the
// active system; it rolls 1 additional die that round"). Listed by a side,
// it is that side's to use, on its own ground forces. Policy: at the start
// of round 1 of the ground combat, on the holder's ground force with the
// best combat value then (auras and static modifiers included): a hidden
// roller rolls 1 die at that value in round 1 only (the round's roll
// modifiers apply to it). Once (it exhausts). The die acts at the start of
// a round: exact mode refuses it.
func evelynDelouis(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Evelyn Delouis", true)
	if sc.Action == SpaceCombat {
		factionIdle(p, "Evelyn Delouis", holder, "the action has no ground combat")
		return
	}
	sp := &p.side[holder]
	if len(sp.rollers[rollGround]) == 0 {
		factionIdle(p, "Evelyn Delouis", holder, "the side has no ground force that rolls in ground combat")
		return
	}
	extra, ok := hiddenRoller(p, holder, "Evelyn Delouis's die", sp.rollers[rollGround][0].thr)
	if !ok {
		return
	}
	p.hooks.startOfRound[onGround] = append(p.hooks.startOfRound[onGround], func(t *trial) {
		t.alive[holder][extra] = 0
		if t.round == 1 {
			t.alive[holder][extra] = 1
		}
	})
	p.hooks.slotModifier[rollGround] = append(p.hooks.slotModifier[rollGround], func(t *trial, side int, s uint8) int {
		if side != holder || s != extra {
			return 0
		}
		own, _ := groundThreshold(t, side, extra)
		best, found := 0, false
		for _, ro := range t.p.side[side].rollers[rollGround] {
			if t.p.side[side].slots[ro.slot].zone == zoneAdjacent || t.alive[side][ro.slot] == 0 {
				// not a unit on the board (this die, another hidden roll)
				continue
			}
			if thr, _ := groundThreshold(t, side, ro.slot); !found || thr < best {
				best, found = thr, true
			}
		}
		if !found {
			return -20 // no ground force: the die cannot hit
		}
		return own - best
	})
	p.addEffect("Evelyn Delouis (a die in round 1)", false)
}

// dunlainReaper (Letnev mech; catalog text: "Deploy: at the start of a
// ground combat round, the Letnev may pay 2 resources to replace 1 of their
// infantry in that combat with a mech"). Policy: at the start of round 1 of
// the ground combat, if the side has an infantry in it and fewer than 4
// mechs (the supply), one infantry goes back to the reinforcements (not
// destroyed) and a mech takes its place, undamaged. The scenario does not
// say how many resources the Letnev have: a warning says 2 are assumed.
// Only once (the policy, not the text). The resources paid are not counted
// as resources lost. Articles of War removes the text. It adds a unit
// during the action, which exact mode does not handle.
func dunlainReaper(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Dunlain Reaper", true)
	if mechTextLost(sc) {
		factionIdle(p, "Dunlain Reaper", holder, "Articles of War removes the mech's printed abilities")
		return
	}
	inf, okI := groundSlot(p, holder, units.Infantry)
	mech, okM := groundSlot(p, holder, units.Mech)
	if sc.Action == SpaceCombat || !okI || !okM {
		factionIdle(p, "Dunlain Reaper", holder, "no ground combat with an infantry to replace")
		return
	}
	p.noTables = true
	p.hooks.startOfRound[onGround] = append(p.hooks.startOfRound[onGround], func(t *trial) {
		if t.round == 1 && t.alive[holder][inf] > 0 && t.alive[holder][mech] < 4 {
			t.alive[holder][inf]--
			t.alive[holder][mech]++ // both are ground forces: the counts stay
		}
	})
	p.warnOnce("Dunlain Reaper (" + sideName(holder) + "): modelled as deployed at the start of ground combat round 1, replacing 1 infantry with 1 mech (so up to 1 more mech than at the start may be left); the 2 resources are assumed to be available and are not counted as lost")
}

// helTitan (Titans PDS, Hel-Titan I/II: "This unit is treated as both a
// structure and a ground force. It cannot be transported."): the defender's
// Hel-Titans on the planet fight in ground combat with their combat value
// (7, or 6 upgraded) and the side's static modifier, can be hit by ground
// combat rolls and Bombardment and use Sustain Damage against them, and
// keep the planet from falling while one is left. They take hits after the
// side's other ground forces (the player keeps the PDS longest). Space
// cannon and Planetary Shield are the structure's, as before. Static: exact
// mode solves it. Not modelled: an attacker's Hel-Titans (a PDS cannot be
// committed: it cannot be transported).
func helTitan(p *plan, sc *Scenario, holder int) {
	p.addEffect("Hel-Titan", true)
	if holder != defender || sc.Action == SpaceCombat {
		return
	}
	sp := &p.side[holder]
	mod := sideOf(sc, holder).Modifier
	for i, sl := range sp.slots {
		if sl.stats.Kind != units.PDS || sl.zone != zonePlanet || !sl.stats.Combat.Has() {
			continue
		}
		s := uint8(i)
		sp.rollers[rollGround] = append(sp.rollers[rollGround], roller{slot: s, dice: uint8(sl.stats.Combat.Dice), thr: int8(sl.stats.Combat.Value - mod)})
		sp.groups[rollGround] = groupRollers(sp.rollers[rollGround])
		sp.order[tGround] = append(sp.order[tGround], s)
		sp.in[s] |= 1 << tGround
		sp.count[tGround] += int32(sp.start[s])
	}
	sp.derive()
}
