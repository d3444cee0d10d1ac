package effects

import (
	"sort"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// ti3Card is a Twilight Imperium 3 action card the engine models under
// ruleset ti3-sa (Side.Cards there): its text and how it attaches for the
// side that plays it.
type ti3Card struct {
	text   string
	attach func(p *engine.Plan, sc *Scenario, holder engine.Side)
}

// ti3Cards are the TI3 action cards modelled, by slug. Sources: the
// Shattered Ascension v4.0 "Miscellaneous cards" section (SA) where it
// rewrites a card; otherwise the card texts as the TI3 port Tirvy/PC_Twi
// transcribes them (PCT, GameEffects/actioncards/a_BeforeBattleRound.cpp)
// and Fandom's "Action Cards (Third Edition)" (FW). One copy of each may be
// given; each is played once, at the time its policy says.
var ti3Cards = lazy.Value[map[string]ti3Card]{Build: func() map[string]ti3Card {
	return map[string]ti3Card{
		"friendly-fire": {
			text:   "played just before the first round of a space battle: during that round the opponent's fighters inflict a hit on their own side for each die showing a natural 1 to 4, besides hitting or missing as usual; the opponent assigns those hits (SA Friendly Fire, the whole card rewritten: any fleet, whatever its fighter-to-ship ratio); ti4sim plays it before round 1, when the opponent's fighters are most",
			attach: friendlyFire,
		},
		"morale-boost": {
			text:   "before a combat round, +1 to all the holder's combat rolls that round (PCT: \"Before battle round. Receive +1 to all combat rolls in this round\"); ti4sim plays it in the first round of the space battle, or of the invasion combat when there is no space battle",
			attach: moraleBoostTI3,
		},
		"fighter-prototype": {
			text:   "before a space battle: the holder's fighters get +2 in its first round (PCT)",
			attach: fighterPrototype,
		},
		"recheck": {
			text:   "after rolling, reroll 1 of the holder's dice (PCT); ti4sim rerolls its first missed die of a space battle or invasion combat round, the best chance first",
			attach: recheck,
		},
		"a-beacon-of-hope": {
			text:   "before a space battle in which the holder's flagship takes part: each of the holder's dice showing a 10 in that battle inflicts 1 more hit (PCT)",
			attach: beaconOfHope,
		},
		"overrun": {
			text: "before a ground combat in which the holder's mechanized unit takes part: destroy 1 of the opponent's ground forces (PCT)",
			attach: func(p *engine.Plan, sc *Scenario, holder engine.Side) {
				groundStrike(p, sc, holder, "Overrun", []units.Kind{units.Mech}, units.Infantry)
			},
		},
		"geomagnetic-mines": {
			text: "before a ground combat in which an opposing mechanized unit takes part: destroy 1 of them (PCT)",
			attach: func(p *engine.Plan, sc *Scenario, holder engine.Side) {
				groundStrike(p, sc, holder, "Geomagnetic Mines", nil, units.Mech)
			},
		},
		"chemical-warfare": {
			text:   "immediately before an invasion combat, with a dreadnought in the system: destroy half the defending ground forces, rounded up, whatever the PDS (FW: \"destroy half the defending ground forces (rounded up). Bypasses enemy PDS\"); the attacker's card; ground forces are the ground forces and shock troops, not mechanized units",
			attach: chemicalWarfare,
		},
	}
}}

// ti3CardSlug is the slug of a TI3 action card name.
func ti3CardSlug(c string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(c)), " ", "-")
}

// TI3Cards returns the Twilight Imperium 3 action cards the engine models
// (for Side.Cards under EditionTI3SA), with their text.
func TI3Cards() map[string]string {
	out := make(map[string]string, len(ti3Cards.Get()))
	for k, c := range ti3Cards.Get() {
		out[k] = c.text
	}
	return out
}

