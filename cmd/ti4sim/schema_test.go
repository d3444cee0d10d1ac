package main

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestDocumentSchemas: each document kind has a JSON Schema whose every
// object is closed (unknown fields are errors, as the service decodes)
// and whose required fields are among its properties; the combat schema
// gives the actions the backend reads.
func TestDocumentSchemas(t *testing.T) {
	for _, kind := range []string{"combat", "compare", "vote"} {
		b, ok := newBackend().Schema(kind)
		if !ok {
			t.Fatalf("no schema %s", kind)
		}
		var s map[string]any
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if s["$id"] != "/v1/schema/"+kind {
			t.Errorf("%s: $id %v", kind, s["$id"])
		}
		var walk func(path string, v map[string]any)
		walk = func(path string, v map[string]any) {
			if v["type"] == "object" && v["properties"] != nil {
				if v["additionalProperties"] != false {
					t.Errorf("%s %s: object not closed", kind, path)
				}
				props := v["properties"].(map[string]any)
				for _, r := range v["required"].([]any) {
					if props[r.(string)] == nil {
						t.Errorf("%s %s: required %v is no property", kind, path, r)
					}
				}
				for k, p := range props {
					walk(path+"."+k, p.(map[string]any))
				}
			}
			if items, ok := v["items"].(map[string]any); ok {
				walk(path+"[]", items)
			}
		}
		walk("", s)
	}
	var c struct {
		Properties struct {
			Action struct{ Enum []string }
		}
	}
	b, _ := newBackend().Schema("combat")
	json.Unmarshal(b, &c)
	if !slices.Equal(c.Properties.Action.Enum, []string{"space", "ground", "invade"}) {
		t.Errorf("combat action enum %v", c.Properties.Action.Enum)
	}
	if _, ok := newBackend().Schema("advise"); ok {
		t.Error("a schema for an unknown kind")
	}
}

// TestCatalog: the catalog is JSON listing the cards of `ti4sim cards -o
// json` and the factions and units documents may name.
func TestCatalog(t *testing.T) {
	var cat struct {
		Version  int
		Factions []string
		Cards    []jsonCard
		Units    struct{ Units []jsonUnit }
	}
	if err := json.Unmarshal(newBackend().Catalog(), &cat); err != nil {
		t.Fatal(err)
	}
	out, _, _ := runCLI(t, "cards", "-o", "json")
	var cards struct{ Cards []jsonCard }
	json.Unmarshal([]byte(out), &cards)
	if cat.Version != 1 || len(cat.Cards) == 0 || !slices.Equal(cat.Cards, cards.Cards) {
		t.Errorf("catalog cards (%d) differ from ti4sim cards -o json (%d)", len(cat.Cards), len(cards.Cards))
	}
	if !slices.Contains(cat.Factions, "sol") || len(cat.Units.Units) == 0 {
		t.Errorf("catalog: factions %v, %d units", cat.Factions, len(cat.Units.Units))
	}
}
