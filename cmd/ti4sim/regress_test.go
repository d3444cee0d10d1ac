package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The frozen record: the seeded JSON answers (-o json) of the command
// lines in regressScenarios, kept in testdata/regress.json as one array of
// {name, args, output}. It goes through the command line, so it survives
// any move inside the library: every figure must stay byte for byte the
// same (the output is stored re-indented as a JSON value for readable
// diffs; indenting keeps every token, so a changed digit is a change).
// `go test ./cmd/ti4sim -run TestRegress -update` rewrites the file; a
// change of any figure is a commit of its own that says why.
//
// The test also checks that the scenarios together cover what the catalog
// (catalog(), the same facts as GET /v1/catalog) offers, so that a
// faction, card, printing or technology added later without a scenario
// fails here. Coverage is read from the scenario documents the outputs
// carry (canonical slugs, aliases resolved): the "scenario" of a combat or
// vote, and for compare its base scenario plus the values of its --vary
// keys (factions, technologies, cards, printings, ruleset). The rule:
//
//   - every faction slug is the faction of a side (a side with no faction
//     is "none"), and where the faction has a flagship or a mech, a
//     scenario puts that faction's flagship, and one its mech, on its side;
//   - every faction text with status "modelled" is exercised: an ability
//     (and neutral-hit-order, which acts by itself on neutral units) by a
//     side of that faction; a flagship or mech text by a side of that
//     faction with a flagship or a mech; a unit text (a faction unit or its
//     upgrade) by a side of that faction with that unit, upgraded (II in
//     the fleet, or the upgrade technology) if the text is the upgrade's
//     (the catalog's faction units whose slugged name starts with the
//     text's slug); a technology, leader, promissory note
//     or breakthrough by its slug given as a technology or card of a side;
//   - every board state is given as a card of a side;
//   - every card (action card, agenda, relic, technology) is given as a
//     card or technology of a side;
//   - every value of every printing (--rules) is given (or varied);
//   - every ruleset is used; under ti3-sa (its races have records of their own below), every
//     TI3 technology is given, every TI3 unit (by its TI3 name) is in a
//     fleet and the space mine is present;
//   - every action (space, ground, invade), every --vary key; exact,
//     prefer-exact and Monte Carlo runs; rounds, retreats, hit orders,
//     modifiers, damaged units, trade goods, influence, galvanized units,
//     adjacent PDS (both sides), attacker PDS, nebula, entropic scar,
//     cultural; votes in both modes, exact and simulated, with Bribery,
//     Zeal and both duel dice.
//
// Whether a printing actually changes a scenario's figures is not checked
// here: the scenarios that give a printing hold the card it prints (the
// pairs *_original/*_current differ only in it). No scenario gives
// --workers, as the answer does not depend on it; one scenario in eight is
// run again on 1 and on 3 workers to show it.
func TestRegress(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "regress.json")
	want, readErr := os.ReadFile(path)
	// Under the race detector only a sample runs (every exact scenario and
	// one in four of the others); the rest is taken from the file, so the
	// coverage check still sees every scenario.
	stored := map[string]regressRecord{}
	if raceEnabled {
		if *update {
			t.Fatal("rewrite the record without -race: the race build runs only a sample of the scenarios")
		}
		var old []regressRecord
		if readErr == nil && json.Unmarshal(want, &old) == nil {
			for _, r := range old {
				stored[r.Name] = r
			}
		}
	}
	records := make([]regressRecord, 0, len(regressScenarios))
	seen := map[string]bool{}
	for i, s := range regressScenarios {
		if r, ok := stored[s.name]; ok && i%4 != 0 && !slices.Contains(s.args, "--exact") && slices.Equal(r.Args, s.args) {
			seen[s.name] = true
			records = append(records, r)
			continue
		}
		if seen[s.name] {
			t.Fatalf("scenario %s listed twice", s.name)
		}
		seen[s.name] = true
		if slices.Contains(s.args, "--workers") {
			t.Fatalf("scenario %s gives --workers: the record must not depend on the machine", s.name)
		}
		if slices.Contains(s.args, "-o") || slices.Contains(s.args, "--output") {
			t.Fatalf("scenario %s gives -o: the record adds -o json itself", s.name)
		}
		out, errOut, code := runCLI(t, append(slices.Clone(s.args), "-o", "json")...)
		if code != exitOK {
			t.Errorf("scenario %s: exit %d: %s", s.name, code, errOut)
			continue
		}
		if !json.Valid([]byte(out)) {
			t.Errorf("scenario %s: output is not JSON: %.200s", s.name, out)
			continue
		}
		records = append(records, regressRecord{Name: s.name, Args: s.args, Output: json.RawMessage(out)})
		// The record holds whatever the number of workers: one scenario in
		// eight is run again on one worker and on three.
		if len(records)%8 == 1 {
			for _, w := range []string{"1", "3"} {
				again, errOut, _ := runCLI(t, append(slices.Clone(s.args), "-o", "json", "--workers", w)...)
				if again != out {
					t.Errorf("scenario %s: --workers %s changes the output (%s)", s.name, w, errOut)
				}
			}
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	got, err := encodeRegress(records)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		if readErr != nil {
			t.Errorf("%v (run `go test ./cmd/ti4sim -run TestRegress -update` to create it)", readErr)
		} else if !bytes.Equal(got, want) {
			t.Error(regressDiff(records, want))
		}
	}
	for _, miss := range regressMissing(t, records) {
		t.Errorf("no scenario covers %s", miss)
	}
}

