package combat_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// inputCase is one bad input: the call that takes it, and the side, field
// and element InputError must name, with the text the error had before it
// was typed (the command line prints it; goldens compare it).
type inputCase struct {
	name  string
	call  func(t *testing.T) error
	side  string
	field string
	index int
	want  string
}

// space is a space combat both sides can fight.
func space(t *testing.T) combat.Scenario {
	return combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 cruiser, 1 carrier")},
		Defender: combat.Side{Fleet: mustFleet(t, "2 destroyer")},
	}
}

// invade is an invasion of one planet.
func invade(t *testing.T) combat.Scenario {
	return combat.Scenario{
		Action:   combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 4 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")},
	}
}

// ti3Space is a space combat under Twilight Imperium 3.
func ti3Space(t *testing.T) combat.Scenario {
	return ti3Scenario(t, combat.SpaceCombat, "2 cruiser", "2 destroyer")
}

func validates(sc combat.Scenario) func(*testing.T) error {
	return func(*testing.T) error { return sc.Validate() }
}

func runs(sc combat.Scenario, o combat.Options) func(*testing.T) error {
	return func(*testing.T) error {
		_, err := combat.Run(context.Background(), sc, o)
		return err
	}
}

func runsSystem(sc combat.Scenario) func(*testing.T) error {
	return func(*testing.T) error {
		_, err := combat.RunSystem(context.Background(), sc, combat.Options{Trials: 10})
		return err
	}
}

// with returns sc changed by f.
func with(sc combat.Scenario, f func(*combat.Scenario)) combat.Scenario {
	f(&sc)
	return sc
}

