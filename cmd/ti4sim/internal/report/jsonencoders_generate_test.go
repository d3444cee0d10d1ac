//go:build !(js && wasm)

package report

// The generator of jsonencoders_gen.go: encoders, one method of
// jsonWriter per struct type, for the answer documents of jsonDocuments
// and every type they reach, written from the types by reflection here (in
// a test, so that it sees the package's unexported types) and never at
// run time. It refuses, failing generation, every type whose encoding it
// does not reproduce exactly (see jsonGen.value) rather than encode one
// wrongly. `go generate ./cmd/ti4sim/internal/report` (go test -run
// TestJSONEncodersGenerated -update-json-encoders) rewrites the file;
// TestJSONEncodersGenerated fails when it is stale. The answers call
// writeJSONDocument, which finds a document's encoder through the
// generated jsonEncoder (a document type without one is written by
// encoding/json, and TestJSONEncodersMatch fails).

import (
	"bytes"
	"encoding"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
)

var updateJSONEncoders = flag.Bool("update-json-encoders", false, "rewrite jsonencoders_gen.go")

// jsonDocuments are the documents report writes as JSON, each by its
// generated encoder (writeJSONDocument).
var jsonDocuments = []reflect.Type{
	reflect.TypeFor[jsonCombat](),
	reflect.TypeFor[jsonSystem](),
	reflect.TypeFor[jsonAssignment](),
	reflect.TypeFor[jsonComparison](),
	reflect.TypeFor[jsonAdvice](),
	reflect.TypeFor[Luck](),
	reflect.TypeFor[voteJSON](),
	reflect.TypeFor[voteBaseJSON](),
}

const (
	jsonEncodersFile = "jsonencoders_gen.go"
	jsonTestsFile    = "jsonencoders_gen_test.go"
)

