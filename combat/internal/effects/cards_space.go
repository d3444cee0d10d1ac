package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// spaceCards returns the action cards of space combat and space cannon.
func spaceCards() []Effect {
	return []Effect{
		directHitCard(), maneuveringJetsCard(), skilledRetreatCard(), emergencyRepairsCard(),
		experimentalBattlestationCard(), fighterPrototypeCard(), courageousCard(), interceptCard(),
		waylayCard(), routCard(), reflectiveShieldingCard(), solarFlareCard(), scrambleFrequencyCard(),
		crashLandingCard(),
	}
}

// spaceNoSpace is the reason a space card is idle in a ground combat alone.
const spaceNoSpace = "a ground combat has no space combat nor space cannon offense"

// directHitCard: "After another player's ship uses SUSTAIN DAMAGE to cancel
// a hit produced by your units or abilities: Destroy that ship." (reference
// §1.4; the original printing says only "your units"). Every hit against the
// opponent is produced by the holder: hits of kind rollEffect (Reflective
// Shielding) are ability hits, all others (space cannon, combat rolls) unit
// hits. Ships with DirectHitImmune (Dreadnought II) are not affected; mechs
// are not ships. Policy: played on every sustain while copies last, one copy
// per sustain (TR: one Direct Hit per ship that sustains). The destroyed
// ship is not a hit: it fires no onDestroyed effects.
func directHitCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "direct-hit", Name: "Direct Hit", Kind: KindActionCard, Copies: 4,
		Effect: "after one of the opponent's ships uses Sustain Damage to cancel a hit produced by the holder's units (space cannon, combat rolls) or, in the current printing, abilities (effect hits such as Reflective Shielding's): destroy that ship; not ships immune to Direct Hit (Dreadnought II), not mechs; played on the first sustains, one copy per sustain"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, copies int) {
			var target [engine.MaxSlots]bool
			for i, sl := range p.Side[holder.Opp()].Slots {
				target[i] = sl.Stats.Kind.Ship() && !sl.Stats.DirectHitImmune
			}
			p.DestroySustainers(holder, copies, target, sc.Printings.DirectHit == DirectHitCurrent)
		}}
}

// maneuveringJetsCard: "Before you assign hits produced by another player's
// SPACE CANNON roll: Cancel 1 hit." Space cannon offense against the
// holder's ships and space cannon defense against its committed ground
// forces (TR: both, one card per roll; not in combat). Policy: played on the
// first such rolls with at least 1 hit, one copy a roll.
func maneuveringJetsCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "maneuvering-jets", Name: "Maneuvering Jets", Kind: KindActionCard, Copies: 4,
		Effect: "before the holder assigns the hits of an opponent's Space Cannon roll (offense against its ships, defense against its committed ground forces), cancel 1 of them; played on the first such rolls with a hit, one copy a roll; not in combat"},
		aliases: []string{"jets"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, copies int) {
			if sc.Action == engine.GroundCombat {
				cardIdle(p, "Maneuvering Jets", holder, spaceNoSpace)
			}
			c := p.Counter()
			for _, r := range [...]engine.RollKind{engine.RollSCO, engine.RollSCD} {
				p.OnBeforeAssign(r, func(t *engine.Trial, side engine.Side, hits int) int {
					if side != holder || hits == 0 || int(t.Used[c]) >= copies {
						return hits
					}
					t.Used[c]++
					return hits - 1
				})
			}
			p.BeyondExact("Maneuvering Jets (played on space cannon rolls that hit)")
		}}
}

