package units

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// Twilight Imperium 3 with the Shattered Ascension v4.0 patch ("ti3-sa").
//
// The numbers come from the Shattered Ascension v4.0 rules ("Patch rule-set
// for Twilight Imperium 3rd edition", John E. Skogtvedt) and, where they are
// silent, the TI3 sources below. The comment next to each number names its
// source:
//
//   - SA: the Shattered Ascension v4.0 rules. "SA Dreadnoughts" is the rule
//     of that title in its Appendix I (Rule modifications), "SA table:
//     Destroyer" that row of its unit table, "SA Hylar V Laser card" that
//     technology's text. In the unit table the "Mines" column is the move
//     value, and "5 (42)", "3 (48)" and the cost "3/2" as the text reads in
//     some copies are "5 (x2)", "3 (x3)" and "1/2".
//   - CHEAT: "twilight cheat sheet 2.0", the TI3 base + Shattered Empire unit
//     table (scribd.com/doc/6889924).
//   - DEMO: Steve's TI3 play-through tutorial
//     (preeminent.org/steve/games/ti3/ti3demo).
//   - CRB: Cyrusa's "Shattered Ascension Rewritten Rulebook" (SA 4.2),
//     repository Astral-Cyrusa/TwilightImperium3-ShatteredAscension4.2-CompactRulebook.
//   - CALC: Zekash's Shattered Ascension combat calculator, repository
//     zekash-dev/ti-sa-combat-calc, src/model/unit.ts and src/logic/effects.
//
// SA is a patch on TI3 + Shattered Empire (SA introduction): what it does not
// state is the TI3 value. Race sheets (flagships, racial abilities) are not
// modelled, and TI3 has no unit upgrades; the shock troop, a ground force
// promoted after a successful invasion, is a kind of its own (ShockTroop).
//
// Rules of the ruleset that are not unit numbers (a unit loses one combat
// die each time it uses Sustain Damage, SA Sustain Damage; pre-combat order, SA Pre-Combat effects; space
// mines, SA Space Mines; commandos, SA Shock Troops; ...) belong to the combat engine; the unit
// texts below recall the ones tied to a unit.

// TI3Slug is the command-line name of the ruleset.
const TI3Slug = "ti3-sa"

// TI3Name is the printed name of the ruleset.
const TI3Name = "Twilight Imperium 3 with Shattered Ascension (v4.0)"

// ErrTI3NoUpgrades is the error for an upgraded ("II") unit in the TI3
// ruleset.
var ErrTI3NoUpgrades = errors.New("Twilight Imperium 3 has no unit upgrades (shock troops are a unit of their own: \"shock troop\")")

// sustainCostsDie is the Shattered Ascension rule every unit with Sustain
// Damage follows (SA Sustain Damage).
const sustainCostsDie = "each use of Sustain Damage costs it one combat die from then on, to a minimum of 1, until repaired"

// ti3Units is the complete TI3 unit table, one entry per kind (the shock
// troop included): the ships, then the ground forces and structures.
func ti3Units() []Stats {
	return append(ti3Ships(), ti3GroundUnits()...)
}

