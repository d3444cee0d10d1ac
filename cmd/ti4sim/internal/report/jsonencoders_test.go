//go:build !(js && wasm)

package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

// TestJSONEncodersMatch: for every document type of jsonDocuments (and
// jsonGenCoverage, the generator's other cases), the generated encoder
// writes the bytes json.Encoder writes — or fails with its error, writing
// nothing — on 2000 random documents each (seeded; 200 under -race), both
// with and without HTML escaping: every field filled at random, with nil,
// empty and full slices, maps and pointers, strings of HTML characters,
// control characters, U+2028, invalid UTF-8 and other scripts, and floats
// at encoding/json's format switches (1e-6, 1e21), -0, the extremes and,
// now and then, NaN or ±Inf.
func TestJSONEncodersMatch(t *testing.T) {
	documents := 2000
	if raceEnabled {
		documents = 200
	}
	for _, typ := range append(jsonDocuments, reflect.TypeFor[jsonGenCoverage]()) {
		if jsonEncoder(reflect.New(typ).Interface()) == nil && typ != reflect.TypeFor[jsonGenCoverage]() {
			t.Fatalf("%v has no generated encoder: run go generate ./cmd/ti4sim/internal/report", typ)
		}
		r := rand.New(rand.NewPCG(31, uint64(len(typ.Name()))))
		for i := range documents {
			v := randomJSONValue(r, typ, 0, jsonRandomSpecials{}).Addr().Interface()
			for _, html := range []bool{true, false} {
				if msg := jsonMismatch(v, html); msg != "" {
					t.Fatalf("%v, document %d, html %v: %s", typ, i, html, msg)
				}
			}
		}
	}
}

// FuzzJSONCombat: the combat answer's generated encoder writes what
// json.Encoder writes for random documents whose strings and floats the
// fuzzer chooses.
func FuzzJSONCombat(f *testing.F) {
	f.Add(uint64(1), "<a&b>\u2028", 1e-7, true)
	f.Add(uint64(2), "\xff\x00\"\\", math.Copysign(0, -1), false)
	f.Fuzz(func(t *testing.T, seed uint64, s string, x float64, html bool) {
		r := rand.New(rand.NewPCG(seed, 31))
		v := randomJSONValue(r, reflect.TypeFor[jsonCombat](), 0, jsonRandomSpecials{s, x}).Addr().Interface()
		if msg := jsonMismatch(v, html); msg != "" {
			t.Fatal(msg)
		}
	})
}

// jsonMismatch encodes v (a pointer to a document) both ways and says how
// they differ ("": they do not).
func jsonMismatch(v any, html bool) string {
	var want, got bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(html)
	wantErr := enc.Encode(v)
	encode := jsonEncoder(v)
	if encode == nil {
		encode = jsonTestEncoder(v)
	}
	gotErr := writeJSON(&got, html, encode)
	switch {
	case (wantErr == nil) != (gotErr == nil) || (wantErr != nil && wantErr.Error() != gotErr.Error()):
		return "error " + errText(gotErr) + ", encoding/json's " + errText(wantErr)
	case wantErr != nil && reflect.TypeOf(wantErr) != reflect.TypeOf(gotErr):
		return "error of type " + reflect.TypeOf(gotErr).String() + ", encoding/json's " + reflect.TypeOf(wantErr).String()
	case !bytes.Equal(want.Bytes(), got.Bytes()):
		return "wrote\n" + got.String() + "encoding/json wrote\n" + want.String()
	}
	return ""
}

func errText(err error) string {
	if err == nil {
		return "none"
	}
	return err.Error()
}

// jsonRandomSpecials are a string and a float the random values draw
// among the others (a fuzzer's).
type jsonRandomSpecials struct {
	s string
	x float64
}

var jsonRandomStrings = []string{"", "a", "infantry", "war_sun", "<script>&amp;</script>", "a\u2028b\u2029c",
	"é日本語🙂", "\x00\x01\x1f\x7f", "\"quoted\\\"", "tab\tnew\nline\r\b\f", "bad \xff utf8 \xe2\x80", "\xed\xa0\x80"}

