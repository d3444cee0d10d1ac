package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/fetch"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
)

// The bot's web-data and game state for pbd10972, constructed from its
// Java model (internal/importer/testdata/asyncti4/SOURCE.md).
var (
	asyncWebData   = filepath.Join("internal", "importer", "testdata", "asyncti4", "pbd10972.webdata.json")
	asyncGameState = filepath.Join("internal", "importer", "testdata", "asyncti4", "pbd10972.gamestate.json")
)

// webDataNote is the warning of every import from web-data.
const webDataNote = "ti4sim: warning: web-data does not carry the map's custom adjacencies"

// TestImportAsyncTI4WebData: the web-data of pbd10972 prints, for tile
// 310, the document the save prints (testdata/asyncti4_pbd10972_310.json,
// docs/asyncti4.md's example), with the save's warnings and web-data's
// note; read from standard input as well. With --state naming the combat
// at 310 and no --tile, the text save gives that document too.
func TestImportAsyncTI4WebData(t *testing.T) {
	want, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "asyncti4_pbd10972_310.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, saveErr, _ := runCLI(t, "import", "asyncti4", asyncSave, "--tile", "310")
	out, errOut, code := runCLI(t, "import", "asyncti4", asyncWebData, "--tile", "310")
	if code != exitOK || out != string(want) {
		t.Fatalf("web-data: exit %d, stderr %q; the document is not the save's:\n%s", code, errOut, out)
	}
	if !strings.Contains(errOut, webDataNote) || strings.Replace(errOut, webDataNote+" or hyperlane links: PDS adjacent only through them are not counted\n", "", 1) != saveErr {
		t.Errorf("warnings: web-data's are not the save's and the note:\n%s\nsave:\n%s", errOut, saveErr)
	}
	data, err := os.ReadFile(asyncWebData)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code = run(context.Background(), []string{"import", "asyncti4", "-", "--tile", "310"}, bytes.NewReader(data), &stdout, &stderr)
	if code != exitOK || stdout.String() != string(want) {
		t.Errorf("web-data on standard input: exit %d, %s", code, stderr.String())
	}
	out, errOut, code = runCLI(t, "import", "asyncti4", asyncSave, "--state", asyncGameState)
	if code != exitOK || out != string(want) || !strings.Contains(errOut, "the live combat (the bot's game state): tile \"310\", in space, round 1; the attacker is letnev") {
		t.Errorf("save with --state: exit %d, stderr %q, document:\n%s", code, errOut, out)
	}
}

// botServer is a local TLS server standing for the bot's public API: it
// serves pbd10972's web-data and game state, and a game "pbd1" with the
// same web-data and a state naming no combat; it records the paths asked.
func botServer(t *testing.T) (*httptest.Server, func() []string) {
	t.Helper()
	web, err := os.ReadFile(asyncWebData)
	if err != nil {
		t.Fatal(err)
	}
	state, err := os.ReadFile(asyncGameState)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var asked []string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		switch r.URL.Path {
		case "/api/public/game/pbd10972/web-data", "/api/public/game/pbd1/web-data":
			w.Write(web)
		case "/api/public/game/pbd10972/game-state":
			w.Write(state)
		case "/api/public/game/pbd1/game-state":
			w.Write([]byte(`{"phase":"finished","activePlayer":null,"activeSystem":null,"activeCombat":null}`))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		out := asked
		asked = nil
		return out
	}
}

// runImport runs ti4sim import with the bot's API at srv.
func runImport(t *testing.T, srv *httptest.Server, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	client := srv.Client()
	get := func(ctx context.Context, address string) ([]byte, error) {
		return fetch.Save(ctx, client, address, importer.MaxAsyncTI4Save)
	}
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, botAPI: srv.URL, fetch: get}
	c := lookupCommand("import")
	code := fail(&errb, c.run(context.Background(), c, args, e))
	return out.String(), errb.String(), code
}