// skilledRetreatCard: "At the start of a combat round: Move all of your
// ships from the active system into an adjacent system that does not
// contain another player's ships; the space combat ends in a draw. ..."
// Reported as the holder's retreat (it is not one in the rules' sense:
// Intercept cannot stop it). Policy: from round 2 on, at the start of the
// first round where the holder would announce a retreat by its retreat
// policy or, with no policy, where its expected hits per round are below
// the opponent's. The ships leave at once, without the round's fire.
//
// The combat loop stops when a side has no ships in the space area, so the
// card takes the holder's ships out of the space area's counts (t.count)
// and keeps them alive (they survive elsewhere, as after a retreat): the
// loop ends before the round is fought and the outcome is the retreat.
func skilledRetreatCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "skilled-retreat", Name: "Skilled Retreat", Kind: KindActionCard, Copies: 4,
		Effect: "at the start of a space combat round from round 2: all the holder's ships leave and the combat ends before that round's dice, reported as the holder's retreat; played in the first round where the holder's retreat policy would announce a retreat or, with no policy, where its expected hits per round are below the opponent's; Intercept cannot stop it"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if sc.Action == engine.GroundCombat {
				cardIdle(p, "Skilled Retreat", holder, spaceNoSpace)
			}
			opp := holder.Opp()
			c := p.Counter()
			never := p.Side[holder].Retreat.Never()
			p.OnStartOfRound(engine.InSpace, func(t *engine.Trial) {
				if t.Round < 2 || t.Used[c] > 0 || t.Retreated != engine.NoSide || !t.Has(holder, engine.TShips) || !t.Has(opp, engine.TShips) {
					return
				}
				if never {
					if t.ExpectedHits(holder, engine.RollSpace) >= t.ExpectedHits(opp, engine.RollSpace) {
						return
					}
				} else if !t.WantsRetreat(holder) {
					return
				}
				t.Used[c] = 1
				t.Retreated = holder
				t.EndCombat = true // the ships leave before the round's dice
			})
			p.BeyondExact("Skilled Retreat (a choice made round by round)")
		}}
}

// emergencyRepairsCard: "At the start or end of a combat round: Repair all
// of your units that have SUSTAIN DAMAGE in the active system." Policy: at
// the end of the first combat round (space or ground) after which at least
// 2 of the holder's units are damaged, or 1 when it has only 1 unit with
// Sustain Damage left; damage from before the combat (space cannon, units
// given damaged) counts, which is what the ruling on playing it at the start
// of round 1 is for, and the end of round 1 repairs it as well. The holder
// may state the other timing (Side.Choices, emergency-repairs=start): the
// start of the first combat round at whose start the same threshold is
// met, so damage from before the combat is repaired before round 1's dice.
func emergencyRepairsCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "emergency-repairs", Name: "Emergency Repairs", Kind: KindActionCard, Copies: 1,
		Effect: "at the end of a combat round (space or ground): repair all the holder's units in the system; played after the first round at whose end at least 2 of its units are damaged (1 if it has only 1 unit with Sustain Damage left), damage from before the combat included; the choice emergency-repairs=start plays it at the start of the first round at whose start that holds"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			c := p.Counter()
			n := len(p.Side[holder].Slots)
			repair := func(t *engine.Trial) {
				if t.Used[c] > 0 {
					return
				}
				slots := t.P.Side[holder].Slots
				damaged, able := 0, 0
				for i := range n {
					if slots[i].Sustain {
						able += int(t.Alive[holder][i])
						damaged += int(t.Damaged[holder][i])
					}
				}
				need := 2
				if able <= 1 {
					need = 1
				}
				if damaged < need {
					return
				}
				t.Used[c] = 1
				for i := range n {
					t.Damaged[holder][i] = 0
				}
			}
			start := choiceOf(sc.Side(holder), "emergency-repairs") == "start"
			for _, ct := range [...]engine.CombatType{engine.InSpace, engine.OnGround} {
				if start {
					p.OnStartOfRound(ct, repair)
				} else {
					p.OnEndOfRound(ct, repair)
				}
			}
			p.BeyondExact("Emergency Repairs (repairs make the chain cyclic)")
		}}
}

