package web_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"testing"
	"time"
)

// A battle built on the served page by clicking and typing shows the
// figures of the service's JSON for the document the page ran (the one in
// its share link).

// handBuiltFleets is the battle the tests build: attacker 2 dreadnoughts
// (clicked), 1 carrier (typed), 3 fighters (typed); defender 3 cruisers
// (clicked), 2 destroyers (typed).
var (
	handAttacker = map[string]int{"dreadnought": 2, "carrier": 1, "fighter": 3}
	handDefender = map[string]int{"cruiser": 3, "destroyer": 2}
)

// buildHandBattle empties both fleets of the page's form, then enters the
// hand-built battle.
func buildHandBattle(tb *tab) {
	tb.t.Helper()
	tb.choose("#action", "space")
	emptyFleets(tb)
	tb.click("#a-inc-dreadnought", 2)
	tb.typeInto("#a-count-carrier", "1")
	tb.typeInto("#a-count-fighter", "3")
	tb.click("#d-inc-cruiser", 3)
	tb.typeInto("#d-count-destroyer", "2")
}

// emptyFleets empties whatever fleets the form holds, by typing 0.
func emptyFleets(tb *tab) {
	tb.t.Helper()
	nonzero := eval[[]string](tb, `[...document.querySelectorAll("[id^='a-count-'], [id^='d-count-']")]
  .filter(e => Number(e.value) !== 0).map(e => "#" + e.id)`)
	for _, sel := range nonzero {
		tb.typeInto(sel, "0")
	}
}

// checkHandDocument fails t unless doc is the hand-built battle.
func checkHandDocument(t *testing.T, doc []byte) {
	t.Helper()
	for side, want := range map[string]map[string]int{"attacker": handAttacker, "defender": handDefender} {
		got, err := fleetCounts(doc, side)
		if err != nil {
			t.Fatalf("the page's document: %v\n%s", err, doc)
		}
		if !maps.Equal(got, want) {
			t.Errorf("the page's document has the %s fleet %v, want %v (as clicked and typed)\n%s", side, got, want, doc)
		}
	}
}

// runDocument is the run section of a combat document.
type runDocument struct {
	Trials      int64  `json:"trials"`
	Seed        uint64 `json:"seed"`
	Exact       bool   `json:"exact"`
	PreferExact bool   `json:"prefer_exact"`
}

func documentRun(t *testing.T, doc []byte) runDocument {
	t.Helper()
	var d struct {
		Run runDocument `json:"run"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatalf("the page's document: %v\n%s", err, doc)
	}
	return d.Run
}

func TestBrowserBattleMonteCarloTyped(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	buildHandBattle(tb)
	tb.choose("#run-mode", "trials")
	tb.typeInto("#trials", "20000")
	tb.typeInto("#seed", "7")
	seq := tb.resultSeq()
	tb.click("#run", 1)
	tb.waitAnswer(seq, 60*time.Second)

	doc := linkDocument(t, tb.hash(), "combat")
	checkHandDocument(t, doc)
	if run := documentRun(t, doc); run != (runDocument{Trials: 20000, Seed: 7}) {
		t.Errorf("the page's document runs %+v, want 20000 trials with seed 7 (as typed)\n%s", run, doc)
	}
	want := wantFigures(t, serviceAnswer(t, c, "combat", doc))
	if want["result-kind"] != "20,000 trials, seed 7" {
		t.Errorf("the service answered %q for the page's document, want 20,000 trials, seed 7", want["result-kind"])
	}
	checkFigures(t, "served page, 20000 trials seed 7", pageFigures(tb), want)
	checkCharts(tb)
}

func TestBrowserBattleExact(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	buildHandBattle(tb)
	tb.choose("#run-mode", "exact")
	seq := tb.resultSeq()
	tb.click("#run", 1)
	tb.waitAnswer(seq, 60*time.Second)

	doc := linkDocument(t, tb.hash(), "combat")
	checkHandDocument(t, doc)
	// "Exact when possible" asks for the exact answer with the Monte Carlo
	// run as the fallback (run.prefer_exact); this battle is small enough
	// for the exact solver, so the answer is exact.
	if run := documentRun(t, doc); !run.Exact && !run.PreferExact {
		t.Errorf("the page's document runs %+v, want exact or prefer_exact\n%s", run, doc)
	}
	want := wantFigures(t, serviceAnswer(t, c, "combat", doc))
	if want["result-kind"] != "exact" {
		t.Errorf("the service answered %q for the page's document, want an exact answer", want["result-kind"])
	}
	checkFigures(t, "served page, exact", pageFigures(tb), want)
}

// checkCharts fails the test unless both charts are drawn: each canvas is
// visible, has a size, and holds a Chart.js chart with data.
func checkCharts(tb *tab) {
	tb.t.Helper()
	for _, id := range []string{"chart-survivors", "chart-rounds"} {
		// Chart.js loads after the first answer (chartjs.js), so the chart
		// is waited for, up to 20 s (a loaded machine), not read at once.
		js := fmt.Sprintf(`new Promise(r => { const t0 = Date.now(); (function poll() {
  const c = document.getElementById(%q);
  let msg = "";
  if (!c) msg = "missing";
  else if (!c.checkVisibility() || c.width === 0 || c.height === 0) msg = "not visible";
  else {
    const chart = window.Chart && Chart.getChart(c);
    if (!chart) msg = "no chart";
    else if (chart.data.datasets.reduce((n, d) => n + d.data.length, 0) === 0) msg = "no data";
  }
  if (msg === "" || Date.now() - t0 > 20000) return r(msg);
  setTimeout(poll, 50);
})(); })`, id)
		if msg := eval[string](tb, js); msg != "" {
			tb.t.Errorf("#%s: %s", id, msg)
		}
	}
}

// An input the engine refuses is named on the page by its control, not by
// its JSON path: the message starts with the control's words as the form
// shows them, and the control is marked invalid (aria-invalid).
func TestBrowserBattleErrorNamesControl(t *testing.T) {
	c := requireStatic(t) // the WebAssembly engine: no network error for the browser to log
	tb := newTab(t)
	doc := []byte(`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"trade_goods":120},"defender":{"fleet":[{"unit":"destroyer","count":2}]},"run":{"trials":1000,"seed":1}}`)
	tb.open(shareLink(c.static, "combat", doc))
	got := eval[string](tb, `new Promise(r => { const t0 = Date.now(); (function poll() {
  const e = document.getElementById("error");
  if (!e.hidden || Date.now() - t0 > 20000) return r([e.dataset.path, e.dataset.control, e.textContent,
    document.getElementById("a-trade-goods").getAttribute("aria-invalid")].join(" | "));
  setTimeout(poll, 20);
})(); })`)
	want := "attacker.trade_goods | a-trade-goods | Attacker · Trade goods to spend: 120 is out of range 0..99 | true"
	if got != want {
		t.Errorf("trade goods 120: the page shows\n %q\nwant\n %q", got, want)
	}
}