// TestImportAsyncTI4Game: --game fetches the game's web-data from the
// bot's API (a local TLS server here) and, with no --tile, its game state
// too, whose live combat (310, the Letnev active) is imported: the
// document --tile 310 gives. A game the bot does not serve, a state
// naming no combat and a malformed id are usage errors.
func TestImportAsyncTI4Game(t *testing.T) {
	want, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "asyncti4_pbd10972_310.json"))
	if err != nil {
		t.Fatal(err)
	}
	srv, asked := botServer(t)
	out, errOut, code := runImport(t, srv, "asyncti4", "--game", "pbd10972", "--tile", "310")
	if code != exitOK || out != string(want) {
		t.Fatalf("--game --tile: exit %d, stderr %q:\n%s", code, errOut, out)
	}
	if got := asked(); len(got) != 1 || got[0] != "/api/public/game/pbd10972/web-data" {
		t.Errorf("--tile given: asked %q, want the web-data only", got)
	}
	out, errOut, code = runImport(t, srv, "asyncti4", "--game", "pbd10972")
	if code != exitOK || out != string(want) || !strings.Contains(errOut, "the attacker is letnev, the active player") {
		t.Fatalf("--game, live combat: exit %d, stderr %q:\n%s", code, errOut, out)
	}
	if got := asked(); strings.Join(got, " ") != "/api/public/game/pbd10972/web-data /api/public/game/pbd10972/game-state" {
		t.Errorf("no --tile: asked %q, want the web-data, then the game state", got)
	}
	for _, c := range []struct {
		want string
		args []string
	}{
		{"names no combat in progress: give the tile's position, e.g. --tile 310", []string{"asyncti4", "--game", "pbd1"}},
		{"no such game, or a fog-of-war game", []string{"asyncti4", "--game", "pbd2", "--tile", "310"}},
		{"404", []string{"asyncti4", "--game", "pbd2", "--tile", "310"}},
		{"a game id is letters, digits", []string{"asyncti4", "--game", "../pbd1", "--tile", "310"}},
		{"give --game ID or a FILE, not both", []string{"asyncti4", asyncSave, "--game", "pbd1"}},
		{"--state is for a FILE", []string{"asyncti4", "--game", "pbd1", "--state", asyncGameState}},
	} {
		_, errOut, code := runImport(t, srv, c.args...)
		if code != exitUsage || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line containing %q", c.args, code, errOut, c.want)
		}
	}
}

