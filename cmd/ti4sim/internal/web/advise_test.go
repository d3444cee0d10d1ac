package web_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// The advise tab asks what to build against the Battle tab's defender
// within the limits typed, and shows the recommendation and the Pareto
// table: those of the service's JSON for the document the page ran.

// adviseAnswer is the part of an advice's JSON answer the tab shows.
type adviseAnswer struct {
	Best    adviseFleet   `json:"best"`
	Reached bool          `json:"reached"`
	Pareto  []adviseFleet `json:"pareto"`
	Exact   bool          `json:"exact"`
}

type adviseFleet struct {
	Build         string  `json:"build"`
	Fleet         string  `json:"fleet"`
	Cost          float64 `json:"cost"`
	Win           float64 `json:"win"`
	ResourcesLost float64 `json:"resources_lost"`
	Keep          float64 `json:"keep"`
}

// adviseDocument is the part of the page's advise document the test reads.
type adviseDocument struct {
	Scenario struct {
		Action   string `json:"action"`
		Attacker struct {
			Fleet []json.RawMessage `json:"fleet"`
		} `json:"attacker"`
	} `json:"scenario"`
	Limits struct {
		Resources  int            `json:"resources"`
		Production int            `json:"production"`
		FleetPool  int            `json:"fleet_pool"`
		SpaceDock  *int           `json:"space_dock"`
		Supply     map[string]int `json:"supply"`
	} `json:"limits"`
	Target float64 `json:"target"`
}

// checkAdvice compares the tab with the service's answer to doc.
func checkAdvice(t *testing.T, tb *tab, c *components, doc []byte) adviseAnswer {
	t.Helper()
	var a adviseAnswer
	if err := json.Unmarshal(serviceAnswer(t, c, "advise", doc), &a); err != nil {
		t.Fatal(err)
	}
	if len(a.Pareto) == 0 {
		t.Fatalf("the service's answer has an empty table for the page's document\n%s", doc)
	}
	best := a.Best.Build
	if best == "" {
		best = "nothing"
	}
	want := figures{"best/build": best, "best/win": toFixed(100*a.Best.Win, 2) + "%"}
	for _, r := range a.Pareto {
		if r.Build == "" {
			r.Build = "nothing" // only the units already there fight
		}
		want[r.Build+"/cost"] = strconv.FormatFloat(r.Cost, 'f', -1, 64)
		want[r.Build+"/win"] = toFixed(100*r.Win, 2) + "%"
		want[r.Build+"/lost"] = toFixed(r.ResourcesLost, 2)
		want[r.Build+"/keep"] = toFixed(100*r.Keep, 2) + "%"
	}
	got := eval[figures](tb, `(() => {
  const out = {"best/build": document.getElementById("advise-build-best")?.textContent, "best/win": document.getElementById("advise-win-best")?.textContent};
  for (const row of document.querySelectorAll("#advise-result tr[data-build]"))
    for (const td of row.querySelectorAll("td")) out[row.dataset.build + "/" + td.className] = td.textContent.trim();
  return out;
})()`)
	checkCells(t, "advise tab", got, want)
	return a
}

