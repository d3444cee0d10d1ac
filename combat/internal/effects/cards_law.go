package effects

import (
	"math"
	"slices"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// lawAndRelicCards returns the agendas and relics that act in combat.
func lawAndRelicCards() []Effect {
	return []Effect{
		publicizeWeaponSchematics(), conventionsOfWar(), prophecyOfIxth(), articlesOfWar(),
		lightrailOrdnance(), metaliVoidArmaments(), metaliVoidShielding(), heartOfIxth(),
	}
}

// publicizeWeaponSchematics (law, For): "All war suns lose SUSTAIN DAMAGE."
// It applies to both sides' war suns, whoever lists it.
func publicizeWeaponSchematics() Effect {
	return Effect{CardInfo: CardInfo{Slug: "publicize-weapon-schematics", Name: "Publicize Weapon Schematics", Kind: KindAgenda, Copies: 1,
		Effect: "law (For): every war sun on both sides loses Sustain Damage (one given as damaged counts as undamaged); the rest of the card is not modelled"},
		aliases: []string{"publicize"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			for side := range engine.NumSides {
				sp := &p.Side[side]
				for i := range sp.Slots {
					if sp.Slots[i].Stats.Kind == units.WarSun {
						sp.LoseSustain(uint8(i)) // damage means nothing without the ability
					}
				}
			}
		}}
}

// conventionsOfWar (law, For): "Players cannot use BOMBARDMENT against
// units that are on cultural planets." Only the attacker bombards; on a
// cultural planet its bombardment rolls are removed. Bombardment rolls that
// later effects add (an attacker's card listed after this one) are not
// seen.
func conventionsOfWar() Effect {
	return Effect{CardInfo: CardInfo{Slug: "conventions-of-war", Name: "Conventions of War", Kind: KindAgenda, Copies: 1,
		Effect: "law (For): when the planet is cultural, the attacker cannot bombard it (no Bombardment roll, Plasma Scoring's die included); no effect on other planets"},
		aliases: []string{"conventions"}, late: true,
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			switch {
			case !sc.Cultural:
				p.WarnOnce("Conventions of War has no effect: the planet is not cultural (set the cultural trait)")
			case sc.Action != engine.Invasion:
				p.WarnOnce("Conventions of War has no effect: only an invasion has a bombardment")
			default:
				p.Side[engine.Attacker].NoRolls(engine.RollBombard)
			}
		}}
}

// prophecyOfIxth (law, elect player): "The owner of this card applies +1
// to the result of their fighter's combat rolls." The side listing it owns
// it.
func prophecyOfIxth() Effect {
	return Effect{CardInfo: CardInfo{Slug: "prophecy-of-ixth", Name: "Prophecy of Ixth", Kind: KindAgenda, Copies: 1,
		Effect: "law (elected player: the side that lists it): +1 to that side's fighters' combat rolls (not anti-fighter barrage); the discard clause on Fighter II production is not modelled"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			slots := p.Side[holder].Slots
			p.AdjustThresholds(holder, engine.RollSpace, -1, func(s uint8) bool { return slots[s].Stats.Kind == units.Fighter })
		}}
}

// articlesOfWar (PoK law, For): "All mechs lose their printed abilities
// except for SUSTAIN DAMAGE." Of the mech abilities the engine models only
// Planetary Shield acts (a mech's space cannon, bombardment and text are
// never compiled); generic mechs have none of them.
func articlesOfWar() Effect {
	return Effect{CardInfo: CardInfo{Slug: "articles-of-war", Name: "Articles of War", Kind: KindAgenda, Copies: 1,
		Effect: "law (For): both sides' mechs lose their printed abilities except Sustain Damage; generic mechs have no other ability, so it changes nothing without faction mechs (a faction mech's Planetary Shield is removed)"},
		aliases: []string{"articles"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			changed := false
			for side := range engine.NumSides {
				sp := &p.Side[side]
				sp.SetShields(slices.DeleteFunc(slices.Clone(sp.Shields), func(s uint8) bool {
					if sp.Slots[s].Stats.Kind == units.Mech {
						changed = true
						return true
					}
					return false
				}))
			}
			if !changed {
				p.WarnOnce("Articles of War changes nothing here: the mechs in this scenario have no printed ability other than Sustain Damage")
			}
		}}
}

