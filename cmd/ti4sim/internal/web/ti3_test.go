package web_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

// TestBrowserTI3RaceLeadersSystem builds a Twilight Imperium 3 battle on
// the served page — races with a flagship, a leader, the High Alert token,
// a wormhole and a TI3 action card — and checks that its document carries
// each of them and that the page shows the service's figures for it.
func TestBrowserTI3RaceLeadersSystem(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.choose("#action", "space")
	tb.choose("#ruleset", "ti3-sa")
	tb.choose("#a-faction", "sardakk")
	tb.choose("#d-faction", "creuss")
	eval[bool](tb, `(() => { document.querySelectorAll("details").forEach(d => d.open = true); return true; })()`)
	emptyFleets(tb)
	tb.typeInto("#a-count-flagship", "1")
	tb.typeInto("#a-count-cruiser", "2")
	tb.typeInto("#d-count-cruiser", "3")
	tb.typeInto("#d-count-destroyer", "1")
	tb.click("#a-leader-admiral", 1)
	tb.click("#a-high-alert", 1)
	tb.click("#d-tech-ti3-dimensional-splicer", 1)
	tb.click("#wormhole", 1)
	tb.typeInto("#d-card-morale-boost", "1")
	tb.choose("#run-mode", "exact")
	seq := tb.resultSeq()
	tb.click("#run", 1)
	tb.waitAnswer(seq, 60*time.Second)

	doc := linkDocument(t, tb.hash(), "combat")
	var d struct {
		Ruleset string `json:"ruleset"`
		System  struct {
			Wormhole bool `json:"wormhole"`
		} `json:"system"`
		Attacker struct {
			Faction   string   `json:"faction"`
			Leaders   []string `json:"leaders"`
			HighAlert bool     `json:"high_alert"`
		} `json:"attacker"`
		Defender struct {
			Faction      string   `json:"faction"`
			Technologies []string `json:"technologies"`
			Cards        []struct {
				Name string `json:"name"`
			} `json:"cards"`
		} `json:"defender"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatalf("the page's document: %v\n%s", err, doc)
	}
	switch {
	case d.Ruleset != "ti3-sa", d.Attacker.Faction != "sardakk", d.Defender.Faction != "creuss":
		t.Errorf("the page's document: ruleset %q, factions %q and %q; want ti3-sa, sardakk, creuss\n%s", d.Ruleset, d.Attacker.Faction, d.Defender.Faction, doc)
	case !slices.Equal(d.Attacker.Leaders, []string{"admiral"}), !d.Attacker.HighAlert, !d.System.Wormhole:
		t.Errorf("the page's document lost the admiral, the High Alert token or the wormhole\n%s", doc)
	case !slices.Contains(d.Defender.Technologies, "ti3-dimensional-splicer"), len(d.Defender.Cards) != 1 || d.Defender.Cards[0].Name != "morale-boost":
		t.Errorf("the page's document lost the Splicer or Morale Boost\n%s", doc)
	}
	if got, err := fleetCounts(doc, "attacker"); err != nil || got["flagship"] != 1 || got["cruiser"] != 2 {
		t.Errorf("the page's attacker fleet %v (%v), want a flagship and 2 cruisers\n%s", got, err, doc)
	}
	want := wantFigures(t, serviceAnswer(t, c, "combat", doc))
	if want["result-kind"] != "exact" {
		t.Errorf("the service answered %q for the page's document, want an exact answer", want["result-kind"])
	}
	checkFigures(t, "served page, ti3-sa races and leaders", pageFigures(tb), want)
}