// regressRecord is one scenario of testdata/regress.json.
type regressRecord struct {
	Name   string          `json:"name"`
	Args   []string        `json:"args"`
	Output json.RawMessage `json:"output"`
}

// encodeRegress renders the records as the golden file: indented, no HTML
// escaping, every number and string of the outputs as they were printed.
func encodeRegress(records []regressRecord) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(records); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// regressDiff says which scenarios differ from the golden file and where:
// the first differing position of each (line and column of the indented
// output, with the text around it), scenarios added or gone, and changed
// arguments.
func regressDiff(records []regressRecord, wantFile []byte) string {
	var want []regressRecord
	if err := json.Unmarshal(wantFile, &want); err != nil {
		return fmt.Sprintf("testdata/regress.json is not a record file (%v); rerun with -update", err)
	}
	old := map[string]regressRecord{}
	for _, r := range want {
		old[r.Name] = r
	}
	var msg []string
	names := map[string]bool{}
	for i, r := range records {
		names[r.Name] = true
		w, ok := old[r.Name]
		if !ok {
			msg = append(msg, fmt.Sprintf("scenario %s is new (not in the record)", r.Name))
			continue
		}
		if i >= len(want) || want[i].Name != r.Name {
			msg = append(msg, fmt.Sprintf("scenario %s moved (the record keeps scenarios in a fixed order; add new ones at the end)", r.Name))
		}
		if !slices.Equal(w.Args, r.Args) {
			j := 0
			for j < len(r.Args) && j < len(w.Args) && r.Args[j] == w.Args[j] {
				j++
			}
			at := func(a []string) string {
				if j < len(a) {
					return fmt.Sprintf("%q", a[j])
				}
				return "(none)"
			}
			msg = append(msg, fmt.Sprintf("scenario %s: arguments changed from argument %d: got %s, want %s", r.Name, j+1, at(r.Args), at(w.Args)))
		}
		var g, o bytes.Buffer
		_ = json.Indent(&g, bytes.TrimSpace(r.Output), "", "  ")
		_ = json.Indent(&o, bytes.TrimSpace(w.Output), "", "  ")
		if !bytes.Equal(g.Bytes(), o.Bytes()) {
			msg = append(msg, fmt.Sprintf("scenario %s: output differs at %s, %s", r.Name,
				regressFirstPath(r.Output, w.Output), regressFirstDifference(g.String(), o.String())))
		}
	}
	for _, w := range want {
		if !names[w.Name] {
			msg = append(msg, fmt.Sprintf("scenario %s is gone (still in the record)", w.Name))
		}
	}
	if len(msg) == 0 {
		msg = append(msg, "the file differs only in its layout")
	}
	return "testdata/regress.json differs (a change of a figure is a commit of its own that explains it; then rerun with -update):\n" + strings.Join(msg, "\n")
}

// regressFirstDifference locates the first byte where got and want differ.
func regressFirstDifference(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	line := strings.Count(got[:i], "\n") + 1
	col := i - strings.LastIndex(got[:i], "\n")
	around := func(s string) string {
		lo, hi := max(0, i-60), min(len(s), i+60)
		return strings.ReplaceAll(s[lo:hi], "\n", "⏎")
	}
	return fmt.Sprintf("at line %d, column %d of its output:\n  got  …%s…\n  want …%s…", line, col, around(got), around(want))
}

