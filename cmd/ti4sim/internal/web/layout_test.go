package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The page's layout at the sizes a player uses: a phone (390×844 CSS
// pixels, mobile and touch emulated) and a desktop (1366×768, and 1500×900
// for the widths where a table overflowed its card). On the phone the
// three odds and both fleets' controls are on the first screen, every
// control of the battle form is a 44 px target; at every size no tab
// scrolls sideways and nothing sticks out of its card.

// viewport is a screen size the tests lay the page out at.
type viewport struct {
	name   string
	w, h   int64
	mobile bool
}

var (
	phone   = viewport{"phone", 390, 844, true}
	desktop = viewport{"desktop", 1366, 768, false}
	wide    = viewport{"wide", 1500, 900, false}
)

// tabs are the page's tabs.
var tabs = []string{"battle", "compare", "advise", "vote", "luck"}

// size lays the tab out at v.
func (tb *tab) size(v viewport) {
	tb.t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if v.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait, chromedp.EmulateScale(2))
	}
	tb.do(10*time.Second, "setting the viewport "+v.name, chromedp.EmulateViewport(v.w, v.h, opts...))
}

// scheme asks the page for the light or the dark colour scheme, as the
// system's setting would (prefers-color-scheme).
func (tb *tab) scheme(name string) {
	tb.t.Helper()
	set := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: name}},
		})
		return err
	})
	tb.do(10*time.Second, "emulating prefers-color-scheme: "+name, set)
	if got := eval[bool](tb, fmt.Sprintf(`matchMedia("(prefers-color-scheme: %s)").matches`, name)); !got {
		tb.t.Fatalf("prefers-color-scheme: %s is not in effect", name)
	}
}

// showTab selects a tab by clicking it.
func (tb *tab) showTab(name string) {
	tb.t.Helper()
	tb.click("#tab-"+name, 1)
	tb.do(5*time.Second, "showing the "+name+" tab", chromedp.WaitVisible(chromedp.CSS("#panel-"+name)))
}

// answerTabs runs each tab's question as the page opens it and waits for
// each answer, so every tab shows one; it leaves the Battle tab shown.
func (tb *tab) answerTabs() {
	tb.t.Helper()
	tb.waitAnswer(0, 60*time.Second)
	for _, name := range tabs[1:] {
		tb.showTab(name)
		tb.click("#"+name+"-run", 1)
		tb.waitDone(name+"-out", name+"-error", 90*time.Second)
	}
	tb.showTab("battle")
}

// firstScreenJS lists what of the odds and the fleets' controls is not
// wholly on the first screen, or is covered there by something else.
const firstScreenJS = `(() => {
  const out = [];
  const check = (el, what) => {
    if (!el) return out.push(what + " missing");
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return out.push(what + " has no size");
    if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
      return out.push(what + " at " + Math.round(r.left) + "," + Math.round(r.top) + "–" + Math.round(r.right) + "," + Math.round(r.bottom) + " outside the " + innerWidth + "×" + innerHeight + " screen");
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !(el === top || el.contains(top) || top.contains(el))) out.push(what + " is covered by " + (top ? top.outerHTML.slice(0, 80) : "nothing"));
  };
  for (const id of ["label-attacker", "p-attacker", "label-draw", "p-draw", "label-defender", "p-defender", "a-faction", "d-faction", "a-clear", "d-clear", "swap", "reset"])
    check(document.getElementById(id), "#" + id);
  const rows = document.querySelectorAll("#fleet tbody tr[data-kind]");
  if (rows.length < 10) out.push("the fleet table has " + rows.length + " rows");
  for (const el of document.querySelectorAll("#fleet tbody input[id*='-count-'], #fleet tbody button.inc, #fleet tbody button.dec"))
    check(el, "#" + el.id);
  return out;
})()`

