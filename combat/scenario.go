package combat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// Action is what a Scenario simulates.
type Action uint8

const (
	// SpaceCombat is space cannon offense, start-of-combat effects,
	// anti-fighter barrage and space combat rounds to the end.
	SpaceCombat Action = iota
	// GroundCombat is a ground combat alone, start-of-combat effects
	// included.
	GroundCombat
	// Invasion is the whole tactical action against one planet: space cannon
	// offense, space combat (if both sides have ships), bombardment,
	// commitment of the attacker's ground forces, space cannon defense,
	// ground combat and control of the planet.
	Invasion
)

// String returns the command name of the action: "space", "ground" or
// "invade".
func (a Action) String() string {
	switch a {
	case SpaceCombat:
		return "space"
	case GroundCombat:
		return "ground"
	case Invasion:
		return "invade"
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// MaxModifier bounds Side.Modifier: a flat modifier beyond ±9 already makes
// every die hit or miss.
const MaxModifier = 9

// MaxAdjacentPDS bounds Side.AdjacentPDS.
const MaxAdjacentPDS = 99

// Side is one player in the scenario.
//
// The attacker (the active player) has ships and, in an invasion, ground
// forces in the space area, committed to the planet in the invasion. The
// defender has ships in the space area and ground forces and structures
// (PDS, space docks) on the contested planet.
type Side struct {
	// Fleet is the side's units in the active system.
	Fleet units.Fleet
	// Faction is the side's faction; nil means no faction (generic units).
	Faction *units.Faction
	// Techs are technologies the side holds, by slug. Unit upgrades
	// ("dreadnought-ii", "pds-ii", ...) upgrade every unit of that kind,
	// including adjacent PDS. See Technologies for the accepted names.
	Techs []string
	// Order is the side's hit-assignment policy; the zero value is the
	// default policy (see Order).
	Order Order
	// Modifier is a flat modifier, -9..+9, applied to the side's combat
	// rolls (space and ground combat rounds; not anti-fighter barrage,
	// space cannon or bombardment).
	Modifier int
	// Cards are the action cards, promissory notes, agendas and relics the
	// side holds, by slug, "slug:N" for N copies (see Cards), its faction
	// items (notes, leaders, breakthroughs), and the board states its
	// faction's texts read (see BoardStates).
	Cards []string
	// Retreat is the side's retreat policy in space combat.
	Retreat Retreat
	// AdjacentPDS is the number of the side's PDS in systems adjacent to
	// the active system, 0..99. They fire in space cannon offense only if
	// the side's PDS are upgraded (PDS II; LRR 77.2), the attacker's
	// first; they are never hit.
	AdjacentPDS int
	// SystemPDS is the number of the attacker's PDS on its own planets in
	// the active system, 0..99 (the attacker's fleet is in the space area
	// and cannot hold them). They fire in space cannon offense (LRR 77.2:
	// each player, the active one first, fires its space cannon in the
	// active system), not in space cannon defense (only the defender's
	// units on the invaded planet fire then); they are not ships and are
	// never hit. Must be 0 for the defender, whose PDS on the contested
	// planet are in its fleet.
	SystemPDS int
	// TradeGoods, 0..MaxBudget, are the trade goods the side may spend on
	// effects during the action (Munitions Reserves, Wrath of Kenara);
	// effects that need more than are left do nothing.
	TradeGoods int
	// Influence, 0..MaxBudget, is the influence the side may spend on
	// effects during the action (Indoctrination, Dynamo).
	Influence int
	// Galvanized are the side's units that carry a galvanize token (Last
	// Bastion, Thunder's Edge): each rolls 1 additional die for its combat
	// rolls and unit abilities. A subset of Fleet; only the Last Bastion
	// galvanize, or a side holding their Raise the Standard note.
	Galvanized units.Fleet
}

// MaxBudget bounds Side.TradeGoods and Side.Influence.
const MaxBudget = 99

// Scenario is one question to simulate.
type Scenario struct {
	// Action is what to simulate.
	Action Action
	// Attacker is the active player.
	Attacker Side
	// Defender is the other player.
	Defender Side
	// Nebula is true when the active system is a nebula: the defender
	// applies +1 to its ships' combat rolls in space combat (LRR 59).
	Nebula bool
	// Edition is the rules edition the scenario is played under:
	// Twilight Imperium 4 (the zero value) or Twilight Imperium 3 with
	// Shattered Ascension (ti3.go).
	Edition Edition
	// Printings chooses the printing of each card whose text changed; the
	// zero value is today's.
	Printings Printings
	// MaxRounds, 0..1000, stops the combat after that many rounds and
	// reports the state then (space and ground combat only); 0: no limit.
	MaxRounds int
	// Cultural is true when the contested planet has the cultural trait
	// (Conventions of War forbids bombarding it).
	Cultural bool
	// EntropicScar is true when the active system is an entropic scar
	// (Thunder's Edge anomaly).
	EntropicScar bool
	// SpaceMine is true when the defender has a space mine in the active
	// system (Twilight Imperium 3 with Shattered Ascension only; ti3.go).
	SpaceMine bool
}

// Technology slugs of the cards modelled, for Side.Techs.
const (
	TechMagen = "magen-defense-grid"
	TechX89   = "x89-bacterial-weapon"
)

// cardTechs maps accepted spellings to the technology cards modelled. md
// and x89 are also the AsyncTI4 bot's codes; its newest data means the Ω
// printings by them (md_base and x89_base being the base game's), but here
// they name the technology only: the printing is chosen separately
// (Printings), as for every other spelling.
var cardTechs = map[string]string{
	TechMagen: TechMagen, "magen": TechMagen, "mdg": TechMagen, "md": TechMagen,
	TechX89: TechX89, "x89": TechX89, "x-89": TechX89, "x-89-bacterial-weapon": TechX89,
}

// Technologies returns the technology slugs Side.Techs accepts: the unit
// upgrades and the technology cards modelled.
func Technologies() []string {
	var out []string
	for _, k := range units.Kinds() {
		if units.HasUpgrade(k) {
			out = append(out, upgradeSlug(k))
		}
	}
	out = append(out, TechMagen, TechX89)
	for _, c := range catalog() {
		if c.Kind == KindTechnology {
			out = append(out, c.Slug)
		}
	}
	return out
}

// holds reports whether the side holds technology card tech (a Tech*
// constant).
func (s *force) holds(tech string) bool {
	for _, t := range s.Techs {
		if cardTechs[techSlug(t)] == tech {
			return true
		}
	}
	return false
}

// techSlug is the slug of a technology or card name as given: lower case,
// spaces as hyphens, and an AsyncTI4 bot code of a faction technology or
// unit upgrade replaced by the slug it stands for (techCodes).
func techSlug(t string) string {
	s := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(t)), " ", "-")
	if slug, ok := techCodes[s]; ok {
		return slug
	}
	return s
}

