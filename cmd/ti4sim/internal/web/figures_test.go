package web_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"testing"
)

// The figures of a battle's answer: what the page must show for the JSON
// the service (or the command line) answers, formatted the way the page's
// contract says, and what the page shows, read from its DOM.

// combatAnswer is the part of a combat's JSON answer the page shows.
type combatAnswer struct {
	Exact       bool    `json:"exact"`
	Trials      int64   `json:"trials"`
	Seed        uint64  `json:"seed"`
	AttackerWin float64 `json:"attacker_win"`
	Draw        float64 `json:"draw"`
	DefenderWin float64 `json:"defender_win"`
	Attacker    side    `json:"attacker"`
	Defender    side    `json:"defender"`
}

type side struct {
	Survivors     map[string]float64 `json:"survivors"`
	ResourcesLost float64            `json:"resources_lost"`
}

// figures maps what is shown (an element id, or a survivors row as
// "a-survivors/carrier") to its text.
type figures map[string]string

// wantFigures is what the page must show for a combat's JSON answer:
// percentages (100*p).toFixed(2)+"%", resources lost and expected
// survivors toFixed(2), the kind "exact" or "N trials, seed S" with N
// grouped by thousands (toLocaleString("en-US")).
func wantFigures(t *testing.T, answer []byte) figures {
	t.Helper()
	var a combatAnswer
	if err := json.Unmarshal(answer, &a); err != nil {
		t.Fatalf("decoding the answer: %v\n%s", err, answer)
	}
	return shownAs([3]float64{a.AttackerWin, a.Draw, a.DefenderWin}, [2]float64{a.Attacker.ResourcesLost, a.Defender.ResourcesLost},
		a.Exact, a.Trials, a.Seed, a.Attacker.Survivors, a.Defender.Survivors)
}

// shownAs is how the page writes an answer's figures: the three outcomes
// (attacker, draw, defender), each side's resources lost, the run, and
// each side's units left by kind.
func shownAs(p [3]float64, lost [2]float64, exact bool, trials int64, seed uint64, aLeft, dLeft map[string]float64) figures {
	f := figures{
		"p-attacker": toFixed(100*p[0], 2) + "%",
		"p-draw":     toFixed(100*p[1], 2) + "%",
		"p-defender": toFixed(100*p[2], 2) + "%",
		"a-lost":     toFixed(lost[0], 2),
		"d-lost":     toFixed(lost[1], 2),
	}
	if exact {
		f["result-kind"] = "exact"
	} else {
		f["result-kind"] = fmt.Sprintf("%s trials, seed %d", groupThousands(trials), seed)
	}
	for unit, v := range aLeft {
		f["a-survivors/"+unit] = toFixed(v, 2)
	}
	for unit, v := range dLeft {
		f["d-survivors/"+unit] = toFixed(v, 2)
	}
	return f
}

// toFixed is JavaScript's Number.prototype.toFixed for 0 <= x < 1e21: the
// n for which n/10^digits - x is nearest zero, the larger n on a tie
// (ECMA-262, Number.prototype.toFixed), computed on the exact binary value
// of x. (strconv rounds a tie to even, which differs on values such as
// 0.125.)
func toFixed(x float64, digits int) string {
	r := new(big.Rat).SetFloat64(x)
	if r == nil || x < 0 {
		panic(fmt.Sprintf("toFixed(%v): only finite non-negative values", x))
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	r.Mul(r, new(big.Rat).SetInt(scale))
	r.Add(r, big.NewRat(1, 2))
	n := new(big.Int).Quo(r.Num(), r.Denom()) // floor: both are positive
	s := n.String()
	if digits == 0 {
		return s
	}
	if len(s) <= digits {
		s = strings.Repeat("0", digits-len(s)+1) + s
	}
	return s[:len(s)-digits] + "." + s[len(s)-digits:]
}

// groupThousands writes n as toLocaleString("en-US") does: 100,000.
func groupThousands(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// readFiguresJS collects what #result shows: the text of each figure and
// of each survivors row's expected cell, and whether #result is visible.
const readFiguresJS = `(() => {
  const out = {};
  for (const id of ["p-attacker", "p-draw", "p-defender", "a-lost", "d-lost", "result-kind"]) {
    const e = document.getElementById(id);
    out[id] = e ? e.textContent.trim() : "<missing #" + id + ">";
  }
  for (const id of ["a-survivors", "d-survivors"]) {
    for (const row of document.querySelectorAll("#" + id + " tr[data-unit]")) {
      const cell = row.querySelector("td.expected");
      out[id + "/" + row.dataset.unit] = cell ? cell.textContent.trim() : "<no td.expected>";
    }
  }
  const r = document.getElementById("result");
  out["#result visible"] = String(!!r && r.checkVisibility());
  return out;
})()`

// pageFigures reads the figures the tab shows.
func pageFigures(tb *tab) figures {
	tb.t.Helper()
	return eval[figures](tb, readFiguresJS)
}

// checkFigures fails t for each figure the page shows differently from
// want, and for any survivors row shown that the answer does not have.
func checkFigures(t *testing.T, what string, got, want figures) {
	t.Helper()
	if got["#result visible"] != "true" {
		t.Errorf("%s: #result is not visible", what)
	}
	delete(got, "#result visible")
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: %s not shown, want %q", what, k, want[k])
		case g != want[k]:
			t.Errorf("%s: %s shows %q, want %q", what, k, g, want[k])
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: %s shows %q, which the answer does not have", what, k, g)
		}
	}
}

// checkCells fails t for each cell of want that the page shows otherwise,
// in the order of the cells' names.
func checkCells(t *testing.T, what string, got, want figures) {
	t.Helper()
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if got[k] != want[k] {
			t.Errorf("%s: %s shows %q, want %q", what, k, got[k], want[k])
		}
	}
}
