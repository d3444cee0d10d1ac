package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// FuzzImport: any body of POST /v1/import gives an answer (of an asyncti4
// game: a document that decodes), or an input error of one line naming a path; never a panic.
// The seeds are the bot's web-data and game state of pbd10972
// (importer/testdata/asyncti4/SOURCE.md) in each of the request's forms.
func FuzzImport(f *testing.F) {
	web, err := os.ReadFile("../importer/testdata/asyncti4/pbd10972.webdata.json")
	if err != nil {
		f.Fatal(err)
	}
	state, err := os.ReadFile("../importer/testdata/asyncti4/pbd10972.gamestate.json")
	if err != nil {
		f.Fatal(err)
	}
	text, _ := json.Marshal(string(web))
	f.Add(`{"asyncti4": {"webdata": ` + string(web) + `, "tile": "310"}}`)
	f.Add(`{"asyncti4": {"save": ` + string(text) + `, "tile": "310"}}`)
	f.Add(`{"asyncti4": {"webdata": ` + string(web) + `, "gamestate": ` + string(state) + `}}`)
	f.Add(`{"asyncti4": {"webdata": {"playerData": [{"faction": "sol", "color": "green"}]}, "gamestate": null, "tile": "1"}}`)
	f.Add(`{"link": "attacker-unit-cruiser=1&defender-unit-cruiser=1"}`)
	b := NewBackend()
	f.Fuzz(func(t *testing.T, body string) {
		out, err := b.Import(context.Background(), []byte(body))
		if err != nil {
			var ie *endpoint.InputError
			if !errors.As(err, &ie) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("not a one-line input error: %#v", err)
			}
			return
		}
		var res struct {
			Scenario json.RawMessage `json:"scenario"`
			Warnings []string        `json:"warnings"`
		}
		if err := json.Unmarshal(out, &res); err != nil || res.Warnings == nil {
			t.Fatalf("answer %s: %v", out, err)
		}
		var req map[string]json.RawMessage
		json.Unmarshal([]byte(body), &req)
		if _, link := req["link"]; link {
			return // a link's document may be empty: the page fills it in (importer.TI4Battle)
		}
		if _, err := scenario.DecodeCombat(bytes.NewReader(res.Scenario)); err != nil {
			t.Fatalf("the document does not decode: %v\n%s", err, res.Scenario)
		}
	})
}
