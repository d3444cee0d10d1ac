package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// Every flag of a combat input (scenario.Inputs) that a library message
// may name is written on the page as the label of the control that sets
// it (messages.js), never as a flag: the page's flag table agrees with
// the inputs' table wherever the form has the input's control.
func TestBrowserFlagWords(t *testing.T) {
	c := requireComponents(t)
	type flagPath struct {
		Flag string `json:"flag"`
		Path string `json:"path"`
	}
	var flags []flagPath
	for _, in := range scenario.Inputs {
		if len(in.Sides) == 0 {
			flags = append(flags, flagPath{in.Flag, in.Path})
			continue
		}
		for _, side := range in.Sides {
			flag := strings.Replace(in.Flag, "SIDE", side, 1)
			path := side + "." + in.Path
			if !strings.Contains(in.Flag, "SIDE") {
				flag = in.Flag // one flag naming the side (--high-alert SIDE)
			}
			flags = append(flags, flagPath{flag, path})
		}
	}
	list, err := json.Marshal(flags)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open(c.served + "/")
	type written struct {
		Flag, Words, Label string
		FormHas            bool
	}
	got := eval[[]written](tb, fmt.Sprintf(`Promise.all([import("./js/messages.js"), import("./js/battle.js")]).then(([m, b]) =>
  %s.map(({flag, path}) => {
    const c = m.controlOfFlag(flag);
    return {Flag: flag, Words: m.words("see --" + flag + " here"), Label: c ? m.labelOf(c) : "", FormHas: !!b.controlOf(path)};
  }))`, list))
	if len(got) != len(flags) {
		t.Fatalf("the page wrote %d flags, want %d", len(got), len(flags))
	}
	mapped := 0
	for _, w := range got {
		if developerWords.MatchString(w.Words) {
			t.Errorf("--%s is written %q: a flag", w.Flag, w.Words)
		}
		if w.FormHas && w.Label == "" {
			t.Errorf("--%s: the form has its input's control, the page's flag table does not find it", w.Flag)
		}
		if w.Label != "" {
			mapped++
			if w.Words != "see "+w.Label+" here" {
				t.Errorf("--%s is written %q, want see %s here", w.Flag, w.Words, w.Label)
			}
		}
	}
	t.Logf("%d of %d input flags written as their control's label, the others in words", mapped, len(got))

	// The flags of ti4sim luck are the Luck tab's controls (shown from
	// another tab, named with it).
	luckFlags := map[string]string{
		"attacker-left": "Luck tab · Attacker's units left", "defender-left": "Luck tab · Defender's units left",
		"dice": "Luck tab · Dice of the roll", "hits": "Luck tab · Hits scored",
		"expected-x10": "Luck tab · Expected hits ×10", "actual": "Luck tab · Actual hits",
		"attacker-on": "Luck tab · Ground forces left on the planets", "defender-on": "Luck tab · Ground forces left on the planets",
	}
	for flag, label := range luckFlags {
		if w := eval[string](tb, fmt.Sprintf(`import("./js/messages.js").then((m) => m.words("see --%s here"))`, flag)); w != "see "+label+" here" {
			t.Errorf("--%s is written %q, want see %s here", flag, w, label)
		}
	}
}
