package combat_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// A generator of random scenarios for the sweep and the fuzz target
// (scenariosweep_test.go). A seed picks, through a PCG stream of its own,
// an action (space, ground, invade, or an invasion of a system of one to
// three planets), an edition (Twilight Imperium 4, or 3 with Shattered
// Ascension and its races), each side's faction, units (upgraded, damaged,
// galvanized), technologies, cards (action cards, notes, agendas, relics,
// faction items and board states), hit order, retreat, modifier, PDS
// outside the fleet and budgets, and the system's options, printings and
// round limit. Cards, technologies, factions, races, leaders and printings
// come from the package's catalogues, so a new entry is generated without
// a change here. Counts are small so that exact mode often answers.
//
// Most scenarios are valid; some are refused on purpose (a card the
// faction cannot hold, an option the action ignores): the refusal is then
// one of the invariants checked.

// genScenario is one generated scenario and how to run it.
type genScenario struct {
	Seed uint64
	// System is true for a scenario run by RunSystem and SolveSystem.
	System bool
	Sc     combat.Scenario
}

// generator draws the parts of one scenario from its stream.
type generator struct {
	r      *rand.Rand
	ti3    bool
	action combat.Action
	system bool
	// upgrades holds each faction's and kind's upgrade, once drawn.
	upgrades map[string]bool
}

// catalogue is what the generator picks from, read once from the
// package's listings.
type catalogue struct {
	techs       []string          // TI4 technologies (unit upgrades and cards)
	cards       []combat.CardInfo // TI4 action cards, notes, agendas, relics
	ti3Techs    []string
	ti3Cards    []string
	ti3Leaders  []string
	factions    []*units.Faction // TI4 factions, "none" included
	races       []*units.Faction // TI3 races
	printingKey []string
	printings   map[string][]string
}

var catalog = func() catalogue {
	var c catalogue
	c.techs = combat.Technologies()
	for _, ci := range combat.Cards() {
		if ci.Kind != combat.KindTechnology {
			c.cards = append(c.cards, ci)
		}
	}
	c.ti3Techs = sortedKeys(combat.TI3Technologies())
	c.ti3Cards = sortedKeys(combat.TI3Cards())
	c.ti3Leaders = sortedKeys(combat.TI3Leaders())
	c.factions = units.Factions()
	c.races = units.TI3Races()
	c.printings = combat.PrintingChoices()
	c.printingKey = sortedKeys(c.printings)
	return c
}()

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// generate returns the scenario of seed.
func generate(seed uint64) genScenario {
	g := &generator{r: newStream(seed)}
	g.ti3 = g.chance(0.25)
	switch x := g.r.IntN(100); {
	case x < 35:
		g.action = combat.SpaceCombat
	case x < 55:
		g.action = combat.GroundCombat
	case x < 82:
		g.action = combat.Invasion
	default:
		g.action, g.system = combat.Invasion, true
	}
	sc := combat.Scenario{Action: g.action}
	if g.ti3 {
		sc.Edition = combat.EditionTI3SA
	}
	sc.Attacker = g.side(true)
	sc.Defender = g.side(false)
	g.options(&sc)
	if g.system {
		g.planets(&sc)
	}
	return genScenario{Seed: seed, System: g.system, Sc: sc}
}

