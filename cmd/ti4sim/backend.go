package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/service"
	"github.com/ti4sim/ti4sim/units"
)

// backend answers the service's requests with the engine: it reads a
// scenario document, builds the library's input, runs it within the
// request's limits and renders the result with the command line's own
// JSON renderers, so that a document gives the bytes `-o json` gives for
// the same scenario and seed. Every fault of the document is a
// *service.InputError naming its JSON path.
type backend struct{}

func newBackend() backend { return backend{} }

// defaultTrials and defaultSeed are a document's run when it gives none
// (the command line's -n and --seed defaults).
const (
	defaultTrials = 100000
	defaultSeed   = 1
)

func inputErr(path, format string, a ...any) error {
	return &service.InputError{Path: path, Msg: fmt.Sprintf(format, a...)}
}

// decodeDocument decodes body into v strictly: an unknown field or a value
// of the wrong type is an InputError naming its JSON path.
func decodeDocument(body []byte, v any) error {
	var generic any
	if err := json.Unmarshal(body, &generic); err != nil {
		return inputErr("", "%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if err := shapeError(generic, reflect.TypeOf(v).Elem(), ""); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		return inputErr(te.Field, "%s out of range for %s", te.Value, jsonKind(te.Type))
	}
	return inputErr("", "%s", strings.TrimPrefix(err.Error(), "json: "))
}

// jsonKind names a Go type's JSON form.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a whole number"
}

// jsonValueKind names the kind of a decoded JSON value.
func jsonValueKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "true or false"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a number"
}

// shapeError checks the decoded JSON value v against the Go type t of the
// document at path: the first member t has no field for (members in
// sorted order), or value of the wrong JSON kind, is an InputError naming
// its path; null is accepted as absent.
func shapeError(v any, t reflect.Type, path string) error {
	if v == nil {
		return nil
	}
	join := func(k string) string { return strings.TrimPrefix(path+"."+k, ".") }
	wrong := func() error {
		return inputErr(path, "want %s, got %s", jsonKind(t), jsonValueKind(v))
	}
	switch t.Kind() {
	case reflect.Struct:
		x, ok := v.(map[string]any)
		if !ok {
			return wrong()
		}
		for _, k := range slices.Sorted(maps.Keys(x)) {
			f, ok := fieldByTag(t, k)
			if !ok {
				return inputErr(join(k), "unknown field %s; allowed: %s", echo.Quote(k), strings.Join(fieldNames(t), ", "))
			}
			if err := shapeError(x[k], f.Type, join(k)); err != nil {
				return err
			}
		}
	case reflect.Map:
		x, ok := v.(map[string]any)
		if !ok {
			return wrong()
		}
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if err := shapeError(x[k], t.Elem(), join(k)); err != nil {
				return err
			}
		}
	case reflect.Slice:
		x, ok := v.([]any)
		if !ok {
			return wrong()
		}
		for i, e := range x {
			if err := shapeError(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return wrong()
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return wrong()
		}
	case reflect.Float32, reflect.Float64:
		if _, ok := v.(float64); !ok {
			return wrong()
		}
	default: // whole numbers
		f, ok := v.(float64)
		if !ok || f != math.Trunc(f) {
			return wrong()
		}
	}
	return nil
}

