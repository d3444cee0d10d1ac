package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/ti4sim/ti4sim/internal/lazy"
)

// The JSON Schemas in schema/ are generated (go generate, which runs
// ./internal/schemagen) from three sources, each the one place it is said:
// the document types (properties from their json tags, required fields
// those without omitempty, JSON types from Go kinds, every struct a $defs
// entry), their doc comments (descriptions) and schemaRules (the
// constraints a Go type cannot say). TestSchemasGenerated fails when a
// committed schema differs from what GenerateSchemas makes.
//
//go:generate go run ./internal/schemagen

// schemaDocuments are the document types, by schema name.
var schemaDocuments = lazy.Value[map[string]reflect.Type]{Build: func() map[string]reflect.Type {
	return map[string]reflect.Type{
		"combat":  reflect.TypeFor[Combat](),
		"compare": reflect.TypeFor[Compare](),
		"vote":    reflect.TypeFor[Vote](),
		"advise":  reflect.TypeFor[Advise](),
		"luck":    reflect.TypeFor[Luck](),
	}
}}

// schemaID is the schemas' base URI.
const schemaID = "https://github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario/schema/"

// GenerateSchemas builds the JSON Schema of each document (by name, as
// SchemaNames), indented, from the document types, schemaRules and
// comments: the doc comments of this package's types ("Combat") and
// struct fields ("Combat.Action"), as go/doc reads them. A field without
// a comment of its own shares the one of the field on the line above
// ("Attacker is the active player; Defender the other.").
func GenerateSchemas(comments map[string]string) (map[string][]byte, error) {
	used := map[string]bool{}
	out := map[string][]byte{}
	for _, name := range SchemaNames {
		g := &schemaGen{comments: comments, used: used, defs: map[string]*schemaNode{}}
		t := schemaDocuments.Get()[name]
		root := g.object(t)
		if g.err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, g.err)
		}
		root.Schema = "https://json-schema.org/draft/2020-12/schema"
		root.ID = schemaID + name + ".json"
		root.Title = fmt.Sprintf("ti4sim %s document, version %d", name, Version)
		root.Defs = g.defList()
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(root); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		out[name] = buf.Bytes()
	}
	for _, k := range slices.Sorted(maps.Keys(schemaRules.Get())) {
		if !used[k] {
			return nil, fmt.Errorf("schemaRules[%q]: no field of a document has this key", k)
		}
	}
	return out, nil
}