// checkTI3Cards refuses a card that is not a modelled TI3 action card, or
// one given twice.
func checkTI3Cards(cards []string) error {
	seen := map[string]bool{}
	for at, c := range cards {
		slug := ti3CardSlug(c)
		if _, ok := ti3Cards.Get()[slug]; !ok {
			names := make([]string, 0, len(ti3Cards.Get()))
			for k := range ti3Cards.Get() {
				names = append(names, k)
			}
			sort.Strings(names)
			if _, ti4 := lookupCard(c); ti4 {
				return engine.InputAtf("", "Cards", at, "ruleset ti3-sa: %s is one of the Twilight Imperium 4 cards; the Twilight Imperium 3 action cards modelled: %s", echo.Quote(c), strings.Join(names, ", "))
			}
			return engine.InputAtf("", "Cards", at, "ruleset ti3-sa: unknown Twilight Imperium 3 action card %s; allowed: %s", echo.Quote(c), strings.Join(names, ", "))
		}
		if seen[slug] {
			return engine.InputAtf("", "Cards", at, "ruleset ti3-sa: action card %s given twice", slug)
		}
		seen[slug] = true
	}
	return nil
}

// applyTI3Cards attaches the sides' TI3 action cards.
func applyTI3Cards(p *engine.Plan, sc *Scenario) {
	for side := range engine.NumSides {
		for _, c := range sc.Side(side).TI3Cards {
			p.Attached(c, side)
			ti3Cards.Get()[c].attach(p, sc, side)
		}
	}
}

// moraleBoostTI3 (Morale Boost): +1 to the holder's rolls in the first
// round of the space battle, or of the invasion combat when there is no
// space battle (the defender has no ships, or a ground combat). Exact.
func moraleBoostTI3(p *engine.Plan, sc *Scenario, holder engine.Side) {
	ct := engine.InSpace
	if sc.Action == engine.GroundCombat || (sc.Action == engine.Invasion && len(sc.Defender.Fleet.Filter(units.Kind.Ship)) == 0) {
		ct = engine.OnGround
	}
	p.RoundOneModifier(holder, ct, 1)
}

// fighterPrototype (Fighter Prototype): +2 to the holder's fighters in the
// first round of the space battle. Monte Carlo (a single slots' modifier).
func fighterPrototype(p *engine.Plan, sc *Scenario, holder engine.Side) {
	var fighter [engine.MaxSlots]bool
	for _, s := range engine.KindSlots(p, holder, engine.TShips, units.Fighter) {
		fighter[s] = true
	}
	p.OnSlotModifier(engine.RollSpace, func(t *engine.Trial, side engine.Side, s uint8) int {
		if side == holder && t.Round == 1 && fighter[s] {
			return 2
		}
		return 0
	})
	p.BeyondExact("Fighter Prototype (a first round's modifier of the fighters alone)")
}

// recheck (Recheck): one die rerolled once: a pool of one reroll, spent on
// the first miss of a combat round (added to a pool the side already
// has). Monte Carlo.
func recheck(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.Side[holder].AddRerollPool(1, 0, engine.RollSpace, engine.RollGround)
	p.BeyondExact("Recheck (a reroll spent once in the action)")
}

// beaconOfHope (A Beacon of Hope): with the holder's flagship in the
// fleet, each of its space battle dice showing a 10 inflicts 1 more hit
// (with J.N.S. Hylarim's, 3 more). Exact (bonus dice).
func beaconOfHope(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Side(holder).Fleet.Count(units.Flagship) == 0 || sc.Action == engine.GroundCombat {
		p.WarnOnce("A Beacon of Hope (" + holder.String() + ") does nothing: it needs the holder's flagship in a space battle")
		return
	}
	sp := &p.Side[holder]
	for i, ro := range sp.Rollers[engine.RollSpace] {
		switch ro.BonusFrom {
		case 0:
			ro.BonusFrom, ro.Bonus = 10, 1
		case 10:
			ro.Bonus++
		default:
			continue
		}
		sp.SetRoller(engine.RollSpace, i, ro)
	}
	sp.DieByDie(engine.RollSpace)
}