func upgradeSlug(k units.Kind) string {
	return strings.ReplaceAll(k.String(), " ", "-") + "-ii"
}

// upgrades returns, per kind, whether the side's techs upgrade it; it fails
// on an unknown technology.
func (s *force) upgrades() ([units.NumKinds]bool, error) {
	var up [units.NumKinds]bool
	for _, t := range s.Techs {
		slug := techSlug(t)
		c, ok := lookupCard(slug)
		a, _, isFaction := factionAbility(slug)
		found := cardTechs[slug] != "" || (ok && c.Kind == KindTechnology) || (isFaction && a.Kind == units.AbilityKindTechnology)
		for _, k := range units.Kinds() {
			if units.HasUpgrade(k) && (slug == upgradeSlug(k) || slug == strings.TrimSuffix(upgradeSlug(k), "-ii")+"2") {
				up[k], found = true, true
			}
		}
		if !found {
			return up, fmt.Errorf("unknown technology %s; allowed: %s", echo.Quote(t), strings.Join(Technologies(), ", "))
		}
	}
	for _, g := range s.Fleet.Groups() {
		if g.Upgraded {
			up[g.Kind] = true
		}
	}
	return up, nil
}

func (s *force) faction() *units.Faction {
	if s.Faction == nil {
		return units.NoFaction()
	}
	return s.Faction
}

