package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// The flags of an invasion of a system of several planets: --planet
// (repeated), --commit and --bombard. With them, -d holds the defender's
// ships only and each planet its ground forces and structures.

// addPlanetFlags adds --planet, --commit and --bombard (invade only).
func (f *scenarioFlags) addPlanetFlags(fs *pflag.FlagSet) {
	fs.StringArrayVar(&f.planets, "planet", nil, "invade: a planet of the system and the defender's units on it, `\"NAME[ (cultural)]: UNITS\"`, e.g. \"Mecatol: 3 infantry, 1 pds\"; repeat for up to 3 planets, most valuable first (-d then holds only the defender's ships)")
	fs.StringVar(&f.commit, "commit", "", "invade with --planet: how the ground forces are split, `POLICY`: secure[:P] (default secure:0.9: planet by planet, the cheapest force that takes it with chance P), best[:all] or best:count (the split that maximises the chance to take every planet, or the expected number taken), or a split \"NAME: UNITS; NAME: UNITS\"")
	fs.StringVar(&f.bombard, "bombard", "", "invade with --planet: the `PLANET` every unit with Bombardment bombards (default: the first that can be bombarded)")
}

// parseFleet is the ruleset's fleet grammar.
func (f *scenarioFlags) parseFleet(s string) (units.Fleet, error) {
	if f.game == combat.EditionTI3SA {
		return units.ParseFleetTI3(s)
	}
	return units.ParseFleet(s)
}

// setPlanets reads --planet, --commit and --bombard into sc and checks the
// system (each error a usage error naming its flag).
func (f *scenarioFlags) setPlanets(sc *combat.Scenario) error {
	if sc.Action != combat.Invasion {
		return usageErrorf("--planet: only invade has planets")
	}
	if f.cultural {
		return usageErrorf("--cultural: with --planet, mark a cultural planet in its --planet value, e.g. \"Lodor (cultural): 2 infantry\"")
	}
	var names []string
	for i, v := range f.planets {
		p, err := parsePlanet(v, f.parseFleet)
		if err != nil {
			return usageErrorf("--planet %d: %v", i+1, err)
		}
		sc.Planets = append(sc.Planets, p)
		names = append(names, p.Name)
	}
	c, err := combat.ParseCommit(f.commit, names, f.parseFleet)
	if err != nil {
		return usageErrorf("--commit: %v", err)
	}
	sc.Commit = c
	sc.Bombard = strings.TrimSpace(f.bombard)
	if err := sc.ValidateSystem(); err != nil {
		return usageErrorf("%v", err)
	}
	return nil
}

// planetsGiven checks that --commit and --bombard come with --planet.
func (f *scenarioFlags) planetsGiven() error {
	if len(f.planets) == 0 {
		for _, g := range []struct{ flag, v string }{{"commit", f.commit}, {"bombard", f.bombard}} {
			if g.v != "" {
				return usageErrorf("--%s: give the system's planets with --planet", g.flag)
			}
		}
	}
	return nil
}

// parsePlanet reads "NAME[ (cultural)]: UNITS" (UNITS empty or "none" for
// an undefended planet).
func parsePlanet(v string, parse func(string) (units.Fleet, error)) (combat.Planet, error) {
	name, us, ok := strings.Cut(v, ":")
	if !ok {
		return combat.Planet{}, fmt.Errorf("%q: allowed \"NAME: UNITS\", e.g. \"Mecatol: 3 infantry, 1 pds\"", v)
	}
	p := combat.Planet{Name: strings.TrimSpace(name)}
	// The trait, in any case: compared byte for byte on the last 10 bytes
	// (lower-casing first could change the name's length).
	const trait = "(cultural)"
	if n := len(p.Name); n >= len(trait) && strings.EqualFold(p.Name[n-len(trait):], trait) {
		p.Name, p.Cultural = strings.TrimSpace(p.Name[:n-len(trait)]), true
	}
	if !combat.PlanetName(p.Name) {
		return p, fmt.Errorf("%q: a planet needs a name before ':' (1 to 40 printable characters, no ';' or parentheses)", v)
	}
	if us = strings.TrimSpace(us); us != "" && !strings.EqualFold(us, "none") {
		f, err := parse(us)
		if err != nil {
			return p, fmt.Errorf("%q: %v", p.Name, err)
		}
		p.Units = f
	}
	return p, nil
}

// planetText writes a planet in --planet's grammar.
func planetText(p combat.Planet, fleet func(units.Fleet) string) string {
	name := p.Name
	if p.Cultural {
		name += " (cultural)"
	}
	if p.Units.Empty() {
		return name + ": none"
	}
	return name + ": " + fleet(p.Units)
}
