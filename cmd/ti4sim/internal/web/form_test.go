package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Driving the page as a user does: open it, wait until it is ready,
// click buttons, type into fields, pick options, wait for the answer.

// open navigates the tab to url and waits until the page has built its
// form (body[data-ready=true]).
func (tb *tab) open(url string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(url))
	if err != nil {
		tb.t.Fatalf("opening %s: %v", url, err)
	}
	if resp.Status != 200 {
		tb.t.Fatalf("opening %s: HTTP status %d", url, resp.Status)
	}
	tb.do(30*time.Second, "waiting for body[data-ready=true] on "+url,
		chromedp.WaitReady(chromedp.CSS(`body[data-ready="true"]`)),
	)
}

// click clicks the element sel n times.
func (tb *tab) click(sel string, n int) {
	tb.t.Helper()
	for i := 0; i < n; i++ {
		tb.do(10*time.Second, fmt.Sprintf("clicking %s", sel), chromedp.Click(chromedp.CSS(sel)))
	}
}

// typeInto replaces the text of the field sel by typing: Ctrl+A selects
// what is there, the keys of text replace it, Tab leaves the field (its
// change event).
func (tb *tab) typeInto(sel, text string) {
	tb.t.Helper()
	tb.do(10*time.Second, fmt.Sprintf("typing %q into %s", text, sel),
		chromedp.Focus(chromedp.CSS(sel)),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.SendKeys(chromedp.CSS(sel), text+kb.Tab),
	)
}

// choose picks the option value of the select sel. A headless browser
// draws no select popup to click, so this sets the value and sends the
// input and change events a pick sends.
func (tb *tab) choose(sel, value string) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => {
  const s = document.querySelector(%q);
  if (!s) return "no element " + %q;
  if (![...s.options].some(o => o.value === %q)) return "no option " + %q + " in " + %q;
  s.value = %q;
  s.dispatchEvent(new Event("input", {bubbles: true}));
  s.dispatchEvent(new Event("change", {bubbles: true}));
  return "";
})()`, sel, sel, value, value, sel, value)
	if msg := eval[string](tb, js); msg != "" {
		tb.t.Fatalf("choosing %q in %s: %s", value, sel, msg)
	}
}

// resultSeq is #result's data-seq (0 before the first answer).
func (tb *tab) resultSeq() int {
	tb.t.Helper()
	return eval[int](tb, `Number(document.getElementById("result")?.dataset.seq || 0)`)
}

// waitAnswer waits until #result shows an answer newer than seq
// (data-state=done, data-seq > seq). An error shown instead fails the
// test with its text.
func (tb *tab) waitAnswer(seq int, within time.Duration) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => {
  const r = document.getElementById("result");
  if (!r) return false;
  if (r.dataset.state === "error") return "error: " + (document.getElementById("error")?.textContent || "");
  return r.dataset.state === "done" && Number(r.dataset.seq) > %d ? "done" : false;
})()`, seq)
	ctx, cancel := context.WithTimeout(tb.ctx, within+5*time.Second)
	defer cancel()
	got, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(within), chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil {
		state := eval[string](tb, `(() => { const r = document.getElementById("result"); return r ? r.dataset.state + " seq " + r.dataset.seq : "no #result"; })()`)
		tb.t.Fatalf("waiting for an answer after seq %d: %v (#result: %s)", seq, err, state)
	}
	if got != "done" {
		tb.t.Fatalf("the page shows %s", got)
	}
}

// waitDone waits until the element id (#compare-out, #vote-out) has
// data-state=done; an error shown (data-state=error) fails the test with
// the text of errorID.
func (tb *tab) waitDone(id, errorID string, within time.Duration) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => {
  const o = document.getElementById(%q);
  if (!o) return "error: no #" + %q;
  if (o.dataset.state === "error") return "error: " + (document.getElementById(%q)?.textContent || "");
  return o.dataset.state === "done" ? "done" : false;
})()`, id, id, errorID)
	ctx, cancel := context.WithTimeout(tb.ctx, within+5*time.Second)
	defer cancel()
	got, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(within), chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil {
		tb.t.Fatalf("waiting for #%s[data-state=done]: %v", id, err)
	}
	if got != "done" {
		tb.t.Fatalf("#%s shows %s", id, got)
	}
}

// hash is the page's location.hash.
func (tb *tab) hash() string {
	tb.t.Helper()
	return eval[string](tb, `location.hash`)
}

// fleetCounts sums a side's unit entries of a combat document by unit.
func fleetCounts(doc []byte, side string) (map[string]int, error) {
	var d map[string]json.RawMessage
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, err
	}
	var s struct {
		Fleet []struct {
			Unit  string `json:"unit"`
			Count int    `json:"count"`
		} `json:"fleet"`
	}
	if raw, ok := d[side]; ok {
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
	}
	counts := map[string]int{}
	for _, e := range s.Fleet {
		counts[e.Unit] += e.Count
	}
	return counts, nil
}
