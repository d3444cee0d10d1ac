package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
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

// DecodeCombat reads a combat document strictly (see decode), checks its
// values together (Combat.Check), then checks them against its schema
// (schema/combat.json): a value given that the schema forbids is refused
// even where Check takes it for absent (run.rounds: 0). Errors are *Error.
func DecodeCombat(r io.Reader) (Combat, error) {
	var d Combat
	err := decodeChecked(r, &d, "combat", d.Check)
	return d, err
}

// DecodeCompare reads a compare document (see DecodeCombat).
func DecodeCompare(r io.Reader) (Compare, error) {
	var d Compare
	err := decodeChecked(r, &d, "compare", d.Check)
	return d, err
}

// DecodeVote reads a vote document (see DecodeCombat).
func DecodeVote(r io.Reader) (Vote, error) {
	var d Vote
	err := decodeChecked(r, &d, "vote", d.Check)
	return d, err
}

// decodeChecked decodes a document into dst, runs its check (whose
// messages, in the document's terms, come first), then the schema's
// checks of its values: the document's three steps in one place.
func decodeChecked(r io.Reader, dst any, schemaName string, check func() error) error {
	tree, err := decode(r, dst, schemaName)
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err
	}
	schema := loadSchemas.Get()[schemaName]
	return walker{root: schema, values: true}.check(tree, reflect.TypeOf(dst).Elem(), schema, "")
}

// decode reads one JSON value into dst (a pointer to a document type)
// strictly, the one reading of the CLI, the service and the page: no key
// twice in an object, every key a field of the struct at that place,
// every value of the field's JSON type (a whole number written whole) and
// fitting it. It returns the value read as a tree, for the schema's checks
// of values (decodeChecked).
func decode(r io.Reader, dst any, schemaName string) (any, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return nil, errorf("", "reading the document: %v", err)
	}
	if len(data) > MaxDocumentBytes {
		return nil, errorf("", "the document is larger than %d bytes", MaxDocumentBytes)
	}
	tree, err := readTree(data)
	if err != nil {
		return nil, err
	}
	var node map[string]any
	if schemaName != "" {
		node = loadSchemas.Get()[schemaName]
	}
	w := walker{root: node}
	if err := w.check(tree, reflect.TypeOf(dst).Elem(), node, ""); err != nil {
		return nil, err
	}
	strict := json.NewDecoder(bytes.NewReader(data))
	strict.DisallowUnknownFields()
	if err := strict.Decode(dst); err != nil {
		// The walk has seen every mistake the decoder can find; this is a
		// net, worded for a user.
		return nil, errorf("", "a value does not fit its field")
	}
	return tree, nil
}

// DecodeJSON reads one JSON object into dst, a pointer to a struct, as
// strictly as a document (no duplicate keys, no unknown fields, every
// value of its field's type), with no schema: a small request body such
// as the service's {"link": "..."}. Errors are *Error.
func DecodeJSON(r io.Reader, dst any) error {
	_, err := decode(r, dst, "")
	return err
}

// jsonError says what and where a syntax error is, in words.
func jsonError(err error, data []byte) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Sprintf("%v (line %d, byte %d)", se, line, se.Offset)
	}
	if errors.Is(err, io.EOF) {
		return "empty"
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "it ends before its last value is complete"
	}
	return "unreadable"
}

// describe names a decoded JSON value for an error, quoting little of it.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return "the string " + echo.Quote(x)
	case json.Number:
		return "the number " + echo.Cut(x.String())
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
