package engine

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/ti4sim/ti4sim/units"
)

// Input is a scenario as the engine plays it: a copy of the Scenario
// without its printings (which only the effects read), checked, and in
// Twilight Imperium 3 converted to the engine's units and rules once
// (resolve). Nothing downstream reads the public Scenario.
type Input struct {
	Action             Action
	Attacker, Defender Force
	Nebula             bool
	Edition            Edition
	MaxRounds          int
	Cultural           bool
	EntropicScar       bool
	SpaceMine          bool
	// NegateMineHits: the attacker negates a space mine hit that would
	// destroy a ship by taking 2 hits elsewhere (Twilight Imperium 3).
	NegateMineHits bool
	// PlanetOfSystem marks a plan of a system invasion (SystemPlan): the
	// defender may then have no unit at all (an undefended planet, and
	// no ships).
	PlanetOfSystem bool
	// IonStorm: the active system is a Twilight Imperium 3 Ion Storm.
	IonStorm bool
	// HomeSystem: the invaded planet is in a home system (Twilight
	// Imperium 3: bombardment does not turn it neutral).
	HomeSystem bool
	// Wormhole: the active system has a wormhole (Twilight Imperium 3;
	// the effects read it).
	Wormhole bool
	// Commandos are the attacker's shock troops held back from the
	// invasion combat (Twilight Imperium 3 with Shattered Ascension).
	Commandos int
}

// Force is one side of an input: the fields of Side, with the side's
// Twilight Imperium 3 technologies set aside by the conversion.
type Force struct {
	Fleet    units.Fleet
	Faction  *units.Faction
	Techs    []string
	Order    Order
	Modifier int
	// AllRollsModifier is added to every roll of the side (Side.AllRollsModifier).
	AllRollsModifier int
	Cards            []string
	Retreat          Retreat
	// Choices are the side's stated choices, items "TEXT=CHOICE" (the
	// effects read and check them).
	Choices     []string
	AdjacentPDS int
	SystemPDS   int
	TradeGoods  int
	Influence   int
	Galvanized  units.Fleet
	// CommandCounters are the side's strategy-allocation command counters
	// it may spend (Twilight Imperium 3).
	CommandCounters int
	// TI3Techs are the side's Twilight Imperium 3 technologies, set aside
	// from Techs by the conversion.
	TI3Techs []string
	// TI3Cards are the side's Twilight Imperium 3 action cards, by slug,
	// set aside from Cards by the conversion.
	TI3Cards []string
	// TI3Leaders are the side's Twilight Imperium 3 leaders in the fight,
	// by slug (the effects read them), and HighAlert says whether it has
	// the High Alert token in the system.
	TI3Leaders []string
	HighAlert  bool
	// Upgraded says, per unit kind, whether the side's units of that kind
	// are upgraded (by a technology or in the fleet): resolved once from
	// Techs by the effects, which know the technology names.
	Upgraded [units.NumKinds]bool
}

// Side returns the input's side i.
func (in *Input) Side(i Side) *Force {
	if i == Attacker {
		return &in.Attacker
	}
	return &in.Defender
}

// Action is what a Scenario simulates.
type Action uint8

const (
	// SpaceCombat is space cannon offense, start-of-combat effects,
	// anti-fighter barrage and space combat rounds to the end.
	SpaceCombat Action = iota
	// GroundCombat is a ground combat alone, start-of-combat effects
	// included.
	GroundCombat
	// Invasion is the whole tactical action against one planet: space cannon
	// offense, space combat (if both sides have ships), bombardment,
	// commitment of the attacker's ground forces, space cannon defense,
	// ground combat and control of the planet.
	Invasion
)

// String returns the command name of the action: "space", "ground" or
// "invade".
func (a Action) String() string {
	switch a {
	case SpaceCombat:
		return "space"
	case GroundCombat:
		return "ground"
	case Invasion:
		return "invade"
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

func (s *Force) FactionOrNone() *units.Faction {
	if s.Faction == nil {
		return units.NoFaction()
	}
	return s.Faction
}

// MaxModifier bounds Side.Modifier: a flat modifier beyond ±9 already makes
// every die hit or miss.
const MaxModifier = 9

// MaxAdjacentPDS bounds Side.AdjacentPDS.
const MaxAdjacentPDS = 99

// MaxBudget bounds Side.TradeGoods and Side.Influence.
const MaxBudget = 99

// Range is the values allowed for one whole-number field of Force: the
// one statement of its bounds, which the check (CheckRanges), the public
// combat.Range and the documents' JSON Schemas read.
type Range struct {
	// Field is the field's name, the same in Force and in combat.Side.
	Field string
	// Noun names the value in an error ("trade goods").
	Noun string
	// Min and Max are the inclusive bounds.
	Min, Max int
}

// Ranges are the whole-number fields of a side with bounds of their own.
var Ranges = []Range{
	{Field: "Modifier", Noun: "modifier", Min: -MaxModifier, Max: MaxModifier},
	{Field: "AllRollsModifier", Noun: "modifier to every roll", Min: -MaxModifier, Max: MaxModifier},
	{Field: "AdjacentPDS", Noun: "adjacent PDS", Max: MaxAdjacentPDS},
	{Field: "SystemPDS", Noun: "PDS on its planets in the system", Max: MaxAdjacentPDS},
	{Field: "TradeGoods", Noun: "trade goods", Max: MaxBudget},
	{Field: "Influence", Noun: "influence", Max: MaxBudget},
	{Field: "CommandCounters", Noun: "command counters", Max: MaxBudget},
}

// CheckRanges reports the first field of f out of its Range, as an
// InputError of side.
func CheckRanges(f *Force, side string) error {
	v := reflect.ValueOf(f).Elem()
	for _, r := range Ranges {
		if n := int(v.FieldByName(r.Field).Int()); n < r.Min || n > r.Max {
			lo := strconv.Itoa(r.Min)
			hi := strconv.Itoa(r.Max)
			if r.Min < 0 {
				hi = "+" + hi // a signed range: -9..+9
			}
			return Inputf(side, r.Field, "%s %d out of range: allowed %s..%s", r.Noun, n, lo, hi)
		}
	}
	return nil
}