// ti3Ships is the TI3 unit table's ships.
func ti3Ships() []Stats {
	return []Stats{
		{
			Kind: Fighter, Name: "Fighter",
			Cost:   0.5,                                                                                              // SA table: Fighter "3/2" = 1/2 (two per resource): SA Mix and Match, CHEAT "Fighter (x 2) 1", CRB 0.5
			Combat: Roll{9, 1},                                                                                       // SA table: Fighter
			Move:   0,                                                                                                // SA table: Fighter "-": carried (CHEAT: needs carrier or dock capacity)
			Text:   "has no move of its own: it needs capacity on a carrier or war sun, or the room of a space dock", // CHEAT
		},
		{
			Kind: Destroyer, Name: "Destroyer",
			Cost:   1,          // SA table: Destroyer
			Combat: Roll{9, 1}, // SA table: Destroyer
			Move:   2,          // SA table: Destroyer (move column); CHEAT 2
			AFB:    Roll{9, 2}, // SA table: Destroyer "Anti-Fighter Barrage"; value = combat 9, 2 dice: CRB "Anti-Fighter Barrage (2)", CALC antiFigherBarrage: 2
		},
		{
			Kind: Cruiser, Name: "Cruiser",
			Cost:     2,                                                                             // SA table: Cruiser
			Combat:   Roll{7, 1},                                                                    // SA table: Cruiser
			Move:     2,                                                                             // SA table: Cruiser; CHEAT 2
			Capacity: 0,                                                                             // SA table: Cruiser "-" (1 ground force only with Stasis Capsules, SA Stasis Capsules card)
			Text:     "may lay space mines; with Assault Cannon it gets one pre-combat shot, 1 die", // SA table: Cruiser, SA table note *, SA Assault Cannons
		},
		{
			Kind: Carrier, Name: "Carrier",
			Cost:     3,          // SA table: Carrier
			Combat:   Roll{9, 1}, // SA table: Carrier
			Move:     1,          // SA table: Carrier; CHEAT 1
			Capacity: 6,          // SA table: Carrier
		},
		{
			Kind: Dreadnought, Name: "Dreadnought",
			Cost:        5,          // SA table: Dreadnought
			Combat:      Roll{5, 2}, // SA table: Dreadnought "5 (x2)"; SA Dreadnoughts "roll 2 dice during Space Battles"
			Move:        1,          // SA table: Dreadnought; CHEAT 1
			Capacity:    0,          // SA table: Dreadnought "-"
			Sustain:     true,       // SA table: Dreadnought HP 2 = one Sustain Damage
			Bombardment: Roll{5, 1}, // SA silent on dice: DEMO "1 die for each Dreadnought", CRB "Bombardment (1)"; the 2 dice of SA Dreadnoughts are for space battles only
			// SA Dreadnoughts, SA table: Dreadnought, DEMO, SA Sustain Damage.
			Text: "rolls 2 dice in space battles only; may bombard without an invasion; a Planetary Shield on the planet stops its bombardment; " +
				sustainCostsDie,
		},
		{
			Kind: WarSun, Name: "War Sun",
			Cost:                  12,         // SA table: War Sun
			Combat:                Roll{3, 3}, // SA table: War Sun "3 (x3)"; CHEAT "War Sun 12 3 x 3", DEMO "rolls 3 dice"
			Move:                  2,          // SA table: War Sun; CHEAT 2
			Capacity:              6,          // SA table: War Sun
			Sustain:               true,       // SA table: War Sun HP 3
			ExtraSustains:         1,          // SA War Suns "may use their Sustain Damage ability twice"
			Bombardment:           Roll{3, 3}, // SA silent on dice: CALC warSun.ts 3 rolls (CRB says 1)
			BombardsThroughShield: true,       // SA table: War Sun "Bombardment through PDS"; CHEAT "ignore PDS shield"
			// RemovesPlanetaryShield stays false: only the war sun itself ignores the shield (SA table: War Sun).
			// SA War Suns, SA table: War Sun, SA Sustain Damage.
			Text: "may use Sustain Damage twice, so the third hit destroys it; bombards planets that have a Planetary Shield, without removing the shield for other units; may bombard without an invasion; " +
				sustainCostsDie,
		},
	}
}