// Validate reports the first reason the scenario cannot be simulated,
// naming the side and the input at fault.
func (sc *Scenario) Validate() error {
	in := sc.internal()
	_, err := in.resolve()
	return err
}

// resolve validates sc and returns the scenario the engine plays: a copy
// of sc under Twilight Imperium 4, its units and rules converted (asTI3)
// under Twilight Imperium 3 with Shattered Ascension. compile calls it
// once per run: the scenario is checked and converted once.
func (sc *scenarioIn) resolve() (scenarioIn, error) {
	if sc.Action > Invasion {
		return scenarioIn{}, fmt.Errorf("unknown action %d", sc.Action)
	}
	if sc.Edition >= numEditions {
		return scenarioIn{}, fmt.Errorf("unknown ruleset %d", sc.Edition)
	}
	if err := sc.Printings.validate(); err != nil {
		return scenarioIn{}, err
	}
	r := *sc
	if sc.Edition == EditionTI3SA {
		if err := sc.validateTI3(); err != nil {
			return scenarioIn{}, err
		}
		r = sc.asTI3()
	} else if sc.SpaceMine {
		return scenarioIn{}, fmt.Errorf("space mine: space mines exist only in Twilight Imperium 3 (ruleset ti3-sa)")
	}
	if err := r.check(); err != nil {
		return scenarioIn{}, err
	}
	return r, nil
}

// check validates a scenario in the engine's edition (after asTI3): the
// round limit, each side, the PDS, the board states, and what the action
// needs.
func (sc *scenarioIn) check() error {
	if sc.MaxRounds < 0 || sc.MaxRounds > maxRounds {
		return fmt.Errorf("round limit %d out of range: allowed 0 (none) or 1..%d", sc.MaxRounds, maxRounds)
	}
	if sc.MaxRounds > 0 && sc.Action == Invasion {
		return fmt.Errorf("a round limit applies to one combat: use space or ground, not invade")
	}
	for _, sd := range []struct {
		name string
		s    *force
	}{{"attacker", &sc.Attacker}, {"defender", &sc.Defender}} {
		if err := sd.s.validate(sd.name, sc.Action); err != nil {
			return err
		}
	}
	a := &sc.Attacker.Fleet
	if err := sc.validatePDS(); err != nil {
		return err
	}
	if err := sc.validateBoardStates(); err != nil {
		return err
	}
	if n := a.Filter(units.Kind.Structure); len(n) > 0 && sc.Attacker.faction().Slug != "ral-nel" {
		return fmt.Errorf("attacker: %s is a structure; the attacker has no structures in the active system (only the Ral Nel carry theirs: Miniaturization)", n[0].Kind)
	}
	return sc.checkAction()
}

