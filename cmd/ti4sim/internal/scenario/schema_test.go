package scenario

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The JSON Schemas describe the Go types field for field: every property
// is a field of the struct at that place (and the reverse), of the field's
// JSON type, objects close with additionalProperties false, and required
// properties exist. A field added to a document without its schema, or the
// reverse, fails here.
func TestSchemaMatchesTypes(t *testing.T) {
	for name, typ := range map[string]reflect.Type{
		"combat": reflect.TypeOf(Combat{}), "compare": reflect.TypeOf(Compare{}), "vote": reflect.TypeOf(Vote{}),
		"advise": reflect.TypeOf(Advise{}),
	} {
		b, ok := Schema(name)
		if !ok {
			t.Fatalf("no schema %s", name)
		}
		var root map[string]any
		if err := json.Unmarshal(b, &root); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if root["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("%s: $schema %v", name, root["$schema"])
		}
		compareSchema(t, name, root, root, typ)
	}
}

func compareSchema(t *testing.T, path string, root, s map[string]any, typ reflect.Type) {
	t.Helper()
	if ref, ok := s["$ref"].(string); ok {
		def := root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")]
		if def == nil {
			t.Errorf("%s: dangling $ref %s", path, ref)
			return
		}
		s = def.(map[string]any)
	}
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	want := map[reflect.Kind]string{reflect.Struct: "object", reflect.Map: "object", reflect.Slice: "array", reflect.String: "string",
		reflect.Bool: "boolean", reflect.Int: "integer", reflect.Int64: "integer", reflect.Uint64: "integer", reflect.Float64: "number"}[typ.Kind()]
	got, _ := s["type"].(string)
	switch {
	case s["const"] != nil || s["enum"] != nil:
		// a constant or an enumeration: its values must be of the field's type
		vals, _ := s["enum"].([]any)
		if c, ok := s["const"]; ok {
			vals = append(vals, c)
		}
		for _, v := range vals {
			if (typ.Kind() == reflect.String) != isString(v) {
				t.Errorf("%s: enum value %v is not a %s", path, v, typ.Kind())
			}
		}
		return
	case got != want:
		t.Errorf("%s: schema type %q, Go %s (%q)", path, got, typ, want)
		return
	}
	switch typ.Kind() {
	case reflect.Slice:
		compareSchema(t, path+"[]", root, s["items"].(map[string]any), typ.Elem())
	case reflect.Map:
		compareSchema(t, path+".*", root, s["additionalProperties"].(map[string]any), typ.Elem())
	case reflect.Struct:
		if s["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties is not false", path)
		}
		props := s["properties"].(map[string]any)
		var fields []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields = append(fields, name)
			p, ok := props[name]
			if !ok {
				t.Errorf("%s.%s: a field of %s missing from the schema", path, name, typ)
				continue
			}
			compareSchema(t, path+"."+name, root, p.(map[string]any), f.Type)
		}
		for name := range props {
			if !slices.Contains(fields, name) {
				t.Errorf("%s.%s: in the schema, not a field of %s", path, name, typ)
			}
		}
		req, _ := s["required"].([]any)
		for _, r := range req {
			if !slices.Contains(fields, r.(string)) {
				t.Errorf("%s: required %v is no field", path, r)
			}
		}
	}
}

func isString(v any) bool { _, ok := v.(string); return ok }

// The schemas' ranges are the checks' (a few that matter most).
func TestSchemaRanges(t *testing.T) {
	b, _ := Schema("combat")
	var s struct {
		Defs struct {
			Units struct {
				Properties struct {
					Count struct{ Maximum int } `json:"count"`
				} `json:"properties"`
			} `json:"units"`
			Run struct {
				Properties struct {
					Trials struct{ Maximum int64 } `json:"trials"`
					Rounds struct{ Maximum int }   `json:"rounds"`
				} `json:"properties"`
			} `json:"run"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Defs.Units.Properties.Count.Maximum != MaxItemCount || s.Defs.Run.Properties.Trials.Maximum != MaxTrials || s.Defs.Run.Properties.Rounds.Maximum != MaxRounds {
		t.Errorf("schema ranges %+v differ from the checks (%d, %d, %d)", s.Defs, MaxItemCount, MaxTrials, MaxRounds)
	}
}
