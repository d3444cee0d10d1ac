package web_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The Luck tab answers its three questions — how the Battle tab's battle
// ended, one roll, the AsyncTI4 bot's totals — through the engine, served
// (POST /v1/luck) and static (ti4sim.wasm), and shows the figures worked
// out here by hand: a one-ship battle as a Markov chain, a roll's
// distribution by convolution, the totals' binomial and Chernoff bounds.

// luckEngines are the two engines each question is asked of.
func luckEngines(t *testing.T) map[string]string {
	c := requireComponents(t)
	if c.siteErr != nil {
		t.Fatal(c.siteErr)
	}
	return map[string]string{"served": c.served, "static": c.static}
}

// oneShipBattle: one cruiser (hits on 7: 0.4) attacks one destroyer (hits
// on 9: 0.2).
const oneShipBattle = `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"destroyer","count":1}]},"run":{"prefer_exact":true,"trials":100000,"seed":1}}`

// luckCellsJS reads a battle's answer: figure/side → text shown.
const luckCellsJS = `(() => {
  const out = {};
  for (const tr of document.querySelectorAll("#luck-result tbody tr"))
    for (const td of tr.querySelectorAll("td")) out[tr.dataset.figure + "/" + td.dataset.side] = td.textContent.trim();
  return out;
})()`

// pct writes a probability as the page does (fmt.pct).
func pct(p float64) string { return toFixed(100*p, 2) + "%" }

// oneInText writes 1/p's N as the page does.
func oneInText(n float64) string {
	if n < 100 {
		return "1 in " + toFixed(n, 1)
	}
	return "1 in " + toFixed(n, 0)
}

// TestBrowserLuckBattle: the Battle tab's one cruiser against one
// destroyer, and the attacker lost its cruiser while the destroyer lived.
// By hand, each round the cruiser alone hits with 0.4·0.8 = 0.32, the
// destroyer alone with 0.6·0.2 = 0.12, both with 0.08, neither 0.48; so
// the attacker wins 8/13, loses 3/13, both die 2/13. The attacker's end is
// its worst (lost, nothing kept): this or worse 3/13, 1 in 4.3, percentile
// ½·3/13, this or better 1; it lost 2 (its cruiser) against an expected
// 2·5/13, and losing the cruiser has P 5/13. The defender's is its best:
// this or worse 1, this or better 3/13, percentile 10/13 + ½·3/13; it lost
// 0 against 10/13 expected.
func TestBrowserLuckBattle(t *testing.T) {
	for name, base := range luckEngines(t) {
		t.Run(name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(shareLink(base, "combat", []byte(oneShipBattle)))
			tb.waitAnswer(0, 90*time.Second)
			tb.showTab("luck")
			if got := eval[string](tb, `[...document.querySelectorAll("#luck-result-box input")].map((i) => i.id + " max " + i.max + " = " + i.value).join("; ")`); got != "luck-a-left-cruiser max 1 = 0; luck-d-left-destroyer max 1 = 0" {
				t.Errorf("the units-left fields are %q, want the attacker's cruiser and the defender's destroyer, each at most 1, none left", got)
			}
			tb.click("#luck-d-left button.inc", 2) // the second stays at the start's 1
			tb.click("#luck-run", 1)
			tb.waitDone("luck-out", "luck-error", 90*time.Second)

			want := figures{
				"outcome/attacker": "lost", "outcome/defender": "won",
				"left/attacker": "none", "left/defender": "1 destroyer",
				"this_or_worse/attacker": pct(3.0 / 13), "this_or_worse/defender": pct(1),
				"one_in/attacker": oneInText(13.0 / 3), "one_in/defender": oneInText(1),
				"percentile/attacker": pct(1.5 / 13), "percentile/defender": pct(11.5 / 13),
				"this_or_better/attacker": pct(1), "this_or_better/defender": pct(3.0 / 13),
				"resources_lost/attacker": "2 (" + toFixed(10.0/13, 2) + ")", "resources_lost/defender": "0 (" + toFixed(10.0/13, 2) + ")",
				"resources_lost_this_or_more/attacker": pct(5.0 / 13), "resources_lost_this_or_more/defender": pct(1),
			}
			checkCells(t, "luck of a battle's end, "+name, eval[figures](tb, luckCellsJS), want)
			labels := eval[string](tb, `[...document.querySelectorAll("#luck-result tbody th")].map((th) => th.textContent).join("; ")`)
			for _, w := range []string{"This or worse (the unlucky tail)", "This or better (the lucky tail)", "1 in N (this or worse)"} {
				if !strings.Contains(labels, w) {
					t.Errorf("the battle's figures are labelled %q, want %q among them (which tail each is)", labels, w)
				}
			}
			text := eval[string](tb, `document.getElementById("luck-answer").innerText`)
			for _, w := range []string{
				"Luck of a space combat's end: exact, 4 end states.",
				"This exact end (units by type): " + pct(3.0/13),
				"The attacker's end is among its worst " + pct(3.0/13) + ": this or worse happens 1 time in " + toFixed(13.0/3, 1) + ".",
				"The defender's end is among its best " + pct(3.0/13),
				"Ranking: worse for a side: lost < drew < won",
			} {
				if !strings.Contains(text, w) {
					t.Errorf("the answer reads\n%s\nwant %q in it", text, w)
				}
			}
			// The link holds the document the tab sent: the battle and
			// the units left.
			var doc struct {
				Result struct {
					Scenario     json.RawMessage  `json:"scenario"`
					AttackerLeft []map[string]any `json:"attacker_left"`
					DefenderLeft []map[string]any `json:"defender_left"`
				} `json:"result"`
			}
			if err := json.Unmarshal(linkDocument(t, tb.hash(), "luck"), &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Result.AttackerLeft) != 0 || len(doc.Result.DefenderLeft) != 1 || doc.Result.DefenderLeft[0]["unit"] != "destroyer" || doc.Result.DefenderLeft[0]["count"] != 1.0 {
				t.Errorf("the luck document says attacker left %v, defender left %v; want none and 1 destroyer", doc.Result.AttackerLeft, doc.Result.DefenderLeft)
			}
			// An edit of the Battle tab's battle outdates the answer.
			tb.showTab("battle")
			tb.click("#a-inc-cruiser", 1)
			tb.showTab("luck")
			if v := viewOf(tb, "luck"); v.State != "stale" || !v.Outdated || !strings.Contains(v.Words, "the Battle tab changed") {
				t.Errorf("after an edit of the battle the Luck tab shows %+v, want its answer outdated: the Battle tab changed", v)
			}
			if got := eval[string](tb, `document.getElementById("luck-a-left-cruiser").max`); got != "2" {
				t.Errorf("with two cruisers on the Battle tab, the attacker's cruisers left go up to %s, want 2", got)
			}
		})
	}
}

