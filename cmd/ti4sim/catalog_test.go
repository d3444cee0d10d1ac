package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// The catalog holds every faction with its units and texts, every card,
// both rulesets, and printings that the --rules grammar accepts: what a
// form built from it offers, the engine takes.
func TestCatalog(t *testing.T) {
	var buf bytes.Buffer
	if err := answer.WriteCatalogJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var c catalogJSON
	if err := json.Unmarshal(buf.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Factions) != len(units.Factions()) {
		t.Errorf("%d factions, want %d", len(c.Factions), len(units.Factions()))
	}
	modelled := 0
	for _, f := range c.Factions {
		if _, err := units.LookupFaction(f.Slug); err != nil || len(f.Units) == 0 {
			t.Errorf("faction %s: lookup %v, %d units", f.Slug, err, len(f.Units))
		}
		for _, x := range f.Texts {
			switch x.Status {
			case "modelled":
				modelled++
			case "outside combat":
				if x.Why == "" {
					t.Errorf("%s: %s is outside combat with no why", f.Slug, x.Slug)
				}
			case "not modelled":
			default:
				t.Errorf("%s: %s has status %q", f.Slug, x.Slug, x.Status)
			}
		}
	}
	if modelled < 90 { // 94 when this test was written
		t.Errorf("%d modelled faction texts; the engine models more", modelled)
	}
	if len(c.Cards) != len(combat.Cards()) || len(c.Rulesets) != 2 || len(c.Rulesets[1].Units) == 0 {
		t.Errorf("%d cards (want %d), %d rulesets", len(c.Cards), len(combat.Cards()), len(c.Rulesets))
	}
	for card, names := range c.Printings {
		for _, n := range names {
			if _, err := combat.ParseRules([]string{card + "=" + n}); err != nil {
				t.Errorf("printing %s=%s from the catalog: %v", card, n, err)
			}
		}
	}
	if len(c.Rulesets[1].Technologies) != len(combat.TI3Technologies()) {
		t.Errorf("ti3-sa: %d technologies, want %d", len(c.Rulesets[1].Technologies), len(combat.TI3Technologies()))
	}
	// Every technology the engine takes is offered with a name, under its
	// ruleset: a form built from techs offers Magen Defense Grid and X-89.
	for i, want := range [][]string{combat.Technologies(), slices.Sorted(maps.Keys(combat.TI3Technologies()))} {
		var got []string
		for _, tc := range c.Rulesets[i].Techs {
			got = append(got, tc.Slug)
			if tc.Name == "" || tc.Text == "" || (tc.Kind != "technology" && tc.Kind != "unit upgrade") {
				t.Errorf("%s: technology %+v lacks a name, text or kind", c.Rulesets[i].Name, tc)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: techs %v, want %v", c.Rulesets[i].Name, got, want)
		}
	}
	if len(c.ChoiceTexts) != len(c.Choices) {
		t.Errorf("choice_texts %v for choices %v", c.ChoiceTexts, c.Choices)
	}
	for _, ch := range c.ChoiceTexts {
		if ch.Of == "" || !slices.Equal(ch.Choices, c.Choices[ch.Slug]) {
			t.Errorf("choice text %+v: no holder, or not the choices %v", ch, c.Choices[ch.Slug])
		}
	}
	if len(c.Printings) != 8 || len(c.Choices) != 7 || len(c.VaryKeys) == 0 {
		t.Errorf("printings %v, vary keys %v", c.Printings, c.VaryKeys)
	}
}
