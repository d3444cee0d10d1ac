package combat

import "github.com/ti4sim/ti4sim/units"

// spaceCards returns the action cards of space combat and space cannon.
func spaceCards() []card {
	return []card{
		directHitCard(), maneuveringJetsCard(), skilledRetreatCard(), emergencyRepairsCard(),
		experimentalBattlestationCard(), fighterPrototypeCard(), courageousCard(), interceptCard(),
		waylayCard(), routCard(), reflectiveShieldingCard(), solarFlareCard(), scrambleFrequencyCard(),
		crashLandingCard(),
	}
}

// spaceCardIdle records that a card held by holder cannot be played: by the
// wrong side, or in an action without the card's window.
func spaceCardIdle(p *plan, name string, holder sideID, why string) {
	p.warnings = append(p.warnings, name+" held by the "+holder.String()+" does nothing: "+why)
}

// spaceNoSpace is the reason a space card is idle in a ground combat alone.
const spaceNoSpace = "a ground combat has no space combat nor space cannon offense"

// spaceHolds reports whether s holds the action card with the given slug.
func spaceHolds(s *force, slug string) bool {
	cs, _, _ := s.heldCards()
	for _, c := range cs {
		if c.Slug == slug {
			return true
		}
	}
	return false
}

// directHitCard: "After another player's ship uses SUSTAIN DAMAGE to cancel
// a hit produced by your units or abilities: Destroy that ship." (reference
// §1.4; the original printing says only "your units"). Every hit against the
// opponent is produced by the holder: hits of kind rollEffect (Reflective
// Shielding) are ability hits, all others (space cannon, combat rolls) unit
// hits. Ships with DirectHitImmune (Dreadnought II) are not affected; mechs
// are not ships. Policy: played on every sustain while copies last, one copy
// per sustain (TR: one Direct Hit per ship that sustains). The destroyed
// ship is not a hit: it fires no onDestroyed effects.
func directHitCard() card {
	return card{CardInfo: CardInfo{Slug: "direct-hit", Name: "Direct Hit", Kind: KindActionCard, Copies: 4,
		Effect: "after one of the opponent's ships uses Sustain Damage to cancel a hit produced by the holder's units (space cannon, combat rolls) or, in the current printing, abilities (effect hits such as Reflective Shielding's): destroy that ship; not ships immune to Direct Hit (Dreadnought II), not mechs; played on the first sustains, one copy per sustain"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, copies int) {
			opp := holder.opp()
			c := p.counter()
			abilities := sc.Printings.DirectHit == DirectHitCurrent
			var target [maxSlots]bool
			for i, sl := range p.side[opp].slots {
				target[i] = sl.stats.Kind.Ship() && !sl.stats.DirectHitImmune
			}
			p.onSustained(func(t *trial, side sideID, s uint8, r rollKind) {
				if side != opp || !target[s] || int(t.used[c]) >= copies || (r == rollEffect && !abilities) {
					return
				}
				t.used[c]++
				t.destroy(side, s) // a damaged one: the ship that just sustained
			})
			p.beyondExact("Direct Hit (played on sustains)")
		}}
}

