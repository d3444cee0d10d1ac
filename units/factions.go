package units

import "fmt"

// Ability is one combat-relevant text of a faction that the unit numbers do
// not capture: a faction ability, a faction technology, the text ability of
// its flagship, mech or unit upgrade, a promissory note, a leader or a
// Thunder's Edge breakthrough. Text is our own summary, never card text
// beyond short quoted phrases; the engine decides which of these it models.
type Ability struct {
	// Slug is the lower-case hyphenated name, e.g. "non-euclidean-shielding".
	Slug string
	// Name is the printed name.
	Name string
	// Kind is one of the AbilityKind* constants.
	Kind string
	// Text says what the ability does in combat, in our words.
	Text string
}

// The kinds of Ability.
const (
	AbilityKindAbility      = "ability"      // faction ability on the faction sheet
	AbilityKindTechnology   = "technology"   // faction technology (not a unit upgrade)
	AbilityKindFlagship     = "flagship"     // the flagship's text ability
	AbilityKindMech         = "mech"         // the mech's text ability
	AbilityKindUnit         = "unit"         // a faction unit upgrade's text ability
	AbilityKindNote         = "note"         // promissory note or other note
	AbilityKindLeader       = "leader"       // agent, commander or hero
	AbilityKindBreakthrough = "breakthrough" // Thunder's Edge breakthrough
)

// AbilityKinds lists every Ability kind.
func AbilityKinds() []string {
	return []string{AbilityKindAbility, AbilityKindTechnology, AbilityKindFlagship, AbilityKindMech,
		AbilityKindUnit, AbilityKindNote, AbilityKindLeader, AbilityKindBreakthrough}
}

// allFactions returns every faction other than "none", in the order
// `ti4sim units` lists them: the base game, Prophecy of Kings and Council
// Keleres factions by slug, then the Thunder's Edge factions, then the
// neutral units. Each call builds fresh values.
func allFactions() []*Faction {
	return []*Faction{
		arborec(), argent(), creuss(), empyrean(), hacan(), jolNar(), keleres(), l1z1x(), letnev(),
		mahact(), mentak(), muaat(), naalu(), naazRokha(), nekro(), nomad(), saar(), sardakk(), sol(),
		titans(), vuilRaith(), winnu(), xxcha(), yin(), yssaril(),
		lastBastion(), ralNel(), crimson(), deepwrought(), firmament(), obsidian(),
		neutral(),
	}
}

// newFaction builds a faction from its units (each placed by Kind and
// Upgraded) and abilities. It panics on two units in one slot or on a unit
// that is not a faction unit, which the package tests catch.
func newFaction(slug, name string, aliases []string, us []Stats, abilities []Ability) *Faction {
	f := &Faction{Slug: slug, Name: name, Aliases: aliases, Abilities: abilities}
	for _, s := range us {
		i := 0
		if s.Upgraded {
			i = 1
		}
		if s.Kind >= NumKinds || s.Name == "" {
			panic(fmt.Sprintf("faction %s: bad unit %+v", slug, s))
		}
		if f.units[s.Kind][i].Name != "" {
			panic(fmt.Sprintf("faction %s: two units for %s (upgraded %v)", slug, s.Kind, s.Upgraded))
		}
		f.units[s.Kind][i] = s
	}
	return f
}

// flagship returns a flagship with the common numbers: cost 8, Sustain
// Damage.
func flagship(name string, combat Roll, move, capacity int, text string) Stats {
	return Stats{Kind: Flagship, Name: name, Cost: 8, Combat: combat, Move: move, Capacity: capacity,
		Sustain: true, Text: text}
}

// mech returns a mech with the common numbers: cost 2, combat 6 (x1),
// Sustain Damage.
func mech(name, text string) Stats {
	return Stats{Kind: Mech, Name: name, Cost: 2, Combat: Roll{6, 1}, Sustain: true, Text: text}
}