// newStream is the generator's PCG stream of seed.
func newStream(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

func (g *generator) chance(p float64) bool { return g.r.Float64() < p }

func pick[T any](g *generator, xs []T) T { return xs[g.r.IntN(len(xs))] }

// faction picks a side's faction: none a quarter of the time, else any
// faction (TI4) or race (TI3).
func (g *generator) faction() *units.Faction {
	if g.chance(0.25) {
		return nil
	}
	if g.ti3 {
		return pick(g, catalog.races)
	}
	return pick(g, catalog.factions)
}

// side draws one side.
func (g *generator) side(attacker bool) combat.Side {
	s := combat.Side{Faction: g.faction()}
	s.Fleet = g.fleet(s.Faction, attacker)
	neutral := s.Faction != nil && s.Faction.Slug == "neutral"
	if !neutral || g.chance(0.05) { // the neutral units hold nothing
		s.Techs = g.techs(s.Faction)
		s.Cards = g.cards(s.Faction)
		g.orderAndRetreat(&s)
	}
	g.galvanize(&s)
	g.budgets(&s, attacker)
	return s
}

// kindsFor lists the kinds a side fields in the action: ships in space,
// ground forces on the ground, both (and the defender's structures) in an
// invasion; a space combat's defender may have PDS.
func (g *generator) kindsFor(attacker bool) []units.Kind {
	ships := []units.Kind{units.Fighter, units.Destroyer, units.Cruiser, units.Carrier, units.Dreadnought, units.Flagship, units.WarSun}
	ground := []units.Kind{units.Infantry, units.Mech}
	if g.ti3 {
		ground = []units.Kind{units.Infantry, units.ShockTroop, units.Mech}
	}
	switch {
	case g.action == combat.SpaceCombat && attacker:
		return ships
	case g.action == combat.SpaceCombat:
		return append(ships, units.PDS)
	case g.action == combat.GroundCombat && attacker:
		return ground
	case g.action == combat.GroundCombat:
		return append(ground, units.PDS)
	case attacker:
		return append(ships, ground...)
	case g.system:
		return ships // the planets hold the rest
	}
	return append(append(ships, ground...), units.PDS, units.SpaceDock)
}

// fleet draws one to four groups of one to four units, some upgraded
// (TI4) or damaged; a kind the faction lacks is left out.
func (g *generator) fleet(f *units.Faction, attacker bool) units.Fleet {
	kinds := g.kindsFor(attacker)
	if g.system && !attacker && g.chance(0.3) {
		return units.Fleet{} // no ships: the planets alone
	}
	var groups []units.Group
	for range 1 + g.r.IntN(4) {
		k := pick(g, kinds)
		if !g.fields(f, k) && g.chance(0.95) {
			continue // mostly valid: a unit the faction lacks is rare
		}
		groups = append(groups, g.group(f, k))
	}
	ground := g.action == combat.GroundCombat || (g.action == combat.Invasion && attacker)
	switch {
	case ground && (g.chance(0.9) || len(groups) == 0):
		groups = append(groups, g.group(f, pick(g, []units.Kind{units.Infantry, units.Mech})))
	case len(groups) == 0:
		groups = append(groups, g.group(f, pick(g, []units.Kind{units.Destroyer, units.Cruiser})))
	}
	return g.build(groups)
}

// fields reports whether faction f (nil: none) has a unit of kind k.
func (g *generator) fields(f *units.Faction, k units.Kind) bool {
	_, err := g.factionOrNone(f).Unit(k, false)
	return err == nil
}

// factionOrNone is f, or the faction-less player of the edition.
func (g *generator) factionOrNone(f *units.Faction) *units.Faction {
	switch {
	case f != nil:
		return f
	case g.ti3:
		return units.TI3()
	}
	return units.NoFaction()
}

// group draws n units of kind k.
func (g *generator) group(f *units.Faction, k units.Kind) units.Group {
	gr := units.Group{Kind: k, Count: 1 + g.r.IntN(4)}
	if k == units.Flagship || k == units.WarSun {
		gr.Count = 1
	}
	gr.Upgraded = g.upgraded(f, k)
	if st, err := g.factionOrNone(f).Unit(k, gr.Upgraded); err == nil && st.Sustain && g.chance(0.25) {
		gr.Damaged = 1 + g.r.IntN(gr.Count)
	}
	return gr
}

// upgraded decides once per faction and kind whether the units are
// upgraded (a player's units of a kind are all upgraded or none are):
// under TI4 a third of the time, never for the neutral units.
func (g *generator) upgraded(f *units.Faction, k units.Kind) bool {
	key := g.factionOrNone(f).Slug + "/" + k.String()
	if up, ok := g.upgrades[key]; ok {
		return up
	}
	up := !g.ti3 && units.HasUpgrade(k) && g.chance(0.3) && (f == nil || f.Slug != "neutral")
	if g.upgrades == nil {
		g.upgrades = map[string]bool{}
	}
	g.upgrades[key] = up
	return up
}

// build makes a fleet of groups, dropping a group that NewFleet refuses
// (a kind given twice, once upgraded).
func (g *generator) build(groups []units.Group) units.Fleet {
	var keep []units.Group
	for _, gr := range groups {
		if _, err := units.NewFleet(append(keep, gr)...); err == nil {
			keep = append(keep, gr)
		}
	}
	f, _ := units.NewFleet(keep...)
	return f
}

// techs draws up to two technologies: the game's, or the faction's own.
func (g *generator) techs(f *units.Faction) []string {
	var out []string
	pool := catalog.techs
	if g.ti3 {
		pool = catalog.ti3Techs
	}
	for range g.r.IntN(3) {
		out = append(out, pick(g, pool))
	}
	if own := abilitiesOf(f, units.AbilityKindTechnology); len(own) > 0 && g.chance(0.3) {
		out = append(out, pick(g, own))
	}
	return dedupeItems(out)
}

// cards draws up to two cards (copies among them), a faction item and a
// board state of the faction.
func (g *generator) cards(f *units.Faction) []string {
	var out []string
	if g.ti3 {
		for range g.r.IntN(2) {
			out = append(out, pick(g, catalog.ti3Cards))
		}
		return dedupeItems(out)
	}
	for range g.r.IntN(3) {
		c := pick(g, catalog.cards)
		if c.Copies > 1 && g.chance(0.3) {
			out = append(out, fmt.Sprintf("%s:%d", c.Slug, 1+g.r.IntN(c.Copies)))
		} else {
			out = append(out, c.Slug)
		}
	}
	if f != nil {
		items := abilitiesOf(f, units.AbilityKindNote, units.AbilityKindLeader, units.AbilityKindBreakthrough)
		if len(items) > 0 && g.chance(0.35) {
			out = append(out, pick(g, items))
		}
		if bs := combat.BoardStates(f.Slug); len(bs) > 0 && g.chance(0.3) {
			out = append(out, pick(g, bs).Slug)
		}
	}
	return dedupeItems(out)
}

// abilitiesOf returns the slugs of f's abilities of the kinds.
func abilitiesOf(f *units.Faction, kinds ...string) []string {
	if f == nil {
		return nil
	}
	var out []string
	for _, a := range f.Abilities {
		if slices.Contains(kinds, a.Kind) {
			out = append(out, a.Slug)
		}
	}
	return out
}

// dedupeItems drops repeated items (by the name before ':'), keeping the first.
func dedupeItems(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		name, _, _ := strings.Cut(x, ":")
		if !seen[name] {
			seen[name] = true
			out = append(out, x)
		}
	}
	return out
}

