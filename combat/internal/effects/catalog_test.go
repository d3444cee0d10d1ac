package effects

import (
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// TestFactionTexts checks the catalogue of faction texts: each faction
// file's rows are texts of one faction (units.Factions, the printed
// texts), no slug has two rows, and each row says exactly one thing —
// attached, applied by another step, said by the numbers, or outside the
// action (with a reason).
func TestFactionTexts(t *testing.T) {
	owner := map[string]string{}
	for _, f := range units.Factions() {
		for _, a := range f.Abilities {
			owner[a.Slug] = f.Slug
		}
	}
	seen := map[string]bool{}
	for i, texts := range factionFiles() {
		faction := ""
		for _, e := range texts() {
			o, ok := owner[e.Slug]
			switch {
			case !ok:
				t.Errorf("file %d: %q is no faction's text", i, e.Slug)
			case faction == "":
				faction = o
			case o != faction:
				t.Errorf("file %d: %q is %s's, the file's other texts %s's", i, e.Slug, o, faction)
			}
			if seen[e.Slug] {
				t.Errorf("%q has two rows", e.Slug)
			}
			seen[e.Slug] = true
			says := 0
			for _, b := range []bool{e.attach != nil, e.appliedBy != "", e.byNumbers, e.outside != ""} {
				if b {
					says++
				}
			}
			if says != 1 {
				t.Errorf("%q: a row must say one thing (attach, applied by, by numbers, outside); it says %d", e.Slug, says)
			}
		}
	}
	// The public views agree with the rows.
	if !Modelled("watcher") || Modelled("the-inferno") || !Modelled("prototype-war-sun") || !Modelled("galvanize") {
		t.Error("Modelled disagrees with the rows of watcher, the-inferno, prototype-war-sun, galvanize")
	}
	if why, ok := OutsideCombat("the-inferno"); !ok || why == "" {
		t.Error("the-inferno: no reason for acting outside the action")
	}
	if _, ok := OutsideCombat("watcher"); ok {
		t.Error("watcher is modelled, not outside the action")
	}
}
