package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
	"github.com/ti4sim/ti4sim/internal/servetest"
)

// TestOpenAPIRealResults: the answers of the real backend (combat of each
// action, exact and simulated, compare, advise, vote of both modes,
// import, homebrew units, the catalogue, a schema, streams) fit the schemas the OpenAPI
// description gives them, and their statuses are documented.
func TestOpenAPIRealResults(t *testing.T) {
	cfg := service.DefaultConfig()
	srv, err := service.New(cfg, answer.NewBackend(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	doc, err := http.Get(ts.URL + "/v1/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(doc.Body)
	doc.Body.Close()
	d, err := servetest.ReadOpenAPI(raw)
	if err != nil {
		t.Fatal(err)
	}
	save, err := os.ReadFile(asyncSave)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := os.ReadFile(dsUnits)
	if err != nil {
		t.Fatal(err)
	}
	asyncBody := func(tile string) string {
		b, _ := json.Marshal(map[string]any{"asyncti4": map[string]string{"save": string(save), "tile": tile}})
		return string(b)
	}
	web, err := os.ReadFile(asyncWebData)
	if err != nil {
		t.Fatal(err)
	}
	webBody := func(rest string) string { return `{"asyncti4": {"webdata": ` + string(web) + rest + `}}` }
	const fight = `"attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"carrier","count":1},{"unit":"infantry","count":3}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]}`
	for _, tc := range []struct{ method, path, accept, body string }{
		{"POST", "/v1/combat", "", spaceDoc(2000, 7)},
		{"POST", "/v1/combat", "application/x-ndjson", spaceDoc(200000, 7)},
		{"POST", "/v1/combat", "", `{"version":1,"action":"invade",` + fight + `,"run":{"exact":true}}`},
		{"POST", "/v1/combat", "", `{"version":1,"action":"ground",` + fight + `,"run":{"trials":1000}}`},
		{"POST", "/v1/combat", "", `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":0}]},"defender":{"fleet":[{"unit":"dreadnought","count":2}]}}`},
		{"POST", "/v1/compare", "", `{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]},"run":{"trials":2000}},"vary":[{"key":"nebula","values":["false","true"]}]}`},
		{"POST", "/v1/advise", "", `{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":2}]},"run":{"trials":500}},"limits":{"resources":6,"production":4}}`},
		{"POST", "/v1/vote", "", `{"version":1,"voters":["sol:5:for=0.5,against=0.5","hacan:3:for=1","xxcha:4:against=1"],"speaker":"hacan","run":{"trials":4000,"seed":9}}`},
		{"POST", "/v1/vote", "", `{"version":1,"mode":"base","voters":["sol:5:for=1","hacan:3:against=1"],"run":{"exact":true}}`},
		{"POST", "/v1/import", "", `{"link":"` + issue45 + `"}`},
		{"POST", "/v1/import", "", `{"link":"https://example.org/"}`},
		{"POST", "/v1/luck", "", luckSpaceDoc},
		{"POST", "/v1/luck", "", luckInvadeDoc},
		{"POST", "/v1/luck", "", `{"version":1,"result":{"scenario":{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":4}]},"defender":{"fleet":[{"unit":"infantry","count":3}]},"run":{"trials":3000}},"attacker_left":[],"defender_left":[{"unit":"infantry","count":1}]}}`},
		{"POST", "/v1/luck", "", `{"version":1,"roll":{"dice":[{"n":3,"hits_on":6}],"hits":0}}`},
		{"POST", "/v1/luck", "", `{"version":1,"totals":{"expected_hits_x10":512,"actual_hits":38}}`},
		{"POST", "/v1/luck", "", `{"version":1,"totals":{"expected_hits_x10":5,"actual_hits":38}}`},
		{"POST", "/v1/import", "", asyncBody("310")},
		{"POST", "/v1/import", "", asyncBody("999")},
		{"POST", "/v1/import", "", webBody(`, "tile": "310"`)},
		{"POST", "/v1/import", "", webBody(`, "gamestate": {"activeCombat": null}`)},
		{"POST", "/v1/units", "", unitsBody("ds.json", string(ds))},
		{"POST", "/v1/units", "", unitsBody("bad.json", `[{"id":"x"}]`)},
		{"GET", "/v1/catalog", "", ""},
		{"GET", "/v1/schema/advise", "", ""},
	} {
		req, _ := http.NewRequest(tc.method, ts.URL+tc.path, strings.NewReader(tc.body))
		if tc.method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		if tc.accept != "" {
			req.Header.Set("Accept", tc.accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		t.Logf("%s %s: %d %s", tc.method, tc.path, resp.StatusCode, resp.Header.Get("Content-Type"))
		pattern := strings.Replace(tc.path, "/v1/schema/advise", "/v1/schema/{name}", 1)
		if err := d.Check(tc.method, pattern, resp.StatusCode, resp.Header.Get("Content-Type"), body); err != nil {
			t.Errorf("%.80s: %v; body %.300s", tc.body, err, body)
		}
	}
}