// TestImportAsyncTI4LiveUsageErrors: no --tile and nothing naming a live
// combat, --state beside --tile, and a state that is not one.
func TestImportAsyncTI4LiveUsageErrors(t *testing.T) {
	notState := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(notState, []byte(`{"activeCombat": {"system": 310}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		want string
		args []string
	}{
		{"give the tile's position, e.g. --tile 310 (a save or web-data names no live combat", []string{"import", "asyncti4", asyncWebData}},
		{"give it, or --tile, not both", []string{"import", "asyncti4", asyncWebData, "--tile", "310", "--state", asyncGameState}},
		{"activeCombat.system: want a string", []string{"import", "asyncti4", asyncWebData, "--state", notState}},
		{"import asyncti4: open nostate.json", []string{"import", "asyncti4", asyncWebData, "--state", "nostate.json"}},
		{"import: --state is for ti4sim import asyncti4", []string{"import", "a=1", "--state", "x"}},
	} {
		_, errOut, code := runCLI(t, c.args...)
		if code != exitUsage || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line containing %q", c.args, code, errOut, c.want)
		}
	}
}

// TestImportAsyncTI4WebDataService: POST /v1/import takes the web-data as
// an object (asyncti4.webdata) or as text (asyncti4.save, told apart as
// the command line does), and the game state in place of the tile
// (asyncti4.gamestate): each gives the document the command line prints
// for tile 310. Mistakes are 422s at their JSON path, inside the bot's
// documents too.
func TestImportAsyncTI4WebDataService(t *testing.T) {
	web, err := os.ReadFile(asyncWebData)
	if err != nil {
		t.Fatal(err)
	}
	state, err := os.ReadFile(asyncGameState)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "asyncti4_pbd10972_310.json"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := service.New(service.DefaultConfig(), answer.NewBackend(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	post := func(body string) (int, []byte) {
		resp, err := http.Post(ts.URL+"/v1/import", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, out
	}
	text, _ := json.Marshal(string(web))
	for _, body := range []string{
		`{"asyncti4": {"webdata": ` + string(web) + `, "tile": "310"}}`,
		`{"asyncti4": {"save": ` + string(text) + `, "tile": "310"}}`,
		`{"asyncti4": {"gamestate": ` + string(state) + `, "webdata": ` + string(web) + `}}`,
		`{"asyncti4": {"webdata": ` + string(web) + `, "tile": "310", "gamestate": null}}`,
	} {
		status, out := post(body)
		var res struct {
			Scenario any      `json:"scenario"`
			Warnings []string `json:"warnings"`
		}
		var viaCLI any
		json.Unmarshal(want, &viaCLI)
		if err := json.Unmarshal(out, &res); status != 200 || err != nil || !reflect.DeepEqual(res.Scenario, viaCLI) {
			t.Errorf("%.60s...: status %d, %v; not the command line's document: %.300s", body, status, err, out)
			continue
		}
		if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.HasPrefix(w, "web-data does not carry") }) ||
			strings.Contains(body, `"gamestate": {`) != strings.Contains(strings.Join(res.Warnings, "\n"), "the live combat") {
			t.Errorf("%.60s...: warnings %q", body, res.Warnings)
		}
	}
	badCount := strings.Replace(string(web), `"count": 3,`, `"count": "3",`, 1)
	for _, c := range []struct{ body, path, msg string }{
		{`{"asyncti4": {"webdata": ` + badCount + `, "tile": "310"}}`, "asyncti4.webdata.tileUnitData.310.space.letnev[2].count", "want a whole number"},
		{`{"asyncti4": {"webdata": "pbd10972", "tile": "310"}}`, "asyncti4.webdata", "want an object"},
		{`{"asyncti4": {"webdata": ` + string(web) + `, "gamestate": {"activeCombat": null}}}`, "asyncti4.gamestate", "names no combat in progress: give the tile's position"},
		{`{"asyncti4": {"webdata": ` + string(web) + `, "gamestate": {"activeCombat": {"round": "1"}}}}`, "asyncti4.gamestate.activeCombat.round", "want a whole number"},
		{`{"asyncti4": {"webdata": ` + string(web) + `, "gamestate": ` + string(state) + `, "tile": "310"}}`, "asyncti4.gamestate", "not both"},
		{`{"asyncti4": {"webdata": ` + string(web) + `, "save": "x", "tile": "310"}}`, "asyncti4.webdata", "not both"},
		{`{"asyncti4": {"webdata": ` + string(web) + `}}`, "asyncti4.tile", "give the tile's position"},
		{`{"asyncti4": {"tile": "310"}}`, "asyncti4.save", "give the game"},
		{`{"asyncti4": {"webdata": ` + string(web) + `, "tile": "999"}}`, "asyncti4.tile", "no tile at position"},
		{`{"asyncti4": {"webdata": ` + string(web) + `, "tile": "310", "webdat": 1}}`, "asyncti4.webdat", "unknown field"},
		{`{"asyncti4": {"save": ` + strings.Replace(string(text), "tilePositions", "tilePositions\\\": 7, \\\"x", 1) + `, "tile": "310"}}`, "asyncti4.save", "tilePositions: want an array"},
	} {
		status, out := post(c.body)
		var e struct {
			Path    string `json:"path"`
			Message string `json:"message"`
		}
		if json.Unmarshal(out, &e); status != 422 || e.Path != c.path || !strings.Contains(string(out), c.msg) {
			t.Errorf("%.80s: status %d, %s; want 422 at %s saying %q", c.body, status, out, c.path, c.msg)
		}
	}
}
