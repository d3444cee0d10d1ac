package scenario

import (
	"math"
	"reflect"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
	"github.com/ti4sim/ti4sim/combat/luck"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// schemaRule is what a document field's Go type cannot say about its
// values, written into its JSON Schema by GenerateSchemas.
type schemaRule struct {
	Const              any      // the one value allowed
	Enum               []string // the values allowed
	Min, Max           any      // inclusive bounds of a number
	Above, Below       any      // exclusive bounds of a number
	MinLen, MaxLen     any      // bounds of a string's length in characters
	Pattern            string   // a regular expression a string matches
	MinItems, MaxItems any      // bounds of an array's length
	// Optional: the field may be absent though its json tag has no
	// omitempty (the document always writes it).
	Optional bool
}

// schemaRules are the documents' constraints beyond their Go types, by
// "Type.Field" (Go names; "Type.Field[]": an array's items, "Type.Field{}":
// a map's values). A number here is a constant of the library or of this
// package, the one a check reads, never a copy of it; a side's bounded
// whole numbers come from the library itself (sideRanges). A key that
// names no field is an error of GenerateSchemas. Only GenerateSchemas reads
// them: the side ranges (found by reflection) are added at that first use,
// not at every process's start.
var schemaRules = lazy.Value[map[string]schemaRule]{Build: func() map[string]schemaRule { return withSideRanges(schemaRuleTable.Get()) }}

// schemaRuleTable is schemaRules without the sides' ranges.
var schemaRuleTable = lazy.Value[map[string]schemaRule]{Build: func() map[string]schemaRule {
	return map[string]schemaRule{
		"Combat.Version":        {Const: Version},
		"Combat.Action":         {Enum: []string{ActionSpace, ActionGround, ActionInvade}},
		"Combat.Ruleset":        {Enum: []string{combat.EditionTI4.String(), combat.EditionTI3SA.String()}, Optional: true},
		"Combat.System":         {Optional: true},
		"Combat.Run":            {Optional: true},
		"System.Commandos":      {Min: 0, Max: MaxItemCount},
		"System.Planets":        {MinItems: 1, MaxItems: combat.MaxPlanets},
		"System.Commit":         {MinLen: 1},
		"System.Bombard":        {MinLen: 1},
		"Planet.Name":           {MinLen: 1, MaxLen: maxPlanetName},
		"Side.Technologies[]":   {MinLen: 1},
		"Side.Policy":           {Enum: []string{"order", "optimal"}},
		"Side.Leaders[]":        {MinLen: 1}, // a leader, or one with an option ("admiral:dreadnought"): the library checks them
		"Units.Unit":            {MinLen: 1},
		"Units.Count":           {Min: 1, Max: MaxItemCount},
		"Units.Damaged":         {Min: 0, Max: MaxItemCount},
		"Units.DamagedTwice":    {Min: 0, Max: MaxItemCount},
		"Card.Name":             {MinLen: 1},
		"Card.Copies":           {Min: 0, Max: MaxCopies},
		"Run.Trials":            {Min: 1, Max: MaxTrials},
		"Combat.Units":          {MaxItems: MaxUnitFiles},
		"UnitFile.Name":         {MaxLen: maxUnitFileName},
		"UnitFile.Data":         {MinLen: 1},
		"Run.Seed":              {Min: 0, Max: uint64(math.MaxUint64)},
		"Run.Precision":         {Above: 0, Below: maxPrecision},
		"Run.Rounds":            {Min: 1, Max: MaxRounds},
		"Compare.Version":       {Const: Version},
		"Compare.Vary":          {MinItems: 1},
		"Vary.Values":           {MinItems: minVaryValues},
		"Vote.Version":          {Const: Version},
		"Vote.Mode":             {Enum: []string{"preliminary", "base"}, Optional: true},
		"Vote.Outcomes":         {Optional: true},
		"Vote.Outcomes[]":       {MinLen: 1},
		"Vote.Voters":           {MinItems: 1, MaxItems: MaxVoters},
		"Vote.SpeakerPrefers[]": {MinLen: 1},
		"Vote.Players":          {Min: 1, Max: MaxVoters},
		"Vote.Duel":             {Enum: []string{"standard", "first-round"}},
		"Vote.Run":              {Optional: true},
		"Advise.Version":        {Const: Version},
		"Luck.Version":          {Const: Version},
		"LuckRoll.Dice":         {MinItems: 1},
		"LuckRoll.Hits":         {Min: 0, Max: luck.MaxDice},
		"LuckDice.N":            {Min: 1, Max: luck.MaxDice},
		"LuckDice.HitsOn":       {Min: 1, Max: 11},
		"LuckTotals.Expected10": {Min: 0, Max: luck.MaxExpected10},
		"LuckTotals.Actual":     {Min: 0, Max: luck.MaxExpected10},
		"Advise.Target":         {Min: 0, Max: 1},
		"Advise.Keep":           {Min: 0, Max: advise.MaxCount},
		"Advise.Method":         {Enum: Methods},
		"Limits.Resources":      {Min: 1, Max: advise.MaxResources},
		"Limits.Production":     {Min: 0, Max: advise.MaxCount},
		"Limits.SpaceDock":      {Min: 0, Max: advise.MaxResources},
		"Limits.FleetPool":      {Min: 0, Max: advise.MaxCount},
		"Limits.Supply{}":       {Min: 0, Max: advise.MaxCount},
		"Limits.Build[]":        {MinLen: 1},
	}
}}

// withSideRanges adds to rules the bounds of each side's whole-number
// inputs, as the library states them (combat.Range of the input's field,
// from Inputs).
func withSideRanges(rules map[string]schemaRule) map[string]schemaRule {
	t := reflect.TypeFor[Side]()
	for _, in := range Inputs {
		lo, hi, ok := combat.Range(in.Field)
		if len(in.Sides) == 0 || !ok {
			continue
		}
		for i := range t.NumField() {
			if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name == in.Path {
				rules["Side."+t.Field(i).Name] = schemaRule{Min: lo, Max: hi}
			}
		}
	}
	return rules
}

// Bounds the checks write as numbers (check.go, compare.go,
// combat.PlanetName), named here for the schemas; TestSchemaBounds keeps
// them equal to the checks.
const (
	// maxPrecision bounds Run.Precision from above (exclusive).
	maxPrecision = 0.5
	// maxPlanetName is the longest planet name, in characters.
	maxPlanetName = 40
	// minVaryValues are the fewest values of a varied setting.
	minVaryValues = 2
	// maxUnitFileName is the longest unit file name, in characters.
	maxUnitFileName = 200
)

// MaxUnitFiles bounds the unit files one document carries.
const MaxUnitFiles = 16

// ti3Leaders are the leaders of Side.Leaders (each may take an option
// after a colon, "admiral:dreadnought"), in the order the checks'
// messages list them; TestSchemaBounds keeps them combat.TI3Leaders'.
var ti3Leaders = []string{"general", "admiral", "agent", "scientist", "diplomat"}

// bounds are the rule's keywords.
func (r schemaRule) bounds() schemaBounds {
	return schemaBounds{
		Const: r.Const, Enum: r.Enum,
		Minimum: r.Min, Maximum: r.Max, ExclusiveMinimum: r.Above, ExclusiveMaximum: r.Below,
		MinLength: r.MinLen, MaxLength: r.MaxLen, Pattern: r.Pattern,
		MinItems: r.MinItems, MaxItems: r.MaxItems,
	}
}
