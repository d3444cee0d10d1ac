package web_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// Each group of the form's newer inputs changes the answer as its rule
// says, and the page shows the command line's figures for the document
// it ran, digit for digit: `ti4sim ACTION --scenario FILE -o json` on the
// document of the page's share link. Each test opens a battle by its
// link, edits one control as a player does, and compares.

// setControl sets the control sel as a player's edit does (a checkbox
// ticked, a value typed or picked), from the page's script: the control
// may sit in a folded group.
func (tb *tab) setControl(sel, value string) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => {
  const el = document.querySelector(%q);
  if (!el) return "no element";
  if (el.closest("[hidden]")) return "hidden";
  if (el.type === "checkbox") { if (el.checked !== (%q === "true")) el.click(); return ""; }
  if (el.tagName === "SELECT" && ![...el.options].some(o => o.value === %q)) return "no option";
  el.value = %q;
  el.dispatchEvent(new Event("input", {bubbles: true}));
  el.dispatchEvent(new Event("change", {bubbles: true}));
  return "";
})()`, sel, value, value, value)
	if msg := eval[string](tb, js); msg != "" {
		tb.t.Fatalf("setting %s to %q: %s", sel, value, msg)
	}
}

// cliFigures are the figures the page must show for the command line's
// answer to doc: a system of planets' (takes every planet, some, none),
// an optimal policy's (its optimal odds) or a combat's.
func cliFigures(t *testing.T, c *components, doc []byte) figures {
	t.Helper()
	var d struct {
		Action string `json:"action"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	answer := cliAnswer(t, c, d.Action, doc)
	var sys struct {
		Exact   bool      `json:"exact"`
		Trials  int64     `json:"trials"`
		Seed    uint64    `json:"seed"`
		TakeAll *float64  `json:"take_all"`
		Taken   []float64 `json:"taken"`
		Planets []struct {
			Name  string  `json:"name"`
			Taken float64 `json:"taken"`
		} `json:"planets"`
		Attacker systemSide `json:"attacker"`
		Defender systemSide `json:"defender"`
		// Optimal: the odds under an optimal choice of casualties.
		Optimal *struct {
			AttackerWin  float64 `json:"attacker_win"`
			Draw         float64 `json:"draw"`
			DefenderWin  float64 `json:"defender_win"`
			AttackerLost float64 `json:"attacker_resources_lost"`
			DefenderLost float64 `json:"defender_resources_lost"`
		} `json:"optimal"`
	}
	if err := json.Unmarshal(answer, &sys); err != nil {
		t.Fatal(err)
	}
	if sys.Optimal != nil {
		o := sys.Optimal
		return figures{
			"p-attacker": toFixed(100*o.AttackerWin, 2) + "%", "p-draw": toFixed(100*o.Draw, 2) + "%", "p-defender": toFixed(100*o.DefenderWin, 2) + "%",
			"a-lost": toFixed(o.AttackerLost, 2), "d-lost": toFixed(o.DefenderLost, 2), "result-kind": "exact",
		}
	}
	if sys.TakeAll == nil {
		return wantFigures(t, answer)
	}
	all, none := *sys.TakeAll, sys.Taken[0]
	f := shownAs([3]float64{all, max(0, 1-all-none), none}, [2]float64{sys.Attacker.ResourcesLost, sys.Defender.ResourcesLost},
		sys.Exact, sys.Trials, sys.Seed, sys.Attacker.ShipsLeft, sys.Defender.ShipsLeft)
	for _, p := range sys.Planets {
		f["planet/"+p.Name] = toFixed(100*p.Taken, 2) + "%"
	}
	return f
}

// systemSide is a side of a system's answer: its ships left.
type systemSide struct {
	ShipsLeft     map[string]float64 `json:"ships_left"`
	ResourcesLost float64            `json:"resources_lost"`
}

// readPlanetsJS reads the taken cell of each planet row the page shows.
const readPlanetsJS = `Object.fromEntries([...document.querySelectorAll("#system-planets tr[data-planet]")].map(r => ["planet/" + r.dataset.planet, r.querySelector("td.taken").textContent.trim()]))`

