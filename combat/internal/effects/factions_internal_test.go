package effects

import (
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// Every faction unit text belongs to one of its faction's units, by the
// name of either printing, so the engine attaches it (or warns that it is
// not modelled) whenever that unit fights. A text whose slug matches no
// unit would be silently ignored; "hel-titan" against "Hel-Titan I/II"
// once was.
func TestFactionUnitTextsMatchUnits(t *testing.T) {
	for _, f := range units.Factions() {
		for _, a := range f.Abilities {
			if a.Kind != units.AbilityKindUnit {
				continue
			}
			found := false
			for k := range units.NumKinds {
				for _, up := range []bool{false, true} {
					if st, err := f.Unit(k, up); err == nil && unitTextOf(st.Name, a.Slug) {
						found = true
					}
				}
			}
			if !found {
				t.Errorf("%s: unit text %q matches none of the faction's units", f.Slug, a.Slug)
			}
		}
	}
}