// checkFirstScreen fails the test unless the odds and both fleets'
// controls (rows unit rows) are on the phone's first screen.
func checkFirstScreen(tb *tab, what string, rows int) {
	t := tb.t
	t.Helper()
	if w := eval[int](tb, `innerWidth`); w != 390 {
		t.Fatalf("%s: the phone's screen is %d px wide, want 390", what, w)
	}
	if n := eval[int](tb, `document.querySelectorAll("#fleet tbody tr[data-kind]").length`); n != rows {
		t.Errorf("%s: %d unit rows, want %d", what, n, rows)
	}
	problems := eval[[]string](tb, firstScreenJS)
	for _, p := range problems {
		t.Errorf("%s, first screen: %s", what, p)
	}
	if len(problems) > 0 {
		t.Logf("where the blocks are: %s", eval[string](tb, blocksJS))
	}
	t.Logf("%s: the odds end %.0f px down a %d px screen", what, eval[float64](tb, `document.querySelector("#result .outcomes").getBoundingClientRect().bottom`), phone.h)
}

// blocksJS says where the first screen's blocks are (top–bottom), to
// tell what pushed the odds down.
const blocksJS = `[".top", ".side-heads", ".fleet-bar", "#fleet thead", ...[...document.querySelectorAll("#fleet tbody tr")].map((r, i) => "#fleet tbody tr:nth-child(" + (i + 1) + ")"), ".fleet-note", "#result", "#result h2", "#result .outcomes"]
  .map(s => { const e = document.querySelector(s); if (!e) return s + " none"; const r = e.getBoundingClientRect(); return s + " " + Math.round(r.top) + "–" + Math.round(r.bottom); }).join("; ")`

