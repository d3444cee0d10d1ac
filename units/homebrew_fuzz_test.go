package units

import (
	"errors"
	"os"
	"testing"
)

// FuzzLoadHomebrew: any bytes either load or give a *HomebrewError, never
// a panic; what loads has numbers the engine can play (values 1..10 or
// none, dice 1..10 with a value), and each faction is found by its slug.
func FuzzLoadHomebrew(f *testing.F) {
	ds, err := os.ReadFile(dsFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ds)
	f.Add([]byte(`[]`))
	f.Add([]byte(`[{"id": "x_fs", "baseType": "flagship", "faction": "X", "cost": "8", "combatHitsOn": 5, "combatDieCount": 2, "sustainDamage": "true"}]`))
	f.Add([]byte(`[{"id": "x_sd", "baseType": "spacedock", "faction": "X", "productionValue": "+3"}, {"id": "x_sd2", "baseType": "spacedock", "faction": "x", "upgradesFromUnitId": "x_sd", "productionValue": 5}]`))
	f.Add([]byte(`[{"id": "cruiser", "baseType": "cruiser", "combatHitsOn": 7}]`))
	f.Add([]byte(`[{"id": "a", "baseType": "warsun", "faction": "sol", "combatHitsOn": 3, "combatDieCount": 3}]`))
	f.Add([]byte(`[{"id": 1}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := LoadHomebrew([]UnitFile{{Name: "fuzz.json", Data: data}})
		if err != nil {
			var he *HomebrewError
			if !errors.As(err, &he) {
				t.Fatalf("error %T %v, want a *HomebrewError", err, err)
			}
			return
		}
		for _, fa := range h.Factions() {
			if g, err := h.LookupFaction(fa.Slug); err != nil || g != fa {
				t.Fatalf("faction %q not found by its slug: %v", fa.Slug, err)
			}
			for _, s := range fa.Units() {
				for _, r := range []Roll{s.Combat, s.AFB, s.Bombardment, s.SpaceCannon} {
					if r.Value < 0 || r.Value > 10 || r.Dice < 0 || r.Dice > maxHomebrewDice || (r.Value > 0) != (r.Dice > 0) {
						t.Fatalf("%s %s: roll %+v", fa.Slug, s.Name, r)
					}
				}
				if (s.Kind.Ship() || s.Kind.GroundForce()) && !s.Combat.Has() {
					t.Fatalf("%s %s fights without a combat value", fa.Slug, s.Name)
				}
			}
		}
	})
}