// shownFigures are the figures the page shows, with its planets' rows.
func shownFigures(tb *tab) figures {
	tb.t.Helper()
	f := pageFigures(tb)
	for k, v := range eval[map[string]string](tb, readPlanetsJS) {
		f[k] = v
	}
	return f
}

// editChanges makes one edit on the page showing an answer, waits for the
// new answer, checks it against the command line's for the page's
// document, and fails t unless figure key changed. It returns the
// document.
func editChanges(t *testing.T, tb *tab, c *components, what, key string, edit func()) []byte {
	t.Helper()
	before := shownFigures(tb)[key]
	seq := tb.resultSeq()
	edit()
	tb.waitAnswer(seq, 90*time.Second)
	doc := linkDocument(t, tb.hash(), "combat")
	got := shownFigures(tb)
	checkFigures(t, what, got, cliFigures(t, c, doc))
	if got[key] == before {
		t.Errorf("%s: %s stays %s, want a change\ndocument: %s", what, key, before, doc)
	}
	return doc
}

// openBattle opens the page on the battle doc and waits for its answer.
func openBattle(t *testing.T, c *components, doc string) *tab {
	t.Helper()
	tb := newTab(t)
	tb.open(shareLink(c.served, "combat", []byte(doc)))
	tb.waitAnswer(0, 90*time.Second)
	return tb
}

// Magen Defense Grid, now offered, acts on the defender's planet; its
// printings differ; and Compare's default question (the three printings)
// then gives three different rows.
func TestBrowserInputsMagenPrintings(t *testing.T) {
	c := requireComponents(t)
	tb := openBattle(t, c, `{"version":1,"action":"invade","ruleset":"ti4","attacker":{"fleet":[{"unit":"infantry","count":4},{"unit":"carrier","count":1},{"unit":"dreadnought","count":1}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]},"run":{"prefer_exact":true,"trials":20000,"seed":1}}`)
	editChanges(t, tb, c, "defender ticks Magen Defense Grid", "p-attacker", func() { tb.setControl("#d-tech-magen-defense-grid", "true") })
	editChanges(t, tb, c, "Magen Defense Grid's original printing", "p-attacker", func() { tb.setControl("#printing-magen", "original") })

	tb.click("#tab-compare", 1)
	if v := eval[string](tb, `document.getElementById("compare-key").value + " = " + document.getElementById("compare-values").value`); v != "magen = original, omega, omega2" {
		t.Errorf("the compare tab opens on %q, want magen = original, omega, omega2", v)
	}
	tb.click("#compare-run", 1)
	tb.waitDone("compare-out", "compare-error", 90*time.Second)
	rows := eval[[]string](tb, `[...document.querySelectorAll("#compare-result tbody tr")].map(r => r.dataset.variant + " " + r.querySelector(".attacker_win").textContent)`)
	seen := map[string]bool{}
	for _, r := range rows {
		_, p, _ := cut(r)
		seen[p] = true
	}
	if len(rows) != 3 || len(seen) != 3 {
		t.Errorf("compare magen over its printings, with the defender holding it: rows %q, want 3 different", rows)
	}
}