// regressFirstPath names the first JSON value where got and want differ,
// as a path such as $.variants[1].attacker_win, with both values.
func regressFirstPath(got, want []byte) string {
	dg, dw := json.NewDecoder(bytes.NewReader(got)), json.NewDecoder(bytes.NewReader(want))
	dg.UseNumber()
	dw.UseNumber()
	type level struct {
		object bool
		key    string
		index  int
		isKey  bool // the next token of an object is a key
	}
	var stack []*level
	path := func() string {
		p := "$"
		for _, l := range stack {
			if l.object {
				p += "." + l.key
			} else {
				p += fmt.Sprintf("[%d]", l.index)
			}
		}
		return p
	}
	show := func(t json.Token) string {
		if s, ok := t.(string); ok {
			return fmt.Sprintf("%q", s)
		}
		return fmt.Sprint(t)
	}
	for {
		tg, errG := dg.Token()
		tw, errW := dw.Token()
		if errG != nil || errW != nil {
			return path() + " (the outputs end differently)"
		}
		var top *level
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		closing := tg == json.Delim('}') || tg == json.Delim(']')
		if top != nil && !closing {
			if top.object && top.isKey {
				if show(tg) != show(tw) {
					return fmt.Sprintf("%s: key %s where the record has %s", path(), show(tg), show(tw))
				}
				top.key, top.isKey = tg.(string), false
				continue
			}
			if !top.object {
				top.index++
			}
		}
		if show(tg) != show(tw) {
			return fmt.Sprintf("%s: got %s, want %s", path(), show(tg), show(tw))
		}
		if closing {
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return "$ (the values are equal)"
			}
			continue
		}
		if top != nil && top.object {
			top.isKey = true
		}
		if tg == json.Delim('{') || tg == json.Delim('[') {
			stack = append(stack, &level{object: tg == json.Delim('{'), isKey: true, index: -1})
		}
	}
}

// Scenario documents as the outputs carry them: only the fields the
// coverage rule reads.
type regressSide struct {
	Fleet        []regressUnits `json:"fleet"`
	Faction      string         `json:"faction"`
	Technologies []string       `json:"technologies"`
	Cards        []struct {
		Name string `json:"name"`
	} `json:"cards"`
	Order       string         `json:"order"`
	Retreat     string         `json:"retreat"`
	Modifier    int            `json:"modifier"`
	TradeGoods  int            `json:"trade_goods"`
	Influence   int            `json:"influence"`
	Galvanized  []regressUnits `json:"galvanized"`
	AdjacentPDS int            `json:"adjacent_pds"`
	PDS         int            `json:"pds"`
}

type regressUnits struct {
	Unit     string `json:"unit"`
	Upgraded bool   `json:"upgraded"`
	Damaged  int    `json:"damaged"`
}

type regressCombat struct {
	Action    string            `json:"action"`
	Ruleset   string            `json:"ruleset"`
	Printings map[string]string `json:"printings"`
	System    struct {
		Nebula       bool `json:"nebula"`
		EntropicScar bool `json:"entropic_scar"`
		Cultural     bool `json:"cultural"`
		SpaceMine    bool `json:"space_mine"`
	} `json:"system"`
	Attacker regressSide `json:"attacker"`
	Defender regressSide `json:"defender"`
	Run      struct {
		Trials      int64 `json:"trials"`
		Exact       bool  `json:"exact"`
		PreferExact bool  `json:"prefer_exact"`
		Rounds      int   `json:"rounds"`
	} `json:"run"`
}

type regressVote struct {
	Mode    string   `json:"mode"`
	Voters  []string `json:"voters"`
	Bribery []string `json:"bribery"`
	Duel    string   `json:"duel"`
	Run     struct {
		Exact bool `json:"exact"`
	} `json:"run"`
}