// checkAction checks that each side has what the action needs: ships for
// a space combat (or the defender's space cannon), ground forces and no
// ships for a ground combat, ground forces or bombardment for an invasion.
func (sc *scenarioIn) checkAction() error {
	a, d := &sc.Attacker.Fleet, &sc.Defender.Fleet
	switch sc.Action {
	case SpaceCombat:
		for i, f := range []struct {
			name string
			f    *units.Fleet
		}{{"attacker", a}, {"defender", d}} {
			for _, g := range f.f.Filter(units.Kind.GroundForce) {
				if twinForm(sideOf(sc, sideID(i)), sideID(i), SpaceCombat, g.Kind) != formShip {
					return fmt.Errorf("%s: %s takes no part in a space combat; use invade for the whole tactical action", f.name, g.Kind)
				}
			}
		}
		if len(a.Filter(units.Kind.Ship)) == 0 {
			return fmt.Errorf("attacker has no ships: a space combat needs ships on both sides")
		}
		if len(d.Filter(units.Kind.Ship)) == 0 && !sc.defenderSpaceCannon() {
			return fmt.Errorf("defender has no ships and nothing that fires space cannon (PDS, a space dock with Experimental Battlestation or Lightrail Ordnance, Keleres on Mecatol Rex): nothing to fight a space combat with")
		}
	case GroundCombat:
		for _, f := range []struct {
			name string
			f    *units.Fleet
		}{{"attacker", a}, {"defender", d}} {
			if g := f.f.Filter(units.Kind.Ship); len(g) > 0 {
				return fmt.Errorf("%s: %s is a ship; a ground combat has only ground forces (use invade for the whole tactical action)", f.name, g[0].Kind)
			}
			if len(f.f.Filter(units.Kind.GroundForce)) == 0 && !(f.name == "defender" && fightingPDS(&sc.Defender)) {
				return fmt.Errorf("%s has no ground forces: a ground combat needs infantry or mechs on both sides", f.name)
			}
		}
		for _, sd := range []struct {
			name string
			s    *force
		}{{"attacker", &sc.Attacker}, {"defender", &sc.Defender}} {
			if sd.s.AdjacentPDS != 0 || sd.s.SystemPDS != 0 {
				return fmt.Errorf("%s: PDS outside the contested planet take no part in a ground combat", sd.name)
			}
		}
		if sc.Nebula {
			return fmt.Errorf("nebula: it changes only space combat; it has no effect on a ground combat")
		}
	case Invasion:
		matriarch := a.Count(units.Fighter) > 0 && twinForm(&sc.Attacker, attacker, Invasion, units.Fighter) == formGround
		if len(a.Filter(units.Kind.GroundForce)) == 0 && !matriarch && !sc.attackerBombards() {
			return fmt.Errorf("attacker has no ground forces to invade with and no unit with Bombardment; use space for a space combat alone")
		}
	}
	return nil
}

