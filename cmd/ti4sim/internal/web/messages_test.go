package web_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Errors and warnings in a player's words: on every tab, an input the
// engine refuses is named by its control as the page shows it, the
// control is marked invalid (aria-invalid), and no message shown anywhere
// holds a command-line flag (--defender-faction) or a JSON path
// (attacker.fleet[0].count). The engine is the WebAssembly one: its
// errors reach the page without a network error for the browser to log.

// developerWords matches what a player should never read: a flag, a JSON
// path with an index.
var developerWords = regexp.MustCompile(`--[A-Za-z]|\w+\.\w+\[\d+\]`)

// messagesJS is every message the page shows: errors, warnings, states,
// notes on links and imports.
const messagesJS = `[...document.querySelectorAll(".error, .warnings li, .tab-state, #fallback, #share-status, #link-status, #advise-fix, #advise-summary")]
  .filter((e) => e.checkVisibility()).map((e) => e.textContent.trim()).filter((s) => s !== "")`

// checkPlainWords fails the test on a message shown with a flag or a JSON
// path.
func checkPlainWords(tb *tab, what string) {
	tb.t.Helper()
	for _, m := range eval[[]string](tb, messagesJS) {
		if developerWords.MatchString(m) {
			tb.t.Errorf("%s: the page shows %q: a flag or a JSON path", what, m)
		}
	}
}

// errorAt waits until the error element errorID names the control
// wantControl (20 s at most) and returns its text and the id of the
// control it marked, after checking that control is marked aria-invalid.
func errorAt(tb *tab, errorID, wantControl string) (text, control string) {
	tb.t.Helper()
	got := eval[string](tb, fmt.Sprintf(`new Promise((resolve) => { const t0 = Date.now(); (function poll() {
  const e = document.getElementById(%q);
  if (e.hidden || (e.dataset.control !== %q && Date.now() - t0 < 20000)) return setTimeout(poll, 20);
  const c = e.dataset.control ? document.getElementById(e.dataset.control) : null;
  resolve(JSON.stringify([e.textContent, e.dataset.control, c ? c.getAttribute("aria-invalid") : ""]));
})(); })`, errorID, wantControl))
	var parts []string
	if err := json.Unmarshal([]byte(got), &parts); err != nil || len(parts) != 3 {
		tb.t.Fatalf("#%s: %q", errorID, got)
	}
	if parts[1] != "" && parts[2] != "true" {
		tb.t.Errorf("#%s names the control #%s, which is not marked aria-invalid (%q)", errorID, parts[1], parts[2])
	}
	return parts[0], parts[1]
}

func checkError(t *testing.T, tb *tab, errorID, wantText, wantControl string) {
	t.Helper()
	text, control := errorAt(tb, errorID, wantControl)
	if !strings.HasPrefix(text, wantText) || control != wantControl {
		t.Errorf("#%s shows %q at #%s, want %q… at #%s", errorID, text, control, wantText, wantControl)
	}
	checkPlainWords(tb, "#"+errorID)
}

// The Battle tab: a count out of range is the unit's count field's, the
// last answer's figures and charts are greyed under the error; Trials 0 is
// refused at the Trials field, as the command line refuses -n 0 (it does
// not run the default 100,000); a library warning naming a flag names the
// control instead.
func TestBrowserBattleErrorsInPlayersWords(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	tb.open(shareLink(c.static, "combat", []byte(`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]},"run":{"trials":1000,"seed":1}}`)))
	tb.waitAnswer(0, 90*time.Second)
	tb.typeInto("#a-count-cruiser", "150")
	checkError(t, tb, "error", "Attacker · Cruiser I: 150 is out of range 1..99", "a-count-cruiser")
	if got := eval[string](tb, `document.getElementById("result").dataset.state + " " + getComputedStyle(document.getElementById("chart-survivors")).filter`); got != "error grayscale(1)" {
		t.Errorf("under the error the result and its charts are %q, want error grayscale(1) (no chart in full colour)", got)
	}

	tb.typeInto("#a-count-cruiser", "2")
	tb.choose("#run-mode", "trials")
	tb.typeInto("#trials", "0")
	checkError(t, tb, "error", "Trials: 0 is out of range", "trials")
	if kind := eval[string](tb, `document.getElementById("result-kind").textContent`); kind != "" {
		t.Errorf("Trials 0 shows an answer (%q), want none: the command line refuses -n 0", kind)
	}

	tb = newTab(t)
	tb.open(shareLink(c.static, "combat", []byte(`{"version":1,"action":"space","ruleset":"ti3-sa","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":2}]},"system":{"space_mine":true},"run":{"trials":1000,"seed":1}}`)))
	tb.waitAnswer(0, 90*time.Second)
	warnings := eval[[]string](tb, `[...document.querySelectorAll("#warnings li")].map((l) => l.textContent)`)
	if len(warnings) == 0 || !strings.Contains(strings.Join(warnings, "\n"), "unless negating mine hits is chosen)") {
		t.Errorf("the space mine's warning reads %q, want the library's words for the Negate mine hits switch (TestBrowserFlagWords covers a flag named in a message)", warnings)
	}
	checkPlainWords(tb, "TI3 space mine")
}