// cut splits a row "variant p" at its last space.
func cut(s string) (string, string, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// X-89's printing changes what the attacker's bombardment does.
func TestBrowserInputsX89Printing(t *testing.T) {
	c := requireComponents(t)
	tb := openBattle(t, c, `{"version":1,"action":"invade","ruleset":"ti4","attacker":{"fleet":[{"unit":"infantry","count":2},{"unit":"carrier","count":1},{"unit":"dreadnought","count":2}],"technologies":["x89-bacterial-weapon"]},"defender":{"fleet":[{"unit":"infantry","count":4}]},"run":{"prefer_exact":true,"trials":20000,"seed":1}}`)
	editChanges(t, tb, c, "X-89's Codex I printing", "p-attacker", func() { tb.setControl("#printing-x89", "omega") })
}

// Two planets: the commit policy changes how often the attacker takes
// both; the page shows each planet's chance as the command line does.
func TestBrowserInputsPlanetsCommit(t *testing.T) {
	c := requireComponents(t)
	tb := openBattle(t, c, `{"version":1,"action":"invade","ruleset":"ti4","system":{"planets":[{"name":"Arinam","units":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]},{"name":"Meer","units":[{"unit":"infantry","count":3}]}]},"attacker":{"fleet":[{"unit":"infantry","count":7},{"unit":"mech","count":1},{"unit":"carrier","count":2},{"unit":"dreadnought","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"prefer_exact":true,"trials":20000,"seed":1}}`)
	if got, want := shownFigures(tb), cliFigures(t, c, linkDocument(t, tb.hash(), "combat")); got["planet/Meer"] != want["planet/Meer"] || got["p-attacker"] != want["p-attacker"] {
		t.Errorf("two planets: the page shows %v, the command line %v", got, want)
	}
	doc := editChanges(t, tb, c, "commit policy best", "p-attacker", func() { tb.setControl("#commit-mode", "best") })
	var d struct {
		System struct{ Commit string } `json:"system"`
	}
	if err := json.Unmarshal(doc, &d); err != nil || d.System.Commit != "best" {
		t.Errorf("the page's document has commit %q, want best\n%s", d.System.Commit, doc)
	}
	editChanges(t, tb, c, "a third planet", "p-attacker", func() {
		eval[bool](tb, `(() => { document.getElementById("planet-add").click(); return true; })()`)
		tb.setControl("#planet-2-count-infantry", "2")
	})
}

// Rounds 1 stops the battle after its first round; a modifier to every
// roll and the optimal choice of casualties each change the odds.
func TestBrowserInputsRoundsModifiersPolicy(t *testing.T) {
	c := requireComponents(t)
	tb := openBattle(t, c, `{"version":1,"action":"space","ruleset":"ti4","attacker":{"fleet":[{"unit":"fighter","count":3},{"unit":"cruiser","count":2},{"unit":"carrier","count":1}]},"defender":{"fleet":[{"unit":"fighter","count":2},{"unit":"destroyer","count":3}],"adjacent_pds":1},"run":{"prefer_exact":true,"trials":20000,"seed":1}}`)
	editChanges(t, tb, c, "rounds 1", "p-draw", func() { tb.setControl("#rounds", "1") })
	tb.setControl("#rounds", "")
	editChanges(t, tb, c, "defender's modifier to every roll +2", "p-attacker", func() { tb.setControl("#d-all-rolls-modifier", "2") })
	doc := editChanges(t, tb, c, "attacker chooses its casualties optimally", "p-attacker", func() { tb.setControl("#a-policy", "optimal") })
	if r := documentRun(t, doc); !r.Exact {
		t.Errorf("an optimal policy runs %+v, want exact (only exact mode answers it)", r)
	}
}

// A player's choice: Emergency Repairs played at the start of a round
// repairs the damage the defender brings into the combat.
func TestBrowserInputsChoices(t *testing.T) {
	c := requireComponents(t)
	tb := openBattle(t, c, `{"version":1,"action":"space","ruleset":"ti4","attacker":{"fleet":[{"unit":"cruiser","count":4}]},"defender":{"fleet":[{"unit":"dreadnought","count":2,"damaged":2}],"cards":[{"name":"emergency-repairs"}]},"run":{"prefer_exact":true,"trials":20000,"seed":1}}`)
	editChanges(t, tb, c, "defender plays Emergency Repairs at the start", "p-attacker", func() { tb.setControl("#d-choice-emergency-repairs", "start") })
}

// A TI3 leader's option: the General without its rerolls.
func TestBrowserInputsLeaderOption(t *testing.T) {
	c := requireComponents(t)
	tb := openBattle(t, c, `{"version":1,"action":"ground","ruleset":"ti3-sa","attacker":{"fleet":[{"unit":"ground force","count":4}],"leaders":["general"]},"defender":{"fleet":[{"unit":"ground force","count":4}]},"run":{"prefer_exact":true,"trials":20000,"seed":1}}`)
	doc := editChanges(t, tb, c, "the attacker's General without rerolls", "p-attacker", func() { tb.setControl("#a-leader-option-general", "no-rerolls") })
	var d struct {
		Attacker struct{ Leaders []string } `json:"attacker"`
	}
	if err := json.Unmarshal(doc, &d); err != nil || len(d.Attacker.Leaders) != 1 || d.Attacker.Leaders[0] != "general:no-rerolls" {
		t.Errorf("the page's document has leaders %v, want [general:no-rerolls]\n%s", d.Attacker.Leaders, doc)
	}
}
