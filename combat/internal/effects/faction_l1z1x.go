package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// l1z1xTexts lists the texts of the L1Z1X Mindnet that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func l1z1xTexts() []Effect {
	return []Effect{
		modelled("harrow", harrow),
		modelled("0-0-1", l1z1xFlagship),
		modelled("2ram", twoRAM),
		modelled("annihilator", annihilator),
		byNumbers("super-dreadnought-ii"),
	}
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
func harrow(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if holder != engine.Attacker || sc.Action != engine.Invasion {
		return
	}
	original := sc.Printings.Harrow == TextOriginal
	p.OnEndOfRound(engine.OnGround, func(t *engine.Trial) {
		if harrowActs(t, original) && !t.Shielded() {
			t.Bombard(t.Roll(engine.Attacker, engine.RollBombard))
		}
	})
	p.BeyondExact("Harrow, " + sc.Printings.Harrow.String() + " printing")
}

// harrowActs reports whether Harrow bombards at the end of this ground
// combat round, the shield aside: the defender has ground forces left,
// and, in the original printing ("After each round of ground combat"),
// the combat goes on — it has no round after the one that ended it.
func harrowActs(t *engine.Trial, original bool) bool {
	return t.Has(engine.Defender, engine.TGround) && !(original && !t.Has(engine.Attacker, engine.TGround))
}

// maxPoolDice bounds the space combat dice for which the L1Z1X
// flagship's share of the hits is drawn exactly.
const maxPoolDice = 256

// l1z1xFlagship (L1Z1X flagship, [0.0.1]): "During a space combat, hits
// produced by this ship and by your dreadnoughts in this system must be
// assigned to non-fighter ships if able." While the flagship is alive,
// each space combat round the hits of the flagship's and the side's
// dreadnoughts' dice (one pool) are assigned by the opponent to its
// non-fighter ships (its hit order over them, Sustain Damage allowed),
// and only when none is left to fighters; the side's other dice's hits
// are assigned as usual. The opponent assigns the forced pool first, then
// the other hits.
//
// The engine draws a roll's total hits, not each die's. Given the total,
// the forced pool's share is drawn from its exact conditional
// distribution: P(k) ∝ P(pool scores k)·P(other dice score total − k),
// each die hitting with its probability this round (static and round
// modifiers, auras, single-slot modifiers, a reroll of misses). With more
// than maxPoolDice dice in the roll, the hits are split one by one in
// proportion to the two parts' expected hits. It only matters when the
// opponent has both fighters and non-fighter ships. Not modelled: hits
// that other effects add after the roll (Viscount Unlenn's die is counted
// as if any ship could have rolled it), and a reroll of all dice counts as
// one roll as usual. Exact mode plays the pool itself
// (engine.ForceToNonFighters): the pool's and the other dice's hits as two
// distributions, the pool's assigned first; it refuses the pool with dice
// that are not plain, effects on the assignment of hits and round-by-round
// rules (engine's poolRefusal).
func l1z1xFlagship(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flags := engine.KindSlots(p, holder, engine.TShips, units.Flagship)
	if sc.Action == engine.GroundCombat || len(flags) == 0 {
		return
	}
	flag := flags[0]
	var pool [engine.MaxSlots]bool
	pool[flag] = true
	for _, s := range engine.KindSlots(p, holder, engine.TShips, units.Dreadnought) {
		pool[s] = true
	}
	opp := holder.Opp()
	p.ForceToNonFighters(holder, flag, pool, func(t *engine.Trial, hits *[2]int) {
		if t.Alive[holder][flag] == 0 || hits[holder] == 0 || !t.Has(opp, engine.TFighters) || t.NonFighterShips(opp) == 0 {
			return
		}
		if k := poolShare(t, holder, &pool, hits[holder]); k > 0 {
			hits[holder] -= k
			engine.AssignTo(t, opp, engine.TNonFighters, engine.RollSpace, k)
		}
	})
}

