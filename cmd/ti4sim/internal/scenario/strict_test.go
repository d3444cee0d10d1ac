package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// strictBases are valid documents of each kind, together holding every
// object the schemas describe, for the tests below to spoil one value at
// a time.
var strictBases = map[string][]string{
	"combat": {
		`{"version":1,"action":"invade","ruleset":"ti4","printings":{"magen":"omega"},
			"system":{"nebula":true,"entropic_scar":false,"cultural":false,"planets":[{"name":"Mecatol","cultural":true,"units":[{"unit":"infantry","count":2}]}],"commit":"secure","bombard":"Mecatol"},
			"attacker":{"fleet":[{"unit":"dreadnought","count":2,"upgraded":false,"damaged":1},{"unit":"carrier","count":1},{"unit":"infantry","count":4}],"faction":"sol",
				"technologies":["x89"],"cards":[{"name":"morale-boost","copies":1}],"order":"carrier, dreadnought","policy":"order","retreat":"never",
				"modifier":1,"trade_goods":1,"influence":1,"adjacent_pds":1,"pds":1},
			"defender":{"fleet":[{"unit":"cruiser","count":1}],"modifier":0},
			"run":{"trials":100,"seed":1,"prefer_exact":false,"precision":0.1}}`,
		`{"version":1,"action":"invade","ruleset":"ti3-sa","system":{"space_mine":true,"ion_storm":true,"commandos":1,"wormhole":true,"negate_mine_hits":true,"home_system":true},
			"attacker":{"fleet":[{"unit":"dreadnought","count":2},{"unit":"carrier","count":1},{"unit":"gf","count":3}],"leaders":["general"],"command_counters":1,"high_alert":true},
			"defender":{"fleet":[{"unit":"gf","count":1}],"leaders":["agent"]},"run":{"exact":true}}`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}],"galvanized":[{"unit":"dreadnought","count":1}],"cards":[{"name":"last-bastion"}]},
			"defender":{"fleet":[{"unit":"cruiser","count":2}]},"run":{"rounds":3},"units":[{"name":"ds.json","data":"[]"}]}`,
	},
	"compare": {
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}],"cards":[{"name":"morale-boost"}],"technologies":["x89"]},
			"defender":{"fleet":[{"unit":"cruiser","count":2}],"cards":[{"name":"morale-boost"}]},"system":{},"run":{"trials":100,"seed":1,"rounds":3},"units":[{"name":"ds.json","data":"[]"}]},"vary":[{"key":"magen","values":["omega","omega2"]}]}`,
		`{"version":1,"scenario":{"version":1,"action":"invade","ruleset":"ti3-sa","system":{"commandos":1},"attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"gf","count":3}],"leaders":["general"]},
			"defender":{"fleet":[{"unit":"gf","count":1}],"leaders":["agent"]}},"vary":[{"key":"attacker-modifier","values":["0","1"]}]}`,
	},
	"vote": {
		`{"version":1,"mode":"base","outcomes":["for","against"],"voters":["a:3:for=1","b:2:against=1"],"speaker":"a","speaker_prefers":["for","against"],"bribery":["a:1"],"players":3,"run":{"trials":100,"seed":1}}`,
		`{"version":1,"voters":["a:3:for=1","b:2:against=1"],"duel":"standard","run":{"precision":0.1}}`,
	},
	"advise": {
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"carrier","count":1}],"technologies":["fighter-ii"]},"defender":{"fleet":[{"unit":"cruiser","count":2}],"cards":[{"name":"morale-boost"}]},"system":{},"run":{"trials":100,"seed":2},"units":[{"name":"ds.json","data":"[]"}]},
			"limits":{"resources":8,"production":5,"fleet_pool":3,"supply":{"mech":1},"build":["carrier"],"war_sun":true},"target":0.5,"keep":2,"method":"trials"}`,
		`{"version":1,"scenario":{"version":1,"action":"invade","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"infantry","count":2}]}},"limits":{"resources":8,"space_dock":3}}`,
	},
	"luck": {
		`{"version":1,"result":{"scenario":{"version":1,"action":"space","ruleset":"ti4","system":{"nebula":true,"entropic_scar":false,"cultural":false},
			"attacker":{"fleet":[{"unit":"dreadnought","count":2,"upgraded":false,"damaged":1},{"unit":"carrier","count":1}],"faction":"sol",
				"technologies":["x89"],"cards":[{"name":"morale-boost","copies":1}],"order":"carrier, dreadnought","policy":"order","retreat":"never",
				"modifier":1,"all_rolls_modifier":0,"trade_goods":1,"influence":1,"adjacent_pds":1,"pds":1},
			"defender":{"fleet":[{"unit":"cruiser","count":1}],"modifier":0,"technologies":["x89"],"cards":[{"name":"morale-boost"}]},
			"run":{"trials":100,"seed":1,"prefer_exact":false,"precision":0.1}},
			"attacker_left":[{"unit":"dreadnought","count":1,"damaged":1}],"defender_left":[]}}`,
		`{"version":1,"result":{"scenario":{"version":1,"action":"ground","ruleset":"ti3-sa","system":{"commandos":1},
			"attacker":{"fleet":[{"unit":"gf","count":3}],"leaders":["general"],"galvanized":[{"unit":"gf","count":1}]},
			"defender":{"fleet":[{"unit":"gf","count":1}],"leaders":["agent"]},"run":{"exact":true,"rounds":3}},"attacker_left":[{"unit":"gf","count":1}],"defender_left":[]}}`,
		`{"version":1,"result":{"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1},{"unit":"infantry","count":2}]},"defender":{"fleet":[]},
			"system":{"planets":[{"name":"A","cultural":true,"units":[{"unit":"infantry","count":1}]}],"commit":"best","bombard":"A"},"units":[{"name":"ds.json","data":"[]"}]},
			"attacker_left":[],"defender_left":[],"planets":[{"name":"A","attacker_left":[{"unit":"infantry","count":1}],"defender_left":[{"unit":"infantry","count":1}]}]}}`,
		`{"version":1,"roll":{"dice":[{"n":3,"hits_on":6},{"n":2,"hits_on":9,"reroll":true}],"hits":1}}`,
		`{"version":1,"totals":{"expected_hits_x10":123,"actual_hits":9}}`,
	},
}

