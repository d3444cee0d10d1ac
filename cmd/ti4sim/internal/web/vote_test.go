package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// The vote tab takes voters typed into its table and shows each outcome's
// odds: those of the service's JSON for the document the page ran.

// voteAnswer is the part of a vote's JSON answer the tab shows.
type voteAnswer struct {
	Outcomes    []string           `json:"outcomes"`
	Preliminary map[string]float64 `json:"preliminary"`
	Final       map[string]float64 `json:"final"`
	Overall     map[string]float64 `json:"overall"`
}

func TestBrowserVote(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.click("#tab-vote", 1)
	// Edit the first voter and add a fourth.
	tb.typeInto("#vote-table tbody tr:nth-child(1) .v-votes", "7")
	tb.typeInto(`#vote-table tbody tr:nth-child(1) .v-p[data-outcome="for"]`, "0.75")
	tb.click("#vote-add", 1)
	tb.typeInto("#vote-table tbody tr:nth-child(4) .v-name", "dave")
	tb.typeInto("#vote-table tbody tr:nth-child(4) .v-votes", "2")
	tb.typeInto(`#vote-table tbody tr:nth-child(4) .v-p[data-outcome="against"]`, "1")
	tb.typeInto("#vote-trials", "20000")
	tb.typeInto("#vote-seed", "7")
	tb.click("#vote-run", 1)
	tb.waitDone("vote-out", "vote-error", 60*time.Second)

	doc := linkDocument(t, tb.hash(), "vote")
	var sent struct {
		Voters []string `json:"voters"`
	}
	if err := json.Unmarshal(doc, &sent); err != nil {
		t.Fatal(err)
	}
	if len(sent.Voters) != 4 || !strings.HasPrefix(sent.Voters[0], "alice:7:for=0.75") || sent.Voters[3] != "dave:2:against=1" {
		t.Errorf("the page's vote document has voters %q, want alice with 7 votes and for=0.75 first and dave:2:against=1 fourth (as typed)", sent.Voters)
	}
	var a voteAnswer
	if err := json.Unmarshal(serviceAnswer(t, c, "vote", doc), &a); err != nil {
		t.Fatal(err)
	}
	if len(a.Outcomes) == 0 {
		t.Fatalf("the service's answer names no outcomes for the page's document\n%s", doc)
	}
	want := figures{}
	for _, o := range a.Outcomes {
		for k, m := range map[string]map[string]float64{"preliminary": a.Preliminary, "final": a.Final, "overall": a.Overall} {
			if v, ok := m[o]; ok {
				want[o+"/"+k] = toFixed(100*v, 2) + "%"
			}
		}
	}
	got := eval[figures](tb, `(() => {
  const out = {};
  for (const row of document.querySelectorAll("#vote-result tr[data-outcome]"))
    for (const td of row.querySelectorAll("td")) out[row.dataset.outcome + "/" + td.className] = td.textContent.trim();
  return out;
})()`)
	if len(want) == 0 {
		t.Fatal("the answer has no figures to check")
	}
	checkCells(t, "vote tab", got, want)
}