// schemaNode is a JSON Schema node, its keywords in the order written.
type schemaNode struct {
	Schema      string `json:"$schema,omitempty"`
	ID          string `json:"$id,omitempty"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Ref         string `json:"$ref,omitempty"`
	Type        string `json:"type,omitempty"`
	schemaBounds
	AdditionalProperties any         `json:"additionalProperties,omitempty"`
	Required             []string    `json:"required,omitempty"`
	Properties           namedNodes  `json:"properties,omitempty"`
	Items                *schemaNode `json:"items,omitempty"`
	Defs                 namedNodes  `json:"$defs,omitempty"`
}

// schemaBounds are the keywords of schemaRules' constraints (nil: none).
type schemaBounds struct {
	Const            any      `json:"const,omitempty"`
	Enum             []string `json:"enum,omitempty"`
	Minimum          any      `json:"minimum,omitempty"`
	ExclusiveMinimum any      `json:"exclusiveMinimum,omitempty"`
	Maximum          any      `json:"maximum,omitempty"`
	ExclusiveMaximum any      `json:"exclusiveMaximum,omitempty"`
	MinLength        any      `json:"minLength,omitempty"`
	MaxLength        any      `json:"maxLength,omitempty"`
	Pattern          string   `json:"pattern,omitempty"`
	MinItems         any      `json:"minItems,omitempty"`
	MaxItems         any      `json:"maxItems,omitempty"`
}

// namedNode is one entry of an object of schemas (properties, $defs).
type namedNode struct {
	name string
	node *schemaNode
}

// namedNodes is an object of schemas written in its own order (Go field
// order; $defs as first reached), not sorted as a map would be.
type namedNodes []namedNode

func (ns namedNodes) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteByte('{')
	for i, n := range ns {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := enc.Encode(n.name); err != nil {
			return nil, err
		}
		buf.WriteByte(':')
		if err := enc.Encode(n.node); err != nil {
			return nil, err
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// schemaGen builds one document's schema.
type schemaGen struct {
	comments map[string]string
	used     map[string]bool // schemaRules' keys applied, over every document
	defs     map[string]*schemaNode
	order    []string
	err      error
}

func (g *schemaGen) fail(format string, a ...any) {
	if g.err == nil {
		g.err = fmt.Errorf(format, a...)
	}
}

func (g *schemaGen) defList() namedNodes {
	var ns namedNodes
	for _, name := range g.order {
		ns = append(ns, namedNode{name, g.defs[name]})
	}
	return ns
}

// object is the schema of struct type t: its fields by json tag, closed.
func (g *schemaGen) object(t reflect.Type) *schemaNode {
	n := &schemaNode{Description: g.comments[t.Name()], Type: "object", AdditionalProperties: false}
	goNames := map[string]string{}
	for f := range fieldsOf(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		goNames[f.Name] = name
	}
	for f := range fieldsOf(t) {
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		key := t.Name() + "." + f.Name
		switch {
		case name == "-":
			continue
		case f.Anonymous || name == "":
			g.fail("%s: a document field needs a json name", key)
			continue
		}
		p := g.value(f.Type, key)
		p.Description = jsonNames(g.comments[key], goNames)
		n.Properties = append(n.Properties, namedNode{name, p})
		if !slices.Contains(strings.Split(opts, ","), "omitempty") && !schemaRules.Get()[key].Optional {
			n.Required = append(n.Required, name)
		}
	}
	return n
}

// fieldsOf yields the exported fields of struct type t.
func fieldsOf(t reflect.Type) func(func(reflect.StructField) bool) {
	return func(yield func(reflect.StructField) bool) {
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && !yield(f) {
				return
			}
		}
	}
}

// value is the schema of a value of type t, its constraints those of
// schemaRules[key] (key: "Type.Field", "Type.Field[]" for an array's
// items, "Type.Field{}" for a map's values).
func (g *schemaGen) value(t reflect.Type, key string) *schemaNode {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var n *schemaNode
	switch t.Kind() {
	case reflect.Struct:
		n = &schemaNode{Ref: "#/$defs/" + g.def(t)}
	case reflect.Slice:
		n = &schemaNode{Type: "array", Items: g.value(t.Elem(), key+"[]")}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			g.fail("%s: a map's keys must be strings", key)
		}
		n = &schemaNode{Type: "object", AdditionalProperties: g.value(t.Elem(), key+"{}")}
	default:
		n = &schemaNode{Type: scalarTypes.Get()[t.Kind()]}
		if n.Type == "" {
			g.fail("%s: no JSON type for Go %s", key, t)
		}
	}
	if r, ok := schemaRules.Get()[key]; ok {
		g.used[key] = true
		n.schemaBounds = r.bounds()
		if n.Ref != "" && !reflect.ValueOf(n.schemaBounds).IsZero() {
			g.fail("%s: constraints on an object", key)
		}
	}
	return n
}

// scalarTypes are the JSON types of Go's scalar kinds.
var scalarTypes = lazy.Value[map[reflect.Kind]string]{Build: func() map[reflect.Kind]string {
	return map[reflect.Kind]string{
		reflect.String: "string", reflect.Bool: "boolean",
		reflect.Int: "integer", reflect.Int64: "integer", reflect.Uint64: "integer",
		reflect.Float64: "number",
	}
}}

// def adds struct type t to $defs (once) and returns its name there.
func (g *schemaGen) def(t reflect.Type) string {
	name := snake(t.Name())
	if _, ok := g.defs[name]; !ok {
		g.defs[name] = nil // a type that holds itself refers to its own entry
		g.order = append(g.order, name)
		g.defs[name] = g.object(t)
	}
	return name
}

// snake writes a Go name in the documents' style: "SpaceDock" → "space_dock".
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// goName is a capitalised word that may name a Go field (compiled at its
// first use, by GenerateSchemas).
var goName = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`\b[A-Z][A-Za-z]*\b`) }}

// jsonNames writes a field comment for a document's reader: the struct's
// fields it names by their Go names ("Trials", "SpaceDock") by their JSON
// names ("trials", "space_dock"). The field a comment starts with is the
// one it describes: named by Go name later on, it is a word of the text
// ("Bribery lists ... the Bribery action card's holders"); so are
// all-capital words (PDS) but the first.
func jsonNames(comment string, names map[string]string) string {
	own := goName.Get().FindString(comment)
	if j, ok := names[own]; ok && strings.HasPrefix(comment, own) {
		comment = j + comment[len(own):]
	} else {
		own = ""
	}
	return goName.Get().ReplaceAllStringFunc(comment, func(w string) string {
		if j, ok := names[w]; ok && w != own && strings.ToUpper(w) != w {
			return j
		}
		return w
	})
}