// TestJSONEncodersGenerated generates the encoders and compares them with
// the files (or, with -update-json-encoders, writes them).
func TestJSONEncodersGenerated(t *testing.T) {
	encoders, tests, err := generateJSONEncoders()
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string][]byte{jsonEncodersFile: encoders, jsonTestsFile: tests} {
		if *updateJSONEncoders {
			if err := os.WriteFile(name, src, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if have, err := os.ReadFile(name); err != nil || !bytes.Equal(have, src) {
			t.Errorf("%s is stale (or unreadable: %v): run go generate ./cmd/ti4sim/internal/report", name, err)
		}
	}
}

// TestJSONGeneratorRefuses: types whose encoding the generator does not
// reproduce fail generation.
func TestJSONGeneratorRefuses(t *testing.T) {
	type bytesField struct {
		B []byte `json:"b"`
	}
	type quoted struct {
		N int `json:"n,string"`
	}
	type unnamed struct {
		S struct{ A int } `json:"s"`
	}
	type dup struct {
		X int
		B int `json:"X"`
	}
	type embeddedPtr struct {
		*jsonCount
	}
	type f32 struct {
		F float32 `json:"f"`
	}
	type textKey struct {
		M map[jsonTextKey]int `json:"m"`
	}
	type text struct {
		T jsonTextKey `json:"t"`
	}
	type ptrMarshaler struct {
		P jsonPtrMarshaler `json:"p"`
	}
	type zero struct {
		A int `json:"a,omitzero"`
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[bytesField](), reflect.TypeFor[quoted](), reflect.TypeFor[unnamed](),
		reflect.TypeFor[dup](), reflect.TypeFor[embeddedPtr](), reflect.TypeFor[f32](), reflect.TypeFor[textKey](),
		reflect.TypeFor[text](), reflect.TypeFor[ptrMarshaler](), reflect.TypeFor[zero](), reflect.TypeFor[chan int]()} {
		g := newJSONGen()
		g.enqueue(typ)
		if _, err := g.file(nil, "x"); err == nil {
			t.Errorf("%v: generated, want refused", typ)
		}
	}
}

// jsonGenCoverage has what the generator handles that no document has (or
// not yet): a struct that starts with omitempty fields, every integer
// kind, named basic types, interfaces, named map keys, pointers to
// pointers, arrays of arrays, a value's MarshalJSON behind a pointer,
// `json:"-"` and `json:"-,"`, embedded structs, unexported fields.
type jsonGenCoverage struct {
	First      string                   `json:"first,omitempty"`
	Second     *int8                    `json:"second,omitempty"`
	I16        int16                    `json:"i16,omitempty"`
	I32        int32                    `json:"i32"`
	U          uint                     `json:"u"`
	U8         uint8                    `json:"u8,omitempty"`
	U16        uint16                   `json:"u16"`
	U32        uint32                   `json:"u32"`
	UP         uintptr                  `json:"up"`
	Name       jsonGenName              `json:"name"`
	Float      jsonGenFloat             `json:"float,omitempty"`
	Flag       jsonGenFlag              `json:"flag"`
	Any        any                      `json:"any"`
	AnyOmitted any                      `json:"any_omitted,omitempty"`
	Keys       map[jsonGenName]float64  `json:"keys"`
	Counts     []*jsonCount             `json:"counts"`
	PtrPtr     **float64                `json:"ptr_ptr"`
	Grid       [3][2]int                `json:"grid"`
	None       [0]int                   `json:"none,omitempty"`
	Outcomes   *voteByOutcome[int64]    `json:"outcomes"`
	ByName     map[string][]jsonGenEdge `json:"by_name,omitempty"`
	Pointers   map[string]*float64      `json:"pointers"`
	Skipped    int                      `json:"-"`
	Dash       int                      `json:"-,"`
	Untagged   bool
	jsonGenEmbedded
	hidden int
}

type (
	jsonGenName  string
	jsonGenFloat float64
	jsonGenFlag  bool
	jsonGenEdge  struct{}
)

type jsonGenEmbedded struct {
	Depth int    `json:"depth,omitempty"`
	Note  string `json:"note"`
}

var _ = jsonGenCoverage{}.hidden // written by no encoder

type jsonTextKey string

func (k jsonTextKey) MarshalText() ([]byte, error) { return []byte(k), nil }

type jsonPtrMarshaler struct{}

func (*jsonPtrMarshaler) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

// generateJSONEncoders is the generated files: the encoders of
// jsonDocuments, and for the tests those of jsonGenCoverage.
func generateJSONEncoders() (encoders, tests []byte, err error) {
	g := newJSONGen()
	encoders, err = g.file(jsonDocuments, "jsonEncoder")
	if err != nil {
		return nil, nil, err
	}
	t := newJSONGen()
	t.queued = g.queued // the encoders of jsonencoders_gen.go
	tests, err = t.file([]reflect.Type{reflect.TypeFor[jsonGenCoverage]()}, "jsonTestEncoder")
	return encoders, tests, err
}

// jsonGen writes the encoders of the struct types it is given and of
// every struct type they reach.
type jsonGen struct {
	body    bytes.Buffer
	queue   []reflect.Type
	queued  map[reflect.Type]bool
	imports map[string]string // package path → name
	vars    int               // loop variables named so far in the function
	// sortsKeys: an encoder sorts a map's keys (the file imports maps and
	// slices).
	sortsKeys bool
	err       error
}

func newJSONGen() *jsonGen {
	return &jsonGen{queued: map[reflect.Type]bool{}, imports: map[string]string{}}
}

// file is the file of the encoders of docs and every struct type they
// reach but those g.queued holds already, docs dispatched by function
// dispatch.
func (g *jsonGen) file(docs []reflect.Type, dispatch string) ([]byte, error) {
	var cases bytes.Buffer
	for _, d := range docs {
		fmt.Fprintf(&cases, "case *%s:\nreturn func(w *jsonWriter) { w.%s(d) }\n", g.goType(d), g.enqueue(d))
	}
	for len(g.queue) > 0 && g.err == nil {
		t := g.queue[0]
		g.queue = g.queue[1:]
		g.structEncoder(t)
	}
	if g.err != nil {
		return nil, g.err
	}
	var src bytes.Buffer
	src.WriteString(jsonEncodersHead)
	paths := []string{}
	if g.sortsKeys {
		paths = append(paths, "maps", "slices")
	}
	for p := range g.imports {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	src.WriteString("import (\n")
	for i, p := range slices.Concat(slices.DeleteFunc(slices.Clone(paths), isModulePath), []string{""},
		slices.DeleteFunc(paths, func(p string) bool { return !isModulePath(p) })) {
		if p != "" { // "": the blank line between the standard library's and the others
			fmt.Fprintf(&src, "\t%q\n", p)
		} else if i > 0 {
			src.WriteString("\n")
		}
	}
	fmt.Fprintf(&src, ")\n"+jsonDispatchHead+"%s}\nreturn nil\n}\n", dispatch, dispatch, cases.Bytes())
	src.Write(g.body.Bytes())
	return format.Source(src.Bytes())
}

// jsonEncodersHead starts the generated files: the WebAssembly engine
// keeps encoding/json (jsonencoders_wasm.go), as the encoders' code would
// pass its first download's bound (TestSiteEndToEnd).
const jsonEncodersHead = `// Code generated by jsonencoders_generate_test.go; DO NOT EDIT.

//go:build !(js && wasm)

package report

`

const jsonDispatchHead = `
// %s is the generated encoder of doc, a pointer to a document listed
// (jsonencoders_generate_test.go); nil for another type.
func %s(doc any) func(*jsonWriter) {
	switch d := doc.(type) {
`

// isModulePath: import path p is not the standard library's.
func isModulePath(p string) bool { return strings.Contains(p, ".") }

func (g *jsonGen) fail(t reflect.Type, format string, a ...any) {
	if g.err == nil {
		g.err = fmt.Errorf("json encoder of %v: %s", t, fmt.Sprintf(format, a...))
	}
}

func (g *jsonGen) printf(format string, a ...any) { fmt.Fprintf(&g.body, format, a...) }

// enqueue queues struct type t for an encoder, and is the encoder's name.
func (g *jsonGen) enqueue(t reflect.Type) string {
	if t.Kind() != reflect.Struct || t.Name() == "" || strings.ContainsAny(t.Name(), "[]") {
		g.fail(t, "only named, not generic, struct types get an encoder")
		return "fail"
	}
	if !g.queued[t] {
		g.queued[t] = true
		g.queue = append(g.queue, t)
	}
	pkg, name, _ := strings.Cut(g.goType(t), ".")
	if name == "" {
		return "enc" + upperFirst(pkg)
	}
	return "enc" + upperFirst(pkg) + upperFirst(name)
}

// goType is the Go spelling of named type t in package report.
func (g *jsonGen) goType(t reflect.Type) string {
	if t.PkgPath() == reflect.TypeFor[jsonWriter]().PkgPath() {
		return t.Name()
	}
	pkg, _, _ := strings.Cut(t.String(), ".")
	g.imports[t.PkgPath()] = pkg
	return t.String()
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// jsonField is a field encoding/json writes: its key, its Go selector
// from the struct (through embedded structs), its type and omitempty.
type jsonField struct {
	key       string
	selector  string
	typ       reflect.Type
	omitEmpty bool
}

// jsonFields are t's fields as encoding/json writes them, in its order:
// exported fields and those of embedded structs (at the embedding's
// place), by their tag's name or their own; `json:"-"` skipped. Two
// fields of one key (which encoding/json resolves by depth) fail.
func (g *jsonGen) jsonFields(t reflect.Type, selector string) []jsonField {
	var out []jsonField
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" || (!sf.IsExported() && !(sf.Anonymous && sf.Type.Kind() == reflect.Struct)) {
			if sf.Anonymous && sf.Type.Kind() == reflect.Pointer {
				g.fail(t, "embedded pointer %s", sf.Name)
			}
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if opts != "" && opts != "omitempty" {
			g.fail(t, "field %s: tag options %q", sf.Name, opts)
		}
		if name != "" && !validJSONKey(name) {
			g.fail(t, "field %s: key %q", sf.Name, name)
		}
		switch {
		case sf.Anonymous && sf.Type.Kind() == reflect.Pointer:
			g.fail(t, "embedded pointer %s", sf.Name)
		case sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct:
			out = append(out, g.jsonFields(sf.Type, selector+"."+sf.Name)...)
		default:
			if name == "" {
				name = sf.Name
			}
			out = append(out, jsonField{name, selector + "." + sf.Name, sf.Type, opts == "omitempty"})
		}
	}
	for i, f := range out {
		if slices.ContainsFunc(out[:i], func(o jsonField) bool { return o.key == f.key }) {
			g.fail(t, "two fields of key %q", f.key)
		}
	}
	return out
}

// validJSONKey: the generated encoders write keys as they are, so a key
// holds only letters, digits, '_' and '-' (no character a JSON string
// escapes).
func validJSONKey(s string) bool {
	for _, c := range s {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// structEncoder writes the encoder of struct type t: '{', each field
// written (omitempty: when not empty) with a ',' between, '}'. The comma
// is known when written unless only omitempty fields precede; then the
// encoder keeps it in sep.
func (g *jsonGen) structEncoder(t reflect.Type) {
	fields := g.jsonFields(t, "v")
	g.vars = 0
	name := g.enqueue(t)
	g.printf("\nfunc (w *jsonWriter) %s(v *%s) {\n", name, g.goType(t))
	state := "none" // none written, "some" written, "maybe": sep holds the separator
	if len(fields) > 0 && g.omittable(fields[0]) {
		g.printf("sep := byte('{')\n")
		state = "maybe"
	}
	for _, f := range fields {
		if f.typ.Kind() == reflect.Array && f.typ.Len() == 0 && f.omitEmpty {
			continue // always empty
		}
		omit := g.omittable(f)
		if omit {
			g.printf("if %s {\n", g.notEmpty(f.selector, f.typ))
		}
		switch state {
		case "none":
			g.printf("w.key(`{%q:`)\n", f.key)
		case "some":
			g.printf("w.key(`,%q:`)\n", f.key)
		default:
			g.printf("w.b = append(w.b, sep)\nw.key(`%q:`)\n", f.key)
			if omit {
				g.printf("sep = ','\n")
			}
		}
		g.value(f.selector, f.typ, true, omit)
		if omit {
			g.printf("}\n")
		} else {
			state = "some"
		}
	}
	switch state {
	case "none":
		g.printf("w.b = append(w.b, \"{}\"...)\n")
	case "some":
		g.printf("w.b = append(w.b, '}')\n")
	default:
		g.printf("if sep == '{' {\nw.b = append(w.b, '{')\n}\nw.b = append(w.b, '}')\n")
	}
	g.printf("}\n")
}

// omittable: the field is left out when empty (an array of some elements
// or a struct never is).
func (g *jsonGen) omittable(f jsonField) bool {
	return f.omitEmpty && f.typ.Kind() != reflect.Struct && f.typ.Kind() != reflect.Array
}

// notEmpty is the condition that x of type t is not empty as omitempty
// means it (encoding/json's isEmptyValue).
func (g *jsonGen) notEmpty(x string, t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return x + ` != ""`
	case reflect.Bool:
		return x
	case reflect.Pointer, reflect.Interface:
		return x + " != nil"
	case reflect.Slice, reflect.Map:
		return "len(" + x + ") != 0"
	}
	return x + " != 0"
}

// jsonHelpers are jsonWriter's writers of whole values, by type.
var jsonHelpers = map[reflect.Type]string{
	reflect.TypeFor[[]float64](): "floats", reflect.TypeFor[[2]float64](): "floatPair", reflect.TypeFor[[]string](): "strs",
	reflect.TypeFor[map[string]float64](): "floatMap", reflect.TypeFor[map[string]string](): "strMap",
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// value writes the code writing x, of type t, as encoding/json would;
// addressable: &x is allowed; nonNil: x is known not nil (a pointer, slice
// or map an omitempty field left out when nil or empty). A type with its own MarshalJSON is written
// by it; types with MarshalText, or MarshalJSON on the pointer only,
// []byte (base64), float32, ",string" and kinds JSON has no value for are
// refused.
func (g *jsonGen) value(x string, t reflect.Type, addressable, nonNil bool) {
	switch {
	case t.Kind() == reflect.Interface && t.NumMethod() > 0:
		g.fail(t, "an interface with methods")
		return
	case t.Implements(jsonMarshalerType):
		if t.Kind() == reflect.Pointer && !nonNil {
			g.printf("if %s == nil {\nw.null()\n} else {\nw.marshaler(%s)\n}\n", x, x)
		} else {
			g.printf("w.marshaler(%s)\n", x)
		}
		return
	case t.Kind() != reflect.Interface && (reflect.PointerTo(t).Implements(jsonMarshalerType) ||
		t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)):
		g.fail(t, "MarshalText or a pointer's MarshalJSON")
		return
	}
	if helper, ok := jsonHelpers[t]; ok {
		g.printf("w.%s(%s)\n", helper, x)
		return
	}
	conv := func(to string) string {
		if t.PkgPath() == "" && t.Name() == to {
			return x
		}
		return to + "(" + x + ")"
	}
	switch t.Kind() {
	case reflect.Bool:
		g.printf("w.bool(%s)\n", conv("bool"))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		g.printf("w.int(%s)\n", conv("int64"))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		g.printf("w.uint(%s)\n", conv("uint64"))
	case reflect.Float64:
		g.printf("w.float(%s)\n", conv("float64"))
	case reflect.String:
		g.printf("w.str(%s)\n", conv("string"))
	case reflect.Interface:
		g.printf("if %s == nil {\nw.null()\n} else {\nw.anyValue(%s)\n}\n", x, x)
	default:
		g.composite(x, t, addressable, nonNil)
	}
}

// composite writes the code writing x of a pointer, struct, slice, array
// or map type t; a slice of structs through jsonSlice.
func (g *jsonGen) composite(x string, t reflect.Type, addressable, nonNil bool) {
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct && !t.Elem().Implements(jsonMarshalerType) &&
		!reflect.PointerTo(t.Elem()).Implements(jsonMarshalerType) && !t.Elem().Implements(textMarshalerType) &&
		!reflect.PointerTo(t.Elem()).Implements(textMarshalerType) {
		g.printf("jsonSlice(w, %s, (*jsonWriter).%s)\n", x, g.enqueue(t.Elem()))
		return
	}
	if !nonNil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map) {
		g.printf("if %s == nil {\nw.null()\n} else {\n", x)
		defer g.printf("}\n")
	}
	switch t.Kind() {
	case reflect.Pointer:
		switch e := t.Elem(); {
		case e.Kind() == reflect.Struct && !e.Implements(jsonMarshalerType):
			g.printf("w.%s(%s)\n", g.enqueue(e), x)
		case e.Kind() == reflect.Array || e.Kind() == reflect.Slice || e.Kind() == reflect.Map:
			g.value("(*"+x+")", e, true, false)
		default:
			g.value("*"+x, e, true, false)
		}
	case reflect.Struct:
		name := g.enqueue(t)
		if addressable {
			g.printf("w.%s(&%s)\n", name, x)
		} else {
			g.printf("{\ne := %s\nw.%s(&e)\n}\n", x, name)
		}
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			g.fail(t, "[]byte (base64)")
			return
		}
		i := g.newVar("i")
		g.printf("w.b = append(w.b, '[')\nfor %s := range %s {\nif %s > 0 {\nw.b = append(w.b, ',')\n}\n", i, x, i)
		g.value(x+"["+i+"]", t.Elem(), addressable || t.Kind() == reflect.Slice, false)
		g.printf("}\nw.b = append(w.b, ']')\n")
	case reflect.Map:
		g.mapValue(x, t)
	default:
		g.fail(t, "kind %v has no JSON value", t.Kind())
	}
}

// mapValue writes the code writing map x (not nil): its entries by key in
// order (encoding/json sorts them); keys must be strings.
func (g *jsonGen) mapValue(x string, t reflect.Type) {
	if t.Key().Kind() != reflect.String || t.Key().Implements(textMarshalerType) {
		g.fail(t, "map keys other than strings")
		return
	}
	g.sortsKeys = true
	i, k := g.newVar("i"), g.newVar("k")
	g.printf("w.b = append(w.b, '{')\n")
	g.printf("for %s, %s := range slices.Sorted(maps.Keys(%s)) {\nif %s > 0 {\nw.b = append(w.b, ',')\n}\n", i, k, x, i)
	key := k
	if t.Key().PkgPath() != "" {
		key = "string(" + k + ")"
	}
	g.printf("w.str(%s)\nw.b = append(w.b, ':')\n", key)
	g.value(x+"["+k+"]", t.Elem(), false, false)
	g.printf("}\nw.b = append(w.b, '}')\n")
}

// newVar is a name for a loop variable not yet used in the function.
func (g *jsonGen) newVar(prefix string) string {
	g.vars++
	return fmt.Sprintf("%s%d", prefix, g.vars)
}