// lightrailOrdnance (Thunder's Edge relic): "Your space docks gain SPACE
// CANNON 5 (x2). You may use your space dock's SPACE CANNON against ships
// that are adjacent to their systems." The holder's space docks on the
// planet (only the defender has structures) fire 2 dice at 5 each in space
// cannon offense and defense. Docks in adjacent systems are not an input,
// so the adjacency clause is not modelled.
func lightrailOrdnance() Effect {
	return Effect{CardInfo: CardInfo{Slug: "lightrail-ordnance", Name: "Lightrail Ordnance", Kind: KindRelic, Copies: 1,
		Effect: "each of the holder's space docks on the planet gains Space Cannon 5 (x2), fired in space cannon offense and defense (with Plasma Scoring and against Antimass Deflectors like any space cannon); docks in adjacent systems are not modelled"},
		aliases: []string{"lightrail"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			thr := 5 // Base: the space cannon modifiers (Antimass Deflectors' -1, LRR 77) are composed onto it in any order
			sp := &p.Side[holder]
			docks := 0
			for i, sl := range sp.Slots {
				if sl.Stats.Kind != units.SpaceDock || sl.Zone != engine.ZonePlanet || sp.Start[i] == 0 {
					continue
				}
				docks += int(sp.Start[i])
				for _, r := range []engine.RollKind{engine.RollSCO, engine.RollSCD} {
					sp.AppendRoller(r, engine.Roller{Slot: uint8(i), Dice: 2, Base: int8(thr)})
				}
			}
			if docks == 0 {
				p.WarnOnce("Lightrail Ordnance has no effect: the " + holder.String() + " has no space dock on the planet")
			}
		}}
}

// metaliVoidArmaments (Thunder's Edge relic): "During the Anti-Fighter
// Barrage step of space combat, you may resolve ANTI-FIGHTER BARRAGE 6 (x3)
// against your opponent's units." Always used: one more AFB roll of 3 dice
// at 6 in round 1 of every space combat. No unit of the holder makes that
// roll: a text giving "1 of those units" an additional die adds none to it.
func metaliVoidArmaments() Effect {
	return Effect{CardInfo: CardInfo{Slug: "metali-void-armaments", Name: "Metali Void Armaments", Kind: KindRelic, Copies: 1,
		Effect: "in the anti-fighter barrage step of a space combat the holder also rolls Anti-Fighter Barrage 6 (x3) against the opponent's fighters; always used"},
		aliases: []string{"void-armaments"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if s, ok := p.AddRoller(holder, engine.RollAFB, "Metali Void Armaments", 6, 3); ok {
				p.Side[holder].NotUnit(s) // the relic rolls, no unit
			}
		}}
}

// metaliVoidShielding (Thunder's Edge relic): "Each time hits are produced
// against 1 or more of your non-fighter ships, 1 of those ships may use
// SUSTAIN DAMAGE as if it had that ability."
//
// Model: before the holder assigns the hits of a space cannon offense roll,
// a space combat roll or an effect's hits against its ships, if at least
// one hit is left and it has a non-fighter ship without Sustain Damage
// that is not damaged, that ship uses Sustain Damage: 1 hit is cancelled,
// the ship becomes damaged (the engine's damage counter on that slot, so
// it cannot do it again until repaired, LRR 87, and it is the first of its
// type to be destroyed) and Sustain Damage triggers fire. The ship is the
// first such one in the holder's hit order (the next non-fighter it would
// lose, so its other ships keep the option). Ships that have the ability
// sustain by it as usual; anti-fighter barrage hits only fighters.
func metaliVoidShielding() Effect {
	return Effect{CardInfo: CardInfo{Slug: "metali-void-shielding", Name: "Metali Void Shielding", Kind: KindRelic, Copies: 1,
		Effect: "each time the opponent's space cannon offense, space combat roll or an effect produces hits against the holder's ships, one undamaged non-fighter ship without Sustain Damage (the first in the hit order) cancels 1 hit and becomes damaged, so it cannot do it again until repaired; always used"},
		aliases: []string{"void-shielding"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			cands := p.SlotsOf(holder, engine.TShips, func(k units.Kind) bool { return k != units.Fighter })
			for _, r := range []engine.RollKind{engine.RollSCO, engine.RollSpace, engine.RollEffect} {
				p.OnBeforeAssign(r, func(t *engine.Trial, side engine.Side, hits int) int {
					if side != holder || hits == 0 {
						return hits
					}
					slots := t.P.Side[holder].Slots // read now: a law may take Sustain Damage away
					for _, s := range cands {
						if !slots[s].Sustain && t.Alive[holder][s] > t.Damaged[holder][s] {
							t.Damaged[holder][s]++
							t.SustainedRound[holder][s]++
							for _, h := range t.P.Hooks.OnSustain {
								h(t, holder, s, r)
							}
							return hits - 1
						}
					}
					return hits
				})
			}
			// Deterministic, but the exact solver does not replay hit
			// cancelling (beforeAssign) nor track damage on units without
			// Sustain Damage, so it must refuse the card.
			p.BeyondExact("Metali Void Shielding (hit cancelling)")
		}}
}