func inputCases(t *testing.T) []inputCase {
	lastBastion, err := units.LookupFaction("last-bastion")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := units.LookupFaction("sol")
	if err != nil {
		t.Fatal(err)
	}
	o := combat.Options{Trials: 10}
	return []inputCase{
		{"fleet empty", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.Fleet = units.Fleet{} })),
			"attacker", "Fleet", -1, "attacker: empty fleet"},
		{"fleet structure", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.Fleet = mustFleet(t, "1 cruiser, 1 pds") })),
			"attacker", "Fleet", -1, "attacker: pds is a structure; the attacker has no structures in the active system (only the Ral Nel carry theirs: Miniaturization)"},
		{"fleet ground in space", validates(with(space(t), func(sc *combat.Scenario) { sc.Defender.Fleet = mustFleet(t, "1 destroyer, 2 infantry") })),
			"defender", "Fleet", -1, "defender: infantry takes no part in a space combat; use invade for the whole tactical action"},
		{"faction ti4 under ti3", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Defender.Faction = sol })),
			"defender", "Faction", -1, "defender: sol is a Twilight Imperium 4 faction; under ruleset ti3-sa give a TI3 race (the catalog lists them)"},
		{"techs unknown", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.Techs = []string{"plasma-scoring", "warp-drive-9"} })),
			"attacker", "Techs", 1, "attacker: unknown technology \"warp-drive-9\"; allowed: infantry-ii, fighter-ii, destroyer-ii, cruiser-ii, carrier-ii, dreadnought-ii, pds-ii, space-dock-ii, magen-defense-grid, x89-bacterial-weapon, assault-cannon, duranium-armor, plasma-scoring, antimass-deflectors, graviton-laser-system"},
		{"techs ti3 unknown", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Defender.Techs = []string{"hylar-v-assault-laser", "nope"} })),
			"defender", "Techs", 1, "defender: unknown Twilight Imperium 3 technology \"nope\"; allowed: advanced-fighters, assault-cannon, automated-defense-turrets, cybernetics, deep-space-cannon, duranium-armor, gen-synthesis, graviton-laser-system, graviton-negator, hylar-v-assault-laser, impulsion-shields, magen-defense-grid, maneuvering-jets, war-sun, x89-bacterial-weapon"},
		{"order structure", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.Order = combat.Order{Kinds: []units.Kind{units.PDS}} })),
			"attacker", "Order", -1, "attacker: order: pds is a structure and never takes hits"},
		{"modifier", validates(with(space(t), func(sc *combat.Scenario) { sc.Defender.Modifier = 10 })),
			"defender", "Modifier", -1, "defender: modifier 10 out of range: allowed -9..+9"},
		{"cards copies", validates(with(space(t), func(sc *combat.Scenario) {
			sc.Attacker.Cards = []string{"morale-boost", "direct-hit", "shields-holding:9"}
		})), "attacker", "Cards", 2, "attacker: card shields-holding: 9 copies; allowed 1..4"},
		{"cards unknown", validates(with(space(t), func(sc *combat.Scenario) { sc.Defender.Cards = []string{"no-such-card"} })),
			"defender", "Cards", 0, "defender: unknown card \"no-such-card\"; allowed: articles-of-war, blitz, bunker, conventions-of-war, courageous-to-the-end, crash-landing, direct-hit, disable, emergency-repairs, experimental-battlestation, fighter-prototype, fire-team, heart-of-ixth, intercept, lightrail-ordnance, maneuvering-jets, metali-void-armaments, metali-void-shielding, morale-boost, parley, prophecy-of-ixth, publicize-weapon-schematics, reflective-shielding, rout, scramble-frequency, shields-holding, skilled-retreat, solar-flare, waylay"},
		{"cards twice", validates(with(space(t), func(sc *combat.Scenario) { sc.Defender.Cards = []string{"morale-boost", "morale-boost"} })),
			"defender", "Cards", 1, "defender: card morale-boost listed twice; give the copies as morale-boost:2"},
		{"cards ti3 unknown", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Attacker.Cards = []string{"morale-boost", "no-such"} })),
			"attacker", "Cards", 1, "attacker: ruleset ti3-sa: unknown Twilight Imperium 3 action card \"no-such\"; allowed: a-beacon-of-hope, chemical-warfare, fighter-prototype, friendly-fire, geomagnetic-mines, morale-boost, overrun, recheck"},
		{"retreat after", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.Retreat = combat.Retreat{AfterRound: -1} })),
			"attacker", "Retreat", -1, "attacker: retreat after round -1: allowed 1..1000"},
		{"retreat ground", validates(with(space(t), func(sc *combat.Scenario) {
			sc.Action = combat.GroundCombat
			sc.Attacker.Fleet, sc.Defender.Fleet = mustFleet(t, "2 infantry"), mustFleet(t, "1 infantry")
			sc.Defender.Retreat = combat.Retreat{AfterRound: 1}
		})), "defender", "Retreat", -1, "defender: no retreat from a ground combat (LRR 42)"},
		{"adjacent pds", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.AdjacentPDS = 100 })),
			"attacker", "AdjacentPDS", -1, "attacker: adjacent PDS 100 out of range: allowed 0..99"},
		{"system pds defender", validates(with(space(t), func(sc *combat.Scenario) { sc.Defender.SystemPDS = 1 })),
			"defender", "SystemPDS", -1, "defender: its PDS on the contested planet go in its fleet; PDS on its other planets in the system are not modelled"},
		{"trade goods", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.TradeGoods = -1 })),
			"attacker", "TradeGoods", -1, "attacker: trade goods -1 out of range: allowed 0..99"},
		{"influence", validates(with(space(t), func(sc *combat.Scenario) { sc.Defender.Influence = combat.MaxBudget + 1 })),
			"defender", "Influence", -1, "defender: influence 100 out of range: allowed 0..99"},
		{"command counters ti4", validates(with(space(t), func(sc *combat.Scenario) { sc.Defender.CommandCounters = 1 })),
			"", "CommandCounters", -1, "command counters: only Twilight Imperium 3's Jol-Nar spend them in a combat (ruleset ti3-sa)"},
		{"galvanized", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.Galvanized = mustFleet(t, "1 cruiser") })),
			"attacker", "Galvanized", -1, "attacker: galvanized units: only the Last Bastion galvanize (or a side holding their Raise the Standard note)"},
		{"galvanized more", validates(with(space(t), func(sc *combat.Scenario) {
			sc.Attacker.Faction = lastBastion
			sc.Attacker.Galvanized = mustFleet(t, "3 cruiser")
		})), "attacker", "Galvanized", -1, "attacker: galvanized units: 3 cruiser but the fleet has 2"},
		{"leaders ti4", validates(with(space(t), func(sc *combat.Scenario) { sc.Attacker.Leaders = []string{"admiral"} })),
			"attacker", "Leaders", -1, "attacker: leaders and the High Alert token are Twilight Imperium 3's (ruleset ti3-sa); Twilight Imperium 4's leaders are faction cards"},
		{"leaders unknown", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Defender.Leaders = []string{"admiral", "king"} })),
			"defender", "Leaders", 1, "defender: unknown leader \"king\"; allowed: admiral, agent, diplomat, general, scientist"},
		{"leaders twice", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Attacker.Leaders = []string{"general", "admiral", "general"} })),
			"attacker", "Leaders", 2, "attacker: leader general given twice (two of a kind do not add up)"},
		{"high alert both", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Attacker.HighAlert, sc.Defender.HighAlert = true, true })),
			"", "HighAlert", -1, "high alert: there is one High Alert token; give it to one side"},
		{"action", validates(with(space(t), func(sc *combat.Scenario) { sc.Action = 9 })),
			"", "Action", -1, "unknown action 9"},
		{"nebula ground", validates(with(space(t), func(sc *combat.Scenario) {
			sc.Action = combat.GroundCombat
			sc.Attacker.Fleet, sc.Defender.Fleet = mustFleet(t, "2 infantry"), mustFleet(t, "1 infantry")
			sc.Nebula = true
		})), "", "Nebula", -1, "nebula: it changes only space combat; it has no effect on a ground combat"},
		{"edition", validates(with(space(t), func(sc *combat.Scenario) { sc.Edition = 9 })),
			"", "Edition", -1, "unknown ruleset 9"},
		{"printings", validates(with(space(t), func(sc *combat.Scenario) { sc.Printings.Magen = 9 })),
			"", "Printings", -1, "unknown Magen Defense Grid printing 9"},
		{"printings ti3", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Printings.X89 = combat.X89Original })),
			"", "Printings", -1, "ruleset ti3-sa: the printings choose among Twilight Imperium 4 cards' texts; TI3's Magen Defense Grid is the technology magen-defense-grid"},
		{"max rounds", validates(with(space(t), func(sc *combat.Scenario) { sc.MaxRounds = combat.RoundCap + 1 })),
			"", "MaxRounds", -1, "round limit 1001 out of range: allowed 0 (none) or 1..1000"},
		{"max rounds invade", validates(with(invade(t), func(sc *combat.Scenario) { sc.MaxRounds = 2 })),
			"", "MaxRounds", -1, "a round limit applies to one combat: use space or ground, not invade"},
		{"cultural ti3", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.Cultural = true })),
			"", "Cultural", -1, "ruleset ti3-sa: the cultural trait (Conventions of War) is Twilight Imperium 4"},
		{"entropic scar ti3", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.EntropicScar = true })),
			"", "EntropicScar", -1, "ruleset ti3-sa: entropic scars are a Twilight Imperium 4 anomaly"},
		{"space mine ti4", validates(with(space(t), func(sc *combat.Scenario) { sc.SpaceMine = true })),
			"", "SpaceMine", -1, "space mine: space mines exist only in Twilight Imperium 3 (ruleset ti3-sa)"},
		{"negate mine hits", validates(with(ti3Space(t), func(sc *combat.Scenario) { sc.NegateMineHits = true })),
			"", "NegateMineHits", -1, "negate mine hits: there is no space mine"},
		{"ion storm ti4", validates(with(space(t), func(sc *combat.Scenario) { sc.IonStorm = true })),
			"", "IonStorm", -1, "ion storm: a Twilight Imperium 3 (Shattered Empire) system; give ruleset ti3-sa"},
		{"home system ti4", validates(with(invade(t), func(sc *combat.Scenario) { sc.HomeSystem = true })),
			"", "HomeSystem", -1, "home system: it changes only Twilight Imperium 3's bombardment (a planet taking a hit with no ground forces turns neutral unless in a home system); give ruleset ti3-sa"},
		{"wormhole ti4", validates(with(space(t), func(sc *combat.Scenario) { sc.Wormhole = true })),
			"", "Wormhole", -1, "wormhole: only Twilight Imperium 3's Dimensional Splicer reads it; give ruleset ti3-sa"},
		{"commandos ti4", validates(with(invade(t), func(sc *combat.Scenario) { sc.Commandos = 1 })),
			"", "Commandos", -1, "commandos: Twilight Imperium 3's shock troops held back in an invasion; give ruleset ti3-sa and an invasion"},
		{"planets to run", runs(with(invade(t), func(sc *combat.Scenario) { sc.Planets = []combat.Planet{{Name: "A"}} }), o),
			"", "Planets", -1, "planets: a scenario with planets or a commit policy is run by RunSystem or SolveSystem"},
		{"planets name", func(t *testing.T) error {
			sc := system(t, "1 carrier, 4 infantry", "", "A: 1 infantry", "B: 1 infantry")
			sc.Planets[1].Name = "B;"
			return sc.ValidateSystem()
		}, "", "Planets", 1, "planet 2: a name of 1 to 40 printable characters, without ':', ';' or parentheses, is needed"},
		{"planets ships", func(t *testing.T) error {
			sc := system(t, "1 carrier, 4 infantry", "", "A: 1 infantry", "B: 1 destroyer")
			return sc.ValidateSystem()
		}, "", "Planets", 1, "planet B: destroyers are ships, which go in the defender's fleet, not on a planet"},
		{"commit split", func(t *testing.T) error {
			sc := system(t, "1 carrier, 4 infantry", "", "A: 1 infantry", "B: 1 infantry")
			sc.Commit = combat.Commit{Kind: combat.CommitFixed, Split: []units.Fleet{mustFleet(t, "1 infantry")}}
			return runsSystem(sc)(t)
		}, "", "Commit", -1, "commit: the split names 1 planets; the system has 2"},
		{"bombard", func(t *testing.T) error {
			sc := system(t, "1 dreadnought, 1 carrier, 4 infantry", "", "A: 1 infantry", "B: 1 infantry")
			sc.Bombard = "C"
			return runsSystem(sc)(t)
		}, "", "Bombard", -1, "bombard: no planet is named \"C\" (the planets: A, B)"},
		{"trials", runs(space(t), combat.Options{}), "", "Trials", -1, "trials 0 out of range: allowed 1..1000000000"},
		{"workers", runs(space(t), combat.Options{Trials: 10, Workers: -1}), "", "Workers", -1, "workers -1 out of range: allowed 0 (GOMAXPROCS) or 1..4096"},
		{"precision", runs(space(t), combat.Options{Trials: 10, Precision: 0.7}), "", "Precision", -1, "precision 0.7 out of range: allowed 0 (off) or 0 < precision < 0.5"},
		{"max dice", func(t *testing.T) error {
			_, err := combat.Estimate(context.Background(), space(t), combat.Options{Trials: 10, MaxDice: -1})
			return err
		}, "", "MaxDice", -1, "max dice -1 out of range: allowed 0 (no bound) or more"},
		{"solve order", func(t *testing.T) error {
			_, err := combat.Solve(context.Background(), with(space(t), func(sc *combat.Scenario) { sc.Defender.Modifier = -10 }))
			return err
		}, "defender", "Modifier", -1, "defender: modifier -10 out of range: allowed -9..+9"},
		{"compare variant", func(t *testing.T) error {
			_, err := combat.Compare(context.Background(), []combat.Scenario{space(t), with(space(t), func(sc *combat.Scenario) { sc.Attacker.Techs = []string{"x"} })}, o)
			return err
		}, "attacker", "Techs", 0, "attacker: variant 2: unknown technology \"x\"; allowed: infantry-ii, fighter-ii, destroyer-ii, cruiser-ii, carrier-ii, dreadnought-ii, pds-ii, space-dock-ii, magen-defense-grid, x89-bacterial-weapon, assault-cannon, duranium-armor, plasma-scoring, antimass-deflectors, graviton-laser-system"},
		{"parse rules", func(*testing.T) error { _, err := combat.ParseRules([]string{"magen=nope"}); return err },
			"", "Printings", -1, "unknown magen printing \"nope\"; allowed: omega2, omega, original"},
	}
}