// experimentalBattlestationCard: "After another player moves ships into a
// system during a tactical action: Choose 1 of your space docks that is
// either in or adjacent to that system. That space dock uses SPACE CANNON 5
// (x3) against ships in the active system." Held by the defender, with a
// space dock on the contested planet (docks elsewhere are not modelled): 3
// more dice at 5 in its space cannon offense (TR: it fires during space
// cannon offense). The roll is added after the attacker's effects, so it
// applies the attacker's Antimass Deflectors itself and is not made when the
// attacker plays Solar Flare.
func experimentalBattlestationCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "experimental-battlestation", Name: "Experimental Battlestation", Kind: KindActionCard, Copies: 1,
		Effect: "held by the defender with a space dock on the planet: the dock uses SPACE CANNON 5 (x3) in space cannon offense against the attacker's ships; always played; nothing when held by the attacker or without a space dock"},
		aliases: []string{"battlestation"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			dock := false
			for i, sl := range p.Side[holder].Slots {
				dock = dock || (sl.Stats.Kind == units.SpaceDock && sl.Zone == engine.ZonePlanet && p.Side[holder].Start[i] > 0)
			}
			switch {
			case holder != engine.Defender:
				cardIdle(p, "Experimental Battlestation", holder, "it answers another player's ships moving into a system")
				return
			case sc.Action == engine.GroundCombat:
				cardIdle(p, "Experimental Battlestation", holder, spaceNoSpace)
				return
			case !dock:
				cardIdle(p, "Experimental Battlestation", holder, "the defender has no space dock in the active system")
				return
			case holdsCard(&sc.Attacker, "solar-flare"):
				cardIdle(p, "Experimental Battlestation", holder, "the attacker's Solar Flare forbids space cannon against its ships")
				return
			}
			// Antimass Deflectors attaches late and adjusts this roll too.
			p.AddRoller(holder, engine.RollSCO, "Experimental Battlestation", 5, 3)
		}}
}

// fighterPrototypeCard: "At the start of the first round of a space combat:
// Apply +2 to the result of each of your fighters' combat rolls during this
// combat round." Always played (it has no cost).
func fighterPrototypeCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "fighter-prototype", Name: "Fighter Prototype", Kind: KindActionCard, Copies: 1,
		Effect: "+2 to the holder's fighters' combat rolls in the first round of a space combat (not anti-fighter barrage); always played"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			var fighter [engine.MaxSlots]bool
			some := false
			for i, sl := range p.Side[holder].Slots {
				fighter[i] = sl.Stats.Kind == units.Fighter && sl.Zone == engine.ZoneSpace
				some = some || fighter[i]
			}
			switch {
			case sc.Action == engine.GroundCombat:
				cardIdle(p, "Fighter Prototype", holder, spaceNoSpace)
			case !some:
				cardIdle(p, "Fighter Prototype", holder, "the holder has no fighters")
			}
			p.OnSlotModifier(engine.RollSpace, func(t *engine.Trial, side engine.Side, s uint8) int {
				if side == holder && fighter[s] && t.Round == 1 {
					return 2
				}
				return 0
			})
			p.BeyondExact("Fighter Prototype (a modifier in round 1)")
		}}
}

// courageousCard: "After 1 of your ships is destroyed during a space combat:
// Roll 2 dice. For each result equal to or greater than that ship's combat
// value, your opponent must choose and destroy 1 of their ships." The dice
// use the printed combat value with no modifier (TR). The opponent destroys
// the first ships of its hit order, with no Sustain Damage; those are not
// hits and fire no effects. Policy: played after the first of the holder's
// non-fighter ships destroyed by a hit during the space combat (its rounds,
// anti-fighter barrage or an effect's hits then).
func courageousCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "courageous-to-the-end", Name: "Courageous to the End", Kind: KindActionCard, Copies: 1,
		Effect: "after the first of the holder's non-fighter ships is destroyed during a space combat: roll 2 dice at that ship's printed combat value (no modifiers); per hit the opponent destroys 1 of its ships, the first in its hit order, no Sustain Damage"},
		aliases: []string{"courageous"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if sc.Action == engine.GroundCombat {
				cardIdle(p, "Courageous to the End", holder, spaceNoSpace)
			}
			opp := holder.Opp()
			c := p.Counter()
			var value [engine.MaxSlots]int8 // 0: not a non-fighter ship of the holder
			for i, sl := range p.Side[holder].Slots {
				if k := sl.Stats.Kind; k.Ship() && k != units.Fighter && sl.Zone == engine.ZoneSpace && sl.Stats.Combat.Has() {
					value[i] = int8(sl.Stats.Combat.Value)
				}
			}
			ord := p.Side[opp].Order[engine.TShips]
			p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, r engine.RollKind) {
				if side != holder || value[s] == 0 || t.Used[c] > 0 {
					return
				}
				if r != engine.RollSpace && r != engine.RollAFB && (r != engine.RollEffect || !t.Fought[engine.InSpace]) {
					return
				}
				t.Used[c] = 1
				for h := t.Dice(int(value[s]), 2, false); h > 0; h-- {
					if ev, _ := t.TakeHit(opp, ord, false, false); ev == engine.NoTarget {
						return
					}
				}
			})
			p.BeyondExact("Courageous to the End (dice after a loss)")
		}}
}

