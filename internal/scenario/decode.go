package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// Error is a mistake in a document: Path is the JSON path of the value at
// fault (e.g. "attacker.fleet[2].count"; "" for the whole document) and
// Msg says what is wrong and what is allowed.
type Error struct {
	Path, Msg string
}

func (e *Error) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

func errorf(path, format string, a ...any) *Error {
	return &Error{Path: path, Msg: fmt.Sprintf(format, a...)}
}

// MaxDocumentBytes bounds a document read by Decode*.
const MaxDocumentBytes = 1 << 20

// DecodeCombat reads a combat document: strict JSON (one object, no
// unknown fields, every value of its field's type) whose values are then
// checked (Combat.Check). Errors are *Error.
func DecodeCombat(r io.Reader) (Combat, error) {
	var d Combat
	if err := decode(r, &d); err != nil {
		return d, err
	}
	return d, d.Check()
}

// DecodeCompare reads a compare document (see DecodeCombat).
func DecodeCompare(r io.Reader) (Compare, error) {
	var d Compare
	if err := decode(r, &d); err != nil {
		return d, err
	}
	return d, d.Check()
}

// DecodeVote reads a vote document (see DecodeCombat).
func DecodeVote(r io.Reader) (Vote, error) {
	var d Vote
	if err := decode(r, &d); err != nil {
		return d, err
	}
	return d, d.Check()
}

// decode reads one JSON value into dst after checking its shape against
// dst's type: every key a field of the struct at that place, every value
// of the field's JSON type, integers whole and in the field's range.
func decode(r io.Reader, dst any) error {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return errorf("", "reading the document: %v", err)
	}
	if len(data) > MaxDocumentBytes {
		return errorf("", "the document is larger than %d bytes", MaxDocumentBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return errorf("", "not a JSON document: %s", jsonError(err, data))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errorf("", "not one JSON document: something follows the first value")
	}
	if err := checkShape(tree, reflect.TypeOf(dst).Elem(), ""); err != nil {
		return err
	}
	strict := json.NewDecoder(bytes.NewReader(data))
	strict.DisallowUnknownFields()
	if err := strict.Decode(dst); err != nil {
		return errorf("", "%v", err) // checkShape has seen every mistake it can make
	}
	return nil
}

// jsonError says where a syntax error is.
func jsonError(err error, data []byte) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Sprintf("%v (line %d, byte %d)", se, line, se.Offset)
	}
	if errors.Is(err, io.EOF) {
		return "empty"
	}
	return err.Error()
}

// checkShape compares a decoded JSON value with the Go type it will be
// stored in.
func checkShape(v any, t reflect.Type, path string) error {
	if v == nil {
		if t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			return nil
		}
		return errorf(path, "null is not allowed: want %s", jsonKind(t))
	}
	switch t.Kind() {
	case reflect.Pointer:
		return checkShape(v, t.Elem(), path)
	case reflect.Struct:
		return checkStructShape(v, t, path)
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return errorf(path, "want an object, got %s", describe(v))
		}
		// In key order: the same document names the same fault every time.
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if err := checkShape(obj[k], t.Elem(), join(path, k)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		arr, ok := v.([]any)
		if !ok {
			return errorf(path, "want an array, got %s", describe(v))
		}
		for i, e := range arr {
			if err := checkShape(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	}
	return checkScalarShape(v, t, path)
}

// checkStructShape checks that v, decoded JSON, is an object whose every
// field is one of struct type t's JSON fields, of its shape; fields are
// checked in sorted order so that the error is always the same.
func checkStructShape(v any, t reflect.Type, path string) error {
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
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f, ok := fields[k]
		if !ok {
			return errorf(join(path, k), "unknown field; allowed here: %s", strings.Join(names, ", "))
		}
		if err := checkShape(obj[k], f.Type, join(path, k)); err != nil {
			return err
		}
	}
	return nil
}

// checkScalarShape checks that v, decoded JSON, is the string, boolean or
// number type t wants: integers whole (and within 1e15, or 0..2^64-1 for
// uint64).
func checkScalarShape(v any, t reflect.Type, path string) error {
	switch t.Kind() {
	case reflect.String:
		if _, ok := v.(string); !ok {
			return errorf(path, "want a string, got %s", describe(v))
		}
		return nil
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return errorf(path, "want true or false, got %s", describe(v))
		}
		return nil
	case reflect.Int, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			return errorf(path, "want a whole number, got %s", describe(v))
		}
		f, err := n.Float64()
		if err != nil || f != math.Trunc(f) || math.Abs(f) > 1e15 {
			return errorf(path, "want a whole number, got %s", n)
		}
		return nil
	case reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			return errorf(path, "want a whole number 0..2^64-1, got %s", describe(v))
		}
		if _, err := parseUint(n.String()); err != nil {
			return errorf(path, "want a whole number 0..2^64-1, got %s", n)
		}
		return nil
	case reflect.Float64:
		if _, ok := v.(json.Number); !ok {
			return errorf(path, "want a number, got %s", describe(v))
		}
		return nil
	}
	return errorf(path, "unexpected value %s", describe(v))
}

// parseUint reads a JSON integer for a uint64 field, as encoding/json will.
func parseUint(s string) (uint64, error) {
	var u uint64
	err := json.Unmarshal([]byte(s), &u)
	return u, err
}

// jsonKind names the JSON type of a Go type.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Float64:
		return "a number"
	}
	return "a whole number"
}

// describe names a decoded JSON value for an error, quoting little of it.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return "the string " + echo.Quote(x)
	case json.Number:
		return "the number " + x.String()
	case bool:
		return fmt.Sprintf("%t", x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "null"
}

// join appends a key to a JSON path; a key that is not a plain name is
// quoted in brackets (["a b"]), so a path is always one line.
func join(path, key string) string {
	if !plainKey(key) {
		return path + "[" + echo.Quote(key) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// under puts a path below the key base: under("scenario", "run.trials")
// is "scenario.run.trials".
func under(base, path string) string {
	switch {
	case path == "":
		return base
	case strings.HasPrefix(path, "["):
		return base + path
	}
	return base + "." + path
}

// plainKey reports whether a key is letters, digits, '_' and '-' only.
func plainKey(k string) bool {
	for _, r := range k {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return k != ""
}
