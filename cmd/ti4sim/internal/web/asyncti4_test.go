package web_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Importing an AsyncTI4 game on the page (asyncti4.js): the bot's save of
// game pbd10972 (a trimmed copy, docs/asyncti4.md), tile 310, fills the
// Battle tab with the Letnev fleet over the L1Z1X home planet, and the
// page answers what the command line answers for the same document; the
// game-id path fetches the game's web data from a local server standing
// in for the bot, and says plainly when it cannot.

// expectConsole drops from the tab's console problems those the test
// caused on purpose: each message containing one of the strings (a 422
// answer of the import, a refused request to a stand-in bot). It waits a
// moment first for their events to arrive.
func (tb *tab) expectConsole(parts ...string) {
	time.Sleep(200 * time.Millisecond)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	kept := tb.problems[:0]
	for _, p := range tb.problems {
		expected := false
		for _, part := range parts {
			expected = expected || strings.Contains(p, part)
		}
		if !expected {
			kept = append(kept, p)
		}
	}
	tb.problems = kept
}

// closedPort is the address of a loopback port nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := "http://" + ln.Addr().String()
	ln.Close()
	return addr
}

// openImportBoxesJS opens the AsyncTI4 import and the homebrew picker
// (folded at first), so that the layout and accessibility tests see them.
const openImportBoxesJS = `(document.getElementById("asyncti4-box").open = true, document.getElementById("homebrew-box").open = true, true)`

// pbdSave is the bot's save of game pbd10972.
func pbdSave() string {
	return filepath.Join(repoRoot, "cmd", "ti4sim", "internal", "importer", "testdata", "asyncti4", "pbd10972.txt")
}

// openAsyncBox opens the page's AsyncTI4 import box.
func (tb *tab) openAsyncBox() {
	tb.t.Helper()
	eval[bool](tb, `(document.getElementById("asyncti4-box").open = true, true)`)
}

// asyncImported waits until the AsyncTI4 import says it imported, or
// shows an error, and returns that text.
func (tb *tab) asyncImported() string {
	tb.t.Helper()
	return tb.poll("the AsyncTI4 import", `(() => {
  const e = document.getElementById("async-error");
  if (!e.hidden) return "error: " + e.textContent;
  const s = document.getElementById("async-status").textContent;
  return s.startsWith("Imported") ? s : false;
})()`, 60*time.Second)
}