// interceptCard: "After your opponent declares a retreat during a space
// combat: Your opponent cannot retreat during this round of space combat."
// Policy: played on the first retreat the opponent announces by its own
// retreat policy (not one Rout forced); it may announce again in a later
// round (TR). Skilled Retreat is not a retreat and is not stopped.
func interceptCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "intercept", Name: "Intercept", Kind: KindActionCard, Copies: 1,
		Effect: "after the opponent announces a retreat (by its retreat policy): it cannot retreat this round; played on the first announcement; the opponent may announce again in a later round; not against Skilled Retreat"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			opp := holder.Opp()
			switch {
			case sc.Action == engine.GroundCombat:
				cardIdle(p, "Intercept", holder, spaceNoSpace)
			case p.Side[opp].Retreat.Never():
				cardIdle(p, "Intercept", holder, "the "+opp.String()+" has no retreat policy")
			}
			c := p.Counter()
			p.OnAnnounceRetreat(func(t *engine.Trial, leaving engine.Side) engine.Side {
				if leaving != opp || t.Used[c] > 0 || !t.WantsRetreat(opp) {
					return leaving
				}
				t.Used[c] = 1
				return engine.NoSide
			})
			p.BeyondExact("Intercept (played on a retreat)")
		}}
}

// waylayCard: "Before you roll dice for ANTI-FIGHTER BARRAGE: Hits from this
// roll are produced against all ships (not just fighters)." The opponent
// takes the holder's barrage hits on its ships in its hit order, with no
// Sustain Damage (none is possible against anti-fighter barrage). Always
// played.
func waylayCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "waylay", Name: "Waylay", Kind: KindActionCard, Copies: 1,
		Effect: "the holder's anti-fighter barrage hits are produced against all the opponent's ships, which it takes in its hit order with no Sustain Damage; always played"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			switch {
			case sc.Action == engine.GroundCombat:
				cardIdle(p, "Waylay", holder, spaceNoSpace)
			case len(p.Side[holder].Rollers[engine.RollAFB]) == 0:
				cardIdle(p, "Waylay", holder, "the holder has no unit with Anti-Fighter Barrage")
			}
			p.Side[holder.Opp()].TakesHitsOf(engine.RollAFB, engine.TShips)
		}}
}

// routCard: "At the start of the "Announce Retreats" step of space combat,
// if you are the defender: Your opponent must announce a retreat, if able."
// (An eligible system is assumed, as for every retreat.) Policy: played in
// the first round where the defender's expected hits per round are below
// the attacker's, unless the attacker announces a retreat anyway.
func routCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "rout", Name: "Rout", Kind: KindActionCard, Copies: 1,
		Effect: "held by the defender: at the Announce Retreats step the attacker must announce a retreat (it leaves at the end of the round); played in the first round where the defender's expected hits per round are below the attacker's; nothing when held by the attacker"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			defer p.BeyondExact("Rout (a choice made round by round)")
			switch {
			case holder != engine.Defender:
				cardIdle(p, "Rout", holder, "only the defender can play it")
				return
			case sc.Action == engine.GroundCombat:
				cardIdle(p, "Rout", holder, spaceNoSpace)
				return
			}
			c := p.Counter()
			p.OnAnnounceRetreat(func(t *engine.Trial, leaving engine.Side) engine.Side {
				if t.Used[c] > 0 || leaving == engine.Attacker || t.ExpectedHits(engine.Defender, engine.RollSpace) >= t.ExpectedHits(engine.Attacker, engine.RollSpace) {
					return leaving
				}
				t.Used[c] = 1
				return engine.Attacker
			})
		}}
}

