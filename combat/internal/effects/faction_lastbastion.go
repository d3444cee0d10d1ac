package effects

import (
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// lastBastionTexts lists the texts of Last Bastion that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func lastBastionTexts() []Effect {
	return []Effect{
		appliedBy("galvanize", "unit variants, when the units are laid out"),
		modelled("the-egeiro", theEgeiro),
		modelled("proxima-targeting-vi", proximaTargetingVI),
		modelled("phoenix-standard", phoenixStandard),
		modelled("raise-the-standard", raiseTheStandard),
		modelled("a3-valiance", a3Valiance),
	}
}

// theEgeiro (Last Bastion flagship, The Egeiro): "Apply +1 to the result
// of each of this unit's combat rolls for each non-home system that
// contains a planet you control." The count N, 0..30, is given as
// "the-egeiro:N" among the side's cards; without it N is 0 and a warning
// says the count was not given. Its combat rolls are its space combat dice
// (a flagship has no ground combat roll); galvanized dice of the flagship
// are its rolls too. Static: exact mode solves it. Not modelled: planets
// changing hands during the action (the invaded planet, in its own system,
// is not counted).
func theEgeiro(p *engine.Plan, sc *Scenario, holder engine.Side) {
	n, given := factionItemCount(sc.Side(holder), "the-egeiro") // range checked by Validate
	if !given {
		n = 0
		p.WarnOnce(fmt.Sprintf("The Egeiro (%s): the number of non-home systems with a planet Last Bastion controls was not given (list the-egeiro:N among the cards); 0 is assumed", holder.String()))
	}
	flag := func(s uint8) bool {
		sl := p.Side[holder].Slots[s]
		return sl.Stats.Kind == units.Flagship && sl.Zone == engine.ZoneSpace
	}
	p.AdjustThresholds(holder, engine.RollSpace, -n, flag)
}

// galvanizedAlive counts side's galvanized units alive in the system: the
// units of its galvanized slots (Side.Galvanized, and those galvanized
// during the action).
func galvanizedAlive(t *engine.Trial, side engine.Side) int {
	slots := t.P.Side[side].Slots
	n := 0
	for i := range slots {
		if slots[i].Galvanized {
			n += int(t.Alive[side][i])
		}
	}
	return n
}