// TestInputErrorNamesTheInput: every bad input is reported as an
// InputError naming its side, field and element, with the text it always
// had.
func TestInputErrorNamesTheInput(t *testing.T) {
	capture := os.Getenv("TI4SIM_CAPTURE_INPUT_ERRORS") != ""
	for _, c := range inputCases(t) {
		err := c.call(t)
		if capture {
			fmt.Printf("%q: %q\n", c.name, err)
			continue
		}
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s: error %q, want %q", c.name, err, c.want)
		}
		var in *combat.InputError
		if !errors.As(err, &in) {
			t.Errorf("%s: %T %q is not an InputError", c.name, err, err)
			continue
		}
		if in.Side != c.side || in.Field != c.field || in.Index != c.index {
			t.Errorf("%s: side %q field %q index %d, want %q %q %d (%q)", c.name, in.Side, in.Field, in.Index, c.side, c.field, c.index, err)
		}
		checkInputField(t, c.name, in)
	}
}

// inputFields are the fields an InputError may name: those of Side (with a
// side), of Scenario and of Options.
func inputFields(side bool) map[string]bool {
	out := map[string]bool{}
	add := func(v any) {
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			if f := rt.Field(i); f.IsExported() {
				out[f.Name] = true
			}
		}
	}
	add(combat.Side{})
	if !side {
		add(combat.Scenario{})
		add(combat.Options{})
		delete(out, "Attacker")
		delete(out, "Defender")
	}
	return out
}

