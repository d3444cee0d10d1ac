package effects

import (
	"slices"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// Resolve validates sc and returns the scenario the engine plays: a copy
// of sc under Twilight Imperium 4, its units and rules converted (asTI3)
// under Twilight Imperium 3 with Shattered Ascension. compile calls it
// once per run: the scenario is checked and converted once.
func (sc *Scenario) Resolve() (Scenario, error) {
	if sc.Action > engine.Invasion {
		return Scenario{}, engine.Inputf("", "Action", "unknown action %d", sc.Action)
	}
	if sc.Edition >= engine.NumEditions {
		return Scenario{}, engine.Inputf("", "Edition", "unknown ruleset %d", sc.Edition)
	}
	if err := sc.Printings.Validate(); err != nil {
		return Scenario{}, engine.InputIn("", "Printings", err)
	}
	if err := sc.validateTI3Leaders(); err != nil {
		return Scenario{}, err
	}
	if err := sc.validateTI3System(); err != nil {
		return Scenario{}, err
	}
	r := *sc
	if sc.Edition == engine.EditionTI3SA {
		if err := sc.validateTI3(); err != nil {
			return Scenario{}, err
		}
		r = sc.asTI3()
	} else if sc.Printings.TI3Flagships != TI3FlagshipsSA40 {
		return Scenario{}, engine.Inputf("", "Printings", "ti3-flagships: the printing of Twilight Imperium 3's flagships applies under ruleset ti3-sa")
	} else if sc.Attacker.CommandCounters != 0 || sc.Defender.CommandCounters != 0 {
		return Scenario{}, engine.Inputf("", "CommandCounters", "command counters: only Twilight Imperium 3's Jol-Nar spend them in a combat (ruleset ti3-sa)")
	} else if sc.SpaceMine || sc.NegateMineHits {
		return Scenario{}, engine.Inputf("", mineField(sc), "space mine: space mines exist only in Twilight Imperium 3 (ruleset ti3-sa)")
	}
	if err := r.check(); err != nil {
		return Scenario{}, err
	}
	return r, nil
}

// check validates a scenario in the engine's edition (after asTI3): the
// round limit, each side, the PDS, the board states, and what the action
// needs.
func (sc *Scenario) check() error {
	if sc.MaxRounds < 0 || sc.MaxRounds > engine.MaxRounds {
		return engine.Inputf("", "MaxRounds", "round limit %d out of range: allowed 0 (none) or 1..%d", sc.MaxRounds, engine.MaxRounds)
	}
	if sc.MaxRounds > 0 && sc.Action == engine.Invasion {
		return engine.Inputf("", "MaxRounds", "a round limit applies to one combat: use space or ground, not invade")
	}
	for _, sd := range []struct {
		name string
		s    *engine.Force
	}{{"attacker", &sc.Attacker}, {"defender", &sc.Defender}} {
		if sc.PlanetOfSystem && sd.name == "defender" && sd.s.Fleet.Empty() {
			continue // an undefended planet of a system (and no ships)
		}
		if err := validate(sd.s, sd.name, sc.Action); err != nil {
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
	if n := a.Filter(units.Kind.Structure); len(n) > 0 && sc.Attacker.FactionOrNone().Slug != "ral-nel" {
		return engine.Inputf("attacker", "Fleet", "%s is a structure; the attacker has no structures in the active system (only the Ral Nel carry theirs: Miniaturization)", n[0].Kind)
	}
	return sc.checkAction()
}

// checkAction checks that each side has what the action needs: ships for
// a space combat (or the defender's space cannon), ground forces and no
// ships for a ground combat, ground forces or bombardment for an invasion.
func (sc *Scenario) checkAction() error {
	a, d := &sc.Attacker.Fleet, &sc.Defender.Fleet
	switch sc.Action {
	case engine.SpaceCombat:
		for i, f := range []struct {
			name string
			f    *units.Fleet
		}{{"attacker", a}, {"defender", d}} {
			for _, g := range f.f.Filter(units.Kind.GroundForce) {
				if err := sc.groundForceInSpace(engine.Side(i), g.Kind); err != nil {
					return err
				}
			}
		}
		if len(a.Filter(units.Kind.Ship)) == 0 {
			return engine.Inputf("", "Fleet", "attacker has no ships: a space combat needs ships on both sides")
		}
		if len(d.Filter(units.Kind.Ship)) == 0 && !sc.defenderSpaceCannon() {
			return engine.Inputf("", "Fleet", "defender has no ships and nothing that fires space cannon (PDS, a space dock with Experimental Battlestation or Lightrail Ordnance, Keleres on Mecatol Rex): nothing to fight a space combat with")
		}
	case engine.GroundCombat:
		for _, f := range []struct {
			name string
			f    *units.Fleet
		}{{"attacker", a}, {"defender", d}} {
			if g := f.f.Filter(units.Kind.Ship); len(g) > 0 {
				return engine.Inputf(f.name, "Fleet", "%s is a ship; a ground combat has only ground forces (use invade for the whole tactical action)", g[0].Kind)
			}
			if len(f.f.Filter(units.Kind.GroundForce)) == 0 && !(f.name == "defender" && fightingPDS(&sc.Defender)) {
				return engine.Inputf("", "Fleet", "%s has no ground forces: a ground combat needs infantry or mechs on both sides", f.name)
			}
		}
		for _, sd := range []struct {
			name string
			s    *engine.Force
		}{{"attacker", &sc.Attacker}, {"defender", &sc.Defender}} {
			if sd.s.AdjacentPDS != 0 || sd.s.SystemPDS != 0 {
				field := "AdjacentPDS"
				if sd.s.AdjacentPDS == 0 {
					field = "SystemPDS"
				}
				return engine.Inputf(sd.name, field, "PDS outside the contested planet take no part in a ground combat")
			}
		}
		if sc.Nebula {
			return engine.Inputf("", "Nebula", "nebula: it changes only space combat; it has no effect on a ground combat")
		}
	case engine.Invasion:
		matriarch := a.Count(units.Fighter) > 0 && twinForm(&sc.Attacker, engine.Attacker, engine.Invasion, units.Fighter) == engine.FormGround
		if len(a.Filter(units.Kind.GroundForce)) == 0 && !matriarch && !sc.attackerBombards() {
			return engine.Inputf("", "Fleet", "attacker has no ground forces to invade with and no unit with Bombardment; use space for a space combat alone")
		}
	}
	return nil
}

func validate(s *engine.Force, name string, act engine.Action) error {
	if s.Fleet.Empty() && !(name == "defender" && keleresMecatolAlone(s, act)) {
		return engine.Inputf(name, "Fleet", "empty fleet")
	}
	if err := engine.CheckRanges(s, name); err != nil {
		return err
	}
	if err := validateGalvanized(s); err != nil {
		return engine.InputIn(name, "Galvanized", err)
	}
	if err := validateNeutral(s); err != nil {
		return engine.InputIn(name, "", err)
	}
	if err := s.Order.Validate(); err != nil {
		return engine.InputIn(name, "Order", err)
	}
	if err := s.Retreat.Validate(); err != nil {
		return engine.InputIn(name, "Retreat", err)
	}
	if _, _, err := heldCards(s); err != nil {
		return engine.InputIn(name, "Cards", err)
	}
	if err := validateChoices(s); err != nil {
		return engine.InputIn(name, "Choices", err)
	}
	if !s.Retreat.Never() && act == engine.GroundCombat {
		return engine.Inputf(name, "Retreat", "no retreat from a ground combat (LRR 42)")
	}
	up, err := upgrades(s)
	if err != nil {
		return engine.InputIn(name, "Techs", err)
	}
	f := s.FactionOrNone()
	for _, g := range s.Fleet.Groups() {
		if _, err := f.Unit(g.Kind, up[g.Kind]); err != nil {
			return engine.InputIn(name, "Fleet", err)
		}
	}
	return nil
}

// mineField is the field a space mine outside Twilight Imperium 3 is
// given by: SpaceMine, or NegateMineHits alone.
func mineField(sc *Scenario) string {
	if sc.SpaceMine {
		return "SpaceMine"
	}
	return "NegateMineHits"
}

// validatePDS checks the PDS outside the fleets: PDS on planets of the
// system other than the contested one are the attacker's (the defender's
// are in its fleet, on the planet), and Twilight Imperium 3's rules for the
// active player's PDS are not modelled.
func (sc *Scenario) validatePDS() error {
	if sc.Defender.SystemPDS != 0 {
		return engine.Inputf("defender", "SystemPDS", "its PDS on the contested planet go in its fleet; PDS on its other planets in the system are not modelled")
	}
	if sc.Edition == engine.EditionTI3SA && (sc.Attacker.SystemPDS != 0 || sc.Attacker.AdjacentPDS != 0) {
		field := "SystemPDS"
		if sc.Attacker.SystemPDS == 0 {
			field = "AdjacentPDS"
		}
		return engine.Inputf("attacker", field, "ruleset ti3-sa: the active player's PDS are not modelled (only the defender's)")
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
func (sc *Scenario) defenderSpaceCannon() bool {
	d := &sc.Defender
	if d.AdjacentPDS > 0 || boardStateHolds(d, "mecatol-rex") {
		return true
	}
	up, _ := upgrades(d)
	for _, g := range d.Fleet.Groups() {
		if st, err := d.FactionOrNone().Unit(g.Kind, up[g.Kind]); err == nil && st.SpaceCannon.Has() {
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
func (sc *Scenario) attackerBombards() bool {
	a := &sc.Attacker
	if sc.EntropicScar || (sc.Cultural && (holdsCard(a, "conventions-of-war") || holdsCard(&sc.Defender, "conventions-of-war"))) {
		return false
	}
	up, _ := upgrades(a)
	for _, g := range a.Fleet.Filter(units.Kind.Ship) {
		st, err := a.FactionOrNone().Unit(g.Kind, up[g.Kind])
		if err == nil && (st.Bombardment.Has() || (holdsCard(a, "blitz") && g.Kind != units.Fighter)) {
			return true
		}
	}
	return false
}

// fightingPDS reports whether side has PDS that are also ground forces
// (the Titans' Hel-Titans have a combat value).
func fightingPDS(side *engine.Force) bool {
	if side.Fleet.Count(units.PDS) == 0 {
		return false
	}
	st, err := side.FactionOrNone().Unit(units.PDS, false)
	return err == nil && st.Combat.Has()
}

// validateGalvanized checks that the galvanized units are among the side's
// units and that the side can galvanize.
func validateGalvanized(s *engine.Force) error {
	if s.Galvanized.Empty() {
		return nil
	}
	if (s.Faction == nil || s.Faction.Slug != "last-bastion") && !slices.Contains(cardNamesOf(s.Cards), "raise-the-standard") {
		return engine.Inputf("", "Galvanized", "galvanized units: only the Last Bastion galvanize (or a side holding their Raise the Standard note)")
	}
	for _, g := range s.Galvanized.Groups() {
		if g.Count > s.Fleet.Count(g.Kind) {
			return engine.Inputf("", "Galvanized", "galvanized units: %d %s but the fleet has %d", g.Count, g.Kind, s.Fleet.Count(g.Kind))
		}
		if g.Kind.Structure() && g.Kind != units.PDS {
			return engine.Inputf("", "Galvanized", "galvanized units: a %s has no roll to galvanize", g.Kind)
		}
	}
	return nil
}

// groundForceInSpace checks that side's ground forces of kind k take part
// in a space combat: they fight in it as ships (The Alastor, Z-Grav
// Eidolon), or they are mechs whose text acts during one — the Nomad's
// Quantum Manipulator (its Sustain Damage cancels hits on the ships), the
// Xxcha's Indomitus (Space Cannon 8 in space cannon offense) and the
// Naalu's Iconoclast Ω, Codex III (no anti-fighter barrage against the
// Naalu). Other ground forces do nothing there and are refused, naming why.
func (sc *Scenario) groundForceInSpace(side engine.Side, k units.Kind) error {
	s := sc.Side(side)
	if twinForm(s, side, engine.SpaceCombat, k) == engine.FormShip || k == units.Mech && mechActsInSpace(sc, side) {
		return nil
	}
	name := side.String()
	if k != units.Mech {
		return engine.Inputf(name, "Fleet", "%s takes no part in a space combat; use invade for the whole tactical action", k)
	}
	why := "a mech of no faction has no text"
	switch f := s.FactionOrNone(); {
	case f.Slug == "nekro":
		why = "Mordred's text does not act during a space combat, and Nekro ground forces fight in one only with The Alastor (the flagship) in the fleet"
	case f.Slug == "naaz-rokha":
		why = "only the attacker's Eidolons, in the space area, flip to Z-Grav Eidolons and fight"
	case f.Slug == "naalu":
		why = "the " + sc.Printings.Iconoclast.String() + " printing of Iconoclast does not act during a space combat (Iconoclast Ω does: printings iconoclast=omega)"
	case f != units.NoFaction():
		if st, err := f.Unit(units.Mech, false); err == nil {
			why = st.Name + "'s text does not act during a space combat"
		}
	}
	return engine.Inputf(name, "Fleet", "mech takes no part in a space combat: %s; only the Nomad's, the Xxcha's and the Naalu's Codex III mechs (Quantum Manipulator, Indomitus, Iconoclast Ω) act there; use invade for the whole tactical action", why)
}

// mechActsInSpace reports whether side's mechs have a text that acts
// during a space combat (see groundForceInSpace).
func mechActsInSpace(sc *Scenario, side engine.Side) bool {
	switch sc.Side(side).FactionOrNone().Slug {
	case "nomad", "xxcha":
		return true
	case "naalu":
		return sc.Printings.Iconoclast == IconoclastOmega
	}
	return false
}