// reflectiveShieldingCard: "When one of your ships uses SUSTAIN DAMAGE
// during combat: Produce 2 hits against your opponent's ships in the active
// system." Played on the first sustain of one of the holder's ships in the
// space combat (its rounds, or effect hits then); not in space cannon
// offense, which is not combat. The hits are of kind rollEffect: the
// opponent may sustain them, and they are ability hits for Direct Hit.
func reflectiveShieldingCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "reflective-shielding", Name: "Reflective Shielding", Kind: KindActionCard, Copies: 1,
		Effect: "when one of the holder's ships uses Sustain Damage in a space combat: 2 hits against the opponent's ships, assigned at once (the opponent may sustain them); played on the first such sustain; not in space cannon offense"},
		aliases: []string{"reflective"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if sc.Action == engine.GroundCombat {
				cardIdle(p, "Reflective Shielding", holder, spaceNoSpace)
			}
			opp := holder.Opp()
			c := p.Counter()
			var ship [engine.MaxSlots]bool
			for i, sl := range p.Side[holder].Slots {
				ship[i] = sl.Stats.Kind.Ship() && sl.Zone == engine.ZoneSpace
			}
			p.OnSustained(func(t *engine.Trial, side engine.Side, s uint8, r engine.RollKind) {
				if side != holder || !ship[s] || t.Used[c] > 0 {
					return
				}
				if r != engine.RollSpace && (r != engine.RollEffect || !t.Fought[engine.InSpace]) {
					return
				}
				t.Used[c] = 1
				t.Assign(opp, engine.RollEffect, 2)
			})
			p.BeyondExact("Reflective Shielding (played on a sustain)")
		}}
}

// solarFlareCard: "After you activate a system: During the "Movement" step
// of this tactical action, other players cannot use SPACE CANNON against
// your ships." Held by the attacker: the defender makes no space cannon
// offense (space cannon defense, in the invasion, is untouched). The
// defender's space cannon rolls are removed when the card attaches, so rolls
// the defender's own cards add later must check for it (Experimental
// Battlestation does).
func solarFlareCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "solar-flare", Name: "Solar Flare", Kind: KindActionCard, Copies: 1,
		Effect: "held by the attacker: the defender makes no space cannon offense against its ships (space cannon defense still fires); always played; nothing when held by the defender"},
		late: true, // it silences space cannon the other cards add too
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			switch {
			case holder != engine.Attacker:
				cardIdle(p, "Solar Flare", holder, "only the active player can play it")
				return
			case sc.Action == engine.GroundCombat:
				cardIdle(p, "Solar Flare", holder, spaceNoSpace)
				return
			}
			sp := &p.Side[engine.Defender]
			sp.NoRolls(engine.RollSCO)
		}}
}

// scrambleFrequencyCard: "After another player makes a BOMBARDMENT, SPACE
// CANNON, or ANTI-FIGHTER BARRAGE roll: That player rerolls all of their
// dice." Policy: played on the first such roll of the opponent (space cannon
// offense or defense, anti-fighter barrage, bombardment) whose hits exceed
// its expected hits (units alive, static modifiers, Plasma Scoring's die).
func scrambleFrequencyCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "scramble-frequency", Name: "Scramble Frequency", Kind: KindActionCard, Copies: 1,
		Effect: "after an opponent's bombardment, space cannon (offense or defense) or anti-fighter barrage roll: the opponent rerolls all its dice; played on the first such roll with more hits than expected"},
		aliases: []string{"scramble"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			opp := holder.Opp()
			c := p.Counter()
			for _, r := range [...]engine.RollKind{engine.RollSCO, engine.RollAFB, engine.RollBombard, engine.RollSCD} {
				p.OnRerollAll(r, func(t *engine.Trial, side engine.Side, hits int) bool {
					if side != opp || t.Used[c] > 0 || float64(hits) <= scrambleExpected(t, side, r) {
						return false
					}
					t.Used[c] = 1
					return true
				})
			}
			p.BeyondExact("Scramble Frequency (a reroll chosen on the dice)")
		}}
}

