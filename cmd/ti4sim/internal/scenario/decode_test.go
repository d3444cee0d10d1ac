package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// A document decodes to the values it holds, and builds the library's
// scenario of them.
func TestDecodeCombat(t *testing.T) {
	d, err := DecodeCombat(strings.NewReader(`{"version":1,"action":"invade","ruleset":"ti4","printings":{"magen":"omega"},
		"system":{"nebula":true},
		"attacker":{"fleet":[{"unit":"dread","count":2,"damaged":1},{"unit":"carrier","count":1,"upgraded":true},{"unit":"inf","count":4}],
			"technologies":["x89"],"cards":[{"name":"morale-boost","copies":2}],"retreat":"after=2","modifier":1,"pds":1},
		"defender":{"fleet":[{"unit":"infantry","count":3},{"unit":"pds","count":1}],"adjacent_pds":2},
		"run":{"trials":5000,"seed":0}}`))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	a, def := sc.Attacker, sc.Defender
	got := fmt.Sprintf("nebula=%t magen=%v attacker=%s techs=%v cards=%v retreat=%s modifier=%d pds=%d defender=%s adjacent=%d",
		sc.Nebula, sc.Printings.Magen, a.Fleet, a.Techs, a.Cards, a.Retreat, a.Modifier, a.SystemPDS, def.Fleet, def.AdjacentPDS)
	want := "nebula=true magen=omega attacker=2 dreadnought (1 damaged), 1 carrier II, 4 infantry techs=[x89] cards=[morale-boost:2] retreat=after=2 modifier=1 pds=1 defender=3 infantry, 1 pds adjacent=2"
	if got != want {
		t.Errorf("Scenario:\n%s\nwant\n%s", got, want)
	}
}

// Errors are *Error with the JSON path of the value at fault.
func TestDecodeErrorsNamePaths(t *testing.T) {
	for doc, path := range map[string]string{
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1},{"unit":"carrier","count":100}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`: "attacker.fleet[1].count",
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1,"colour":"red"}]}}`:                                                                     "attacker.fleet[0].colour",
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}],"influence":100}}`:                "defender.influence",
		`{"version":1,"action":"space","printings":{"x89":7}}`: "printings.x89",
		`{"version":2}`:                      "version",
		`{"\n":1}`:                           `["\n"]`, // found by FuzzDecodeCombat: a key that is no plain name is quoted
		`{"version":1,"attacker":{"a b":1}}`: `attacker["a b"]`,
	} {
		_, err := DecodeCombat(strings.NewReader(doc))
		var e *Error
		if !errors.As(err, &e) || e.Path != path {
			t.Errorf("%s: error %v, want path %s", doc, err, path)
		}
	}
}

// The user's examples of issue 27, word for word: a key given twice is
// refused at its path, values the schema forbids are refused though Check
// would take them for absent, numbers typed wrongly are named in words.
func TestStrictReading(t *testing.T) {
	const fleets = `"attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}`
	for doc, want := range map[string]string{
		`{"version":1,"action":"vote","action":"space",` + fleets + `}`:                                                                                                    `action: duplicate key "action": give each key once`,
		`{"version":1,"action":"space",` + fleets + `,"run":{"trials":1000,"trials":5}}`:                                                                                   `run.trials: duplicate key "trials": give each key once`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1,"count":1}]}}`:                                                                     `attacker.fleet[0].count: duplicate key "count": give each key once`,
		`{"version":1,"action":"space",` + fleets + `,"run":{"precision":0}}`:                                                                                              "run.precision: 0 is out of range: allowed above 0 and below 0.5",
		`{"version":1,"action":"space",` + fleets + `,"run":{"rounds":0}}`:                                                                                                 "run.rounds: 0 is out of range 1..1000",
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3.0}]}}`:                                                                             "attacker.fleet[0].count: want a whole number 1..99, got 3.0",
		`{"version":1,"action":"space",` + fleets + `,"run":{"trials":"100"}}`:                                                                                             `run.trials: want a whole number 1..1000000000, got the string "100"`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":99999999999999999999}]}}`:                                                            "attacker.fleet[0].count: 99999999999999999999 is out of range 1..99",
		`{"version":1,"action":"space",` + fleets + `,"run":{"seed":-1}}`:                                                                                                  "run.seed: -1 is out of range 0..18446744073709551615",
		`{"version":1,"action":"space",` + fleets + `,"run":{"precision":1e400}}`:                                                                                          "run.precision: 1e400 is out of range: allowed above 0 and below 0.5",
		`{"version":1,"action":"space","action":"space","action":"space"}`:                                                                                                 `action: duplicate key "action": give each key once`,
		`{"version":1,"action":"invade","system":{"planets":[]},"attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"infantry","count":1}]}}`: "system.planets: empty: give at least 1 item",
	} {
		_, err := DecodeCombat(strings.NewReader(doc))
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", doc, err, want)
		}
	}
	for doc, want := range map[string]string{
		`{"version":1,"voters":["a:3:for=1"],"players":0}`:                       "players: 0 is out of range 1..16",
		`{"version":1,"voters":["a:3:for=1"],"run":{"exact":true,"exact":true}}`: `run.exact: duplicate key "exact": give each key once`,
	} {
		if _, err := DecodeVote(strings.NewReader(doc)); err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", doc, err, want)
		}
	}
}