// checkInputField fails unless in names an actual field: one of Side's
// for a side, else one of Side's, Scenario's or Options's.
func checkInputField(t *testing.T, what string, in *combat.InputError) {
	t.Helper()
	if !inputFields(in.Side != "")[in.Field] {
		t.Errorf("%s: field %q (side %q) is not a field of the library's input: %q", what, in.Field, in.Side, in.Msg)
	}
	if in.Side != "" && in.Side != "attacker" && in.Side != "defender" {
		t.Errorf("%s: side %q", what, in.Side)
	}
}

// mutations put one input out of range, or give it where it means nothing;
// each is applied to generated scenarios by TestInputErrorsOfGenerated.
var mutations = []struct {
	name string
	f    func(sc *combat.Scenario, o *combat.Options)
}{
	{"none", func(*combat.Scenario, *combat.Options) {}},
	{"modifier", func(sc *combat.Scenario, _ *combat.Options) { sc.Attacker.Modifier = combat.MaxModifier + 1 }},
	{"defender modifier", func(sc *combat.Scenario, _ *combat.Options) { sc.Defender.Modifier = -combat.MaxModifier - 3 }},
	{"adjacent pds", func(sc *combat.Scenario, _ *combat.Options) { sc.Defender.AdjacentPDS = -1 }},
	{"system pds", func(sc *combat.Scenario, _ *combat.Options) { sc.Attacker.SystemPDS = combat.MaxAdjacentPDS + 1 }},
	{"trade goods", func(sc *combat.Scenario, _ *combat.Options) { sc.Defender.TradeGoods = combat.MaxBudget + 1 }},
	{"influence", func(sc *combat.Scenario, _ *combat.Options) { sc.Attacker.Influence = -2 }},
	{"command counters", func(sc *combat.Scenario, _ *combat.Options) { sc.Attacker.CommandCounters = -1 }},
	{"fleet", func(sc *combat.Scenario, _ *combat.Options) { sc.Attacker.Fleet = units.Fleet{} }},
	{"techs", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Attacker.Techs = append(sc.Attacker.Techs, "no-such-tech")
	}},
	{"cards", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Defender.Cards = append(sc.Defender.Cards, "no-such-card")
	}},
	{"card copies", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Defender.Cards = append(sc.Defender.Cards, "morale-boost:x")
	}},
	{"leaders", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Attacker.Leaders = append(sc.Attacker.Leaders, "king")
	}},
	{"order", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Defender.Order.Kinds = append(sc.Defender.Order.Kinds, units.SpaceDock)
	}},
	{"retreat", func(sc *combat.Scenario, _ *combat.Options) { sc.Attacker.Retreat.Threshold = -1 }},
	{"galvanized", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Defender.Galvanized, _ = units.NewFleet(units.Group{Kind: units.Fighter, Count: 9})
	}},
	{"high alert", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Attacker.HighAlert, sc.Defender.HighAlert = true, true
	}},
	{"action", func(sc *combat.Scenario, _ *combat.Options) { sc.Action = 7 }},
	{"edition", func(sc *combat.Scenario, _ *combat.Options) { sc.Edition = 5 }},
	{"printings", func(sc *combat.Scenario, _ *combat.Options) { sc.Printings.Iconoclast = 9 }},
	{"max rounds", func(sc *combat.Scenario, _ *combat.Options) { sc.MaxRounds = -1 }},
	{"commandos", func(sc *combat.Scenario, _ *combat.Options) { sc.Commandos = 99 }},
	{"space mine", func(sc *combat.Scenario, _ *combat.Options) { sc.NegateMineHits = true }},
	{"ion storm", func(sc *combat.Scenario, _ *combat.Options) { sc.IonStorm = true }},
	{"planets", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Planets = append(sc.Planets, combat.Planet{Name: "(x)"})
	}},
	{"commit", func(sc *combat.Scenario, _ *combat.Options) {
		sc.Commit = combat.Commit{Kind: combat.CommitSecure, Target: 2}
	}},
	{"bombard", func(sc *combat.Scenario, _ *combat.Options) { sc.Bombard = "nowhere" }},
	{"trials", func(_ *combat.Scenario, o *combat.Options) { o.Trials = -1 }},
	{"workers", func(_ *combat.Scenario, o *combat.Options) { o.Workers = 5000 }},
	{"precision", func(_ *combat.Scenario, o *combat.Options) { o.Precision = -1 }},
	{"max dice", func(_ *combat.Scenario, o *combat.Options) { o.MaxDice = -1 }},
}

