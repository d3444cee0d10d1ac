package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/internal/service"
)

// FuzzAdviseHandler: whatever the body of POST /v1/advise, the service
// answers 200 or 4xx with JSON, never 5xx. The limits keep each question
// small: a fight past 2000 joint states is simulated, and the trials of
// all its fleets together are at most 2000, so a big question is refused
// at once.
func FuzzAdviseHandler(f *testing.F) {
	cfg := service.DefaultConfig()
	cfg.MaxTrials, cfg.MaxExactStates, cfg.Timeout = 2000, 2000, 20*time.Second
	s, err := service.New(cfg, newBackend(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":2}]}},"limits":{"resources":5,"fleet_pool":2}}`,
		`{"version":1,"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]},"run":{"trials":100}},"limits":{"resources":4,"space_dock":1},"target":0.5,"method":"trials"}`,
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[],"faction":"muaat","technologies":["fighter-ii"]},"defender":{"fleet":[{"unit":"destroyer","count":3}]}},"limits":{"resources":13,"production":3,"supply":{"war sun":1},"build":["war sun","fighter"]},"keep":2}`,
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":9}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}},"limits":{"resources":100}}`,
		`{"version":1,"scenario":null,"limits":{"resources":1e30}}`, `{}`, `[]`, "",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest("POST", "/v1/advise", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("body %q: status %d: %s", body, w.Code, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("body %q: answer is not JSON: %q", body, w.Body)
		}
	})
}
