package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
)

// This file is issue 27's "the service surviving every generated
// document": a generator of random combat documents over everything a
// document can say, with names drawn from the service's own catalogue,
// posted to the real binary. Most documents look valid; a fraction are
// broken on purpose (unknown names, numbers out of range, wrong types,
// duplicate keys, truncated JSON). Whatever the document, the service
// answers one JSON value with 200, 400, 422 or 503 (the time limit), never
// 500 and never a dropped connection, and it is still alive and idle at
// the end.

// genNames are the names a generated document draws from, per ruleset,
// read from GET /v1/catalog.
type genNames struct {
	rulesets  map[string]*genRuleset
	printings map[string][]string
}

// genRuleset is one ruleset's names: its unit names (every alias of the
// fleet grammar), its canonical unit names by kind, its factions and the
// units of a side with none, the technologies and cards any side may hold,
// and its leaders.
type genRuleset struct {
	name      string
	unitNames []string
	byKind    map[string][]string
	none      genFaction
	factions  []genFaction
	techs     []string
	cards     []genCard
	leaders   []string
}

// genFaction is a faction's slug and name, the slugs of its texts
// (technologies, and the notes, leaders and abilities a side holds as
// cards, with its board states) and its units by kind.
type genFaction struct {
	slug, name string
	aliases    []string
	techs      []string
	items      []string
	units      map[string]genUnit
}

// genUnit is what a unit kind of a faction allows: an upgrade, and Sustain
// Damage unupgraded or upgraded.
type genUnit struct {
	upgrade bool
	sustain [2]bool
}

// genCard is a card's slug and the copies a side may hold.
type genCard struct {
	slug   string
	copies int
}

// genNamesFrom parses the catalogue: every faction of both rulesets, the
// technologies, cards, leaders, printings and unit names.
func genNamesFrom(c catalogJSON) *genNames {
	n := &genNames{rulesets: map[string]*genRuleset{}, printings: c.Printings}
	for _, r := range c.Rulesets {
		g := &genRuleset{name: r.Name, byKind: map[string][]string{}, none: genFactionOf(catalogFaction{Units: r.Units})}
		for name, kind := range r.UnitNames {
			g.unitNames = append(g.unitNames, name)
			if strings.Contains(name, " ") || name == strings.ReplaceAll(kind, "_", " ") || name == kind {
				g.byKind[kind] = append(g.byKind[kind], name)
			}
		}
		sort.Strings(g.unitNames)
		for k := range g.byKind {
			sort.Strings(g.byKind[k])
		}
		g.leaders = sortedKeysOf(r.Leaders)
		factions := r.Factions
		if r.Name == "ti4" {
			factions = c.Factions
			for _, card := range c.Cards {
				if card.Kind == "technology" {
					g.techs = append(g.techs, card.Slug)
				} else {
					g.cards = append(g.cards, genCard{card.Slug, card.Copies})
				}
			}
		} else {
			g.techs = sortedKeysOf(r.Technologies)
			for _, slug := range sortedKeysOf(r.Cards) {
				g.cards = append(g.cards, genCard{slug, 0}) // no copies: TI3's cards take none
			}
		}
		for _, f := range factions {
			gf := genFactionOf(f)
			if r.Name == "ti3-sa" {
				gf.items = nil // the races' board states listed are TI4's
			}
			g.factions = append(g.factions, gf)
		}
		n.rulesets[r.Name] = g
	}
	return n
}

// genFactionOf is a catalogue faction's names and units: technology and
// breakthrough texts are technologies; promissory notes and board states
// are held as cards (a unit's, leader's or ability's text acts by itself).
func genFactionOf(f catalogFaction) genFaction {
	g := genFaction{slug: f.Slug, name: f.Name, aliases: f.Aliases, units: map[string]genUnit{}}
	for _, t := range f.Texts {
		switch t.Kind {
		case "technology", "breakthrough":
			g.techs = append(g.techs, t.Slug)
		case "note":
			g.items = append(g.items, t.Slug)
		}
	}
	for _, b := range f.BoardStates {
		g.items = append(g.items, b.Slug)
	}
	for _, u := range f.Units {
		gu := g.units[u.Kind]
		if u.Upgraded {
			gu.upgrade, gu.sustain[1] = true, u.SustainDamage
		} else {
			gu.sustain[0] = u.SustainDamage
		}
		g.units[u.Kind] = gu
	}
	return g
}

func sortedKeysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// docGen draws one document from its own PCG stream.
type docGen struct {
	r     *rand.Rand
	names *genNames
	rs    *genRuleset
	doc   scenario.Combat
	wild  bool
}

func (g *docGen) chance(p float64) bool { return g.r.Float64() < p }

// between is a number in lo..hi.
func (g *docGen) between(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

func pickOne[T any](g *docGen, xs []T) T { return xs[g.r.IntN(len(xs))] }

// shipKinds, groundKinds and structureKinds are unit kinds (the
// catalogue's unit_names values) a fleet draws from by action.
var (
	shipKinds      = []string{"fighter", "destroyer", "cruiser", "carrier", "dreadnought", "war_sun", "flagship"}
	groundKinds    = []string{"infantry", "mech", "shock_troop"}
	structureKinds = []string{"pds", "space_dock"}
)

// unitName is a name of kind k in the ruleset: mostly a canonical name,
// sometimes any alias from the fleet grammar.
func (g *docGen) unitName(k string) string {
	if g.chance(0.1) {
		return pickOne(g, g.rs.unitNames)
	}
	if names := g.rs.byKind[k]; len(names) > 0 {
		return pickOne(g, names)
	}
	return pickOne(g, g.rs.unitNames) // shock_troop outside ti3-sa
}

// wild is the chance that a valid-looking document may ignore the rules
// the catalogue states (an upgrade, Sustain Damage, a unit the faction
// lacks, a ruleset's own options), each at a quarter of the places it
// could, so that the refusals of valid-looking documents are exercised
// too.
const wild = 0.1

// loose is whether the document ignores a rule here (see wild).
func (g *docGen) loose() bool { return g.wild && g.chance(0.25) }

// sideGen draws one side: its faction (the ruleset's none when absent)
// and, per unit kind, whether the side's units of that kind are upgraded.
type sideGen struct {
	*docGen
	f        *genFaction
	upgraded map[string]bool
}

// units draws 1..max entries of distinct kinds among kinds the faction
// fields: small counts (sometimes large), upgraded where the faction has
// the upgrade (the same for every entry of a kind), damaged where the
// unit has Sustain Damage.
func (g *sideGen) units(kinds []string, max int) []scenario.Units {
	var out []scenario.Units
	seen := map[string]bool{}
	for range g.between(1, max) {
		k := pickOne(g.docGen, kinds)
		gu, fields := g.f.units[k]
		if seen[k] || (!fields && !g.loose()) {
			continue
		}
		seen[k] = true
		up, ok := g.upgraded[k]
		if !ok {
			up = (gu.upgrade && g.chance(0.35)) || g.loose()
			g.upgraded[k] = up
		}
		u := scenario.Units{Unit: g.unitName(k), Count: g.between(1, 4), Upgraded: up}
		if g.chance(0.04) {
			u.Count = g.between(5, 30)
		}
		if (gu.sustain[b2i(up)] || g.loose()) && g.chance(0.3) {
			u.Damaged = g.between(0, u.Count)
		}
		out = append(out, u)
	}
	if len(out) == 0 {
		return g.units(kinds, max)
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fleetKinds are the kinds a side's fleet draws from for the action: an
// invader always brings ground forces (added by side).
func fleetKinds(action string, attacker bool) []string {
	switch {
	case action == scenario.ActionGround:
		return groundKinds
	case action == scenario.ActionSpace:
		return shipKinds
	case attacker:
		return slices.Concat(shipKinds, groundKinds)
	}
	return slices.Concat(shipKinds, groundKinds, structureKinds)
}

// side draws a side: faction, fleet, galvanized units (the Last Bastion's),
// technologies, cards, order, policy, retreat and the numbers it spends.
func (g *docGen) side(attacker bool) (scenario.Side, *sideGen) {
	sg := &sideGen{docGen: g, f: &g.rs.none, upgraded: map[string]bool{}}
	var s scenario.Side
	if g.chance(0.6) && len(g.rs.factions) > 0 {
		sg.f = &g.rs.factions[g.r.IntN(len(g.rs.factions))]
		s.Faction = sg.f.slug
		if len(sg.f.aliases) > 0 && g.chance(0.15) {
			s.Faction = pickOne(g, sg.f.aliases)
		}
	}
	s.Fleet = sg.units(fleetKinds(g.doc.Action, attacker), 4)
	if attacker && g.doc.Action == scenario.ActionInvade {
		s.Fleet = slices.DeleteFunc(s.Fleet, func(u scenario.Units) bool { return slices.Contains(groundKinds, u.Unit) })
		s.Fleet = append(s.Fleet, sg.units(groundKinds, 1)...)
	}
	if (sg.f.slug == "last-bastion" && g.chance(0.5)) || g.loose() {
		e := pickOne(g, s.Fleet)
		e.Count, e.Damaged = g.between(1, e.Count), 0
		s.Galvanized = []scenario.Units{e}
	}
	g.holdings(&s, sg.f)
	g.orders(&s)
	g.numbers(&s, attacker)
	return s, sg
}

// holdings draws technologies and cards, the ruleset's and the faction's,
// some with copies.
func (g *docGen) holdings(s *scenario.Side, f *genFaction) {
	techs := slices.Concat(g.rs.techs, f.techs)
	for range g.between(0, 3) {
		if len(techs) > 0 && g.chance(0.5) && !slices.Contains(s.Technologies, techs[0]) {
			s.Technologies = append(s.Technologies, pickOne(g, techs))
		}
	}
	s.Technologies = slices.Compact(slices.Sorted(slices.Values(s.Technologies)))
	held := map[string]bool{}
	for range g.between(0, 3) {
		var card scenario.Card
		switch {
		case len(f.items) > 0 && g.chance(0.3):
			card.Name = pickOne(g, f.items)
		case len(g.rs.cards) > 0:
			c := pickOne(g, g.rs.cards)
			card.Name = c.slug
			if c.copies > 0 && g.chance(0.4) {
				card.Copies = g.between(1, c.copies)
			}
		}
		if card.Name != "" && !held[card.Name] {
			held[card.Name] = true
			s.Cards = append(s.Cards, card)
		}
	}
}

// orders draws a hit-assignment order (the fleet's ships and ground
// forces, shuffled), a policy and a retreat.
func (g *docGen) orders(s *scenario.Side) {
	if g.chance(0.2) {
		var names []string
		for _, u := range s.Fleet {
			if !slices.Contains(structureKinds, g.rs.kindOf(u.Unit)) {
				names = append(names, u.Unit)
			}
		}
		g.r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		s.Order = strings.Join(names, ", ")
		if g.chance(0.3) {
			s.Order = strings.TrimPrefix(s.Order+", sustain=last", ", ")
		}
	}
	switch {
	case g.chance(0.06):
		s.Policy = "optimal"
	case g.chance(0.04):
		s.Policy = "order"
	}
	if (g.doc.Action != scenario.ActionGround || g.loose()) && g.chance(0.15) {
		s.Retreat = pickOne(g, []string{"never", "after=" + strconv.Itoa(g.between(1, 5)), "when=losing", "when=losing:0.3", "best", "best:0.5"})
	}
}

// kindOf is the kind a unit name of the ruleset names ("" for none).
func (rs *genRuleset) kindOf(name string) string {
	for k, names := range rs.byKind {
		if slices.Contains(names, name) {
			return k
		}
	}
	return ""
}

// numbers draws modifier, trade goods, influence, command counters
// (ti3-sa), adjacent PDS, the attacker's PDS, leaders and High Alert
// (ti3-sa).
func (g *docGen) numbers(s *scenario.Side, attacker bool) {
	ti3 := g.rs.name == "ti3-sa"
	if g.chance(0.15) {
		s.Modifier = g.between(-2, 2)
	}
	if (!ti3 || slices.Contains([]string{"letnev", "hacan"}, s.Faction) || g.loose()) && g.chance(0.15) {
		s.TradeGoods = g.between(0, 8)
		if !ti3 || g.loose() {
			s.Influence = g.between(0, 8)
		}
	}
	if (ti3 && s.Faction == "jol-nar" && g.chance(0.5)) || g.loose() {
		s.CommandCounters = g.between(0, 5)
	}
	if g.chance(0.1) {
		s.AdjacentPDS = g.between(0, 3)
		if ti3 {
			s.Technologies = append(s.Technologies, "deep-space-cannon")
		}
	}
	if attacker && ((!ti3 && g.doc.Action != scenario.ActionGround) || g.loose()) && g.chance(0.08) {
		s.PDS = g.between(0, 2)
	}
	if len(g.rs.leaders) > 0 && g.chance(0.25) {
		for _, l := range g.rs.leaders {
			if g.chance(0.4) {
				s.Leaders = append(s.Leaders, l)
			}
		}
	}
	s.HighAlert = ti3 && !attacker && g.chance(0.1)
}

// system draws the system's options (ti3-sa's own mostly under ti3-sa)
// and, for an invasion, sometimes several planets with a commit policy
// and a bombardment target.
func (g *docGen) system(defender *sideGen) {
	s := &g.doc.System
	ti3 := g.rs.name == "ti3-sa"
	ground := g.doc.Action == scenario.ActionGround
	s.Nebula = (!ground || g.loose()) && g.chance(0.1)
	s.EntropicScar = (!ti3 || g.loose()) && g.chance(0.08)
	s.Cultural = (!ti3 || g.loose()) && g.chance(0.1)
	if ti3 || g.loose() {
		s.SpaceMine = g.doc.Action != scenario.ActionGround && g.chance(0.15)
		s.IonStorm, s.Wormhole = g.chance(0.1), g.chance(0.1)
		s.NegateMineHits = s.SpaceMine && g.chance(0.5)
		if g.doc.Action == scenario.ActionInvade {
			s.HomeSystem = g.chance(0.15)
			if g.chance(0.15) {
				s.Commandos = g.between(0, 3)
			}
		}
	}
	if g.doc.Action != scenario.ActionInvade || !g.chance(0.35) {
		return
	}
	s.Cultural = false // with planets, each planet says
	names := []string{"Alpha", "Beta", "Gamma"}
	for _, name := range names[:g.between(1, 3)] {
		p := scenario.Planet{Name: name, Cultural: !ti3 && g.chance(0.2), Units: []scenario.Units{}}
		if g.chance(0.8) {
			p.Units = defender.units(slices.Concat(groundKinds, structureKinds), 2)
		}
		s.Planets = append(s.Planets, p)
	}
	g.doc.Defender.Fleet = slices.DeleteFunc(g.doc.Defender.Fleet, func(u scenario.Units) bool {
		return !slices.Contains(shipKinds, g.rs.kindOf(u.Unit))
	})
	if g.chance(0.4) {
		split := fmt.Sprintf("%s: %d %s", s.Planets[0].Name, g.between(1, 3), g.unitName(pickOne(g, groundKinds)))
		if len(s.Planets) > 1 {
			split += fmt.Sprintf("; %s: 1 %s", s.Planets[1].Name, g.unitName("infantry"))
		}
		s.Commit = pickOne(g, []string{"secure", "secure:0.7", "best", "best:all", "best:count", split})
	}
	if g.chance(0.25) {
		s.Bombard = pickOne(g, s.Planets).Name
	}
}

// run draws how to answer: small trials with a seed, sometimes exact,
// prefer_exact, rounds (not for an invasion) or a precision; exact when a
// side's policy or retreat is solved exactly.
func (g *docGen) run() {
	r := &g.doc.Run
	solved := g.doc.Attacker.Policy == "optimal" || g.doc.Defender.Policy == "optimal" ||
		strings.HasPrefix(g.doc.Attacker.Retreat, "best") || strings.HasPrefix(g.doc.Defender.Retreat, "best")
	switch {
	case (solved && !g.loose()) || g.chance(0.1):
		r.Exact = true
	case g.chance(0.1):
		r.PreferExact = true
		r.Trials = int64(g.between(200, 3000))
	default:
		r.Trials = int64(g.between(200, 3000))
		seed := g.r.Uint64()
		r.Seed = &seed
	}
	if (g.doc.Action != scenario.ActionInvade && !solved && g.chance(0.15)) || g.loose() {
		r.Rounds = g.between(1, 5)
	}
	if !r.Exact && g.chance(0.1) {
		r.Precision = []float64{0.05, 0.1, 0.2, 0.3}[g.r.IntN(4)]
	}
}

// generate draws a valid-looking document: an action, a ruleset (absent
// sometimes: ti4), printings (ti4's), the system, both sides and the run.
func (g *docGen) generate() scenario.Combat {
	g.wild = g.chance(wild)
	g.rs = g.names.rulesets[pickOne(g, []string{"ti4", "ti3-sa"})]
	g.doc = scenario.Combat{Version: 1, Action: pickOne(g, []string{scenario.ActionSpace, scenario.ActionGround, scenario.ActionInvade}), Ruleset: g.rs.name}
	if g.rs.name == "ti4" && g.chance(0.5) {
		g.doc.Ruleset = ""
	}
	if (g.rs.name == "ti4" || g.loose()) && g.chance(0.15) {
		g.doc.Printings = map[string]string{}
		for _, card := range sortedKeysOf(g.names.printings) {
			if g.chance(0.4) {
				g.doc.Printings[card] = pickOne(g, g.names.printings[card])
			}
		}
	}
	g.doc.Attacker, _ = g.side(true)
	var defender *sideGen
	g.doc.Defender, defender = g.side(false)
	g.system(defender)
	g.run()
	return g.doc
}

// genCase is one generated document: its index, what it is ("valid", or
// how it was broken) and its body.
type genCase struct {
	index int
	kind  string
	body  []byte
}

// genDocument draws document i of seed: from its own PCG stream, so that
// a document depends on (seed, i) alone, not on which client posts it.
// About one in five is broken on purpose.
func genDocument(names *genNames, seed uint64, i int) genCase {
	g := &docGen{r: rand.New(rand.NewPCG(seed, uint64(i))), names: names}
	doc := g.generate()
	body, err := json.Marshal(doc)
	if err != nil {
		panic(err) // a scenario.Combat always marshals
	}
	if doc.Ruleset == "" { // absent, not "": the default ruleset
		body = bytes.Replace(body, []byte(`"ruleset":"",`), nil, 1)
	}
	if !g.chance(0.2) {
		return genCase{i, "valid", body}
	}
	b := pickOne(g, breakers)
	return genCase{i, b.name, b.brake(g, body)}
}

// breakers are the ways a document is broken on purpose.
var breakers = []struct {
	name  string
	brake func(g *docGen, body []byte) []byte
}{
	{"unknown-name", breakName},
	{"out-of-range", func(g *docGen, body []byte) []byte {
		return editTree(g, body, func(v any) bool { _, ok := v.(json.Number); return ok },
			[]any{-1, 0, 100, 1001, 1e10, 2.5, -1e300, 0.5, json.Number("18446744073709551616")})
	}},
	{"wrong-type", func(g *docGen, body []byte) []byte {
		return editTree(g, body, func(any) bool { return true }, []any{"x", "", []any{}, map[string]any{}, nil, 1.5, true, []any{1, "a"}})
	}},
	{"unknown-field", func(g *docGen, body []byte) []byte {
		return editTree(g, body, func(v any) bool { _, ok := v.(map[string]any); return ok }, []any{addField{}})
	}},
	{"duplicate-key", duplicateKey},
	{"truncated", func(g *docGen, body []byte) []byte { return body[:g.r.IntN(len(body))] }},
	{"not-an-object", func(g *docGen, body []byte) []byte {
		return []byte(pickOne(g, []string{`[]`, `null`, `"space"`, `1`, `[` + string(body) + `]`, string(body) + ` {}`}))
	}},
}

// breakName replaces one name of the document with one no catalogue has.
func breakName(g *docGen, body []byte) []byte {
	d := g.doc
	side := &d.Attacker
	if g.chance(0.5) {
		side = &d.Defender
	}
	const bad = "zz-nowhere"
	switch g.r.IntN(8) {
	case 0: // the defender's fleet may be empty when its units are on planets
		side.Fleet = append([]scenario.Units{{Unit: bad, Count: 1}}, side.Fleet...)
	case 1:
		side.Faction = bad
	case 2:
		side.Technologies = append(side.Technologies, bad)
	case 3:
		side.Cards = append(side.Cards, scenario.Card{Name: bad})
	case 4:
		side.Leaders = append(side.Leaders, bad)
	case 5:
		d.Printings = map[string]string{pickOne(g, []string{"magen", bad}): bad}
	case 6:
		side.Order = bad + ", sustain=last"
	default:
		d.Action, d.System.Bombard, d.System.Commit = pickOne(g, []string{"space", "ground", "invade"}), bad, bad+": 1 infantry"
	}
	out, _ := json.Marshal(d)
	return out
}

// addField, as editTree's replacement, adds an unknown field to an object
// instead of replacing it.
type addField struct{}

// editTree replaces one value of the document, chosen among those where
// match holds, by one of with (addField: adds "bogus" to the object).
func editTree(g *docGen, body []byte, match func(any) bool, with []any) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		panic(err)
	}
	type slot struct {
		v   any
		set func(any)
	}
	var slots []slot
	var walk func(v any, set func(any))
	walk = func(v any, set func(any)) {
		if match(v) {
			slots = append(slots, slot{v, set})
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range sortedKeysOf(v) {
				walk(v[k], func(x any) { v[k] = x })
			}
		case []any:
			for i := range v {
				walk(v[i], func(x any) { v[i] = x })
			}
		}
	}
	walk(root, func(x any) { root = x })
	if len(slots) > 0 {
		s, w := pickOne(g, slots), pickOne(g, with)
		if obj, ok := s.v.(map[string]any); ok && w == (addField{}) {
			obj["bogus"] = 1
		} else {
			s.set(w)
		}
	}
	out, _ := json.Marshal(root)
	return out
}

// duplicateKeyRE matches a key and a simple value of a document's JSON.
var duplicateKeyRE = regexp.MustCompile(`"(version|action|ruleset|unit|count|trials|seed|faction|nebula|exact|name)":("[^"]*"|[-0-9.eE+]+|true|false)`)

// duplicateKey writes one key of the document twice, by hand (encoding/json
// never does), with the same or another value.
func duplicateKey(g *docGen, body []byte) []byte {
	loc := duplicateKeyRE.FindAllSubmatchIndex(body, -1)
	if len(loc) == 0 {
		return append([]byte(`{"version":1,`), body[1:]...)
	}
	m := pickOne(g, loc)
	key, value := body[m[2]:m[3]], body[m[4]:m[5]]
	if g.chance(0.5) {
		value = []byte("2")
	}
	dup := fmt.Sprintf(`,"%s":%s`, key, value)
	return slices.Concat(body[:m[1]], []byte(dup), body[m[1]:])
}

// genAnswer is the service's answer to one generated document.
type genAnswer struct {
	genCase
	status  int
	body    []byte
	err     error
	elapsed time.Duration
}

// servegenTimeLimit starts the 503 message of a run over --timeout.
const servegenTimeLimit = "the request took longer than the limit of 10s"

// checkAnswer lists what is wrong with an answer: a dropped connection; a
// status other than 200, 400, 422 or 503 (503 only for the time limit); a
// body that is not one JSON value; a 4xx without a non-empty "error" and a
// "path"; a 200 not starting with {"command":; a truncated document not
// answered 400.
func checkAnswer(a genAnswer) []string {
	if a.err != nil {
		return []string{fmt.Sprintf("no answer: %v", a.err)}
	}
	var problems []string
	dec := json.NewDecoder(bytes.NewReader(a.body))
	var v any
	if err := dec.Decode(&v); err != nil {
		problems = append(problems, fmt.Sprintf("body is not JSON: %v", err))
	} else if _, err := dec.Token(); err != io.EOF {
		problems = append(problems, "body holds more than one JSON value")
	}
	obj, _ := v.(map[string]any)
	msg, _ := obj["error"].(string)
	_, hasPath := obj["path"].(string)
	switch a.status {
	case 200:
		if !bytes.HasPrefix(a.body, []byte(`{"command":`)) {
			problems = append(problems, `a 200 body not starting with {"command":`)
		}
	case 400, 422:
		if msg == "" || !hasPath {
			problems = append(problems, `a 4xx body without a non-empty "error" and a "path"`)
		}
	case 503:
		if !strings.HasPrefix(msg, servegenTimeLimit) {
			problems = append(problems, "a 503 not for the time limit")
		}
	default:
		problems = append(problems, fmt.Sprintf("status %d", a.status))
	}
	if a.kind == "truncated" && a.status != 400 {
		problems = append(problems, fmt.Sprintf("a truncated document answered %d, not 400", a.status))
	}
	return problems
}

// postCase posts one document to /v1/combat and times the answer.
func postCase(client *http.Client, url string, c genCase) genAnswer {
	a := genAnswer{genCase: c}
	start := time.Now()
	resp, err := client.Post(url+"/v1/combat", "application/json", bytes.NewReader(c.body))
	if err == nil {
		a.status = resp.StatusCode
		a.body, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	a.err, a.elapsed = err, time.Since(start)
	return a
}

// postAll posts the regression documents, then n generated ones, from
// clients concurrent clients, and returns every answer in order.
func postAll(client *http.Client, url string, names *genNames, seed uint64, n, clients int) []genAnswer {
	cases := make([]genCase, 0, len(servegenRegressions)+n)
	for i, body := range servegenRegressions {
		cases = append(cases, genCase{-1 - i, "regression", []byte(body)})
	}
	for i := range n {
		cases = append(cases, genDocument(names, seed, i))
	}
	answers := make([]genAnswer, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for i := range next {
				answers[i] = postCase(client, url, cases[i])
			}
		})
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	return answers
}

// servegenRegressions are documents that once got a 500 or killed the
// service; each is posted before the generated ones.
var servegenRegressions = []string{}

// getJSON decodes the JSON answer of GET url into v; the status must be 200.
func getJSON(t *testing.T, client *http.Client, url string, v any) {
	t.Helper()
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// envCount is the positive integer in the environment variable name, or
// def when it is unset.
func envCount(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive integer", name, s)
	}
	return n
}

// TestServeSurvivesGeneratedDocuments (issue 27) starts the real binary
// once, with the default limits and --timeout 10s, and posts
// TI4SIM_SERVEGEN (default 400) generated combat documents, about one in
// five broken on purpose, from 2 concurrent clients. Every answer must
// pass checkAnswer; the valid-looking documents must not all be refused
// (the generator would then test only the decoder); at the end /healthz
// answers 200, no run is left running or queued, the goroutines are back
// near where they started, and the process is alive. A 500 or a dropped
// connection fails the test with the document and the service's log.
func TestServeSurvivesGeneratedDocuments(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	n := envCount(t, "TI4SIM_SERVEGEN", 400)
	seed := uint64(envCount(t, "TI4SIM_SERVEGEN_SEED", 27))
	cmd, url, logs := startServe(t, buildBinary(t), "--timeout", "10s")
	client := &http.Client{Timeout: 2 * time.Minute}
	var cat catalogJSON
	getJSON(t, client, url+"/v1/catalog", &cat)
	names := genNamesFrom(cat)
	var before service.Vars
	getJSON(t, client, url+"/debug/vars", &before)

	start := time.Now()
	answers := postAll(client, url, names, seed, n, 2)
	wall := time.Since(start)
	failed := 0
	for _, a := range answers {
		if problems := checkAnswer(a); len(problems) > 0 {
			failed++
			if failed <= 5 {
				t.Errorf("document %d (%s): %s\nanswered %d: %.400s\ndocument: %s", a.index, a.kind, strings.Join(problems, "; "), a.status, a.body, a.body0())
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d answers failed; the service's log:\n%s", failed, len(answers), lastLines(logs.String(), 40))
	}
	t.Log(servegenSummary(answers, seed, wall))
	checkValidAnswered(t, answers)
	checkIdle(t, client, url, before)
	if err := cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("the service is gone: %v; its log:\n%s", err, lastLines(logs.String(), 40))
	}
}

// body0 is the document posted, for a failure's message.
func (a genAnswer) body0() string { return string(a.genCase.body) }

// checkValidAnswered fails when fewer than a quarter of the valid-looking
// documents were answered 200: the generator would then mostly write
// documents the service refuses, and test its decoder rather than its runs.
func checkValidAnswered(t *testing.T, answers []genAnswer) {
	t.Helper()
	valid, ok := 0, 0
	for _, a := range answers {
		if a.kind == "valid" {
			valid++
			if a.status == 200 {
				ok++
			}
		}
	}
	if valid > 0 && ok*4 < valid {
		t.Errorf("only %d of %d valid-looking documents answered 200", ok, valid)
	}
}

// checkIdle checks, within 10 seconds, that /healthz answers 200 and that
// /debug/vars shows no run running or queued and at most 10 goroutines
// more than before the documents (the connections' own, a few).
func checkIdle(t *testing.T, client *http.Client, url string, before service.Vars) {
	t.Helper()
	var health struct{ Status string }
	getJSON(t, client, url+"/healthz", &health)
	if health.Status != "ok" {
		t.Errorf("/healthz: %+v", health)
	}
	var v service.Vars
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		client.CloseIdleConnections()
		getJSON(t, client, url+"/debug/vars", &v)
		if v.Running == 0 && v.Queued == 0 && v.Goroutines <= before.Goroutines+10 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("/debug/vars after the documents: %+v (before: %+v)", v, before)
			return
		}
	}
	t.Logf("/debug/vars before %+v, after %+v", before, v)
}

// servegenSummary is the run's figures: documents, statuses by kind of
// document, the wall time and the slowest request.
func servegenSummary(answers []genAnswer, seed uint64, wall time.Duration) string {
	statuses := map[int]int{}
	byKind := map[string]map[int]int{}
	slowest := answers[0]
	for _, a := range answers {
		statuses[a.status]++
		if byKind[a.kind] == nil {
			byKind[a.kind] = map[int]int{}
		}
		byKind[a.kind][a.status]++
		if a.elapsed > slowest.elapsed {
			slowest = a
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d documents (seed %d) in %v: statuses %v\n", len(answers), seed, wall.Round(time.Millisecond), statuses)
	for _, k := range sortedKeysOf(byKind) {
		fmt.Fprintf(&b, "  %-14s %v\n", k, byKind[k])
	}
	fmt.Fprintf(&b, "slowest: document %d (%s) %v, answered %d: %.200s", slowest.index, slowest.kind, slowest.elapsed.Round(time.Millisecond), slowest.status, slowest.body)
	return b.String()
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
