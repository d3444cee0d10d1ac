package web_test

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Time to the first answer on the page, measured in headless Chromium:
// the standard battle (`ti4sim space` with no -a/-d), exact and 100,000
// trials, on the served page and on the static WebAssembly build. It runs
// only with TI4SIM_BROWSER_TIMING=1, logs a table and asserts no time
// (speed is never asserted by a test).
//
// "First answer" is from the navigation's start (performance.timeOrigin)
// to #result[data-state=done], opening a share link in a new browser
// context (empty cache: the page, the engine and, for WebAssembly,
// ti4sim.wasm are fetched and compiled). "After an edit" is from a click
// on the attacker's fighter + to the next answer; it includes the page's
// debounce of edits. The times are taken in the page with
// performance.now(), by a MutationObserver installed before the page's
// own scripts.

// answerClockJS records, in window.__answers, the time of each new answer
// shown and, in window.__clickAt, the time of the last click.
const answerClockJS = `(() => {
  window.__answers = [];
  window.__clickAt = 0;
  document.addEventListener("click", () => { window.__clickAt = performance.now(); }, true);
  new MutationObserver((ms) => {
    for (const m of ms) {
      const r = m.target;
      if (r.id !== "result" || r.dataset.state !== "done") continue;
      const seq = Number(r.dataset.seq);
      if (!window.__answers.some((a) => a.seq === seq)) {
        window.__answers.push({seq, at: performance.now(), kind: document.getElementById("result-kind")?.textContent || ""});
      }
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state", "data-seq"]});
})()`

type answerTime struct {
	Seq  int     `json:"seq"`
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
}

func TestBrowserTiming(t *testing.T) {
	if os.Getenv("TI4SIM_BROWSER_TIMING") != "1" {
		t.Skip("set TI4SIM_BROWSER_TIMING=1 to measure the time to the first answer")
	}
	c := requireStatic(t)
	runs := 3
	modes := []struct {
		name string
		args []string
	}{
		{"exact", []string{"--exact"}},
		{"100,000 trials", []string{"-n", "100000", "--seed", "1"}},
	}
	engines := []struct{ name, base string }{
		{"served", c.served},
		{"WebAssembly", c.static},
	}
	var table strings.Builder
	fmt.Fprintf(&table, "standard battle, headless Chromium %s, median (min–max) of %d runs, ms\n", chromiumVersion(t), runs)
	fmt.Fprintf(&table, "%-12s %-15s %-24s %-24s %s\n", "engine", "run", "first answer", "after an edit", "shown as")
	for _, e := range engines {
		for _, m := range modes {
			doc := scenarioDoc(t, c, append([]string{"space"}, m.args...)...)
			var first, edit []float64
			var kind string
			for i := 0; i < runs; i++ {
				f, d, k := timeAnswers(t, shareLink(e.base, "combat", doc))
				first, edit, kind = append(first, f), append(edit, d), k
			}
			fmt.Fprintf(&table, "%-12s %-15s %-24s %-24s %s\n", e.name, m.name, spread(first), spread(edit), kind)
		}
	}
	t.Log("\n" + table.String())
}

// timeAnswers opens link in a new browser context and returns the time
// from navigation to the first answer, from a click on the attacker's
// fighter + to the next answer, and how the first answer was computed.
func timeAnswers(t *testing.T, link string) (first, afterEdit float64, kind string) {
	t.Helper()
	tb := newTab(t, chromedp.WithNewBrowserContext())
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: answerClockJS}); err != nil {
		t.Fatal(err)
	}
	tb.open(link)
	tb.waitAnswer(0, 120*time.Second)
	answers := eval[[]answerTime](tb, `window.__answers`)
	if len(answers) == 0 {
		t.Fatal("no answer recorded")
	}
	seq := tb.resultSeq()
	tb.click("#a-inc-fighter", 1)
	tb.waitAnswer(seq, 120*time.Second)
	after := eval[[]answerTime](tb, `window.__answers`)
	clickAt := eval[float64](tb, `window.__clickAt`)
	last := after[len(after)-1]
	return answers[0].At, last.At - clickAt, answers[0].Kind
}

// spread formats the median and the range of times in milliseconds.
func spread(ms []float64) string {
	s := append([]float64(nil), ms...)
	sort.Float64s(s)
	return fmt.Sprintf("%.0f (%.0f–%.0f)", s[len(s)/2], s[0], s[len(s)-1])
}

// chromiumVersion is the browser's product, e.g. HeadlessChrome/148.0.7778.167.
func chromiumVersion(t *testing.T) string {
	v, err := chromedp.CallBrowser(browser(t), cdpbrowser.GetVersion, cdp.Empty{})
	if err != nil {
		return "?"
	}
	return v.Product
}
