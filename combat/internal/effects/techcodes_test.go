package effects

import (
	"slices"
	"testing"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// Every AsyncTI4 technology code names a technology Side.Techs accepts, and
// none hides a name that already meant something else (a card, a faction
// text, a board state).
func TestTechCodes(t *testing.T) {
	for code, slug := range techCodes.Get() {
		if techSlug(code) != slug || techSlug(" "+code+" ") != slug {
			t.Errorf("techSlug(%q) = %q, want %q", code, techSlug(code), slug)
		}
		if _, ok := lookupCard(code); ok {
			t.Errorf("code %q is also a card's slug or alias", code)
		}
		if _, ok := lookupBoardState(code); ok {
			t.Errorf("code %q is also a board state", code)
		}
		for _, f := range units.Factions() {
			if slices.ContainsFunc(f.Abilities, func(a units.Ability) bool { return a.Slug == code }) {
				t.Errorf("code %q is also a %s text", code, f.Slug)
			}
		}
		s := engine.Force{Techs: []string{code}}
		if _, err := upgrades(&s); err != nil {
			t.Errorf("technology %q: %v", code, err)
		}
	}
	// The unit-upgrade codes upgrade their unit; the card codes name their
	// card.
	for code, k := range map[string]units.Kind{"dd2": units.Destroyer, "sdn2": units.Dreadnought, "ht2": units.PDS, "inf2": units.Infantry} {
		s := engine.Force{Techs: []string{code}}
		if up, err := upgrades(&s); err != nil || !up[k] {
			t.Errorf("technology %q does not upgrade %s: %v %v", code, k, up, err)
		}
	}
	for code, slug := range map[string]string{"amd": "antimass-deflectors", "ps": "plasma-scoring", "da": "duranium-armor", "asc": "assault-cannon", "gls": "graviton-laser-system"} {
		if c, ok := lookupCard(code); !ok || c.Slug != slug {
			t.Errorf("lookupCard(%q) = %q, %v; want %s", code, c.Slug, ok, slug)
		}
	}
	for _, code := range []string{"md", "MD"} {
		if cardTechs.Get()[techSlug(code)] != TechMagen {
			t.Errorf("%q does not name Magen Defense Grid", code)
		}
	}
	if s := (engine.Force{Techs: []string{"x89"}}); !holds(&s, TechX89) {
		t.Error("x89 does not name X-89 Bacterial Weapon")
	}
}
