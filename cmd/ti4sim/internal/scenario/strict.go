package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// maxDepth bounds how deeply a document's arrays and objects nest (the
// documents nest five deep).
const maxDepth = 64

// readTree reads one JSON value, numbers as json.Number, refusing a key
// given twice in an object (encoding/json keeps the last) with the JSON
// path of the second.
func readTree(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readValue(dec, "", 0)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return nil, e
		}
		if errors.Is(err, io.EOF) && len(bytes.TrimSpace(data)) > 0 {
			err = io.ErrUnexpectedEOF
		}
		return nil, errorf("", "not a JSON document: %s", jsonError(err, data))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errorf("", "not one JSON document: something follows the first value")
	}
	return v, nil
}

// readValue reads the value at path from dec's tokens.
func readValue(dec *json.Decoder, path string, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errorf(path, "nested more than %d deep", maxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		obj := map[string]any{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string) // a key is a string, or Token fails
			if _, dup := obj[k]; dup {
				return nil, errorf(join(path, k), "duplicate key %s: give each key once", echo.Quote(k))
			}
			if obj[k], err = readValue(dec, join(path, k), depth+1); err != nil {
				return nil, err
			}
		}
		_, err := dec.Token() // }
		return obj, err
	case json.Delim('['):
		arr := []any{}
		for dec.More() {
			v, err := readValue(dec, fmt.Sprintf("%s[%d]", path, len(arr)), depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.Token() // ]
		return arr, err
	}
	return tok, nil
}

// loadSchemas parses the embedded schemas once, numbers as json.Number so
// that bounds such as 2^64-1 stay exact.
var loadSchemas = lazy.Value[map[string]map[string]any]{Build: func() map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, name := range SchemaNames {
		b, _ := Schema(name)
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		var s map[string]any
		if err := dec.Decode(&s); err != nil {
			panic("scenario: schema " + name + ": " + err.Error()) // embedded at build time; a test reads each
		}
		out[name] = s
	}
	return out
}}

// walker checks a decoded JSON tree against the Go type it will be
// stored in (types, fields) and its JSON Schema node (values).
type walker struct {
	root map[string]any // the schema, for $ref; nil: no schema
	// values adds the schema's checks of values (const, enum, bounds,
	// lengths, required fields) to those of types and fields.
	values bool
}

// node follows a schema node's $ref; nil stays nil (no constraint).
func (w walker) node(s any) map[string]any {
	n, _ := s.(map[string]any)
	if ref, ok := n["$ref"].(string); ok {
		defs, _ := w.root["$defs"].(map[string]any)
		n, _ = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	}
	return n
}

// check compares the JSON value v at path with Go type t and schema node s.
func (w walker) check(v any, t reflect.Type, s map[string]any, path string) error {
	s = w.node(s)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if v == nil {
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			return nil
		}
		return errorf(path, "null is not allowed: want %s", jsonKind(t, s))
	}
	switch t.Kind() {
	case reflect.Struct:
		return w.checkObject(v, t, s, path)
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return errorf(path, "want an object, got %s", describe(v))
		}
		// In key order: the same document names the same fault every time.
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if err := w.check(obj[k], t.Elem(), w.node(s["additionalProperties"]), join(path, k)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		return w.checkArray(v, t, s, path)
	}
	if err := checkScalarType(v, t, s, path); err != nil {
		return err
	}
	if w.values {
		if err := checkValue(v, s, path); err != nil {
			return err
		}
	}
	return fitsGo(v, t, s, path)
}

// checkObject checks that v is an object whose every key is a JSON field
// of struct type t, of its shape, in sorted key order so that the error is
// always the same; then that the schema's required fields are there.
func (w walker) checkObject(v any, t reflect.Type, s map[string]any, path string) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return errorf(path, "want an object, got %s", describe(v))
	}
	fields := map[string]reflect.StructField{}
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		fields[name] = f
		names = append(names, name)
	}
	props, _ := s["properties"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		f, ok := fields[k]
		if !ok {
			return errorf(join(path, k), "unknown field; allowed here: %s", strings.Join(names, ", "))
		}
		if err := w.check(obj[k], f.Type, w.node(props[k]), join(path, k)); err != nil {
			return err
		}
	}
	req, _ := s["required"].([]any)
	for _, r := range req {
		if !w.values {
			break
		}
		k, _ := r.(string)
		if _, ok := obj[k]; !ok {
			msg := "missing: required"
			if allowed := allowedValues(w.node(props[k])); allowed != "" {
				msg = "missing; allowed: " + allowed
			}
			return errorf(join(path, k), "%s", msg)
		}
	}
	return nil
}

