package combat

import (
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// factionRulesF returns one group of modelled faction texts, by ability
// slug: Rickar Rickani and Imperator (Winnu), The Egeiro (Last Bastion),
// Reanimator (Vuil'raith), Crimson Legionnaire II (Mahact), Brother Milor
// (Yin), Iconoclast (Naalu, three printings), Dynamo (Empyrean) and
// Ipswitch, Loose Cannon (Mentak). The
// helpers of this file end in F so as not to clash with the other faction
// files.
func factionRulesF() map[string]factionRule {
	return map[string]factionRule{
		"rickar-rickani":         {attach: rickarRickani},
		"imperator":              {attach: imperator},
		"the-egeiro":             {attach: theEgeiro},
		"reanimator":             {attach: reanimator},
		"crimson-legionnaire-ii": {attach: crimsonLegionnaireII},
		"brother-milor":          {attach: brotherMilor},
		"iconoclast":             {attach: iconoclast},
		"dynamo":                 {attach: dynamo},
		"ipswitch-loose-cannon":  {attach: ipswitch},
	}
}

// addCombatRollBonus gives holder's combat rolls (space and ground combat
// rounds; not anti-fighter barrage, space cannon or bombardment) a static
// +bonus.
func addCombatRollBonus(p *plan, holder, bonus int) {
	all := func(uint8) bool { return true }
	p.adjustThresholds(holder, rollSpace, -bonus, all)
	p.adjustThresholds(holder, rollGround, -bonus, all)
}

// ---------------------------------------------------------------------------
// Winnu

// rickarRickani (Winnu commander, Rickar Rickani): "+2 to every Winnu
// combat roll in the Mecatol Rex system, the Winnu home system and systems
// with a legendary planet." Listed by a side (among its cards: a leader is
// not a technology), it acts for that side — the Winnu, or a player given
// the commander by the Alliance note, whose own units then roll with it.
// The scenario has no map, so the system is assumed to be one of those (the
// effect's name says so): list it only when it is. Combat rolls are the
// space and ground combat rounds' dice (LRR 56), not anti-fighter barrage,
// space cannon or bombardment. Static: exact mode solves it.
func rickarRickani(p *plan, sc *Scenario, holder int) {
	addCombatRollBonus(p, holder, 2)
	p.addEffect("Rickar Rickani (+2: the system is assumed to be Mecatol Rex, the Winnu home or a legendary planet's)", true)
}

// imperator (Winnu breakthrough, Imperator): "+1 to every Winnu combat
// roll for each 'Support for the Throne' in the opponent's play area."
// The number N, 0..7 (one note from each other player), is given as "imperator:N" among the side's
// cards (no count means 1); the holder's space and ground combat rolls get
// +N. A count out of range is reported and the text ignored. Static: exact
// mode solves it. Not modelled: the note changing hands during the action.
func imperator(p *plan, sc *Scenario, holder int) {
	n, _ := factionItemCount(sideOf(sc, holder), "imperator") // range checked by Validate
	addCombatRollBonus(p, holder, n)
	p.addEffect(fmt.Sprintf("Imperator (+%d: %d Support for the Throne in the opponent's play area)", n, n), true)
}

// ---------------------------------------------------------------------------
// Last Bastion

// theEgeiro (Last Bastion flagship, The Egeiro): "Apply +1 to the result
// of each of this unit's combat rolls for each non-home system that
// contains a planet you control." The count N, 0..30, is given as
// "the-egeiro:N" among the side's cards; without it N is 0 and a warning
// says the count was not given. Its combat rolls are its space combat dice
// (a flagship has no ground combat roll); galvanized dice of the flagship
// are its rolls too. Static: exact mode solves it. Not modelled: planets
// changing hands during the action (the invaded planet, in its own system,
// is not counted).
func theEgeiro(p *plan, sc *Scenario, holder int) {
	n, given := factionItemCount(sideOf(sc, holder), "the-egeiro") // range checked by Validate
	if !given {
		n = 0
		p.warnOnce(fmt.Sprintf("The Egeiro (%s): the number of non-home systems with a planet Last Bastion controls was not given (list the-egeiro:N among the cards); 0 is assumed", sideName(holder)))
	}
	flag := func(s uint8) bool {
		sl := p.side[holder].slots[s]
		return sl.stats.Kind == units.Flagship && sl.zone == zoneSpace
	}
	p.adjustThresholds(holder, rollSpace, -n, flag)
	p.addEffect(fmt.Sprintf("The Egeiro (+%d: non-home systems with a planet Last Bastion controls)", n), true)
}

// ---------------------------------------------------------------------------
// Vuil'raith

// reanimator (Vuil'raith mech, Reanimator): "Your infantry on this planet
// are captured instead of being returned to reinforcements when they are
// destroyed" (catalog: Vuil'raith infantry destroyed on its planet are
// captured). Each of the holder's infantry destroyed by a hit while on the
// contested planet with a holder's mech alive there is counted in
// SideResult.Captured (the holder's own captures). On the planet: the
// defender's ground forces always are; the attacker's are after the
// commitment of an invasion (so not those a barrage destroys in the space
// area), and in a ground combat alone. Space cannon defense and ground
// combat hits count, and a defender's infantry lost to bombardment. As for
// Devour, only destructions by hits count (not units an effect removes).
// No double count: Devour counts only the opponent's units, and while the
// holder's flagship (The Terror Between) is alive it already captures the
// holder's own destroyed units, so Reanimator counts only when the holder
// has no flagship alive. Articles of War removes the text. Captures are
// counted in hooks on destruction: exact mode refuses.
func reanimator(p *plan, sc *Scenario, holder int) {
	if mechTextLost(sc) {
		p.addEffect("Reanimator", true)
		factionIdle(p, "Reanimator", holder, "Articles of War takes the mechs' texts away")
		return
	}
	mechs := kindSlots(p, holder, tGround, units.Mech)
	inf := kindSlots(p, holder, tGround, units.Infantry)
	if sc.Action == SpaceCombat || len(mechs) == 0 || len(inf) == 0 {
		p.addEffect("Reanimator", true)
		return
	}
	var isInf [maxSlots]bool
	for _, s := range inf {
		isInf[s] = true
	}
	flag, hasFlag := captureFlagship(p, holder)
	onPlanetAlways := holder == defender || sc.Action == GroundCombat
	p.hooks.onDestroyed = append(p.hooks.onDestroyed, func(t *trial, side int, s uint8, _ rollKind) {
		if side != holder || !isInf[s] || !(onPlanetAlways || t.invaded) {
			return
		}
		if hasFlag && t.alive[holder][flag] > 0 {
			return // The Terror Between counts it
		}
		for _, m := range mechs {
			if t.alive[holder][m] > 0 {
				t.captured[holder]++
				return
			}
		}
	})
	p.addEffect("Reanimator (captured infantry are counted)", false)
}

// ---------------------------------------------------------------------------
// Mahact

// crimsonLegionnaireII (Mahact infantry upgrade, Crimson Legionnaire II):
// "After this unit is destroyed, gain 1 commodity or convert 1 of your
// commodities to a trade good. Then, place the unit on this card; at the
// start of your next turn, place each unit that is on this card on a planet
// you control in your home system." It always comes back, with no roll:
// the unit's numbers carry Revive {1, 1} (every die result succeeds), so
// the engine's revival (the slots in sidePlan.revivers) reports each
// Crimson Legionnaire II destroyed by a hit in SideResult.Revived with
// probability 1, in Monte Carlo and exact mode alike. Nothing else is
// attached; the commodities are not modelled, nor units removed without
// being destroyed (capacity), which are not revived.
func crimsonLegionnaireII(p *plan, sc *Scenario, holder int) {
	p.addEffect("Crimson Legionnaire II (each one destroyed returns: counted in Revived)", true)
}

// ---------------------------------------------------------------------------
// Yin

// brotherMilor (Yin agent, Brother Milor). Printings: the original, "After
// a player's destroyer or cruiser is destroyed, you may exhaust this card;
// if you do, that player may place up to 2 fighters from their
// reinforcements in that unit's system"; Codex III Ω and Thunder's Edge
// widen it to any destroyed unit (2 fighters for a ship, 2 infantry on the
// planet for a ground force; Thunder's Edge only during combat). Listed by
// a side, the agent is that side's. Policy (valid under every printing):
// once per action (it exhausts), on the holder's first destroyer or cruiser
// destroyed by a hit during a space combat (a combat round's or an
// effect's hit), the holder places 2 fighters, which join the combat: after
// the roll's hits are all assigned (they take none of that roll's hits),
// they are the holder's ships, roll in the following rounds at the holder's
// fighter value (its static modifiers included) and take hits, first of its
// ships as its fighters do. If the holder had no ship left, they keep it in
// the combat. When the combat ends they need room like the holder's other
// fighters (Fighter I). They come from the reinforcements: not listed among
// the Survivors, and their loss is not counted in ResourcesLost; the
// outcome counts them. Not modelled: units destroyed without a hit
// (Devotion's or Impulse Core's sacrifice, Van Hauge), other players' units,
// and the wider Ω/Thunder's Edge triggers (fighters for other ships,
// infantry for ground forces). Units join during the action: no fast
// tables, and exact mode refuses.
func brotherMilor(p *plan, sc *Scenario, holder int) {
	ships := p.slotsOf(holder, tShips, func(k units.Kind) bool { return k == units.Destroyer || k == units.Cruiser })
	if sc.Action == GroundCombat || len(ships) == 0 {
		p.addEffect("Brother Milor", true)
		factionIdle(p, "Brother Milor", holder, "the side has no destroyer or cruiser in a space combat")
		return
	}
	i, err := p.joinSlot(sc, holder, units.Fighter, "Brother Milor")
	if err != nil {
		p.addEffect("Brother Milor", true)
		p.warnings = append(p.warnings, "Brother Milor: "+err.Error()+"; ignored")
		return
	}
	p.warnOnce(fmt.Sprintf("Brother Milor: the fighters it gives the %s are not listed among its survivors (they were not in the fleet); the outcome counts them", sideName(holder)))
	var trigger [maxSlots]bool
	for _, d := range ships {
		trigger[d] = true
	}
	c := p.counter() // used: the agent is exhausted; mark: fighters to place
	p.hooks.onDestroyed = append(p.hooks.onDestroyed, func(t *trial, side int, s uint8, r rollKind) {
		if side != holder || !trigger[s] || t.used[c] > 0 || (r != rollSpace && r != rollEffect) || !t.fought[inSpace] || t.fought[onGround] {
			return
		}
		t.used[c], t.mark[c] = 1, 2
	})
	place := func(t *trial, side int) {
		if side != holder || t.mark[c] == 0 {
			return
		}
		n := uint16(t.mark[c])
		t.mark[c] = 0
		t.join(holder, i, int(n))
	}
	p.hooks.afterAssign[rollSpace] = append(p.hooks.afterAssign[rollSpace], place)
	p.hooks.afterAssign[rollEffect] = append(p.hooks.afterAssign[rollEffect], place)
	p.addEffect("Brother Milor (2 fighters join the combat)", false)
}

// ---------------------------------------------------------------------------
// Naalu

// iconoclast (Naalu mech, Iconoclast), by the scenario's printing
// (Printings.Iconoclast):
//   - Thunder's Edge (current): "DEPLOY: When another player gains a relic,
//     place 1 mech on any planet you control." Nothing in combat.
//   - Codex III Ω: "Other players cannot use ANTI-FIGHTER BARRAGE against
//     your units in this system." While a holder's mech is in the system
//     (the defender's on the planet, the attacker's in the space area; no
//     step before the barrage can destroy it), every hit of the opponent's
//     anti-fighter barrage against the holder is cancelled before it is
//     assigned (first among the effects on it, so Raid Formation sees no
//     hit). Deterministic, but exact mode does not express effects on the
//     barrage and refuses it in an action with a space combat.
//   - Prophecy of Kings: "During combat against an opponent who has at
//     least 1 relic fragment, apply +2 to the results of this unit's combat
//     rolls." The scenario cannot say whether the opponent has a fragment:
//     one is assumed (the effect's name says so). The mech's combat rolls
//     are its ground combat dice (mechs do not roll in space combat).
//     Static: exact mode solves it.
//
// Articles of War removes the Ω and PoK texts.
func iconoclast(p *plan, sc *Scenario, holder int) {
	switch sc.Printings.Iconoclast {
	case IconoclastTE:
		p.addEffect("Iconoclast (Thunder's Edge printing: a Deploy ability, nothing in combat)", true)
		return
	}
	if mechTextLost(sc) {
		p.addEffect("Iconoclast", true)
		factionIdle(p, "Iconoclast", holder, "Articles of War takes the mechs' texts away")
		return
	}
	mechs := kindSlots(p, holder, tGround, units.Mech)
	if sc.Printings.Iconoclast == IconoclastOriginal {
		var isMech [maxSlots]bool
		for _, m := range mechs {
			isMech[m] = true
		}
		p.adjustThresholds(holder, rollGround, -2, func(s uint8) bool { return isMech[s] })
		p.addEffect("Iconoclast (PoK printing: +2 to its combat rolls; the opponent is assumed to have a relic fragment)", true)
		return
	}
	if sc.Action == GroundCombat || len(mechs) == 0 {
		p.addEffect("Iconoclast Ω", true)
		return
	}
	cancel := func(t *trial, side, hits int) int {
		if side != holder {
			return hits
		}
		for _, m := range mechs {
			if t.alive[holder][m] > 0 {
				return 0
			}
		}
		return hits
	}
	p.hooks.beforeAssign[rollAFB] = append([]func(*trial, int, int) int{cancel}, p.hooks.beforeAssign[rollAFB]...)
	p.addEffect("Iconoclast Ω (no anti-fighter barrage against the Naalu units)", false)
}

// ---------------------------------------------------------------------------
// Empyrean

// dynamo (Empyrean flagship, Dynamo): "After any player's unit in this
// system or an adjacent system uses SUSTAIN DAMAGE, you may spend 2
// influence to repair that unit." Policy: while the flagship is alive,
// each time one of the holder's own units in the system (ships, and ground
// forces on the planet) uses Sustain Damage, against any roll or effect,
// the holder spends 2 of its Side.Influence (tracked per trial) to repair
// it, while at least 2 are left. A unit uses Sustain Damage at most once
// per assignment of hits (LRR 1.18: an ability resolves once per
// occurrence of its timing event; LRR 87): the repaired unit cannot cancel
// another hit of the same roll, so its repair is kept in trial.repairs and
// made when the assignment ends (afterAssign) — the same as repairing it
// at once and barring it from the rest of the assignment, since a hit it
// would take then destroys it either way. From the next assignment on it
// may sustain again. Without 2 influence a warning says it does nothing.
// Not modelled: repairing other players' units (never in the holder's
// interest here) and units in adjacent systems; influence is not counted
// as resources lost. The repair happens in hooks on sustaining and after
// assignments: exact mode refuses.
func dynamo(p *plan, sc *Scenario, holder int) {
	flag, ok := captureFlagship(p, holder)
	switch {
	case !ok || sc.Action == GroundCombat:
		p.addEffect("Dynamo", true)
		return
	case sideOf(sc, holder).Influence < 2:
		p.addEffect("Dynamo", true)
		factionIdle(p, "Dynamo", holder, "it needs 2 influence per repair and the side has less (give it with --"+sideName(holder)+"-influence)")
		return
	}
	p.hooks.onSustain = append(p.hooks.onSustain, func(t *trial, side int, s uint8, _ rollKind) {
		if side == holder && t.alive[holder][flag] > 0 && spend(&t.influence[holder], 2) {
			t.repairs[holder][s]++
		}
	})
	repair := func(t *trial, side int) {
		if side != holder {
			return
		}
		for s, n := range t.repairs[holder] {
			// A repaired unit destroyed later in the same assignment
			// was damaged then: only the damaged ones left are repaired.
			n = min(n, t.damaged[holder][s])
			t.damaged[holder][s] -= n
			t.sustainedRound[holder][s] -= min(n, t.sustainedRound[holder][s])
			t.repairs[holder][s] = 0
		}
	}
	for r := range numRollKinds {
		if r.sustainable() {
			p.hooks.afterAssign[r] = append(p.hooks.afterAssign[r], repair)
		}
	}
	p.addEffect("Dynamo (repairs for 2 influence)", false)
}

// ---------------------------------------------------------------------------
// Mentak

// ipswitch (Mentak hero, Ipswitch, Loose Cannon; Sleeper Cell): "At the
// start of a space combat the Mentak are in, purge this card; for each
// enemy ship destroyed in that combat, place a ship of the same type from
// your reinforcements in the active system." Listed among a side's cards,
// the hero is that side's; policy: it is always used, in the action's space
// combat (once per action: it is purged). Each of the opponent's ships
// destroyed by a hit during the space combat — its rounds, the
// anti-fighter barrage, and effects' hits within it — gives the holder one
// ship of that kind (its own faction unit, upgraded as the side is:
// joinSlot), which joins the combat once the roll's hits are assigned (for
// the barrage and the rounds, where both sides' hits come together, once
// both sides have assigned them): it takes none of that roll's hits, rolls
// in the following rounds, and keeps the holder in the combat if the holder
// had no ship left. The holder's plan gets one hidden slot per kind of
// ship the opponent has; a kind with no room left (maxSlots) gives nothing,
// with a warning. A flagship is placed only when the holder has none in
// the fleet, and once. The ships come from the reinforcements: not listed
// among the Survivors (a warning says so), their losses not counted in
// ResourcesLost; the outcome counts them. Not modelled: the reinforcements'
// limits (other than the flagship's), ships destroyed without a hit
// (Devotion, Van Hauge), and ships that join the opponent during the
// action (Brother Milor's fighters) unless their slot exists when this
// text is attached. Gained ships stay for the rest of an invasion (they
// carry ground forces, and bombard: joinSlot). Units join during the action: no fast tables, and exact
// mode refuses.
func ipswitch(p *plan, sc *Scenario, holder int) {
	const name = "Ipswitch, Loose Cannon"
	opp := 1 - holder
	if sc.Action == GroundCombat {
		p.addEffect(name, true)
		factionIdle(p, name, holder, "there is no space combat in a ground combat")
		return
	}
	osp := &p.side[opp]
	var kinds []units.Kind
	var kindOf [maxSlots]int8 // the opponent's slot → index in kinds, or -1
	for s := range kindOf {
		kindOf[s] = -1
	}
	for _, s := range osp.order[tShips] {
		k := osp.slots[s].stats.Kind
		if !k.Ship() {
			continue
		}
		j := slices.Index(kinds, k)
		if j < 0 {
			j = len(kinds)
			kinds = append(kinds, k)
		}
		kindOf[s] = int8(j)
	}
	if len(kinds) == 0 || len(p.side[holder].order[tShips]) == 0 {
		p.addEffect(name, true)
		factionIdle(p, name, holder, "there is no space combat (a side has no ship)")
		return
	}
	// at[j] is the holder's joining slot for kinds[j]; ok[j] whether it
	// has one.
	var at [8]uint8
	var ok, flag [8]bool
	hasFlag := sideOf(sc, holder).Fleet.Count(units.Flagship) > 0
	for j, k := range kinds {
		if k == units.Flagship && hasFlag {
			p.warnOnce(fmt.Sprintf("%s (%s): the holder's flagship is already in the system; a destroyed flagship gives nothing", name, sideName(holder)))
			continue
		}
		i, err := p.joinSlot(sc, holder, k, "Ipswitch")
		if err != nil {
			p.warnings = append(p.warnings, fmt.Sprintf("%s: %v; destroyed %ss give nothing", name, err, k))
			continue
		}
		at[j], ok[j], flag[j] = i, true, k == units.Flagship
	}
	p.warnOnce(fmt.Sprintf("%s: the ships it gives the %s are not listed among its survivors (they were not in the fleet); the outcome counts them", name, sideName(holder)))
	// Ships to place, one byte per kind: kinds 0..3 in mark[c0], 4..7 in
	// mark[c1] (at most 255 of a kind per roll).
	c0, c1 := p.counter(), p.counter()
	p.hooks.onDestroyed = append(p.hooks.onDestroyed, func(t *trial, side int, s uint8, r rollKind) {
		if side != opp || (r != rollSpace && r != rollAFB && r != rollEffect) || !t.fought[inSpace] || t.fought[onGround] {
			return
		}
		j := kindOf[s]
		if j < 0 || !ok[j] {
			return
		}
		c, sh := c0, 8*uint(j)
		if j >= 4 {
			c, sh = c1, 8*uint(j-4)
		}
		if (t.mark[c]>>sh)&0xff < 0xff {
			t.mark[c] += 1 << sh
		}
	})
	place := func(t *trial) {
		if t.mark[c0] == 0 && t.mark[c1] == 0 {
			return
		}
		for j := range kinds {
			c, sh := c0, 8*uint(j)
			if j >= 4 {
				c, sh = c1, 8*uint(j-4)
			}
			n := uint16((t.mark[c] >> sh) & 0xff)
			if n == 0 {
				continue
			}
			if flag[j] {
				n = 0
				if t.alive[holder][at[j]]+t.killed[holder][at[j]] == 0 {
					n = 1
				}
			}
			t.join(holder, at[j], int(n))
		}
		t.mark[c0], t.mark[c1] = 0, 0
	}
	// Both sides' hits of a barrage or a round come together: place once
	// the second of them (the attacker's) is assigned; an effect's hits
	// once the opponent has assigned them.
	both := func(t *trial, side int) {
		if side == attacker {
			place(t)
		}
	}
	p.hooks.afterAssign[rollSpace] = append(p.hooks.afterAssign[rollSpace], both)
	p.hooks.afterAssign[rollAFB] = append(p.hooks.afterAssign[rollAFB], both)
	p.hooks.afterAssign[rollEffect] = append(p.hooks.afterAssign[rollEffect], func(t *trial, side int) {
		if side == opp {
			place(t)
		}
	})
	p.addEffect(name+" (a ship for each enemy ship destroyed in the space combat)", false)
}
