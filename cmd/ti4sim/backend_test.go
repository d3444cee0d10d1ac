package main

import (
	"context"
	"errors"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
)

var testLimits = endpoint.Limits{MaxTrials: 1_000_000, MaxExactStates: 1 << 20}

// TestBackendMatchesCLI: a document and the command line that says the
// same thing give the same bytes (space by Monte Carlo, ground with
// technologies and cards, an exact invasion, a round-limited combat with
// an order and a retreat, a TI3 combat, and votes).
func TestBackendMatchesCLI(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, doc string
		args      []string
		vote      bool
	}{
		{"space", `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"carrier","count":3},{"unit":"fighter","count":6}]},"defender":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"destroyer","count":2},{"unit":"fighter","count":3},{"unit":"space dock","count":1}]},"run":{"trials":5000,"seed":7}}`,
			[]string{"space", "-a", "3 carrier, 6 fighter", "-d", "1 dreadnought, 2 destroyer, 3 fighter, 1 space dock", "-n", "5000", "--seed", "7", "-o", "json"}, false},
		{"ground with faction, tech and card", `{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":4,"upgraded":true},{"unit":"mech","count":1}],"faction":"sol","technologies":["infantry-ii"],"modifier":1},"defender":{"fleet":[{"unit":"infantry","count":3}],"cards":[{"name":"morale-boost","copies":1}]},"run":{"trials":3000}}`,
			[]string{"ground", "-a", "4 infantry II, 1 mech", "-d", "3 infantry", "--attacker-faction", "sol", "--attacker-tech", "infantry-ii", "--attacker-modifier", "1", "--defender-card", "morale-boost:1", "-n", "3000", "-o", "json"}, false},
		{"best hit assignment", `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3,"upgraded":true},{"unit":"fighter","count":2},{"unit":"carrier","count":1}],"technologies":["cruiser-ii"],"policy":"optimal"},"defender":{"fleet":[{"unit":"dreadnought","count":2},{"unit":"fighter","count":2}]}}`,
			[]string{"space", "-a", "3 cruiser II, 2 fighter, 1 carrier", "--attacker-tech", "cruiser-ii", "-d", "2 dreadnought, 2 fighter", "--attacker-policy", "optimal", "-o", "json"}, false},
		{"best retreat", `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"cruiser","count":2},{"unit":"fighter","count":2},{"unit":"carrier","count":1}],"retreat":"best"},"defender":{"fleet":[{"unit":"dreadnought","count":2},{"unit":"cruiser","count":2}]}}`,
			[]string{"space", "-a", "1 dreadnought, 2 cruiser, 2 fighter, 1 carrier", "-d", "2 dreadnought, 2 cruiser", "--attacker-retreat", "best", "-o", "json"}, false},
		{"exact invasion", `{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"carrier","count":1},{"unit":"infantry","count":3}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]},"run":{"exact":true}}`,
			[]string{"invade", "-a", "1 dreadnought, 1 carrier, 3 infantry", "-d", "2 infantry, 1 pds", "--exact", "-o", "json"}, false},
		{"rounds, order, retreat, nebula", `{"version":1,"action":"space","system":{"nebula":true},"attacker":{"fleet":[{"unit":"dreadnought","count":2,"damaged":1},{"unit":"fighter","count":4}],"order":"fighter, dreadnought, sustain=last","retreat":"after=2"},"defender":{"fleet":[{"unit":"cruiser","count":3}]},"run":{"trials":2000,"seed":3,"rounds":3}}`,
			[]string{"space", "-a", "2 dreadnought (1 damaged), 4 fighter", "-d", "3 cruiser", "--nebula", "--attacker-order", "fighter, dreadnought, sustain=last", "--attacker-retreat", "after=2", "--rounds", "3", "-n", "2000", "--seed", "3", "-o", "json"}, false},
		{"printings", `{"version":1,"action":"space","printings":{"x89":"original"},"attacker":{"fleet":[{"unit":"cruiser","count":3}]},"defender":{"fleet":[{"unit":"destroyer","count":4}]},"run":{"trials":1000}}`,
			[]string{"space", "-a", "3 cruiser", "-d", "4 destroyer", "--rules", "x89=original", "-n", "1000", "-o", "json"}, false},
		{"vote", `{"version":1,"voters":["sol:5:for=0.5,against=0.5","hacan:3:for=1","xxcha:4:against=1"],"speaker":"hacan","run":{"trials":4000,"seed":9}}`,
			[]string{"vote", "--voter", "sol:5:for=0.5,against=0.5", "--voter", "hacan:3:for=1", "--voter", "xxcha:4:against=1", "--speaker", "hacan", "-n", "4000", "--seed", "9", "-o", "json"}, true},
		{"exact base vote", `{"version":1,"mode":"base","outcomes":["a","b","c"],"voters":["p1:2:a=0.5,b=0.5","p2:3:c=1"],"run":{"exact":true}}`,
			[]string{"vote", "--mode", "base", "--outcomes", "a,b,c", "--voter", "p1:2:a=0.5,b=0.5", "--voter", "p2:3:c=1", "--exact", "-o", "json"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, errOut, code := runCLI(t, tc.args...)
			if code != 0 {
				t.Fatalf("CLI: exit %d: %s", code, errOut)
			}
			var got []byte
			var err error
			if tc.vote {
				got, err = answer.NewBackend().Vote(ctx, []byte(tc.doc), testLimits)
			} else {
				got, err = answer.NewBackend().Combat(ctx, []byte(tc.doc), testLimits)
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("document and command line differ:\n--- document ---\n%s\n--- command line ---\n%s", got, want)
			}
		})
	}
}

