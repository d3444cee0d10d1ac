package web_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The buttons over the fleets — Clear a side, Swap the sides, Reset to
// the sample battle — and what the page remembers between visits (the
// factions, rules and method, on the device only).

// forget empties the page's local storage, so what one test chose is not
// remembered by the next test's page (they share the browser's profile).
func forget(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, _ = chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { try { localStorage.clear(); } catch {} return true; })()`))
}

// sideDocs returns the attacker's and defender's parts of the page's
// combat document (its share link), decoded.
func sideDocs(t *testing.T, tb *tab) (attacker, defender map[string]any) {
	t.Helper()
	var d struct {
		Attacker map[string]any `json:"attacker"`
		Defender map[string]any `json:"defender"`
	}
	doc := linkDocument(t, tb.hash(), "combat")
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatalf("the page's document: %v\n%s", err, doc)
	}
	return d.Attacker, d.Defender
}

// waitLink waits until the page's share link differs from old.
func (tb *tab) waitLink(old string) {
	tb.t.Helper()
	for i := 0; i < 100 && tb.hash() == old; i++ {
		time.Sleep(20 * time.Millisecond)
	}
	if tb.hash() == old {
		tb.t.Fatal("the share link did not change")
	}
}

// richBattle enters a battle with more than a fleet on each side:
// factions, an upgrade, a damaged unit, a technology and a card.
func richBattle(tb *tab) {
	tb.t.Helper()
	tb.choose("#a-faction", "sol")
	tb.choose("#d-faction", "letnev")
	emptyFleets(tb)
	tb.typeInto("#a-count-cruiser", "2")
	tb.click("#a-up-cruiser", 1)
	tb.typeInto("#a-count-destroyer", "1")
	tb.typeInto("#d-count-destroyer", "3")
	tb.typeInto("#d-count-dreadnought", "1")
	tb.typeInto("#d-dmg-dreadnought", "1")
	eval[bool](tb, `(() => { for (const d of document.querySelectorAll("#side-a details, #side-d details")) d.open = true; return true; })()`)
	tb.click("#a-tech-plasma-scoring", 1)
	tb.typeInto("#d-card-morale-boost", "1")
}

// TestBrowserClearSide: Clear empties one side's fleet — counts,
// upgrades, damage — and leaves its faction, technologies and cards, and
// the other side, as they were.
func TestBrowserClearSide(t *testing.T) {
	tb := richTab(t)
	a0, d0 := sideDocs(t, tb)
	for _, p := range []struct{ id, side string }{{"#d-clear", "defender"}, {"#a-clear", "attacker"}} {
		old := tb.hash()
		tb.click(p.id, 1)
		tb.waitLink(old)
		a, d := sideDocs(t, tb)
		cleared, kept, before, other := d, a, d0, a0
		if p.side == "attacker" {
			cleared, kept, before, other = a, d, a0, map[string]any{"faction": "letnev", "cards": d0["cards"], "fleet": []any{}}
		}
		if f, ok := cleared["fleet"].([]any); !ok || len(f) != 0 {
			t.Errorf("after %s the %s's fleet is %v, want none", p.id, p.side, cleared["fleet"])
		}
		for _, k := range []string{"faction", "technologies", "cards"} {
			if !reflect.DeepEqual(cleared[k], before[k]) {
				t.Errorf("after %s the %s's %s is %v, want %v as before", p.id, p.side, k, cleared[k], before[k])
			}
		}
		if !reflect.DeepEqual(kept, other) {
			t.Errorf("after %s the other side is %v, want %v as before", p.id, kept, other)
		}
		zeros := eval[[]string](tb, `[...document.querySelectorAll("#fleet input")].filter(i => i.id.startsWith("`+p.id[1:2]+`-") && (i.type === "checkbox" ? i.checked : Number(i.value) !== 0)).map(i => i.id)`)
		if len(zeros) > 0 {
			t.Errorf("after %s the %s's fleet table still has %v", p.id, p.side, zeros)
		}
	}
	if s := eval[string](tb, `document.getElementById("fleet-status").textContent`); s != "Cleared the attacker's fleet." {
		t.Errorf("the status says %q after clearing the attacker", s)
	}
}

// TestBrowserSwapSides: Swap exchanges the two sides' fleets, factions,
// technologies and cards, and the answer follows: a battle's attacker
// odds become the swapped battle's defender odds (this space combat has
// no ability that depends on who attacks). Swapping twice gives the
// battle back.
func TestBrowserSwapSides(t *testing.T) {
	tb := richTab(t)
	a0, d0 := sideDocs(t, tb)
	f0 := pageFigures(tb)
	if f0["result-kind"] != "exact" {
		t.Fatalf("the battle is answered %q, want exact", f0["result-kind"])
	}

	seq := tb.resultSeq()
	tb.click("#swap", 1)
	tb.waitAnswer(seq, 60*time.Second)
	a1, d1 := sideDocs(t, tb)
	if !reflect.DeepEqual(a1, d0) || !reflect.DeepEqual(d1, a0) {
		t.Errorf("after Swap the sides are\n attacker %v\n defender %v\nwant\n attacker %v\n defender %v", a1, d1, d0, a0)
	}
	f1 := pageFigures(tb)
	if f1["p-attacker"] != f0["p-defender"] || f1["p-defender"] != f0["p-attacker"] || f1["p-draw"] != f0["p-draw"] {
		t.Errorf("after Swap the odds are %s / %s / %s, want %s / %s / %s (the sides' odds exchanged)",
			f1["p-attacker"], f1["p-draw"], f1["p-defender"], f0["p-defender"], f0["p-draw"], f0["p-attacker"])
	}
	if f1["a-lost"] != f0["d-lost"] || f1["d-lost"] != f0["a-lost"] {
		t.Errorf("after Swap the resources lost are %s and %s, want %s and %s", f1["a-lost"], f1["d-lost"], f0["d-lost"], f0["a-lost"])
	}
	if got := eval[string](tb, `document.getElementById("a-faction").value + " " + document.getElementById("d-faction").value`); got != "letnev sol" {
		t.Errorf("after Swap the factions shown are %q, want letnev sol", got)
	}

	seq = tb.resultSeq()
	tb.click("#swap", 1)
	tb.waitAnswer(seq, 60*time.Second)
	a2, d2 := sideDocs(t, tb)
	if !reflect.DeepEqual(a2, a0) || !reflect.DeepEqual(d2, d0) {
		t.Errorf("swapping twice gives\n attacker %v\n defender %v\nwant the battle back\n attacker %v\n defender %v", a2, d2, a0, d0)
	}
}

// TestBrowserResetAndRemember: the factions, rules and method chosen are
// remembered on the device: a new visit without a share link opens the
// sample battle with them; a share link opens its own battle and changes
// nothing remembered; Reset opens the sample battle.
func TestBrowserResetAndRemember(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t, chromedp.WithNewBrowserContext()) // its own storage
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.choose("#ruleset", "ti3-sa")
	tb.choose("#a-faction", "sardakk")
	tb.choose("#d-faction", "creuss")
	tb.choose("#run-mode", "trials")
	choices := `["ruleset", "a-faction", "d-faction", "run-mode"].map(id => document.getElementById(id).value).join(" ")`
	want := "ti3-sa sardakk creuss trials"

	tb.open(c.served + "/") // a new visit: no share link
	tb.waitAnswer(0, 60*time.Second)
	if got := eval[string](tb, choices); got != want {
		t.Errorf("a new visit shows %q, want %q as chosen on the last", got, want)
	}
	a, d := sideDocs(t, tb)
	for side, counts := range map[string]map[string]any{"attacker": a, "defender": d} {
		if f, _ := counts["fleet"].([]any); len(f) == 0 {
			t.Errorf("a new visit opens no %s fleet, want the sample battle's", side)
		}
	}

	// A share link shows its own battle and leaves what is remembered.
	doc := []byte(`{"version":1,"action":"space","ruleset":"ti4","attacker":{"faction":"hacan","fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]},"run":{"prefer_exact":true,"trials":1000,"seed":1}}`)
	// (From about:blank: a link that only changes the fragment would not
	// load the page again.)
	tb.do(10*time.Second, "leaving the page", chromedp.Navigate("about:blank"))
	tb.open(shareLink(c.served, "combat", doc))
	tb.waitAnswer(0, 60*time.Second)
	if got := eval[string](tb, choices); got != "ti4 hacan  exact" {
		t.Errorf("the share link shows %q, want its own ti4 hacan, no faction, exact", got)
	}
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	if got := eval[string](tb, choices); got != want {
		t.Errorf("after a share link a new visit shows %q, want %q still", got, want)
	}

	// Reset: the sample battle, as a first visit opens it.
	seq := tb.resultSeq()
	tb.click("#reset", 1)
	tb.waitAnswer(seq, 60*time.Second)
	if got := eval[string](tb, choices); got != "ti4   exact" {
		t.Errorf("after Reset the page shows %q, want the sample battle's ti4, no factions, exact", got)
	}
	wantA := map[string]int{"carrier": 3, "fighter": 6}
	wantD := map[string]int{"dreadnought": 1, "destroyer": 2, "fighter": 3, "space dock": 1}
	doc = linkDocument(t, tb.hash(), "combat")
	gotA, _ := fleetCounts(doc, "attacker")
	gotD, _ := fleetCounts(doc, "defender")
	if !reflect.DeepEqual(gotA, wantA) || !reflect.DeepEqual(gotD, wantD) {
		t.Errorf("after Reset the fleets are %v and %v, want the sample battle's %v and %v", gotA, gotD, wantA, wantD)
	}
}

// richTab opens the served page and waits for the answer to richBattle.
// The answer's number is read before the edits: see
// TestBrowserLayoutPhoneFirstScreen.
func richTab(t *testing.T) *tab {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	seq := tb.resultSeq()
	richBattle(tb)
	tb.waitAnswer(seq, 60*time.Second)
	return tb
}