func TestBrowserAdvise(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.choose("#action", "space")
	emptyFleets(tb)
	tb.typeInto("#a-count-carrier", "1")
	tb.typeInto("#d-count-dreadnought", "1")
	tb.typeInto("#d-count-cruiser", "2")
	tb.typeInto("#d-count-destroyer", "2")
	tb.typeInto("#d-count-fighter", "3")
	tb.click("#tab-advise", 1)
	// The form's defaults: 12 resources, production 8, fleet pool 4.
	tb.click("#advise-run", 1)
	tb.waitDone("advise-out", "advise-error", 60*time.Second)

	doc := linkDocument(t, tb.hash(), "advise")
	var sent adviseDocument
	if err := json.Unmarshal(doc, &sent); err != nil {
		t.Fatal(err)
	}
	if sent.Scenario.Action != "space" || len(sent.Scenario.Attacker.Fleet) != 0 || sent.Limits.Resources != 12 || sent.Limits.Production != 8 || sent.Limits.FleetPool != 4 || sent.Target != 0 {
		t.Errorf("the page's advise document is not the form's question (space, nothing there, 12 resources, production 8, pool 4, no target):\n%s", doc)
	}
	a := checkAdvice(t, tb, c, doc)
	if !a.Exact || a.Best.Cost > 12 {
		t.Errorf("answer %+v", a.Best)
	}
	summary := eval[string](tb, `document.getElementById("advise-summary").textContent`)
	if !strings.Contains(summary, "fleets evaluated exactly in") {
		t.Errorf("advise summary %q does not say how many fleets were evaluated and how", summary)
	}

	// The carrier already there, a target of 50%, a space dock on a
	// planet of 3 resources instead of the production, one dreadnought
	// left in the reinforcements.
	tb.click("#advise-there", 1)
	tb.typeInto("#advise-target", "50")
	tb.typeInto("#advise-production", kb.Backspace)
	tb.typeInto("#advise-dock", "3")
	tb.typeInto("#advise-supply", "dreadnought=1")
	tb.click("#advise-run", 1)
	tb.waitDone("advise-out", "advise-error", 60*time.Second)
	doc = linkDocument(t, tb.hash(), "advise")
	sent = adviseDocument{}
	if err := json.Unmarshal(doc, &sent); err != nil {
		t.Fatal(err)
	}
	if len(sent.Scenario.Attacker.Fleet) != 1 || sent.Target != 0.5 || sent.Limits.Production != 0 || sent.Limits.SpaceDock == nil || *sent.Limits.SpaceDock != 3 || sent.Limits.Supply["dreadnought"] != 1 {
		t.Errorf("the page's second advise document is not the form's question (the carrier there, target 0.5, dock on 3, dreadnought=1):\n%s", doc)
	}
	checkAdvice(t, tb, c, doc)

	// The share link of the second question opens on the advise tab with
	// the form filled and the same answer.
	tb2 := newTab(t)
	tb2.open(shareLink(c.served, "advise", doc))
	tb2.waitDone("advise-out", "advise-error", 60*time.Second)
	if sel := eval[string](tb2, `document.querySelector("[role=tab][aria-selected=true]").id`); sel != "tab-advise" {
		t.Errorf("the advise link opened on %s", sel)
	}
	form := eval[string](tb2, `["advise-dock", "advise-target", "advise-supply"].map(id => document.getElementById(id).value).join("|") + "|" + document.getElementById("advise-there").checked`)
	if form != "3|50|dreadnought=1|true" {
		t.Errorf("the advise link filled the form with %q, want 3|50|dreadnought=1|true", form)
	}
	checkAdvice(t, tb2, c, doc)
}

// The static WebAssembly build answers the advise tab in the browser, with
// the service's figures.
func TestBrowserWasmAdvise(t *testing.T) {
	c := requireStatic(t)
	doc := []byte(`{"version":1,"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1}]},` +
		`"defender":{"fleet":[{"unit":"infantry","count":3},{"unit":"pds","count":1}]},"run":{"seed":1}},"limits":{"resources":6},"target":0.8}`)
	tb := newTab(t)
	tb.open(shareLink(c.static, "advise", doc))
	tb.waitDone("advise-out", "advise-error", 90*time.Second)
	a := checkAdvice(t, tb, c, doc)
	if !a.Reached || a.Best.Build != "1 destroyer, 1 mech, 3 infantry" {
		t.Errorf("the advice %+v, want the cheapest force reaching 80%%: 1 destroyer, 1 mech, 3 infantry", a.Best)
	}

	// A bad limit: the engine's error names the field (here, where the
	// WebAssembly engine answers it without a network error that the
	// browser would log).
	tb.typeInto("#advise-resources", "0")
	tb.click("#advise-run", 1)
	path := eval[string](tb, `new Promise(r => { const t0 = Date.now(); (function poll() {
  const e = document.getElementById("advise-error");
  if (!e.hidden || Date.now() - t0 > 20000) return r(e.dataset.path + " | " + e.textContent);
  setTimeout(poll, 20);
})(); })`)
	if !strings.HasPrefix(path, "limits.resources | Resources: ") {
		t.Errorf("resources 0: the tab shows %q, want the error at limits.resources, named by its control (Resources)", path)
	}
}