// unreachable are the constraints no valid document of a kind reaches:
// compare and advise refuse a system's planets (so commit and bombard;
// luck takes them, for an invasion),
// advise any ruleset but ti4 (so leaders and commandos).
var unreachable = map[string][]string{
	"compare": {"scenario.system.planets[0]", "scenario.system.commit", "scenario.system.bombard"},
	"advise": {"scenario.system.planets[0]", "scenario.system.commit", "scenario.system.bombard", "scenario.system.commandos",
		"scenario.attacker.leaders", "scenario.defender.leaders"},
}

// decodeKind decodes a document of the named kind.
func decodeKind(kind string, doc []byte) error {
	r := bytes.NewReader(doc)
	var err error
	switch kind {
	case "combat":
		_, err = DecodeCombat(r)
	case "compare":
		_, err = DecodeCompare(r)
	case "vote":
		_, err = DecodeVote(r)
	case "advise":
		_, err = DecodeAdvise(r)
	case "luck":
		_, err = DecodeLuck(r)
	}
	return err
}

// parseTree reads a document as a tree, numbers exact.
func parseTree(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// segments splits a test path "a.b[0].c" into keys and indexes.
func segments(path string) []string {
	return strings.FieldsFunc(strings.ReplaceAll(path, "[", ".["), func(r rune) bool { return r == '.' })
}

// spoil returns a copy of tree with the value at path set to v (or
// deleted, del); false when path's parent is not in the tree.
func spoil(tree any, path string, v any, del bool) (any, bool) {
	b, _ := json.Marshal(tree)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var cp any
	dec.Decode(&cp)
	segs := segments(path)
	cur := cp
	for i, s := range segs {
		last := i == len(segs)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if del {
					delete(c, s)
				} else {
					c[s] = v
				}
				return cp, true
			}
			next, ok := c[s]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			n, _ := strconv.Atoi(strings.Trim(s, "[]"))
			if n >= len(c) {
				return nil, false
			}
			if last {
				c[n] = v
				return cp, true
			}
			cur = c[n]
		default:
			return nil, false
		}
	}
	return nil, false
}

// constraint is one of a schema's checks on a value, at a JSON path
// (arrays at [0], a map at its first key in the base document).
type constraint struct {
	path, keyword string
	node          map[string]any
}

// id names a constraint by its schema node, not its path: the units of a
// fleet are the same node under the attacker and the defender.
func (c constraint) id() string {
	return fmt.Sprintf("%p %s %s", c.node, c.keyword, c.path[strings.LastIndexAny(c.path, ".]")+1:])
}

