package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// On a phone (390×844) Compare, Advise and Vote fit the screen's width
// with their answers (a wide table scrolls in its own box, the page does
// not scroll sideways), and their buttons are touch targets of 44 px at
// least.
func TestBrowserTabsFitPhone(t *testing.T) {
	c := requireComponents(t)
	for _, tc := range []struct{ kind, doc string }{
		{"compare", `{"version":1,"scenario":` + bigBattle + `,"vary":[{"key":"attacker-faction","values":["sol","hacan","letnev"]}]}`},
		{"advise", bigAdvice},
		{"vote", bigVote},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			tb := newTab(t)
			tb.do(10*time.Second, "a phone's screen", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait, chromedp.EmulateScale(2)))
			tb.open(shareLink(c.served, tc.kind, []byte(tc.doc)))
			tb.waitDone(tc.kind+"-out", tc.kind+"-error", 120*time.Second)
			if w := eval[int](tb, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
				t.Errorf("the %s tab with its answer is %d px wider than a phone's screen", tc.kind, w)
			}
			small := eval[[]string](tb, `[...document.querySelectorAll("#panel-`+tc.kind+` button")].filter((b) => b.checkVisibility() && !b.closest("#vote-table"))
  .map((b) => [b.id || b.textContent, b.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44).map(([n, r]) => n + " " + Math.round(r.width) + "×" + Math.round(r.height))`)
			if len(small) > 0 {
				t.Errorf("the %s tab's buttons under 44×44 px on a phone: %q", tc.kind, small)
			}
		})
	}
}