// heartOfIxth (Thunder's Edge relic): "After any die is rolled, you may
// exhaust this card to add or subtract 1 from its result." Once per action
// (it readies in the status phase). Policy: the holder uses it on its own
// first combat roll (space or ground combat round) in which a die missed
// by exactly 1, turning that die into a hit; never on other rolls or on the
// opponent's dice.
//
// Dice are drawn by threshold group as binomials, so single results are
// not seen. Given the roll's hits, whether some miss was a near miss is
// drawn from its exact conditional probability (heartNoNearMiss): a missed
// die at threshold thr shows each of 1..thr-1 alike, so it is a near miss
// with probability 1/(thr-1), and with several thresholds the misses'
// split between them is averaged over its posterior. The hook that sees
// the hits is rerollAll (it never asks for a reroll); the hit is added in
// the opponent's beforeAssign, ahead of every other hook there.
func heartOfIxth() Effect {
	return Effect{CardInfo: CardInfo{Slug: "heart-of-ixth", Name: "Heart of Ixth", Kind: KindRelic, Copies: 1,
		Effect: "once per action: the first of the holder's space or ground combat rolls with a die that missed by exactly 1 gets +1 on that die, which hits; not used on other rolls nor on the opponent's dice"},
		aliases: []string{"heart"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			c := p.Counter() // used: exhausted; mark: 1 + the hits seen, while the extra hit is pending
			opp := holder.Opp()
			for _, r := range []engine.RollKind{engine.RollSpace, engine.RollGround} {
				p.OnRerollAll(r, func(t *engine.Trial, side engine.Side, hits int) bool {
					if side != holder || t.Used[c] != 0 {
						return false
					}
					none := heartNoNearMiss(t.P, t, side, r, hits)
					if none < 1 && float64(t.Rng.Uint64()>>11)*0x1p-53 >= none {
						t.Used[c] = 1
						t.Mark[c] = int32(hits) + 1
					}
					return false
				})
				add := func(t *engine.Trial, side engine.Side, hits int) int {
					if side != opp || t.Mark[c] == 0 {
						return hits
					}
					seen := int(t.Mark[c]) - 1
					t.Mark[c] = 0
					if hits != seen {
						// Another effect rerolled the dice after this one
						// looked: the card stays ready.
						t.Used[c] = 0
						return hits
					}
					return hits + t.P.HitFactor[holder][r]
				}
				p.OnBeforeAssignFirst(r, add)
			}
			p.BeyondExact("Heart of Ixth (a random near miss)")
		}}
}

// heartMaxMisses bounds the misses the near-miss posterior tracks: beyond
// it every miss at a threshold 2..10 is a near miss with probability at
// least 1/9, so no near miss has probability below (8/9)^257 < 1e-13.
const heartMaxMisses = 256