// Every keyword of the schemas is one the decoder checks (or one that
// only describes): a constraint added to a schema that the decoder would
// not check fails here.
func TestSchemaKeywordsAreChecked(t *testing.T) {
	known := []string{"$schema", "$id", "$ref", "$defs", "title", "description", "type", "properties", "additionalProperties", "items", "required",
		"const", "enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "minLength", "maxLength"}
	var walk func(name string, v any, inProps bool)
	walk = func(name string, v any, inProps bool) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if !inProps && !slices.Contains(known, k) {
					t.Errorf("%s: keyword %s is not checked by the decoder", name, k)
				}
				walk(name, e, !inProps && (k == "properties" || k == "$defs"))
			}
		case []any:
			for _, e := range x {
				walk(name, e, false)
			}
		}
	}
	for name, s := range loadSchemas.Get() {
		walk(name, s, false)
	}
}

// FuzzDecodeCombat: no input panics; an error is an *Error on one line;
// an accepted document has two fleets to write as flags.
func FuzzDecodeCombat(f *testing.F) {
	for _, s := range []string{
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`,
		`{"version":1,"action":"invade","ruleset":"ti3-sa","attacker":{"fleet":[{"unit":"gf","count":2}]},"defender":{"fleet":[{"unit":"st","count":1}]},"run":{"exact":true}}`,
		`{"version":1,"action":"space","printings":{"magen":"omega"},"system":{"nebula":true},"run":{"seed":18446744073709551615}}`,
		`{"version":1,"action":"invade","system":{"planets":[{"name":"Mecatol","units":[{"unit":"infantry","count":3},{"unit":"pds","count":1}]},{"name":"Lodor","cultural":true,"units":[]}],"commit":"Mecatol: 4 infantry; Lodor: 1 mech","bombard":"lodor"},"attacker":{"fleet":[{"unit":"dreadnought","count":2},{"unit":"carrier","count":1},{"unit":"infantry","count":4},{"unit":"mech","count":1}]},"defender":{"fleet":[]}}`,
		`{"version":1,"action":"invade","system":{"planets":[{"name":"A","units":[]}],"commit":"best:count"},"attacker":{"fleet":[{"unit":"carrier","count":1},{"unit":"infantry","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"exact":true}}`,
		`{"version":1,"action":"invade","ruleset":"ti3-sa","system":{"ion_storm":true},"attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"gf","count":2}],"leaders":["general","agent"],"high_alert":true},"defender":{"fleet":[{"unit":"gf","count":2}],"leaders":["scientist"]}}`,
		`[]`, `null`, `{"version":1e400}`, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":-1e3}]}}`,
		// issue 27: duplicate keys, values the schema forbids, numbers typed wrongly
		`{"version":1,"action":"vote","action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1,"count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"trials":1000,"trials":5}}`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3.0}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"precision":0,"rounds":0}}`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":99999999999999999999}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"trials":"100","seed":18446744073709551616,"precision":1e-400}}`,
		`{"version":1,"action":"invade","system":{"planets":[],"commit":""},"attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[]}}`,
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		d, err := DecodeCombat(strings.NewReader(doc))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not a one-line *Error", err)
			}
			return
		}
		if _, err := d.Scenario(); err != nil {
			var e *Error
			if !errors.As(err, &e) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("building %s: %q is not a one-line *Error", doc, err)
			}
		}
	})
}

