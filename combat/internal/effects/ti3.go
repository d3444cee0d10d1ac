package effects

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// Twilight Imperium 3 with Shattered Empire and the Shattered Ascension
// v4.0 patch (Scenario.Edition == EditionTI3SA). Facts: the Shattered Ascension
// v4.0 rules ("SA" below, cited by rule title as in units/ti3.go)
// and, where they are silent or garbled, the TI3 rules (sources in docs/ti3.md's
// "Rulesets" section). The engine plays it with the same steps as TI4 and
// these differences, each in one place:
//
//   - the unit table (units.TI3): dreadnoughts roll 2 dice (SA Dreadnoughts), war
//     suns sustain twice (SA War Suns), carriers carry 6, shock troops fight at 5;
//   - a unit that uses Sustain Damage loses one combat die, down to 1,
//     until repaired (SA Sustain Damage): roller.loss, for combat and bombardment dice;
//   - a war sun's second Sustain Damage moves it to a worn slot (1 die),
//     used when a hit would otherwise destroy it (trial.takeHit): the side
//     loses its other units in the hit order first;
//   - anti-fighter barrage first, then the other pre-combat shots at once
//     (SA Pre-Combat effects): Assault Cannon, one die per dreadnought and cruiser (SA Assault Cannons);
//   - the attacker announces retreats first (TI3 round order);
//   - Planetary Shield stops dreadnought bombardment outright; war suns
//     bombard through it (SA table: War Sun) and do not remove it for others;
//   - PDS in adjacent systems fire only with Deep Space Cannon;
//   - both sides wiped out in an invasion: the defender keeps the planet;
//   - shock troops need a ground force with them: alone, they fight as
//     ground forces (SA table note ***);
//   - TI3 technologies (ti3Techs), X-89 Bacterial Weapon among them in
//     Shattered Ascension's wording (addX89TI3); TI4 factions, cards,
//     budgets and anomalies do not exist there and are refused.
//
// Monte Carlo uses the fast round tables too (they read the damaged counts
// and the worn slots), except with pre-combat shots (plan.slowRounds).
// Exact mode expresses lost dice (its hit distributions read the damaged
// counts), worn units (a worn slot is in the state space, and a war sun
// has 3 hit points in its bucket order) and shock troops reverting (part of
// the hit policy in the transition tables, and a ground force slot with
// room for them), and Duranium Armor's repairs (replayed after the
// holder's assignment, settled round by round); it refuses the space mine's
// step.

// ti3Techs are the Twilight Imperium 3 technologies modelled, with their
// text (TI3 tech tree; SA's changes noted).
var ti3Techs = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"assault-cannon":            "each dreadnought and cruiser fires 1 pre-combat die at its combat value, after the barrage (SA Assault Cannons, SA Assault Cannons card; a cruiser's shot is not improved by Hylar V, SA weaponry rule)",
		"hylar-v-assault-laser":     "+1 to cruisers' and destroyers' combat rolls, the barrage included unless Automated Defense Turrets is used (SA Hylar V Laser card, SA weaponry rule)",
		"automated-defense-turrets": "destroyers' anti-fighter barrage rolls 3 dice at 7 (+2 and one more die; with Hylar V still 7, SA weaponry rule)",
		"deep-space-cannon":         "PDS in adjacent systems fire at the active system's ships (SA Deep Space Cannon card)",
		"magen-defense-grid":        "+1 to PDS rolls; +1 to ground forces on a planet with the holder's PDS in invasion combat (TI3 tech tree; SA Magen Defense Grid card)",
		"cybernetics":               "+1 to fighters' combat rolls (SA Cybernetics card)",
		"advanced-fighters":         "+1 to fighters' combat rolls; fighters move on their own and need no carrier (SA Advanced Fighters card)",
		"gen-synthesis":             "+1 to ground forces' rolls in invasion combat (SA Gen Synthesis card)",
		"duranium-armor":            "at the end of each combat round, 1 damaged unit of the holder in the battle is repaired (TI3 tech tree)",
		"war-sun":                   "permits building war suns; nothing in combat",
		"graviton-laser-system":     "the holder's PDS reroll each missed die once, in space cannon offense and defense (TI3 tech tree; SA technology list \"Graviton Laser\"); the weaponry rule keeps PDS firing from adjacent systems with Deep Space Cannon from rerolling (SA weaponry rule), which ti4sim cannot split, so the two together with adjacent PDS are refused",
		"graviton-negator":          "the holder's dreadnoughts bombard planets with PDS, through Planetary Shield (TI3 tech tree; SA technology list); its fighters may join invasion combat, a choice ti4sim leaves out (they stay in space) and says so",
		"maneuvering-jets":          "space cannon rolls against the holder's ships get -1, or -2 from PDS in adjacent systems, and space mines hit its ships only on 10 (SA technology list: Maneuvering Jets)",
		TI3ImpulsionShields:         ti3ImpulsionShieldsText,
		TechX89:                     "in an invasion, when the holder has a dreadnought in the system and the planet has no Planetary Shield, all ground forces and shock troops on the planet are destroyed before the bombardment dice; costs the discard of all action cards (outside the combat, not counted) (SA technology list)",
	}
}}