// galvanize marks some units galvanized for the Last Bastion (or a side
// holding their note).
func (g *generator) galvanize(s *combat.Side) {
	can := s.Faction != nil && s.Faction.Slug == "last-bastion" || slices.Contains(s.Cards, "raise-the-standard")
	if !can || !g.chance(0.6) {
		return
	}
	var gs []units.Group
	for _, gr := range s.Fleet.Groups() {
		if gr.Kind != units.SpaceDock && g.chance(0.5) {
			gs = append(gs, units.Group{Kind: gr.Kind, Upgraded: gr.Upgraded, Count: 1 + g.r.IntN(gr.Count)})
		}
	}
	s.Galvanized = g.build(gs)
}

// orderAndRetreat draws a hit order (a shuffle of the side's kinds, sustain
// first or last) and, in space, a retreat policy.
func (g *generator) orderAndRetreat(s *combat.Side) {
	if g.chance(0.25) {
		var names []string
		for _, gr := range s.Fleet.Groups() {
			if !gr.Kind.Structure() {
				names = append(names, gr.Kind.String())
			}
		}
		g.r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		if g.chance(0.5) {
			names = append(names, "sustain=last")
		}
		ed := combat.EditionTI4
		if g.ti3 {
			ed = combat.EditionTI3SA
		}
		if o, err := combat.ParseOrderFor(ed, strings.Join(names, ", ")); err == nil {
			s.Order = o
		}
	}
	if g.action != combat.GroundCombat && g.chance(0.15) {
		specs := []string{"after=1", "after=2", "when=losing", "when=losing:0.5", "when=losing:2"}
		s.Retreat, _ = combat.ParseRetreat(pick(g, specs))
	}
}

// budgets draws the modifier, PDS outside the fleet, trade goods,
// influence, command counters and the TI3 leaders and High Alert.
func (g *generator) budgets(s *combat.Side, attacker bool) {
	if g.chance(0.1) {
		s.Modifier = g.r.IntN(5) - 2
	}
	if g.action != combat.GroundCombat && g.chance(0.12) {
		s.AdjacentPDS = 1 + g.r.IntN(2)
		if g.ti3 && g.chance(0.7) {
			s.Techs = dedupeItems(append(s.Techs, "deep-space-cannon"))
		}
	}
	if attacker && !g.ti3 && g.action != combat.GroundCombat && g.chance(0.06) {
		s.SystemPDS = 1 + g.r.IntN(2)
	}
	if attacker && g.ti3 && g.chance(0.9) {
		s.AdjacentPDS = 0 // TI3: the active player's PDS are not modelled
	}
	spends := !g.ti3 || s.Faction != nil && (s.Faction.Slug == "letnev" || s.Faction.Slug == "hacan")
	if g.chance(0.15) && (spends || g.chance(0.1)) {
		s.TradeGoods = g.r.IntN(7)
	}
	if !g.ti3 && g.chance(0.1) {
		s.Influence = g.r.IntN(7)
	}
	if !g.ti3 {
		return
	}
	if s.Faction != nil && s.Faction.Slug == "jol-nar" && g.chance(0.4) {
		s.CommandCounters = g.r.IntN(4)
	}
	for range g.r.IntN(3) {
		s.Leaders = append(s.Leaders, pick(g, catalog.ti3Leaders))
	}
	s.Leaders = dedupeItems(s.Leaders)
	s.HighAlert = g.chance(0.05)
}

