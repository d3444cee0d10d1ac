package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
)

// FuzzCombatHandler: whatever the body of POST /v1/combat, the service
// answers 200 or 4xx with JSON, never 5xx (no panic, no fault blamed on
// the service for bad input). The limits keep each run small.
func FuzzCombatHandler(f *testing.F) {
	fuzzRoute(f, "/v1/combat", 20000, []string{
		spaceDoc(1000, 3),
		`{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"carrier","count":1},{"unit":"infantry","count":3}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]},"run":{"exact":true}}`,
		`{"version":1,"action":"ground","ruleset":"ti3-sa","attacker":{"fleet":[{"unit":"ground force","count":3}]},"defender":{"fleet":[{"unit":"ground force","count":2}]},"run":{"trials":100}}`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"fighter","count":1}],"cards":[{"name":"morale-boost","copies":-1}]},"defender":{"fleet":[{"unit":"pds","count":1}]},"run":{"rounds":5,"trials":10}}`,
		`{"version":1,"action":"space","printings":{"magen":"omega"},"attacker":{"fleet":[{"unit":"war sun","count":1}],"faction":"muaat","galvanized":[{"unit":"war sun","count":1}]},"defender":{"fleet":[{"unit":"destroyer","count":99,"damaged":3}]}}`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1e30}]},"defender":{"fleet":null}}`,
		`{"run":{"seed":-1,"precision":1e-300}}`, `[]`, `null`, `"x"`, `{`, "",
		// issue 27: duplicate keys, values the schema forbids, numbers typed wrongly
		`{"version":1,"action":"vote","action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1,"count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"trials":1000,"trials":5}}`,
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3.0}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"precision":0,"rounds":0,"trials":"100"}}`,
	})
}

// fuzzRoute fuzzes the body of POST path on a service whose limits keep
// each run small (2000 trials, maxStates joint states, 20 s): the answer
// is 200 or 4xx with JSON, never 5xx; an error answer has its error and
// path.
func fuzzRoute(f *testing.F, path string, maxStates int, seeds []string) {
	cfg := service.DefaultConfig()
	cfg.MaxTrials, cfg.MaxExactStates, cfg.Timeout = 2000, maxStates, 20*time.Second
	s, err := service.New(cfg, answer.NewBackend(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range seeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest("POST", path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("body %q: status %d: %s", body, w.Code, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("body %q: answer is not JSON: %q", body, w.Body)
		}
		if w.Code != http.StatusOK {
			var e struct{ Error, Path *string }
			if json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Error == nil || *e.Error == "" || e.Path == nil {
				t.Fatalf("body %q: error answer %s lacks error or path", body, w.Body)
			}
		}
	})
}