// A map holding several faults names the first in key order, every time
// (Go's map order is random).
func TestDecodeMapFaultsInKeyOrder(t *testing.T) {
	doc := `{"version":1,"action":"space","printings":{"x89":7,"magen":8,"harrow":9},` +
		`"attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`
	for range 20 {
		_, err := DecodeCombat(strings.NewReader(doc))
		var e *Error
		if !errors.As(err, &e) || e.Path != "printings.harrow" {
			t.Fatalf("error %v, want the fault at printings.harrow (the first key)", err)
		}
	}
}

// FuzzDecodeAdvise: no input panics; an error is an *Error on one line;
// an accepted document writes its resources and a defender as flags.
func FuzzDecodeAdvise(f *testing.F) {
	for _, s := range []string{
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":2}]}},"limits":{"resources":6}}`,
		`{"version":1,"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1}],"technologies":["fighter-ii"]},"defender":{"fleet":[{"unit":"infantry","count":3}]},"run":{"trials":100,"seed":2}},` +
			`"limits":{"resources":8,"space_dock":3,"fleet_pool":3,"supply":{"mech":1,"war sun":0},"build":["infantry","mech","carrier"],"war_sun":true},"target":0.8,"keep":2,"method":"trials"}`,
		`{"version":1,"scenario":{"version":1,"action":"ground"},"limits":{"resources":-1}}`,
		`{"version":1,"scenario":{},"limits":{"supply":{"":1e9}},"target":1e400}`, `[]`, `null`,
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":2}]}},"limits":{"resources":6,"resources":7,"supply":{"mech":1,"mech":2}},"keep":2.0}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		d, err := DecodeAdvise(strings.NewReader(doc))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not a one-line *Error", err)
			}
			return
		}
		if _, err := d.Question(); err != nil {
			var e *Error
			if !errors.As(err, &e) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("question error %q is not a one-line *Error", err)
			}
		}
	})
}

// A war sun damaged twice (ruleset ti3-sa: it sustains twice) is written
// with damaged_twice, and comes back from the library's fleet the same.
func TestDecodeDamagedTwice(t *testing.T) {
	d, err := DecodeCombat(strings.NewReader(`{"version":1,"action":"space","ruleset":"ti3-sa",
		"attacker":{"fleet":[{"unit":"war sun","count":3,"damaged":1,"damaged_twice":1}]},
		"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := d.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	f := sc.Attacker.Fleet
	if f.Count(units.WarSun) != 3 || f.Damaged(units.WarSun) != 1 || f.DamagedTwice(units.WarSun) != 1 {
		t.Errorf("fleet %s: want 3 war suns, 1 damaged, 1 damaged twice", f.TI3String())
	}
	got := Entries(sc.Edition, f)
	want := []Units{{Unit: "war sun", Count: 1, DamagedTwice: 1}, {Unit: "war sun", Count: 2, Damaged: 1}}
	if !slices.Equal(got, want) {
		t.Errorf("Entries = %+v, want %+v", got, want)
	}
	bad := `{"version":1,"action":"space","ruleset":"ti3-sa","attacker":{"fleet":[{"unit":"war sun","count":2,"damaged":1,"damaged_twice":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`
	if _, err := DecodeCombat(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "attacker.fleet[0].damaged_twice") {
		t.Errorf("damaged + damaged_twice over the count: %v", err)
	}
}
