package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/service"
)

// backend answers the service's requests with the command line's own code:
// a document is decoded strictly (internal/scenario: every fault an
// InputError naming its JSON path), then run as the flags it stands for
// (scenario.Combat.Args) through the command, within the request's limits,
// so a response is byte for byte what `-o json` prints for the same
// document and seed.
type backend struct {
	catalog []byte
}

func newBackend() *backend {
	var b bytes.Buffer
	if err := writeCatalogJSON(&b); err != nil {
		panic(err) // encoding a value built in this package cannot fail
	}
	return &backend{catalog: b.Bytes()}
}

// Combat answers a combat document (POST /v1/combat).
func (b *backend) Combat(ctx context.Context, body []byte, lim service.Limits) ([]byte, error) {
	d, err := scenario.DecodeCombat(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	if err := checkRun(d.Run, 1, lim, "run"); err != nil {
		return nil, err
	}
	return b.run(ctx, append([]string{commandOf[d.Action]}, d.Args()...), lim, "")
}

// Compare answers a compare document (POST /v1/compare); trials count once
// per variant against the limit.
func (b *backend) Compare(ctx context.Context, body []byte, lim service.Limits) ([]byte, error) {
	d, err := scenario.DecodeCompare(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	switch {
	case d.Scenario.Run.Exact:
		return nil, &service.InputError{Path: "scenario.run.exact", Msg: "a comparison is simulated: give trials, not exact"}
	case d.Scenario.Run.PreferExact:
		return nil, &service.InputError{Path: "scenario.run.prefer_exact", Msg: "a comparison is simulated: give trials, not prefer_exact"}
	case d.Scenario.Run.Precision != 0:
		return nil, &service.InputError{Path: "scenario.run.precision", Msg: "a comparison is simulated: give trials, not a precision"}
	}
	variants := 1
	for _, v := range d.Vary {
		variants *= len(v.Values)
	}
	if err := checkRun(d.Scenario.Run, variants, lim, "scenario.run"); err != nil {
		return nil, err
	}
	return b.run(ctx, append([]string{"compare", d.Scenario.Action}, d.Args()...), lim, "scenario")
}

// Advise answers an advise document (POST /v1/advise). The trials of
// every fleet simulated count together against the limit (checked once
// the fleets are listed).
func (b *backend) Advise(ctx context.Context, body []byte, lim service.Limits) ([]byte, error) {
	d, err := scenario.DecodeAdvise(bytes.NewReader(body))
	if err != nil {
		return nil, inputError(err)
	}
	if err := checkRun(d.Scenario.Run, 1, lim, "scenario.run"); err != nil {
		return nil, err
	}
	return b.run(ctx, append([]string{"advise", d.Scenario.Action}, d.Args()...), lim, "scenario")
}

// Vote answers a vote document (POST /v1/vote).
func (b *backend) Vote(ctx context.Context, body []byte, lim service.Limits) ([]byte, error) {
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
	out, err := b.run(ctx, append([]string{"vote"}, d.Args()...), lim, "")
	var in *service.InputError
	if errors.As(err, &in) {
		// A voter's or a briber's fault: the item it quotes.
		for _, list := range []struct {
			path  string
			items []string
		}{{"voters", d.Voters}, {"bribery", d.Bribery}} {
			for i, it := range list.items {
				if in.Path == list.path && strings.Contains(in.Msg, echo.Quote(it)) {
					in.Path = fmt.Sprintf("%s[%d]", list.path, i)
				}
			}
		}
	}
	return out, err
}

// importRequest is the body of POST /v1/import.
type importRequest struct {
	// Link is a ti4battle.com share link or its query string.
	Link string `json:"link"`
}

// importResponse is its answer: the document and what could not be
// mapped.
type importResponse struct {
	Scenario scenario.Combat `json:"scenario"`
	Warnings []string        `json:"warnings"`
}

// Import turns a ti4battle.com link into a combat document
// (POST /v1/import): {"link": "..."} → {"scenario": {...}, "warnings": [...]}.
func (b *backend) Import(ctx context.Context, body []byte) ([]byte, error) {
	var req importRequest
	if err := scenario.DecodeJSON(bytes.NewReader(body), &req); err != nil {
		path, msg := "", err.Error()
		var e *scenario.Error
		if errors.As(err, &e) {
			path, msg = e.Path, e.Msg
		}
		return nil, &service.InputError{Path: path, Msg: msg + ` (want {"link": "https://ti4battle.com/?..."})`}
	}
	d, warnings, err := importer.TI4Battle(req.Link)
	if err != nil {
		return nil, &service.InputError{Path: "link", Msg: err.Error()}
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

// Catalog lists what documents may name (GET /v1/catalog).
func (b *backend) Catalog() []byte { return b.catalog }

// Schema returns a document's JSON Schema (GET /v1/schema/{name}).
func (b *backend) Schema(name string) ([]byte, bool) { return scenario.Schema(name) }

// checkRun bounds the trials a run asks for: trials (the default when
// absent) times the variants, at most lim.MaxTrials. A precision target
// with no trials runs at most lim.MaxTrials (env.maxTrials).
func checkRun(r scenario.Run, variants int, lim service.Limits, path string) error {
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
			return &service.InputError{Path: path + ".trials", Msg: fmt.Sprintf("%d trials × %d variants; this service runs at most %d trials a request", n, variants, lim.MaxTrials)}
		}
		return &service.InputError{Path: path + ".trials", Msg: fmt.Sprintf("%d trials; this service runs at most %d a request", n, lim.MaxTrials)}
	}
	return nil
}

// run runs one command line in-process with -o json and returns its
// output; a usage error is an InputError at the JSON path of the flag it
// names. under is where the combat sits in the document ("scenario" in a
// compare or advise document, "" in a combat document): a combat flag's
// path goes under it, the document's own fields (vary, limits, target,
// keep, method) do not.
func (b *backend) run(ctx context.Context, args []string, lim service.Limits, under string) ([]byte, error) {
	c := lookupCommand(args[0])
	var out bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard, maxTrials: lim.MaxTrials, maxExactStates: lim.MaxExactStates, maxDice: lim.MaxDice,
		onProgress: service.ProgressOf(ctx)}
	if err := c.run(ctx, c, append(args[1:], "-o", "json"), e); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var ue *usageError
		if errors.As(err, &ue) {
			path, msg := flagPath(ue.msg)
			if top, _, _ := strings.Cut(path, "."); under != "" && path != "" && !documentFields[top] {
				path = under + "." + path
			}
			return nil, &service.InputError{Path: path, Msg: msg}
		}
		return nil, err
	}
	return out.Bytes(), nil
}