// scrambleExpected is side's expected hits with a roll of kind r now:
// expectedHits plus the extra die of Plasma Scoring.
func scrambleExpected(t *engine.Trial, side engine.Side, r engine.RollKind) float64 {
	e := t.ExpectedHits(side, r)
	if n := t.P.Side[side].ExtraDice[r]; n > 0 {
		if thr, ok := t.P.BestRoller(side, r, &t.Alive[side]); ok {
			e += float64(n) * engine.HitProbability(thr) * float64(t.P.HitFactor[side][r])
		}
	}
	return e
}

// crashLandingCard (Thunder's Edge): "When your last ship in the active
// system is destroyed: Place 1 of your ground forces from the space area of
// the active system onto a planet in that system other than Mecatol Rex; if
// the planet contains other players' units, place your ground force into
// coexistence." Only the attacker of an invasion has ground forces in the
// space area. When its last ship is destroyed (by a hit, or found so at the
// end of a space combat round), 1 of its ground forces there — a mech if it
// has one — lands on the planet in coexistence: it survives (it is not
// removed for lack of capacity) but does not fight and takes no control;
// with no ships left there is no invasion.
//
// The landed unit moves to a slot of its own that no hit, capacity check or
// removal reaches; that slot is not reported, so it is missing from the
// Survivors (but counted neither in ResourcesLost nor in CapacityLost).
func crashLandingCard() Effect {
	return Effect{CardInfo: CardInfo{Slug: "crash-landing", Name: "Crash Landing", Kind: KindActionCard, Copies: 1,
		Effect: "held by the attacker of an invasion: when its last ship in the system is destroyed, 1 of its ground forces in the space area (a mech first) lands on the planet in coexistence: it is neither lost nor removed for capacity, does not fight and takes no control; the landed unit is not listed among the survivors"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			defer p.BeyondExact("Crash Landing (exact mode does not replay destroyed units)")
			switch {
			case sc.Action != engine.Invasion:
				cardIdle(p, "Crash Landing", holder, "only an invasion has ground forces in the space area")
				return
			case holder != engine.Attacker:
				cardIdle(p, "Crash Landing", holder, "the defender's ground forces are on the planet already")
				return
			}
			sp := &p.Side[holder]
			var src, dst [2]uint8
			n := 0
			for _, k := range [...]units.Kind{units.Mech, units.Infantry} {
				for i, sl := range sp.Slots {
					if sl.Stats.Kind != k || sl.Zone != engine.ZoneSpace || n == len(src) {
						continue
					}
					if len(sp.Slots) >= engine.MaxSlots {
						p.Warn("Crash Landing: too many unit types to place a ground force; ignored")
						return
					}
					st := sl.Stats
					st.Name += " (crash-landed)"
					src[n], dst[n] = uint8(i), uint8(len(sp.Slots))
					sp.AppendSlot(engine.Slot{Stats: st, Zone: engine.ZonePlanet, CostHalves: sl.CostHalves})
					n++
				}
			}
			if n == 0 {
				cardIdle(p, "Crash Landing", holder, "the attacker has no ground forces in the space area")
				return
			}
			var ship [engine.MaxSlots]bool
			for i, sl := range sp.Slots {
				ship[i] = sl.Stats.Kind.Ship()
			}
			c := p.Counter()
			land := func(t *engine.Trial) {
				if t.Used[c] > 0 || t.Has(holder, engine.TShips) {
					return
				}
				for i := range n {
					s, d := src[i], dst[i]
					if t.Alive[holder][s] == 0 {
						continue
					}
					t.Used[c] = 1
					if t.Damaged[holder][s] == t.Alive[holder][s] { // all damaged: a damaged one lands
						t.Damaged[holder][s]--
						t.Damaged[holder][d]++
					}
					t.Alive[holder][s]--
					t.Alive[holder][d]++
					for tg, in := 0, t.P.Side[holder].In[s]; in != 0; tg, in = tg+1, in>>1 {
						t.Count[holder][tg] -= int32(in & 1)
					}
					return
				}
			}
			p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, _ engine.RollKind) {
				if side == holder && ship[s] {
					land(t)
				}
			})
			// Ships destroyed by effects (Direct Hit, Courageous to the End)
			// fire no onDestroyed: look again at the end of each round.
			p.OnEndOfRound(engine.InSpace, land)
		}}
}
