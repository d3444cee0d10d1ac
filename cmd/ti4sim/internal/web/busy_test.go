package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Compare, Advise and Vote show their work as the Battle tab does: while a
// run computes, the tab is busy (aria-busy, a progress bar that fills
// where the engine reports trials, the seconds elapsed, Cancel); Cancel
// really stops the run (the service's run ends; the WebAssembly worker is
// terminated) and the tab returns to idle with its last answer greyed and
// marked outdated; an edit of the question or of the Battle tab marks the
// answer outdated too.

// tabView is what a tab shows of its work.
type tabView struct {
	State    string `json:"state"`    // #KIND-out's data-state
	Busy     string `json:"busy"`     // its aria-busy
	Running  bool   `json:"running"`  // #KIND-running (progress, elapsed, Cancel) visible
	Words    string `json:"words"`    // #KIND-state's text
	Outdated bool   `json:"outdated"` // #KIND-answer marked outdated
	Progress bool   `json:"progress"` // the progress bar has a value: a progress report arrived
	Elapsed  string `json:"elapsed"`  // #KIND-elapsed's text
}

const tabViewJS = `(() => {
  const $ = (id) => document.getElementById(id);
  const k = %q;
  return {state: $(k + "-out").dataset.state, busy: $(k + "-out").getAttribute("aria-busy"),
    running: $(k + "-running").checkVisibility(), words: $(k + "-state").textContent,
    outdated: $(k + "-answer").dataset.outdated === "true", progress: $(k + "-progress").hasAttribute("value"),
    elapsed: $(k + "-elapsed").textContent};
})()`

func viewOf(tb *tab, kind string) tabView {
	tb.t.Helper()
	return eval[tabView](tb, fmt.Sprintf(tabViewJS, kind))
}

// poll waits until the expression js returns a string (false: not yet)
// and returns it.
func (tb *tab) poll(what, js string, within time.Duration) string {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, within+5*time.Second)
	defer cancel()
	got, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(within), chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil {
		tb.t.Fatalf("waiting for %s: %v", what, err)
	}
	return got
}

// waitRunning waits until tab kind is busy with a run and, with
// progress, until the engine has reported trials; it fails the test if
// the run ends first.
func (tb *tab) waitRunning(kind string, progress bool, within time.Duration) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => {
  const o = document.getElementById(%q + "-out");
  const bar = document.getElementById(%q + "-progress");
  if (o.dataset.state !== "running") return o.dataset.state === "done" || o.dataset.state === "error" ? "ended: " + o.dataset.state : false;
  return %t && !bar.hasAttribute("value") ? false : "running";
})()`, kind, kind, progress)
	if got := tb.poll(kind+" running", js, within); got != "running" {
		tb.t.Fatalf("the %s run %s before it could be cancelled", kind, got)
	}
}

// checkRunning fails the test unless the tab shows a run in progress: busy,
// the progress bar (filling with progress, else indeterminate), the
// seconds elapsed, and its last answer marked outdated (outdated: whether
// it has one).
func checkRunning(t *testing.T, kind string, v tabView, progress, outdated bool) {
	t.Helper()
	if v.State != "running" || v.Busy != "true" || !v.Running || !strings.HasPrefix(v.Words, "Computing") {
		t.Errorf("%s while running shows %+v, want data-state running, aria-busy true, the progress bar and Cancel visible, and 'Computing…'", kind, v)
	}
	if v.Progress != progress {
		t.Errorf("%s's progress bar has a value: %v, want %v (%s)", kind, v.Progress, progress, map[bool]string{true: "the engine reports trials", false: "indeterminate: no progress reports"}[progress])
	}
	if !strings.HasSuffix(v.Elapsed, " s") {
		t.Errorf("%s shows elapsed time %q, want N s", kind, v.Elapsed)
	}
	if v.Outdated != outdated {
		t.Errorf("%s's last answer marked outdated while a new run computes: %v, want %v", kind, v.Outdated, outdated)
	}
}

// checkCancelled fails the test unless the tab is idle after a cancel,
// its last answer greyed and marked outdated.
func checkCancelled(t *testing.T, kind string, v tabView) {
	t.Helper()
	if v.State != "stale" || v.Busy != "false" || v.Running || !v.Outdated ||
		!strings.Contains(v.Words, "Cancelled") || !strings.Contains(v.Words, "outdated") {
		t.Errorf("%s after Cancel shows %+v, want data-state stale, not busy, no progress bar, the answer marked outdated and the words Cancelled … outdated", kind, v)
	}
}

// serviceVars are the service's counts at /debug/vars.
type serviceVars struct {
	InFlight int `json:"in_flight"`
	Running  int `json:"running"`
	Queued   int `json:"queued"`
}

func varsOf(t *testing.T, c *components) serviceVars {
	t.Helper()
	resp, err := http.Get(c.served + "/debug/vars")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v serviceVars
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// waitService waits until the service's counts satisfy ok.
func waitService(t *testing.T, c *components, what string, ok func(serviceVars) bool, within time.Duration) {
	t.Helper()
	end := time.Now().Add(within)
	for {
		v := varsOf(t, c)
		if ok(v) {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the service never %s within %v: /debug/vars %+v", what, within, v)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// serviceStopped waits until the service computes nothing: no run
// computing or waiting, no request but /debug/vars's own.
func serviceStopped(t *testing.T, c *components) {
	t.Helper()
	waitService(t, c, "stopped the cancelled run", func(v serviceVars) bool { return v.Running == 0 && v.Queued == 0 && v.InFlight <= 1 }, 30*time.Second)
}

// workerCountJS counts the Web Workers the page makes and terminates
// (window.__workers), installed before the page's own scripts.
const workerCountJS = `(() => {
  const W = window.Worker;
  window.__workers = {made: 0, terminated: 0};
  window.Worker = class extends W {
    constructor(...a) { super(...a); window.__workers.made++; }
    terminate() { window.__workers.terminated++; return super.terminate(); }
  };
})()`

type workerCount struct {
	Made       int `json:"made"`
	Terminated int `json:"terminated"`
}

// bigBattle is a large battle: 4,000,000 trials of it for each of two
// variants (within the service's limit of dice a run) take many seconds,
// 2,000 a moment.
const bigBattle = `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":6},{"unit":"carrier","count":4},{"unit":"fighter","count":10},{"unit":"cruiser","count":4}]},` +
	`"defender":{"fleet":[{"unit":"dreadnought","count":5},{"unit":"carrier","count":4},{"unit":"fighter","count":12},{"unit":"destroyer","count":4}]},"run":{"trials":2000,"seed":1}}`