// ti3GroundUnits is the TI3 unit table's ground forces and structures.
func ti3GroundUnits() []Stats {
	return []Stats{
		{
			Kind: Infantry, Name: "Ground Force",
			Cost:   0.5,                                                                                 // SA table: Ground Forces "3/2" = 1/2: SA Mix and Match, CHEAT "Ground Force (x2) 1", CRB 0.5
			Combat: Roll{8, 1},                                                                          // SA table: Ground Forces
			Text:   "one ground force becomes a shock troop after a successful invasion, attacker only", // SA Shock Troops, SA table: Ground Forces
		},
		{
			Kind: ShockTroop, Name: "Shock Troop",
			Cost:   0.5,        // not bought (SA Shock Troops, SA table: Shock Troop cost "-"): valued as the ground force it was
			Combat: Roll{5, 1}, // SA table: Shock Troop
			// SA Shock Troops, SA table: Shock Troop, SA table note ***.
			Text: "not built: promoted from a ground force after a successful invasion; captures space docks, facilities and PDS; " +
				"reverts to a ground force if ever without a regular ground force; the attacker may hold some back as commandos, which neither fight nor take hits",
		},
		{
			Kind: Mech, Name: "Mechanized Unit",
			Cost:    2,                                                                                                                                   // SA silent; CRB "Armor (a.k.a. Mechanised Units)": resource cost 2
			Combat:  Roll{6, 2},                                                                                                                          // SA silent; CRB 2 dice at 6; CALC Mech combatValue 6, combatRolls 2
			Sustain: true,                                                                                                                                // SA silent; CRB Sustain Damage (1); CALC sustainDamage 1
			Text:    "not in the Shattered Ascension v4.0 unit table: numbers from the SA 4.2 rulebook and the SA combat calculator; " + sustainCostsDie, // CRB, CALC, SA Sustain Damage
		},
		{
			Kind: PDS, Name: "PDS",
			Cost:            2,          // SA table: PDS
			SpaceCannon:     Roll{6, 1}, // SA table: PDS "6", "Space Cannon"; 1 die per PDS (TI3 rules)
			PlanetaryShield: true,       // SA table: PDS "Planetary Shield"
			// SpaceCannonAdjacent stays false: adjacent fire needs Deep Space Cannon (SA Deep Space Cannon card); there is no PDS II.
			// FFG's TI3 rules, CRB "Invasion Defence (1)", SA table: War Sun, SA cargo rule.
			Text: "fires 1 die at 6 at enemy ships in its system before the space battle and at ground forces landing on its planet; " +
				"its Planetary Shield stops dreadnought bombardment, not war sun bombardment; carried as cargo",
		},
		{
			Kind: SpaceDock, Name: "Space Dock",
			Cost:                    4,    // SA table: Space Dock
			Production:              2,    // TI3: planet resources + 2 (CRB)
			ProductionPlusResources: true, // same source
			// SA table: Space Dock "3F" (CHEAT "Fighter cap. 3"), SA table: Space Dock.
			Text: "up to 3 fighters in its system need no other capacity; under blockade it builds only ground forces and PDS",
		},
	}
}

// ti3 is the TI3 ruleset's unit table, built once at its first use.
var ti3 = lazy.Value[*Faction]{Build: func() *Faction {
	f := newFaction(TI3Slug, TI3Name, nil, ti3Units(), nil)
	f.missing = ti3Missing
	return f
}}

// ti3Missing explains a unit the TI3 table does not have.
func ti3Missing(k Kind, upgraded bool) error {
	switch {
	case k == Flagship:
		return fmt.Errorf("no flagship in the unit table of ruleset %s: a flagship is its race's; give the race as the side's faction", TI3Slug)
	case upgraded:
		return ErrTI3NoUpgrades
	}
	return fmt.Errorf("no %s in ruleset %s", k, TI3Slug)
}

// TI3 returns the unit table of Twilight Imperium 3 with Shattered
// Ascension v4.0 as a *Faction, so that the combat engine plays it as it
// plays a faction. Its table replaces every kind: Unit never falls back to
// the Twilight Imperium 4 units. It has no flagship (race sheets are not
// modelled) and no upgraded unit (the shock troop is a kind of its own,
// ShockTroop); Unit returns a clear error for the others. It is not among
// Factions: LookupFaction does not find it. The value is shared and
// read-only.
func TI3() *Faction { return ti3.Get() }

// ti3UnitName is the TI3 name of a kind, as ParseFleetTI3 reads it and
// Fleet.TI3String writes it: the Twilight Imperium 4 name but for the
// ground force and the mechanized unit.
func ti3UnitName(k Kind) string {
	switch k {
	case Infantry:
		return "ground force"
	case Mech:
		return "mechanized unit"
	}
	return k.String()
}

// KindNameTI3 returns the name Twilight Imperium 3 gives kind k, as
// ParseKindTI3 reads it: "ground force", "mechanized unit", "shock troop",
// else the Twilight Imperium 4 name.
func KindNameTI3(k Kind) string { return ti3UnitName(k) }

// ti3ShockTroopNames are the names of the shock troop; Twilight Imperium 4's
// ParseKind refuses them.
var ti3ShockTroopNames = lazy.Value[map[string]bool]{Build: func() map[string]bool {
	return map[string]bool{"shock troop": true, "shock troops": true, "shocktroop": true, "shocktroops": true, "st": true}
}}

// ti3Alias is one accepted TI3 unit name.
type ti3Alias struct {
	kind     Kind
	upgraded bool
}