// TestBackendCompareMatchesCLI: a comparison document gives the bytes of
// `ti4sim compare ... -o json` for the same scenario, varied values and
// seed.
func TestBackendCompareMatchesCLI(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		args []string
	}{
		{`{"version":1,"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"dreadnought","count":2},{"unit":"carrier","count":1},{"unit":"infantry","count":4}],"technologies":["x89-bacterial-weapon"]},"defender":{"fleet":[{"unit":"infantry","count":4},{"unit":"pds","count":1}]},"run":{"trials":3000,"seed":5}},"vary":[{"key":"x89","values":["original","omega"]}]}`,
			[]string{"compare", "invade", "-a", "2 dread, 1 carrier, 4 inf", "-d", "4 inf, 1 pds", "--attacker-tech", "x89-bacterial-weapon", "--vary", "x89=original,omega", "-n", "3000", "--seed", "5", "-o", "json"}},
		{`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3}],"modifier":-1,"order":"cruiser"},"defender":{"fleet":[{"unit":"destroyer","count":2,"upgraded":true}]},"run":{"trials":2000}},"vary":[{"key":"attacker","values":["3 cruiser","2 dreadnought"]},{"key":"nebula","values":["false","true"]}]}`,
			[]string{"compare", "space", "--attacker-modifier", "-1", "--attacker-order", "cruiser", "-d", "2 destroyer II", "--vary", "attacker=3 cruiser;2 dreadnought", "--vary", "nebula=false,true", "-n", "2000", "-o", "json"}},
	} {
		want, errOut, code := runCLI(t, tc.args...)
		if code != 0 {
			t.Fatalf("CLI %q: exit %d: %s", tc.args, code, errOut)
		}
		got, err := answer.NewBackend().Compare(context.Background(), []byte(tc.doc), testLimits)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("document and command line differ:\n--- document ---\n%s\n--- command line ---\n%s", got, want)
		}
	}
}

