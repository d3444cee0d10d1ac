package effects

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// Twilight Imperium 3's leaders present in the fight, the High Alert token
// and the Ion Storm (ruleset ti3-sa). Sources: the Shattered Ascension
// v4.0 rules ("SA", /shared/seeds: LEADERS; STRATEGY CARDS, Warfare II High
// Alert) and, where SA only amends TI3, Cyrusa's Shattered Ascension 4.2
// rulebook ("CRB", repository
// Astral-Cyrusa/TwilightImperium3-ShatteredAscension4.2-CompactRulebook:
// Leader Abilities, Ion Storm, Combat Roll), whose wordings of the leaders
// state the TI3 + SA abilities.

// ti3Leaders are the leaders a side may have in the fight, with what each
// does in it and how ti4sim models it.
var ti3Leaders = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"general":   "the side's ground units in an invasion combat (or a ground combat) with the General get +1 to their combat rolls and may reroll 2 missed dice each round, the best chances first, a die missed again rerolled again (TI3: +1 defending, 2 rerolls attacking; SA LEADERS: both in attack and defense; CRB General for the rerolls' play); bombardment against a planet with the defender's General gets -4 (TI3 General, FW Leaders (Third Edition), unchanged by SA v4.0; SA 4.2's rulebook and the peer calculator say -3); general:no-rerolls: the +1 and the bombardment's -4 without the rerolls",
		"admiral":   "the ship carrying the Admiral rolls 1 more die in each space battle round (CRB Admiral); ti4sim puts it on the side's best ship alive, the die at that ship's value; admiral:UNIT (e.g. admiral:dreadnought) puts it on one ship of that kind, which rolls 1 more die and is the last of its kind the side loses (a damaged one loses a die of its dice as SA says, to a minimum of 1)",
		"agent":     "the attacker's Agent, landing with the ground forces, stops the defender's units from firing space cannon defense (CRB Agent: Invasion Defence); a defender's Agent changes no roll here; capturing leaders and sabotaging cards are outside the combat",
		"scientist": "the side's PDS on a planet with its Scientist (the defender's on the invaded planet, the attacker's PDS on its own planets in the system) get +1 to their rolls, and the defender's PDS shield then stops war suns' bombardment too (TI3 Scientist, FW Leaders (Third Edition); CRB Scientist for the +1); scientist:adjacent puts it on a planet in an adjacent system with the side's adjacent PDS instead: they get +1",
		"diplomat":  "may cancel the invasion and bombardment of its planet before any roll, unless the attacker pays 6 influence (CRB Diplomat): a choice outside the dice; ti4sim answers the invasion as fought (not cancelled, or overturned) and says so",
	}
}}

// TI3Leaders returns the Twilight Imperium 3 leaders the engine knows (for
// Side.Leaders under EditionTI3SA), with what each does.
func TI3Leaders() map[string]string {
	out := make(map[string]string, len(ti3Leaders.Get()))
	for k, v := range ti3Leaders.Get() {
		out[k] = v
	}
	return out
}

// TI3HighAlert and TI3IonStorm say how the High Alert token and the Ion
// Storm are modelled.
const (
	TI3HighAlert = "the High Alert token gives +1 to every combat roll of its owner's units in its system — space battle and invasion combat rounds, the pre-combat shots, anti-fighter barrage, space cannon and bombardment (SA Warfare II: all friendly combat rolls in its system, not just in space battles; CRB Combat Roll: any roll against a unit's combat value); PDS in adjacent systems are not in it"
	TI3IonStorm  = "the active system is an Ion Storm: no space cannon fires at units in it (space cannon offense and defense, adjacent PDS included) and fighters in it make no combat rolls (CRB Ion Storm)"
)

