package web_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Homebrew units on the page (homebrew.js): the bot's Discordant Stars
// unit file (units/testdata/asyncti4/ds.json, its numbers without the
// ability texts) chosen with the picker puts its factions in both sides'
// faction lists, their units in the fleet table, and the page answers a
// Tnelis battle as docs/homebrew.md and the command line do.

// dsFile is the Discordant Stars unit file.
func dsFile() string {
	return filepath.Join(repoRoot, "units", "testdata", "asyncti4", "ds.json")
}

// loadUnitFiles chooses files with the Homebrew units picker and waits
// until the page lists them (or shows an error, returned).
func (tb *tab) loadUnitFiles(files ...string) string {
	tb.t.Helper()
	eval[bool](tb, `(document.getElementById("homebrew-box").open = true, document.getElementById("units-error").hidden = true, true)`)
	tb.do(10*time.Second, "choosing unit files", chromedp.SetUploadFiles(chromedp.CSS("#units-file"), files))
	return tb.poll("the unit files", fmt.Sprintf(`(() => {
  const e = document.getElementById("units-error");
  if (!e.hidden) return "error: " + e.textContent;
  const li = [...document.querySelectorAll("#units-loaded li")].map((l) => l.firstChild.textContent);
  return li.some((t) => t.startsWith(%q)) ? li.join("; ") : false;
})()`, filepath.Base(files[len(files)-1])), 60*time.Second)
}

// tnelisBattle is docs/homebrew.md's battle: one Tnelis destroyer (the
// Blockade Runner I, three Anti-Fighter Barrage dice) against 2 fighters.
var tnelisBattle = []string{"space", "--units", "", "--attacker-faction", "tnelis", "-a", "1 destroyer", "-d", "2 fighter", "--exact"}

// TestBrowserHomebrewUnits: on the served page and on the static build,
// ds.json loaded, Tnelis is among both sides' factions, its destroyer is
// the Blockade Runner I; one against 2 fighters the page answers 33.44%
// for the attacker — 22945/68625, worked by hand in
// cmd/ti4sim/homebrew_test.go — with the command line's figures for the
// page's own document and for `ti4sim space --units ds.json ...` with the
// whole file. The page's document (its share link) carries the file cut
// to the Tnelis units; the link, opened afresh, loads them and answers the
// same.
func TestBrowserHomebrewUnits(t *testing.T) {
	c := requireStatic(t)
	args := append([]string{}, tnelisBattle...)
	args[2] = dsFile()
	want := cliFigures(t, c, scenarioDoc(t, c, args...))
	if want["p-attacker"] != "33.44%" {
		t.Fatalf("the command line answers %v, want 33.44%% for the attacker (docs/homebrew.md)", want)
	}
	data, err := os.ReadFile(dsFile())
	if err != nil {
		t.Fatal(err)
	}
	var all []map[string]any
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	tnelisUnits := 0
	for _, u := range all {
		if f, _ := u["faction"].(string); strings.EqualFold(f, "tnelis") {
			tnelisUnits++
		}
	}
	for _, site := range []struct{ name, base string }{{"served", c.served}, {"static", c.static}} {
		t.Run(site.name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(site.base + "/")
			tb.waitAnswer(0, 90*time.Second)
			if got := tb.loadUnitFiles(dsFile()); !strings.HasPrefix(got, "ds.json: 34 factions (") {
				t.Fatalf("the page lists %q", got)
			}
			for _, p := range []string{"a", "d"} {
				if got := eval[string](tb, fmt.Sprintf(`document.querySelector("#%s-faction option[value=tnelis]")?.textContent || ""`, p)); got != "Tnelis (homebrew)" {
					t.Errorf("#%s-faction offers %q for tnelis", p, got)
				}
			}
			tb.choose("#a-faction", "tnelis")
			if got := eval[string](tb, `document.getElementById("a-name-destroyer").textContent`); got != "Blockade Runner I" {
				t.Errorf("the Tnelis destroyer is named %q", got)
			}
			tb.choose("#action", "space")
			emptyFleets(tb)
			tb.typeInto("#a-count-destroyer", "1")
			tb.typeInto("#d-count-fighter", "2")
			seq := tb.resultSeq()
			tb.waitAnswer(seq, 90*time.Second)
			doc := linkDocument(t, tb.hash(), "combat")
			var d struct {
				Units []struct{ Name, Data string } `json:"units"`
			}
			if err := json.Unmarshal(doc, &d); err != nil || len(d.Units) != 1 || d.Units[0].Name != "ds.json" {
				t.Fatalf("the page's document carries units %+v (%v)", d.Units, err)
			}
			var carried []map[string]any
			if err := json.Unmarshal([]byte(d.Units[0].Data), &carried); err != nil {
				t.Fatal(err)
			}
			for _, u := range carried {
				if f, _ := u["faction"].(string); !strings.EqualFold(f, "tnelis") {
					t.Errorf("the document carries unit %v of faction %q", u["id"], f)
				}
			}
			if len(carried) != tnelisUnits {
				t.Errorf("the document carries %d units, ds.json has %d of the Tnelis", len(carried), tnelisUnits)
			}
			checkFigures(t, "Tnelis destroyer against 2 fighters, the page's document", pageFigures(tb), cliFigures(t, c, doc))
			checkFigures(t, "Tnelis destroyer against 2 fighters, the whole ds.json", pageFigures(tb), want)
			if s := eval[string](tb, `document.getElementById("units-status").textContent`); !strings.Contains(s, "share link carries the units") {
				t.Errorf("the picker says %q", s)
			}
			// The link, opened in a fresh tab with nothing loaded.
			link := tb.hash()
			other := newTab(t, chromedp.WithNewBrowserContext())
			other.open(site.base + "/" + link)
			other.waitAnswer(0, 90*time.Second)
			if f := eval[string](other, `document.getElementById("a-faction").value`); f != "tnelis" {
				t.Errorf("the link opens with the attacker's faction %q", f)
			}
			checkFigures(t, "the share link opened afresh", pageFigures(other), want)
		})
	}
}

