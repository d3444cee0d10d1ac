package scenario

import (
	"fmt"
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/luck"
)

// Luck is the document of `ti4sim luck` (POST /v1/luck): what happened
// at the table, to place among what could have happened. Exactly one of
// Result, Roll and Totals is given.
type Luck struct {
	// Version is 1.
	Version int `json:"version"`
	// Result is a battle and the units each side had left after it.
	Result *LuckResult `json:"result,omitempty"`
	// Roll is one roll: its dice and the hits it scored.
	Roll *LuckRoll `json:"roll,omitempty"`
	// Totals are a player's running totals as the AsyncTI4 bot keeps
	// them.
	Totals *LuckTotals `json:"totals,omitempty"`
}

// LuckResult is a battle and how it ended.
type LuckResult struct {
	// Scenario is the battle: action space, ground, or invade (a whole
	// invasion: space combat, bombardment, space cannon defense and
	// ground combat, of one planet or of a system's planets). Its run
	// says exact (only exact, or an error), prefer_exact (absent or false
	// and no trials: exact where possible, else simulated), or trials and
	// seed.
	Scenario Combat `json:"scenario"`
	// AttackerLeft and DefenderLeft are the units each side had left at
	// the end (empty: none), in the scenario's fleet grammar; damage is
	// not ranked. For an invasion they are the units left in the space
	// area: the attacker's ships and its ground forces that did not land,
	// the defender's ships.
	AttackerLeft []Units `json:"attacker_left"`
	DefenderLeft []Units `json:"defender_left"`
	// Planets, for an invasion only, are the units left on its planets,
	// at most one entry per planet (a planet not given: nobody's units
	// left on it). The attacker holds a planet where its ground forces
	// are left (LRR 49.3).
	Planets []LuckPlanet `json:"planets,omitempty"`
}

// LuckPlanet is what was left on one planet after an invasion.
type LuckPlanet struct {
	// Name is the planet's name in the scenario's system.planets (any
	// case); absent for an invasion of one planet whose units are in the
	// defender's fleet.
	Name string `json:"name,omitempty"`
	// AttackerLeft are the attacker's ground forces left on the planet,
	// DefenderLeft the defender's (its structures may be left out: they
	// are not ranked); empty: none.
	AttackerLeft []Units `json:"attacker_left,omitempty"`
	DefenderLeft []Units `json:"defender_left,omitempty"`
}

// LuckRoll is one roll of dice and its hits.
type LuckRoll struct {
	// Dice are the roll's dice, groups of dice with the same roll.
	Dice []LuckDice `json:"dice"`
	// Hits, 0..the number of dice, are the hits the roll scored.
	Hits int `json:"hits"`
}

// LuckDice are N dice hitting on the same value (luck.Dice).
type LuckDice struct {
	// N, 1..1000, is the number of dice.
	N int `json:"n"`
	// HitsOn, 1..11, is the least face that hits, modifiers applied (1:
	// always; 11: never).
	HitsOn int `json:"hits_on"`
	// Reroll: each missed die is rolled once more.
	Reroll bool `json:"reroll,omitempty"`
}

// LuckTotals are the AsyncTI4 bot's totals of one player (its save's
// expectedHitsTimes10 and actualHits).
type LuckTotals struct {
	// Expected10, 0..1000000, is the expected hits ×10: each die rolled
	// added 11 − its "hits on".
	Expected10 int `json:"expected_hits_x10"`
	// Actual, 0..expected_hits_x10, is the hits scored.
	Actual int `json:"actual_hits"`
}

// DecodeLuck reads a luck document (see DecodeCombat).
func DecodeLuck(r io.Reader) (Luck, error) {
	var d Luck
	err := decodeChecked(r, &d, "luck", d.Check)
	return d, err
}

// LibraryDice are the roll's dice as the library takes them.
func (r *LuckRoll) LibraryDice() []luck.Dice {
	out := make([]luck.Dice, len(r.Dice))
	for i, d := range r.Dice {
		out[i] = luck.Dice{N: d.N, HitsOn: d.HitsOn, Reroll: d.Reroll}
	}
	return out
}

// Check reports the first value of a luck document out of range, as an
// *Error naming its path.
func (d *Luck) Check() error {
	if d.Version != Version {
		return errorf("version", "%d is not a version this build reads; allowed: %d", d.Version, Version)
	}
	given := 0
	for _, g := range []bool{d.Result != nil, d.Roll != nil, d.Totals != nil} {
		if g {
			given++
		}
	}
	if given != 1 {
		return errorf("", "give exactly one of result, roll and totals (%d given)", given)
	}
	switch {
	case d.Result != nil:
		return d.Result.check()
	case d.Roll != nil:
		return d.Roll.check()
	}
	return nil // the totals' ranges: the schema; actual within expected: the answer (luck.Totals)
}