var jsonRandomFloats = []float64{0, 1, -1, 0.5, 1.0 / 3, 1e-6, 9.99999e-7, 1e-7, 1e21, 9.99e20, 1e20, -1e-7, -1e21,
	123456789.125, math.MaxFloat64, math.SmallestNonzeroFloat64, -math.MaxFloat64, 0.1 + 0.2, 1e-300, 5e-324}

// randomJSONValue is a random value of type t; depth is the number of
// slices, arrays and maps it is in (from 4 down, they are empty or nil).
func randomJSONValue(r *rand.Rand, t reflect.Type, depth int, sp jsonRandomSpecials) reflect.Value {
	v := reflect.New(t).Elem()
	if f, ok := v.Addr().Interface().(interface {
		randomFill(*rand.Rand, jsonRandomSpecials)
	}); ok {
		f.randomFill(r, sp)
		return v
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt([]int64{0, 1, -1, math.MaxInt64 >> (64 - t.Bits()), math.MinInt64 >> (64 - t.Bits()), r.Int64N(1000)}[r.IntN(6)])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint([]uint64{0, 1, math.MaxUint64 >> (64 - t.Bits()), r.Uint64N(1000)}[r.IntN(4)])
	case reflect.Float64:
		v.SetFloat(randomJSONFloat(r, sp.x))
	case reflect.String:
		v.SetString(randomJSONString(r, sp.s))
	case reflect.Pointer:
		if r.IntN(4) > 0 {
			v.Set(randomJSONValue(r, t.Elem(), depth, sp).Addr())
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				v.Field(i).Set(randomJSONValue(r, t.Field(i).Type, depth, sp))
			}
		}
	default:
		randomJSONContainer(r, v, depth, sp)
	}
	return v
}

// randomJSONContainer fills v, a slice (nil, empty or not), an array or
// a map (nil, empty or not) with random values.
func randomJSONContainer(r *rand.Rand, v reflect.Value, depth int, sp jsonRandomSpecials) {
	t := v.Type()
	n := 0
	if depth < 4 {
		n = r.IntN(4)
	}
	switch t.Kind() {
	case reflect.Slice:
		if r.IntN(4) > 0 {
			v.Set(reflect.MakeSlice(t, n, n))
			for i := range n {
				v.Index(i).Set(randomJSONValue(r, t.Elem(), depth+1, sp))
			}
		}
	case reflect.Array:
		for i := range t.Len() {
			v.Index(i).Set(randomJSONValue(r, t.Elem(), depth+1, sp))
		}
	case reflect.Map:
		if r.IntN(4) > 0 {
			v.Set(reflect.MakeMap(t))
			for range n {
				k := reflect.New(t.Key()).Elem()
				k.SetString(randomJSONString(r, sp.s))
				v.SetMapIndex(k, randomJSONValue(r, t.Elem(), depth+1, sp))
			}
		}
	case reflect.Interface:
		if r.IntN(2) == 0 {
			v.Set(reflect.ValueOf(randomJSONString(r, sp.s)))
		}
	default:
		panic("random value of kind " + t.Kind().String())
	}
}

func randomJSONString(r *rand.Rand, special string) string {
	switch r.IntN(8) {
	case 0:
		return special
	case 1:
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(jsonRandomStrings[r.IntN(len(jsonRandomStrings))])
		}
		return b.String()
	}
	return jsonRandomStrings[r.IntN(len(jsonRandomStrings))]
}

// randomJSONFloat is mostly a float of jsonRandomFloats or a random one
// of random magnitude; once in 3000, NaN or ±Inf.
func randomJSONFloat(r *rand.Rand, special float64) float64 {
	switch k := r.IntN(3000); {
	case k == 0:
		return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[r.IntN(3)]
	case k < 300:
		return special
	case k < 1500:
		return jsonRandomFloats[r.IntN(len(jsonRandomFloats))] * float64(1-2*r.IntN(2))
	}
	return r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
}