// ti3Aliases maps every name ParseKindTI3 accepts: the Twilight Imperium 4
// aliases of the kinds TI3 has (same words), and the TI3 names.
var ti3Aliases = lazy.Value[map[string]ti3Alias]{Build: func() map[string]ti3Alias {
	m := map[string]ti3Alias{}
	for name, k := range aliases.Get() {
		m[name] = ti3Alias{kind: k} // the flagship too: its race gives its numbers
	}
	for _, n := range []string{"ground force", "ground forces", "groundforce", "groundforces", "gf"} {
		m[n] = ti3Alias{kind: Infantry}
	}
	for n := range ti3ShockTroopNames.Get() {
		m[n] = ti3Alias{kind: ShockTroop}
	}
	for _, n := range []string{"mechanized unit", "mechanized units", "mechanised unit", "mechanised units", "mu"} {
		m[n] = ti3Alias{kind: Mech}
	}
	return m
}}

// ti3KindList lists the TI3 unit names for error messages.
func ti3KindList() string {
	names := []string{}
	for _, k := range Kinds() {
		if k == Flagship {
			continue
		}
		names = append(names, ti3UnitName(k))
	}
	return strings.Join(append(names, "flagship (its race's)"), ", ")
}

// ParseKindTI3 is ParseKind for the TI3 ruleset: it returns the kind named
// by name, and upgraded false (TI3 has no upgraded units; "shock troop",
// "st" is the kind ShockTroop). It accepts the Twilight
// Imperium 4 names of the units TI3 has and the TI3 names ("ground force",
// "gf", "mechanized unit", "mu"), in any case; it refuses any "II"
// (ErrTI3NoUpgrades). A flagship is accepted: its race gives its numbers
// (a side with no race, or a race without one, is refused by the engine).
func ParseKindTI3(name string) (k Kind, upgraded bool, err error) {
	words := strings.Fields(strings.ToLower(name))
	if n := len(words); n > 1 && words[n-1] == "ii" {
		return 0, false, &itemError{what: ErrTI3NoUpgrades.Error()}
	}
	key := strings.Join(words, " ")
	if a, ok := ti3Aliases.Get()[key]; ok {
		return a.kind, a.upgraded, nil
	}
	if key == "" {
		return 0, false, &itemError{what: "missing unit name", hint: "allowed: " + ti3KindList()}
	}
	hint := "allowed: " + ti3KindList()
	if s := suggestTI3(key); s != "" {
		hint = "did you mean " + s + "? " + hint
	}
	return 0, false, &itemError{what: fmt.Sprintf("unknown unit %s", echo.Quote(key)), hint: hint}
}

// suggestTI3 returns the TI3 unit name closest to an unknown name, or ""
// when nothing is close (as suggest does for Twilight Imperium 4).
func suggestTI3(name string) string {
	if best, ok := closest(name, slices.Collect(maps.Keys(ti3Aliases.Get()))); ok {
		return ti3UnitName(ti3Aliases.Get()[best].kind)
	}
	return ""
}

// ti3Grammar is the grammar of ParseFleetTI3.
var ti3Grammar = grammar{kind: ParseKindTI3}

// ParseFleetTI3 parses a fleet of the TI3 ruleset in the grammar of
// ParseFleet ("2 dreadnought (1 damaged), 1 carrier, 6 fighter, 3 gf"),
// with the unit names of ParseKindTI3: "ground force(s)"/"gf" (Infantry),
// "shock troop(s)"/"st" (ShockTroop), "mechanized unit(s)"/"mu"
// (Mech) besides the Twilight Imperium 4 names of the units TI3 has, and
// "flagship" (its race gives its numbers). It refuses any "II". "(N damaged)" marks N units that have
// used Sustain Damage once, "(N damaged twice)" N that have used it twice
// (a war sun: "1 war sun (damaged twice), 1 war sun (1 damaged)").
func ParseFleetTI3(s string) (Fleet, error) {
	groups, err := parseGroups(s, ti3Grammar)
	if err != nil {
		return Fleet{}, err
	}
	return NewFleet(groups...)
}

// TI3String returns the fleet in the TI3 grammar, biggest ships first, e.g.
// "1 war sun, 2 dreadnought (1 damaged), 6 fighter, 3 ground force";
// ParseFleetTI3(f.TI3String()) gives f back for every fleet ParseFleetTI3
// returns. "" for an empty fleet.
func (f Fleet) TI3String() string {
	return f.write(ti3UnitName) // "II" is not TI3: ParseFleetTI3 refuses it
}