// compareBusyCancel drives Compare at base: an answer, the Battle tab
// edited (the answer outdated), a long comparison run and cancelled.
// running checks, just before Cancel, that the run computes where it
// runs; stopped, after it, that it stopped there.
func compareBusyCancel(t *testing.T, tb *tab, base string, running, stopped func()) {
	doc := []byte(`{"version":1,"scenario":` + bigBattle + `,"vary":[{"key":"nebula","values":["false","true"]}]}`)
	tb.open(shareLink(base, "compare", doc))
	tb.waitDone("compare-out", "compare-error", 120*time.Second)
	if v := viewOf(tb, "compare"); v.State != "done" || v.Outdated || v.Running || v.Words != "" {
		t.Errorf("compare after its answer shows %+v, want done, current, not busy", v)
	}

	// The Battle tab's trials edited: the comparison answers another
	// battle now. The Battle tab's own run of 4,000,000 trials is
	// cancelled with its Cancel.
	tb.click("#tab-battle", 1)
	tb.typeInto("#trials", "4000000")
	if v := viewOf(tb, "compare"); v.State != "stale" || !v.Outdated || !strings.Contains(v.Words, "Outdated: the Battle tab changed") {
		t.Errorf("compare after an edit of the Battle tab shows %+v, want its answer marked outdated: the Battle tab changed", v)
	}
	tb.poll("the Battle tab's run", `document.getElementById("running").checkVisibility() ? "running" : false`, 30*time.Second)
	tb.click("#cancel", 1)

	tb.click("#tab-compare", 1)
	tb.click("#compare-run", 1)
	if v := viewOf(tb, "compare"); v.State != "running" || !v.Running {
		t.Errorf("compare right after its button is clicked shows %+v, want it busy at once", v)
	}
	tb.waitRunning("compare", true, 90*time.Second)
	checkRunning(t, "compare", viewOf(tb, "compare"), true, true)
	rows := eval[int](tb, `document.querySelectorAll("#compare-result tbody tr").length`)
	running()
	clicked := time.Now()
	tb.click("#compare-cancel", 1)
	checkCancelled(t, "compare", viewOf(tb, "compare"))
	if n := eval[int](tb, `document.querySelectorAll("#compare-result tbody tr").length`); n != rows || n != 2 {
		t.Errorf("compare after Cancel shows %d rows, want the last answer's 2, greyed", n)
	}
	stopped()
	t.Logf("Cancel clicked → the run stopped where it computed: %v (measured, not asserted)", time.Since(clicked).Round(time.Millisecond))
	// Nothing arrives later from the cancelled run.
	time.Sleep(500 * time.Millisecond)
	if v := viewOf(tb, "compare"); v.State != "stale" {
		t.Errorf("compare after Cancel then a pause shows %+v, want it still idle (stale)", v)
	}
}

