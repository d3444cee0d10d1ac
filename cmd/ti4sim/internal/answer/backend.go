package answer

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// Backend answers the service's requests (endpoint.Backend) with the same
// code as the command line, minus its flags: a document is decoded
// strictly (cmd/ti4sim/internal/scenario: every fault an error naming its
// JSON path), then answered by Combat, Compare, Advise or Vote within the
// request's limits, so a response is byte for byte what `-o json` prints
// for the same document and seed.
type Backend struct {
	catalogOnce sync.Once
	catalog     []byte
}

// NewBackend returns the backend.
func NewBackend() *Backend { return &Backend{} }

// Combat answers a combat document (POST /v1/combat).
func (b *Backend) Combat(ctx context.Context, body []byte, lim endpoint.Limits) ([]byte, error) {
	d, err := scenario.DecodeCombat(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	if err := checkRun(d.Run, 1, lim, "run"); err != nil {
		return nil, err
	}
	return answer(ctx, lim, func(e *Env, w io.Writer) error { return Combat(ctx, &d, e, report.JSON, w) })
}

// Compare answers a compare document (POST /v1/compare); trials count once
// per variant against the limit.
func (b *Backend) Compare(ctx context.Context, body []byte, lim endpoint.Limits) ([]byte, error) {
	d, err := scenario.DecodeCompare(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	variants := 1
	for _, v := range d.Vary {
		variants *= len(v.Values)
	}
	if err := checkRun(d.Scenario.Run, variants, lim, "scenario.run"); err != nil {
		return nil, err
	}
	return answer(ctx, lim, func(e *Env, w io.Writer) error { return Compare(ctx, &d, e, report.JSON, w) })
}

// Advise answers an advise document (POST /v1/advise). The trials of
// every fleet simulated count together against the limit (checked once
// the fleets are listed).
func (b *Backend) Advise(ctx context.Context, body []byte, lim endpoint.Limits) ([]byte, error) {
	d, err := scenario.DecodeAdvise(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	if err := checkRun(d.Scenario.Run, 1, lim, "scenario.run"); err != nil {
		return nil, err
	}
	return answer(ctx, lim, func(e *Env, w io.Writer) error { return Advise(ctx, &d, e, report.JSON, w) })
}

// Luck answers a luck document (POST /v1/luck): a battle's end (its run
// within the limits, as a combat's), a roll or the bot's totals.
func (b *Backend) Luck(ctx context.Context, body []byte, lim endpoint.Limits) ([]byte, error) {
	d, err := scenario.DecodeLuck(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	if d.Result != nil {
		if err := checkRun(d.Result.Scenario.Run, 1, lim, "result.scenario.run"); err != nil {
			return nil, err
		}
	}
	return answer(ctx, lim, func(e *Env, w io.Writer) error { return Luck(ctx, &d, e, report.JSON, w) })
}

// Vote answers a vote document (POST /v1/vote).
func (b *Backend) Vote(ctx context.Context, body []byte, lim endpoint.Limits) ([]byte, error) {
	d, err := scenario.DecodeVote(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	run := scenario.Run{Trials: d.Run.Trials, Exact: d.Run.Exact}
	if run.Trials == 0 {
		run.Trials = scenario.DefaultTrials // a vote's trials cap its precision run too
	}
	if err := checkRun(run, 1, lim, "run"); err != nil {
		return nil, err
	}
	return answer(ctx, lim, func(e *Env, w io.Writer) error { return Vote(ctx, &d, e, report.JSON, w) })
}

// answer runs one answer within the request's limits and returns its
// output; a document's fault is an InputError at its JSON path.
func answer(ctx context.Context, lim endpoint.Limits, run func(e *Env, w io.Writer) error) ([]byte, error) {
	var out bytes.Buffer
	progress := endpoint.ProgressOf(ctx)
	e := &Env{MaxTrials: lim.MaxTrials, MaxExactStates: lim.MaxExactStates, MaxDice: lim.MaxDice}
	if progress != nil {
		e.Progress = func(int64) func(done, total int64) { return progress }
	}
	if err := run(e, &out); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, inputError(err)
	}
	return out.Bytes(), nil
}

// importRequest is the body of POST /v1/import: a link, or a game.
type importRequest struct {
	// Link is a ti4battle.com share link or its query string.
	Link string `json:"link,omitempty"`
	// AsyncTI4 is an AsyncTI4 bot game and the tile whose battle to import.
	AsyncTI4 *asyncTI4Request `json:"asyncti4,omitempty"`
}

// asyncTI4Request is ti4sim import asyncti4's input: the save's or
// web-data's text (the service fetches no address), --tile, --planet and
// --attacker. The bot's own JSON documents, asyncti4.webdata and
// asyncti4.gamestate, are taken out of the body before it is decoded
// (splitBotDocuments) and read by their own readers.
type asyncTI4Request struct {
	Save     string `json:"save,omitempty"`
	Tile     string `json:"tile,omitempty"`
	Planet   string `json:"planet,omitempty"`
	Attacker string `json:"attacker,omitempty"`
	webData  json.RawMessage
	state    json.RawMessage
}

// importResponse is its answer: the document and what could not be
// mapped.
type importResponse struct {
	Scenario scenario.Combat `json:"scenario"`
	Warnings []string        `json:"warnings"`
}

// importWant is the request's form, named in its errors.
const importWant = ` (want {"link": "https://ti4battle.com/?..."} or {"asyncti4": {"save": "..." or "webdata": {...}, "tile": "310"}})`

// Import turns a ti4battle.com link, or the battle at a tile of an
// AsyncTI4 game, into a combat document (POST /v1/import):
// {"link": "..."} or {"asyncti4": {"save": "...", "tile": "..."}} (or
// "webdata": the bot's web-data; "gamestate" in place of the tile: its
// live combat) → {"scenario": {...}, "warnings": [...]}.
func (b *Backend) Import(ctx context.Context, body []byte) ([]byte, error) {
	rest, bot := splitBotDocuments(body)
	var req importRequest
	if err := scenario.DecodeJSON(bytes.NewReader(rest), &req); err != nil {
		path, msg := "", err.Error()
		var e *scenario.Error
		if errors.As(err, &e) {
			path, msg = e.Path, e.Msg
		}
		return nil, &endpoint.InputError{Path: path, Msg: msg + importWant}
	}
	if bot != nil && req.AsyncTI4 == nil {
		req.AsyncTI4 = &asyncTI4Request{}
	}
	if req.AsyncTI4 != nil {
		req.AsyncTI4.webData, req.AsyncTI4.state = bot["webdata"], bot["gamestate"]
	}
	var d scenario.Combat
	var warnings []string
	var err error
	switch {
	case req.AsyncTI4 != nil && req.Link != "":
		return nil, &endpoint.InputError{Path: "asyncti4", Msg: "give a link or an asyncti4 game, not both" + importWant}
	case req.AsyncTI4 != nil:
		d, warnings, err = importAsyncTI4(req.AsyncTI4)
	default:
		d, warnings, err = importer.TI4Battle(req.Link)
		if err != nil {
			err = &endpoint.InputError{Path: "link", Msg: err.Error()}
		}
	}
	if err != nil {
		return nil, err
	}
	if warnings == nil {
		warnings = []string{}
	}
	var out bytes.Buffer
	if err := json.NewEncoder(&out).Encode(importResponse{Scenario: d, Warnings: warnings}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// splitBotDocuments takes asyncti4.webdata and asyncti4.gamestate — the
// bot's own documents, whose many keys ti4sim does not read — out of an
// import body, leaving the rest for the strict decoding; a body where
// they are not (or that is not JSON, for the decoder to say so) is
// returned as it is. A null is taken for absent.
func splitBotDocuments(body []byte) ([]byte, map[string]json.RawMessage) {
	var top map[string]json.RawMessage
	var inner map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil || json.Unmarshal(top["asyncti4"], &inner) != nil {
		return body, nil
	}
	bot := map[string]json.RawMessage{}
	taken := false
	for _, k := range []string{"webdata", "gamestate"} {
		if v, ok := inner[k]; ok {
			if string(bytes.TrimSpace(v)) != "null" {
				bot[k] = v
			}
			delete(inner, k)
			taken = true
		}
	}
	if !taken {
		return body, nil
	}
	top["asyncti4"], _ = json.Marshal(inner)
	rest, err := json.Marshal(top)
	if err != nil {
		return body, nil
	}
	return rest, bot
}

// importAsyncTI4 reads the game (asyncti4.save or asyncti4.webdata) and
// imports the battle at the tile, or the live combat of asyncti4.gamestate;
// its errors name the field, and within the bot's documents the path.
func importAsyncTI4(r *asyncTI4Request) (scenario.Combat, []string, error) {
	fail := func(path string, err error) (scenario.Combat, []string, error) {
		var e *scenario.Error
		if errors.As(err, &e) && e.Path != "" && path != "asyncti4.save" {
			path = joinPath(path, e.Path)
			err = errors.New(e.Msg)
		}
		return scenario.Combat{}, nil, &endpoint.InputError{Path: path, Msg: err.Error()}
	}
	switch {
	case r.Save != "" && r.webData != nil:
		return fail("asyncti4.webdata", errors.New("give the save or the web-data, not both"))
	case r.Save == "" && r.webData == nil:
		return fail("asyncti4.save", errors.New(`give the game: its save's or web-data's text ("save"), or the web-data ("webdata": {...})`))
	case strings.TrimSpace(r.Tile) != "" && r.state != nil:
		return fail("asyncti4.gamestate", errors.New("the game state names the live combat: give it, or the tile, not both"))
	case strings.TrimSpace(r.Tile) == "" && r.state == nil:
		return fail("asyncti4.tile", errors.New(`give the tile's position, e.g. "310", or the bot's game state ("gamestate": {...}) naming the live combat`))
	}
	var g *importer.AsyncTI4Game
	var err error
	if r.webData != nil {
		if g, err = importer.ReadAsyncTI4WebData(bytes.NewReader(r.webData)); err != nil {
			return fail("asyncti4.webdata", err)
		}
	} else if g, err = importer.ReadAsyncTI4(strings.NewReader(r.Save)); err != nil {
		return fail("asyncti4.save", err)
	}
	opt := importer.AsyncTI4Options{Tile: r.Tile, Planet: r.Planet, Attacker: r.Attacker}
	var live []string
	if r.state != nil {
		st, err := importer.ReadAsyncTI4GameState(bytes.NewReader(r.state))
		if err != nil {
			return fail("asyncti4.gamestate", err)
		}
		if opt, live, err = importer.AsyncTI4LiveCombat(g, st); err != nil {
			return fail("asyncti4.gamestate", fmt.Errorf("%v: give the tile's position (asyncti4.tile)", err))
		}
		opt.Planet, opt.Attacker = cmp.Or(r.Planet, opt.Planet), cmp.Or(r.Attacker, opt.Attacker)
	}
	d, warnings, err := importer.AsyncTI4Battle(g, opt)
	if err != nil {
		return fail("asyncti4.tile", err)
	}
	return d, append(live, warnings...), nil
}

// joinPath puts a path of the bot's document below the request's field:
// asyncti4.webdata + tileUnitData.310 is asyncti4.webdata.tileUnitData.310.
func joinPath(base, path string) string {
	if strings.HasPrefix(path, "[") {
		return base + path
	}
	return base + "." + path
}

// Catalog lists what documents may name (GET /v1/catalog), encoded at the
// first call (most of a second in a browser, where the page reads the
// catalogue from a file instead).
func (b *Backend) Catalog() []byte {
	b.catalogOnce.Do(func() {
		var out bytes.Buffer
		if err := WriteCatalogJSON(&out); err != nil {
			panic(err) // encoding a value built in this package cannot fail
		}
		b.catalog = out.Bytes()
	})
	return b.catalog
}

// Schema returns a document's JSON Schema (GET /v1/schema/{name}).
func (b *Backend) Schema(name string) ([]byte, bool) { return scenario.Schema(name) }

// checkRun bounds the trials a run asks for: trials (the default when
// absent) times the variants, at most lim.MaxTrials. A precision target
// with no trials runs at most lim.MaxTrials (env.maxTrials).
func checkRun(r scenario.Run, variants int, lim endpoint.Limits, path string) error {
	if r.Exact {
		return nil
	}
	n := r.Trials
	if n == 0 {
		if r.Precision != 0 {
			return nil
		}
		n = scenario.DefaultTrials
	}
	if lim.MaxTrials > 0 && n*int64(variants) > lim.MaxTrials {
		if variants > 1 {
			return &endpoint.InputError{Path: path + ".trials", Msg: fmt.Sprintf("%d trials × %d variants; this service runs at most %d trials a request", n, variants, lim.MaxTrials)}
		}
		return &endpoint.InputError{Path: path + ".trials", Msg: fmt.Sprintf("%d trials; this service runs at most %d a request", n, lim.MaxTrials)}
	}
	return nil
}

// inputError turns a document's error into the service's; any other
// error (a fault of ti4sim, a busy service, the work limit) goes on as it
// is.
func inputError(err error) error {
	var e *scenario.Error
	if errors.As(err, &e) {
		return &endpoint.InputError{Path: e.Path, Msg: e.Msg}
	}
	return err
}