// ti3TechNames returns the TI3 technology slugs, sorted.
func ti3TechNames() []string {
	out := make([]string, 0, len(ti3Techs.Get()))
	for k := range ti3Techs.Get() {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TI3Technologies returns the Twilight Imperium 3 technologies the engine
// models (for Side.Techs under EditionTI3SA), with their text.
func TI3Technologies() map[string]string {
	out := make(map[string]string, len(ti3Techs.Get()))
	for k, v := range ti3Techs.Get() {
		out[k] = v
	}
	return out
}

// validateTI3 refuses what Twilight Imperium 3 does not have.
func (sc *Scenario) validateTI3() error {
	switch {
	case sc.EntropicScar:
		return engine.Inputf("", "EntropicScar", "ruleset ti3-sa: entropic scars are a Twilight Imperium 4 anomaly")
	case sc.Cultural:
		return engine.Inputf("", "Cultural", "ruleset ti3-sa: the cultural trait (Conventions of War) is Twilight Imperium 4")
	case sc.NegateMineHits && !sc.SpaceMine:
		return engine.Inputf("", "NegateMineHits", "negate mine hits: there is no space mine")
	case sc.SpaceMine && sc.Action == engine.GroundCombat:
		return engine.Inputf("", "SpaceMine", "space mine: it acts when ships enter the system; a ground combat alone has none")
	case sc.Printings.Magen != 0 || sc.Printings.X89 != 0 || sc.Printings.DirectHit != 0 || sc.Printings.Harrow != 0 || sc.Printings.Matriarch != 0 || sc.Printings.Iconoclast != 0:
		return engine.Inputf("", "Printings", "ruleset ti3-sa: the printings choose among Twilight Imperium 4 cards' texts; TI3's Magen Defense Grid is the technology magen-defense-grid")
	}
	for _, sd := range []struct {
		name string
		s    *engine.Force
	}{{"attacker", &sc.Attacker}, {"defender", &sc.Defender}} {
		s := sd.s
		switch {
		case s.Faction != nil && s.Faction.Slug != "none" && !s.Faction.IsTI3():
			return engine.Inputf(sd.name, "Faction", "%s is a Twilight Imperium 4 faction; under ruleset ti3-sa give a TI3 race (the catalog lists them)", s.Faction.Slug)
		case len(s.Cards) > 0:
			if err := checkTI3Cards(s.Cards); err != nil {
				return engine.InputIn(sd.name, "Cards", err)
			}
		case s.TradeGoods > 0 && s.FactionOrNone().Slug != "letnev" && s.FactionOrNone().Slug != "hacan":
			return engine.Inputf(sd.name, "TradeGoods", "ruleset ti3-sa: only the Letnev war chest and the Hacan flagship spend trade goods in a combat (--%s-faction letnev or hacan)", sd.name)
		case s.CommandCounters > 0 && s.FactionOrNone().Slug != "jol-nar":
			return engine.Inputf(sd.name, "CommandCounters", "ruleset ti3-sa: only the Jol-Nar spend command counters in a combat (--%s-faction jol-nar)", sd.name)
		case s.Influence > 0:
			return engine.Inputf(sd.name, "Influence", "ruleset ti3-sa: influence and galvanized units feed Twilight Imperium 4 faction texts")
		case !s.Galvanized.Empty():
			return engine.Inputf(sd.name, "Galvanized", "ruleset ti3-sa: influence and galvanized units feed Twilight Imperium 4 faction texts")
		}
		for at, t := range s.Techs {
			slug := ti3TechSlug(t)
			if _, ok := ti3Techs.Get()[slug]; ok {
				continue
			}
			if _, ok := ti3RaceTech(s, t); ok {
				continue
			}
			if f, a, ok := ti3RaceOfTech(slug); ok {
				return engine.InputAtf(sd.name, "Techs", at, "%s is a race technology of %s: give the race (--%s-faction %s)", a.Name, f.Name, sd.name, f.Slug)
			}
			if why, ok := ti3SA42Refusal(t); ok {
				return engine.InputAtf(sd.name, "Techs", at, "%s", why)
			}
			allowed := strings.Join(ti3TechNames(), ", ")
			if own := ti3RaceTechNames(s); len(own) > 0 {
				allowed += "; the race's own: " + strings.Join(own, ", ")
			}
			return engine.InputAtf(sd.name, "Techs", at, "unknown Twilight Imperium 3 technology %s; allowed: %s", echo.Quote(t), allowed)
		}
		if s.AdjacentPDS > 0 && !slices.Contains(normTechs(s.Techs), "deep-space-cannon") {
			return engine.Inputf(sd.name, "AdjacentPDS", "under ruleset ti3-sa PDS in adjacent systems fire only with Deep Space Cannon (add deep-space-cannon to the techs)")
		}
		if s.AdjacentPDS > 0 && slices.Contains(normTechs(s.Techs), "graviton-laser-system") {
			return engine.Inputf(sd.name, "AdjacentPDS", "graviton-laser-system with PDS in adjacent systems: the weaponry rule lets only the PDS in the system reroll (SA), which ti4sim cannot split; leave one out")
		}
	}
	return nil
}

func normTechs(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = ti3TechSlug(t)
	}
	return out
}

// ti3TechSlug is the slug of a TI3 technology name, with the short names
// of X-89 Bacterial Weapon ("x89", "x-89") that Twilight Imperium 4
// accepts too.
func ti3TechSlug(t string) string {
	switch slug := techSlug(t); slug {
	case "x89", "x-89":
		return TechX89
	default:
		return slug
	}
}

// asTI3 returns the scenario as the engine plays it under TI3: each side
// with the TI3 unit table as its faction and its technologies set aside
// (they are TI3's, read by applyTI3).
func (sc *Scenario) asTI3() Scenario {
	out := *sc
	for _, s := range []*engine.Force{&out.Attacker, &out.Defender} {
		if !s.Faction.IsTI3() {
			s.Faction = units.TI3() // no race: the TI3 table
		}
		if sc.Printings.TI3Flagships == TI3FlagshipsSA42 {
			s.Faction = units.TI3FlagshipsSA42(s.Faction)
		}
		s.TI3Techs = normTechs(s.Techs)
		s.Techs = nil
		s.TI3Cards = make([]string, len(s.Cards))
		for i, c := range s.Cards {
			s.TI3Cards[i] = ti3CardSlug(c)
		}
		s.Cards = nil
	}
	return out
}

// ti3Holds reports whether the side holds the TI3 technology.
func ti3Holds(s *engine.Force, slug string) bool { return slices.Contains(s.TI3Techs, slug) }

// ti3Units adds what TI3 units need before the rolls are built: a worn slot
// for units that sustain twice, the adjacent PDS of Deep Space Cannon, and a
// ground-force slot for shock troops to revert to.
func ti3Units(sp *engine.SidePlan, s *engine.Force, idx engine.Side) {
	twice := setAsideDamagedTwice(sp, s)
	addAdmiralShip(sp, s) // before the worn slots: a war sun may carry it
	addMagmaObliterator(sp, s)
	addAdvancedFleetTactics(sp, s)
	n := len(sp.Slots)
	for i := range n {
		sl := sp.Slots[i]
		if sl.Stats.ExtraSustains > 0 && len(sp.Slots) < engine.MaxSlots {
			st := sl.Stats
			st.Name += " (damaged twice)"
			st.Sustain, st.ExtraSustains = false, 0
			for _, r := range []*units.Roll{&st.Combat, &st.Bombardment} {
				if r.Has() {
					r.Dice = max(1, r.Dice-2) // a die lost for each use
				}
			}
			w, _ := sp.AppendSlot(engine.Slot{Stats: st, Zone: sl.Zone, CostHalves: sl.CostHalves, Form: engine.FormWorn, Of: uint8(i)})
			sp.SetWorn(uint8(i), w)
			sp.SetStart(w, twice[i], 0) // the units given as damaged twice
		}
	}
	// Shock troops without ground forces: the (empty) ground forces they
	// revert to.
	if st, ok := sp.SlotOfKind(units.ShockTroop); ok && s.Fleet.Count(units.Infantry) == 0 && len(sp.Slots) < engine.MaxSlots {
		gf, _ := s.FactionOrNone().Unit(units.Infantry, false)
		sp.AppendSlot(engine.Slot{Stats: gf, Zone: sp.Slots[st].Zone, Sustain: false, CostHalves: int32(gf.Cost * 2), Report: true})
	}
	if s.AdjacentPDS > 0 && ti3Holds(s, "deep-space-cannon") && len(sp.Slots) < engine.MaxSlots {
		st, _ := s.FactionOrNone().Unit(units.PDS, false)
		i, _ := sp.AppendSlot(engine.Slot{Stats: st, Zone: engine.ZoneAdjacent, CostHalves: 0})
		sp.SetStart(i, uint16(s.AdjacentPDS), 0)
	}
}

// setAsideDamagedTwice takes the units the fleet gives as damaged twice
// (units.Group.DamagedTwice) out of their slot, when their unit sustains
// twice: they start in its worn slot (ti3Units). It returns them by slot.
// Units that cannot be damaged twice are left for the plan to refuse.
func setAsideDamagedTwice(sp *engine.SidePlan, s *engine.Force) [engine.MaxSlots]uint16 {
	var twice [engine.MaxSlots]uint16
	for _, g := range s.Fleet.Groups() {
		if g.DamagedTwice == 0 {
			continue
		}
		for i, sl := range sp.Slots {
			if sl.Stats.Kind == g.Kind && sl.Form == engine.FormUnit && sl.Zone != engine.ZoneAdjacent && sl.Stats.ExtraSustains > 0 {
				n := uint16(g.DamagedTwice)
				sp.SetStart(uint8(i), sp.Start[i]-n, sp.StartDamaged[i])
				twice[i] = n
				break
			}
		}
	}
	return twice
}

// applyTI3 attaches the TI3 rules that act on rolls and steps, after
// compileSide.
func applyTI3(p *engine.Plan, sc *Scenario) {
	p.PlaysTI3()
	for side := range engine.NumSides {
		applyTI3Side(p, sc, side)
	}
	addShockTroops(p)
	if sc.Commandos > 0 {
		addCommandos(p, sc.Commandos)
	}
	// The fast tables read damaged counts and worn slots as exact mode
	// does; they have no step for the pre-combat shots after the barrage.
	p.SetSlowRounds(len(p.Side[engine.Attacker].Rollers[engine.RollPreCombat])+len(p.Side[engine.Defender].Rollers[engine.RollPreCombat]) > 0)
	if sc.SpaceMine {
		addSpaceMine(p, mineValue(sc), sc.NegateMineHits)
	}
	applyTI3RaceTechs(p, sc)
	applyTI3Leaders(p, sc)
	applyTI3Cards(p, sc)
	applyNeutralBombardment(p, sc)
}

// applyTI3Side attaches side's TI3 rules on its rolls: worn slots, the
// bombardment through the shield, and its weaponry technologies.
func applyTI3Side(p *engine.Plan, sc *Scenario, side engine.Side) {
	s := sc.Side(side)
	sp := &p.Side[side]
	for _, sl := range sp.Slots {
		if sl.Form == engine.FormWorn {
			p.HasWornSlots()
		}
	}
	for _, ro := range sp.Rollers[engine.RollBombard] {
		if sp.Slots[ro.Slot].Stats.BombardsThroughShield {
			sp.AddThroughShield(ro)
		}
	}
	kinds := func(ks ...units.Kind) func(uint8) bool { return slotsOfKind(p, side, ks...) }
	if ti3Holds(s, "hylar-v-assault-laser") {
		p.AdjustThresholds(side, engine.RollSpace, -1, kinds(units.Cruiser, units.Destroyer))
		if !ti3Holds(s, "automated-defense-turrets") {
			p.AdjustThresholds(side, engine.RollAFB, -1, kinds(units.Destroyer))
		}
	}
	// Automated Defense Turrets: "+1 die and -2 to Anti-Fighter
	// [Barrage] rolls" (SA technology card) — relative, so the destroyers'
	// barrage keeps every other modifier to it: the race's (N'orr +1,
	// Jol-Nar -1: all combat rolls), High Alert's. Not Hylar V's (above:
	// SA's weaponry rule, "Destroyers rolling anti fighter barrage using
	// ADT receive -1", one weaponry technology per roll).
	if ti3Holds(s, "automated-defense-turrets") {
		destroyers := kinds(units.Destroyer)
		for i, ro := range sp.Rollers[engine.RollAFB] {
			if destroyers(ro.Slot) {
				ro.Dice++
				sp.SetRoller(engine.RollAFB, i, ro)
			}
		}
		p.AdjustThresholds(side, engine.RollAFB, -2, destroyers) // the value: 9 becomes 7
	}
	// Assault Cannons: "Your [Dreadnoughts] and Cruisers receive one
	// pre-combat shot (1 die)" (SA card; SA: "applied to Cruisers as well
	// as Dreadnoughts. The extra 'shot' means one die only"): a roll at the
	// unit's combat value, so the modifiers to all its combat rolls (the
	// race's, High Alert's: shiftAllRolls) apply to it; Hylar V's does not
	// (SA weaponry rule: "Cruisers rolling for Assault Cannons receive -1").
	if ti3Holds(s, "assault-cannon") {
		for i, sl := range sp.Slots {
			k := sl.Stats.Kind
			if (k == units.Dreadnought || k == units.Cruiser) && sl.Zone == engine.ZoneSpace {
				sp.AppendRoller(engine.RollPreCombat, engine.Roller{Slot: uint8(i), Dice: 1, Base: int8(sl.Stats.Combat.Value)})
			}
		}
	}
	for _, f := range []string{"cybernetics", "advanced-fighters"} {
		if ti3Holds(s, f) {
			p.AdjustThresholds(side, engine.RollSpace, -1, kinds(units.Fighter))
		}
	}
	if ti3Holds(s, "gen-synthesis") && sc.Action != engine.SpaceCombat {
		p.AdjustThresholds(side, engine.RollGround, -1, kinds(units.Infantry))
	}
	applyTI3Defenses(p, sc, side)
}

// applyTI3Defenses attaches side's other TI3 technologies: Magen Defense
// Grid, the graviton technologies, Maneuvering Jets, Duranium Armor and the
// X-89 Bacterial Weapon.
func applyTI3Defenses(p *engine.Plan, sc *Scenario, side engine.Side) {
	s := sc.Side(side)
	sp := &p.Side[side]
	kinds := func(ks ...units.Kind) func(uint8) bool { return slotsOfKind(p, side, ks...) }
	if ti3Holds(s, "magen-defense-grid") {
		pds := kinds(units.PDS)
		p.AdjustThresholds(side, engine.RollSCO, -1, pds)
		p.AdjustThresholds(side, engine.RollSCD, -1, pds)
		if side == engine.Defender && p.StructuresOnPlanet(side) > 0 && sc.Action != engine.SpaceCombat {
			p.AdjustThresholds(side, engine.RollGround, -1, func(uint8) bool { return true })
		}
	}
	if ti3Holds(s, "graviton-laser-system") {
		p.RerollMisses(side, engine.RollSCO, 0)
		p.RerollMisses(side, engine.RollSCD, 0)
	}
	if ti3Holds(s, "graviton-negator") && sc.Action == engine.Invasion {
		for _, ro := range sp.Rollers[engine.RollBombard] {
			if sp.Slots[ro.Slot].Stats.Kind == units.Dreadnought && !slices.ContainsFunc(sp.ThroughShield, func(t engine.Roller) bool { return t.Slot == ro.Slot }) {
				sp.AddThroughShield(ro)
			}
		}
		if s.Fleet.Count(units.Fighter) > 0 {
			p.Warn(fmt.Sprintf("%s: Graviton Negator lets its fighters join the invasion combat; ti4sim keeps them in space (a choice it leaves out)", side.String()))
		}
	}
	if ti3Holds(s, "maneuvering-jets") {
		opp := &p.Side[side.Opp()]
		inSystem := func(slot uint8) bool { return opp.Slots[slot].Zone != engine.ZoneAdjacent }
		adjacent := func(slot uint8) bool { return opp.Slots[slot].Zone == engine.ZoneAdjacent }
		p.AdjustThresholds(side.Opp(), engine.RollSCO, 1, inSystem)
		p.AdjustThresholds(side.Opp(), engine.RollSCO, 2, adjacent)
	}
	if ti3Holds(s, "duranium-armor") {
		addDuraniumTI3(p, side)
	}
	if ti3Holds(s, TechX89) {
		addX89TI3(p, sc, side)
	}
	if ti3Holds(s, TI3ImpulsionShields) {
		addImpulsionShields(p, sc, side)
	}
}

// addSpaceMine (SA Space Mines, SA table: Space Mines; TI3/SE): the defender's space mine triggers
// when the attacker's fleet enters, before the PDS fire: "Roll for hits for
// each ship except fighters" at 9, each hit on the ship that rolled it,
// which may use Sustain Damage (and then loses a die). One mine only ("Mines
// cannot be stacked"). The victim "may negate the specific hit by taking 2
// hits to non-fighter ships in the same fleet": with NegateMineHits (the
// attacker's choice, after seeing every mine die) the hits on ships that
// can sustain are taken first, then a hit that would destroy its ship is
// negated whenever two other ships of the fleet can take the two hits
// with Sustain Damage (so no ship is lost for it; each costs a die);
// otherwise never (stated in the output).
//
// mineValue is the space mine's die: 9, or 10 against Maneuvering Jets.
func mineValue(sc *Scenario) int {
	if ti3Holds(&sc.Attacker, "maneuvering-jets") {
		return 10
	}
	return 9
}

func addSpaceMine(p *engine.Plan, value int, negate bool) {
	sp := &p.Side[engine.Attacker]
	var ships []uint8
	for i, sl := range sp.Slots {
		if k := sl.Stats.Kind; k.Ship() && k != units.Fighter && sl.Zone == engine.ZoneSpace && sl.Form != engine.FormWorn {
			ships = append(ships, uint8(i))
		}
	}
	one := make([][]uint8, engine.MaxSlots) // each ship's own hit order: itself, then its worn form
	others := make([][]uint8, engine.MaxSlots)
	for _, s := range ships {
		one[s] = []uint8{s}
		if sp.Slots[s].HasWorn {
			one[s] = append(one[s], sp.Slots[s].Worn)
		}
		for _, o := range sp.Order[engine.TShips] { // the others that may sustain, in the side's order
			if o != s && slices.Contains(ships, o) && sp.Slots[o].Sustain {
				others[s] = append(others[s], o)
			}
		}
	}
	p.BeyondExact("space mine") // a step before the ones exact mode follows
	p.BeforeSteps(func(t *engine.Trial) bool {
		var hits [engine.MaxSlots]int
		for _, s := range ships {
			hits[s] = t.Dice(value, int(t.Alive[engine.Attacker][s]), false)
		}
		al, dm := &t.Alive[engine.Attacker], &t.Damaged[engine.Attacker]
		// Hits on ships that can take them with Sustain Damage first.
		for _, s := range ships {
			for ; hits[s] > 0 && al[s] > dm[s] && sp.Slots[s].Sustain; hits[s]-- {
				t.TakeHit(engine.Attacker, one[s], true, false)
			}
		}
		for _, s := range ships {
			for ; hits[s] > 0; hits[s]-- {
				if negate && al[s] > 0 && !sp.Slots[s].HasWorn { // a worn form sustains
					free := 0
					for _, o := range others[s] {
						free += int(al[o] - dm[o])
					}
					if free >= 2 { // two other ships sustain instead
						t.TakeHit(engine.Attacker, others[s], true, false)
						t.TakeHit(engine.Attacker, others[s], true, false)
						continue
					}
				}
				t.TakeHit(engine.Attacker, one[s], true, false)
			}
		}
		return true
	})
	if negate {
		p.Warn(fmt.Sprintf("space mine: each of the attacker's non-fighter ships rolls 1 die at %d before the PDS fire; a hit that would destroy its ship is negated whenever two other ships can take 2 hits with Sustain Damage instead", value))
		return
	}
	p.Warn(fmt.Sprintf("space mine: each of the attacker's non-fighter ships rolls 1 die at %d before the PDS fire; a hit stays on the ship that rolled it (not negated by taking 2 hits elsewhere unless negating mine hits is chosen)", value))
}

// addCommandos (SA Shock Troops): "Before the first round of an Invasion
// Combat, the attacker may assign a number of his ST's as commandos.
// These do not participate in combat and cannot be taken as casualties,
// but they can capture 1 building each after a successful invasion. All
// commandos are automatically eliminated in case of a failed invasion."
// The n shock troops are set aside from the start in a slot of their own
// that is in no target set (no roll, no hit, not counted for holding the
// planet); when the attacker does not take the planet they are destroyed.
// Capturing buildings is outside the dice (ti4sim reports the defender's
// structures as lost when the planet is taken either way). Carried in
// space, they are never lost for want of capacity. Monte Carlo.
func addCommandos(p *engine.Plan, n int) {
	sp := &p.Side[engine.Attacker]
	st, ok := sp.SlotOfKind(units.ShockTroop)
	if !ok {
		return
	}
	sl := sp.Slots[st]
	stats := sl.Stats
	stats.Name += " (commandos)"
	c, ok := sp.AppendSlot(engine.Slot{Stats: stats, Zone: sl.Zone, CostHalves: sl.CostHalves, Report: true})
	if !ok {
		p.Warn("commandos: no room for another unit slot; the shock troops all fight")
		return
	}
	for range n {
		sp.RemoveOneAtStart(st)
	}
	sp.SetStart(c, uint16(n), 0)
	p.OnAfterResult(func(t *engine.Trial) {
		if t.Invaded && t.Has(engine.Attacker, engine.TGround) {
			return // the planet is taken
		}
		for t.Alive[engine.Attacker][c] > 0 {
			t.Destroy(engine.Attacker, c)
		}
	})
	p.BeyondExact("commandos (destroyed after the result when the invasion fails)")
}

// addDuraniumTI3 (TI3 Duranium Armor): "At the end of each round of combat,
// you may repair 1 of your damaged units in the battle." The most valuable
// damaged unit of the combat being fought is repaired (a worn war sun back
// to damaged once), which gives back its lost die: ships in a space combat,
// ground forces in a ground combat (ships in space are not in the ground
// battle). It acts on the holder's units only, after its assignment of the
// round's hits (the end of the round for them), so the exact solver replays
// it (OnAfterAssignOfUnits).
func addDuraniumTI3(p *engine.Plan, side engine.Side) {
	sp := &p.Side[side]
	for ct, tg := range [engine.NumCombatTypes]engine.Targets{engine.TFleet, engine.TGround} {
		var ord []uint8 // the combat's units, most valuable first
		o := sp.Order[tg]
		for i := len(o) - 1; i >= 0; i-- {
			ord = append(ord, o[i])
		}
		p.OnAfterAssignOfUnits(engine.CombatRollOf(engine.CombatType(ct)), func(t *engine.Trial, s engine.Side) {
			if s != side {
				return
			}
			for _, u := range ord {
				sl := &sp.Slots[u]
				switch {
				case sl.Form == engine.FormWorn && t.Alive[side][u] > 0: // back to damaged once
					t.Alive[side][u]--
					t.Alive[side][sl.Of]++
					t.Damaged[side][sl.Of]++
				case sl.Form != engine.FormWorn && t.Damaged[side][u] > 0:
					t.Damaged[side][u]--
				default:
					continue
				}
				return
			}
		})
	}
}

// addShockTroops (SA table note ***): a shock troop "needs to be with a regular
// Ground Force unit. If ever alone reverts back to a normal GF": whenever a
// side has shock troops and no ground force left (at the start of a ground
// combat and after every assignment of hits to its ground forces:
// bombardment, space cannon defense, each ground combat round), its shock
// troops become ground forces (combat 8). The reversion is part of the
// side's hit policy (sidePlan.revert): the round tables and the exact
// solver apply it after each assignment as the hooks here do.
func addShockTroops(p *engine.Plan) {
	for side := range engine.NumSides {
		sp := &p.Side[side]
		st, gf := -1, -1
		for i, sl := range sp.Slots {
			switch {
			case sl.Stats.Kind == units.ShockTroop:
				st = i
			case sl.Stats.Kind == units.Infantry && sl.Form == engine.FormUnit:
				gf = i
			}
		}
		if st < 0 || gf < 0 {
			continue
		}
		sp.SetRevert(engine.Reversion{From: uint8(st), To: uint8(gf), On: true})
		revert := func(t *engine.Trial, side2 engine.Side) {
			if side2 == side {
				t.Revert(side)
			}
		}
		p.OnStartOfCombat(engine.OnGround, func(t *engine.Trial) { t.Revert(side) })
		for _, r := range engine.RevertingRolls {
			p.OnAfterAssign(r, revert)
			p.AppliedByTables(r)
		}
	}
}
