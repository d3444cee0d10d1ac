package combat

import (
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// theEgeiro (Last Bastion flagship, The Egeiro): "Apply +1 to the result
// of each of this unit's combat rolls for each non-home system that
// contains a planet you control." The count N, 0..30, is given as
// "the-egeiro:N" among the side's cards; without it N is 0 and a warning
// says the count was not given. Its combat rolls are its space combat dice
// (a flagship has no ground combat roll); galvanized dice of the flagship
// are its rolls too. Static: exact mode solves it. Not modelled: planets
// changing hands during the action (the invaded planet, in its own system,
// is not counted).
func theEgeiro(p *plan, sc *scenarioIn, holder sideID) {
	n, given := factionItemCount(sideOf(sc, holder), "the-egeiro") // range checked by Validate
	if !given {
		n = 0
		p.warnOnce(fmt.Sprintf("The Egeiro (%s): the number of non-home systems with a planet Last Bastion controls was not given (list the-egeiro:N among the cards); 0 is assumed", holder.String()))
	}
	flag := func(s uint8) bool {
		sl := p.side[holder].slots[s]
		return sl.stats.Kind == units.Flagship && sl.zone == zoneSpace
	}
	p.adjustThresholds(holder, rollSpace, -n, flag)
}

// galvanizedAlive counts side's galvanized units alive in the system: the
// units of its galvanized slots (Side.Galvanized, and those galvanized
// during the action).
func galvanizedAlive(t *trial, side sideID) int {
	slots := t.p.side[side].slots
	n := 0
	for i := range slots {
		if slots[i].galvanized {
			n += int(t.alive[side][i])
		}
	}
	return n
}

// planetShielded reports whether a Planetary Shield protects side's forces on
// the planet: one of its units there has the ability and the other side
// has no unit alive that removes it (war sun).
func planetShielded(t *trial, side sideID) bool {
	for _, s := range t.p.side[side.opp()].shieldBreakers {
		if t.alive[side.opp()][s] > 0 {
			return false
		}
	}
	for _, s := range t.p.side[side].shields {
		if t.alive[side][s] > 0 {
			return true
		}
	}
	return false
}

// proximaTargetingVI (Last Bastion technology, Proxima Targeting VI):
// "Cancel 1 hit produced by BOMBARDMENT rolls made against your ground
// forces for each of your galvanized units present. At the start of a
// round of ground combat, you may resolve BOMBARDMENT 8 (x3) against your
// opponent's ground forces; if you do, make an identical roll against your
// own ground forces." Listed among the side's technologies.
//   - Each bombardment roll against the holder's ground forces (the
//     bombardment step's, and the second roll below) has as many hits
//     cancelled, before they are assigned, as the holder has galvanized
//     units alive in the system (any of its galvanized slots: ships, ground
//     forces, units galvanized during the action).
//   - Policy: at the start of each ground combat round (the first included)
//     the holder uses the second text when it has strictly more ground
//     forces on the planet than the opponent, and never when a Planetary
//     Shield protects either side's forces there (a shielded planet cannot
//     be bombarded). It then rolls 3 dice at 8 against the opponent's ground
//     forces, then 3 dice at 8 against its own, two separate rolls whose
//     hits are bombardment hits (Sustain Damage allowed; units that
//     bombardment cannot hit are skipped; the first text cancels hits of
//     the second roll). If a side has no ground force left, the round is
//     not fought.
//
// Not modelled: modifiers and doubling effects on these two rolls (X-89
// Bacterial Weapon, bombardment roll modifiers), the effects that follow a
// bombardment step (they see the step only), and choices other than the
// policy. The rolls happen at the start of rounds: exact mode refuses.
func proximaTargetingVI(p *plan, sc *scenarioIn, holder sideID) {
	const name = "Proxima Targeting VI"
	opp := holder.opp()
	p.onBeforeAssign(rollBombard, func(t *trial, side sideID, hits int) int {
		if side != holder || hits == 0 {
			return hits
		}
		return max(hits-galvanizedAlive(t, holder), 0)
	})
	if sc.Action == SpaceCombat {
		return
	}
	p.onStartOfRound(onGround, func(t *trial) {
		if t.count[holder][tGround] <= t.count[opp][tGround] || planetShielded(t, holder) || planetShielded(t, opp) {
			return
		}
		t.freezeSustain() // both sides' ground forces are hit at once
		t.assign(opp, rollBombard, t.dice(8, 3, false))
		t.assign(holder, rollBombard, t.dice(8, 3, false))
		t.frozen = false
	})
	p.beyondExact(name + " (bombardment hits cancelled per galvanized unit; BOMBARDMENT 8 (x3) against each side's ground forces at the start of a ground combat round while the holder has more ground forces)")
}

// phoenixStandard (Last Bastion ability, Phoenix Standard): "At the end
// of a combat, you may galvanize 1 of your units that took part in it."
func phoenixStandard(p *plan, sc *scenarioIn, holder sideID) {
	galvanizeAtEnd(p, sc, holder, "Phoenix Standard")
}

// raiseTheStandard (Last Bastion promissory note, Raise the Standard): its
// holder galvanizes 1 unit at the end of a combat, like Phoenix Standard.
// The Last Bastion cannot use their own note: a Last Bastion side listing
// it gets a warning, and Phoenix Standard only.
func raiseTheStandard(p *plan, sc *scenarioIn, holder sideID) {
	if f := sideOf(sc, holder).Faction; f != nil && f.Slug == "last-bastion" {
		factionIdle(p, "Raise the Standard", holder, "a player cannot use their own promissory note (Phoenix Standard does the same)")
		return
	}
	galvanizeAtEnd(p, sc, holder, "Raise the Standard")
}

// galvanizeAtEnd is Phoenix Standard's and Raise the Standard's text: at
// the end of a combat, the holder galvanizes 1 of its units that took part
// (a galvanized unit rolls 1 more die for combat rolls and unit
// abilities). In this one-action model the only later roll of such a unit
// is the bombardment of an invasion after its space combat. Policy: when
// the holder attacks in an invasion and the space combat is fought, at its
// end the holder galvanizes its ship alive with the best Bombardment (not
// one already galvanized), which then rolls 1 more bombardment die: a
// hidden roller (plan.addRoller) per bombardment value among the holder's
// ships, whose count the hook sets to 1 for the chosen ship's value. The
// galvanized ship counts as a galvanized unit present (Proxima Targeting
// VI). In every other case (a space combat alone, a defender, a ground
// combat's end, no ship with Bombardment) the effect's name says it changes
// nothing within this action. Not modelled: choosing another unit for a
// later action. The choice happens at the end of the combat: exact mode
// refuses.
func galvanizeAtEnd(p *plan, sc *scenarioIn, holder sideID, name string) {
	sp := &p.side[holder]
	idle := func() {
	}
	if sc.Action != Invasion || holder != attacker {
		idle()
		return
	}
	// Candidates: the holder's ships with Bombardment that are not
	// galvanized, best value first.
	type cand struct {
		slot uint8
		thr  int8
	}
	var cands []cand
	for _, ro := range sp.rollers[rollBombard] {
		sl := &sp.slots[ro.slot]
		if sl.zone == zoneSpace && sl.stats.Kind.Ship() && !sl.galvanized && sl.form == formUnit && sl.report {
			cands = append(cands, cand{ro.slot, ro.thr})
		}
	}
	if len(cands) == 0 {
		idle()
		return
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return int(a.thr) - int(b.thr) })
	// One hidden roller per value.
	var die [maxSlots]uint8 // candidate index → its roller's slot
	var made [11]uint8      // value → roller slot + 1
	for j, c := range cands {
		v := min(max(int(c.thr), 0), 10)
		if made[v] == 0 {
			i, ok := p.addRoller(holder, rollBombard, fmt.Sprintf("%s (galvanized bombardment %d)", name, v), v, 1)
			if !ok {
				continue
			}
			sp.start[i] = 0
			sp.slots[i].galvanized = true
			made[v] = i + 1
		}
		if made[v] == 0 {
			die[j] = maxSlots
			continue
		}
		die[j] = made[v] - 1
	}
	p.onEndOfCombat(inSpace, func(t *trial) {
		if !t.fought[inSpace] {
			return
		}
		for j, c := range cands {
			if t.alive[holder][c.slot] > 0 {
				if die[j] < maxSlots {
					t.alive[holder][die[j]] = 1
				}
				return
			}
		}
	})
	p.beyondExact(name + " (the best bombarding ship is galvanized at the end of the space combat: 1 more bombardment die)")
}