// TestBackendCompareInputErrors: a comparison's faults name their JSON
// path, the base scenario's under "scenario.".
func TestBackendCompareInputErrors(t *testing.T) {
	const base = `"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}`
	for _, tc := range []struct{ doc, path, has string }{
		{`{"version":1,` + base + `},"vary":[{"key":"colour","values":["red","blue"]}]}`, "vary[0].key", "unknown key"},
		{`{"version":1,` + base + `},"vary":[{"key":"magen","values":["omega"]}]}`, "vary[0].values", "at least two"},
		{`{"version":1,` + base + `},"vary":[{"key":"nebula","values":["true","TRUE"]}]}`, "vary[0].values[1]", "given twice"},
		{`{"version":1,` + base + `},"vary":[]}`, "vary", "empty: give at least one setting"},
		{`{"version":1,` + base + `,"run":{"exact":true}},"vary":[{"key":"nebula","values":["true","false"]}]}`, "scenario.run.exact", "simulated"},
		{`{"version":1,` + base + `,"run":{"trials":600000}},"vary":[{"key":"nebula","values":["true","false"]}]}`, "scenario.run.trials", "at most 1000000"},
		{`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":0}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}},"vary":[{"key":"nebula","values":["true","false"]}]}`, "scenario.attacker.fleet[0].count", "1..99"},
		{`{"version":1,` + base + `},"vary":[{"key":"attacker","values":["2 cruiser","3 banana"]}]}`, "vary", "banana"},
	} {
		_, err := answer.NewBackend().Compare(context.Background(), []byte(tc.doc), testLimits)
		var in *endpoint.InputError
		if !errors.As(err, &in) || in.Path != tc.path || !strings.Contains(in.Msg, tc.has) {
			t.Errorf("%s:\n got %#v\nwant path %q msg containing %q", tc.doc, err, tc.path, tc.has)
		}
	}
}