// rollPMF is the distribution of hits of independent dice with chances
// p, by convolution.
func rollPMF(p []float64) []float64 {
	pmf := []float64{1}
	for _, q := range p {
		next := make([]float64, len(pmf)+1)
		for k, v := range pmf {
			next[k] += v * (1 - q)
			next[k+1] += v * q
		}
		pmf = next
	}
	return pmf
}

// pmfJS reads the roll's distribution table: hits → its row's cells.
const pmfJS = `Object.fromEntries([...document.querySelectorAll("#luck-pmf tbody tr")].map((tr) => [tr.dataset.hits, [...tr.querySelectorAll("th, td")].map((c) => c.textContent).join(" | ")]))`

// TestBrowserLuckRoll: 3 dice hitting on 6 and 2 on 9, no hit: P(hits ≤
// 0) = 0.5³·0.8² = 0.08, 1 in 12.5, P(≥ 0) = 1, percentile 0.04, 1.90
// hits expected. Then a die hitting on 9 that rerolls its miss (1 − 0.8²
// = 0.36) and 2 hits: every row of the distribution's table is the
// convolution's.
func TestBrowserLuckRoll(t *testing.T) {
	for name, base := range luckEngines(t) {
		t.Run(name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(base + "/")
			tb.showTab("luck")
			tb.choose("#luck-mode", "roll")
			tb.typeInto("#luck-dice tbody tr:nth-child(1) .d-n", "3")
			tb.typeInto("#luck-dice tbody tr:nth-child(1) .d-on", "6")
			tb.typeInto("#luck-dice tbody tr:nth-child(2) .d-n", "2")
			tb.typeInto("#luck-dice tbody tr:nth-child(2) .d-on", "9")
			tb.typeInto("#luck-hits", "0")
			tb.click("#luck-run", 1)
			tb.waitDone("luck-out", "luck-error", 90*time.Second)
			rows := figureRows(tb, "#luck-roll")
			checkCells(t, "one roll, "+name, rows, figures{
				"at_most":    "This few or fewer: P(hits ≤ 0), the unlucky tail | " + pct(0.5*0.5*0.5*0.8*0.8) + " | 1 in 12.5",
				"at_least":   "This many or more: P(hits ≥ 0), the lucky tail | 100.00% | 1 in 1.0",
				"percentile": "Percentile: P(fewer) + ½P(as many) | 4.00% | ",
			})
			if h := eval[string](tb, `document.getElementById("luck-headline").textContent`); h != "Luck of a roll: 0 hits of 5 dice, 1.90 expected (exact)." {
				t.Errorf("the roll's headline is %q", h)
			}

			tb.click("#luck-dice-add", 1)
			tb.typeInto("#luck-dice tbody tr:nth-child(3) .d-n", "1")
			tb.typeInto("#luck-dice tbody tr:nth-child(3) .d-on", "9")
			tb.click("#luck-dice tbody tr:nth-child(3) .d-reroll", 1)
			tb.typeInto("#luck-hits", "2")
			if v := viewOf(tb, "luck"); v.State != "stale" || !v.Outdated {
				t.Errorf("after the dice changed the tab shows %+v, want its answer outdated", v)
			}
			tb.click("#luck-run", 1)
			tb.waitDone("luck-out", "luck-error", 90*time.Second)
			pmf := rollPMF([]float64{0.5, 0.5, 0.5, 0.2, 0.2, 1 - 0.8*0.8})
			want := figures{}
			below := 0.0
			for k, p := range pmf {
				label := fmt.Sprint(k)
				if k == 2 {
					label += " (this roll)"
				}
				want[fmt.Sprint(k)] = fmt.Sprintf("%s | %s | %s | %s", label, pct(p), pct(math.Min(1, below+p)), pct(math.Max(0, 1-below)))
				below += p
			}
			got := eval[figures](tb, pmfJS)
			checkCells(t, "the roll's distribution, "+name, got, want)
			atMost := pmf[0] + pmf[1] + pmf[2]
			if got := eval[string](tb, `document.querySelector("#luck-roll tr[data-figure=at_most] td").textContent`); got != pct(atMost) {
				t.Errorf("P(hits ≤ 2) shows %s, want %s", got, pct(atMost))
			}
			// The chart draws the same distribution once Chart.js has come,
			// the roll's bar apart.
			bars := tb.poll("the roll's chart", `(() => { const c = typeof Chart !== "undefined" && Chart.getChart(document.getElementById("luck-chart")); if (!c) return false;
  const d = c.data.datasets[0]; return d.data.map((v) => v.toFixed(4)).join(" ") + " / " + new Set(d.backgroundColor).size + " colours, bar 2 " + (d.backgroundColor[2] !== d.backgroundColor[0]); })()`, 30*time.Second)
			var wantBars []string
			for _, p := range pmf {
				wantBars = append(wantBars, toFixed(100*p, 4))
			}
			if w := strings.Join(wantBars, " ") + " / 2 colours, bar 2 true"; bars != w {
				t.Errorf("the chart draws %q, want %q", bars, w)
			}
			// The link opens the same question, answered.
			link := tb.hash()
			tb2 := newTab(t)
			tb2.open(base + "/" + link)
			tb2.waitDone("luck-out", "luck-error", 90*time.Second)
			if mode := eval[string](tb2, `document.getElementById("luck-mode").value`); mode != "roll" {
				t.Errorf("the roll's link opens the question %q, want roll", mode)
			}
			checkCells(t, "the roll's link, "+name, eval[figures](tb2, pmfJS), want)
		})
	}
}