// a3Valiance (Last Bastion mech, A3 Valiance): "When this unit is
// destroyed while galvanized, up to 3 of your infantry in its system
// become galvanized." Policy: each time one of the holder's galvanized
// mechs (Side.Galvanized) is destroyed by a hit, 3 of the holder's
// infantry that are not galvanized (as many as there are, up to 3) become
// galvanized: they move into a slot of galvanized infantry (the side's
// own, or one made empty at the start), which rolls 1 more die in ground
// combat and takes hits after the plain infantry. Articles of War removes
// the text. Not modelled: mechs galvanized during the action (Phoenix
// Standard at the end of a space combat concerns ships here), galvanized
// infantry's Infantry II revival (they are not revived), and units removed
// without a hit. Units change slots during the action: exact mode refuses.
func a3Valiance(p *plan, sc *scenarioIn, holder sideID) {
	const name = "A3 Valiance"
	if mechTextLost(sc) {
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	}
	sp := &p.side[holder]
	var mech [maxSlots]bool
	found := false
	var plain []uint8
	galv := -1
	for i := range sp.slots {
		sl := &sp.slots[i]
		switch {
		case sl.form != formUnit || sl.zone == zoneAdjacent:
		case sl.stats.Kind == units.Mech && sl.galvanized:
			mech[i], found = true, true
		case sl.stats.Kind == units.Infantry && sl.galvanized && galv < 0:
			galv = i
		case sl.stats.Kind == units.Infantry && !sl.galvanized && sl.report:
			plain = append(plain, uint8(i))
		}
	}
	if !found || len(plain) == 0 {
		if !found {
			factionIdle(p, name, holder, "no mech of the side is galvanized (list it among the galvanized units)")
		}
		return
	}
	if galv < 0 {
		g, ok := p.galvanizedInfantry(holder, plain[0])
		if !ok {
			p.warnings = append(p.warnings, name+": too many unit types to add galvanized infantry; ignored")
			return
		}
		galv = int(g)
	}
	to := uint8(galv)
	p.noTables = true
	p.onDestroyed(func(t *trial, side sideID, s uint8, _ rollKind) {
		if side != holder || !mech[s] {
			return
		}
		left := uint16(3)
		for _, from := range plain {
			n := min(left, t.alive[holder][from])
			if n == 0 {
				continue
			}
			t.moveSome(holder, from, to, n)
			left -= n
			if left == 0 {
				return
			}
		}
	})
	p.beyondExact(name + " (its death galvanizes up to 3 infantry)")
}