// TestBrowserAsyncTI4Save: on the served page and on the static
// WebAssembly build, choosing the save file and typing tile 310 imports
// the battle: Letnev against L1Z1X, three Dreadnought II (one damaged),
// two cruisers and a fighter against the home planet 0.0.0's ten
// infantry, PDS and space dock; the import's warnings are listed in
// words; and the answer is the command line's for the page's document
// and for testdata/asyncti4_pbd10972_310.json run exact: the Letnev take
// no planet (0.00%: they carry no ground forces).
func TestBrowserAsyncTI4Save(t *testing.T) {
	c := requireStatic(t)
	fileDoc, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "asyncti4_pbd10972_310.json"))
	if err != nil {
		t.Fatal(err)
	}
	var exact map[string]any
	if err := json.Unmarshal(fileDoc, &exact); err != nil {
		t.Fatal(err)
	}
	exact["run"] = map[string]any{"exact": true} // --exact
	exactDoc, _ := json.Marshal(exact)
	wantExact := cliFigures(t, c, exactDoc)
	if wantExact["p-attacker"] != "0.00%" || wantExact["p-defender"] != "100.00%" {
		t.Fatalf("the command line answers %v, want the Letnev to take no planet", wantExact)
	}
	for _, site := range []struct{ name, base string }{{"served", c.served}, {"static", c.static}} {
		t.Run(site.name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(site.base + "/")
			tb.waitAnswer(0, 90*time.Second)
			seq := tb.resultSeq()
			tb.openAsyncBox()
			tb.typeInto("#async-tile", "310")
			tb.do(10*time.Second, "choosing the save", chromedp.SetUploadFiles(chromedp.CSS("#async-file"), []string{pbdSave()}))
			got := tb.asyncImported()
			if !strings.HasPrefix(got, "Imported the battle at tile 310") {
				t.Fatalf("the import says %q", got)
			}
			// The importer writes the catalogue's names (a bot's "amd" is
			// antimass-deflectors), so the form shows every technology.
			if strings.Contains(got, "Not shown in the form") {
				t.Errorf("the import says %q", got)
			}
			tb.waitAnswer(seq, 90*time.Second)
			form := eval[map[string]string](tb, `(() => {
  const v = (id) => { const e = document.getElementById(id); return e ? (e.type === "checkbox" ? String(e.checked) : e.value) : "(none)"; };
  return {action: v("action"), a: v("a-faction"), d: v("d-faction"), dn: v("a-count-dreadnought"), dnII: v("a-up-dreadnought"),
    dnDamaged: v("a-dmg-dreadnought"), cruisers: v("a-count-cruiser"), fighters: v("a-count-fighter"),
    planet: v("planet-0-name"), infantry: v("planet-0-count-infantry"), pds: v("planet-0-count-pds"), dock: v("planet-0-count-space-dock"),
    adjacent: v("d-adjacent-pds")};
})()`)
			want := map[string]string{"action": "invade", "a": "letnev", "d": "l1z1x", "dn": "3", "dnII": "true", "dnDamaged": "1", "cruisers": "2",
				"fighters": "1", "planet": "0.0.0", "infantry": "10", "pds": "1", "dock": "1", "adjacent": "1"}
			for k, w := range want {
				if form[k] != w {
					t.Errorf("the Battle tab's %s is %q, want %q", k, form[k], w)
				}
			}
			warnings := eval[[]string](tb, `[...document.querySelectorAll("#async-warnings li")].map((li) => li.textContent)`)
			if len(warnings) < 5 || !strings.Contains(strings.Join(warnings, "\n"), "Viscount Unlenn") {
				t.Errorf("the import's warnings shown: %q", warnings)
			}
			checkPlainWords(tb, "the AsyncTI4 import")
			doc := linkDocument(t, tb.hash(), "combat")
			shown := shownFigures(tb)
			checkFigures(t, "pbd10972 tile 310 against the page's document", shown, cliFigures(t, c, doc))
			checkFigures(t, "pbd10972 tile 310 against the file's document, --exact", shownFigures(tb), wantExact)
		})
	}
}

// TestBrowserAsyncTI4SaveErrors: a missing tile, a tile not on the map, a
// pasted text that is no save, and a tile where both players have ships
// are refused at their control, in words (the importer's --attacker is
// the box's Attacker field), and a refused import leaves the battle as it
// was; the attacker given, the two-fleet battle is imported.
func TestBrowserAsyncTI4SaveErrors(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.openAsyncBox()
	save, err := os.ReadFile(pbdSave())
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](tb, fmt.Sprintf(`(document.getElementById("async-save").value = %q, true)`, save))
	tb.click("#async-go", 1)
	text, control := errorAt(tb, "async-error", "async-tile")
	if control != "async-tile" || !strings.Contains(text, "give the tile") {
		t.Errorf("no tile: %q at #%s", text, control)
	}
	tb.typeInto("#async-tile", "999")
	tb.click("#async-go", 1)
	text, control = errorAt(tb, "async-error", "async-tile")
	if text != `Tile: no tile at position "999" in game "pbd10972" (8 tiles)` {
		t.Errorf("tile 999: %q at #%s", text, control)
	}
	eval[bool](tb, `(document.getElementById("async-save").value = "hello", true)`)
	tb.typeInto("#async-tile", "310")
	tb.click("#async-go", 1)
	text, control = errorAt(tb, "async-error", "async-save")
	if a := eval[string](tb, `document.getElementById("a-faction").value`); a == "letnev" {
		t.Error("a refused import changed the battle")
	}
	if !strings.HasPrefix(text, "The save: ") || strings.Contains(text, "want {") {
		t.Errorf("no save: %q at #%s", text, control)
	}
	// Both players with ships at the tile (an L1Z1X cruiser added to the
	// save): the attacker is asked for in the Attacker field, not as the
	// command line's --attacker; given, the battle is imported.
	two := strings.Replace(string(save), "ppl—ff 1,0\n", "ppl—ff 1,0\nrse—ca 1,0\n", 1)
	if two == string(save) {
		t.Fatal("the save's tile 310 no longer holds the Letnev fighter line")
	}
	eval[bool](tb, fmt.Sprintf(`(document.getElementById("async-save").value = %q, true)`, two))
	tb.click("#async-go", 1)
	text, control = errorAt(tb, "async-error", "async-attacker")
	if control != "async-attacker" || !strings.HasPrefix(text, "Attacker: ") || !strings.Contains(text, "in the Attacker field") {
		t.Errorf("two fleets: %q at #%s", text, control)
	}
	tb.typeInto("#async-attacker", "letnev")
	tb.click("#async-go", 1)
	if got := tb.asyncImported(); !strings.HasPrefix(got, "Imported") {
		t.Errorf("two fleets, the attacker given: %q", got)
	}
	if d := eval[string](tb, `document.getElementById("d-count-cruiser").value`); d != "1" {
		t.Errorf("the L1Z1X cruiser in space: the defender's cruisers are %q", d)
	}
	checkPlainWords(tb, "the AsyncTI4 import's errors")
	tb.expectConsole("status of 422 (Unprocessable Entity) (" + c.served + "/v1/import)")
}