// binomialAtMost is P(X ≤ k) for X ~ B(n, p), summed term by term.
func binomialAtMost(n, k int, p float64) float64 {
	sum, term := 0.0, math.Pow(1-p, float64(n))
	for i := 0; i <= k; i++ {
		sum += term
		term *= float64(n-i) / float64(i+1) * p / (1 - p)
	}
	return sum
}

// TestBrowserLuckTotals: the Saar player of the bot's game pbd10972, 6
// hits against 96 tenths expected. The largest P(hits ≤ 6) any dice with
// that expectation allow is 96 dice hitting on 10, B(96, 0.1) (Hoeffding);
// Chernoff's bound is e^−μ (eμ/a)^a with μ = 9.6, a = 6; the smallest is
// 0. The answer says why these are bounds.
func TestBrowserLuckTotals(t *testing.T) {
	largest := binomialAtMost(96, 6, 0.1)
	mu, a := 9.6, 6.0
	chernoff := math.Exp(-mu) * math.Pow(math.E*mu/a, a)
	for name, base := range luckEngines(t) {
		t.Run(name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(base + "/")
			tb.showTab("luck")
			tb.choose("#luck-mode", "totals")
			tb.typeInto("#luck-expected", "96")
			tb.typeInto("#luck-actual", "6")
			tb.click("#luck-run", 1)
			tb.waitDone("luck-out", "luck-error", 90*time.Second)
			rows := figureRows(tb, "#luck-totals")
			checkCells(t, "the bot's totals, "+name, rows, figures{
				"largest":  "Largest possible (96 dice hitting on 10) | " + pct(largest) + " | " + oneInText(1/largest),
				"chernoff": "Chernoff (any dice) | " + pct(chernoff) + " | " + oneInText(1/chernoff),
				"smallest": "Smallest possible (dice that always hit) | 0.00% | never",
			})
			text := eval[string](tb, `document.getElementById("luck-answer").innerText`)
			for _, w := range []string{
				"P(hits ≤ 6) is bounded, not known",
				"Whatever the dice were, P(hits ≤ 6) ≤ " + pct(largest) + ": this bad or worse happens at most 1 time in " + toFixed(1/largest, 1),
				"Why bounds: the totals do not say which dice were rolled",
				"Hoeffding 1956",
			} {
				if !strings.Contains(text, w) {
					t.Errorf("the answer reads\n%s\nwant %q in it", text, w)
				}
			}
		})
	}
}

// TestBrowserLuckErrorsInPlayersWords: each question's fault is named by
// its control as the page shows it, never by a JSON path: a dice group's
// count, the actual hits beyond what the totals allow, more units left
// than the battle had; and for an invasion, more ground forces left on
// the planet than the defender had there, and more infantry left in
// space and on the planet together than the attacker had.
func TestBrowserLuckErrorsInPlayersWords(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	tb.open(shareLink(c.static, "combat", []byte(oneShipBattle)))
	tb.waitAnswer(0, 90*time.Second)
	tb.showTab("luck")
	tb.choose("#luck-mode", "roll")
	tb.typeInto("#luck-dice tbody tr:nth-child(1) .d-n", "0")
	tb.click("#luck-run", 1)
	first := eval[string](tb, `document.querySelector("#luck-dice tbody tr:nth-child(1) .d-n").id`)
	checkError(t, tb, "luck-error", "Dice group 1 · dice: 0 out of range: allowed 1..1000", first)

	tb.choose("#luck-mode", "totals")
	tb.typeInto("#luck-expected", "5")
	tb.typeInto("#luck-actual", "7")
	tb.click("#luck-run", 1)
	checkError(t, tb, "luck-error", "Actual hits: actual hits 7 out of range: allowed 0..5", "luck-actual")

	tb.choose("#luck-mode", "result")
	tb.typeInto("#luck-d-left-destroyer", "2")
	tb.click("#luck-run", 1)
	checkError(t, tb, "luck-error", "Defender · Destroyer I left: 2 destroyer left, but the side had 1", "luck-d-left-destroyer")

	tb2 := newTab(t)
	tb2.open(shareLink(c.static, "combat", []byte(oneInvasion)))
	tb2.waitAnswer(0, 90*time.Second)
	tb2.showTab("luck")
	if note := eval[string](tb2, `document.getElementById("luck-battle").textContent`); strings.Contains(note, "one combat at a time") || !strings.HasPrefix(note, "Invasion: ") {
		t.Errorf("with an invasion on the Battle tab the Luck tab says %q, want the invasion described, not refused", note)
	}
	tb2.typeInto("#luck-p0-d-left-infantry", "2")
	tb2.click("#luck-run", 1)
	checkError(t, tb2, "luck-error", "Defender · Infantry I left on the planet: 2 infantry left on the planet, but the defender had 1 there", "luck-p0-d-left-infantry")

	tb2.typeInto("#luck-p0-d-left-infantry", "0")
	tb2.typeInto("#luck-a-left-infantry", "2")
	tb2.typeInto("#luck-p0-a-left-infantry", "1")
	tb2.click("#luck-run", 1)
	checkError(t, tb2, "luck-error", "Attacker · Infantry I left in space: 3 infantry left in space and on the planets together, but the attacker had 2", "luck-a-left-infantry")
}