// galvanizedInfantry adds an empty slot of galvanized infantry to holder,
// a copy of slot of (plain infantry) with 1 more combat die, that takes
// hits right after the last infantry slot of each order of ground forces,
// needs room like of's, and is reported under its own name.
func (p *plan) galvanizedInfantry(holder sideID, of uint8) (uint8, bool) {
	sp := &p.side[holder]
	if len(sp.slots) >= maxSlots {
		return 0, false
	}
	i := uint8(len(sp.slots))
	sl := sp.slots[of]
	sl.stats.Name += " (galvanized)"
	sl.stats.Combat.Dice++
	sl.galvanized = true
	sp.slots = append(sp.slots, sl)
	sp.start[i], sp.startDamaged[i] = 0, 0
	if thr, ok := p.rollerThr(holder, rollGround, of); ok {
		sp.rollers[rollGround] = append(sp.rollers[rollGround], roller{slot: i, dice: uint8(sl.stats.Combat.Dice), thr: thr})
		sp.groups[rollGround] = groupRollers(sp.rollers[rollGround])
	}
	for tg := range sp.order {
		ord := sp.order[tg]
		last := -1
		for j, o := range ord {
			if sp.slots[o].stats.Kind == units.Infantry {
				last = j
			}
		}
		if last < 0 || sp.in[of]&(1<<tg) == 0 {
			continue
		}
		sp.order[tg] = slices.Insert(ord, last+1, i)
		sp.in[i] |= 1 << tg
	}
	sp.derive()
	if cp := &sp.capacity; slices.Contains(cp.cargo, of) {
		cp.cargo = slices.Insert(cp.cargo, slices.Index(cp.cargo, of)+1, i)
	}
	return i, true
}
