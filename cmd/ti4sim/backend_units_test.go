package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// unitsBody is a POST /v1/units body carrying files (name, data pairs).
func unitsBody(files ...string) string {
	var units []map[string]string
	for i := 0; i+1 < len(files); i += 2 {
		units = append(units, map[string]string{"name": files[i], "data": files[i+1]})
	}
	b, _ := json.Marshal(map[string]any{"units": units})
	return string(b)
}

// TestBackendUnits: the real Discordant Stars file (POST /v1/units) gives
// its 34 factions (the 40 of Discordant Stars that have units of their
// own) as the catalogue describes a faction, with the numbers of
// `ti4sim units --units ds.json --faction tnelis` (docs/homebrew.md's
// table: Blockade Runner I, combat 9, AFB 9 ×3; II: combat 8, AFB 6 ×4),
// and the notes of what it leaves out (the Olradin's second and third
// mechs).
func TestBackendUnits(t *testing.T) {
	data, err := os.ReadFile(dsUnits)
	if err != nil {
		t.Fatal(err)
	}
	out, err := answer.NewBackend().Units(context.Background(), []byte(unitsBody("ds.json", string(data))))
	if err != nil {
		t.Fatal(err)
	}
	var got answer.UnitsJSONAnswer
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Factions) != 34 { // the distinct faction ids of ds.json's units, counted apart (python's json)
		t.Errorf("%d factions, want the 34 that ds.json gives units", len(got.Factions))
	}
	var tnelis *answer.CatalogFaction
	for i := range got.Factions {
		if got.Factions[i].Slug == "tnelis" {
			tnelis = &got.Factions[i]
		}
	}
	if tnelis == nil {
		t.Fatal("no faction tnelis")
	}
	found := 0
	for _, u := range tnelis.Units {
		if u.Kind != "destroyer" {
			continue
		}
		found++
		want := map[bool][4]int{false: {9, 1, 9, 3}, true: {8, 1, 6, 4}}[u.Upgraded]
		if u.Combat == nil || u.AntiFighterBarrage == nil || [4]int{u.Combat.Value, u.Combat.Dice, u.AntiFighterBarrage.Value, u.AntiFighterBarrage.Dice} != want {
			t.Errorf("%s: combat %+v AFB %+v, want %v", u.Name, u.Combat, u.AntiFighterBarrage, want)
		}
	}
	if found != 2 || !strings.HasPrefix(tnelis.Name, "Tnelis") {
		t.Errorf("tnelis %q has %d destroyers, want 2", tnelis.Name, found)
	}
	if !strings.Contains(strings.Join(got.Notes, "\n"), "olradin") {
		t.Errorf("notes do not name the Olradin's mechs left out: %q", got.Notes)
	}
}

// TestBackendUnitsErrors: a fault is an input error at the path the same
// file has in a combat document (units[N].data), naming unit and field.
func TestBackendUnitsErrors(t *testing.T) {
	good := `[{"id":"x_dd","baseType":"destroyer","faction":"xx","combatHitsOn":9}]`
	for _, tc := range []struct{ body, path, has string }{
		{`{"units":[]}`, "units", "at least one"},
		{`{}`, "units", "at least one"},
		{`{"units":[{"name":"a.json","data":""}]}`, "units[0].data", "empty"},
		{unitsBody("a.json", good, "bad.json", `[{"id":"x_cr","baseType":"cruiser","faction":"xx","combatHitsOn":12}]`), "units[1].data", `"bad.json", unit "x_cr", field combatHitsOn`},
		{unitsBody("a.json", `{"id":1}`), "units[0].data", `"a.json"`},
		{unitsBody("a.json", good, "b.json", good), "units[1].data", "given twice"},
		{`{"units":[{"data":"[]"}],"extra":1}`, "extra", "want {\"units\""},
		{"[" + strings.Repeat(`{"data":"[]"},`, 16) + `{"data":"[]"}]`, "", ""},
		{unitsBody(strings.Repeat("a", 2), "[]", "b", "[]", "c", "[]", "d", "[]", "e", "[]", "f", "[]", "g", "[]", "h", "[]", "i", "[]", "j", "[]", "k", "[]", "l", "[]", "m", "[]", "n", "[]", "o", "[]", "p", "[]", "q", "[]"), "units", "17 unit files; at most 16"},
	} {
		_, err := answer.NewBackend().Units(context.Background(), []byte(tc.body))
		var in *endpoint.InputError
		if !errors.As(err, &in) {
			t.Errorf("%.60s: %v, want an input error", tc.body, err)
			continue
		}
		if in.Path != tc.path || !strings.Contains(in.Msg, tc.has) {
			t.Errorf("%.60s: %s: %s; want path %q and %q", tc.body, in.Path, in.Msg, tc.path, tc.has)
		}
	}
}

// FuzzUnitsHandler: any body POSTed to /v1/units is answered 200 or 4xx
// with a JSON error, never a panic or a 5xx.
func FuzzUnitsHandler(f *testing.F) {
	fuzzRoute(f, "/v1/units", 2000, []string{
		unitsBody("a.json", `[{"id":"x_dd","baseType":"destroyer","faction":"xx","combatHitsOn":9,"afbHitsOn":9,"afbDieCount":3}]`),
		unitsBody("a.json", `[{"id":"x_dd","baseType":"destroyer","faction":"xx","combatHitsOn":"9"},{"id":"x_dd2","baseType":"destroyer","faction":"XX","upgradesFromUnitId":"x_dd","combatHitsOn":8}]`),
		unitsBody("a.json", `[{"id":"x","baseType":"spacedock","faction":"xx","productionValue":"+2"}]`),
		unitsBody("a.json", `[{"id":"x","baseType":"mech","faction":"xx"}]`),
		`{"units":[{"data":"not json"}]}`, `{"units":null}`, `{}`, `[]`, "",
	})
}