// heartNoNearMiss returns the probability that none of the dice of side's
// roll of kind r that just produced hits (units as they are, the roll's
// modifiers recomputed) missed by exactly 1. It assumes the rollModifier
// and slotModifier hooks are pure, as the roll calls them once per roll
// (they are read again here), and ignores rerolled misses (rerollMisses
// hooks are not replayed): with rerolls the split of the misses between
// thresholds is taken as without them.
func heartNoNearMiss(p *engine.Plan, t *engine.Trial, side engine.Side, r engine.RollKind, hits int) float64 {
	gs, ng := heartDice(p, t, side, r)
	if f := p.HitFactor[side][r]; f > 1 {
		hits /= f
	}
	// Dice at thresholds <= 1 always hit and >= 11 always miss (a die at 11
	// misses by 1 on a 10); the others are random.
	misses, fixed := 0, 1.0
	for _, g := range gs[:ng] {
		switch {
		case g.thr <= 1:
			hits -= g.n
		case g.thr >= 11:
			if g.thr == 11 {
				fixed *= math.Pow(0.9, float64(g.n))
			}
		default:
			misses += g.n
		}
	}
	misses -= hits // the random dice's misses
	switch {
	case misses <= 0:
		return fixed
	case misses > heartMaxMisses:
		return 0
	}
	return heartPosterior(gs[:ng], misses, fixed)
}

// heartGroup is n dice rolled at threshold thr.
type heartGroup struct{ n, thr int }

// heartDice lists the dice of side's roll of kind r as the units stand,
// with the roll's modifiers recomputed: each roller's dice, then the extra
// dice at the best roller's threshold.
func heartDice(p *engine.Plan, t *engine.Trial, side engine.Side, r engine.RollKind) (gs [2*engine.MaxSlots + 1]heartGroup, ng int) {
	h := &p.Hooks
	sp := &p.Side[side]
	mod, _ := t.RollMods(side, r)
	push := func(n, thr int) {
		if n > 0 && ng < len(gs) {
			gs[ng] = heartGroup{n, thr}
			ng++
		}
	}
	for _, ro := range sp.Rollers[r] {
		thr := int(ro.Threshold()) - mod
		for _, m := range h.SlotModifier[r] {
			thr -= m(t, side, ro.Slot)
		}
		push(int(t.Alive[side][ro.Slot])*int(ro.Dice), thr)
	}
	if n := sp.ExtraDice[r]; n > 0 {
		if thr, ok := p.BestRoller(side, r, &t.Alive[side]); ok {
			push(int(n), thr-mod)
		}
	}
	return gs, ng
}

// heartPosterior is fixed times the probability that none of the misses of
// the random dice in gs (thresholds 2..10) is a near miss, given that they
// missed misses times (1..heartMaxMisses): a die at threshold thr misses
// on 1..thr-1, one of which is the near miss thr-1. It convolves, group by
// group, P(k misses and no near miss) and P(k misses), both rescaled after
// each group so that neither underflows.
func heartPosterior(gs []heartGroup, misses int, fixed float64) float64 {
	var num, den, nn, nd, b, w [heartMaxMisses + 1]float64
	num[0], den[0] = 1, 1
	top, qmin := 0, 1.0
	for _, g := range gs {
		if g.thr <= 1 || g.thr >= 11 {
			continue
		}
		pHit := float64(11-g.thr) / 10
		q := 1 / float64(g.thr-1) // a miss is a near miss
		qmin = min(qmin, q)
		mmax := min(g.n, misses)
		// Binomial(n, 1-pHit) of the misses, scaled by its largest term.
		engine.BinomialTerms(b[:mmax+1], g.n, 1-pHit)
		pw := 1.0
		for m := 0; m <= mmax; m++ {
			w[m] = b[m] * pw
			pw *= 1 - q
		}
		nt := min(top+mmax, misses)
		clear(nn[:nt+1])
		clear(nd[:nt+1])
		for i := 0; i <= top; i++ {
			if den[i] == 0 {
				continue
			}
			for m := 0; m <= mmax && i+m <= nt; m++ {
				nn[i+m] += num[i] * w[m]
				nd[i+m] += den[i] * b[m]
			}
		}
		scale := 0.0
		for k := 0; k <= nt; k++ {
			scale = max(scale, nd[k])
		}
		if scale == 0 {
			break
		}
		for k := 0; k <= nt; k++ {
			num[k], den[k] = nn[k]/scale, nd[k]/scale
		}
		top = nt
	}
	if top < misses || den[misses] == 0 {
		// Only when the observed misses are far in a tail the scaled
		// arithmetic underflows: bound it as if every miss were at the
		// threshold least likely to be a near miss.
		return fixed * math.Pow(1-qmin, float64(misses))
	}
	return fixed * num[misses] / den[misses]
}
