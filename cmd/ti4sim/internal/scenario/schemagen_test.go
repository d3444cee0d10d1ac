package scenario

import (
	"bytes"
	"encoding/json"
	"maps"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario/internal/doccomment"
	"github.com/ti4sim/ti4sim/combat"
)

// The committed schemas are what the generator makes of the Go types,
// their doc comments and schemaRules: a field, comment or rule changed
// without `go generate` fails here.
func TestSchemasGenerated(t *testing.T) {
	comments, err := doccomment.Read(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := GenerateSchemas(comments)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range SchemaNames {
		if b, _ := Schema(name); !bytes.Equal(b, got[name]) {
			t.Errorf("schema/%s.json is not what the document types, their doc comments and schemaRules make: run go generate ./cmd/ti4sim/internal/scenario", name)
		}
	}
	files, _ := schemas.ReadDir("schema")
	if len(files) != len(SchemaNames) {
		t.Errorf("schema/ holds %d files, want one per SchemaNames (%d)", len(files), len(SchemaNames))
	}
	// One definition per Go type: a $defs entry is the same in every
	// schema that has it.
	seen := map[string]string{}
	for _, name := range SchemaNames {
		var root struct {
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(got[name], &root); err != nil {
			t.Fatal(err)
		}
		for def, body := range root.Defs {
			var buf bytes.Buffer
			_ = json.Compact(&buf, body)
			if prev, ok := seen[def]; ok && prev != buf.String() {
				t.Errorf("$defs.%s differs between schemas", def)
			}
			seen[def] = buf.String()
		}
	}
}

// A rule whose key names no field is an error, not a silent no-op.
func TestSchemaRuleStale(t *testing.T) {
	schemaRules.Get()["Units.Colour"] = schemaRule{MinLen: 1}
	defer delete(schemaRules.Get(), "Units.Colour")
	if _, err := GenerateSchemas(nil); err == nil || !strings.Contains(err.Error(), "Units.Colour") {
		t.Errorf("a stale rule: %v, want an error naming it", err)
	}
}

// The bounds schemaRules names itself are those the checks write as
// numbers.
func TestSchemaBounds(t *testing.T) {
	if !combat.PlanetName(strings.Repeat("a", maxPlanetName)) || combat.PlanetName(strings.Repeat("a", maxPlanetName+1)) {
		t.Errorf("maxPlanetName %d is not combat.PlanetName's longest name", maxPlanetName)
	}
	if (&Run{Precision: maxPrecision}).check("run") == nil || (&Run{Precision: math.Nextafter(maxPrecision, 0)}).check("run") != nil {
		t.Errorf("maxPrecision %v is not the check's", maxPrecision)
	}
	side := Side{Fleet: []Units{{Unit: "destroyer", Count: 1}}}
	values := []string{"omega", "omega2", "omega3"}
	for n, want := range map[int]bool{minVaryValues - 1: false, minVaryValues: true} {
		d := Compare{Version: Version, Scenario: Combat{Version: Version, Action: ActionSpace, Attacker: side, Defender: side},
			Vary: []Vary{{Key: "magen", Values: values[:n]}}}
		if err := d.Check(); (err == nil) != want {
			t.Errorf("%d values: %v; minVaryValues is %d", n, err, minVaryValues)
		}
	}
	// Commandos are the attacker's shock troops held back, at most
	// MaxItemCount of a kind: the library refuses more.
	d := Combat{Version: Version, Action: ActionInvade, Ruleset: "ti3-sa", Attacker: side, Defender: side, System: System{Commandos: MaxItemCount + 1}}
	if _, err := d.Scenario(); err == nil || !strings.HasPrefix(err.Error(), "system.commandos: ") {
		t.Errorf("commandos %d: %v; the schema's bound is MaxItemCount", MaxItemCount+1, err)
	}
	if !slices.Equal(slices.Sorted(slices.Values(ti3Leaders)), slices.Sorted(maps.Keys(combat.TI3Leaders()))) {
		t.Errorf("ti3Leaders %v are not combat.TI3Leaders' %v", ti3Leaders, slices.Sorted(maps.Keys(combat.TI3Leaders())))
	}
}

// commentRange is a range a doc comment gives: "0..99", "1..1e9".
var commentRange = regexp.MustCompile(`(-?[0-9][0-9e]*)\.\.(-?[0-9][0-9e]*)`)

// A range a field's doc comment gives is one of its rule's: the comment
// (the schema's description) and the constraint cannot drift apart, and a
// field documented with a range has a rule.
func TestSchemaCommentRanges(t *testing.T) {
	comments, err := doccomment.Read(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range documentFields() {
		m := commentRange.FindStringSubmatch(comments[key])
		if m == nil {
			continue
		}
		found := false
		for _, k := range []string{key, key + "[]", key + "{}"} {
			r, ok := schemaRules.Get()[k]
			if !ok {
				continue
			}
			for _, b := range [][2]any{{r.Min, r.Max}, {r.MinItems, r.MaxItems}, {r.MinLen, r.MaxLen}} {
				found = found || sameNumber(m[1], b[0]) && sameNumber(m[2], b[1])
			}
		}
		if !found {
			t.Errorf("%s: its comment says %s, no rule of schemaRules does", key, m[0])
		}
	}
}

// sameNumber compares a number written in a comment with a rule's bound.
func sameNumber(s string, bound any) bool {
	b, err := json.Marshal(bound)
	if bound == nil || err != nil {
		return false
	}
	x, errX := strconv.ParseFloat(s, 64)
	y, errY := strconv.ParseFloat(string(b), 64)
	return errX == nil && errY == nil && x == y
}

// documentFields are the "Type.Field" keys of every struct field the
// documents hold.
func documentFields() []string {
	var keys []string
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for f := range fieldsOf(t) {
			keys = append(keys, t.Name()+"."+f.Name)
			walk(f.Type)
		}
	}
	for _, name := range SchemaNames {
		walk(schemaDocuments.Get()[name])
	}
	return keys
}