// regressMissing lists what the catalog offers and no scenario covers,
// by the rule in TestRegress's comment.
func regressMissing(t *testing.T, records []regressRecord) []string {
	t.Helper()
	covered := map[string]bool{} // "kind:value" keys
	add := func(k ...string) { covered[strings.Join(k, ":")] = true }
	var combats []regressCombat
	for _, r := range records {
		var head struct {
			Command  string          `json:"command"`
			Scenario json.RawMessage `json:"scenario"`
		}
		if err := json.Unmarshal(r.Output, &head); err != nil || head.Scenario == nil {
			t.Errorf("scenario %s: output has no scenario document (%v)", r.Name, err)
			continue
		}
		add("command", head.Command)
		switch head.Command {
		case "vote":
			var v regressVote
			if err := json.Unmarshal(head.Scenario, &v); err != nil {
				t.Errorf("scenario %s: %v", r.Name, err)
				continue
			}
			add("vote mode", v.Mode)
			add("vote", map[bool]string{true: "exact", false: "simulated"}[v.Run.Exact])
			if len(v.Bribery) > 0 {
				add("vote", "bribery")
			}
			for _, voter := range v.Voters {
				if regexp.MustCompile(`:zeal(=|:|$)`).MatchString(voter) {
					add("vote", "zeal")
				}
			}
			if v.Duel != "" {
				add("vote duel", v.Duel)
			}
			continue
		case "compare":
			var c struct {
				Scenario regressCombat `json:"scenario"`
				Vary     []struct {
					Key    string   `json:"key"`
					Values []string `json:"values"`
				} `json:"vary"`
			}
			if err := json.Unmarshal(head.Scenario, &c); err != nil {
				t.Errorf("scenario %s: %v", r.Name, err)
				continue
			}
			combats = append(combats, c.Scenario)
			for _, v := range c.Vary {
				add("vary key", v.Key)
				for _, val := range v.Values {
					switch v.Key {
					case "attacker-faction", "defender-faction":
						add("faction", val)
					case "magen", "x89", "direct-hit", "harrow", "matriarch", "iconoclast", "milor", "ti3-flagships":
						add("printing", v.Key, val)
					case "ruleset":
						add("ruleset", val)
					case "attacker-tech", "defender-tech", "attacker-card", "defender-card":
						for _, item := range strings.Split(val, ",") {
							add("card", strings.TrimSpace(strings.Split(item, ":")[0]))
						}
					}
				}
			}
		default:
			var c regressCombat
			if err := json.Unmarshal(head.Scenario, &c); err != nil {
				t.Errorf("scenario %s: %v", r.Name, err)
				continue
			}
			combats = append(combats, c)
		}
	}

	cat := catalog()
	unitsOf := map[string][]jsonUnit{}
	for _, f := range cat.Factions {
		unitsOf[f.Slug] = f.Units
	}
	for _, c := range combats {
		add("ruleset", c.Ruleset)
		add("action", c.Action)
		for card, value := range c.Printings {
			add("printing", card, value)
		}
		switch {
		case c.Run.Exact:
			add("run", "exact")
		case c.Run.PreferExact:
			add("run", "prefer-exact")
		default:
			add("run", "Monte Carlo")
		}
		if c.Run.Rounds > 0 {
			add("run", "rounds")
		}
		for flag, on := range map[string]bool{"nebula": c.System.Nebula, "entropic scar": c.System.EntropicScar,
			"cultural": c.System.Cultural, "space mine": c.System.SpaceMine && c.Ruleset == "ti3-sa"} {
			if on {
				add("system", flag)
			}
		}
		for _, s := range []struct {
			role string
			side regressSide
		}{{"attacker", c.Attacker}, {"defender", c.Defender}} {
			side := s.side
			faction := side.Faction
			if faction == "" {
				faction = "none"
			}
			if c.Ruleset == "ti4" {
				add("faction", faction)
			}
			for _, tech := range side.Technologies {
				add("card", tech)
				if c.Ruleset == "ti3-sa" {
					add("ti3 technology", tech)
				}
			}
			for _, card := range side.Cards {
				add("card", card.Name)
			}
			for _, u := range side.Fleet {
				if c.Ruleset == "ti3-sa" {
					add("ti3 unit", u.Unit)
					continue
				}
				kind := strings.ReplaceAll(u.Unit, " ", "_")
				// A unit upgrade technology upgrades the side's units of its kind.
				upgraded := u.Upgraded || slices.Contains(side.Technologies, strings.ReplaceAll(u.Unit, " ", "-")+"-ii")
				add("unit", faction, kind, fmt.Sprint(upgraded))
				if u.Damaged > 0 {
					add("side", "damaged units")
				}
			}
			for feature, on := range map[string]bool{"order": side.Order != "", "retreat": side.Retreat != "",
				"modifier": side.Modifier != 0, "trade goods": side.TradeGoods > 0, "influence": side.Influence > 0,
				"galvanized": len(side.Galvanized) > 0, "adjacent PDS": side.AdjacentPDS > 0, "PDS in the system": side.PDS > 0} {
				if on {
					add("side", feature)
					add(s.role, feature)
				}
			}
		}
	}

	// What must be covered.
	var missing []string
	need := func(what string, k ...string) {
		if !covered[strings.Join(k, ":")] {
			missing = append(missing, what)
		}
	}
	hasUnit := func(faction, kind string, upgraded ...bool) bool {
		for _, up := range []bool{false, true} {
			if len(upgraded) > 0 && upgraded[0] != up {
				continue
			}
			if covered[strings.Join([]string{"unit", faction, kind, fmt.Sprint(up)}, ":")] {
				return true
			}
		}
		return false
	}
	// Texts that act by themselves on their faction's side, though not of
	// kind ability.
	automatic := map[string]bool{"neutral-hit-order": true}
	for slug := range automatic {
		found := false
		for _, f := range cat.Factions {
			for _, text := range f.Texts {
				found = found || text.Slug == slug
			}
		}
		if !found {
			t.Errorf("automatic text %s is no longer in the catalog", slug)
		}
	}
	for _, f := range cat.Factions {
		need("faction "+f.Slug, "faction", f.Slug)
		for _, u := range f.Units {
			if (u.Kind == "flagship" || u.Kind == "mech") && !u.Upgraded && !hasUnit(f.Slug, u.Kind) {
				missing = append(missing, fmt.Sprintf("the %s of faction %s (%s)", u.Kind, f.Slug, u.Name))
			}
		}
		for _, text := range f.Texts {
			if text.Status != "modelled" {
				continue
			}
			what := fmt.Sprintf("faction %s's %s %s", f.Slug, text.Kind, text.Slug)
			switch {
			case text.Kind == "ability" || automatic[text.Slug]:
				need(what, "faction", f.Slug)
			case text.Kind == "flagship" || text.Kind == "mech":
				if !hasUnit(f.Slug, text.Kind) {
					missing = append(missing, what)
				}
			case text.Kind == "unit":
				var match []jsonUnit
				for _, u := range f.Units {
					if strings.HasPrefix(regressSlug(u.Name), text.Slug) {
						match = append(match, u)
					}
				}
				if len(match) == 0 {
					t.Errorf("%s: no unit of the faction is named after it; the coverage rule needs one", what)
				}
				ok := false
				for _, u := range match {
					ok = ok || hasUnit(f.Slug, u.Kind, u.Upgraded)
				}
				if !ok {
					missing = append(missing, what)
				}
			default: // technology, leader, note, breakthrough
				need(what, "card", text.Slug)
			}
		}
		for _, b := range f.BoardStates {
			need(fmt.Sprintf("faction %s's board state %s", f.Slug, b.Slug), "card", b.Slug)
		}
	}
	for _, c := range cat.Cards {
		need(c.Kind+" "+c.Slug, "card", c.Slug)
	}
	cards := make([]string, 0, len(cat.Printings))
	for card := range cat.Printings {
		cards = append(cards, card)
	}
	sort.Strings(cards)
	for _, card := range cards {
		for _, value := range cat.Printings[card] {
			need(fmt.Sprintf("printing %s=%s", card, value), "printing", card, value)
		}
	}
	for _, r := range cat.Rulesets {
		need("ruleset "+r.Name, "ruleset", r.Name)
		if r.Name != "ti3-sa" {
			continue
		}
		techs := make([]string, 0, len(r.Technologies))
		for tech := range r.Technologies {
			techs = append(techs, tech)
		}
		sort.Strings(techs)
		for _, tech := range techs {
			need("TI3 technology "+tech, "ti3 technology", tech)
		}
		for _, u := range r.Units {
			need("TI3 unit "+u.Name, "ti3 unit", strings.ToLower(u.Name))
		}
	}
	for _, a := range cat.Actions {
		need("action "+a, "action", a)
	}
	for _, k := range cat.VaryKeys {
		need("--vary "+k, "vary key", k)
	}
	for _, k := range [][]string{
		{"command", "compare"}, {"command", "vote"},
		{"run", "exact"}, {"run", "prefer-exact"}, {"run", "Monte Carlo"}, {"run", "rounds"},
		{"side", "order"}, {"side", "retreat"}, {"side", "modifier"}, {"side", "damaged units"},
		{"side", "trade goods"}, {"side", "influence"}, {"side", "galvanized"},
		{"attacker", "adjacent PDS"}, {"defender", "adjacent PDS"}, {"attacker", "PDS in the system"},
		{"system", "nebula"}, {"system", "entropic scar"}, {"system", "cultural"}, {"system", "space mine"},
		{"vote mode", "preliminary"}, {"vote mode", "base"}, {"vote", "exact"}, {"vote", "simulated"},
		{"vote", "bribery"}, {"vote", "zeal"}, {"vote duel", "standard"}, {"vote duel", "first-round"},
	} {
		need(strings.Join(k, " "), k...)
	}
	return missing
}

// regressSlug turns a unit's name into the form of a text slug:
// "Strike Wing Alpha II" -> "strike-wing-alpha-ii".
func regressSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == '\'' || r == '.':
		default:
			dash = true
		}
	}
	return b.String()
}
