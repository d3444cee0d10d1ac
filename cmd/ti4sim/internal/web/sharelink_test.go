package web_test

import (
	"strings"
	"testing"
	"time"
)

// A share link opened in a fresh tab loads its document into the form,
// runs it and shows the digits of the service's JSON for that document
// (the document carries its seed).

// shareArgs is the battle of the share link tests, as `ti4sim scenario`
// flags.
var shareArgs = []string{"space", "-a", "2 dreadnought, 1 carrier, 3 fighter", "-d", "3 cruiser, 2 destroyer"}

func TestBrowserShareLink(t *testing.T) {
	c := requireComponents(t)
	doc := scenarioDoc(t, c, append(shareArgs, "-n", "20000", "--seed", "7")...)
	want := wantFigures(t, serviceAnswer(t, c, "combat", doc))

	tb := newTab(t)
	tb.open(shareLink(c.served, "combat", doc))
	tb.waitAnswer(0, 60*time.Second)
	checkFigures(t, "share link on the served page", pageFigures(tb), want)
}

// A damaged share link says so and opens nothing silently: opened, it
// names the damage and shows the sample battle, saying so; followed while
// the page shows a battle, it keeps that battle, saying so.
func TestBrowserShareLinkDamaged(t *testing.T) {
	c := requireComponents(t)
	doc := scenarioDoc(t, c, append(shareArgs, "-n", "20000", "--seed", "7")...)
	link := shareLink(c.served, "combat", doc)
	counts := `["a-count-carrier", "a-count-dreadnought", "d-count-cruiser", "d-count-dreadnought"].map((id) => document.getElementById(id).value).join(" ")`
	status := `document.getElementById("link-status").checkVisibility() ? document.getElementById("link-status-words").textContent : ""`
	for _, bad := range []struct{ name, link, why string }{
		{"cut short", link[:len(link)-7], "This link is damaged: it is cut short"},
		{"garbled", strings.Replace(link, "#combat=", "#combat=ab$%", 1), "This link is damaged: it holds characters a link of this page never has"},
		{"no such tab", strings.Replace(link, "#combat=", "#combats=", 1), `This link is damaged: it asks for "combats", which is not one of this page's tabs`},
	} {
		t.Run(bad.name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(bad.link)
			tb.waitAnswer(0, 60*time.Second)
			got := eval[string](tb, status)
			if !strings.HasPrefix(got, bad.why) || !strings.HasSuffix(got, "; showing the sample battle instead.") {
				t.Errorf("the damaged link (%s) shows %q, want %q…; showing the sample battle instead.", bad.name, got, bad.why)
			}
			if form := eval[string](tb, counts); form != "3 0 0 1" {
				t.Errorf("after the damaged link the form holds %q (carriers, dreadnoughts; cruisers, dreadnoughts), want the sample battle 3 0 0 1", form)
			}
			checkPlainWords(tb, bad.name)
		})
	}

	// Followed from a page showing a battle: the battle stays.
	tb := newTab(t)
	tb.open(link)
	tb.waitAnswer(0, 60*time.Second)
	before := eval[string](tb, counts)
	eval[bool](tb, `(location.hash = "#combat=eyJ2ZXJzaW9uIjox", true)`) // {"version":1 cut short
	got := tb.poll("the link's status", `(() => { const s = `+status+`; return s || false; })()`, 10*time.Second)
	if got != "This link is damaged: it is cut short or garbled (its battle cannot be read); the page keeps what it showed." {
		t.Errorf("a damaged link followed shows %q, want it cut short or garbled and the page keeping what it showed", got)
	}
	if after := eval[string](tb, counts); after != before || before != "1 2 3 0" {
		t.Errorf("after a damaged link is followed the form holds %q, want the battle shown before, %q (1 2 3 0)", after, before)
	}
	tb.click("#link-status-dismiss", 1)
	if got := eval[string](tb, status); got != "" {
		t.Errorf("Dismiss left the link's status shown: %q", got)
	}
}

// Importing a ti4battle.com link keeps the form's Method: the link holds
// no run (ti4battle.com always simulates), so the exact answer the form
// asks for stays asked.
func TestBrowserImportKeepsMethod(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	if m := eval[string](tb, `document.getElementById("run-mode").value`); m != "exact" {
		t.Fatalf("the page starts with Method %q, want exact", m)
	}
	tb.typeInto("#import-link", "https://ti4battle.com/?attacker-faction=Clan+of+Saar&attacker-unit-cruiser=3&attacker-effect-Assault+Cannon=1&defender-faction=Nekro&defender-unit-cruiser=3&defender-effect-Assault+Cannon=1")
	tb.click("#import-go", 1)
	got := tb.poll("the import", `(() => { const s = document.getElementById("share-status").textContent; return s.startsWith("Imported") || s.startsWith("Not imported") ? s : false; })()`, 30*time.Second)
	if !strings.HasPrefix(got, "Imported.") {
		t.Fatalf("the import says %q", got)
	}
	if m := eval[string](tb, `document.getElementById("run-mode").value`); m != "exact" {
		t.Errorf("after the import Method is %q, want exact, as before", m)
	}
	tb.waitAnswer(0, 60*time.Second)
	if run := documentRun(t, linkDocument(t, tb.hash(), "combat")); !run.PreferExact {
		t.Errorf("the imported battle runs %+v, want exact when possible, as the form asked", run)
	}
	checkPlainWords(tb, "import")
}
