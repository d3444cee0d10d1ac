package main

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/ti4sim/ti4sim/internal/scenario"
)

// documentSchemas are the JSON Schemas (draft 2020-12) of the scenario
// documents by kind, derived from the document types: every object closed
// (unknown fields are errors), every field with its JSON type, and the
// enumerations and ranges the service checks.
var documentSchemas = map[string][]byte{
	"combat":  documentSchema("combat", reflect.TypeFor[scenario.Combat]()),
	"compare": documentSchema("compare", reflect.TypeFor[scenario.Compare]()),
	"vote":    documentSchema("vote", reflect.TypeFor[scenario.Vote]()),
}

// schemaFacts are the enumerations and ranges of fields, by JSON name.
var schemaFacts = map[string]map[string]any{
	"version":      {"const": scenario.Version},
	"action":       {"enum": []string{scenario.ActionSpace, scenario.ActionGround, scenario.ActionInvade}},
	"ruleset":      {"enum": []string{"ti4", "ti3-sa"}},
	"mode":         {"enum": []string{"preliminary", "base"}},
	"duel":         {"enum": []string{"standard", "first-round"}},
	"count":        {"minimum": 1, "maximum": 99},
	"damaged":      {"minimum": 0, "maximum": 99},
	"modifier":     {"minimum": -9, "maximum": 9},
	"trade_goods":  {"minimum": 0, "maximum": 99},
	"influence":    {"minimum": 0, "maximum": 99},
	"adjacent_pds": {"minimum": 0, "maximum": 99},
	"pds":          {"minimum": 0, "maximum": 99},
	"copies":       {"minimum": 1},
	"trials":       {"minimum": 1, "maximum": 1_000_000_000},
	"rounds":       {"minimum": 1, "maximum": 1000},
	"precision":    {"exclusiveMinimum": 0, "exclusiveMaximum": 0.5},
}

// schemaRequired are the fields each document type must have.
var schemaRequired = map[reflect.Type][]string{
	reflect.TypeFor[scenario.Combat]():  {"version", "action", "attacker", "defender"},
	reflect.TypeFor[scenario.Side]():    {"fleet"},
	reflect.TypeFor[scenario.Units]():   {"unit", "count"},
	reflect.TypeFor[scenario.Card]():    {"name"},
	reflect.TypeFor[scenario.Compare](): {"version", "scenario", "vary"},
	reflect.TypeFor[scenario.Vary]():    {"key", "values"},
	reflect.TypeFor[scenario.Vote]():    {"version", "voters"},
}

func documentSchema(kind string, t reflect.Type) []byte {
	s := schemaOf(t)
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = "/v1/schema/" + kind
	s["title"] = "ti4sim " + kind + " document"
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err) // maps of strings, numbers and slices always marshal
	}
	return append(b, '\n')
}

func schemaOf(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.Struct:
		props := map[string]any{}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			p := schemaOf(f.Type)
			for k, v := range schemaFacts[name] {
				p[k] = v
			}
			props[name] = p
		}
		return map[string]any{"type": "object", "properties": props, "additionalProperties": false, "required": append([]string{}, schemaRequired[t]...)}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem())}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	}
	return map[string]any{"type": "integer"}
}
