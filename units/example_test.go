package units_test

import (
	"fmt"

	"github.com/ti4sim/ti4sim/units"
)

// A fleet as players write it; repeated items add up and the fleet prints
// back biggest ships first.
func ExampleParseFleet() {
	f, err := units.ParseFleet("4 ff, 2 dread (1 damaged), 1 carrier II, 2 fighter")
	fmt.Println(f, err)
	fmt.Println(f.Count(units.Fighter), f.Damaged(units.Dreadnought), f.Upgraded(units.Carrier))
	_, err = units.ParseFleet("2 dreadnought, 1 dreadnot")
	fmt.Println(err)
	// Output:
	// 2 dreadnought (1 damaged), 1 carrier II, 6 fighter <nil>
	// 6 1 true
	// unknown unit "dreadnot" in item 2 ("1 dreadnot"); did you mean dreadnought? allowed: infantry, mech, fighter, destroyer, cruiser, carrier, dreadnought, flagship, war sun, pds, space dock, each optionally followed by II
}

// A faction's version of a unit.
func ExampleFaction_Unit() {
	f, _ := units.LookupFaction("norr")
	s, _ := f.Unit(units.Dreadnought, true)
	fmt.Println(f.Slug, s.Name, s.Combat.Value, s.Bombardment)
	// Output: sardakk Exotrireme II 5 {4 2}
}

// Fleets of the Twilight Imperium 3 ruleset use its unit names.
func ExampleParseFleetTI3() {
	f, err := units.ParseFleetTI3("1 war sun, 2 dread (1 damaged), 3 gf, 1 st")
	fmt.Println(f.TI3String(), err)
	st, _ := units.TI3().Unit(units.WarSun, false)
	fmt.Println(st.Name, st.Combat.Value, st.Combat.Dice, st.SustainUses())
	_, err = units.ParseFleetTI3("1 cruiser II")
	fmt.Println(err)
	// Output:
	// 1 war sun, 2 dreadnought (1 damaged), 1 shock troop, 3 ground force <nil>
	// War Sun 3 3 2
	// Twilight Imperium 3 has no unit upgrades (shock troops are a unit of their own: "shock troop") in item 1 ("1 cruiser II")
}
