package effects

import (
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// Texts of the standalone Shattered Ascension 4.2 race sheets that the SA
// combat calculator (CALC: zekash-dev/ti-sa-combat-calc, src/logic/
// participant.ts) offers, modelled from its wording as the other CALC
// texts are (ti3calctexts.go): no SA 4.2 race sheet was found, and
// /work/shared/seeds (SA v4.0) has none of them. Each is a race
// technology given among the side's technologies (its race's: units.
// TI3Races). Where the wording leaves the play to the player, the side
// states it (Side.Choices; choiceNames), the default first.

// ti3ArborecDeepRoots attaches ti3-deep-roots. Deep Roots (CALC: "Your
// Ground Forces (and Shock Troops) receive -1 to all combat rolls"): -1 to
// their rolls, the invasion combat rounds being their only rolls. A
// modifier: exact too.
func ti3ArborecDeepRoots(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.AdjustThresholds(holder, engine.RollGround, 1, slotsOfKind(p, holder, units.Infantry, units.ShockTroop))
}

// addMagmaObliterator splits one war sun of a Muaat side holding Magma
// Obliterator off into a slot of its own with 2 more bombardment dice,
// before the rolls are built (CALC: "One of your War Sun gains Bombardment
// (x2)"; the TI3 war sun already bombards with 3 dice, so x2 reads as 2
// dice added, as CALC's code adds them). Which war sun is the player's:
// the split one is the last of its kind the side loses (as the Admiral's
// ship), so while a war sun is left one bombards with 5 dice — the
// choice is only which one takes the hits, and ti4sim's (the war sun
// without the text takes them first) is the best one. Exact too.
func addMagmaObliterator(sp *engine.SidePlan, s *engine.Force) {
	if _, ok := ti3RaceTech(s, "magma-obliterator"); !ok || !ti3HoldsAny(s, "magma-obliterator") {
		return
	}
	i, ok := sp.SlotOfKind(units.WarSun)
	if !ok {
		return
	}
	st := sp.Slots[i].Stats
	st.Name += " (Magma Obliterator)"
	st.Bombardment.Dice += 2
	sp.SplitSlot(i, 1, st)
}

// ti3HoldsAny reports whether the side gives the race technology slug
// among its technologies, with or without "ti3-".
func ti3HoldsAny(s *engine.Force, slug string) bool {
	return ti3Holds(s, slug) || ti3Holds(s, "ti3-"+slug)
}

// ti3LetnevSaimocInfusedHulls attaches ti3-saimoc-infused-hulls. CALC:
// "After each combat round, repair one of your participating ships that
// did not use Sustain Damage this round. Hits from Fighters may not be
// assigned to your non-Fighter ships during the first round of Space
// Battles." Ships: space battle rounds only. The repair is the one of the
// ship lost last in the side's hit order, damaged and not damaged this
// round (as Duranium Armor's); saimoc-infused-hulls=every-round (the
// wording: no limit) or five (CALC's code: at most 5 repairs a combat, its
// default setting maxRepairCount). In round 1 the opponent's fighters'
// hits are drawn from the round's hits (as the L1Z1X flagship's pool) and
// assigned to the holder's fighters only, those beyond them lost.
// Every-round without the fighters' part is exact; the rest Monte Carlo.
func ti3LetnevSaimocInfusedHulls(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.GroundCombat {
		factionIdle(p, "Saimoc-Infused Hulls", holder, "it acts in space battles")
		return
	}
	ord := p.Side[holder].Order[p.Side[holder].TargetOf[engine.RollSpace]]
	limit, c := 0, 0
	if choiceOf(sc.Side(holder), "saimoc-infused-hulls") == "five" {
		limit, c = 5, p.Counter()
		p.BeyondExact("Saimoc-Infused Hulls (saimoc-infused-hulls=five: repairs counted over the combat)")
	}
	p.OnAfterAssignOfUnits(engine.RollSpace, func(t *engine.Trial, side engine.Side) {
		if side != holder || (limit > 0 && int(t.Mark[c]) >= limit) {
			return
		}
		for i := len(ord) - 1; i >= 0; i-- {
			if s := ord[i]; t.Damaged[side][s] > t.SustainedRound[side][s] {
				t.Damaged[side][s]--
				t.Mark[c]++
				return
			}
		}
	})
	saimocFighterHits(p, holder)
}

// saimocFighterHits keeps the opponent's fighters' hits of round 1 of a
// space battle off the holder's non-fighter ships (see
// ti3LetnevSaimocInfusedHulls). Nothing when either side has no fighters
// to matter: the opponent none, or the holder no non-fighter ship.
func saimocFighterHits(p *engine.Plan, holder engine.Side) {
	opp := holder.Opp()
	fighters := engine.KindSlots(p, opp, engine.TShips, units.Fighter)
	if len(fighters) == 0 || len(p.SlotsOf(holder, engine.TShips, func(k units.Kind) bool { return k != units.Fighter })) == 0 {
		return
	}
	var pool [engine.MaxSlots]bool
	for _, s := range fighters {
		pool[s] = true
	}
	p.OnAfterRolls(engine.InSpace, func(t *engine.Trial, hits *[2]int) {
		if t.Round != 1 || hits[opp] == 0 {
			return
		}
		if k := poolShare(t, opp, &pool, hits[opp]); k > 0 {
			hits[opp] -= k
			engine.AssignTo(t, holder, engine.TFighters, engine.RollSpace, k)
		}
	})
}

// aftName marks the slots of the units Advanced Fleet Tactics boosts.
const aftName = " (Advanced Fleet Tactics)"

// addAdvancedFleetTactics splits up to 3 fighters and 1 carrier of a Sol
// side holding Advanced Fleet Tactics off into slots of their own, before
// the rolls are built (ti3SolAdvancedFleetTactics gives them +2). Each is
// the last of its kind the side loses, so in every round up to 3 fighters
// and 1 carrier left have the +2, as the wording says.
func addAdvancedFleetTactics(sp *engine.SidePlan, s *engine.Force) {
	if _, ok := ti3RaceTech(s, "advanced-fleet-tactics"); !ok || !ti3HoldsAny(s, "advanced-fleet-tactics") {
		return
	}
	for _, c := range []struct {
		k units.Kind
		n int
	}{{units.Fighter, 3}, {units.Carrier, 1}} {
		i, ok := sp.SlotOfKind(c.k)
		if !ok {
			continue
		}
		st := sp.Slots[i].Stats
		st.Name += aftName
		sp.SplitSlot(i, min(c.n, int(sp.Start[i])), st)
	}
}

// ti3SolAdvancedFleetTactics attaches ti3-advanced-fleet-tactics. CALC:
// "During each combat round of Space Battles, up to three Fighters and one
// Carrier receive +2 to combat rolls. No more than half of your Fighters
// (round up) may be lost to Anti-Fighter Barrage." The +2 goes to the
// slots addAdvancedFleetTactics split off (a modifier: exact too). The
// barrage's hits on the holder are capped at half its fighters then:
// advanced-fleet-tactics=round-up (the wording, the default) or
// round-down (CALC's code, floor(fighters / 2)). The cap is a hook on the
// barrage's hits: Monte Carlo, exact mode refusing, when it can bind
// (aftCapBinds).
func ti3SolAdvancedFleetTactics(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sp := &p.Side[holder]
	p.AdjustThresholds(holder, engine.RollSpace, -2, func(s uint8) bool { return strings.HasSuffix(sp.Slots[s].Stats.Name, aftName) })
	fighters := engine.KindSlots(p, holder, engine.TShips, units.Fighter)
	if len(fighters) == 0 || len(p.Side[holder.Opp()].Rollers[engine.RollAFB]) == 0 {
		return
	}
	up := choiceOf(sc.Side(holder), "advanced-fleet-tactics") == "round-up"
	limit := func(n int) int {
		if up {
			return (n + 1) / 2
		}
		return n / 2
	}
	if !aftCapBinds(p, holder, fighters, limit) {
		return // the barrage cannot score more than the cap: exact too
	}
	p.OnBeforeAssign(engine.RollAFB, func(t *engine.Trial, side engine.Side, hits int) int {
		if side != holder {
			return hits
		}
		n := 0
		for _, s := range fighters {
			n += int(t.Alive[side][s])
		}
		return min(hits, limit(n))
	})
}

// aftCapBinds reports whether the barrage cap of Advanced Fleet Tactics
// can bind: the opponent's barrage dice exceed the cap on the holder's
// fighters at the start, or its space cannon may destroy fighters first.
func aftCapBinds(p *engine.Plan, holder engine.Side, fighters []uint8, limit func(int) int) bool {
	opp := &p.Side[holder.Opp()]
	if len(opp.Rollers[engine.RollSCO]) > 0 {
		return true
	}
	n, dice := 0, 0
	for _, s := range fighters {
		n += int(p.Side[holder].Start[s])
	}
	for _, ro := range opp.Rollers[engine.RollAFB] {
		dice += int(ro.Dice) * int(opp.Start[ro.Slot])
	}
	return dice > limit(n)
}

// ti3SolVersatileCombatTactics attaches ti3-versatile-combat-tactics. CALC:
// "Your Ground Forces (and Shock Troops) gain +2 to combat rolls in combat
// rounds where you have fewer combat dice than the opponent. During enemy
// Bombardment, half of your Ground Forces (round up) are immune." The +2:
// in each invasion combat round, the dice of both sides' units left
// (a damaged unit's die lost counted) are compared before the roll. The
// immunity: defending, the bombardment's hits are capped at the holder's
// ground forces and shock troops not immune, n − ceil(n/2) = floor(n/2),
// plus its other ground units (mechanized units) — what CALC's code does
// too. Both are hooks on the rolls: the +2 makes exact mode refuse; the
// cap alone is replayed exactly.
func ti3SolVersatileCombatTactics(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.SpaceCombat {
		factionIdle(p, "Versatile Combat Tactics", holder, "it acts in invasion combat")
		return
	}
	gf := slotsOfKind(p, holder, units.Infantry, units.ShockTroop)
	p.OnSlotModifier(engine.RollGround, func(t *engine.Trial, side engine.Side, s uint8) int {
		if side != holder || !gf(s) || groundDice(t, side) >= groundDice(t, side.Opp()) {
			return 0
		}
		return 2
	})
	if holder != engine.Defender || sc.Action != engine.Invasion {
		return
	}
	p.OnBeforeAssign(engine.RollBombard, func(t *engine.Trial, side engine.Side, hits int) int {
		if side != holder {
			return hits
		}
		n, others := 0, 0
		for s := range t.P.Side[side].Slots {
			switch {
			case gf(uint8(s)):
				n += int(t.Alive[side][s])
			case t.P.Side[side].Slots[s].Stats.Kind == units.Mech:
				others += int(t.Alive[side][s])
			}
		}
		return min(hits, n/2+others)
	})
}

// groundDice counts side's invasion combat dice this round: each ground
// roller's dice for its units left, a damaged unit's lost die counted.
func groundDice(t *engine.Trial, side engine.Side) int {
	n := 0
	for _, ro := range t.P.Side[side].Rollers[engine.RollGround] {
		n += ro.DiceOf(t.Alive[side][ro.Slot], t.Damaged[side][ro.Slot], int(ro.Dice))
	}
	return n
}

// ti3MentakAdaptableOrdnanceRigs attaches ti3-adaptable-ordnance-rigs.
// CALC: "Your Cruisers gain Capacity (1 Ground Force). During your
// actions, Cruisers not using this Capacity may either sustain damage
// outside of combat rounds, or make an extra combat roll in the first
// combat round of Space Battles." During the holder's actions: the
// attacker's. The cruisers are taken as carrying no ground force (CALC's
// default, cruisersCarryingGroundForces 0): ti4sim does not know which
// ground forces a cruiser carries. adaptable-ordnance-rigs=sustain (the
// default: a cruiser hit before the combat rounds — space cannon,
// pre-combat shots, effects' hits — sustains it, one hit per cruiser,
// and the others roll 1 more die in round 1 of the space battle; CALC's
// code too, useSustain) or roll (no cruiser sustains; every cruiser rolls
// 1 more die: CALC with useSustain off). A cruiser destroyed before round
// 1 is one that sustained, while there is one (the player gives up the
// cruiser that has lost its extra roll). Hooks on the rolls: Monte Carlo.
func ti3MentakAdaptableOrdnanceRigs(p *engine.Plan, sc *Scenario, holder engine.Side) {
	cruisers := engine.KindSlots(p, holder, engine.TShips, units.Cruiser)
	switch {
	case holder != engine.Attacker:
		factionIdle(p, "Adaptable Ordnance Rigs", holder, "it acts during the holder's actions: for the attacker")
		return
	case sc.Action == engine.GroundCombat || len(cruisers) == 0:
		return
	}
	start := 0
	for _, s := range cruisers {
		start += int(p.Side[holder].Start[s])
	}
	c := p.Counter() // cruisers that sustained
	alive := func(t *engine.Trial) int {
		n := 0
		for _, s := range cruisers {
			n += int(t.Alive[holder][s])
		}
		return n
	}
	if choiceOf(sc.Side(holder), "adaptable-ordnance-rigs") == "sustain" {
		for _, r := range []engine.RollKind{engine.RollSCO, engine.RollPreCombat, engine.RollEffect} {
			p.OnBeforeAssign(r, func(t *engine.Trial, side engine.Side, hits int) int {
				if side != holder {
					return hits
				}
				n := min(hits, alive(t)-int(t.Mark[c]))
				t.Mark[c] += int32(max(n, 0))
				return hits - max(n, 0)
			})
		}
	}
	p.OnAfterRolls(engine.InSpace, func(t *engine.Trial, hits *[2]int) {
		n := alive(t)
		if t.Round != 1 || n == 0 {
			return
		}
		n -= max(0, int(t.Mark[c])-(start-n)) // the sustained cruisers left roll no more
		thr, _ := p.RollerThr(holder, engine.RollSpace, cruisers[0])
		mod, reroll := t.RollMods(holder, engine.RollSpace)
		th := int(thr) - mod
		for _, m := range t.P.Hooks.SlotModifier[engine.RollSpace] {
			th -= m(t, holder, cruisers[0])
		}
		hits[holder] += t.Dice(th, n, reroll)
	})
}