func (s *force) validate(name string, act Action) error {
	if s.Fleet.Empty() {
		return fmt.Errorf("%s: empty fleet", name)
	}
	if s.Modifier < -MaxModifier || s.Modifier > MaxModifier {
		return fmt.Errorf("%s: modifier %d out of range: allowed -%d..+%d", name, s.Modifier, MaxModifier, MaxModifier)
	}
	if s.AdjacentPDS < 0 || s.AdjacentPDS > MaxAdjacentPDS {
		return fmt.Errorf("%s: adjacent PDS %d out of range: allowed 0..%d", name, s.AdjacentPDS, MaxAdjacentPDS)
	}
	if s.SystemPDS < 0 || s.SystemPDS > MaxAdjacentPDS {
		return fmt.Errorf("%s: PDS on its planets in the system %d out of range: allowed 0..%d", name, s.SystemPDS, MaxAdjacentPDS)
	}
	if s.TradeGoods < 0 || s.TradeGoods > MaxBudget {
		return fmt.Errorf("%s: trade goods %d out of range: allowed 0..%d", name, s.TradeGoods, MaxBudget)
	}
	if s.Influence < 0 || s.Influence > MaxBudget {
		return fmt.Errorf("%s: influence %d out of range: allowed 0..%d", name, s.Influence, MaxBudget)
	}
	if err := s.validateGalvanized(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if err := s.validateNeutral(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if err := s.Order.validate(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if err := s.Retreat.validate(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if _, _, err := s.heldCards(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if !s.Retreat.Never() && act == GroundCombat {
		return fmt.Errorf("%s: no retreat from a ground combat (LRR 42)", name)
	}
	up, err := s.upgrades()
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	f := s.faction()
	for _, g := range s.Fleet.Groups() {
		if _, err := f.Unit(g.Kind, up[g.Kind]); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	return nil
}

// validatePDS checks the PDS outside the fleets: PDS on planets of the
// system other than the contested one are the attacker's (the defender's
// are in its fleet, on the planet), and Twilight Imperium 3's rules for the
// active player's PDS are not modelled.
func (sc *scenarioIn) validatePDS() error {
	if sc.Defender.SystemPDS != 0 {
		return fmt.Errorf("defender: its PDS on the contested planet go in its fleet; PDS on its other planets in the system are not modelled")
	}
	if sc.Edition == EditionTI3SA && (sc.Attacker.SystemPDS != 0 || sc.Attacker.AdjacentPDS != 0) {
		return fmt.Errorf("attacker: ruleset ti3-sa: the active player's PDS are not modelled (only the defender's)")
	}
	return nil
}

// defenderSpaceCannon reports whether the defender has something that may
// fire space cannon offense at the attacker's ships: a unit with Space
// Cannon (a PDS on the planet or in an adjacent system), a space dock with
// Experimental Battlestation or Lightrail Ordnance, or Mecatol Rex under
// Keleres control (I.I.H.Q. Modernization). A space combat against a side
// with no ships is then space cannon offense alone (LRR 77; no combat takes
// place, LRR 78: both players need ships).
func (sc *scenarioIn) defenderSpaceCannon() bool {
	d := &sc.Defender
	if d.AdjacentPDS > 0 || boardStateHolds(d, "mecatol-rex") {
		return true
	}
	up, _ := d.upgrades()
	for _, g := range d.Fleet.Groups() {
		if st, err := d.faction().Unit(g.Kind, up[g.Kind]); err == nil && st.SpaceCannon.Has() {
			return true
		}
	}
	return d.Fleet.Count(units.SpaceDock) > 0 && (holdsCard(d, "experimental-battlestation") || holdsCard(d, "lightrail-ordnance"))
}

// attackerBombards reports whether the attacker has a ship that may use
// Bombardment (its own, or Blitz's) against the planet: then an invasion
// with no ground forces to commit is still the Bombardment step (LRR 15:
// the active player may bombard a planet in the active system whether or
// not it lands on it) and the defender keeps the planet.
func (sc *scenarioIn) attackerBombards() bool {
	a := &sc.Attacker
	if sc.EntropicScar || (sc.Cultural && (holdsCard(a, "conventions-of-war") || holdsCard(&sc.Defender, "conventions-of-war"))) {
		return false
	}
	up, _ := a.upgrades()
	for _, g := range a.Fleet.Filter(units.Kind.Ship) {
		st, err := a.faction().Unit(g.Kind, up[g.Kind])
		if err == nil && (st.Bombardment.Has() || (holdsCard(a, "blitz") && g.Kind != units.Fighter)) {
			return true
		}
	}
	return false
}

// fightingPDS reports whether side has PDS that are also ground forces
// (the Titans' Hel-Titans have a combat value).
func fightingPDS(side *force) bool {
	if side.Fleet.Count(units.PDS) == 0 {
		return false
	}
	st, err := side.faction().Unit(units.PDS, false)
	return err == nil && st.Combat.Has()
}

// validateGalvanized checks that the galvanized units are among the side's
// units and that the side can galvanize.
func (s *force) validateGalvanized() error {
	if s.Galvanized.Empty() {
		return nil
	}
	if (s.Faction == nil || s.Faction.Slug != "last-bastion") && !slices.Contains(cardNamesOf(s.Cards), "raise-the-standard") {
		return fmt.Errorf("galvanized units: only the Last Bastion galvanize (or a side holding their Raise the Standard note)")
	}
	for _, g := range s.Galvanized.Groups() {
		if g.Count > s.Fleet.Count(g.Kind) {
			return fmt.Errorf("galvanized units: %d %s but the fleet has %d", g.Count, g.Kind, s.Fleet.Count(g.Kind))
		}
		if g.Kind.Structure() && g.Kind != units.PDS {
			return fmt.Errorf("galvanized units: a %s has no roll to galvanize", g.Kind)
		}
	}
	return nil
}