// TestJSONWriterErrors: what the writer refuses, it refuses with
// encoding/json's error and writes nothing.
func TestJSONWriterErrors(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		var buf bytes.Buffer
		err := writeJSON(&buf, true, func(w *jsonWriter) { w.float(x) })
		_, want := json.Marshal(x)
		var uv *json.UnsupportedValueError
		if err == nil || err.Error() != want.Error() || !errors.As(err, &uv) || buf.Len() != 0 {
			t.Errorf("%v: error %v, wrote %q; want %v and nothing", x, err, buf.String(), want)
		}
	}
}

// randomFill fills m with random outcome names and values.
func (m *voteByOutcome[T]) randomFill(r *rand.Rand, sp jsonRandomSpecials) {
	n := r.IntN(4)
	m.names, m.vals = make([]string, n), make([]T, n)
	for i := range n {
		m.names[i] = randomJSONString(r, sp.s)
		m.vals[i] = randomJSONValue(r, reflect.TypeFor[T](), 4, sp).Interface().(T)
	}
}

// TestVoteByOutcomeJSON: voteByOutcome's MarshalJSON writes what it wrote
// through json.Marshal (voteByOutcomeJSON), errors included, for random
// names and values of its three kinds.
func TestVoteByOutcomeJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 3))
	for range 2000 {
		var f voteByOutcome[float64]
		var n voteByOutcome[int64]
		var a voteByOutcome[[2]float64]
		f.randomFill(r, jsonRandomSpecials{})
		n.randomFill(r, jsonRandomSpecials{})
		a.randomFill(r, jsonRandomSpecials{})
		for _, c := range []struct {
			m    json.Marshaler
			want func() ([]byte, error)
		}{{f, func() ([]byte, error) { return voteByOutcomeJSON(f) }}, {n, func() ([]byte, error) { return voteByOutcomeJSON(n) }},
			{a, func() ([]byte, error) { return voteByOutcomeJSON(a) }}} {
			got, err := c.m.MarshalJSON()
			want, wantErr := c.want()
			if errText(err) != errText(wantErr) || (err == nil && !bytes.Equal(got, want)) {
				t.Fatalf("%#v: %s, %v; want %s, %v", c.m, got, err, want, wantErr)
			}
		}
	}
}

// voteByOutcomeJSON is voteByOutcome's MarshalJSON as it was, through
// json.Marshal.
func voteByOutcomeJSON[T any](m voteByOutcome[T]) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range m.names {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(name)
		v, err := json.Marshal(m.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// BenchmarkCombatJSON writes the JSON answer of the standard space battle
// (bench/, exact, with its scenario document): generated, by its
// generated encoder as the answers do; encoding-json, by json.Encoder
// with its encoders already built (the first op builds them), as a
// long-lived service would. The first use in a process, which
// encoding/json pays once and which was the reason for the generated
// encoders, is not in it: that is measured on whole processes
// (bench.BenchmarkStartup, farm-bench).
func BenchmarkCombatJSON(b *testing.B) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: fleet(b, "3 carrier, 6 fighter")},
		Defender: combat.Side{Fleet: fleet(b, "1 dreadnought, 2 destroyer, 3 fighter")}}
	r, err := combat.Solve(context.Background(), sc)
	if err != nil {
		b.Fatal(err)
	}
	seed := uint64(1)
	doc := &scenario.Combat{Version: scenario.Version, Action: scenario.ActionSpace, Ruleset: "ti4",
		Attacker: scenario.Side{Fleet: []scenario.Units{{Unit: "carrier", Count: 3}, {Unit: "fighter", Count: 6}}},
		Defender: scenario.Side{Fleet: []scenario.Units{{Unit: "dreadnought", Count: 1}, {Unit: "destroyer", Count: 2}, {Unit: "fighter", Count: 3}}},
		Run:      scenario.Run{Exact: true, Seed: &seed}}
	j := newJSONCombat(sc, doc, r)
	for name, write := range map[string]func(io.Writer, bool, any) error{"generated": writeJSONDocument, "encoding-json": writeJSONReflect} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := write(io.Discard, true, j); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
