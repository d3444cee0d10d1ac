package combat

import "github.com/ti4sim/ti4sim/units"

// input is a scenario as the engine plays it: a copy of the Scenario
// without its printings (which only the effects read), checked, and in
// Twilight Imperium 3 converted to the engine's units and rules once
// (resolve). Nothing downstream reads the public Scenario.
type input struct {
	Action             Action
	Attacker, Defender force
	Nebula             bool
	Edition            Edition
	MaxRounds          int
	Cultural           bool
	EntropicScar       bool
	SpaceMine          bool
}

// force is one side of an input: the fields of Side, with the side's
// Twilight Imperium 3 technologies set aside by the conversion.
type force struct {
	Fleet       units.Fleet
	Faction     *units.Faction
	Techs       []string
	Order       Order
	Modifier    int
	Cards       []string
	Retreat     Retreat
	AdjacentPDS int
	SystemPDS   int
	TradeGoods  int
	Influence   int
	Galvanized  units.Fleet
	// TI3Techs are the side's Twilight Imperium 3 technologies, set aside
	// from Techs by the conversion.
	TI3Techs []string
}

// scenarioIn is what the effects read: the input and the printings of
// the cards that have several.
type scenarioIn struct {
	input
	Printings Printings
}

// side returns the input's side i.
func (in *input) side(i sideID) *force {
	if i == attacker {
		return &in.Attacker
	}
	return &in.Defender
}

// internal copies sc into the form the effects and the engine read.
func (sc *Scenario) internal() scenarioIn {
	return scenarioIn{
		input: input{
			Action: sc.Action, Attacker: sc.Attacker.internal(), Defender: sc.Defender.internal(),
			Nebula: sc.Nebula, Edition: sc.Edition, MaxRounds: sc.MaxRounds,
			Cultural: sc.Cultural, EntropicScar: sc.EntropicScar, SpaceMine: sc.SpaceMine,
		},
		Printings: sc.Printings,
	}
}

func (s *Side) internal() force {
	return force{
		Fleet: s.Fleet, Faction: s.Faction, Techs: s.Techs, Order: s.Order, Modifier: s.Modifier,
		Cards: s.Cards, Retreat: s.Retreat, AdjacentPDS: s.AdjacentPDS, SystemPDS: s.SystemPDS,
		TradeGoods: s.TradeGoods, Influence: s.Influence, Galvanized: s.Galvanized,
	}
}