// constraints lists a schema's checks of values, walking it from the root.
func constraints(root, node map[string]any, path string, out *[]constraint) {
	node = walker{root: root}.node(node)
	for _, k := range []string{"const", "enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "minLength", "maxLength"} {
		if _, ok := node[k]; ok {
			*out = append(*out, constraint{path, k, node})
		}
	}
	props, _ := node["properties"].(map[string]any)
	req, _ := node["required"].([]any)
	for _, r := range req {
		*out = append(*out, constraint{join(path, r.(string)), "required", node})
	}
	for k, p := range props {
		constraints(root, p.(map[string]any), join(path, k), out)
	}
	if items, ok := node["items"].(map[string]any); ok {
		constraints(root, items, path+"[0]", out)
	}
	if add, ok := node["additionalProperties"].(map[string]any); ok {
		constraints(root, add, path+".*", out)
	}
}

// outside returns a value just outside a constraint, or false when the
// keyword needs none here (minItems 0).
func outside(c constraint, current any) (any, bool) {
	whole := c.node["type"] == "integer"
	num := func(k string) *big.Rat { r, _ := new(big.Rat).SetString(string(c.node[k].(json.Number))); return r }
	step := big.NewRat(1, 1000)
	if whole {
		step = big.NewRat(1, 1)
	}
	lit := func(r *big.Rat) json.Number {
		if whole {
			return json.Number(r.FloatString(0))
		}
		return json.Number(r.FloatString(4))
	}
	items := func(n int) []any {
		arr, _ := current.([]any)
		out := []any{}
		for i := range n {
			if len(arr) > 0 {
				out = append(out, arr[0])
			} else {
				out = append(out, fmt.Sprintf("x%d", i))
			}
		}
		return out
	}
	n, _ := intKeyword(c.node, c.keyword)
	switch c.keyword {
	case "const":
		return json.Number("2"), true
	case "enum":
		return "not-one-of-them", true
	case "minimum":
		return lit(new(big.Rat).Sub(num("minimum"), step)), true
	case "maximum":
		return lit(new(big.Rat).Add(num("maximum"), step)), true
	case "exclusiveMinimum", "exclusiveMaximum":
		return c.node[c.keyword], true
	case "minItems":
		return items(n - 1), n > 0
	case "maxItems":
		return items(n + 1), true
	case "minLength":
		return strings.Repeat("a", n-1), n > 0
	case "maxLength":
		return strings.Repeat("a", n+1), true
	}
	return nil, false
}

// lookup returns the value at path in tree, if any.
func lookup(tree any, path string) any {
	cur := tree
	for _, s := range segments(path) {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[s]
		case []any:
			n, _ := strconv.Atoi(strings.Trim(s, "[]"))
			if n >= len(c) {
				return nil
			}
			cur = c[n]
		default:
			return nil
		}
	}
	return cur
}

// The decoders refuse every value just outside a constraint of the
// schemas (minimum, maximum, exclusive bounds, enum, const, minItems,
// maxItems, minLength, maxLength, required), naming its JSON path (or a
// path inside it): the schemas and the checks cannot drift apart. Every
// constraint of every schema is tried on some base document.
func TestDecodersRefuseWhatTheSchemasForbid(t *testing.T) {
	tried := 0
	for _, kind := range SchemaNames {
		covered, reached := map[string]bool{}, map[string]string{}
		named, misnamed := map[string]bool{}, map[string]string{}
		root := loadSchemas.Get()[kind]
		var cs []constraint
		constraints(root, root, "", &cs)
		for _, c := range cs {
			done := false
			for _, base := range strictBases[kind] {
				tree := parseTree(t, base)
				if err := decodeKind(kind, []byte(base)); err != nil {
					t.Fatalf("%s base document: %v", kind, err)
				}
				path := c.path
				if strings.HasSuffix(path, ".*") {
					m, _ := lookup(tree, strings.TrimSuffix(path, ".*")).(map[string]any)
					if len(m) == 0 {
						continue
					}
					path = join(strings.TrimSuffix(path, ".*"), slices.Sorted(func(yield func(string) bool) {
						for k := range m {
							if !yield(k) {
								return
							}
						}
					})[0])
				}
				var spoilt any
				var ok bool
				if c.keyword == "required" {
					spoilt, ok = spoil(tree, path, nil, true)
				} else {
					v, need := outside(c, lookup(tree, path))
					if !need {
						done = true
						break
					}
					spoilt, ok = spoil(tree, path, v, false)
				}
				if !ok {
					continue
				}
				doc, _ := json.Marshal(spoilt)
				err := decodeKind(kind, doc)
				var e *Error
				if !errors.As(err, &e) {
					t.Errorf("%s %s %s: %s\n  error %v, want one at %s", kind, c.path, c.keyword, doc, err, path)
					continue
				}
				if e.Path == path || strings.HasPrefix(e.Path, path+".") || strings.HasPrefix(e.Path, path+"[") {
					named[c.path+" "+c.keyword] = true
				} else if !named[c.path+" "+c.keyword] {
					named[c.path+" "+c.keyword] = false
					misnamed[c.path+" "+c.keyword] = fmt.Sprintf("%s\n  error %v", doc, err)
				}
				done = true
				tried++
			}
			if slices.ContainsFunc(unreachable[kind], func(p string) bool { return strings.HasPrefix(c.path, p) }) {
				continue
			}
			covered[c.id()] = covered[c.id()] || done
			reached[c.id()] = c.path
		}
		// A value may be refused first by a check of several fields (an
		// empty planets list with a commit policy: "a commit policy needs
		// the system's planets"); some base document must name its path.
		for k, ok := range named {
			if !ok {
				t.Errorf("%s %s: no base document names the path: %s", kind, k, misnamed[k])
			}
		}
		for id, ok := range covered {
			if !ok {
				t.Errorf("%s: no base document reaches %s (%s): add one", kind, reached[id], id)
			}
		}
	}
	t.Logf("%d documents just outside a schema constraint, each refused", tried)
	if tried < 200 {
		t.Errorf("only %d constraints tried", tried)
	}
}

