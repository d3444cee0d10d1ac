package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// The compare tab runs the Battle tab's battle once per value of one
// setting and shows each variant's figures: those of the service's JSON
// for the document the page ran.

// compareAnswer is the part of a comparison's JSON answer the tab shows.
type compareAnswer struct {
	Variants []struct {
		Name        string  `json:"name"`
		AttackerWin float64 `json:"attacker_win"`
		Draw        float64 `json:"draw"`
		DefenderWin float64 `json:"defender_win"`
		Attacker    side    `json:"attacker"`
		Defender    side    `json:"defender"`
	} `json:"variants"`
	Differences []json.RawMessage `json:"differences"`
}

func TestBrowserCompare(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	buildHandBattle(tb)
	tb.choose("#run-mode", "trials")
	tb.typeInto("#trials", "20000")
	tb.typeInto("#seed", "7")
	tb.click("#tab-compare", 1)
	tb.choose("#compare-key", "nebula")
	tb.typeInto("#compare-values", "false, true")
	tb.click("#compare-run", 1)
	tb.waitDone("compare-out", "compare-error", 60*time.Second)

	doc := linkDocument(t, tb.hash(), "compare")
	var a compareAnswer
	if err := json.Unmarshal(serviceAnswer(t, c, "compare", doc), &a); err != nil {
		t.Fatal(err)
	}
	if len(a.Variants) != 2 {
		t.Fatalf("the service compared %d variants of the page's document, want 2 (nebula false, true)\n%s", len(a.Variants), doc)
	}
	want := figures{}
	for _, v := range a.Variants {
		want[v.Name+"/attacker_win"] = toFixed(100*v.AttackerWin, 2) + "%"
		want[v.Name+"/draw"] = toFixed(100*v.Draw, 2) + "%"
		want[v.Name+"/defender_win"] = toFixed(100*v.DefenderWin, 2) + "%"
		want[v.Name+"/attacker_lost"] = toFixed(v.Attacker.ResourcesLost, 2)
		want[v.Name+"/defender_lost"] = toFixed(v.Defender.ResourcesLost, 2)
	}
	got := eval[figures](tb, `(() => {
  const out = {};
  for (const row of document.querySelectorAll("#compare-result tr[data-variant]"))
    for (const td of row.querySelectorAll("td")) out[row.dataset.variant + "/" + td.className] = td.textContent.trim();
  return out;
})()`)
	checkCells(t, "compare tab", got, want)
	if got := eval[string](tb, `document.getElementById("compare-summary").textContent`); !strings.HasPrefix(got, "20,000 trials each, seed 7: the Battle tab's Trials and Seed") {
		t.Errorf("compare tab says %q, want 20,000 trials each, seed 7: the Battle tab's Trials and Seed…", got)
	}
	if n := eval[int](tb, `document.querySelectorAll("#compare-verdict li").length`); n != len(a.Differences) {
		t.Errorf("compare tab: %d verdicts shown, the answer has %d differences", n, len(a.Differences))
	}
}