// planetShielded reports whether a Planetary Shield protects side's forces on
// the planet: one of its units there has the ability and the other side
// has no unit alive that removes it (war sun).
func planetShielded(t *engine.Trial, side engine.Side) bool {
	for _, s := range t.P.Side[side.Opp()].ShieldBreakers {
		if t.Alive[side.Opp()][s] > 0 {
			return false
		}
	}
	for _, s := range t.P.Side[side].Shields {
		if t.Alive[side][s] > 0 {
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
func proximaTargetingVI(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Proxima Targeting VI"
	opp := holder.Opp()
	p.OnBeforeAssign(engine.RollBombard, func(t *engine.Trial, side engine.Side, hits int) int {
		if side != holder || hits == 0 {
			return hits
		}
		return max(hits-galvanizedAlive(t, holder), 0)
	})
	if sc.Action == engine.SpaceCombat {
		return
	}
	p.OnStartOfRound(engine.OnGround, func(t *engine.Trial) {
		if t.Count[holder][engine.TGround] <= t.Count[opp][engine.TGround] || planetShielded(t, holder) || planetShielded(t, opp) {
			return
		}
		t.FreezeSustain() // both sides' ground forces are hit at once
		t.Assign(opp, engine.RollBombard, t.Dice(8, 3, false))
		t.Assign(holder, engine.RollBombard, t.Dice(8, 3, false))
		t.Frozen = false
	})
	p.BeyondExact(name + " (bombardment hits cancelled per galvanized unit; BOMBARDMENT 8 (x3) against each side's ground forces at the start of a ground combat round while the holder has more ground forces)")
}

// phoenixStandard (Last Bastion ability, Phoenix Standard): "At the end
// of a combat, you may galvanize 1 of your units that took part in it."
func phoenixStandard(p *engine.Plan, sc *Scenario, holder engine.Side) {
	galvanizeAtEnd(p, sc, holder, "Phoenix Standard")
}

// raiseTheStandard (Last Bastion promissory note, Raise the Standard): its
// holder galvanizes 1 unit at the end of a combat, like Phoenix Standard.
// The Last Bastion cannot use their own note: a Last Bastion side listing
// it gets a warning, and Phoenix Standard only.
func raiseTheStandard(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if f := sc.Side(holder).Faction; f != nil && f.Slug == "last-bastion" {
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
func galvanizeAtEnd(p *engine.Plan, sc *Scenario, holder engine.Side, name string) {
	sp := &p.Side[holder]
	idle := func() {
	}
	if sc.Action != engine.Invasion || holder != engine.Attacker {
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
	for _, ro := range sp.Rollers[engine.RollBombard] {
		sl := &sp.Slots[ro.Slot]
		if sl.Zone == engine.ZoneSpace && sl.Stats.Kind.Ship() && !sl.Galvanized && sl.Form == engine.FormUnit && sl.Report {
			cands = append(cands, cand{ro.Slot, ro.Threshold()})
		}
	}
	if len(cands) == 0 {
		idle()
		return
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return int(a.thr) - int(b.thr) })
	// One hidden roller per value.
	var die [engine.MaxSlots]uint8 // candidate index → its roller's slot
	var made [11]uint8             // value → roller slot + 1
	for j, c := range cands {
		v := min(max(int(c.thr), 0), 10)
		if made[v] == 0 {
			i, ok := p.AddRoller(holder, engine.RollBombard, fmt.Sprintf("%s (galvanized bombardment %d)", name, v), v, 1)
			if !ok {
				continue
			}
			sp.SetStart(i, 0, sp.StartDamaged[i])
			sp.Galvanize(i)
			made[v] = i + 1
		}
		if made[v] == 0 {
			die[j] = engine.MaxSlots
			continue
		}
		die[j] = made[v] - 1
	}
	p.OnEndOfCombat(engine.InSpace, func(t *engine.Trial) {
		if !t.Fought[engine.InSpace] {
			return
		}
		for j, c := range cands {
			if t.Alive[holder][c.slot] > 0 {
				if die[j] < engine.MaxSlots {
					t.Alive[holder][die[j]] = 1
				}
				return
			}
		}
	})
	p.BeyondExact(name + " (the best bombarding ship is galvanized at the end of the space combat: 1 more bombardment die)")
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
func a3Valiance(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "A3 Valiance"
	if mechTextLost(sc) {
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	}
	sp := &p.Side[holder]
	var mech [engine.MaxSlots]bool
	found := false
	var plain []uint8
	galv := -1
	for i := range sp.Slots {
		sl := &sp.Slots[i]
		switch {
		case sl.Form != engine.FormUnit || sl.Zone == engine.ZoneAdjacent:
		case sl.Stats.Kind == units.Mech && sl.Galvanized:
			mech[i], found = true, true
		case sl.Stats.Kind == units.Infantry && sl.Galvanized && galv < 0:
			galv = i
		case sl.Stats.Kind == units.Infantry && !sl.Galvanized && sl.Report:
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
		g, ok := galvanizedInfantry(p, holder, plain[0])
		if !ok {
			p.Warn(name + ": too many unit types to add galvanized infantry; ignored")
			return
		}
		galv = int(g)
	}
	to := uint8(galv)
	p.AddsUnits()
	p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, _ engine.RollKind) {
		if side != holder || !mech[s] {
			return
		}
		left := uint16(3)
		for _, from := range plain {
			n := min(left, t.Alive[holder][from])
			if n == 0 {
				continue
			}
			t.MoveSome(holder, from, to, n)
			left -= n
			if left == 0 {
				return
			}
		}
	})
	p.BeyondExact(name + " (its death galvanizes up to 3 infantry)")
}

// galvanizedInfantry adds an empty slot of galvanized infantry to holder,
// a copy of slot of (plain infantry) with 1 more combat die, that takes
// hits right after the last infantry slot of each order of ground forces,
// needs room like of's, and is reported under its own name.
func galvanizedInfantry(p *engine.Plan, holder engine.Side, of uint8) (uint8, bool) {
	sp := &p.Side[holder]
	sl := sp.Slots[of]
	sl.Stats.Name += " (galvanized)"
	sl.Stats.Combat.Dice++
	sl.Galvanized = true
	i, ok := sp.AppendSlot(sl)
	if !ok {
		return 0, false
	}
	if thr, ok := p.RollerThr(holder, engine.RollGround, of); ok {
		// Base: of's composed value (slot i is new, outside the modifiers
		// recorded before it; those recorded after apply to it too).
		sp.AppendRoller(engine.RollGround, engine.Roller{Slot: i, Dice: uint8(sl.Stats.Combat.Dice), Base: thr})
	}
	for tg := range sp.Order {
		ord := sp.Order[tg]
		last := -1
		for j, o := range ord {
			if sp.Slots[o].Stats.Kind == units.Infantry {
				last = j
			}
		}
		if last < 0 || sp.In[of]&(1<<tg) == 0 {
			continue
		}
		sp.JoinTargets(i, engine.Targets(tg), last+1)
	}
	sp.Derive()
	if cargo := sp.Capacity.Cargo; slices.Contains(cargo, of) {
		sp.SetCargo(slices.Insert(cargo, slices.Index(cargo, of)+1, i))
	}
	return i, true
}

// galvanizedSlots splits the side's galvanized units (Galvanize: a unit
// with a galvanize token rolls 1 additional die for its combat rolls and
// unit abilities) off into slots of their own; it returns the warnings.
func galvanizedSlots(sp *engine.SidePlan, s *engine.Force) (warnings []string) {
	for _, g := range s.Galvanized.Groups() {
		i, ok := sp.SlotOfKind(g.Kind)
		if !ok {
			continue
		}
		st := sp.Slots[i].Stats
		st.Name += " (galvanized)"
		for _, r := range []*units.Roll{&st.Combat, &st.AFB, &st.SpaceCannon, &st.Bombardment} {
			if r.Has() {
				r.Dice++
			}
		}
		j, ok := sp.SplitSlot(i, g.Count, st)
		if !ok {
			warnings = append(warnings, fmt.Sprintf("galvanized %s: too many unit types to tell them apart; ignored", g.Kind))
			continue
		}
		sp.Galvanize(j)
	}
	return warnings
}