// TestBrowserLayoutPhoneFirstScreen: on a phone, with a faction each side
// (the flagships too: twelve unit rows in TI3, eleven in TI4), the three
// labelled odds and every count, + and − of both fleets are on the first
// screen, uncovered.
func TestBrowserLayoutPhoneFirstScreen(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.size(phone)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	// TI3 with its races has the most unit rows: twelve. The answer's
	// number is read before the edits: each edit marks the answer stale at
	// once, so the next "done" after it answers the whole form (read after
	// them, a fast answer would already be counted and never come).
	seq := tb.resultSeq()
	tb.choose("#ruleset", "ti3-sa")
	tb.choose("#a-faction", "letnev")
	tb.choose("#d-faction", "hacan")
	tb.waitAnswer(seq, 60*time.Second)
	checkFirstScreen(tb, "TI3, Letnev against Hacan", 12)
	t.Logf("screenshots: %v", tb.shot("TestBrowserLayoutPhoneFirstScreen-ti3"))
	seq = tb.resultSeq()
	tb.choose("#ruleset", "ti4")
	tb.choose("#a-faction", "sol")
	tb.choose("#d-faction", "letnev")
	tb.waitAnswer(seq, 60*time.Second)
	checkFirstScreen(tb, "TI4, Sol against Letnev", 11)
	t.Logf("screenshots: %v", tb.shot("TestBrowserLayoutPhoneFirstScreen-sol-letnev"))
	// The answer names the units as the form does: Sol's carrier is its
	// Advanced Carrier.
	if got := eval[string](tb, `document.querySelector("#a-survivors tr[data-unit=carrier] th")?.textContent || "none"`); got != "Advanced Carrier I" {
		t.Errorf("the attacker's survivors name Sol's carriers %q, want Advanced Carrier I as the form does", got)
	}
	// Scrolled down to the other settings, the summary bar names each
	// figure, the figures of the answer.
	tb.do(5*time.Second, "scrolling to the settings", chromedp.Evaluate[chromedp.Void](`document.getElementById("side-a").scrollIntoView()`), chromedp.Sleep(200*time.Millisecond))
	bar := eval[string](tb, `(() => { const s = document.getElementById("summary"); return s.checkVisibility() ? s.innerText.replace(/\s+/g, " ").trim() : "hidden"; })()`)
	f := pageFigures(tb)
	if want := fmt.Sprintf("Attacker %s Draw %s Defender %s", f["p-attacker"], f["p-draw"], f["p-defender"]); !strings.HasPrefix(bar, want) {
		t.Errorf("scrolled down, the summary bar shows %q, want %q", bar, want)
	}
	tb.do(5*time.Second, "scrolling to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), chromedp.Sleep(200*time.Millisecond))
	if vis := eval[bool](tb, `document.getElementById("summary").checkVisibility()`); vis {
		t.Errorf("the summary bar shows while the odds themselves are on the screen")
	}
	t.Logf("the page is %d px long", eval[int](tb, `document.scrollingElement.scrollHeight`))
	// The rest of the answer is one scroll away: the survivors start
	// within the second screen.
	if top := eval[float64](tb, `document.getElementById("a-survivors").getBoundingClientRect().top`); top > 2*844 {
		t.Errorf("the survivors start %.0f px down, more than one screen below the first", top)
	}
}

// overflowJS lists what makes the shown tab wider than the screen, and
// what sticks out of its card (a table wider than its box, the answer's
// tables), and each select whose chosen text is cut off.
const overflowJS = `((width) => {
  const out = [];
  // A phone lays a page too wide for it out wider and shrinks it.
  if (innerWidth !== width) out.push("the page is laid out " + innerWidth + " px wide on a " + width + " px screen");
  const se = document.scrollingElement;
  if (se.scrollWidth > innerWidth) {
    const wide = [...document.querySelectorAll("body *")].filter(e => e.checkVisibility() && e.getBoundingClientRect().right > innerWidth + 0.5 && !e.closest(".sr-only"));
    out.push("the page scrolls sideways: " + se.scrollWidth + " > " + innerWidth + " px (" + wide.slice(0, 4).map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + "." + e.className).join(", ") + ")");
  }
  const cards = "fieldset, .fleets, details.setting, #result, #compare-out, #advise-out, #vote-out, #luck-out, .side-results section";
  for (const card of document.querySelectorAll(cards)) {
    if (!card.checkVisibility()) continue;
    const box = card.getBoundingClientRect();
    for (const e of card.querySelectorAll("table, input, select, button, canvas")) {
      if (!e.checkVisibility() || e.closest(".sr-only")) continue;
      const r = e.getBoundingClientRect();
      if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
        out.push((e.id ? "#" + e.id : e.tagName.toLowerCase()) + " sticks out of " + (card.id ? "#" + card.id : card.tagName.toLowerCase() + "." + card.className) + " by " + Math.round(Math.max(r.right - box.right, box.left - r.left)) + " px");
    }
  }
  const ctx = document.createElement("canvas").getContext("2d");
  for (const s of document.querySelectorAll("select")) {
    if (!s.checkVisibility() || s.selectedIndex < 0) continue;
    const cs = getComputedStyle(s);
    ctx.font = cs.font;
    const text = ctx.measureText(s.options[s.selectedIndex].text).width;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; // the arrow
    if (text > room + 1) out.push("#" + s.id + " cuts off its choice: " + Math.round(text) + " px of text in " + Math.round(room) + " px");
  }
  return out;
})`

// TestBrowserLayoutNoOverflow: at a phone's, a desktop's and a wide
// screen's size, with each tab showing its answer, no tab scrolls
// sideways, nothing sticks out of its card and no select cuts off its
// choice.
func TestBrowserLayoutNoOverflow(t *testing.T) {
	c := requireComponents(t)
	for _, v := range []viewport{phone, desktop, wide} {
		t.Run(v.name, func(t *testing.T) {
			tb := newTab(t)
			tb.size(v)
			tb.open(c.served + "/")
			tb.answerTabs()
			eval[bool](tb, openImportBoxesJS)
			for _, name := range tabs {
				tb.showTab(name)
				for _, p := range eval[[]string](tb, fmt.Sprintf("%s(%d)", overflowJS, v.w)) {
					t.Errorf("%s, %s tab: %s", v.name, name, p)
				}
			}
		})
	}
}

// touchJS lists the battle form's controls smaller than 44×44 px (a
// checkbox counts with its label, which takes its taps), every part of
// the form opened first.
const touchJS = `((root) => {
  for (const d of root.querySelectorAll("details")) d.open = true;
  const out = [];
  for (const e of root.querySelectorAll("button, select, input, summary, a[href]")) {
    if (!e.checkVisibility() || e.closest(".sr-only")) continue;
    const target = (e.type === "checkbox" || e.type === "radio") && e.closest("label") ? e.closest("label") : e;
    const r = target.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) out.push((e.id ? "#" + e.id : e.tagName.toLowerCase() + "." + e.className + " " + (e.textContent || "").trim().slice(0, 30)) + " is " + Math.round(r.width) + "×" + Math.round(r.height));
  }
  return out;
})`

// TestBrowserLayoutTouchTargets: on a phone every control of the battle
// form — steppers, checkboxes with their labels, selects, fields, the
// help buttons and the summaries that open a part — is at least 44 px
// each way; so are the other tabs' controls and the header's.
func TestBrowserLayoutTouchTargets(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.size(phone)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.choose("#a-faction", "last-bastion") // its galvanized column too
	small := eval[[]string](tb, touchJS+`(document.getElementById("battle"))`)
	total := eval[int](tb, `document.querySelectorAll("#battle button, #battle select, #battle input, #battle summary").length`)
	if total < 100 {
		t.Fatalf("only %d controls in the battle form", total)
	}
	if len(small) > 0 {
		t.Errorf("%d of the battle form's %d controls are smaller than 44×44 px on a phone:\n%s", len(small), total, strings.Join(small, "\n"))
	}
	// Every part open, the Last Bastion's galvanized column too, the page
	// still fits the phone.
	for _, p := range eval[[]string](tb, fmt.Sprintf("%s(%d)", overflowJS, phone.w)) {
		t.Errorf("phone, every part of the battle form open: %s", p)
	}
	t.Logf("screenshots, every part open: %v", tb.shot("TestBrowserLayoutTouchTargets-open"))
	// The other tabs' controls too, each tab with its answer.
	tb.answerTabs()
	for _, name := range tabs[1:] {
		tb.showTab(name)
		for _, p := range eval[[]string](tb, touchJS+`(document.getElementById("panel-`+name+`"))`) {
			t.Errorf("phone, %s tab: %s, smaller than 44×44 px", name, p)
		}
	}
	for _, p := range eval[[]string](tb, touchJS+`(document.querySelector("header"))`) {
		t.Errorf("phone, the page's header: %s, smaller than 44×44 px", p)
	}
}

// TestBrowserHelpOnTouch: help shows on a tap, not only under a mouse
// pointer. Tapping a unit's name shows what each side's unit is (under
// its row) and tapping again hides it; a technology's (?) shows its text;
// no label of the battle form keeps its help in a tooltip.
func TestBrowserHelpOnTouch(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.size(phone)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.choose("#a-faction", "sol")
	tb.click("#name-carrier", 1)
	help := eval[string](tb, `(() => { const r = document.getElementById("help-carrier"); return r && r.checkVisibility() ? r.textContent : "none"; })()`)
	if !strings.Contains(help, "Attacker: Advanced Carrier I: ") || !strings.Contains(help, "Defender: Carrier I: combat 9; cost 3") {
		t.Errorf("tapping Carrier shows %q, want each side's carrier: its name, combat and cost", help)
	}
	if got := eval[string](tb, `document.getElementById("name-carrier").getAttribute("aria-expanded")`); got != "true" {
		t.Errorf("the Carrier button's aria-expanded is %q with its help shown", got)
	}
	for _, p := range eval[[]string](tb, fmt.Sprintf("%s(%d)", overflowJS, phone.w)) {
		t.Errorf("phone, a unit's help shown: %s", p)
	}
	t.Logf("screenshots: %v", tb.shot("TestBrowserHelpOnTouch-carrier"))
	tb.click("#name-carrier", 1)
	if eval[bool](tb, `!!document.getElementById("help-carrier")`) {
		t.Error("tapping Carrier again leaves its help shown")
	}
	if n := eval[int](tb, `document.querySelectorAll("#battle label[title]").length`); n != 0 {
		t.Errorf("%d labels of the battle form keep their help in a tooltip", n)
	}
	eval[bool](tb, `(document.querySelector("#side-a details.techs").open = true, true)`)
	sel := `#a-tech-plasma-scoring`
	button := eval[string](tb, `(() => { const b = document.querySelector("`+sel+`").closest(".help-item").querySelector(".help-btn"); b.id = "probe-help"; return b.getAttribute("aria-label"); })()`)
	if button != "What is Plasma Scoring?" {
		t.Errorf("Plasma Scoring's help button is named %q", button)
	}
	tb.click("#probe-help", 1)
	text := eval[string](tb, `(() => { const n = document.getElementById(document.getElementById("probe-help").getAttribute("aria-controls")); return n.checkVisibility() ? n.textContent : "hidden"; })()`)
	if len(text) < 20 || text == "hidden" {
		t.Errorf("tapping Plasma Scoring's (?) shows %q, want its text", text)
	}
}