// TestBackendInputErrors: each fault of a document is an InputError with
// the JSON path of the value at fault and a message saying what is wrong.
func TestBackendInputErrors(t *testing.T) {
	const fleets = `"attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}`
	for _, tc := range []struct {
		doc, path, has string
		vote           bool
	}{
		{`{"version":2,"action":"space",` + fleets + `}`, "version", "allowed: 1", false},
		{`{"action":"space",` + fleets + `}`, "version", "allowed: 1", false},
		{`{"version":1,"action":"naval",` + fleets + `}`, "action", "allowed: space, ground, invade", false},
		{`{"version":1,"action":"space","ruleset":"ti5",` + fleets + `}`, "ruleset", "ti5", false},
		{`{"version":1,"action":"space","printings":{"magen":"beta"},` + fleets + `}`, "printings.magen", "beta", false},
		{`{"version":1,"action":"space","system":{"space_mine":true},` + fleets + `}`, "system.space_mine", "ti3-sa", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet", "empty", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1},{"unit":"battleship","count":1}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet[1].unit", "battleship", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":100}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet[0].count", "out of range 1..99", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":1,"damaged":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet[0].damaged", "out of range 0..1", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":"2"}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet[0].count", "want a whole number 1..99, got the string", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1.5}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet[0].count", "want a whole number", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2,"colour":"red"}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet[0].colour", "unknown field; allowed here: unit, count", false},
		{`{"version":1,"action":"space","extra":true,` + fleets + `}`, "extra", "unknown field", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"faction":"klingon"},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.faction", "klingon", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"order":"banana"},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.order", "banana", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"policy":"best"},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.policy", "allowed: order, optimal", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}],"policy":"optimal"},"run":{"trials":5000}}`, "run.trials", "an optimal hit policy is solved exactly: drop it", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"policy":"optimal"},"defender":{"fleet":[{"unit":"destroyer","count":2}]},"run":{"rounds":2}}`, "attacker.policy", "cannot handle a round limit", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"retreat":"best"},"defender":{"fleet":[{"unit":"destroyer","count":2}],"retreat":"after=1"}}`, "attacker.retreat", "a retreat policy for the other side too", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"retreat":"sometimes"},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.retreat", "sometimes", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"modifier":10},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.modifier", "out of range -9..9", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}],"pds":1}}`, "defender.pds", "in its fleet", false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"cards":[{"name":"nonsense"}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.cards[0]", "nonsense", false},
		{`{"version":1,"action":"ground",` + fleets + `}`, "attacker.fleet", "a ground combat has only ground forces", false},
		{`{"version":1,"action":"space",` + fleets + `,"run":{"trials":2000000}}`, "run.trials", "at most 1000000", false},
		{`{"version":1,"action":"space",` + fleets + `,"run":{"exact":true,"seed":2}}`, "run.seed", "drop seed or exact", false},
		{`{"version":1,"action":"space",` + fleets + `,"run":{"precision":0.7}}`, "run.precision", "0 < P < 0.5", false},
		{`{"version":1,"action":"space",` + fleets + `,"run":{"rounds":1001}}`, "run.rounds", "1..1000", false},
		{`[]`, "", "want an object", false},
		{`{"version":1,"voters":[]}`, "voters", "empty", true},
		{`{"version":1,"voters":["sol:x:for=1"]}`, "voters[0]", "", true},
		{`{"version":1,"voters":["sol:3:for=1","SOL:2:for=1"]}`, "voters[1]", "duplicate voter", true},
		{`{"version":1,"voters":["sol:3:for=1"],"speaker":"hacan"}`, "speaker", "not a voter", true},
		{`{"version":1,"mode":"secret","voters":["sol:3:for=1"]}`, "mode", "secret", true},
		{`{"version":1,"voters":["sol:3:for=1"],"run":{"rounds":2}}`, "run.rounds", "a vote has no rounds", true},
		{`{"version":1,"voters":["sol:3:for=1"],"bribery":["hacan:3"]}`, "bribery[0]", "hacan", true},
		// issue 27: the service reads documents as strictly as the CLI
		{`{"version":1,"action":"vote","action":"space",` + fleets + `}`, "action", `duplicate key "action"`, false},
		{`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2},{"unit":"carrier","count":1,"count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]}}`, "attacker.fleet[1].count", `duplicate key "count"`, false},
		{`{"version":1,"action":"space",` + fleets + `,"run":{"precision":0}}`, "run.precision", "0 is out of range: allowed above 0 and below 0.5", false},
		{`{"version":1,"action":"space",` + fleets + `,"run":{"rounds":0}}`, "run.rounds", "0 is out of range 1..1000", false},
		{`{"version":1,"voters":["sol:3:for=1"],"run":{"seed":1,"seed":2}}`, "run.seed", `duplicate key "seed"`, true},
	} {
		var err error
		if tc.vote {
			_, err = answer.NewBackend().Vote(context.Background(), []byte(tc.doc), testLimits)
		} else {
			_, err = answer.NewBackend().Combat(context.Background(), []byte(tc.doc), testLimits)
		}
		var in *endpoint.InputError
		if !errors.As(err, &in) {
			t.Errorf("%s: err = %v, want an InputError", tc.doc, err)
			continue
		}
		if in.Path != tc.path || !strings.Contains(in.Msg, tc.has) {
			t.Errorf("%s:\n got path %q msg %q\nwant path %q msg containing %q", tc.doc, in.Path, in.Msg, tc.path, tc.has)
		}
	}
}

// TestBackendImportBody: POST /v1/import reads its body as strictly as a
// document: a key given twice or a value of the wrong type is named by its
// path, in words (no Go types, no "json: ").
func TestBackendImportBody(t *testing.T) {
	for body, want := range map[string]struct{ path, has string }{
		`{"link":"https://ti4battle.com/?a=1","link":"x"}`: {"link", `duplicate key "link"`},
		`{"link":5}`:  {"link", "want a string, got the number 5"},
		`{"url":"x"}`: {"url", "unknown field; allowed here: link"},
		`{"link":`:    {"", "not a JSON document"},
	} {
		_, err := answer.NewBackend().Import(context.Background(), []byte(body))
		var in *endpoint.InputError
		if !errors.As(err, &in) || in.Path != want.path || !strings.Contains(in.Msg, want.has) || strings.Contains(in.Msg, "json:") || strings.Contains(in.Msg, "Go ") {
			t.Errorf("%s: err = %#v, want path %q and a message containing %q", body, err, want.path, want.has)
		}
	}
}