func TestBrowserCompareBusyCancel(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	compareBusyCancel(t, tb, c.served, func() {
		waitService(t, c, "computed the comparison", func(v serviceVars) bool { return v.Running >= 1 }, 10*time.Second)
	}, func() { serviceStopped(t, c) })
}

func TestBrowserWasmCompareBusyCancel(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: workerCountJS}); err != nil {
		t.Fatal(err)
	}
	var before workerCount
	compareBusyCancel(t, tb, c.static, func() { before = eval[workerCount](tb, `window.__workers`) }, func() {
		after := eval[workerCount](tb, `window.__workers`)
		if after.Terminated != before.Terminated+1 {
			t.Errorf("Cancel terminated %d workers, want 1 (the worker computing the comparison): before %+v, after %+v", after.Terminated-before.Terminated, before, after)
		}
	})
	// The next run starts a new worker; Escape cancels it as Cancel does.
	tb.click("#compare-run", 1)
	tb.waitRunning("compare", false, 30*time.Second)
	before = eval[workerCount](tb, `window.__workers`)
	tb.do(5*time.Second, "pressing Escape", chromedp.KeyEvent(kb.Escape))
	checkCancelled(t, "compare", viewOf(tb, "compare"))
	if w := eval[workerCount](tb, `window.__workers`); w.Made < 2 || w.Terminated != before.Terminated+1 {
		t.Errorf("workers before Escape %+v, after %+v: want a new worker made after the first cancel, and terminated by Escape", before, w)
	}
}

// bigAdvice asks for a fleet against a Sol defender by Monte Carlo, 200
// trials for each of its 821 fleets (a moment; 12,000 each take many
// seconds).
const bigAdvice = `{"version":1,"method":"trials","scenario":{"version":1,"action":"space","attacker":{"fleet":[]},` +
	`"defender":{"faction":"sol","fleet":[{"unit":"dreadnought","count":3},{"unit":"cruiser","count":2}]},"run":{"seed":1,"trials":200}},` +
	`"limits":{"resources":20,"production":10,"fleet_pool":6}}`

// Advise names the defender it advises against (the Battle tab's), shows
// its work without progress reports (an indeterminate bar and the seconds
// elapsed), and its Cancel stops the service's run.
func TestBrowserAdviseBusyCancel(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(shareLink(c.served, "advise", []byte(bigAdvice)))
	tb.waitDone("advise-out", "advise-error", 120*time.Second)
	const defender = "The Federation of Sol: 2 cruiser, 3 dreadnought — space combat." // in the form's order
	if got := eval[string](tb, `document.getElementById("advise-against").textContent`); got != "Against the Battle tab's defender: "+defender {
		t.Errorf("advise names the defender %q, want Against the Battle tab's defender: %s", got, defender)
	}
	if got := eval[string](tb, `document.getElementById("advise-asked").textContent`); got != "Advice against "+defender {
		t.Errorf("the advice says it answers %q, want Advice against %s", got, defender)
	}

	tb.typeInto("#advise-trials", "12000")
	if v := viewOf(tb, "advise"); v.State != "stale" || !v.Outdated || !strings.Contains(v.Words, "Outdated: the question above changed") {
		t.Errorf("advise after its trials are edited shows %+v, want its answer marked outdated: the question changed", v)
	}
	tb.click("#advise-run", 1)
	tb.waitRunning("advise", false, 30*time.Second)
	waitService(t, c, "computed the advice", func(v serviceVars) bool { return v.Running >= 1 }, 10*time.Second)
	checkRunning(t, "advise", viewOf(tb, "advise"), false, true)
	tb.click("#advise-cancel", 1)
	checkCancelled(t, "advise", viewOf(tb, "advise"))
	serviceStopped(t, c)

	// The Battle tab's defender edited: Advise names the new one, and its
	// answer is outdated by it.
	tb.click("#tab-battle", 1)
	tb.click("#d-inc-cruiser", 1)
	tb.click("#tab-advise", 1)
	if got := eval[string](tb, `document.getElementById("advise-against").textContent`); !strings.Contains(got, "The Federation of Sol: 3 cruiser, 3 dreadnought") {
		t.Errorf("advise after a cruiser is added to the defender names %q, want 3 cruiser, 3 dreadnought", got)
	}
	if v := viewOf(tb, "advise"); v.State != "stale" || !v.Outdated || !strings.Contains(v.Words, "Outdated: the Battle tab changed") {
		t.Errorf("advise after an edit of the Battle tab shows %+v, want its answer marked outdated: the Battle tab changed", v)
	}
}