// options draws the system's options, the round limit and the printings.
func (g *generator) options(sc *combat.Scenario) {
	space := g.action != combat.GroundCombat
	sc.Nebula = space && g.chance(0.08)
	if g.action != combat.Invasion && g.chance(0.15) {
		sc.MaxRounds = 1 + g.r.IntN(4)
	}
	if g.ti3 {
		sc.SpaceMine = space && g.chance(0.1)
		sc.NegateMineHits = sc.SpaceMine && g.chance(0.4)
		sc.IonStorm = space && g.chance(0.08)
		sc.HomeSystem = g.action == combat.Invasion && g.chance(0.15)
		sc.Wormhole = g.chance(0.08)
		if n := sc.Attacker.Fleet.Count(units.ShockTroop); n > 0 && g.action == combat.Invasion && g.chance(0.3) {
			sc.Commandos = g.r.IntN(n + 1)
		}
		if sc.Attacker.HighAlert && sc.Defender.HighAlert {
			sc.Defender.HighAlert = false
		}
		return
	}
	sc.EntropicScar = space && g.chance(0.08)
	sc.Cultural = g.action == combat.Invasion && !g.system && g.chance(0.1)
	if g.chance(0.2) {
		var items []string
		for range 1 + g.r.IntN(2) {
			k := pick(g, catalog.printingKey)
			items = append(items, k+"="+pick(g, catalog.printings[k]))
		}
		sc.Printings, _ = combat.ParseRules(items)
	}
}

// planets puts the defender's ground forces and structures on one to
// three planets (one under TI3) and draws a commit policy and a planet
// to bombard.
func (g *generator) planets(sc *combat.Scenario) {
	n := 1 + g.r.IntN(3)
	if g.ti3 {
		n = 1
	}
	ground := []units.Kind{units.Infantry, units.Mech, units.PDS, units.SpaceDock}
	if g.ti3 {
		ground = []units.Kind{units.Infantry, units.ShockTroop, units.Mech, units.PDS, units.SpaceDock}
	}
	for k := range n {
		p := combat.Planet{Name: fmt.Sprintf("Planet %d", k+1), Cultural: !g.ti3 && g.chance(0.15)}
		if g.chance(0.85) {
			var gs []units.Group
			for range 1 + g.r.IntN(2) {
				gs = append(gs, g.group(sc.Defender.Faction, pick(g, ground)))
			}
			p.Units = g.build(gs)
		}
		sc.Planets = append(sc.Planets, p)
	}
	switch g.r.IntN(6) {
	case 0, 4, 5:
		// A fixed split, the one policy that needs no exact odds: each
		// ground force lands on a random planet or stays in space.
		sc.Commit = combat.Commit{Kind: combat.CommitFixed, Split: g.split(sc.Attacker.Fleet, n)}
	case 1:
		sc.Commit = combat.Commit{Kind: combat.CommitBestAll}
	case 2:
		sc.Commit = combat.Commit{Kind: combat.CommitBestCount}
	case 3:
		sc.Commit = combat.Commit{Kind: combat.CommitSecure, Target: 0.5 + g.r.Float64()/2}
	}
	if g.chance(0.2) {
		sc.Bombard = pick(g, sc.Planets).Name
	}
}

// split sends each of f's ground forces to one of n planets or keeps it in
// space (a fifth of them).
func (g *generator) split(f units.Fleet, n int) []units.Fleet {
	groups := make([][]units.Group, n)
	for _, gr := range f.Filter(units.Kind.GroundForce) {
		for range gr.Count {
			if k := g.r.IntN(n*4 + 1); k < n*4 {
				groups[k%n] = append(groups[k%n], units.Group{Kind: gr.Kind, Upgraded: gr.Upgraded, Count: 1})
			}
		}
	}
	out := make([]units.Fleet, n)
	for k, gs := range groups {
		out[k] = g.build(gs)
	}
	return out
}
