package answer

import (
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// The units and the cards as the JSON outputs give them: `ti4sim units -o
// json`, `ti4sim cards -o json` and the catalogue.

// UnitJSON is a unit as the engine uses it, in the JSON outputs and the
// catalogue.
type UnitJSON struct {
	Name                   string      `json:"name"`
	Kind                   string      `json:"kind"`
	Upgraded               bool        `json:"upgraded"`
	Cost                   float64     `json:"cost"`
	Combat                 *units.Roll `json:"combat,omitempty"`
	Move                   int         `json:"move"`
	Capacity               int         `json:"capacity"`
	SustainDamage          bool        `json:"sustain_damage"`
	ExtraSustains          int         `json:"extra_sustains,omitempty"`
	AntiFighterBarrage     *units.Roll `json:"anti_fighter_barrage,omitempty"`
	SpaceCannon            *units.Roll `json:"space_cannon,omitempty"`
	SpaceCannonAdjacent    bool        `json:"space_cannon_adjacent,omitempty"`
	Bombardment            *units.Roll `json:"bombardment,omitempty"`
	BombardsThroughShield  bool        `json:"bombards_through_shield,omitempty"`
	PlanetaryShield        bool        `json:"planetary_shield,omitempty"`
	RemovesPlanetaryShield bool        `json:"removes_planetary_shield,omitempty"`
	Production             int         `json:"production,omitempty"`
	ProductionPlusRes      bool        `json:"production_plus_resources,omitempty"`
	DirectHitImmune        bool        `json:"direct_hit_immune,omitempty"`
	Text                   string      `json:"text,omitempty"`
}

func rollPtr(r units.Roll) *units.Roll {
	if !r.Has() {
		return nil
	}
	return &r
}

// UnitsJSON is a faction's units as the engine uses them.
func UnitsJSON(f *units.Faction) []UnitJSON {
	var out []UnitJSON
	for _, s := range f.Units() {
		out = append(out, UnitJSON{
			Name: s.Name, Kind: s.Kind.Key(), Upgraded: s.Upgraded, Cost: s.Cost,
			Combat: rollPtr(s.Combat), Move: s.Move, Capacity: s.Capacity, SustainDamage: s.Sustain,
			AntiFighterBarrage: rollPtr(s.AFB), SpaceCannon: rollPtr(s.SpaceCannon),
			ExtraSustains:       s.ExtraSustains,
			SpaceCannonAdjacent: s.SpaceCannonAdjacent, Bombardment: rollPtr(s.Bombardment),
			BombardsThroughShield: s.BombardsThroughShield,
			PlanetaryShield:       s.PlanetaryShield, RemovesPlanetaryShield: s.RemovesPlanetaryShield,
			Production: s.Production, ProductionPlusRes: s.ProductionPlusResources,
			DirectHitImmune: s.DirectHitImmune, Text: s.Text,
		})
	}
	return out
}

// CardJSON is a card in `ti4sim cards -o json` and the catalogue.
type CardJSON struct {
	Slug   string `json:"slug"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Copies int    `json:"copies"`
	Effect string `json:"effect"`
}

// CardsJSON is the JSON of `ti4sim cards -o json`.
type CardsJSON struct {
	Cards []CardJSON `json:"cards"`
}

// AllCards are the cards the engine knows.
func AllCards() CardsJSON {
	out := CardsJSON{Cards: []CardJSON{}}
	for _, c := range combat.Cards() {
		out.Cards = append(out.Cards, CardJSON{c.Slug, c.Name, string(c.Kind), c.Copies, c.Effect})
	}
	return out
}
