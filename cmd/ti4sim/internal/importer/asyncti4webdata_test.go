package importer

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

const (
	testWebData   = "testdata/asyncti4/pbd10972.webdata.json"
	testGameState = "testdata/asyncti4/pbd10972.gamestate.json"
)

func readTestWebData(t testing.TB) *AsyncTI4Game {
	t.Helper()
	f, err := os.Open(testWebData)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ReadAsyncTI4(f) // by its first character: JSON
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestAsyncTI4WebDataMatchesSave: the web-data built from the save
// (testdata/asyncti4/SOURCE.md) gives, at every tile and for every choice
// of attacker, what the save gives: the same document, or the same
// error; its warnings are the save's and the one note that web-data
// carries no custom adjacencies. Tile 310's document is the one
// TestAsyncTI4Letnev310 writes out from the save's lines.
func TestAsyncTI4WebDataMatchesSave(t *testing.T) {
	save, web := readTestSave(t), readTestWebData(t)
	if web.Name != "pbd10972" || len(web.Players) != 6 || len(web.Tiles) != len(save.Tiles) {
		t.Fatalf("web-data read: game %q, %d players, %d tiles; the save has %d tiles", web.Name, len(web.Players), len(web.Tiles), len(save.Tiles))
	}
	docs := 0
	for pos := range save.Tiles {
		for _, att := range []string{"", "letnev", "l1z1x", "yssaril", "saar", "arborec", "mahact"} {
			opt := AsyncTI4Options{Tile: pos, Attacker: att}
			sd, sw, serr := AsyncTI4Battle(save, opt)
			wd, ww, werr := AsyncTI4Battle(web, opt)
			if (serr == nil) != (werr == nil) || serr != nil && serr.Error() != werr.Error() {
				t.Errorf("%+v: save err %v, web-data err %v", opt, serr, werr)
				continue
			}
			if serr != nil {
				continue
			}
			docs++
			if !reflect.DeepEqual(sd, wd) {
				t.Errorf("%+v: documents differ\n save %+v\n  web %+v", opt, sd, wd)
			}
			if i := slices.Index(ww, webDataNote); i < 0 || !reflect.DeepEqual(slices.Delete(slices.Clone(ww), i, i+1), sw) {
				t.Errorf("%+v: warnings differ\n save %q\n  web %q", opt, sw, ww)
			}
		}
	}
	if docs != 2 {
		t.Errorf("%d tile and attacker choices made a battle, want 2 (310, with no attacker named and with the Letnev named)", docs)
	}
}

// TestAsyncTI4WebDataStates: a stack's counts come from unitStates, or
// from count and sustained where unitStates is absent (older web-data).
func TestAsyncTI4WebDataStates(t *testing.T) {
	for _, c := range []struct {
		entity string
		want   [4]int
	}{
		{`{"entityId":"dn","entityType":"unit","count":4,"unitStates":[1,1,1,1]}`, [4]int{1, 1, 1, 1}},
		{`{"entityId":"dn","entityType":"unit","count":3,"sustained":1}`, [4]int{2, 1, 0, 0}},
		{`{"entityId":"dn","entityType":"unit","count":3,"sustained":null}`, [4]int{3, 0, 0, 0}},
	} {
		doc := `{"playerData":[{"faction":"letnev","color":"purple"}],"tilePositions":["101:19"],
			"tileUnitData":{"101":{"space":{"letnev":[` + c.entity + `],"neutral":[{"entityId":"gamma","entityType":"token","count":1}]}}}}`
		g, err := ReadAsyncTI4WebData(strings.NewReader(doc))
		if err != nil {
			t.Fatalf("%s: %v", c.entity, err)
		}
		sp := g.Tiles["101"].Holders[0]
		if len(sp.Stacks) != 1 || sp.Stacks[0] != (AsyncTI4Stack{Color: "ppl", Code: "dn", States: c.want}) || !reflect.DeepEqual(sp.Tokens, []string{"gamma"}) {
			t.Errorf("%s: space %+v, want ppl dn %v and the gamma token", c.entity, sp, c.want)
		}
		if !g.Tiles["101"].wormholes()["gamma"] {
			t.Errorf("%s: the gamma token (web-data's id) is no gamma wormhole", c.entity)
		}
	}
}

// TestReadAsyncTI4WebDataErrors: each mistake is one line naming its
// JSON path.
func TestReadAsyncTI4WebDataErrors(t *testing.T) {
	data, err := os.ReadFile(testWebData)
	if err != nil {
		t.Fatal(err)
	}
	web := string(data)
	dn := `"entityId": "dn",
      "entityType": "unit",
      "count": 3,`
	if !strings.Contains(web, dn) {
		t.Fatal("the test web-data has no Letnev dreadnought stack as the test expects")
	}
	for _, c := range []struct{ doc, path, want string }{
		{"[1]", "", "want an object"},
		{"{", "", "not JSON"},
		{`{"tilePositions": ["310"]}`, "tilePositions[0]", "POSITION:TILEID"},
		{`{"tilePositions": "310:06"}`, "tilePositions", "want an array"},
		{`{"playerData": [{"faction": 7}]}`, "playerData[0].faction", "want a string"},
		{`{"lawsInPlay": [[]]}`, "lawsInPlay[0]", "want an object"},
		{strings.Replace(web, dn, `"entityId": "dn", "entityType": "unit", "count": "3",`, 1), "tileUnitData.310.space.letnev[2].count", "want a whole number"},
		{strings.Replace(web, dn, `"entityId": "dn", "entityType": "unit", "count": 4,`, 1), "tileUnitData.310.space.letnev[2].unitStates", "add up to 3 units, the count is 4"},
		{strings.Replace(web, dn, `"entityId": "dn", "entityType": "unit", "count": 1000,`, 1), "tileUnitData.310.space.letnev[2].count", "0..999"},
		{`{"tileUnitData": {"1 0": {"space": {"x": [{"entityType": "unit", "count": 1}]}}}}`, `tileUnitData["1 0"].space.x[0].entityId`, "missing"},
		{`{"tileUnitData": {"101": {"space": {"x": [{"entityId": "dn", "entityType": "unit", "count": 1, "sustained": 2}]}}}}`, "tileUnitData.101.space.x[0].sustained", "2 damaged of 1"},
		{`{"tileUnitData": {"101": {"planets": {"mr": {"entities": {"x": [{"entityId": "gf", "entityType": "unit", "count": 1, "unitStates": [1, 0, 0, 0, 0]}]}}}}}}`, "tileUnitData.101.planets.mr.entities.x[0].unitStates", "at most 4"},
		{`{"gameName": "` + strings.Repeat("x", MaxAsyncTI4Save) + `"}`, "", "over"},
	} {
		_, err := ReadAsyncTI4WebData(strings.NewReader(c.doc))
		var e *scenario.Error
		if !errors.As(err, &e) || e.Path != c.path || !strings.Contains(e.Msg, c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%.50q: err %v, want one line at %q containing %q", c.doc, err, c.path, c.want)
		}
	}
}

// TestAsyncTI4LiveCombat: the game state naming the combat at 310 in
// space, with the Letnev (purple) active there, gives the battle at 310
// with the Letnev attacking: the document --tile 310 gives. A state with
// no combat is ErrNoLiveCombat.
func TestAsyncTI4LiveCombat(t *testing.T) {
	f, err := os.Open(testGameState)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := ReadAsyncTI4GameState(f)
	if err != nil {
		t.Fatal(err)
	}
	g := readTestWebData(t)
	opt, warnings, err := AsyncTI4LiveCombat(g, st)
	if err != nil || opt != (AsyncTI4Options{Tile: "310", Attacker: "letnev"}) {
		t.Fatalf("live combat: %+v, %v; want tile 310, attacker letnev", opt, err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "the attacker is letnev, the active player") {
		t.Errorf("warnings %q", warnings)
	}
	live, _, err := AsyncTI4Battle(g, opt)
	want, _, err2 := AsyncTI4Battle(g, AsyncTI4Options{Tile: "310"})
	if err != nil || err2 != nil || !reflect.DeepEqual(live, want) {
		t.Errorf("the live battle (%v) is not --tile 310's (%v)", err, err2)
	}
	for _, state := range []string{`{"phase": "finished", "activeCombat": null}`, `{}`, `{"activeCombat": {"system": ""}}`} {
		st, err := ReadAsyncTI4GameState(strings.NewReader(state))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := AsyncTI4LiveCombat(g, st); !errors.Is(err, ErrNoLiveCombat) {
			t.Errorf("%s: err %v, want ErrNoLiveCombat", state, err)
		}
	}
	for _, c := range []struct{ state, want string }{
		{`{"activeCombat": {"round": "2"}}`, "activeCombat.round: want a whole number"},
		{`pbd10972`, "want a JSON object"},
	} {
		if _, err := ReadAsyncTI4GameState(strings.NewReader(c.state)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.state, err, c.want)
		}
	}
}

// TestAsyncTI4LiveGroundCombat: a live combat on a planet is the ground
// combat there: in the synthetic save with 3 Letnev infantry (1
// galvanized: read as plain, the Letnev cannot galvanize) landed on Sol's
// Wellon (2 infantry), a state naming wellon with the Letnev active gives
// a ground combat of those units; with a player active who is not in it,
// the attacker is the one that does not control Wellon; a round past the
// first is said.
func TestAsyncTI4LiveGroundCombat(t *testing.T) {
	save := strings.Replace(syntheticSave, "wellon\ngrn—gf 2,0\n", "wellon\ngrn—gf 2,0\nppl—gf 2,0,1,0\n", 1)
	g, err := ReadAsyncTI4Save(strings.NewReader(save))
	if err != nil {
		t.Fatal(err)
	}
	for _, active := range []string{"purple", "orange"} {
		st := &AsyncTI4GameState{ActivePlayer: active, ActiveSystem: "101", Combat: &AsyncTI4Combat{System: "101", UnitHolder: "Wellon", Round: 2, Participants: []string{"purple", "green"}}}
		opt, warnings, err := AsyncTI4LiveCombat(g, st)
		if err != nil || opt.Planet != "wellon" || !opt.Ground {
			t.Fatalf("%s active: %+v, %v", active, opt, err)
		}
		if !strings.Contains(strings.Join(warnings, "\n"), "round 2: the document starts it afresh") {
			t.Errorf("%s active: no warning of the round: %q", active, warnings)
		}
		doc, warnings, err := AsyncTI4Battle(g, opt)
		if err != nil {
			t.Fatalf("%s active: %v", active, err)
		}
		if !strings.Contains(strings.Join(warnings, "\n"), "letnev's galvanized units are read as plain units") {
			t.Errorf("%s active: the galvanized infantry (the Letnev cannot galvanize) are not said: %q", active, warnings)
		}
		want := scenario.Side{Fleet: []scenario.Units{{Unit: "infantry", Count: 3}}, Faction: "letnev",
			Technologies: []string{"duranium-armor"}, Cards: []scenario.Card{{Name: "conventions-of-war"}}}
		if doc.Action != scenario.ActionGround || !reflect.DeepEqual(doc.Attacker, want) || doc.Defender.Faction != "sol" ||
			!reflect.DeepEqual(doc.Defender.Fleet, []scenario.Units{{Unit: "infantry", Count: 2}}) || len(doc.System.Planets) != 0 {
			t.Errorf("%s active: document %+v", active, doc)
		}
	}
	// Vefutii has no ground forces of two players: no ground combat.
	if _, _, err := AsyncTI4Battle(g, AsyncTI4Options{Tile: "101", Planet: "vefutii", Ground: true}); err == nil || !strings.Contains(err.Error(), "a ground combat has two") {
		t.Errorf("vefutii: err %v", err)
	}
}

// FuzzReadAsyncTI4WebData: any input gives a one-line error or a game
// whose every tile imports to a valid document or a one-line error, and
// a game state with a live combat likewise; never a panic.
func FuzzReadAsyncTI4WebData(f *testing.F) {
	data, err := os.ReadFile(testWebData)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data), `{"activePlayer":"purple","activeSystem":"310","activeCombat":{"system":"310","unitHolder":"space","round":1,"participantColors":["purple","rose"]}}`)
	f.Add(`{"playerData":[{"faction":"letnev","color":"purple"},{"faction":"sol","color":"green"}],"tilePositions":["101:19"],`+
		`"tileUnitData":{"101":{"space":{"letnev":[{"entityId":"dn","entityType":"unit","count":2,"sustained":1}]},`+
		`"planets":{"wellon":{"controlledBy":"sol","entities":{"sol":[{"entityId":"gf","entityType":"unit","count":2,"unitStates":[1,0,1,0]}],"letnev":[{"entityId":"gf","entityType":"unit","count":1}]}}}}}}`,
		`{"activePlayer":"green","activeSystem":"101","activeCombat":{"system":"101","unitHolder":"wellon","round":3}}`)
	f.Add(`{"tileUnitData":{"000":{"space":{"x":[{"entityId":"ws","entityType":"unit","count":999}]}}}}`, `{}`)
	f.Fuzz(func(t *testing.T, web, state string) {
		g, err := ReadAsyncTI4WebData(strings.NewReader(web))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
			return
		}
		opts := []AsyncTI4Options{}
		for pos := range g.Tiles {
			opts = append(opts, AsyncTI4Options{Tile: pos}, AsyncTI4Options{Tile: pos, Attacker: "letnev"})
		}
		if st, err := ReadAsyncTI4GameState(strings.NewReader(state)); err == nil {
			if opt, _, err := AsyncTI4LiveCombat(g, st); err == nil {
				opts = append(opts, opt)
			}
		} else if strings.Contains(err.Error(), "\n") {
			t.Fatalf("game state error on several lines: %q", err)
		}
		for _, opt := range opts {
			doc, warnings, err := AsyncTI4Battle(g, opt)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("error on several lines: %q", err)
				}
				continue
			}
			if _, err := doc.Scenario(); err != nil {
				t.Fatalf("%+v: an invalid document: %v", opt, err)
			}
			for _, w := range warnings {
				if strings.Contains(w, "\n") {
					t.Fatalf("warning on several lines: %q", w)
				}
			}
		}
	})
}