// botStandIn serves a game's web data at the bot's path,
// /api/public/game/ID/web-data, to any page (CORS: *): game pbd10972's
// body, 404 for any other game. It counts the requests.
func botStandIn(t *testing.T, docs map[string]string, cors bool) (base string, asked *atomic.Int32) {
	t.Helper()
	asked = &atomic.Int32{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		if cors {
			w.Header().Set("Access-Control-Allow-Origin", "*")
		}
		body, ok := docs[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, asked
}

// TestBrowserAsyncTI4GameID: the game id path, on the static WebAssembly
// build against a local stand-in for the bot (the page's test-only
// ?asyncti4-api=). The page fetches /api/public/game/pbd10972/web-data (a
// link of the bot's web map is read for its id too) and sends it to the
// engine's import as webdata: the stand-in serves pbd10972's web data
// (the importer's test document) and the Battle tab gets its battle at
// tile 310, Letnev against L1Z1X. A game the bot
// does not have (404), a bot that refuses other sites' pages (no CORS
// header) and a bot that cannot be reached are each said in words, with
// the save as the way out; an id that is no id is refused before any
// request. The served page's Content-Security-Policy lets it ask the bot
// (https://bot.asyncti4.com) and no other site: there a stand-in is
// refused, and the page says it could not reach the bot.
func TestBrowserAsyncTI4GameID(t *testing.T) {
	c := requireStatic(t)
	webdata, err := os.ReadFile(filepath.Join(repoRoot, "cmd", "ti4sim", "internal", "importer", "testdata", "asyncti4", "pbd10972.webdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	state, err := os.ReadFile(filepath.Join(repoRoot, "cmd", "ti4sim", "internal", "importer", "testdata", "asyncti4", "pbd10972.gamestate.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{"/api/public/game/pbd10972/web-data": string(webdata), "/api/public/game/pbd10972/game-state": string(state),
		"/api/public/game/done1/web-data": string(webdata), "/api/public/game/done1/game-state": `{"activeCombat":null}`}
	base, asked := botStandIn(t, docs, true)
	refusing, refusedAsked := botStandIn(t, docs, false)
	tb := newTab(t)
	// fetchWith fetches game id and waits for the import or for an
	// error at the control at (an error elsewhere is seen after 20 s).
	fetchWith := func(id, at string) (text, control string) {
		tb.typeInto("#async-game", id)
		tb.click("#async-fetch", 1)
		got := tb.asyncImported()
		if !strings.HasPrefix(got, "error: ") {
			return got, ""
		}
		return errorAt(tb, "async-error", at)
	}
	// openAt opens the page of site asking the bot at bot. The page reads
	// its test-only bot address at each fetch, so on the site already open
	// only the address changes (no reload: each load starts the engine).
	opened := ""
	openAt := func(site, bot string) {
		if site == opened {
			eval[bool](tb, fmt.Sprintf(`(history.replaceState(null, "", "/?asyncti4-api=" + encodeURIComponent(%q)), true)`, bot))
			return
		}
		opened = site
		tb.open(site + "/?asyncti4-api=" + url.QueryEscape(bot))
		tb.openAsyncBox()
		tb.typeInto("#async-tile", "310")
	}
	openAt(c.static, base)
	n := asked.Load()
	text, control := fetchWith("https://asyncti4.com/game/pbd10972", "async-game")
	if asked.Load() != n+1 {
		t.Errorf("the page asked the stand-in %d times, want once", asked.Load()-n)
	}
	if control != "" || !strings.HasPrefix(text, "Imported the battle at tile 310") {
		t.Errorf("the game's web data imported: %q at #%s", text, control)
	}
	form := eval[[]string](tb, `["a-faction", "d-faction", "a-count-dreadnought", "a-dmg-dreadnought", "planet-0-count-infantry"].map((id) => document.getElementById(id).value)`)
	if strings.Join(form, " ") != "letnev l1z1x 3 1 10" {
		t.Errorf("the Battle tab after the game id's import: %q, want letnev l1z1x 3 1 10", form)
	}
	// No tile: the combat in progress, from the game's state (the
	// importer's stand-in state names the Letnev's combat at 310); a game
	// with none is refused at the tile, in words.
	eval[bool](tb, `(document.getElementById("async-tile").value = "", true)`)
	n = asked.Load()
	text, control = fetchWith("pbd10972", "async-game")
	if control != "" || !strings.HasPrefix(text, "Imported the combat in progress of game pbd10972") || asked.Load() != n+2 {
		t.Errorf("the live combat: %q at #%s after %d requests, want 2", text, control, asked.Load()-n)
	}
	if a := eval[string](tb, `document.getElementById("a-faction").value`); a != "letnev" {
		t.Errorf("the live combat's attacker is %q, want letnev", a)
	}
	text, control = fetchWith("done1", "async-tile")
	if control != "async-tile" || !strings.Contains(text, "no combat in progress") {
		t.Errorf("a game with no combat in progress: %q at #%s", text, control)
	}
	tb.typeInto("#async-tile", "310")
	text, control = fetchWith("pbd99999", "async-game")
	if control != "async-game" || !strings.Contains(text, "has no public game pbd99999") {
		t.Errorf("a game the bot does not have: %q at #%s", text, control)
	}
	n = asked.Load()
	text, control = fetchWith("pbd 10972", "async-game")
	if control != "async-game" || !strings.Contains(text, "letters, digits") || asked.Load() != n {
		t.Errorf("an id that is none: %q at #%s (%d requests)", text, control, asked.Load()-n)
	}
	checkPlainWords(tb, "the game id's errors")
	// A bot that answers no other site's page, one that is not there at
	// all, and any site but the bot's from the served page.
	closed := closedPort(t)
	for _, at := range [][2]string{{c.static, refusing}, {c.static, closed}, {c.served, base}} {
		openAt(at[0], at[1])
		text, control = fetchWith("pbd10972", "async-game")
		if control != "async-game" || !strings.Contains(text, "could not reach the bot") || !strings.Contains(text, "save") {
			t.Errorf("%s asking %s: %q at #%s", at[0], at[1], text, control)
		}
	}
	if refusedAsked.Load() == 0 {
		t.Error("the page never asked the bot without CORS headers")
	}
	resp, err := http.Get(c.served + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self' https://bot.asyncti4.com;") {
		t.Errorf("the served page's Content-Security-Policy %q does not let it ask the bot", csp)
	}
	tb.expectConsole(base+"/api/public/game/pbd99999", refusing+"/api/public/game", closed+"/api/public/game",
		"Content Security Policy", "status of 422 (Unprocessable Entity) ("+c.served+"/v1/import)")
}

// TestBrowserAsyncTI4APIOnlyLoopback: the test-only ?asyncti4-api= is
// honoured for a loopback address only; any other keeps the bot's.
func TestBrowserAsyncTI4APIOnlyLoopback(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	for q, want := range map[string]string{
		"":                                   "https://bot.asyncti4.com",
		"?asyncti4-api=http://127.0.0.1:9":   "http://127.0.0.1:9",
		"?asyncti4-api=https://evil.example": "https://bot.asyncti4.com",
		"?asyncti4-api=http://127.0.0.1.evil.example": "https://bot.asyncti4.com",
	} {
		tb.open(c.served + "/" + q)
		if got := eval[string](tb, `import("./js/asyncti4.js").then((m) => m.apiBase())`); got != want {
			t.Errorf("%q: the page fetches from %q, want %q", q, got, want)
		}
	}
}
