package effects

import (
	"fmt"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// letnevTexts lists the texts of the Barony of Letnev that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func letnevTexts() []Effect {
	return []Effect{
		modelled("non-euclidean-shielding", nonEuclideanShielding),
		modelled("gravleash-maneuvers", gravleashManeuvers),
		modelled("arc-secundus", arcSecundus),
		modelled("munitions-reserves", munitionsReserves),
		modelled("war-funding", warFunding),
		modelled("l4-disruptors", l4Disruptors),
		modelled("viscount-unlenn", viscountUnlenn),
		modelled("dunlain-reaper", dunlainReaper),
	}
}

// nonEuclideanShielding (Letnev technology): each use of Sustain Damage by
// the side's units cancels 2 hits instead of 1.
func nonEuclideanShielding(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.Side[holder].SetSustainCancels(2)
}

// spaceCombatPossible reports whether the action can have a space combat:
// both sides start with ships and the action has a space step.
func spaceCombatPossible(sc *Scenario) bool {
	return sc.Action != engine.GroundCombat &&
		len(sc.Attacker.Fleet.Filter(units.Kind.Ship)) > 0 && len(sc.Defender.Fleet.Filter(units.Kind.Ship)) > 0
}

// arcSecundus (Letnev flagship): "Other players' units in this system lose
// PLANETARY SHIELD. At the start of each space combat round, repair this
// ship." Its Bombardment 5 (x3) and the shield removal are in its numbers;
// here the repair: at the start of every space combat round (round 1's
// start included, after space cannon offense) the flagship is undamaged
// again. It is not repaired at the end of combat (TR). Deterministic, but
// it acts at the start of rounds, a window exact mode does not replay.
func arcSecundus(p *engine.Plan, sc *Scenario, holder engine.Side) {
	s, ok := -1, false
	for i, sl := range p.Side[holder].Slots {
		if sl.Stats.Kind == units.Flagship && sl.Zone == engine.ZoneSpace {
			s, ok = i, true
		}
	}
	if !ok || !spaceCombatPossible(sc) {
		return
	}
	p.OnStartOfRound(engine.InSpace, func(t *engine.Trial) {
		t.Damaged[holder][s] = 0
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
func munitionsReserves(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if !spaceCombatPossible(sc) {
		return // no space combat: nothing to reroll (and nothing to refuse)
	}
	if sc.Side(holder).TradeGoods < 2 {
		factionIdle(p, "Munitions Reserves", holder, "it costs 2 trade goods a round and the side has fewer (give them with --"+holder.String()+"-trade-goods)")
		return
	}
	c := p.Counter()
	p.OnStartOfRound(engine.InSpace, func(t *engine.Trial) {
		if engine.Spend(&t.TradeGoods[holder], 2) {
			t.Mark[c] = int32(t.Round)
		}
	})
	for _, r := range [...]engine.RollKind{engine.RollSpace, engine.RollAFB} {
		p.OnRerollMisses(r, func(t *engine.Trial, side engine.Side) bool {
			return side == holder && t.Mark[c] == int32(t.Round)
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
func warFunding(p *engine.Plan, sc *Scenario, holder engine.Side) {
	s := []*engine.Force{&sc.Attacker, &sc.Defender}[holder]
	switch {
	case s.FactionOrNone().Slug == "letnev":
		p.Warn("War Funding held by the " + holder.String() + " does nothing: the Letnev cannot play their own promissory note")
		return
	case !spaceCombatPossible(sc):
		p.Warn("War Funding held by the " + holder.String() + " does nothing: the action has no space combat")
		return
	}
	p.BeyondExact("War Funding Ω (played in round 1)")
	opp := holder.Opp()
	p.OnRerollMisses(engine.RollSpace, func(t *engine.Trial, side engine.Side) bool {
		return side == holder && t.Round == 1
	})
	p.OnRerollAll(engine.RollSpace, func(t *engine.Trial, side engine.Side, hits int) bool {
		return side == opp && t.Round == 1 && float64(hits) > t.ExpectedHits(opp, engine.RollSpace)
	})
}

// l4Disruptors (Letnev technology): "During an invasion, units cannot use
// SPACE CANNON against your units." Held by the attacker in an invasion:
// the defender's space cannon defense makes no hits (whatever adds to it:
// PDS, mechs, cards). Space cannon offense is before the invasion and still
// fires (TR). Held by the defender it does nothing (the attacker has no
// space cannon defense). The hits are cancelled before assignment, which
// exact mode replays.
func l4Disruptors(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if holder != engine.Attacker || sc.Action != engine.Invasion {
		return
	}
	p.OnBeforeAssign(engine.RollSCD, func(t *engine.Trial, side engine.Side, hits int) int {
		if side == holder {
			return 0
		}
		return hits
	})
}

// viscountUnlenn (Letnev agent): "At the start of a space combat round:
// You may exhaust this card to choose 1 ship in the active system; that
// ship rolls 1 additional die during this combat round." Listed in the
// side's Cards (or Techs), it is the holder's to use (any player may be
// given the agent's use by the Letnev; the target is the holder's own
// ship). Policy: round 1 of the space combat, on the holder's ship alive
// with the best combat value (lowest threshold after static modifiers):
// one more space combat roll die, with the round's dynamic modifiers and
// rerolls of misses. Not modelled: using the die for that ship's
// anti-fighter barrage in round 1 instead (TR allows it), and choosing a
// later round. Random, after both sides roll; exact mode refuses it.
func viscountUnlenn(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.GroundCombat {
		factionIdle(p, "Viscount Unlenn", holder, "a ground combat has no space combat")
		return
	}
	p.BeyondExact("Viscount Unlenn (an extra die in round 1)")
	p.OnAfterRolls(engine.InSpace, func(t *engine.Trial, hits *[2]int) {
		if t.Round != 1 {
			return
		}
		thr, ok := t.P.BestRoller(holder, engine.RollSpace, &t.Alive[holder])
		if !ok {
			return
		}
		mod, reroll := t.RollMods(holder, engine.RollSpace)
		hits[holder] += t.Dice(thr-mod, 1, reroll) * t.P.HitFactor[holder][engine.RollSpace]
	})
}

// dunlainReaper (Letnev mech; catalog text: "DEPLOY: At the start of a
// round of ground combat, you may spend 2 resources to replace 1 of your
// infantry in that combat with 1 mech"). A choice the scenario states: the
// side lists "dunlain-reaper" (1 mech) or "dunlain-reaper:N" among its
// cards, the mechs it pays 2 resources each to deploy; unlisted, none is
// deployed. Policy: at the start of each ground combat round, while fewer
// than N have been deployed, the side has an infantry in the combat and
// fewer than 4 mechs (the supply), one infantry goes back to the
// reinforcements (not destroyed) and a mech takes its place, undamaged: one
// per round, from round 1 (as ti4battle's "Mech deploy" count does). The
// resources paid are not counted as resources lost. Articles of War removes
// the text. It adds a unit during the action, which exact mode does not
// handle. The text attaches only when the fleet holds a mech (the mechs
// deployed are counted with them).
func dunlainReaper(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Dunlain Reaper"
	n, listed := factionItemCount(sc.Side(holder), "dunlain-reaper") // 0..20: Validate (factionCounts)
	inf, okInfantry := engine.GroundSlot(p, holder, units.Infantry)
	mech, okM := engine.GroundSlot(p, holder, units.Mech)
	switch {
	case sc.Action == engine.SpaceCombat || !listed && !okInfantry:
		return
	case !listed:
		factionIdle(p, name, holder, "no mech deployed (list dunlain-reaper:N among the side's cards to pay 2 resources for each of N)")
		return
	case mechTextLost(sc):
		factionIdle(p, name, holder, "Articles of War removes the mech's printed abilities")
		return
	case n == 0:
		return
	case !okInfantry || !okM:
		factionIdle(p, name, holder, "no infantry in the ground combat to replace")
		return
	}
	p.AddsUnits()
	c := p.Counter() // mark: the mechs deployed so far
	p.OnStartOfRound(engine.OnGround, func(t *engine.Trial) {
		if t.Mark[c] < int32(n) && t.Alive[holder][inf] > 0 && t.Alive[holder][mech] < 4 {
			t.Mark[c]++
			t.Alive[holder][inf]--
			t.Alive[holder][mech]++ // both are ground forces: the counts stay
		}
	})
	p.WarnOnce(fmt.Sprintf("Dunlain Reaper (%s): up to %d mech(s) deployed, 1 at the start of each ground combat round, each replacing 1 infantry (so more mechs than at the start may be left); the 2 resources each are not counted as lost", holder, n))
}

// gravleashManeuvers (Letnev breakthrough, Thunder's Edge): "Before you roll
// dice during space combat, apply +X to the results of 1 of your ship's
// rolls, where X is the number of ship types you have in the combat." At
// every space combat round, X is counted anew from the holder's ship types
// alive (fighters count as a type), and the ship chosen is the one whose
// dice gain most hits on average from +X (ties: the first in the side's
// slots); only that one unit's dice get +X, not the others of its type.
// Not anti-fighter barrage or space cannon: "ship's rolls" during space
// combat are its combat rolls. The choice changes with the units left, so
// exact mode refuses it.
func gravleashManeuvers(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.BeyondExact("Gravleash Maneuvers (+X to one ship's dice, X = its ship types)")
	if sc.Action == engine.GroundCombat {
		return
	}
	sp := &p.Side[holder]
	rollers := sp.Rollers[engine.RollSpace]
	p.OnBoostOne(engine.RollSpace, func(t *engine.Trial, side engine.Side) (uint8, int, bool) {
		if side != holder {
			return 0, 0, false
		}
		var kinds uint32
		for _, s := range sp.Order[engine.TShips] {
			if t.Alive[holder][s] > 0 {
				kinds |= 1 << sp.Slots[s].Stats.Kind
			}
		}
		x := 0
		for ; kinds != 0; kinds &= kinds - 1 {
			x++
		}
		best, gain := uint8(0), 0
		for _, ro := range rollers {
			if t.Alive[holder][ro.Slot] == 0 || !sp.Slots[ro.Slot].Stats.Kind.Ship() {
				continue
			}
			// Faces that become hits: from thr−x to thr−1, within 1..10.
			g := int(ro.Dice) * (min(10, max(0, 11-int(ro.Threshold())+x)) - min(10, max(0, 11-int(ro.Threshold()))))
			if g > gain {
				best, gain = ro.Slot, g
			}
		}
		return best, x, gain > 0
	})
}
