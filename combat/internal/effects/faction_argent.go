package effects

import (
	"slices"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// argentTexts lists the texts of the Argent Flight that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func argentTexts() []Effect {
	return []Effect{
		modelled("raid-formation", raidFormation),
		modelled("strike-wing-alpha-ii", strikeWingAlphaII),
		modelled("strike-wing-ambuscade", strikeWingAmbuscade),
		modelled("quetzecoatl", quetzecoatl),
		modelled("trrakan-aun-zulok", trrakanAunZulok),
		modelled("aerie-sentinel", aerieSentinel),
	}
}

// argentRollsAFB reports whether the side has anti-fighter barrage dice
// (its units', or Metali Void Armaments' that attaches later).
func argentRollsAFB(p *engine.Plan, sc *Scenario, side engine.Side) bool {
	return len(p.Side[side].Rollers[engine.RollAFB]) > 0 || holdsCard(sc.Side(side), "metali-void-armaments")
}

// raidFormation (Argent ability): "When 1 or more of your units uses
// ANTI-FIGHTER BARRAGE, for each hit produced in excess of your opponent's
// fighters, choose 1 of your opponent's ships that has SUSTAIN DAMAGE to
// become damaged." The ship becomes damaged without using Sustain Damage
// (no Direct Hit); with Waylay the hits are then assigned as well (TR).
// Policy: the opponent's most expensive undamaged ships with Sustain
// Damage first.
func raidFormation(p *engine.Plan, sc *Scenario, holder engine.Side) {
	opp := holder.Opp()
	var cands []uint8
	for _, s := range engine.ShipsByValue(p, opp) {
		if p.Side[opp].Slots[s].Stats.Sustain {
			cands = append(cands, s)
		}
	}
	if sc.Action == engine.GroundCombat || len(cands) == 0 || !argentRollsAFB(p, sc, holder) {
		return
	}
	p.OnBeforeAssign(engine.RollAFB, func(t *engine.Trial, side engine.Side, hits int) int {
		if side != opp {
			return hits
		}
		slots := t.P.Side[opp].Slots // read now: a law may take Sustain Damage away
		for excess := hits - int(t.Count[opp][engine.TFighters]); excess > 0; excess-- {
			done := true
			for _, s := range cands {
				if slots[s].Sustain && t.Alive[opp][s] > t.Damaged[opp][s] {
					t.Damaged[opp][s]++
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
func strikeWingAlphaII(p *engine.Plan, sc *Scenario, holder engine.Side) {
	opp := holder.Opp()
	sp := &p.Side[holder]
	swa, found := uint8(0), false
	for _, s := range engine.KindSlots(p, holder, engine.TShips, units.Destroyer) {
		if slugOf(sp.Slots[s].Stats.Name) == "strike-wing-alpha-ii" {
			swa, found = s, true
		}
	}
	inf := p.SlotsOf(opp, engine.TGround, func(k units.Kind) bool { return k == units.Infantry })
	inf = slices.DeleteFunc(inf, func(s uint8) bool { return p.Side[opp].Slots[s].Zone != engine.ZoneSpace })
	if !found || sc.Action != engine.Invasion || holder != engine.Defender || len(inf) == 0 {
		return
	}
	p.BeyondExact("Strike Wing Alpha II (dice results of 9 or 10)")
	c := p.Counter() // used: the barrage was rolled; mark: the Strike Wings alive then
	p.OnRerollAll(engine.RollAFB, func(t *engine.Trial, side engine.Side, _ int) bool {
		if side == holder {
			t.Used[c] = 1
			t.Mark[c] = int32(t.Alive[holder][swa])
		}
		return false
	})
	p.OnBeforeAssign(engine.RollAFB, func(t *engine.Trial, side engine.Side, hits int) int {
		if side != opp || t.Used[c] == 0 {
			return hits
		}
		alive := t.Alive[holder]
		alive[swa] = uint16(t.Mark[c])
		nines := swaNines(t, holder, swa, &alive, hits)
		for _, s := range inf {
			for ; nines > 0 && t.Alive[opp][s] > 0; nines-- {
				t.Destroy(opp, s)
			}
		}
		return hits
	})
}

// swaNines draws how many of the holder's Strike Wing Alpha II barrage dice
// (slot swa) showed 9 or 10, given that the holder's barrage, with units
// alive, scored hits.
func swaNines(t *engine.Trial, holder engine.Side, swa uint8, alive *[engine.MaxSlots]uint16, hits int) int {
	other, nOther, nSWA, thrSWA := swaDice(t, holder, swa, alive)
	if nSWA == 0 {
		return 0
	}
	k := swaHits(t, &other, nOther, nSWA, thrSWA, hits)
	return swaNinesAmong(t, k, nSWA, thrSWA)
}

// swaDice splits the holder's barrage dice with units alive into the
// Strike Wing dice (slot swa: nSWA dice at threshold thrSWA) and the others
// (nOther dice, other the distribution of their hits, kept while nOther is
// at most maxSWADice).
func swaDice(t *engine.Trial, holder engine.Side, swa uint8, alive *[engine.MaxSlots]uint16) (other [maxSWADice + 1]float64, nOther, nSWA, thrSWA int) {
	sp := &t.P.Side[holder]
	var next [maxSWADice + 1]float64
	other[0] = 1
	thrSWA = 11
	addOther := func(thr, n int) {
		q := engine.HitProbability(thr)
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
	for _, ro := range sp.Rollers[engine.RollAFB] {
		n := int(alive[ro.Slot]) * int(ro.Dice)
		if ro.Slot == swa {
			nSWA, thrSWA = n, int(ro.Threshold())
		} else {
			addOther(int(ro.Threshold()), n)
		}
	}
	if extra := int(sp.ExtraDice[engine.RollAFB]); extra > 0 {
		if thr, ok := t.P.BestRoller(holder, engine.RollAFB, alive); ok {
			if alive[swa] > 0 && thr == thrSWA {
				nSWA += extra
			} else {
				addOther(thr, extra)
			}
		}
	}
	return other, nOther, nSWA, thrSWA
}

// swaHits draws how many of the hits the Strike Wing dice scored: k with
// probability proportional to P(k of nSWA hit)·P(the others score hits−k),
// or, with more dice than the table holds, one draw per hit by the share
// of Strike Wing dice.
func swaHits(t *engine.Trial, other *[maxSWADice + 1]float64, nOther, nSWA, thrSWA, hits int) int {
	k := 0
	switch {
	case nOther == 0:
		k = hits
	case nOther+nSWA > maxSWADice:
		for range hits {
			if engine.Uniform(t) < float64(nSWA)/float64(nSWA+nOther) {
				k++
			}
		}
		k = min(k, nSWA)
	default:
		q := engine.HitProbability(thrSWA)
		var w [maxSWADice + 1]float64
		total := 0.0
		for j := max(0, hits-nOther); j <= min(hits, nSWA); j++ {
			w[j] = binomialTerm(nSWA, j, q) * other[hits-j]
			total += w[j]
		}
		u := engine.Uniform(t) * total
		for j := max(0, hits-nOther); j <= min(hits, nSWA); j++ {
			k = j
			if u < w[j] {
				break
			}
			u -= w[j]
		}
	}
	return k
}

// swaNinesAmong draws how many of nSWA Strike Wing dice at threshold thr,
// k of which hit, showed 9 or 10.
func swaNinesAmong(t *engine.Trial, k, nSWA, thr int) int {
	lo := max(thr, 1)
	nineHit, nineMiss := 0.0, 0.0
	if lo <= 10 {
		nineHit = float64(min(2, 11-lo)) / float64(11-lo)
	}
	if lo > 1 {
		nineMiss = float64(max(0, lo-9)) / float64(lo-1)
	}
	nines := 0
	for range k {
		if engine.Uniform(t) < nineHit {
			nines++
		}
	}
	for range nSWA - k {
		if engine.Uniform(t) < nineMiss {
			nines++
		}
	}
	return nines
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
func strikeWingAmbuscade(p *engine.Plan, sc *Scenario, holder engine.Side) {
	s := sc.Side(holder)
	if s.FactionOrNone().Slug == "argent" {
		factionIdle(p, "Strike Wing Ambuscade", holder, "the Argent player cannot play their own promissory note")
		return
	}
	opp := holder.Opp()
	sp, op := &p.Side[holder], &p.Side[opp]
	rolls := func(r engine.RollKind) bool {
		for _, ro := range sp.Rollers[r] {
			if sp.Start[ro.Slot] > 0 && ro.Threshold() <= 10 {
				return true
			}
		}
		return false
	}
	shielded := len(op.Shields) > 0 && len(sp.ShieldBreakers) == 0
	for _, c := range [...]struct {
		r  engine.RollKind
		ok bool
	}{
		{engine.RollSCO, sc.Action != engine.GroundCombat && op.Count[engine.TShips] > 0},
		{engine.RollAFB, sc.Action != engine.GroundCombat && op.Count[engine.TShips] > 0 && sp.Count[engine.TShips] > 0},
		{engine.RollBombard, sc.Action == engine.Invasion && holder == engine.Attacker && op.Count[engine.TGround] > 0 && !shielded},
		{engine.RollSCD, sc.Action == engine.Invasion && holder == engine.Defender},
	} {
		if c.ok && rolls(c.r) {
			sp.AddExtraDice(c.r, 1)
			return
		}
	}
	factionIdle(p, "Strike Wing Ambuscade", holder, "none of the holder's units rolls for a unit ability here")
}

// quetzecoatl (Argent flagship): "Other players cannot use SPACE CANNON
// against your ships in this system." While the flagship is in the space
// area (alive), every hit of the opponent's space cannon offense against
// the holder's ships is cancelled before it is assigned (PDS, ships and
// mechs with Space Cannon, adjacent PDS II, cards that add to the roll).
// Space cannon defense aims at ground forces, not ships, and is untouched.
// Deterministic, but exact mode does not express effects on space cannon
// offense and refuses it there.
func quetzecoatl(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flags := engine.KindSlots(p, holder, engine.TShips, units.Flagship)
	if sc.Action == engine.GroundCombat || len(flags) == 0 {
		return
	}
	flag := flags[0]
	p.OnBeforeAssign(engine.RollSCO, func(t *engine.Trial, side engine.Side, hits int) int {
		if side == holder && t.Alive[holder][flag] > 0 {
			return 0
		}
		return hits
	})
}

// trrakanAunZulok (Argent commander, Trrakan Aun Zulok; catalog text: "when
// Argent units roll for a unit ability (Anti-Fighter Barrage, Space Cannon,
// Bombardment), one of those units rolls 1 additional die"). Listed by a
// side, it acts on that side's rolls. Policy: every unit-ability roll of
// the holder — space cannon offense and defense, anti-fighter barrage,
// bombardment — gets 1 extra die, rolled at the best value among the
// holder's units alive in that roll (the engine's extra die, as Plasma
// Scoring's, to which it adds: with both, a roll has 2 extra dice).
// Static: exact mode solves it.
func trrakanAunZulok(p *engine.Plan, sc *Scenario, holder engine.Side) {
	for _, r := range engine.UnitAbilityRolls {
		p.Side[holder].AddExtraDice(r, 1)
	}
}

// aerieSentinel (Argent mech): it "does not use capacity
// while transported or while in a space area with an Argent ship that has
// capacity": the side's mechs in the space area are never removed for lack
// of room (ground forces left with no ship at all are still lost).
func aerieSentinel(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sp := &p.Side[holder]
	var out []uint8
	for _, s := range sp.Capacity.Cargo {
		if sp.Slots[s].Stats.Kind != units.Mech {
			out = append(out, s)
		}
	}
	sp.SetCargo(out)
}