// checkArray checks an array's length against minItems and maxItems,
// then each item.
func (w walker) checkArray(v any, t reflect.Type, s map[string]any, path string) error {
	arr, ok := v.([]any)
	if !ok {
		return errorf(path, "want an array, got %s", describe(v))
	}
	lo, hasLo := intKeyword(s, "minItems")
	hi, hasHi := intKeyword(s, "maxItems")
	switch {
	case !w.values:
	case hasLo && len(arr) < lo && len(arr) == 0:
		return errorf(path, "empty: give at least %d %s", lo, plural(lo, "item"))
	case hasLo && len(arr) < lo, hasHi && len(arr) > hi:
		return errorf(path, "%d %s; allowed: %s", len(arr), plural(len(arr), "item"), lengthRange(lo, hasLo, hi, hasHi))
	}
	for i, e := range arr {
		if err := w.check(e, t.Elem(), w.node(s["items"]), fmt.Sprintf("%s[%d]", path, i)); err != nil {
			return err
		}
	}
	return nil
}

// isWholeNumber reports whether n is a JSON integer written as one: no
// fraction, no exponent (the regular expression ^-?(0|[1-9][0-9]*)$,
// matched by hand: with no regexp compiled or run anywhere in a process,
// the regexp package's Unicode tables are left out of the binary's
// initialisation).
func isWholeNumber(n string) bool {
	n = strings.TrimPrefix(n, "-")
	if n == "0" {
		return true
	}
	if n == "" || n[0] < '1' || n[0] > '9' {
		return false
	}
	for i := 1; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return false
		}
	}
	return true
}

// checkScalarType checks that v is the string, boolean or number Go type
// t stores: integers written whole (3, not 3.0 or 3e0).
func checkScalarType(v any, t reflect.Type, s map[string]any, path string) error {
	var ok bool
	switch t.Kind() {
	case reflect.String:
		_, ok = v.(string)
	case reflect.Bool:
		_, ok = v.(bool)
	case reflect.Float64:
		_, ok = v.(json.Number)
	case reflect.Int, reflect.Int64, reflect.Uint64:
		n, isNum := v.(json.Number)
		if isNum && !isWholeNumber(n.String()) {
			return errorf(path, "want %s, got %s", jsonKind(t, s), echo.Cut(n.String()))
		}
		ok = isNum
	default:
		return errorf(path, "unexpected value %s", describe(v))
	}
	if !ok {
		return errorf(path, "want %s, got %s", jsonKind(t, s), describe(v))
	}
	return nil
}

// fitsGo checks that a whole number fits the Go field storing it (the
// schema's bounds are narrower; this is a net for a field without them).
func fitsGo(v any, t reflect.Type, s map[string]any, path string) error {
	n, ok := v.(json.Number)
	if !ok {
		return nil
	}
	if t.Kind() == reflect.Float64 {
		if _, err := n.Float64(); err != nil {
			return errorf(path, "%s", outOfRange(n, s))
		}
		return nil
	}
	x, ok := bigInt(n)
	lo, hi := big.NewInt(-1<<63), new(big.Int).SetUint64(1<<63-1)
	if t.Kind() == reflect.Uint64 {
		lo, hi = big.NewInt(0), new(big.Int).SetUint64(1<<64-1)
	}
	if !ok || x.Cmp(lo) < 0 || x.Cmp(hi) > 0 {
		if numberRange(s) == "" {
			return errorf(path, "%s is out of range %v..%v", echo.Cut(n.String()), lo, hi)
		}
		return errorf(path, "%s", outOfRange(n, s))
	}
	return nil
}

// bigInt reads a whole number of at most 40 digits (longer: too large for
// any field).
func bigInt(n json.Number) (*big.Int, bool) {
	if len(n) > 40 {
		return nil, false
	}
	return new(big.Int).SetString(n.String(), 10)
}

// plural writes a noun for n of it.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// intKeyword reads a schema keyword holding a count (minItems, maxLength).
func intKeyword(s map[string]any, key string) (int, bool) {
	n, ok := s[key].(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return int(i), err == nil
}

// lengthRange writes the allowed lengths: "1..3", "at least 2", "at most 16".
func lengthRange(lo int, hasLo bool, hi int, hasHi bool) string {
	switch {
	case hasLo && hasHi:
		return fmt.Sprintf("%d..%d", lo, hi)
	case hasLo:
		return fmt.Sprintf("at least %d", lo)
	}
	return fmt.Sprintf("at most %d", hi)
}

// jsonKind names the JSON type of a Go type, with the schema's bounds for
// a number: "a whole number 1..99".
func jsonKind(t reflect.Type, s map[string]any) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	bounds := ""
	if r := numberRange(s); r != "" {
		bounds = " " + r
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice:
		return "an array"
	case reflect.String:
		if allowed := allowedValues(s); allowed != "" {
			return "a string (" + allowed + ")"
		}
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Float64:
		return "a number" + bounds
	}
	return "a whole number" + bounds
}

