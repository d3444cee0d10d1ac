package importer

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// link is one link of testdata/ti4battle_links.txt and the comment above
// it (the issue it comes from).
type link struct{ issue, url string }

func readLinks(t *testing.T) []link {
	t.Helper()
	f, err := os.Open("testdata/ti4battle_links.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []link
	issue := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "# issue"):
			issue = strings.TrimPrefix(l, "# ")
		case l == "" || strings.HasPrefix(l, "#"):
		default:
			out = append(out, link{issue, l})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Every real link users posted imports without error into a document that
// makes a valid scenario, which the engine runs.
func TestTI4BattleRealLinks(t *testing.T) {
	links := readLinks(t)
	if len(links) != 19 { // 18 from ti4battle.com, 1 from the maintainer's dev server
		t.Fatalf("%d links in testdata, want 19", len(links))
	}
	for _, l := range links {
		doc, warnings, err := TI4Battle(l.url)
		if err != nil {
			t.Errorf("%s: %v", l.issue, err)
			continue
		}
		sc, err := testScenario(doc)
		if err != nil {
			t.Errorf("%s: invalid scenario: %v\n%+v", l.issue, err, doc)
			continue
		}
		res, err := combat.Run(context.Background(), sc, combat.Options{Trials: 20, Seed: 1, Workers: 1})
		if err != nil {
			t.Errorf("%s: run: %v", l.issue, err)
			continue
		}
		if testing.Verbose() {
			t.Logf("%s\n  import warnings: %q\n  run warnings: %q", l.issue, warnings, res.Warnings)
		}
	}
}

// The link of ti4calc issue 24 (Nomad mechs in a space combat): ti4battle
// counts the Nomad's mechs in its space combat (their Sustain Damage soaks
// hits on the ships: core/factions/nomad.ts, "Nomad mech sustain in space
// battle ability"), and so does ti4sim (Quantum Manipulator); the document
// keeps them, with no warning.
func TestTI4BattleIssue24(t *testing.T) {
	var url string
	for _, l := range readLinks(t) {
		if strings.HasPrefix(l.issue, "issue 24:") {
			url = l.url
		}
	}
	doc, warnings := mustImport(t, url)
	want := `{"version":1,"action":"space","ruleset":"ti4","system":{},` +
		`"attacker":{"fleet":[{"unit":"flagship","count":1,"upgraded":true},{"unit":"destroyer","count":1},{"unit":"fighter","count":2},{"unit":"mech","count":2}],"faction":"nomad"},` +
		`"defender":{"fleet":[{"unit":"dreadnought","count":3,"damaged":1},{"unit":"carrier","count":1},{"unit":"pds","count":1}],"faction":"keleres"},"run":{}}`
	if got := asJSON(t, doc); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings %q", warnings)
	}
}