// notInputErrors are the refusals that are not a fault of one input: the
// engine's own bound on the unit types of a side.
var notInputErrors = []string{"too many unit types"}

// TestInputErrorsOfGenerated walks generated scenarios (scengen_test.go),
// each as drawn and with each mutation: every refusal by Estimate (which
// checks the options and compiles the scenario, or the system) and by
// Validate is an InputError naming an actual field of the library's
// input, but for notInputErrors.
func TestInputErrorsOfGenerated(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 15
	}
	refused, typed := 0, 0
	for seed := range uint64(seeds) {
		for _, m := range mutations {
			g := generate(seed + 1)
			sc, o := g.Sc, combat.Options{Trials: 1}
			if g.System && sc.Commit.Kind != combat.CommitFixed {
				// A fixed split needs no exact odds of each planet.
				sc.Commit = combat.Commit{Kind: combat.CommitFixed, Split: make([]units.Fleet, len(sc.Planets))}
			}
			m.f(&sc, &o)
			errs := []error{}
			if _, err := combat.Estimate(context.Background(), sc, o); err != nil {
				errs = append(errs, err)
			}
			if len(sc.Planets) == 0 && sc.Commit.Kind == combat.CommitSecure && sc.Commit.Target == 0 && sc.Bombard == "" {
				if err := sc.Validate(); err != nil {
					errs = append(errs, err)
				}
			} else if err := sc.ValidateSystem(); err != nil {
				errs = append(errs, err)
			}
			for _, err := range errs {
				refused++
				what := fmt.Sprintf("seed %d, %s", seed+1, m.name)
				if slices.ContainsFunc(notInputErrors, func(s string) bool { return strings.Contains(err.Error(), s) }) {
					continue
				}
				var in *combat.InputError
				if !errors.As(err, &in) {
					t.Errorf("%s: %T %q is not an InputError", what, err, err)
					continue
				}
				typed++
				if in.Field == "" {
					t.Errorf("%s: no field: %q", what, err)
				}
				checkInputField(t, what, in)
			}
		}
	}
	t.Logf("%d refusals, %d typed", refused, typed)
	if typed < seeds*len(mutations)/2 {
		t.Errorf("only %d typed refusals of %d", typed, refused)
	}
}
