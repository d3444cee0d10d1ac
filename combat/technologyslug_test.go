package combat

import "testing"

// TestTechnologySlug: the AsyncTI4 codes of combat technologies and unit
// upgrades (docs/documents.md lists them) and the aliases stand for the
// slugs the catalogue lists (Technologies, or a faction's technology's
// slug, as non-euclidean-shielding, Letnev's); the bot's codes of technologies
// that never act in combat are not technologies of the engine.
func TestTechnologySlug(t *testing.T) {
	listed := map[string]bool{}
	for _, s := range Technologies() {
		listed[s] = true
	}
	for name, want := range map[string]string{
		"da": "duranium-armor", "duranium-armor": "duranium-armor", "amd": "antimass-deflectors", "ps": "plasma-scoring",
		"dn2": "dreadnought-ii", "ff2": "fighter-ii", "Fighter II": "fighter-ii", "nes": "non-euclidean-shielding",
		"x89": "x89-bacterial-weapon", "mdg": "magen-defense-grid",
	} {
		got, ok := TechnologySlug(name)
		if !ok || got != want {
			t.Errorf("TechnologySlug(%q) = %q, %v, want %q", name, got, ok, want)
		}
		if !listed[got] && got != "non-euclidean-shielding" {
			t.Errorf("TechnologySlug(%q) = %q, not among Technologies()", name, got)
		}
	}
	for _, name := range []string{"gd", "fl", "st", "nm", "sarween-tools", ""} {
		if got, ok := TechnologySlug(name); ok {
			t.Errorf("TechnologySlug(%q) = %q, true, want false", name, got)
		}
	}
}