// TestBrowserLuckPhone: on a phone (390×844), each question with its
// answer fits the screen's width (nothing sticks out of its card), every
// control of the tab is a 44 px target, and axe-core finds nothing
// serious in the light or the dark scheme; the battle's question is asked
// of a space combat and of an invasion (its units left in space and on
// the planet, its table of planets).
func TestBrowserLuckPhone(t *testing.T) {
	c := requireComponents(t)
	check := func(tb *tab, mode string) {
		t.Helper()
		tb.choose("#luck-mode", strings.TrimSuffix(mode, "-invasion"))
		tb.click("#luck-run", 1)
		tb.waitDone("luck-out", "luck-error", 60*time.Second)
		if mode == "roll" {
			tb.poll("the roll's chart", `typeof Chart !== "undefined" && !!Chart.getChart(document.getElementById("luck-chart")) && "drawn"`, 30*time.Second)
		}
		if e := eval[string](tb, `document.getElementById("luck-error").textContent`); e != "" {
			t.Errorf("phone, luck %s: the run failed: %s", mode, e)
		}
		for _, p := range eval[[]string](tb, fmt.Sprintf("%s(%d)", overflowJS, phone.w)) {
			t.Errorf("phone, luck %s: %s", mode, p)
		}
		for _, p := range eval[[]string](tb, touchJS+`(document.getElementById("panel-luck"))`) {
			t.Errorf("phone, luck %s: %s, smaller than 44×44 px", mode, p)
		}
		for _, scheme := range []string{"light", "dark"} {
			tb.scheme(scheme)
			for _, x := range tb.runAxe() {
				if x.Impact == "serious" || x.Impact == "critical" {
					t.Errorf("phone, %s, luck %s: %s (%s): %s\n    %s", scheme, mode, x.ID, x.Impact, x.Help, strings.Join(x.Nodes, "\n    "))
				}
			}
		}
		tb.do(5*time.Second, "scrolling to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), chromedp.Sleep(200*time.Millisecond))
		t.Logf("screenshots: %v", tb.shot("TestBrowserLuckPhone-"+mode))
	}
	tb := newTab(t)
	tb.size(phone)
	tb.open(shareLink(c.served, "combat", []byte(oneShipBattle)))
	tb.waitAnswer(0, 60*time.Second)
	tb.showTab("luck")
	tb.injectAxe()
	for _, mode := range []string{"result", "roll", "totals"} {
		check(tb, mode)
	}
	tb = newTab(t)
	tb.size(phone)
	tb.open(shareLink(c.served, "combat", []byte(oneInvasion)))
	tb.waitAnswer(0, 60*time.Second)
	tb.showTab("luck")
	tb.injectAxe()
	tb.typeInto("#luck-a-left-dreadnought", "1")
	tb.typeInto("#luck-a-left-carrier", "1")
	tb.typeInto("#luck-p0-d-left-infantry", "1")
	check(tb, "result-invasion")
	if n := eval[int](tb, `document.querySelectorAll("#luck-planets tbody tr").length`); n != 1 {
		t.Errorf("phone: the invasion's answer shows %d planets, want 1", n)
	}
}

// TestBrowserLuckBusyCancel: the Luck tab shows its work as the other
// tabs do. A link to a big battle's end (simulated, 2,000 trials) opens
// the tab with its answer; the Battle tab's trials raised to 4,000,000
// mark it outdated; its run is busy (Computing…, the seconds elapsed,
// Cancel) and Cancel stops the service's run, the last answer greyed.
func TestBrowserLuckBusyCancel(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	doc := `{"version":1,"result":{"scenario":` + bigBattle + `,"attacker_left":[{"unit":"dreadnought","count":2}],"defender_left":[]}}`
	tb.open(shareLink(c.served, "luck", []byte(doc)))
	tb.waitDone("luck-out", "luck-error", 120*time.Second)
	if v := viewOf(tb, "luck"); v.State != "done" || v.Outdated || v.Running || v.Words != "" {
		t.Errorf("luck after its answer shows %+v, want done, current, not busy", v)
	}
	if got := eval[string](tb, `document.getElementById("luck-a-left-dreadnought").value + " " + document.getElementById("luck-headline").textContent`); !strings.HasPrefix(got, "2 Luck of a space combat's end: 2,000 trials, seed 1,") {
		t.Errorf("the link opens the tab showing %q, want 2 dreadnoughts left and the answer of 2,000 trials, seed 1", got)
	}
	tb.click("#tab-battle", 1)
	tb.typeInto("#trials", "4000000")
	if v := viewOf(tb, "luck"); v.State != "stale" || !v.Outdated || !strings.Contains(v.Words, "Outdated: the Battle tab changed") {
		t.Errorf("luck after an edit of the Battle tab shows %+v, want its answer outdated: the Battle tab changed", v)
	}
	tb.poll("the Battle tab's run", `document.getElementById("running").checkVisibility() ? "running" : false`, 30*time.Second)
	tb.click("#cancel", 1)
	tb.click("#tab-luck", 1)
	tb.click("#luck-run", 1)
	tb.waitRunning("luck", false, 30*time.Second)
	waitService(t, c, "computed the luck of the battle", func(v serviceVars) bool { return v.Running >= 1 }, 10*time.Second)
	checkRunning(t, "luck", viewOf(tb, "luck"), viewOf(tb, "luck").Progress, true)
	tb.click("#luck-cancel", 1)
	checkCancelled(t, "luck", viewOf(tb, "luck"))
	if id := eval[string](tb, `document.activeElement.id`); id != "luck-run" {
		t.Errorf("after Cancel the keyboard's focus is on %q, want the How lucky? button (Cancel is hidden)", id)
	}
	serviceStopped(t, c)
}

// TestBrowserLuckStructures: the sample battle's defender has a space
// dock; luck does not rank structures (units.Kind.Structure), so the tab
// asks for the ships left only and says why the dock is not asked.
func TestBrowserLuckStructures(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(c.served + "/")
	tb.waitAnswer(0, 60*time.Second)
	tb.showTab("luck")
	if got := eval[string](tb, `[...document.querySelectorAll("#luck-d-left input")].map((i) => i.id).join(" ")`); got != "luck-d-left-fighter luck-d-left-destroyer luck-d-left-dreadnought" {
		t.Errorf("the defender's units-left fields are %q, want its fighters, destroyers and dreadnought, not its space dock", got)
	}
	if note := eval[string](tb, `document.getElementById("luck-battle").textContent`); !strings.HasSuffix(note, "PDS and space docks are not asked: luck does not rank them.") {
		t.Errorf("the Luck tab describes the battle as %q, want it to say why the space dock is not asked", note)
	}
}

// luckSide is one side of the command line's answer (ti4sim luck space
// -o json).
type luckSide struct {
	Outcome         string  `json:"outcome"`
	Left            string  `json:"left"`
	ThisOrWorse     float64 `json:"this_or_worse"`
	ThisOrBetter    float64 `json:"this_or_better"`
	Percentile      float64 `json:"percentile"`
	OneIn           float64 `json:"one_in"`
	ResourcesLost   float64 `json:"resources_lost"`
	ExpectedLost    float64 `json:"expected_resources_lost"`
	LostThisOrWorse float64 `json:"resources_lost_this_or_more"`
}

// TestBrowserLuckBattleCLI: docs/unlucky.md's example — two dreadnoughts
// and two cruisers lost everything against three destroyers and two
// cruisers, one cruiser left — shows on the page (served) what `ti4sim
// luck space ... -o json` prints for the same battle and units left.
func TestBrowserLuckBattleCLI(t *testing.T) {
	c := requireComponents(t)
	doc := scenarioDoc(t, c, "space", "-a", "2 dreadnought, 2 cruiser", "-d", "3 destroyer, 2 cruiser", "--exact")
	file := filepath.Join(t.TempDir(), "battle.json")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(c.bin, "luck", "space", "--scenario", file, "--attacker-left", "", "--defender-left", "1 cruiser", "-o", "json").Output()
	if err != nil {
		t.Fatalf("ti4sim luck space: %v", err)
	}
	var cli struct {
		Result struct {
			Attacker, Defender luckSide
		} `json:"result"`
	}
	if err := json.Unmarshal(out, &cli); err != nil {
		t.Fatal(err)
	}
	want := figures{}
	for side, s := range map[string]luckSide{"attacker": cli.Result.Attacker, "defender": cli.Result.Defender} {
		left := s.Left
		if left == "" {
			left = "none"
		}
		for k, v := range map[string]string{
			"outcome": s.Outcome, "left": left, "this_or_worse": pct(s.ThisOrWorse), "one_in": oneInText(s.OneIn),
			"percentile": pct(s.Percentile), "this_or_better": pct(s.ThisOrBetter),
			"resources_lost": fmt.Sprintf("%g (%s)", s.ResourcesLost, toFixed(s.ExpectedLost, 2)), "resources_lost_this_or_more": pct(s.LostThisOrWorse),
		} {
			want[k+"/"+side] = v
		}
	}
	if want["this_or_worse/attacker"] != "7.84%" {
		t.Errorf("the command line ranks the attacker's end %s, docs/unlucky.md says 7.84%%", want["this_or_worse/attacker"])
	}
	tb := newTab(t)
	tb.open(shareLink(c.served, "combat", doc))
	tb.waitAnswer(0, 60*time.Second)
	tb.showTab("luck")
	tb.click("#luck-d-left-cruiser + button.inc", 1)
	tb.click("#luck-run", 1)
	tb.waitDone("luck-out", "luck-error", 60*time.Second)
	checkCells(t, "docs/unlucky.md's battle", eval[figures](tb, luckCellsJS), want)
}

// TestBrowserLuckGround: a ground combat, one infantry each (each hits on
// 8: 0.3). Each round one side alone hits with 0.3·0.7 = 0.21, both with
// 0.09, neither 0.49; so each side wins 7/17 and both die 3/17. The
// attacker won with its infantry: for it the best end (this or worse 1,
// this or better 7/17); for the defender the worst (this or worse 7/17, 1
// in 2.4).
func TestBrowserLuckGround(t *testing.T) {
	c := requireComponents(t)
	tb := newTab(t)
	tb.open(shareLink(c.served, "combat", []byte(`{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":1}]},"defender":{"fleet":[{"unit":"infantry","count":1}]},"run":{"prefer_exact":true,"trials":100000,"seed":1}}`)))
	tb.waitAnswer(0, 60*time.Second)
	tb.showTab("luck")
	tb.click("#luck-a-left-infantry + button.inc", 1)
	tb.click("#luck-run", 1)
	tb.waitDone("luck-out", "luck-error", 60*time.Second)
	checkCells(t, "luck of a ground combat's end", eval[figures](tb, luckCellsJS), figures{
		"outcome/attacker": "won", "outcome/defender": "lost",
		"this_or_worse/attacker": pct(1), "this_or_better/attacker": pct(7.0 / 17),
		"this_or_worse/defender": pct(7.0 / 17), "one_in/defender": oneInText(17.0 / 7),
		"percentile/defender": pct(3.5 / 17),
	})
	if h := eval[string](tb, `document.getElementById("luck-headline").textContent`); !strings.HasPrefix(h, "Luck of a ground combat's end: exact,") {
		t.Errorf("the headline is %q, want a ground combat's, exact", h)
	}
}

// oneInvasion: docs/unlucky.md's invasion, 1 dreadnought, 1 carrier and
// 2 infantry against a planet held by 1 infantry.
const oneInvasion = `{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"carrier","count":1},{"unit":"infantry","count":2}]},"defender":{"fleet":[{"unit":"infantry","count":1}]},"run":{"prefer_exact":true,"trials":100000,"seed":1}}`

// invasionEnds are oneInvasion's ends, worked out by hand apart from the
// engine: no space combat (the defender has no ships); the dreadnought's
// bombardment (1 die on 5: 0.6) kills the infantry or not; then 2
// infantry against 1, every die on 8 (0.3), a chain over (a, 1) with the
// rounds where nobody hits divided out. It returns the chances of taking
// the planet with 2 infantry left, with 1, of losing it (the defender's
// infantry left) and of both sides wiped out.
func invasionEnds() (took2, took1, lost, wiped float64) {
	const p = 0.3
	end := []map[[2]int]float64{{{0, 1}: 1}}
	for a := 1; a <= 2; a++ {
		miss := math.Pow(1-p, float64(a))
		go1 := 1 - miss*(1-p) // somebody hits
		e := map[[2]int]float64{{a, 0}: (1 - miss) * (1 - p) / go1, {a - 1, 0}: (1 - miss) * p / go1}
		for k, q := range end[a-1] {
			e[k] += miss * p / go1 * q
		}
		end = append(end, e)
	}
	return 0.6 + 0.4*end[2][[2]int{2, 0}], 0.4 * end[2][[2]int{1, 0}], 0.4 * end[2][[2]int{0, 1}], 0.4 * end[2][[2]int{0, 0}]
}

// luckPlanetsJS reads an invasion's table of planets: planet → its row.
const luckPlanetsJS = `Object.fromEntries([...document.querySelectorAll("#luck-planets tbody tr")].map((tr) => [tr.dataset.planet, [...tr.querySelectorAll("th, td")].map((c) => c.textContent).join(" | ")]))`

// luckInvasionCLI is `ti4sim luck invade --scenario FILE ... -o json` for
// the battle of the luck document the page sent (its link), and the
// figures the page must show for it: the table's cells, and the planets'
// rows.
func luckInvasionCLI(t *testing.T, c *components, link []byte, left ...string) (figures, figures) {
	t.Helper()
	var sent struct {
		Result struct {
			Scenario json.RawMessage `json:"scenario"`
		} `json:"result"`
	}
	if err := json.Unmarshal(link, &sent); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "invasion.json")
	if err := os.WriteFile(file, sent.Result.Scenario, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(c.bin, append(append([]string{"luck", "invade", "--scenario", file}, left...), "-o", "json")...).Output()
	if err != nil {
		t.Fatalf("ti4sim luck invade: %v", err)
	}
	type side struct {
		luckSide
		Planets int `json:"planets_held"`
	}
	var cli struct {
		Result struct {
			Attacker, Defender side
			Planets            []struct {
				Name         string `json:"name"`
				AttackerLeft string `json:"attacker_left"`
				DefenderLeft string `json:"defender_left"`
				Taken        bool   `json:"taken"`
			} `json:"planets"`
		} `json:"result"`
	}
	if err := json.Unmarshal(out, &cli); err != nil {
		t.Fatal(err)
	}
	none := func(s string) string {
		if s == "" {
			return "none"
		}
		return s
	}
	cells := figures{}
	for name, s := range map[string]side{"attacker": cli.Result.Attacker, "defender": cli.Result.Defender} {
		for k, v := range map[string]string{
			"outcome": s.Outcome, "planets_held": fmt.Sprint(s.Planets), "left": none(s.Left), "this_or_worse": pct(s.ThisOrWorse), "one_in": oneInText(s.OneIn),
			"percentile": pct(s.Percentile), "this_or_better": pct(s.ThisOrBetter),
			"resources_lost": fmt.Sprintf("%g (%s)", s.ResourcesLost, toFixed(s.ExpectedLost, 2)), "resources_lost_this_or_more": pct(s.LostThisOrWorse),
		} {
			cells[k+"/"+name] = v
		}
	}
	planets := figures{}
	for _, p := range cli.Result.Planets {
		held, name := "defender", p.Name
		if p.Taken {
			held = "attacker"
		}
		if name == "the planet" {
			name = "The planet"
		}
		planets[p.Name] = strings.Join([]string{name, none(p.AttackerLeft), none(p.DefenderLeft), held}, " | ")
	}
	return cells, planets
}

// TestBrowserLuckInvasion: the Battle tab's invasion, docs/unlucky.md's
// example. The tab asks the units left in space (the attacker's ships and
// infantry, none of the defender's: it has no ships) and each side's
// infantry left on the planet. The attacker's dreadnought and carrier
// were left in space, the defender's infantry on the planet: the attacker
// took 0 of 1, this or worse = P(lost) = 0.4 × 0.0921 = 3.69% (by hand,
// invasionEnds; both wiped out ranks above, the defender then keeping
// less), percentile half that; the defender kept 1 of 1, its best end
// (this or better 3.69%). Every figure shown is also the command line's
// (ti4sim luck invade -o json) for the page's own document, served and
// static. Then a system of two planets as the Battle tab lists them
// (served): the planets are asked by their names, and the page shows what
// the command line answers for them.
func TestBrowserLuckInvasion(t *testing.T) {
	c := requireComponents(t)
	took2, took1, lost, wiped := invasionEnds()
	if pct(lost) != "3.69%" {
		t.Fatalf("by hand P(lost) = %s, docs/unlucky.md says 3.69%%", pct(lost))
	}
	for name, base := range luckEngines(t) {
		t.Run(name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(shareLink(base, "combat", []byte(oneInvasion)))
			tb.waitAnswer(0, 90*time.Second)
			tb.showTab("luck")
			fields := eval[string](tb, `[...document.querySelectorAll("#luck-result-box input")].map((i) => i.id + " max " + i.max + " = " + i.value).join("; ")`)
			if want := "luck-a-left-infantry max 2 = 0; luck-a-left-carrier max 1 = 0; luck-a-left-dreadnought max 1 = 0; luck-p0-a-left-infantry max 2 = 0; luck-p0-d-left-infantry max 1 = 0"; fields != want {
				t.Errorf("the units-left fields are\n%s\nwant\n%s", fields, want)
			}
			if got := eval[string](tb, `document.getElementById("luck-result-box").innerText`); !strings.Contains(got, "On the planet") || !strings.Contains(got, "Defender · in space") || !strings.Contains(got, "No units.") {
				t.Errorf("the form reads\n%s\nwant the space area (the defender: no units) and the planet", got)
			}
			tb.click("#luck-a-left-dreadnought + button.inc", 1)
			tb.click("#luck-a-left-carrier + button.inc", 1)
			tb.click("#luck-p0-d-left-infantry + button.inc", 1)
			tb.click("#luck-run", 1)
			tb.waitDone("luck-out", "luck-error", 90*time.Second)

			checkCells(t, "luck of an invasion's end, "+name, eval[figures](tb, luckCellsJS), figures{
				"outcome/attacker": "took 0 of 1", "outcome/defender": "kept 1 of 1",
				"planets_held/attacker": "0", "planets_held/defender": "1",
				"left/attacker": "1 dreadnought, 1 carrier", "left/defender": "none",
				"this_or_worse/attacker": pct(lost), "this_or_worse/defender": pct(1),
				"one_in/attacker": oneInText(1 / lost), "one_in/defender": oneInText(1),
				"percentile/attacker": pct(lost / 2), "percentile/defender": pct(1 - lost/2),
				"this_or_better/attacker": pct(1), "this_or_better/defender": pct(lost),
				"resources_lost/attacker":              "1 (" + toFixed(0.5*took1+lost+wiped, 2) + ")",
				"resources_lost/defender":              "0 (" + toFixed(0.5*(took1+took2+wiped), 2) + ")",
				"resources_lost_this_or_more/attacker": pct(lost + wiped),
			})
			checkCells(t, "the planets of the invasion, "+name, eval[figures](tb, luckPlanetsJS), figures{"the planet": "The planet | none | 1 infantry | defender"})
			text := eval[string](tb, `document.getElementById("luck-answer").innerText`)
			for _, w := range []string{
				"Luck of an invasion's end: exact, 4 end states.",
				"The attacker's end is among its worst " + pct(lost) + ": this or worse happens 1 time in " + toFixed(1/lost, 1) + ".",
				"Left in space", "Planets held at the end", "This or worse (the unlucky tail)", "Held by",
				"Ranking: worse for a side: fewer planets held at the end",
			} {
				if !strings.Contains(text, w) {
					t.Errorf("the answer reads\n%s\nwant %q in it", text, w)
				}
			}
			for _, w := range []string{"result.", "attacker_left", "--", "taken"} {
				if strings.Contains(text, w) {
					t.Errorf("the answer reads\n%s\nwant no %q (players' words)", text, w)
				}
			}
			// The link holds the document sent: the units in space and
			// the planet's (unnamed: the defender's fleet holds it).
			link := linkDocument(t, tb.hash(), "luck")
			var doc struct {
				Result struct {
					AttackerLeft []map[string]any `json:"attacker_left"`
					DefenderLeft []map[string]any `json:"defender_left"`
					Planets      []map[string]any `json:"planets"`
				} `json:"result"`
			}
			if err := json.Unmarshal(link, &doc); err != nil {
				t.Fatal(err)
			}
			if got, _ := json.Marshal(doc.Result); string(got) != `{"attacker_left":[{"count":1,"unit":"carrier"},{"count":1,"unit":"dreadnought"}],"defender_left":[],"planets":[{"defender_left":[{"count":1,"unit":"infantry"}]}]}` {
				t.Errorf("the luck document sent says %s", got)
			}
			cells, planets := luckInvasionCLI(t, c, link, "--attacker-left", "1 dreadnought, 1 carrier", "--defender-left", "", "--defender-on", "1 infantry")
			checkCells(t, "the command line's answer, "+name, eval[figures](tb, luckCellsJS), cells)
			checkCells(t, "the command line's planets, "+name, eval[figures](tb, luckPlanetsJS), planets)
			// The link opens the same question, answered, the counts kept.
			tb2 := newTab(t)
			tb2.open(base + "/#luck=" + strings.TrimPrefix(tb.hash(), "#luck="))
			tb2.waitDone("luck-out", "luck-error", 90*time.Second)
			if got := eval[string](tb2, `["luck-a-left-dreadnought", "luck-a-left-carrier", "luck-a-left-infantry", "luck-p0-a-left-infantry", "luck-p0-d-left-infantry"].map((id) => document.getElementById(id).value).join(" ")`); got != "1 1 0 0 1" {
				t.Errorf("the link opens the counts %q, want 1 1 0 0 1", got)
			}
			checkCells(t, "the invasion's link, "+name, eval[figures](tb2, luckPlanetsJS), planets)
			// The Battle tab's Action set to a ground combat: the tab asks
			// each side's units left, no planets. The fleet still holds
			// its ships, so the Battle tab's run, 350 ms after the edit,
			// is refused — a 422 of the service's (served), which the page
			// shows in words; waited for, so that its console line comes
			// before the test ends (under load it came after the checks,
			// at random).
			tb2.showTab("battle")
			tb2.choose("#action", "ground")
			shown := tb2.poll("the ground combat's refusal", `document.getElementById("result").dataset.state === "error" && document.getElementById("error").textContent`, 90*time.Second)
			if !strings.Contains(shown, "a ground combat has only ground forces") {
				t.Errorf("the Battle tab, its invasion's fleet in a ground combat, says %q; want that a ground combat has only ground forces", shown)
			}
			tb2.expectConsole("status of 422 (Unprocessable Entity) (" + base + "/v1/combat)")
			tb2.showTab("luck")
			if got := eval[string](tb2, `document.getElementById("luck-planets-left").hidden + " " + document.querySelector("#luck-a-left h3").textContent + " " + document.getElementById("luck-battle").textContent.slice(0, 14)`); got != "true Attacker Ground combat:" {
				t.Errorf("after the Battle tab's Action became a ground combat the Luck tab shows %q, want the planets hidden and the attacker's units asked", got)
			}
		})
	}
	t.Run("system", func(t *testing.T) {
		doc := scenarioDoc(t, c, "invade", "-a", "2 dreadnought, 2 carrier, 6 infantry", "--planet", "Arinam: 3 infantry", "--planet", "Meer: 1 infantry", "--commit", "Arinam: 4 infantry; Meer: 2 infantry", "--exact")
		tb := newTab(t)
		tb.open(shareLink(c.served, "combat", doc))
		tb.waitAnswer(0, 90*time.Second)
		tb.showTab("luck")
		if got := eval[string](tb, `[...document.querySelectorAll("#luck-planets-left h3")].map((e) => e.textContent).join(", ")`); got != "On Arinam, On Meer" {
			t.Errorf("the planets asked are %q, want On Arinam, On Meer (as the Battle tab names them)", got)
		}
		tb.typeInto("#luck-a-left-dreadnought", "2")
		tb.typeInto("#luck-a-left-carrier", "2")
		tb.typeInto("#luck-p1-a-left-infantry", "2")
		tb.typeInto("#luck-p0-d-left-infantry", "1")
		tb.click("#luck-run", 1)
		tb.waitDone("luck-out", "luck-error", 90*time.Second)
		cells, planets := luckInvasionCLI(t, c, linkDocument(t, tb.hash(), "luck"), "--attacker-left", "2 dreadnought, 2 carrier", "--defender-left", "", "--attacker-on", "Meer: 2 infantry", "--defender-on", "Arinam: 1 infantry")
		if cells["outcome/attacker"] != "took 1 of 2" || cells["this_or_worse/attacker"] != "7.10%" {
			t.Errorf("the command line answers %v, want took 1 of 2, 7.10%% this or worse (docs/unlucky.md)", cells)
		}
		checkCells(t, "a system's invasion", eval[figures](tb, luckCellsJS), cells)
		checkCells(t, "a system's planets", eval[figures](tb, luckPlanetsJS), planets)
		if planets["Meer"] != "Meer | 2 infantry | none | attacker" {
			t.Errorf("Meer's row is %q", planets["Meer"])
		}
		// The link opens the system's planets with the counts given.
		tb2 := newTab(t)
		tb2.open(c.served + "/" + tb.hash())
		tb2.waitDone("luck-out", "luck-error", 90*time.Second)
		if got := eval[string](tb2, `["luck-a-left-dreadnought", "luck-a-left-carrier", "luck-p0-a-left-infantry", "luck-p0-d-left-infantry", "luck-p1-a-left-infantry", "luck-p1-d-left-infantry"].map((id) => document.getElementById(id).value).join(" ")`); got != "2 2 0 1 2 0" {
			t.Errorf("the system's link opens the counts %q, want 2 2 0 1 2 0", got)
		}
		checkCells(t, "the system's link", eval[figures](tb2, luckPlanetsJS), planets)
	})
}

// figureRows reads a luck table's rows by their figure (data-figure):
// each row's cells joined by " | ".
func figureRows(tb *tab, table string) figures {
	tb.t.Helper()
	return eval[figures](tb, fmt.Sprintf(`Object.fromEntries([...document.querySelectorAll("%s tbody tr")].map((tr) => [tr.dataset.figure, [...tr.querySelectorAll("th, td")].map((c) => c.textContent).join(" | ")]))`, table))
}