// TestBackendExactStateLimit: an exact combat that reaches more joint
// states than the request's limit is refused naming the limit, at
// run.exact; within it, answered. 2 dreadnoughts (5 states under Sustain
// Damage first) against 3 destroyers (4 states) reach 20 joint states.
func TestBackendExactStateLimit(t *testing.T) {
	doc := []byte(`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":3}]},"run":{"exact":true}}`)
	_, err := answer.NewBackend().Combat(context.Background(), doc, endpoint.Limits{MaxTrials: 1, MaxExactStates: 19})
	var in *endpoint.InputError
	if !errors.As(err, &in) || in.Path != "run.exact" || !strings.Contains(in.Msg, "limit of the exact solver (19)") {
		t.Errorf("limit 19: err = %v", err)
	}
	if _, err := answer.NewBackend().Combat(context.Background(), doc, endpoint.Limits{MaxTrials: 1, MaxExactStates: 20}); err != nil {
		t.Errorf("limit 20: %v", err)
	}
}

// TestBackendStopsWhenCancelled: a long run stops promptly when its
// context ends, returning the context's error (not an InputError, not a
// result).
func TestBackendStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	doc := `{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"dreadnought","count":4},{"unit":"carrier","count":2},{"unit":"infantry","count":8}]},"defender":{"fleet":[{"unit":"infantry","count":6},{"unit":"pds","count":2}]},"run":{"trials":1000000000}}`
	done := make(chan error, 1)
	go func() {
		_, err := answer.NewBackend().Combat(ctx, []byte(doc), endpoint.Limits{MaxTrials: 1_000_000_000, MaxExactStates: 1})
		done <- err
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a cancelled run of 1e9 trials did not stop")
	}
}

// TestBackendDiceBudget: a Monte Carlo run over the request's dice limit is
// refused at run.trials (scenario.run.trials in a comparison) with the
// trials that fit, for one planet, a system of planets and a comparison;
// within it, answered.
func TestBackendDiceBudget(t *testing.T) {
	const run = `"run":{"trials":2000,"seed":1}`
	for _, c := range []struct {
		name, path string
		answer     func(*answer.Backend, context.Context, []byte, endpoint.Limits) ([]byte, error)
		doc        string
	}{
		{"combat", "run.trials", (*answer.Backend).Combat, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3}]},"defender":{"fleet":[{"unit":"dreadnought","count":2}]},` + run + `}`},
		{"system", "run.trials", (*answer.Backend).Combat, `{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":2},{"unit":"infantry","count":4}]},"defender":{"fleet":[]},"system":{"planets":[{"name":"A","units":[{"unit":"infantry","count":1}]},{"name":"B","units":[{"unit":"infantry","count":1}]}]},` + run + `}`},
		{"compare", "scenario.run.trials", (*answer.Backend).Compare, `{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3}]},"defender":{"fleet":[{"unit":"dreadnought","count":2}]},` + run + `},"vary":[{"key":"nebula","values":["false","true"]}]}`},
	} {
		lim := endpoint.Limits{MaxTrials: 1e9, MaxExactStates: 1 << 20, MaxDice: 1000}
		_, err := c.answer(answer.NewBackend(), context.Background(), []byte(c.doc), lim)
		var in *endpoint.InputError
		if !errors.As(err, &in) || in.Path != c.path || !strings.Contains(in.Msg, "over this run's limit of 1,000 dice: ask for at most") {
			t.Errorf("%s over 1,000 dice: err = %v", c.name, err)
		}
		lim.MaxDice = 1e9
		if _, err := c.answer(answer.NewBackend(), context.Background(), []byte(c.doc), lim); err != nil {
			t.Errorf("%s within 10⁹ dice: %v", c.name, err)
		}
	}
}