// Compare: a fault of the battle compared is the Battle tab's control,
// named with its tab; a bad value is the Values field's.
func TestBrowserCompareErrorsInPlayersWords(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	tb.open(shareLink(c.static, "compare", []byte(`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":150}]},"defender":{"fleet":[{"unit":"cruiser","count":2}]},"run":{"trials":1000,"seed":1}},"vary":[{"key":"nebula","values":["false","true"]}]}`)))
	checkError(t, tb, "compare-error", "Battle tab · Attacker · Cruiser I: 150 is out of range 1..99", "a-count-cruiser")
	if v := viewOf(tb, "compare"); v.State != "error" || v.Running {
		t.Errorf("compare after an error shows %+v, want data-state error, not busy", v)
	}

	tb.click("#tab-battle", 1)
	tb.typeInto("#a-count-cruiser", "2")
	tb.click("#tab-compare", 1)
	tb.choose("#compare-key", "magen")
	tb.typeInto("#compare-values", "original, bogus")
	tb.click("#compare-run", 1)
	checkError(t, tb, "compare-error", `Values (comma-separated): variant "magen=bogus": unknown magen printing`, "compare-values")
	if n := eval[int](tb, `document.querySelectorAll("[aria-invalid=true]").length`); n != 1 {
		t.Errorf("%d controls are marked invalid, want only the Values field (the count fixed is unmarked)", n)
	}

	// The variants' warnings are shown, once each, in words.
	tb = newTab(t)
	tb.open(shareLink(c.static, "compare", []byte(`{"version":1,"scenario":{"version":1,"action":"space","ruleset":"ti3-sa","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":2}]},"system":{"space_mine":true},"run":{"trials":1000,"seed":1}},"vary":[{"key":"nebula","values":["false","true"]}]}`)))
	tb.waitDone("compare-out", "compare-error", 90*time.Second)
	warnings := eval[[]string](tb, `[...document.querySelectorAll("#compare-warnings li")].map((l) => l.textContent)`)
	if len(warnings) != 1 || !strings.Contains(warnings[0], "unless negating mine hits is chosen)") {
		t.Errorf("the comparison's warnings read %q, want the space mine's once, in the library's words", warnings)
	}
	checkPlainWords(tb, "compare warnings")
}

// Advise: Trials 0 is the Trials field's; a question too large for the
// trials allowed says what to do and offers the trials that fit, and that
// offer runs (here cancelled: the WebAssembly worker is terminated).
func TestBrowserAdviseErrorsInPlayersWords(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	doc := strings.Replace(bigAdvice, `"trials":200`, `"trials":0`, 1)
	tb.open(shareLink(c.static, "advise", []byte(doc)))
	checkError(t, tb, "advise-error", "Trials per fleet: 0 is out of range", "advise-trials")

	tb.typeInto("#advise-trials", "100000")
	tb.click("#advise-run", 1)
	checkError(t, tb, "advise-error", "Trials per fleet: too much to simulate: 821 fleets × 100,000 trials each is more than the 10,000,000 trials one question may use here. Lower it to 12,180 or fewer", "advise-trials")
	offer := eval[string](tb, `document.getElementById("advise-fix").checkVisibility() ? document.getElementById("advise-fix-go").textContent : ""`)
	if offer != "Advise with 12,000 trials per fleet" {
		t.Fatalf("advise offers %q, want a button Advise with 12,000 trials per fleet", offer)
	}
	tb.click("#advise-fix-go", 1)
	if got := eval[string](tb, `document.getElementById("advise-trials").value`); got != "12000" {
		t.Errorf("the offer set Trials per fleet to %q, want 12000", got)
	}
	tb.waitRunning("advise", false, 30*time.Second)
	checkRunning(t, "advise", viewOf(tb, "advise"), false, false)
	tb.click("#advise-cancel", 1)
	if v := viewOf(tb, "advise"); v.State != "idle" || v.Running || v.Words != "Cancelled." {
		t.Errorf("advise cancelled with no answer shows %+v, want idle and Cancelled.", v)
	}
	checkPlainWords(tb, "advise")
}

// Vote: a voter's fault is the field of their row, named by the row; the
// voter's text is not quoted back.
func TestBrowserVoteErrorsInPlayersWords(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	tb.open(shareLink(c.static, "vote", []byte(`{"version":1,"voters":["alice:6:for=1.7","bob:3:for=1"],"run":{"trials":1000,"seed":1}}`)))
	checkError(t, tb, "vote-error", "Voter 1 · chance of for: preliminary choice: for=1.7: probability 1.7 outside [0,1]", "voter-1-p-for")
	tb.typeInto(`#vote-table tbody tr:nth-child(1) .v-p[data-outcome="for"]`, "0.7")
	tb.typeInto("#vote-trials", "0")
	tb.click("#vote-run", 1)
	checkError(t, tb, "vote-error", "Trials: 0 is out of range", "vote-trials")
	// Exact takes no trials: the field is off while Exact is on.
	tb.click("#vote-exact", 1)
	if got := eval[string](tb, `["vote-trials", "vote-seed"].map((id) => document.getElementById(id).disabled).join(" ")`); got != "true true" {
		t.Errorf("with Exact on, Trials and Seed disabled: %s, want true true", got)
	}
}