// fieldNames are the JSON names of a struct type's fields.
func fieldNames(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// fieldByTag finds the struct field whose JSON name is name (encoding/json
// matches names case-insensitively; so does this).
func fieldByTag(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "" {
			tag = f.Name
		}
		if f.IsExported() && tag != "-" && strings.EqualFold(tag, name) {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// Combat answers a combat document as `ti4sim space|ground|invade -o json`.
func (backend) Combat(ctx context.Context, body []byte, lim service.Limits) ([]byte, error) {
	var doc scenario.Combat
	if err := decodeDocument(body, &doc); err != nil {
		return nil, err
	}
	sc, err := combatScenario(&doc)
	if err != nil {
		return nil, err
	}
	o, err := runOptions(doc.Run, lim, true)
	if err != nil {
		return nil, err
	}
	var res combat.Result
	if doc.Run.Exact {
		if res, err = combat.SolveWithin(ctx, sc, lim.MaxExactStates); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, inputErr("run.exact", "%v", err)
		}
	} else if res, err = combat.Run(ctx, sc, o); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	var out bytes.Buffer
	if err := writeCombatJSON(&out, sc, res); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// runOptions checks a document's run against the request's limits and
// returns the Monte Carlo options (the command line's rules: exact takes no
// trials, seed or precision; a precision run without trials runs up to the
// most allowed). rounds says whether run.rounds may be given.
func runOptions(r scenario.Run, lim service.Limits, rounds bool) (combat.Options, error) {
	o := combat.Options{Trials: r.Trials, Seed: r.Seed, Precision: r.Precision}
	switch {
	case r.Exact && r.Trials != 0:
		return o, inputErr("run.trials", "exact computes without trials; leave out trials")
	case r.Exact && r.Seed != 0:
		return o, inputErr("run.seed", "exact draws no random numbers; leave out seed")
	case r.Exact && r.Precision != 0:
		return o, inputErr("run.precision", "precision has no meaning with exact: an exact answer has no sampling error")
	case r.Trials < 0 || r.Trials > combat.MaxTrials:
		return o, inputErr("run.trials", "%d out of range: allowed 1..%d", r.Trials, int64(combat.MaxTrials))
	case r.Trials > lim.MaxTrials:
		return o, inputErr("run.trials", "%d trials: this service allows at most %d a request", r.Trials, lim.MaxTrials)
	case r.Precision < 0 || r.Precision >= 0.5:
		return o, inputErr("run.precision", "%v out of range: allowed 0 < P < 0.5 (e.g. 0.001)", r.Precision)
	case !rounds && r.Rounds != 0:
		return o, inputErr("run.rounds", "a vote has no rounds; leave out rounds")
	case r.Rounds < 0 || r.Rounds > combat.RoundCap:
		return o, inputErr("run.rounds", "%d out of range: allowed 1..%d", r.Rounds, combat.RoundCap)
	}
	if r.Exact {
		return o, nil // no trials: the trial limit does not apply
	}
	if o.Seed == 0 {
		o.Seed = defaultSeed
	}
	if o.Trials == 0 {
		o.Trials = defaultTrials
		if r.Precision > 0 {
			o.Trials = min(lim.MaxTrials, combat.MaxTrials)
		}
	}
	if o.Trials > lim.MaxTrials {
		return o, inputErr("run.trials", "%d trials (the default): this service allows at most %d a request; give trials", o.Trials, lim.MaxTrials)
	}
	return o, nil
}

// combatScenario builds and validates the library's scenario from doc.
func combatScenario(doc *scenario.Combat) (combat.Scenario, error) {
	var sc combat.Scenario
	if doc.Version != scenario.Version {
		return sc, inputErr("version", "%d: this service reads version %d", doc.Version, scenario.Version)
	}
	switch doc.Action {
	case scenario.ActionSpace:
		sc.Action = combat.SpaceCombat
	case scenario.ActionGround:
		sc.Action = combat.GroundCombat
	case scenario.ActionInvade:
		sc.Action = combat.Invasion
	default:
		return sc, inputErr("action", "%s: allowed space, ground, invade", echo.Quote(doc.Action))
	}
	ruleset := doc.Ruleset
	if ruleset == "" {
		ruleset = rulesetTI4
	}
	game, err := combat.ParseGame(ruleset)
	if err != nil {
		return sc, inputErr("ruleset", "%v", err)
	}
	var items []string
	for _, k := range slices.Sorted(maps.Keys(doc.Printings)) {
		item := k + "=" + doc.Printings[k]
		if _, err := combat.ParseRules([]string{item}); err != nil {
			return sc, inputErr("printings."+k, "%v", err)
		}
		items = append(items, item)
	}
	if sc.Rules, err = combat.ParseRules(items); err != nil {
		return sc, inputErr("printings", "%v", err)
	}
	sc.Rules.Game = game
	sc.Nebula, sc.EntropicScar, sc.Cultural, sc.SpaceMine = doc.System.Nebula, doc.System.EntropicScar, doc.System.Cultural, doc.System.SpaceMine
	if sc.SpaceMine && game != combat.GameTI3SA {
		return sc, inputErr("system.space_mine", "space mines exist only in ruleset ti3-sa")
	}
	if doc.Run.Rounds < 0 || doc.Run.Rounds > combat.RoundCap {
		return sc, inputErr("run.rounds", "%d out of range: allowed 1..%d", doc.Run.Rounds, combat.RoundCap)
	}
	sc.MaxRounds = doc.Run.Rounds
	if sc.Attacker, err = combatSide("attacker", &doc.Attacker, game); err != nil {
		return sc, err
	}
	if sc.Defender, err = combatSide("defender", &doc.Defender, game); err != nil {
		return sc, err
	}
	if doc.Defender.PDS != 0 {
		return sc, inputErr("defender.pds", "the defender's PDS on the contested planet go in its fleet")
	}
	if err := sc.Validate(); err != nil {
		msg := err.Error()
		for _, side := range []string{"attacker", "defender"} {
			if rest, ok := strings.CutPrefix(msg, side+": "); ok {
				return sc, inputErr(side, "%s", rest)
			}
		}
		return sc, inputErr("", "%s", msg)
	}
	return sc, nil
}

// combatSide builds one side from its part of the document, at path name.
func combatSide(name string, d *scenario.Side, g combat.Game) (combat.Side, error) {
	var s combat.Side
	var err error
	if len(d.Fleet) == 0 {
		return s, inputErr(name+".fleet", "empty fleet: give units, e.g. [{\"unit\": \"dreadnought\", \"count\": 2}]")
	}
	if s.Fleet, err = fleetOf(name+".fleet", d.Fleet, g); err != nil {
		return s, err
	}
	if len(d.Galvanized) > 0 {
		if s.Galvanized, err = fleetOf(name+".galvanized", d.Galvanized, g); err != nil {
			return s, err
		}
	}
	if d.Faction != "" {
		if s.Faction, err = units.LookupFaction(d.Faction); err != nil {
			return s, inputErr(name+".faction", "%v", err)
		}
	}
	s.Techs = slices.Clone(d.Technologies)
	for i, c := range d.Cards {
		switch {
		case c.Copies < 0:
			return s, inputErr(fmt.Sprintf("%s.cards[%d].copies", name, i), "%d out of range: at least 1 (absent: 1)", c.Copies)
		case c.Copies > 0:
			s.Cards = append(s.Cards, c.Name+":"+strconv.Itoa(c.Copies))
		default:
			s.Cards = append(s.Cards, c.Name)
		}
	}
	if d.Order != "" {
		if s.Order, err = combat.ParseOrderFor(g, d.Order); err != nil {
			return s, inputErr(name+".order", "%v", err)
		}
	}
	if s.Retreat, err = combat.ParseRetreat(d.Retreat); err != nil {
		return s, inputErr(name+".retreat", "%v", err)
	}
	for _, b := range []struct {
		field   string
		n, most int
		dst     *int
		least   int
	}{
		{"modifier", d.Modifier, combat.MaxModifier, &s.Modifier, -combat.MaxModifier},
		{"trade_goods", d.TradeGoods, combat.MaxBudget, &s.TradeGoods, 0},
		{"influence", d.Influence, combat.MaxBudget, &s.Influence, 0},
		{"adjacent_pds", d.AdjacentPDS, combat.MaxAdjacentPDS, &s.AdjacentPDS, 0},
		{"pds", d.PDS, combat.MaxAdjacentPDS, &s.SystemPDS, 0},
	} {
		if b.n < b.least || b.n > b.most {
			return s, inputErr(name+"."+b.field, "%d out of range: allowed %d..%d", b.n, b.least, b.most)
		}
		*b.dst = b.n
	}
	return s, nil
}

// fleetOf builds a fleet from a document's units at path.
func fleetOf(path string, us []scenario.Units, g combat.Game) (units.Fleet, error) {
	parse := units.ParseKind
	if g == combat.GameTI3SA {
		parse = units.ParseKindTI3
	}
	var groups []units.Group
	for i, u := range us {
		p := fmt.Sprintf("%s[%d]", path, i)
		k, up, err := parse(u.Unit)
		if err != nil {
			return units.Fleet{}, inputErr(p+".unit", "%v", err)
		}
		if u.Count < 1 || u.Count > 99 {
			return units.Fleet{}, inputErr(p+".count", "%d out of range: allowed 1..99", u.Count)
		}
		if u.Damaged < 0 || u.Damaged > u.Count {
			return units.Fleet{}, inputErr(p+".damaged", "%d out of range: allowed 0..%d (the count)", u.Damaged, u.Count)
		}
		groups = append(groups, units.Group{Kind: k, Upgraded: up || u.Upgraded, Count: u.Count, Damaged: u.Damaged})
	}
	f, err := units.NewFleet(groups...)
	if err != nil {
		return f, inputErr(path, "%v", err)
	}
	return f, nil
}

// Vote answers a vote document as `ti4sim vote -o json`.
func (backend) Vote(ctx context.Context, body []byte, lim service.Limits) ([]byte, error) {
	var doc scenario.Vote
	if err := decodeDocument(body, &doc); err != nil {
		return nil, err
	}
	a, err := voteAgenda(&doc)
	if err != nil {
		return nil, err
	}
	o, err := runOptions(doc.Run, lim, false)
	if err != nil {
		return nil, err
	}
	if doc.Run.Precision > 0 && doc.Run.Trials == 0 {
		o.Trials = defaultTrials // vote's -n stays the most trials with --precision
	}
	var r agenda.Result
	if doc.Run.Exact {
		r, err = agenda.Exact(ctx, a)
		if errors.Is(err, agenda.ErrTooLarge) && ctx.Err() == nil {
			return nil, inputErr("run.exact", "%v; leave out exact to simulate it", err)
		}
	} else {
		r, err = agenda.Simulate(ctx, a, agenda.Options{Trials: o.Trials, Seed: o.Seed, Precision: o.Precision})
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	var out bytes.Buffer
	if err := writeVoteJSON(&out, &a, &r); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// voteAgenda builds and validates the agenda of a vote document, as the
// vote command does from its flags.
func voteAgenda(doc *scenario.Vote) (agenda.Agenda, error) {
	var a agenda.Agenda
	var err error
	if doc.Version != scenario.Version {
		return a, inputErr("version", "%d: this service reads version %d", doc.Version, scenario.Version)
	}
	mode := doc.Mode
	if mode == "" {
		mode = "preliminary"
	}
	if a.Procedure, err = agenda.ParseProcedure(mode); err != nil {
		return a, inputErr("mode", "%v", err)
	}
	outcomes := doc.Outcomes
	if len(outcomes) == 0 {
		outcomes = []string{"for", "against"}
	}
	if a.Outcomes, err = agenda.ParseOutcomes(strings.Join(outcomes, ",")); err != nil {
		return a, inputErr("outcomes", "%v", err)
	}
	if len(doc.Voters) == 0 {
		return a, inputErr("voters", "no voter; give one per player, e.g. \"sol:5:for=0.5,against=0.5\"")
	}
	if len(doc.Voters) > agenda.MaxVoters {
		return a, inputErr("voters", "%d voters: allowed 1..%d", len(doc.Voters), agenda.MaxVoters)
	}
	for i, spec := range doc.Voters {
		p := fmt.Sprintf("voters[%d]", i)
		v, err := agenda.ParseVoter(spec, a.Outcomes)
		if err != nil {
			return a, inputErr(p, "%v", err)
		}
		if a.VoterIndex(v.Name) >= 0 {
			return a, inputErr(p, "duplicate voter %s (names are case-insensitive)", echo.Quote(v.Name))
		}
		a.Voters = append(a.Voters, v)
	}
	if doc.Speaker != "" {
		if a.Speaker = a.VoterIndex(strings.TrimSpace(doc.Speaker)); a.Speaker < 0 {
			return a, inputErr("speaker", "%s is not a voter: voters are %s", echo.Quote(doc.Speaker), voteVoterNames(&a))
		}
	}
	if len(doc.SpeakerPrefers) > 0 {
		if a.SpeakerPrefers, err = agenda.ParsePreference(strings.Join(doc.SpeakerPrefers, ","), a.Outcomes); err != nil {
			return a, inputErr("speaker_prefers", "%v", err)
		}
	}
	for i, spec := range doc.Bribery {
		p := fmt.Sprintf("bribery[%d]", i)
		b, err := agenda.ParseBribe(spec, a.Voters)
		if err != nil {
			return a, inputErr(p, "%v", err)
		}
		for _, o := range a.Bribery {
			if o.Voter == b.Voter {
				return a, inputErr(p, "%s already holds Bribery", a.Voters[b.Voter].Name)
			}
		}
		a.Bribery = append(a.Bribery, b)
	}
	a.Players = doc.Players
	if err := a.Validate(); err != nil {
		return a, inputErr("", "%v", err)
	}
	if doc.Duel != "" {
		if a.Duel, err = agenda.ParseDuelDie(strings.ToLower(strings.TrimSpace(doc.Duel))); err != nil {
			return a, inputErr("duel", "%v", err)
		}
		if err := a.Validate(); err != nil {
			return a, inputErr("duel", "%v; allowed with exactly 2 voters, 2 outcomes and 2 players (or players left out), no bribery", err)
		}
	}
	return a, nil
}

// Catalog lists what documents may name: the rulesets, actions, factions,
// technologies, cards (as `ti4sim cards -o json`) and the generic units
// (as `ti4sim units -o json`).
func (backend) Catalog() []byte {
	var us bytes.Buffer
	writeUnitsJSON(&us, units.NoFaction()) // a bytes.Buffer never fails
	b, _ := json.Marshal(struct {
		Version      int             `json:"version"`
		Rulesets     []string        `json:"rulesets"`
		Actions      []string        `json:"actions"`
		Factions     []string        `json:"factions"`
		Technologies []string        `json:"technologies"`
		Cards        []jsonCard      `json:"cards"`
		Units        json.RawMessage `json:"units"`
	}{scenario.Version, rulesets, []string{scenario.ActionSpace, scenario.ActionGround, scenario.ActionInvade},
		units.FactionNames(), combat.Technologies(), catalogCards(), bytes.TrimSpace(us.Bytes())})
	return append(b, '\n')
}

// Schema returns the JSON Schema of a document kind: combat, compare or
// vote.
func (backend) Schema(name string) ([]byte, bool) {
	s, ok := documentSchemas[name]
	return s, ok
}

func catalogCards() []jsonCard {
	out := []jsonCard{}
	for _, c := range combat.Cards() {
		out = append(out, jsonCard{c.Slug, c.Name, string(c.Kind), c.Copies, c.Effect})
	}
	return out
}

// Compare answers a comparison document as `ti4sim compare -o json`: the
// base combat becomes the command line's flags, and the CLI's variant
// builder applies each combination of the varied values to them.
func (backend) Compare(ctx context.Context, body []byte, lim service.Limits) ([]byte, error) {
	var doc scenario.Compare
	if err := decodeDocument(body, &doc); err != nil {
		return nil, err
	}
	if doc.Version != scenario.Version {
		return nil, inputErr("version", "%d: this service reads version %d", doc.Version, scenario.Version)
	}
	base := &doc.Scenario
	if _, err := combatScenario(base); err != nil {
		var in *service.InputError
		if errors.As(err, &in) {
			in.Path = strings.TrimSuffix("scenario."+in.Path, ".")
		}
		return nil, err
	}
	switch r := base.Run; {
	case r.Exact:
		return nil, inputErr("scenario.run.exact", "a comparison is simulated: leave out exact and give trials")
	case r.Precision != 0:
		return nil, inputErr("scenario.run.precision", "a comparison runs a fixed number of trials: leave out precision and give trials")
	}
	o, err := runOptions(base.Run, lim, true)
	if err != nil {
		var in *service.InputError
		if errors.As(err, &in) {
			in.Path = "scenario." + in.Path
		}
		return nil, err
	}
	vs, err := compareVaries(&doc)
	if err != nil {
		return nil, err
	}
	act := map[string]combat.Action{scenario.ActionSpace: combat.SpaceCombat, scenario.ActionGround: combat.GroundCombat, scenario.ActionInvade: combat.Invasion}[base.Action]
	args, err := combatArgs(base)
	if err != nil {
		return nil, err
	}
	names, scs, err := variants(args, act, example{}, vs)
	if err != nil {
		return nil, inputErr("vary", "%v", err)
	}
	if len(scs) > combat.MaxVariants {
		return nil, inputErr("vary", "%d variants; at most %d", len(scs), combat.MaxVariants)
	}
	if total := o.Trials * int64(len(scs)); total > lim.MaxTrials {
		return nil, inputErr("scenario.run.trials", "%d trials × %d variants = %d: this service allows at most %d trials a request", o.Trials, len(scs), total, lim.MaxTrials)
	}
	cmp, err := combat.Compare(ctx, scs, combat.Options{Trials: o.Trials, Seed: o.Seed})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	var out bytes.Buffer
	if err := writeCompareJSON(&out, act, names, scs, cmp); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// compareVaries checks a comparison's vary list as compare --vary does.
func compareVaries(doc *scenario.Compare) ([]vary, error) {
	if len(doc.Vary) == 0 {
		return nil, inputErr("vary", "nothing varies: give at least one {\"key\": ..., \"values\": [...]}")
	}
	side := map[string]*scenario.Side{"attacker": &doc.Scenario.Attacker, "defender": &doc.Scenario.Defender}
	var vs []vary
	for i, v := range doc.Vary {
		p := fmt.Sprintf("vary[%d]", i)
		k := strings.ToLower(strings.TrimSpace(v.Key))
		if k == "x-89" {
			k = "x89"
		}
		if !slices.Contains(varyKeys, k) {
			return nil, inputErr(p+".key", "unknown key %s; allowed: %s", echo.Quote(v.Key), strings.Join(varyKeys, ", "))
		}
		for _, w := range vs {
			if w.key == k {
				return nil, inputErr(p+".key", "%s varied twice", k)
			}
		}
		if who, what, ok := strings.Cut(k, "-"); ok && (what == "tech" && len(side[who].Technologies) > 0 || what == "card" && len(side[who].Cards) > 0) {
			return nil, inputErr(p+".key", "%s is both in the scenario and varied; give its values only here", k)
		}
		if k == "ruleset" && doc.Scenario.Ruleset != "" {
			return nil, inputErr(p+".key", "ruleset is both in the scenario and varied; give its values only here")
		}
		if len(v.Values) < 2 {
			return nil, inputErr(p+".values", "give at least two values to compare")
		}
		for j, val := range v.Values {
			val = strings.TrimSpace(val)
			if val == "" && (k == "attacker" || k == "defender") {
				return nil, inputErr(fmt.Sprintf("%s.values[%d]", p, j), "empty fleet")
			}
			for _, prev := range v.Values[:j] {
				if strings.EqualFold(strings.TrimSpace(prev), val) {
					return nil, inputErr(fmt.Sprintf("%s.values[%d]", p, j), "%s given twice; each value is one variant", echo.Quote(val))
				}
			}
		}
		vals := make([]string, len(v.Values))
		for j, val := range v.Values {
			vals[j] = strings.TrimSpace(val)
		}
		vs = append(vs, vary{key: k, values: vals})
	}
	return vs, nil
}

// combatArgs writes a combat document (already checked by combatScenario)
// as the command line's scenario and run flags.
func combatArgs(doc *scenario.Combat) ([]string, error) {
	var args []string
	flag := func(name string, v any) { args = append(args, fmt.Sprintf("--%s=%v", name, v)) }
	if doc.Ruleset != "" {
		flag("ruleset", doc.Ruleset)
	}
	game, _ := combat.ParseGame(orDefault(doc.Ruleset, rulesetTI4))
	for _, k := range slices.Sorted(maps.Keys(doc.Printings)) {
		flag("rules", k+"="+doc.Printings[k])
	}
	for name, on := range map[string]bool{"nebula": doc.System.Nebula, "entropic-scar": doc.System.EntropicScar, "cultural": doc.System.Cultural, "space-mine": doc.System.SpaceMine} {
		if on {
			flag(name, true)
		}
	}
	for _, sd := range []struct {
		name string
		s    *scenario.Side
	}{{"attacker", &doc.Attacker}, {"defender", &doc.Defender}} {
		n, s := sd.name, sd.s
		f, err := fleetOf(n+".fleet", s.Fleet, game)
		if err != nil {
			return nil, err
		}
		flag(n, fleetText(game, f))
		if len(s.Galvanized) > 0 {
			g, err := fleetOf(n+".galvanized", s.Galvanized, game)
			if err != nil {
				return nil, err
			}
			flag(n+"-galvanized", fleetText(game, g))
		}
		if s.Faction != "" {
			flag(n+"-faction", s.Faction)
		}
		for _, t := range s.Technologies {
			flag(n+"-tech", t)
		}
		for _, c := range s.Cards {
			if c.Copies > 0 {
				flag(n+"-card", c.Name+":"+strconv.Itoa(c.Copies))
			} else {
				flag(n+"-card", c.Name)
			}
		}
		for name, v := range map[string]string{"order": s.Order, "retreat": s.Retreat} {
			if v != "" {
				flag(n+"-"+name, v)
			}
		}
		for name, v := range map[string]int{"modifier": s.Modifier, "trade-goods": s.TradeGoods, "influence": s.Influence, "adjacent-pds": s.AdjacentPDS, "pds": s.PDS} {
			if v != 0 {
				flag(n+"-"+name, v)
			}
		}
	}
	if doc.Run.Rounds != 0 {
		flag("rounds", doc.Run.Rounds)
	}
	return args, nil
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