// goWords are words of Go and its libraries that no message may show.
var goWords = []string{"json:", "Go ", "int64", "uint64", "float64", "struct", "strconv", "unmarshal", "reflect", "map[", "interface"}

// leaves lists every path of a tree, objects and arrays included.
func leaves(v any, path string, out *[]string) {
	if path != "" {
		*out = append(*out, path)
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			leaves(e, join(path, k), out)
		}
	case []any:
		for i, e := range x {
			leaves(e, fmt.Sprintf("%s[%d]", path, i), out)
		}
	}
}

// Every value of every base document, replaced by values of the wrong
// JSON type (a string for a number, a number for a string, a fraction or
// 1e400 for a whole number, ...), is refused at its path in the
// document's words: no Go type, no "json: ", no strconv.
func TestWrongTypesRefusedInWords(t *testing.T) {
	wrong := map[string][]any{
		"number": {"1", true, []any{}, map[string]any{}, nil, json.Number("1e400"), json.Number("-1e400")},
		"string": {json.Number("5"), true, []any{}, map[string]any{}},
		"bool":   {json.Number("1"), "true", []any{}, map[string]any{}, nil},
		"array":  {map[string]any{}, "x", json.Number("5"), true},
		"object": {[]any{}, "x", json.Number("5"), nil},
	}
	n := 0
	for kind, bases := range strictBases {
		for _, base := range bases {
			tree := parseTree(t, base)
			var paths []string
			leaves(tree, "", &paths)
			for _, p := range paths {
				var class string
				switch lookup(tree, p).(type) {
				case json.Number:
					class = "number"
				case string:
					class = "string"
				case bool:
					class = "bool"
				case []any:
					class = "array"
				case map[string]any:
					class = "object"
				}
				for _, v := range wrong[class] {
					if v == nil && (class == "array" || p == "limits.supply" || p == "printings") {
						continue
					}
					spoilt, _ := spoil(tree, p, v, false)
					doc, _ := json.Marshal(spoilt)
					if bytes.Contains(doc, []byte(`"1e400"`)) {
						t.Fatal("the number became a string")
					}
					err := decodeKind(kind, doc)
					var e *Error
					n++
					switch {
					case !errors.As(err, &e):
						t.Errorf("%s %s = %v: error %v, want an *Error", kind, p, v, err)
					case e.Path != p:
						t.Errorf("%s %s = %v: error %v, want one at %s", kind, p, v, err, p)
					}
					for _, w := range goWords {
						if err != nil && strings.Contains(err.Error(), w) {
							t.Errorf("%s %s = %v: %q shows %q", kind, p, v, err, w)
						}
					}
				}
			}
		}
	}
	t.Logf("%d wrong-typed values refused", n)
}

// TestIsWholeNumber: isWholeNumber accepts what the regular expression
// ^-?(0|[1-9][0-9]*)$ matches, and nothing else.
func TestIsWholeNumber(t *testing.T) {
	re := regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)
	for _, n := range []string{"", "0", "-0", "00", "01", "1", "-1", "10", "123456789012345678901234567890", "1.0", "1e3",
		"-", "--1", "+1", " 1", "1 ", "1\n", "٣", "9a", "-12", "0x1", "1-"} {
		if got, want := isWholeNumber(n), re.MatchString(n); got != want {
			t.Errorf("isWholeNumber(%q) = %v, the expression says %v", n, got, want)
		}
	}
}