// check reads the battle and the units left.
func (r *LuckResult) check() error {
	if err := r.Scenario.Check(); err != nil {
		e := err.(*Error)
		return &Error{Path: under("result.scenario", e.Path), Msg: e.Msg}
	}
	if a := r.Scenario.Action; a != ActionSpace && a != ActionGround && a != ActionInvade {
		return errorf("result.scenario.action", "%s: luck ranks the end of a space combat, a ground combat or an invasion", a)
	}
	g, err := r.Scenario.game()
	if err != nil {
		return &Error{Path: under("result.scenario", err.(*Error).Path), Msg: err.(*Error).Msg}
	}
	for _, s := range []struct {
		us   []Units
		path string
	}{{r.AttackerLeft, "result.attacker_left"}, {r.DefenderLeft, "result.defender_left"}} {
		if len(s.us) == 0 {
			continue
		}
		if _, err := fleet(s.us, g, s.path); err != nil {
			return err
		}
	}
	return r.checkPlanets(g)
}

// checkPlanets reads the units left on the planets: an invasion's only,
// each planet named at most once, ground forces only for the attacker.
func (r *LuckResult) checkPlanets(g combat.Edition) error {
	if len(r.Planets) == 0 {
		return nil
	}
	names := r.Scenario.System.Planets
	switch {
	case r.Scenario.Action != ActionInvade:
		return errorf("result.planets", "only an invasion has planets; give the units left in attacker_left and defender_left")
	case len(names) == 0 && len(r.Planets) > 1:
		return errorf("result.planets", "%d planets given; the invasion has one planet (its units in the defender's fleet)", len(r.Planets))
	}
	for k, p := range names { // the names the planets given are matched against
		if !combat.PlanetName(strings.TrimSpace(p.Name)) {
			return errorf(fmt.Sprintf("result.scenario.system.planets[%d].name", k), "%q: a name of 1 to 40 printable characters, without ':', ';' or parentheses, is needed", p.Name)
		}
	}
	seen := map[int]bool{}
	for i, lp := range r.Planets {
		p := fmt.Sprintf("result.planets[%d]", i)
		k := PlanetIndex(names, lp.Name)
		switch {
		case len(names) == 0 && strings.TrimSpace(lp.Name) != "":
			return errorf(p+".name", "%q: the invasion's one planet is in the defender's fleet, unnamed; leave the name out (or give the scenario system.planets)", lp.Name)
		case k < 0:
			return errorf(p+".name", "%q: no planet of the system has this name (the planets: %s)", lp.Name, planetNames(names))
		case seen[k]:
			return errorf(p+".name", "planet %q is given twice", lp.Name)
		}
		seen[k] = true
		att, err := fleet(lp.AttackerLeft, g, p+".attacker_left")
		if err != nil {
			return err
		}
		for _, gr := range att.Groups() {
			if !gr.Kind.GroundForce() {
				return errorf(p+".attacker_left", "%s: only ground forces are left on a planet; the attacker's ships go in result.attacker_left", gr.Kind)
			}
		}
		if _, err := fleet(lp.DefenderLeft, g, p+".defender_left"); err != nil {
			return err
		}
	}
	return nil
}

// PlanetIndex is the index of the planet named name in planets (any case,
// spaces trimmed), or -1; with no planets, the invasion's one planet (0)
// for an empty name.
func PlanetIndex(planets []Planet, name string) int {
	name = strings.TrimSpace(name)
	if len(planets) == 0 {
		if name == "" {
			return 0
		}
		return -1
	}
	for k, p := range planets {
		if strings.EqualFold(strings.TrimSpace(p.Name), name) {
			return k
		}
	}
	return -1
}

func planetNames(planets []Planet) string {
	var out []string
	for _, p := range planets {
		out = append(out, strings.TrimSpace(p.Name))
	}
	return strings.Join(out, ", ")
}

// check reads the roll.
func (r *LuckRoll) check() error {
	if len(r.Dice) == 0 {
		return errorf("roll.dice", "no dice: give at least one group")
	}
	n := 0
	for i, d := range r.Dice {
		p := fmt.Sprintf("roll.dice[%d]", i)
		switch {
		case d.N < 1 || d.N > luck.MaxDice:
			return errorf(p+".n", "%d out of range: allowed 1..%d", d.N, luck.MaxDice)
		case d.HitsOn < 1 || d.HitsOn > 11:
			return errorf(p+".hits_on", "%d out of range: allowed 1..11", d.HitsOn)
		}
		n += d.N
	}
	if n > luck.MaxDice {
		return errorf("roll.dice", "%d dice: at most %d", n, luck.MaxDice)
	}
	if r.Hits < 0 || r.Hits > n {
		return errorf("roll.hits", "%d out of range: allowed 0..%d (the dice rolled)", r.Hits, n)
	}
	return nil
}