// groundStrike (Overrun, Geomagnetic Mines): at the start of a ground
// combat where the holder has a unit of one of the kinds need (none
// needed when need is empty), destroy one of the opponent's units of kind
// victim (Geomagnetic Mines needs the opponent's mechanized unit: its
// victim). Deterministic: exact mode replays it.
func groundStrike(p *engine.Plan, sc *Scenario, holder engine.Side, name string, need []units.Kind, victim units.Kind) {
	opp := holder.Opp()
	var mine []uint8
	for _, k := range need {
		mine = append(mine, engine.KindSlots(p, holder, engine.TGround, k)...)
	}
	theirs := engine.KindSlots(p, opp, engine.TGround, victim)
	if sc.Action == engine.SpaceCombat || len(theirs) == 0 || (len(need) > 0 && len(mine) == 0) {
		p.WarnOnce(name + " (" + holder.String() + ") does nothing: no ground combat with the units it needs")
		return
	}
	p.OnStartOfCombat(engine.OnGround, func(t *engine.Trial) {
		if _, present := firstAlive(t, holder, mine); present || len(need) == 0 {
			destroyFirst(t, opp, theirs)
		}
	})
}

// chemicalWarfare (Chemical Warfare): the attacker, with a dreadnought in
// space, destroys half the defending ground forces (ground forces and
// shock troops), rounded up, at the start of the invasion combat, whatever
// the PDS. Deterministic: exact mode replays it.
func chemicalWarfare(p *engine.Plan, sc *Scenario, holder engine.Side) {
	dreads := engine.KindSlots(p, engine.Attacker, engine.TShips, units.Dreadnought)
	if holder != engine.Attacker || sc.Action != engine.Invasion || len(dreads) == 0 {
		p.WarnOnce("Chemical Warfare (" + holder.String() + ") does nothing: it is the invader's, with a dreadnought in the system")
		return
	}
	var gf []uint8
	for _, k := range []units.Kind{units.Infantry, units.ShockTroop} {
		gf = append(gf, engine.KindSlots(p, engine.Defender, engine.TGround, k)...)
	}
	p.OnStartOfCombat(engine.OnGround, func(t *engine.Trial) {
		if _, ok := firstAlive(t, engine.Attacker, dreads); !ok {
			return
		}
		n := 0
		for _, s := range gf {
			n += int(t.Alive[engine.Defender][s])
		}
		for k := (n + 1) / 2; k > 0; k-- {
			destroyFirst(t, engine.Defender, gf)
		}
	})
}

// friendlyFire (SA Friendly Fire): "During this combat round, opposing
// fighters will inflict a hit on their own forces at natural rolls of 1
// through 4." Played before round 1 of the space battle: the opponent's
// fighters' dice of that round are drawn one by one; each natural 1 to 4
// counts a hit on the opponent, which it assigns at the end of the round
// with its hit order (after that round's other hits; the same units take
// them as if they came together). Those hits may be cancelled by Sustain
// Damage as any hit. Monte Carlo only.
func friendlyFire(p *engine.Plan, sc *Scenario, holder engine.Side) {
	opp := holder.Opp()
	fighters := p.SlotsOf(opp, engine.TShips, func(k units.Kind) bool { return k == units.Fighter })
	if sc.Action == engine.GroundCombat || len(fighters) == 0 {
		p.WarnOnce("Friendly Fire (" + holder.String() + ") does nothing: the opponent has no fighters in a space battle")
		return
	}
	b := engine.Backfire{Roll: engine.RollSpace, Round: 1, UpTo: 4}
	for _, s := range fighters {
		b.Slots[s] = true
	}
	p.Side[opp].SetBackfire(b)
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		if k := t.Backfired[opp]; k > 0 {
			t.Backfired[opp] = 0
			t.Assign(opp, engine.RollSpace, k)
		}
	})
	p.BeyondExact("Friendly Fire (the opponent's fighters' own dice hit them)")
}