// bigVote is a table of twelve voters: 10,000,000 trials of it take
// seconds, 20,000 a moment.
const bigVote = `{"version":1,"voters":["a:6:for=0.7,against=0.2:final=2","b:5:for=0.5,against=0.5","c:4-9:against=1","d:3-8:for=0.4,against=0.4:extra=2",` +
	`"e:7:for=0.3,against=0.6","f:2-6:for=0.5,against=0.5:final=1","g:5:for=0.9","h:4:against=0.9","i:3-7:for=0.5,against=0.5","j:6:for=0.5,against=0.5",` +
	`"k:2-9:for=0.5,against=0.5","l:5:for=0.2,against=0.7"],"run":{"trials":20000,"seed":1}}`

// Vote shows the trials done as they are reported, and its Cancel stops
// the service's run.
func TestBrowserVoteBusyCancel(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(shareLink(c.served, "vote", []byte(bigVote)))
	tb.waitDone("vote-out", "vote-error", 60*time.Second)
	tb.typeInto("#vote-trials", "10000000")
	if v := viewOf(tb, "vote"); v.State != "stale" || !v.Outdated || !strings.Contains(v.Words, "Outdated: the question above changed") {
		t.Errorf("vote after its trials are edited shows %+v, want its answer marked outdated", v)
	}
	tb.click("#vote-run", 1)
	tb.waitRunning("vote", true, 30*time.Second)
	waitService(t, c, "computed the vote", func(v serviceVars) bool { return v.Running >= 1 }, 10*time.Second)
	v := viewOf(tb, "vote")
	checkRunning(t, "vote", v, true, true)
	if !strings.Contains(v.Words, " of 10,000,000 trials") {
		t.Errorf("vote while running says %q, want the trials done of 10,000,000", v.Words)
	}
	tb.click("#vote-cancel", 1)
	checkCancelled(t, "vote", viewOf(tb, "vote"))
	if id := eval[string](tb, `document.activeElement.id`); id != "vote-run" {
		t.Errorf("after Cancel the keyboard's focus is on %q, want the Odds button (Cancel is hidden)", id)
	}
	serviceStopped(t, c)
}

// On the WebAssembly site one worker answers every tab: a Cancel
// terminates it, and the run another tab was waiting for runs again on the
// next worker instead of showing a cancel nobody asked for.
func TestBrowserWasmCancelSparesOtherTabs(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	long := strings.Replace(`{"version":1,"scenario":`+bigBattle+`,"vary":[{"key":"nebula","values":["false","true"]}]}`, `"trials":2000`, `"trials":4000000`, 1)
	tb.open(shareLink(c.static, "compare", []byte(long)))
	tb.waitRunning("compare", true, 90*time.Second)
	tb.click("#tab-vote", 1)
	tb.typeInto("#vote-trials", "20000")
	tb.click("#vote-run", 1) // waits in the worker behind the comparison
	if v := viewOf(tb, "vote"); v.State != "running" {
		t.Fatalf("vote after its button shows %+v, want running (waiting for the worker)", v)
	}
	if busy := eval[string](tb, `["battle", "compare", "advise", "vote"].filter((t) => document.getElementById("tab-" + t).hasAttribute("data-busy")).join(" ")`); busy != "compare vote" {
		t.Errorf("the tabs marked busy are %q, want compare vote (a tab's run seen from another tab)", busy)
	}
	tb.click("#tab-compare", 1)
	tb.click("#compare-cancel", 1)
	if v := viewOf(tb, "compare"); v.State != "idle" || v.Words != "Cancelled." {
		t.Errorf("compare after Cancel shows %+v, want idle, Cancelled.", v)
	}
	tb.waitDone("vote-out", "vote-error", 60*time.Second)
	if v := viewOf(tb, "vote"); v.Words != "" || v.Outdated {
		t.Errorf("vote, answered after another tab's Cancel, shows %+v, want its answer current", v)
	}
}