// inputError turns a document's error into the service's.
func inputError(err error) error {
	var e *scenario.Error
	if errors.As(err, &e) {
		return &service.InputError{Path: e.Path, Msg: e.Msg}
	}
	return &service.InputError{Msg: err.Error()}
}

// flagPrefix is a command-line error's leading names: "vote: ", the flag.
var flagPrefix = regexp.MustCompile(`^(?:(?:vote|compare|advise): )?(--[a-z0-9-]+)(?: (?:"[^"]*"|[^ :"]+))*: |^(attacker|defender): |^variant `)

// flagPaths are the JSON paths of the flags a document is run through.
var flagPaths = map[string]string{
	"--attacker": "attacker.fleet", "--defender": "defender.fleet", "--rules": "printings", "--ruleset": "ruleset",
	"--nebula": "system.nebula", "--entropic-scar": "system.entropic_scar", "--cultural": "system.cultural", "--space-mine": "system.space_mine",
	"--attacker-pds": "attacker.pds", "--trials": "run.trials", "--seed": "run.seed", "--exact": "run.exact", "--prefer-exact": "run.prefer_exact",
	"--precision": "run.precision", "--rounds": "run.rounds", "--vary": "vary",
	"--voter": "voters", "--speaker": "speaker", "--speaker-prefers": "speaker_prefers", "--bribery": "bribery",
	"--mode": "mode", "--outcomes": "outcomes", "--players": "players", "--duel": "duel",
	"--resources": "limits.resources", "--production": "limits.production", "--space-dock": "limits.space_dock",
	"--fleet-pool": "limits.fleet_pool", "--supply": "limits.supply", "--build": "limits.build", "--war-sun": "limits.war_sun",
	"--target": "target", "--keep": "keep", "--method": "method",
}

// documentFields are the fields of a compare or advise document beside
// its combat (flagPath's paths of their flags).
var documentFields = map[string]bool{"vary": true, "limits": true, "target": true, "keep": true, "method": true}

// sideFlags map a side's flags to the fields of its document.
var sideFlags = map[string]string{
	"faction": "faction", "tech": "technologies", "card": "cards", "order": "order", "policy": "policy", "retreat": "retreat",
	"modifier": "modifier", "trade-goods": "trade_goods", "influence": "influence", "galvanized": "galvanized",
	"adjacent-pds": "adjacent_pds",
}

// flagPath finds the JSON path of the input a command-line error names,
// and the message without the flag's name.
func flagPath(msg string) (string, string) {
	m := flagPrefix.FindStringSubmatch(msg)
	switch {
	case m == nil:
		return "", msg
	case m[0] == "variant ":
		return "vary", msg
	case m[2] != "":
		return m[2], msg
	}
	flag := m[1]
	if p, ok := flagPaths[flag]; ok {
		return p, msg
	}
	for _, side := range []string{"attacker", "defender"} {
		if rest, ok := strings.CutPrefix(flag, "--"+side+"-"); ok {
			if f, ok := sideFlags[rest]; ok {
				return side + "." + f, msg
			}
		}
	}
	return "", msg
}