// TestBrowserHomebrewErrors: a malformed unit file is refused at the
// picker in a player's words — the file, unit and field named, no JSON
// path — and the files loaded before stay; removing a file takes its
// factions away, a side that played one says so.
func TestBrowserHomebrewErrors(t *testing.T) {
	c := requireComponents(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	notJSON := filepath.Join(dir, "notes.json")
	if err := os.WriteFile(bad, []byte(`[{"id":"x_cr","baseType":"cruiser","faction":"xx","combatHitsOn":12}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notJSON, []byte("my units: a cruiser"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.loadUnitFiles(dsFile())
	tb.choose("#a-faction", "cymiae")
	for _, tc := range []struct{ file, has string }{
		{bad, `unit file "bad.json", unit "x_cr", field combatHitsOn: 12`},
		{notJSON, `unit file "notes.json"`},
	} {
		got := tb.loadUnitFiles(tc.file)
		text, control := errorAt(tb, "units-error", "units-file")
		if !strings.HasPrefix(got, "error: ") || control != "units-file" || !strings.HasPrefix(text, "Homebrew units (AsyncTI4 unit file): ") || !strings.Contains(text, tc.has) {
			t.Errorf("%s: %q at #%s", filepath.Base(tc.file), text, control)
		}
		if f := eval[string](tb, `document.getElementById("a-faction").value`); f != "cymiae" {
			t.Errorf("after %s the attacker's faction is %q, want cymiae still", filepath.Base(tc.file), f)
		}
	}
	checkPlainWords(tb, "a unit file refused")
	tb.click(`#units-loaded button[data-file="0"]`, 1)
	got := tb.poll("the file removed", `(() => { const s = document.getElementById("units-status").textContent; return s.includes("no longer loaded") ? s : false; })()`, 20*time.Second)
	if f := eval[string](tb, `document.getElementById("a-faction").value + "|" + !!document.querySelector("#a-faction option[value=cymiae]")`); f != "|false" {
		t.Errorf("ds.json removed, the attacker's faction is %q (%s)", f, got)
	}
	tb.expectConsole("status of 422 (Unprocessable Entity) (" + c.served + "/v1/units)")
}

// TestBrowserHomebrewRemembered: files small enough are remembered on the
// device: the next visit lists them and opens the sample battle with the
// homebrew faction the player last chose.
func TestBrowserHomebrewRemembered(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.loadUnitFiles(dsFile())
	tb.choose("#a-faction", "tnelis")
	tb.open(c.served + "/")
	got := tb.poll("the remembered faction", `document.getElementById("a-faction").value === "tnelis" ? document.querySelector("#units-loaded li span").textContent : false`, 30*time.Second)
	if !strings.HasPrefix(got, "ds.json: 34 factions") {
		t.Errorf("the next visit lists %q", got)
	}
}

// TestBrowserImportPhone: on a 390×844 phone the AsyncTI4 import and the
// homebrew picker, opened with an import's warnings and a file listed,
// fit the screen, every control is at least 44 px each way, and axe-core
// finds nothing serious in them.
func TestBrowserImportPhone(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.size(phone)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.loadUnitFiles(dsFile())
	tb.openAsyncBox()
	tb.typeInto("#async-tile", "310")
	tb.do(10*time.Second, "choosing the save", chromedp.SetUploadFiles(chromedp.CSS("#async-file"), []string{pbdSave()}))
	if got := tb.asyncImported(); !strings.HasPrefix(got, "Imported") {
		t.Fatalf("the import says %q", got)
	}
	eval[bool](tb, `(document.getElementById("asyncti4-box").open = true, document.getElementById("homebrew-box").open = true, true)`)
	for _, box := range []string{"asyncti4-box", "homebrew-box"} {
		for _, p := range eval[[]string](tb, touchJS+`(document.getElementById("`+box+`"))`) {
			t.Errorf("phone, #%s: %s, smaller than 44×44 px", box, p)
		}
	}
	for _, p := range eval[[]string](tb, fmt.Sprintf("%s(%d)", overflowJS, phone.w)) {
		t.Errorf("phone, the import boxes open: %s", p)
	}
	tb.injectAxe()
	for _, x := range tb.runAxe() {
		if x.Impact == "serious" || x.Impact == "critical" {
			t.Errorf("phone, the import boxes open: %s (%s): %s\n    %s", x.ID, x.Impact, x.Help, strings.Join(x.Nodes, "\n    "))
		}
	}
	t.Logf("screenshots: %v", tb.shot("TestBrowserImportPhone"))
}

// TestBrowserHomebrewTooLong: a unit file too long for a link and for the
// device's memory (a unit with 410,000 characters of text) still answers,
// but the share link carries no units and the picker says so, as it says
// the file is not remembered.
func TestBrowserHomebrewTooLong(t *testing.T) {
	c := requireComponents(t)
	long := filepath.Join(t.TempDir(), "long.json")
	units := []map[string]any{{"id": "longf_destroyer", "baseType": "destroyer", "faction": "longf", "name": "Long Destroyer",
		"cost": 1, "combatHitsOn": 9, "afbHitsOn": 9, "afbDieCount": 2, "ability": strings.Repeat("words ", 410000/6)}}
	data, _ := json.Marshal(units)
	if err := os.WriteFile(long, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.loadUnitFiles(long)
	if s := eval[string](tb, `document.getElementById("units-status").textContent`); !strings.Contains(s, "too large to be remembered") {
		t.Errorf("after loading, the picker says %q", s)
	}
	seq := tb.resultSeq()
	tb.choose("#a-faction", "longf")
	tb.waitAnswer(seq, 60*time.Second)
	if s := eval[string](tb, `document.getElementById("units-status").textContent`); !strings.Contains(s, "share link does not carry the homebrew units") {
		t.Errorf("with the faction picked, the picker says %q", s)
	}
	var d map[string]any
	if err := json.Unmarshal(linkDocument(t, tb.hash(), "combat"), &d); err != nil {
		t.Fatal(err)
	}
	if _, ok := d["units"]; ok {
		t.Error("the share link carries the long file")
	}
	if a, _ := d["attacker"].(map[string]any); a["faction"] != "longf" {
		t.Errorf("the link's attacker is %v", a)
	}
}