// checkValue checks a scalar against the schema's const, enum, bounds and
// lengths (its type checked already).
func checkValue(v any, s map[string]any, path string) error {
	if c, ok := s["const"]; ok && !sameValue(v, c) {
		return errorf(path, "%s is not allowed; allowed: %s", show(v), show(c))
	}
	if enum, ok := s["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return sameValue(v, e) }) {
		return errorf(path, "%s is not allowed; allowed: %s", show(v), allowedValues(s))
	}
	if n, ok := v.(json.Number); ok && !inRange(n, s) {
		return errorf(path, "%s", outOfRange(n, s))
	}
	if str, ok := v.(string); ok {
		n := utf8.RuneCountInString(str)
		lo, hasLo := intKeyword(s, "minLength")
		hi, hasHi := intKeyword(s, "maxLength")
		switch {
		case hasLo && n < lo && n == 0:
			return errorf(path, "empty: give at least %d %s", lo, plural(lo, "character"))
		case hasLo && n < lo, hasHi && n > hi:
			return errorf(path, "%s has %d %s; allowed: %s", echo.Quote(str), n, plural(n, "character"), lengthRange(lo, hasLo, hi, hasHi))
		}
	}
	return nil
}

// outOfRange says that n is outside the schema's bounds, and what they
// are: "0 is out of range 1..1000", "0 is out of range: allowed above 0
// and below 0.5".
func outOfRange(n json.Number, s map[string]any) string {
	r := numberRange(s)
	switch {
	case r == "":
		return echo.Cut(n.String()) + " is out of range"
	case strings.Contains(r, ".."):
		return echo.Cut(n.String()) + " is out of range " + r
	}
	return echo.Cut(n.String()) + " is out of range: allowed " + r
}

// sameValue compares a JSON value with a schema's constant: numbers by
// value (1 and 1.0 are the same), strings and booleans as they are.
func sameValue(v, c any) bool {
	a, okA := v.(json.Number)
	b, okB := c.(json.Number)
	if okA && okB {
		x, okX := rat(a)
		y, okY := rat(b)
		return okX && okY && x.Cmp(y) == 0
	}
	return v == c
}

// rat reads a JSON number exactly; one with an exponent past ±1000 is
// refused (no field holds it) rather than expanded.
func rat(n json.Number) (*big.Rat, bool) {
	s := n.String()
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		var exp int
		if _, err := fmt.Sscan(strings.TrimPrefix(s[i+1:], "+"), &exp); err != nil || exp > 1000 || exp < -1000 {
			return nil, false
		}
	}
	if len(s) > 1100 {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// inRange reports whether n is within the schema's minimum, maximum,
// exclusiveMinimum and exclusiveMaximum.
func inRange(n json.Number, s map[string]any) bool {
	x, ok := rat(n)
	if !ok {
		return false
	}
	for key, want := range map[string]func(c int) bool{
		"minimum":          func(c int) bool { return c >= 0 },
		"maximum":          func(c int) bool { return c <= 0 },
		"exclusiveMinimum": func(c int) bool { return c > 0 },
		"exclusiveMaximum": func(c int) bool { return c < 0 },
	} {
		b, ok := s[key].(json.Number)
		if !ok {
			continue
		}
		y, ok := rat(b)
		if ok && !want(x.Cmp(y)) {
			return false
		}
	}
	return true
}

// numberRange writes a schema's bounds: "1..99", "above 0 and below 0.5",
// "at least 1"; "" when it has none.
func numberRange(s map[string]any) string {
	get := func(k string) string {
		n, _ := s[k].(json.Number)
		return n.String()
	}
	lo, hi, xlo, xhi := get("minimum"), get("maximum"), get("exclusiveMinimum"), get("exclusiveMaximum")
	switch {
	case lo != "" && hi != "":
		return lo + ".." + hi
	}
	var parts []string
	if lo != "" {
		parts = append(parts, "at least "+lo)
	}
	if xlo != "" {
		parts = append(parts, "above "+xlo)
	}
	if hi != "" {
		parts = append(parts, "at most "+hi)
	}
	if xhi != "" {
		parts = append(parts, "below "+xhi)
	}
	return strings.Join(parts, " and ")
}

// allowedValues lists a schema node's enum or const: "space, ground, invade".
func allowedValues(s map[string]any) string {
	vals, _ := s["enum"].([]any)
	if c, ok := s["const"]; ok {
		vals = append(vals, c)
	}
	var out []string
	for _, v := range vals {
		out = append(out, fmt.Sprint(v))
	}
	return strings.Join(out, ", ")
}

// show writes a scalar for an error: a string quoted, a number as written.
func show(v any) string {
	switch x := v.(type) {
	case string:
		return echo.Quote(x)
	case json.Number:
		return echo.Cut(x.String())
	}
	return describe(v)
}