// maneuveringJetsCard: "Before you assign hits produced by another player's
// SPACE CANNON roll: Cancel 1 hit." Space cannon offense against the
// holder's ships and space cannon defense against its committed ground
// forces (TR: both, one card per roll; not in combat). Policy: played on the
// first such rolls with at least 1 hit, one copy a roll.
func maneuveringJetsCard() card {
	return card{CardInfo: CardInfo{Slug: "maneuvering-jets", Name: "Maneuvering Jets", Kind: KindActionCard, Copies: 4,
		Effect: "before the holder assigns the hits of an opponent's Space Cannon roll (offense against its ships, defense against its committed ground forces), cancel 1 of them; played on the first such rolls with a hit, one copy a roll; not in combat"},
		aliases: []string{"jets"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, copies int) {
			if sc.Action == GroundCombat {
				spaceCardIdle(p, "Maneuvering Jets", holder, spaceNoSpace)
			}
			c := p.counter()
			for _, r := range [...]rollKind{rollSCO, rollSCD} {
				p.onBeforeAssign(r, func(t *trial, side sideID, hits int) int {
					if side != holder || hits == 0 || int(t.used[c]) >= copies {
						return hits
					}
					t.used[c]++
					return hits - 1
				})
			}
			p.beyondExact("Maneuvering Jets (played on space cannon rolls that hit)")
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
func skilledRetreatCard() card {
	return card{CardInfo: CardInfo{Slug: "skilled-retreat", Name: "Skilled Retreat", Kind: KindActionCard, Copies: 4,
		Effect: "at the start of a space combat round from round 2: all the holder's ships leave and the combat ends before that round's dice, reported as the holder's retreat; played in the first round where the holder's retreat policy would announce a retreat or, with no policy, where its expected hits per round are below the opponent's; Intercept cannot stop it"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			if sc.Action == GroundCombat {
				spaceCardIdle(p, "Skilled Retreat", holder, spaceNoSpace)
			}
			opp := holder.opp()
			c := p.counter()
			never := p.side[holder].retreat.Never()
			p.onStartOfRound(inSpace, func(t *trial) {
				if t.round < 2 || t.used[c] > 0 || t.retreated != noSide || !t.has(holder, tShips) || !t.has(opp, tShips) {
					return
				}
				if never {
					if t.expectedHits(holder, rollSpace) >= t.expectedHits(opp, rollSpace) {
						return
					}
				} else if !t.wantsRetreat(holder) {
					return
				}
				t.used[c] = 1
				t.retreated = holder
				t.endCombat = true // the ships leave before the round's dice
			})
			p.beyondExact("Skilled Retreat (a choice made round by round)")
		}}
}

// emergencyRepairsCard: "At the start or end of a combat round: Repair all
// of your units that have SUSTAIN DAMAGE in the active system." Policy: at
// the end of the first combat round (space or ground) after which at least
// 2 of the holder's units are damaged, or 1 when it has only 1 unit with
// Sustain Damage left; damage from before the combat (space cannon, units
// given damaged) counts, which is what the ruling on playing it at the start
// of round 1 is for, and the end of round 1 repairs it as well.
func emergencyRepairsCard() card {
	return card{CardInfo: CardInfo{Slug: "emergency-repairs", Name: "Emergency Repairs", Kind: KindActionCard, Copies: 1,
		Effect: "at the end of a combat round (space or ground): repair all the holder's units in the system; played after the first round at whose end at least 2 of its units are damaged (1 if it has only 1 unit with Sustain Damage left), damage from before the combat included"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			c := p.counter()
			n := len(p.side[holder].slots)
			repair := func(t *trial) {
				if t.used[c] > 0 {
					return
				}
				slots := t.p.side[holder].slots
				damaged, able := 0, 0
				for i := range n {
					if slots[i].sustain {
						able += int(t.alive[holder][i])
						damaged += int(t.damaged[holder][i])
					}
				}
				need := 2
				if able <= 1 {
					need = 1
				}
				if damaged < need {
					return
				}
				t.used[c] = 1
				for i := range n {
					t.damaged[holder][i] = 0
				}
			}
			for _, ct := range [...]combatType{inSpace, onGround} {
				p.onEndOfRound(ct, repair)
			}
			p.beyondExact("Emergency Repairs (repairs make the chain cyclic)")
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
func experimentalBattlestationCard() card {
	return card{CardInfo: CardInfo{Slug: "experimental-battlestation", Name: "Experimental Battlestation", Kind: KindActionCard, Copies: 1,
		Effect: "held by the defender with a space dock on the planet: the dock uses SPACE CANNON 5 (x3) in space cannon offense against the attacker's ships; always played; nothing when held by the attacker or without a space dock"},
		aliases: []string{"battlestation"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			dock := false
			for i, sl := range p.side[holder].slots {
				dock = dock || (sl.stats.Kind == units.SpaceDock && sl.zone == zonePlanet && p.side[holder].start[i] > 0)
			}
			switch {
			case holder != defender:
				spaceCardIdle(p, "Experimental Battlestation", holder, "it answers another player's ships moving into a system")
				return
			case sc.Action == GroundCombat:
				spaceCardIdle(p, "Experimental Battlestation", holder, spaceNoSpace)
				return
			case !dock:
				spaceCardIdle(p, "Experimental Battlestation", holder, "the defender has no space dock in the active system")
				return
			case spaceHolds(&sc.Attacker, "solar-flare"):
				spaceCardIdle(p, "Experimental Battlestation", holder, "the attacker's Solar Flare forbids space cannon against its ships")
				return
			}
			// Antimass Deflectors attaches late and adjusts this roll too.
			p.addRoller(holder, rollSCO, "Experimental Battlestation", 5, 3)
		}}
}

// fighterPrototypeCard: "At the start of the first round of a space combat:
// Apply +2 to the result of each of your fighters' combat rolls during this
// combat round." Always played (it has no cost).
func fighterPrototypeCard() card {
	return card{CardInfo: CardInfo{Slug: "fighter-prototype", Name: "Fighter Prototype", Kind: KindActionCard, Copies: 1,
		Effect: "+2 to the holder's fighters' combat rolls in the first round of a space combat (not anti-fighter barrage); always played"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			var fighter [maxSlots]bool
			some := false
			for i, sl := range p.side[holder].slots {
				fighter[i] = sl.stats.Kind == units.Fighter && sl.zone == zoneSpace
				some = some || fighter[i]
			}
			switch {
			case sc.Action == GroundCombat:
				spaceCardIdle(p, "Fighter Prototype", holder, spaceNoSpace)
			case !some:
				spaceCardIdle(p, "Fighter Prototype", holder, "the holder has no fighters")
			}
			p.onSlotModifier(rollSpace, func(t *trial, side sideID, s uint8) int {
				if side == holder && fighter[s] && t.round == 1 {
					return 2
				}
				return 0
			})
			p.beyondExact("Fighter Prototype (a modifier in round 1)")
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
func courageousCard() card {
	return card{CardInfo: CardInfo{Slug: "courageous-to-the-end", Name: "Courageous to the End", Kind: KindActionCard, Copies: 1,
		Effect: "after the first of the holder's non-fighter ships is destroyed during a space combat: roll 2 dice at that ship's printed combat value (no modifiers); per hit the opponent destroys 1 of its ships, the first in its hit order, no Sustain Damage"},
		aliases: []string{"courageous"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			if sc.Action == GroundCombat {
				spaceCardIdle(p, "Courageous to the End", holder, spaceNoSpace)
			}
			opp := holder.opp()
			c := p.counter()
			var value [maxSlots]int8 // 0: not a non-fighter ship of the holder
			for i, sl := range p.side[holder].slots {
				if k := sl.stats.Kind; k.Ship() && k != units.Fighter && sl.zone == zoneSpace && sl.stats.Combat.Has() {
					value[i] = int8(sl.stats.Combat.Value)
				}
			}
			ord := p.side[opp].order[tShips]
			p.onDestroyed(func(t *trial, side sideID, s uint8, r rollKind) {
				if side != holder || value[s] == 0 || t.used[c] > 0 {
					return
				}
				if r != rollSpace && r != rollAFB && (r != rollEffect || !t.fought[inSpace]) {
					return
				}
				t.used[c] = 1
				for h := t.dice(int(value[s]), 2, false); h > 0; h-- {
					if ev, _ := t.takeHit(opp, ord, false, false); ev == noTarget {
						return
					}
				}
			})
			p.beyondExact("Courageous to the End (dice after a loss)")
		}}
}

// interceptCard: "After your opponent declares a retreat during a space
// combat: Your opponent cannot retreat during this round of space combat."
// Policy: played on the first retreat the opponent announces by its own
// retreat policy (not one Rout forced); it may announce again in a later
// round (TR). Skilled Retreat is not a retreat and is not stopped.
func interceptCard() card {
	return card{CardInfo: CardInfo{Slug: "intercept", Name: "Intercept", Kind: KindActionCard, Copies: 1,
		Effect: "after the opponent announces a retreat (by its retreat policy): it cannot retreat this round; played on the first announcement; the opponent may announce again in a later round; not against Skilled Retreat"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			opp := holder.opp()
			switch {
			case sc.Action == GroundCombat:
				spaceCardIdle(p, "Intercept", holder, spaceNoSpace)
			case p.side[opp].retreat.Never():
				spaceCardIdle(p, "Intercept", holder, "the "+opp.String()+" has no retreat policy")
			}
			c := p.counter()
			p.onAnnounceRetreat(func(t *trial, leaving sideID) sideID {
				if leaving != opp || t.used[c] > 0 || !t.wantsRetreat(opp) {
					return leaving
				}
				t.used[c] = 1
				return noSide
			})
			p.beyondExact("Intercept (played on a retreat)")
		}}
}

// waylayCard: "Before you roll dice for ANTI-FIGHTER BARRAGE: Hits from this
// roll are produced against all ships (not just fighters)." The opponent
// takes the holder's barrage hits on its ships in its hit order, with no
// Sustain Damage (none is possible against anti-fighter barrage). Always
// played.
func waylayCard() card {
	return card{CardInfo: CardInfo{Slug: "waylay", Name: "Waylay", Kind: KindActionCard, Copies: 1,
		Effect: "the holder's anti-fighter barrage hits are produced against all the opponent's ships, which it takes in its hit order with no Sustain Damage; always played"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			switch {
			case sc.Action == GroundCombat:
				spaceCardIdle(p, "Waylay", holder, spaceNoSpace)
			case len(p.side[holder].rollers[rollAFB]) == 0:
				spaceCardIdle(p, "Waylay", holder, "the holder has no unit with Anti-Fighter Barrage")
			}
			p.side[holder.opp()].targetOf[rollAFB] = tShips
		}}
}

// routCard: "At the start of the "Announce Retreats" step of space combat,
// if you are the defender: Your opponent must announce a retreat, if able."
// (An eligible system is assumed, as for every retreat.) Policy: played in
// the first round where the defender's expected hits per round are below
// the attacker's, unless the attacker announces a retreat anyway.
func routCard() card {
	return card{CardInfo: CardInfo{Slug: "rout", Name: "Rout", Kind: KindActionCard, Copies: 1,
		Effect: "held by the defender: at the Announce Retreats step the attacker must announce a retreat (it leaves at the end of the round); played in the first round where the defender's expected hits per round are below the attacker's; nothing when held by the attacker"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			defer p.beyondExact("Rout (a choice made round by round)")
			switch {
			case holder != defender:
				spaceCardIdle(p, "Rout", holder, "only the defender can play it")
				return
			case sc.Action == GroundCombat:
				spaceCardIdle(p, "Rout", holder, spaceNoSpace)
				return
			}
			c := p.counter()
			p.onAnnounceRetreat(func(t *trial, leaving sideID) sideID {
				if t.used[c] > 0 || leaving == attacker || t.expectedHits(defender, rollSpace) >= t.expectedHits(attacker, rollSpace) {
					return leaving
				}
				t.used[c] = 1
				return attacker
			})
		}}
}

// reflectiveShieldingCard: "When one of your ships uses SUSTAIN DAMAGE
// during combat: Produce 2 hits against your opponent's ships in the active
// system." Played on the first sustain of one of the holder's ships in the
// space combat (its rounds, or effect hits then); not in space cannon
// offense, which is not combat. The hits are of kind rollEffect: the
// opponent may sustain them, and they are ability hits for Direct Hit.
func reflectiveShieldingCard() card {
	return card{CardInfo: CardInfo{Slug: "reflective-shielding", Name: "Reflective Shielding", Kind: KindActionCard, Copies: 1,
		Effect: "when one of the holder's ships uses Sustain Damage in a space combat: 2 hits against the opponent's ships, assigned at once (the opponent may sustain them); played on the first such sustain; not in space cannon offense"},
		aliases: []string{"reflective"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			if sc.Action == GroundCombat {
				spaceCardIdle(p, "Reflective Shielding", holder, spaceNoSpace)
			}
			opp := holder.opp()
			c := p.counter()
			var ship [maxSlots]bool
			for i, sl := range p.side[holder].slots {
				ship[i] = sl.stats.Kind.Ship() && sl.zone == zoneSpace
			}
			p.onSustained(func(t *trial, side sideID, s uint8, r rollKind) {
				if side != holder || !ship[s] || t.used[c] > 0 {
					return
				}
				if r != rollSpace && (r != rollEffect || !t.fought[inSpace]) {
					return
				}
				t.used[c] = 1
				t.assign(opp, rollEffect, 2)
			})
			p.beyondExact("Reflective Shielding (played on a sustain)")
		}}
}

// solarFlareCard: "After you activate a system: During the "Movement" step
// of this tactical action, other players cannot use SPACE CANNON against
// your ships." Held by the attacker: the defender makes no space cannon
// offense (space cannon defense, in the invasion, is untouched). The
// defender's space cannon rolls are removed when the card attaches, so rolls
// the defender's own cards add later must check for it (Experimental
// Battlestation does).
func solarFlareCard() card {
	return card{CardInfo: CardInfo{Slug: "solar-flare", Name: "Solar Flare", Kind: KindActionCard, Copies: 1,
		Effect: "held by the attacker: the defender makes no space cannon offense against its ships (space cannon defense still fires); always played; nothing when held by the defender"},
		late: true, // it silences space cannon the other cards add too
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			switch {
			case holder != attacker:
				spaceCardIdle(p, "Solar Flare", holder, "only the active player can play it")
				return
			case sc.Action == GroundCombat:
				spaceCardIdle(p, "Solar Flare", holder, spaceNoSpace)
				return
			}
			sp := &p.side[defender]
			sp.rollers[rollSCO] = nil
			sp.groups[rollSCO] = nil
			sp.extraDice[rollSCO] = 0
		}}
}

// scrambleFrequencyCard: "After another player makes a BOMBARDMENT, SPACE
// CANNON, or ANTI-FIGHTER BARRAGE roll: That player rerolls all of their
// dice." Policy: played on the first such roll of the opponent (space cannon
// offense or defense, anti-fighter barrage, bombardment) whose hits exceed
// its expected hits (units alive, static modifiers, Plasma Scoring's die).
func scrambleFrequencyCard() card {
	return card{CardInfo: CardInfo{Slug: "scramble-frequency", Name: "Scramble Frequency", Kind: KindActionCard, Copies: 1,
		Effect: "after an opponent's bombardment, space cannon (offense or defense) or anti-fighter barrage roll: the opponent rerolls all its dice; played on the first such roll with more hits than expected"},
		aliases: []string{"scramble"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			opp := holder.opp()
			c := p.counter()
			for _, r := range [...]rollKind{rollSCO, rollAFB, rollBombard, rollSCD} {
				p.onRerollAll(r, func(t *trial, side sideID, hits int) bool {
					if side != opp || t.used[c] > 0 || float64(hits) <= scrambleExpected(t, side, r) {
						return false
					}
					t.used[c] = 1
					return true
				})
			}
			p.beyondExact("Scramble Frequency (a reroll chosen on the dice)")
		}}
}

// scrambleExpected is side's expected hits with a roll of kind r now:
// expectedHits plus the extra die of Plasma Scoring.
func scrambleExpected(t *trial, side sideID, r rollKind) float64 {
	e := t.expectedHits(side, r)
	if n := t.p.side[side].extraDice[r]; n > 0 {
		if thr, ok := t.p.bestRoller(side, r, &t.alive[side]); ok {
			e += float64(n) * hitProbability(thr) * float64(t.p.hitFactor[side][r])
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
func crashLandingCard() card {
	return card{CardInfo: CardInfo{Slug: "crash-landing", Name: "Crash Landing", Kind: KindActionCard, Copies: 1,
		Effect: "held by the attacker of an invasion: when its last ship in the system is destroyed, 1 of its ground forces in the space area (a mech first) lands on the planet in coexistence: it is neither lost nor removed for capacity, does not fight and takes no control; the landed unit is not listed among the survivors"},
		attach: func(p *plan, sc *scenarioIn, holder sideID, _ int) {
			defer p.beyondExact("Crash Landing (exact mode does not replay destroyed units)")
			switch {
			case sc.Action != Invasion:
				spaceCardIdle(p, "Crash Landing", holder, "only an invasion has ground forces in the space area")
				return
			case holder != attacker:
				spaceCardIdle(p, "Crash Landing", holder, "the defender's ground forces are on the planet already")
				return
			}
			sp := &p.side[holder]
			var src, dst [2]uint8
			n := 0
			for _, k := range [...]units.Kind{units.Mech, units.Infantry} {
				for i, sl := range sp.slots {
					if sl.stats.Kind != k || sl.zone != zoneSpace || n == len(src) {
						continue
					}
					if len(sp.slots) >= maxSlots {
						p.warnings = append(p.warnings, "Crash Landing: too many unit types to place a ground force; ignored")
						return
					}
					st := sl.stats
					st.Name += " (crash-landed)"
					src[n], dst[n] = uint8(i), uint8(len(sp.slots))
					sp.slots = append(sp.slots, slot{stats: st, zone: zonePlanet, costHalves: sl.costHalves})
					n++
				}
			}
			if n == 0 {
				spaceCardIdle(p, "Crash Landing", holder, "the attacker has no ground forces in the space area")
				return
			}
			var ship [maxSlots]bool
			for i, sl := range sp.slots {
				ship[i] = sl.stats.Kind.Ship()
			}
			c := p.counter()
			land := func(t *trial) {
				if t.used[c] > 0 || t.has(holder, tShips) {
					return
				}
				for i := range n {
					s, d := src[i], dst[i]
					if t.alive[holder][s] == 0 {
						continue
					}
					t.used[c] = 1
					if t.damaged[holder][s] == t.alive[holder][s] { // all damaged: a damaged one lands
						t.damaged[holder][s]--
						t.damaged[holder][d]++
					}
					t.alive[holder][s]--
					t.alive[holder][d]++
					for tg, in := 0, t.p.side[holder].in[s]; in != 0; tg, in = tg+1, in>>1 {
						t.count[holder][tg] -= int32(in & 1)
					}
					return
				}
			}
			p.onDestroyed(func(t *trial, side sideID, s uint8, _ rollKind) {
				if side == holder && ship[s] {
					land(t)
				}
			})
			// Ships destroyed by effects (Direct Hit, Courageous to the End)
			// fire no onDestroyed: look again at the end of each round.
			p.onEndOfRound(inSpace, land)
		}}
}