// ti3LeaderNames returns the leaders' slugs, sorted.
func ti3LeaderNames() []string {
	out := make([]string, 0, len(ti3Leaders.Get()))
	for k := range ti3Leaders.Get() {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// validateTI3Leaders checks the sides' leaders, High Alert and the Ion
// Storm: TI3 only, known leaders, each at most once (several Generals do
// not add up, CRB General), one High Alert token.
func (sc *Scenario) validateTI3Leaders() error {
	ti3 := sc.Edition == engine.EditionTI3SA
	if sc.IonStorm && !ti3 {
		return engine.Inputf("", "IonStorm", "ion storm: a Twilight Imperium 3 (Shattered Empire) system; give ruleset ti3-sa")
	}
	if sc.Attacker.HighAlert && sc.Defender.HighAlert {
		return engine.Inputf("", "HighAlert", "high alert: there is one High Alert token; give it to one side")
	}
	for i, s := range []*engine.Force{&sc.Attacker, &sc.Defender} {
		name := engine.Side(i).String()
		if !ti3 && (len(s.TI3Leaders) > 0 || s.HighAlert) {
			field := "Leaders"
			if len(s.TI3Leaders) == 0 {
				field = "HighAlert"
			}
			return engine.Inputf(name, field, "leaders and the High Alert token are Twilight Imperium 3's (ruleset ti3-sa); Twilight Imperium 4's leaders are faction cards")
		}
		seen := map[string]bool{}
		for at, l := range s.TI3Leaders {
			slug, opt := leaderOption(l)
			if _, ok := ti3Leaders.Get()[slug]; !ok {
				return engine.InputAtf(name, "Leaders", at, "unknown leader %s; allowed: %s", echo.Quote(l), strings.Join(ti3LeaderNames(), ", "))
			}
			if seen[slug] {
				return engine.InputAtf(name, "Leaders", at, "leader %s given twice (two of a kind do not add up)", slug)
			}
			seen[slug] = true
			if err := checkLeaderOption(s, slug, opt); err != nil {
				return engine.InputAtf(name, "Leaders", at, "leader %s: %v", echo.Quote(l), err)
			}
		}
	}
	return nil
}

// leaderOption splits a leader "slug:option" (e.g. "admiral:dreadnought"),
// lower case; the option is "" when none is given.
func leaderOption(l string) (slug, opt string) {
	slug, opt, _ = strings.Cut(strings.ToLower(strings.TrimSpace(l)), ":")
	return strings.TrimSpace(slug), strings.Join(strings.Fields(opt), " ")
}

// checkLeaderOption checks a leader's option: general:no-rerolls,
// admiral:UNIT (a ship other than a fighter that the side has),
// scientist:adjacent (the side has adjacent PDS).
func checkLeaderOption(s *engine.Force, slug, opt string) error {
	switch {
	case opt == "":
		return nil
	case slug == "general":
		if opt != "no-rerolls" {
			return fmt.Errorf("unknown option %s; allowed: general:no-rerolls (the +1 without the rerolls)", echo.Quote(opt))
		}
	case slug == "admiral":
		k, _, err := units.ParseKindTI3(opt)
		if err != nil || !k.Ship() || k == units.Fighter {
			return fmt.Errorf("%s is not a ship that can carry the Admiral; give admiral:UNIT with a ship of the side other than a fighter, e.g. admiral:dreadnought", echo.Quote(opt))
		}
		if s.Fleet.Count(k) == 0 {
			return fmt.Errorf("the side has no %s to carry the Admiral", units.KindNameTI3(k))
		}
	case slug == "scientist":
		if opt != "adjacent" {
			return fmt.Errorf("unknown option %s; allowed: scientist:adjacent (on a planet with the side's adjacent PDS)", echo.Quote(opt))
		}
		if s.AdjacentPDS == 0 {
			return fmt.Errorf("the side has no adjacent PDS (give them with its adjacent PDS)")
		}
	default:
		return fmt.Errorf("the %s takes no option", slug)
	}
	return nil
}

// hasLeader reports whether side s has the leader slug in the fight (with
// any option).
func hasLeader(s *engine.Force, slug string) bool {
	_, ok := leaderOf(s, slug)
	return ok
}

// leaderOf returns the option side s gives its leader slug ("" for none),
// and whether it has that leader in the fight.
func leaderOf(s *engine.Force, slug string) (string, bool) {
	for _, l := range s.TI3Leaders {
		if sl, opt := leaderOption(l); sl == slug {
			return opt, true
		}
	}
	return "", false
}

// admiralShip returns the kind of ship side s puts its Admiral on
// (admiral:UNIT), and false when it names none.
func admiralShip(s *engine.Force) (units.Kind, bool) {
	opt, ok := leaderOf(s, "admiral")
	if !ok || opt == "" {
		return 0, false
	}
	k, _, err := units.ParseKindTI3(opt)
	return k, err == nil
}

// addAdmiralShip splits the ship carrying the Admiral (admiral:UNIT) off
// into a slot of its own, before the rolls are built: it rolls 1 more
// combat die (CRB Admiral: in each space battle round; a ship rolls its
// combat dice only there), and being the last slot of its kind it is the
// last of its kind the side loses. Under SA a damaged unit loses a die of
// its dice, the Admiral's included, to a minimum of 1.
func addAdmiralShip(sp *engine.SidePlan, s *engine.Force) {
	k, ok := admiralShip(s)
	if !ok {
		return
	}
	i, ok := sp.SlotOfKind(k)
	if !ok {
		return
	}
	st := sp.Slots[i].Stats
	st.Name += " (Admiral)"
	st.Combat.Dice++
	sp.SplitSlot(i, 1, st)
}

// applyTI3Leaders attaches the leaders, High Alert and the Ion Storm, after
// every other TI3 rule (their modifiers add to the technologies').
func applyTI3Leaders(p *engine.Plan, sc *Scenario) {
	for side := range engine.NumSides {
		s := sc.Side(side)
		sp := &p.Side[side]
		inSystem := func(slot uint8) bool { return sp.Slots[slot].Zone != engine.ZoneAdjacent }
		if s.HighAlert {
			shiftAllRolls(p, side, -1, inSystem)
		}
		if opt, ok := leaderOf(s, "general"); ok && sc.Action != engine.SpaceCombat {
			p.AdjustThresholds(side, engine.RollGround, -1, func(uint8) bool { return true })
			if opt != "no-rerolls" {
				sp.SetRerollBudget(engine.RollGround, 2)
			}
			if side == engine.Defender && sc.Action == engine.Invasion {
				p.AdjustThresholds(engine.Attacker, engine.RollBombard, 4, func(uint8) bool { return true })
			}
		}
		if _, on := admiralShip(s); hasLeader(s, "admiral") && !on && sc.Action != engine.GroundCombat {
			sp.AddExtraDice(engine.RollSpace, 1)
		}
		if opt, ok := leaderOf(s, "scientist"); ok {
			adjacent := opt == "adjacent"
			withScientist := func(slot uint8) bool {
				sl := sp.Slots[slot]
				return sl.Stats.Kind == units.PDS && (sl.Zone == engine.ZoneAdjacent) == adjacent
			}
			p.AdjustThresholds(side, engine.RollSCO, -1, withScientist)
			p.AdjustThresholds(side, engine.RollSCD, -1, withScientist)
			if side == engine.Defender && sc.Action == engine.Invasion && s.Fleet.Count(units.PDS) > 0 && !adjacent {
				p.Side[engine.Attacker].NoThroughShield() // the shield stops war suns too
			}
		}
		if hasLeader(s, "agent") {
			switch {
			case side == engine.Attacker && sc.Action == engine.Invasion:
				p.Side[engine.Defender].NoRolls(engine.RollSCD)
			default:
				p.Warn(fmt.Sprintf("%s: the Agent changes no roll in this combat (it stops the defender's space cannon defense when the attacker's Agent lands in an invasion)", side.String()))
			}
		}
		if hasLeader(s, "diplomat") && side == engine.Defender && sc.Action == engine.Invasion {
			p.Warn("defender: the Diplomat may cancel this invasion and its bombardment before any roll (the attacker may overturn it for 6 influence); the answer is the invasion fought")
		}
	}
	if sc.IonStorm {
		for side := range engine.NumSides {
			sp := &p.Side[side]
			sp.NoRolls(engine.RollSCO)
			sp.NoRolls(engine.RollSCD)
			var keep []engine.Roller
			for _, ro := range sp.Rollers[engine.RollSpace] {
				if sp.Slots[ro.Slot].Stats.Kind != units.Fighter {
					keep = append(keep, ro)
				}
			}
			sp.SetRollers(engine.RollSpace, keep)
		}
	}
}
