package web_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The page's accessibility, checked by axe-core (testdata/axe, a test-only
// copy; see its README) on each tab with its answer shown, at a phone's
// and a desktop's size, in the light and the dark scheme: no serious or
// critical finding; the minor and moderate ones are logged.

// axeViolation is one rule axe-core finds broken, with where.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// axeJS runs axe-core on the document (WCAG 2.x A and AA rules and its
// best practices) and returns its violations with the first few places of
// each.
const axeJS = `axe.run(document, { resultTypes: ["violations"] }).then(r => r.violations.map(v => ({
  id: v.id, impact: v.impact || "", help: v.help,
  nodes: v.nodes.slice(0, 6).map(n => n.target.join(" ") + (n.failureSummary ? " — " + n.failureSummary.replace(/\s+/g, " ").slice(0, 200) : "")),
})))`

// injectAxe loads axe-core into the tab's page.
func (tb *tab) injectAxe() {
	tb.t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		tb.t.Fatal(err)
	}
	if !strings.Contains(string(src[:200]), "axe v4.") {
		tb.t.Fatalf("testdata/axe/axe.min.js does not start with axe-core 4's header")
	}
	tb.do(20*time.Second, "injecting axe-core", chromedp.Evaluate[chromedp.Void](string(src)))
	if v := eval[string](tb, `axe.version`); !strings.HasPrefix(v, "4.") {
		tb.t.Fatalf("axe.version is %q, want 4.x", v)
	}
}

// runAxe returns axe-core's violations on the page as shown.
func (tb *tab) runAxe() []axeViolation {
	tb.t.Helper()
	raw := eval[json.RawMessage](tb, axeJS)
	var vs []axeViolation
	if err := json.Unmarshal(raw, &vs); err != nil {
		tb.t.Fatalf("axe-core's answer: %v\n%s", err, raw)
	}
	return vs
}

// TestBrowserAccessibility: each tab, with its answer, at 390×844 (a
// phone) and 1366×768, light and dark: axe-core finds nothing serious or
// critical.
func TestBrowserAccessibility(t *testing.T) {
	c := requireComponents(t)
	for _, v := range []viewport{phone, desktop} {
		t.Run(v.name, func(t *testing.T) {
			tb := newTab(t)
			tb.size(v)
			tb.open(c.served + "/")
			tb.answerTabs()
			eval[bool](tb, openImportBoxesJS) // the AsyncTI4 import and the homebrew picker checked too
			tb.injectAxe()
			// axe-core sees the page: a button with no name is a
			// critical finding, gone with the button.
			eval[bool](tb, `(() => { const b = document.createElement("button"); b.id = "axe-probe"; document.querySelector("#battle").append(b); return true; })()`)
			if !hasViolation(tb.runAxe(), "button-name") {
				t.Fatal("axe-core does not report a button without a name: it does not check this page")
			}
			eval[bool](tb, `(document.getElementById("axe-probe").remove(), true)`)
			for _, scheme := range []string{"light", "dark"} {
				tb.scheme(scheme)
				checkChartColours(tb, scheme)
				for _, name := range tabs {
					tb.showTab(name)
					for _, x := range tb.runAxe() {
						where := strings.Join(x.Nodes, "\n    ")
						if x.Impact == "serious" || x.Impact == "critical" {
							t.Errorf("%s, %s, %s tab: %s (%s): %s\n    %s", v.name, scheme, name, x.ID, x.Impact, x.Help, where)
						} else {
							t.Logf("%s, %s, %s tab: %s (%s): %s\n    %s", v.name, scheme, name, x.ID, x.Impact, x.Help, where)
						}
					}
				}
				if v.mobile {
					// Scrolled past the odds, the summary bar shows: axe
					// checks it too.
					tb.showTab("battle")
					tb.do(5*time.Second, "scrolling down", chromedp.Evaluate[chromedp.Void](`document.getElementById("side-a").scrollIntoView()`), chromedp.Sleep(200*time.Millisecond))
					if !eval[bool](tb, `document.getElementById("summary").checkVisibility()`) {
						t.Errorf("%s: scrolled down, the summary bar is not shown", scheme)
					}
					for _, x := range tb.runAxe() {
						if x.Impact == "serious" || x.Impact == "critical" {
							t.Errorf("%s, %s, battle tab scrolled down: %s (%s): %s\n    %s", v.name, scheme, x.ID, x.Impact, x.Help, strings.Join(x.Nodes, "\n    "))
						}
					}
					tb.do(5*time.Second, "scrolling up", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
				}
			}
		})
	}
}

// checkChartColours fails the test unless the charts draw the sides in
// the scheme's colours (style.css's --attacker and --defender).
func checkChartColours(tb *tab, scheme string) {
	tb.t.Helper()
	js := `(() => {
  const css = getComputedStyle(document.documentElement);
  const sets = Chart.getChart(document.getElementById("chart-survivors")).data.datasets;
  const want = [css.getPropertyValue("--attacker").trim(), css.getPropertyValue("--defender").trim()];
  const got = sets.slice(0, 2).map(d => d.backgroundColor);
  return got.join(" ") === want.join(" ") ? "" : "the chart draws " + got.join(" ") + ", the scheme's colours are " + want.join(" ");
})()`
	var msg string
	for i := 0; i < 50; i++ { // the charts redraw on the scheme's change event
		if msg = eval[string](tb, js); msg == "" {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	tb.t.Errorf("%s scheme: %s", scheme, msg)
}

// hasViolation says whether vs holds a violation of the rule id.
func hasViolation(vs []axeViolation, id string) bool {
	for _, v := range vs {
		if v.ID == id {
			return true
		}
	}
	return false
}
