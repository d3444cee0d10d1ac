package report

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

//go:generate go test -run TestJSONEncodersGenerated -update-json-encoders

// writeJSONDocument writes doc, a pointer to a document of jsonDocuments
// (jsonencoders_generate_test.go), as json.Encoder does with
// SetEscapeHTML(html): by its generated encoder (jsonEncoder), or,
// without one (a type not listed, the WebAssembly build), by
// encoding/json.
func writeJSONDocument(w io.Writer, html bool, doc any) error {
	if encode := jsonEncoder(doc); encode != nil {
		return writeJSON(w, html, encode)
	}
	return writeJSONReflect(w, html, doc)
}

// writeJSONReflect writes doc as json.Encoder does, with
// SetEscapeHTML(html).
func writeJSONReflect(w io.Writer, html bool, doc any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(html)
	return enc.Encode(doc)
}

// jsonWriter writes the answers' JSON documents without encoding/json's
// reflection: its first use in a process built an encoder by reflection
// for every type of the document (encoding/json's typeFields), about a
// tenth of a one-question process such as `ti4sim ground ... -o json`
// (issue 31). The encoders of the document types are generated
// (jsonencoders_gen.go, by jsonencoders_generate_test.go) and write the
// same bytes as json.Encoder would, which TestJSONEncodersMatch checks on
// random documents: the same field order, omitempty and `json:"-"`, nil
// slices and maps as null, map keys sorted, the same string escaping (<,
// > and & too when html, as json.Encoder's default), the same float
// formatting, and the same errors — encoding/json refuses NaN and ±Inf.
type jsonWriter struct {
	b    []byte
	html bool  // escape <, > and & in strings (json.Encoder's SetEscapeHTML)
	err  error // the first error; what was written after it is dropped
}

// writeJSON writes the document encode appends as json.Encoder.Encode
// writes it: one line, ended by a newline, in one Write, and nothing at
// all when encoding fails. html is json.Encoder's SetEscapeHTML.
func writeJSON(w io.Writer, html bool, encode func(*jsonWriter)) error {
	e := jsonWriters.Get().(*jsonWriter)
	defer jsonWriters.Put(e)
	e.b, e.html, e.err = e.b[:0], html, nil
	encode(e)
	if e.err != nil {
		return e.err
	}
	e.b = append(e.b, '\n')
	_, err := w.Write(e.b)
	return err
}

// jsonWriters keep writers' buffers from one document to the next (a
// service's, a batch's), as json.Encoder keeps its own; an io.Writer keeps
// no slice it was given.
var jsonWriters = sync.Pool{New: func() any { return &jsonWriter{b: make([]byte, 0, 4096)} }}

// key writes an object's key, with the '{' or ',' before and the ':'
// after (not inlined: the generated encoders call it for every field, and
// the call is shorter than the append).
//
//go:noinline
func (w *jsonWriter) key(k string) { w.b = append(w.b, k...) }

func (w *jsonWriter) null() { w.b = append(w.b, "null"...) }

func (w *jsonWriter) bool(v bool) { w.b = strconv.AppendBool(w.b, v) }

func (w *jsonWriter) int(v int64) { w.b = strconv.AppendInt(w.b, v, 10) }

func (w *jsonWriter) uint(v uint64) { w.b = strconv.AppendUint(w.b, v, 10) }

// float writes a float64 as encoding/json does (ES6 number to string:
// 'f' format, 'e' below 1e-6 and from 1e21, with e-07 written e-7); NaN
// and ±Inf are errors (json.UnsupportedValueError), as there.
func (w *jsonWriter) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		w.fail(&json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, 64)})
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(w.b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	w.b = b
}

// The writers of the types the documents hold most, which the generated
// encoders call rather than repeat their loops: a nil slice or map is
// null, as in encoding/json, and a map's keys are sorted.

func (w *jsonWriter) floats(s []float64) { jsonList(w, s, (*jsonWriter).float) }

func (w *jsonWriter) floatPair(p [2]float64) { jsonList(w, p[:], (*jsonWriter).float) }

func (w *jsonWriter) strs(s []string) { jsonList(w, s, (*jsonWriter).str) }

func jsonList[V any](w *jsonWriter, s []V, value func(*jsonWriter, V)) {
	if s == nil {
		w.null()
		return
	}
	w.b = append(w.b, '[')
	for i, v := range s {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		value(w, v)
	}
	w.b = append(w.b, ']')
}

func (w *jsonWriter) floatMap(m map[string]float64) { jsonMap(w, m, (*jsonWriter).float) }

func (w *jsonWriter) strMap(m map[string]string) { jsonMap(w, m, (*jsonWriter).str) }

func jsonMap[V any](w *jsonWriter, m map[string]V, value func(*jsonWriter, V)) {
	if m == nil {
		w.null()
		return
	}
	w.b = append(w.b, '{')
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.str(k)
		w.b = append(w.b, ':')
		value(w, m[k])
	}
	w.b = append(w.b, '}')
}

// jsonSlice writes a slice of structs by their generated encoder.
func jsonSlice[T any](w *jsonWriter, s []T, encode func(*jsonWriter, *T)) {
	if s == nil {
		w.null()
		return
	}
	w.b = append(w.b, '[')
	for i := range s {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		encode(w, &s[i])
	}
	w.b = append(w.b, ']')
}

const jsonHex = "0123456789abcdef"

// str writes s as a JSON string as encoding/json does: ", \ and control
// characters escaped (\b \f \n \r \t by name, the others \u00XX), <, >
// and & as \u003c, \u003e, \u0026 when w.html, invalid UTF-8 as \ufffd,
// and U+2028 and U+2029 escaped always.
func (w *jsonWriter) str(s string) {
	b := append(w.b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!w.html || (c != '<' && c != '>' && c != '&')) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', jsonHex[c>>4], jsonHex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', jsonHex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	w.b = append(append(b, s[start:]...), '"')
}

// marshaler writes the JSON of a type with its own MarshalJSON as
// encoding/json does: compacted (and HTML-escaped when w.html), and its
// error, or invalid JSON, as a json.MarshalerError.
func (w *jsonWriter) marshaler(m json.Marshaler) {
	out, err := m.MarshalJSON()
	if err == nil {
		var buf bytes.Buffer
		if err = json.Compact(&buf, out); err == nil {
			out = buf.Bytes()
			if w.html {
				var esc bytes.Buffer
				json.HTMLEscape(&esc, out)
				out = esc.Bytes()
			}
			w.b = append(w.b, out...)
			return
		}
	}
	w.fail(&json.MarshalerError{Type: reflect.TypeOf(m), Err: err})
}

// anyValue writes a value of an interface field through encoding/json
// (reflection, for those fields only), with w's HTML escaping.
func (w *jsonWriter) anyValue(v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(w.html)
	if err := enc.Encode(v); err != nil {
		w.fail(err)
		return
	}
	w.b = append(w.b, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...)
}

func (w *jsonWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}