// poolShare draws how many of side's space combat hits this round, total,
// came from the dice of the slots in pool (see l1z1xFlagship).
func poolShare(t *engine.Trial, side engine.Side, pool *[engine.MaxSlots]bool, total int) int {
	sp, h, alive := &t.P.Side[side], &t.P.Hooks, &t.Alive[side]
	mod, reroll := t.RollMods(side, engine.RollSpace)
	var pmf [2][maxPoolDice + 2]float64
	var n [2]int
	var mean [2]float64
	pmf[0][0], pmf[1][0] = 1, 1
	exact := true
	for _, ro := range sp.Rollers[engine.RollSpace] {
		dice := ro.DiceOf(alive[ro.Slot], t.Damaged[side][ro.Slot], int(ro.Dice)) // TI3: a damaged unit rolls a die fewer
		if dice == 0 {
			continue
		}
		thr := int(ro.Threshold()) - mod + sp.AuraShift(engine.RollSpace, ro.Slot, alive)
		for _, m := range h.SlotModifier[engine.RollSpace] {
			thr -= m(t, side, ro.Slot)
		}
		q := engine.HitProbability(thr)
		if reroll {
			q = 1 - (1-q)*(1-q)
		}
		i := 1
		if pool[ro.Slot] {
			i = 0
		}
		mean[i] += float64(dice) * q
		if n[0]+n[1]+dice > maxPoolDice {
			exact = false
		}
		for ; dice > 0 && exact; dice-- {
			for k := n[i]; k >= 0; k-- {
				pmf[i][k+1] += pmf[i][k] * q
				pmf[i][k] *= 1 - q
			}
			n[i]++
		}
		if !exact {
			n[i] += dice
		}
	}
	if !exact {
		k := 0
		if all := mean[0] + mean[1]; all > 0 {
			for range total {
				if engine.Uniform(t)*all < mean[0] {
					k++
				}
			}
		}
		return min(k, n[0])
	}
	lo, hi := max(0, total-n[1]), min(total, n[0])
	sum := 0.0
	for k := lo; k <= hi; k++ {
		sum += pmf[0][k] * pmf[1][total-k]
	}
	if sum <= 0 {
		return 0
	}
	u := engine.Uniform(t) * sum
	for k := lo; k < hi; k++ {
		if u -= pmf[0][k] * pmf[1][total-k]; u < 0 {
			return k
		}
	}
	return hi
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
// shielded planet too, in the Harrow printing chosen (harrowActs). The shield keeps its other effects (the original
// Magen Defense Grid still sees it). Held by the defender it does nothing.
// The dice are drawn in a hook: exact mode refuses it.
func twoRAM(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if holder != engine.Attacker || sc.Action != engine.Invasion {
		factionIdle(p, "2RAM", holder, "only the attacker bombards, in an invasion")
		return
	}
	p.OnStartOfInvasion(func(t *engine.Trial) {
		if t.Has(engine.Defender, engine.TGround) && t.Shielded() {
			t.Bombard(t.Roll(engine.Attacker, engine.RollBombard))
		}
	})
	if sc.Side(holder).FactionOrNone().Slug == "l1z1x" {
		original := sc.Printings.Harrow == TextOriginal
		p.OnEndOfRound(engine.OnGround, func(t *engine.Trial) {
			if harrowActs(t, original) && t.Shielded() {
				t.Bombard(t.Roll(engine.Attacker, engine.RollBombard)) // Harrow, which skips shielded planets itself
			}
		})
	}
	p.BeyondExact("2RAM (bombardment through Planetary Shield)")
}

// annihilator (L1Z1X mech): "While not participating in
// ground combat, this unit can use its BOMBARDMENT ability on planets in
// its system as if it were a ship" (Bombardment 8). The attacker's mechs in
// the space area bombard in the Bombardment step, then land with the other
// ground forces (the commitment comes after it); once committed they are in
// the ground combat, so Harrow's bombardments do not include them (TR).
// Articles of War takes the text away.
func annihilator(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Annihilator (mechs in the space area bombard)"
	if holder != engine.Attacker || sc.Action != engine.Invasion || mechTextLost(sc) {
		return
	}
	for _, m := range engine.KindSlots(p, holder, engine.TGround, units.Mech) {
		st := p.Side[holder].Slots[m].Stats
		if p.Side[holder].Slots[m].Zone != engine.ZoneSpace || !st.Bombardment.Has() {
			continue
		}
		s, ok := p.AddRoller(holder, engine.RollBombard, st.Name+" (bombardment)", st.Bombardment.Value, st.Bombardment.Dice)
		if !ok {
			continue
		}
		p.Side[holder].SetStart(s, 0, p.Side[holder].StartDamaged[s])
		p.OnStartOfInvasion(func(t *engine.Trial) {
			t.Alive[holder][s] = t.Alive[holder][m]
		})
		p.OnAfterCommit(func(t *engine.Trial) bool {
			t.Alive[holder][s] = 0
			return true
		})
	}
	p.BeyondExact(name)
}
