package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runWithInput runs one command line with stdin and returns stdout,
// stderr and the exit status.
func runWithInput(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// documentCases are command lines of every kind of question, touching
// every field of the documents.
var documentCases = [][]string{
	{"space", "-a", "2 dreadnought (1 damaged), 1 carrier II, 4 fighter", "-d", "3 cruiser, 2 destroyer II", "-n", "3000", "--seed", "5"},
	{"space", "--attacker-faction", "sol", "-a", "1 flagship, 2 cruiser", "--defender-faction", "mentak", "-d", "1 flagship, 2 destroyer",
		"--attacker-card", "morale-boost:2,direct-hit", "--defender-tech", "pds-ii", "-n", "2000", "--nebula", "--rules", "magen=omega,direct-hit=original"},
	{"space", "-a", "2 cruiser", "-d", "1 destroyer, 1 carrier", "--attacker-pds", "1", "--attacker-adjacent-pds", "2", "--attacker-tech", "pds-ii", "--exact"},
	{"space", "-a", "3 cruiser, 1 carrier, 2 fighter", "-d", "1 dreadnought, 4 fighter, 1 space dock", "--attacker-retreat", "when=losing:0.4",
		"--defender-order", "dreadnought, fighter, sustain=last", "--attacker-modifier", "1", "--rounds", "3", "-n", "2000"},
	{"ground", "-a", "2 mech, 3 infantry II", "-d", "4 infantry, 1 pds", "--precision", "0.01", "--seed", "9"},
	{"ground", "-a", "1 mech", "-d", "2 infantry", "--attacker-faction", "nekro", "--attacker-card", "assimilator-token", "--exact"},
	{"invade", "-a", "2 dreadnought, 1 carrier, 4 infantry", "-d", "3 infantry, 1 pds", "--attacker-tech", "x89-bacterial-weapon", "--cultural", "-n", "2000"},
	{"invade", "--attacker-faction", "last-bastion", "-a", "1 dreadnought, 1 carrier, 3 infantry", "--attacker-galvanized", "1 dreadnought",
		"--attacker-influence", "4", "--attacker-trade-goods", "3", "-d", "2 infantry", "-n", "2000"},
	{"invade", "--ruleset", "ti3-sa", "-a", "1 war sun, 2 dreadnought, 1 carrier, 3 gf, 1 st", "-d", "2 cruiser, 4 gf, 2 pds", "--attacker-tech", "assault-cannon", "-n", "2000"},
	{"space", "--ruleset", "ti3-sa", "-a", "2 dreadnought", "-d", "3 cruiser", "--space-mine", "-n", "1000"},
	{"space", "-a", "2 dreadnought, 1 destroyer", "-d", "3 cruiser, 1 pds", "--entropic-scar", "-n", "1000", "--defender-adjacent-pds", "1"},
	{"invade"}, // the built-in example
	{"space", "-a", "2 destroyer, 1 dreadnought (1 damaged)", "-d", "1 carrier", "--attacker-faction", "yin", "--attacker-choice", "devotion=always,emergency-repairs=start",
		"--attacker-card", "emergency-repairs", "-n", "1000"},
	{"invade", "-a", "1 carrier, 2 infantry", "-d", "", "--defender-faction", "keleres", "--defender-tech", "iihq-modernization", "--defender-card", "mecatol-rex", "--exact"},
	{"compare", "invade", "-a", "2 dread, 1 carrier, 4 inf", "-d", "4 inf, 1 mech", "--vary", "ruleset=ti4,ti3-sa", "--vary", "attacker-tech=,x89", "-n", "2000"},
	{"compare", "space", "--vary", "attacker=3 cruiser;2 dreadnought", "--vary", "nebula=false,true", "-n", "2000"},
	{"compare", "invade", "-a", "2 dread, 1 carrier, 4 inf", "-d", "3 inf, 1 pds", "--defender-tech", "magen-defense-grid", "--vary", "magen=original,omega2", "-n", "2000"},
	{"vote", "--voter", "argent:6:for=0.9:zeal", "--voter", "hacan:4-8:against=0.8,for=0.1:final=3:then=against=1", "--voter", "sol:5:for=0.5,against=0.5",
		"--speaker", "sol", "--bribery", "hacan:4", "-n", "5000", "--seed", "7", "--speaker-prefers", "against,for"},
	{"vote", "--mode", "base", "--exact", "--voter", "sol:5:for=1", "--voter", "hacan:3-7:against=1", "--voter", "jolnar:2:for=0.5,against=0.5", "--players", "4"},
	{"vote", "--exact", "--voter", "a:3:for=0.5,against=0.5", "--voter", "b:3:for=0.5,against=0.5", "--duel=first-round"},
}

// A question given as flags, as the document `ti4sim scenario` prints for
// them (through --scenario -) and as a document file gives byte-identical
// -o json output; and the document of a document is itself.
func TestDocumentRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for i, args := range documentCases {
		name := strings.Join(args, " ")
		want, stderr, code := runWithInput(t, "", append(append([]string(nil), args...), "-o", "json")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		doc, stderr, code := runWithInput(t, "", append([]string{"scenario"}, args...)...)
		if code != 0 {
			t.Fatalf("scenario %s: exit %d: %s", name, code, stderr)
		}
		cmd := args[:1]
		if args[0] == "compare" {
			cmd = args[:2]
		}
		got, stderr, code := runWithInput(t, doc, append(append([]string(nil), cmd...), "--scenario", "-", "-o", "json")...)
		if code != 0 || got != want {
			t.Errorf("%s: through the document (exit %d, %s):\n%s\nwant\n%s", name, code, stderr, got, want)
		}
		file := filepath.Join(dir, "doc.json")
		if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		got, _, _ = runWithInput(t, "", append(append([]string(nil), cmd...), "--scenario", file, "-o", "json")...)
		if got != want {
			t.Errorf("%s: through a document file differs", name)
		}
		again, _, _ := runWithInput(t, "", append(append([]string{"scenario"}, cmd...), "--scenario", file)...)
		if again != doc {
			t.Errorf("case %d %s: the document of its document differs:\n%s\nwant\n%s", i, name, again, doc)
		}
		if !strings.Contains(want, `"scenario":{"version":1`) {
			t.Errorf("%s: the result does not echo its document", name)
		}
	}
}

// Flags given with --scenario override the document's fields, lists
// included (a technology list given replaces the document's).
func TestDocumentFlagsOverride(t *testing.T) {
	doc, _, _ := runWithInput(t, "", "scenario", "space", "-a", "2 cruiser", "-d", "1 destroyer", "--attacker-tech", "pds-ii", "-n", "1000")
	got, stderr, code := runWithInput(t, doc, "scenario", "space", "--scenario", "-", "-d", "2 fighter, 1 carrier", "--attacker-tech", "plasma-scoring", "-n", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{`"unit": "carrier"`, `"plasma-scoring"`, `"trials": 50`} {
		if !strings.Contains(got, want) {
			t.Errorf("override: %q missing from\n%s", want, got)
		}
	}
	for _, gone := range []string{`"destroyer"`, `"pds-ii"`, `"trials": 1000`} {
		if strings.Contains(got, gone) {
			t.Errorf("override: %q still in\n%s", gone, got)
		}
	}
}

// A bad document is a usage error naming the JSON path and what is
// allowed, one line.
func TestDocumentErrors(t *testing.T) {
	const fleets = `"attacker":{"fleet":[{"unit":"dreadnought","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}`
	for _, c := range []struct {
		cmd  []string
		doc  string
		want string
	}{
		{[]string{"space"}, ``, "not a JSON document: empty"},
		{[]string{"space"}, `{"version":1,`, "not a JSON document"},
		{[]string{"space"}, `[1,2]`, "want an object"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `} {}`, "something follows"},
		{[]string{"space"}, `{"action":"space",` + fleets + `}`, "version: 0 is not a version this build reads; allowed: 1"},
		{[]string{"space"}, `{"version":1,` + fleets + `}`, "action: missing; allowed: space, ground, invade"},
		{[]string{"space"}, `{"version":1,"action":"orbit",` + fleets + `}`, `action: "orbit" is not an action`},
		{[]string{"ground"}, `{"version":1,"action":"space",` + fleets + `}`, "the document's action is space; run ti4sim space"},
		{[]string{"space"}, `{"version":1,"action":"space","colour":"red",` + fleets + `}`, "colour: unknown field; allowed here: version, action"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":120}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet[0].count: 120 is out of range 1..99"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":"2"}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, `attacker.fleet[0].count: want a whole number 1..99, got the string "2"`},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2.5}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet[0].count: want a whole number 1..99, got 2.5"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnot","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, `attacker.fleet[0].unit: unknown unit "dreadnot"; did you mean dreadnought?`},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2,"damaged":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet: cruiser cannot be damaged: it has no Sustain Damage"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2,"damaged":3}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet[0].damaged: 3 is out of range 0..2"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet: empty"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":null},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet: empty"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"dreadnought","count":1,"upgraded":true}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet: dreadnought given both with and without II"},
		{[]string{"space"}, `{"version":1,"action":"space","ruleset":"ti5",` + fleets + `}`, "ruleset: "},
		{[]string{"space"}, `{"version":1,"action":"space","printings":{"magen":"omega3"},` + fleets + `}`, "printings.magen: "},
		{[]string{"space"}, `{"version":1,"action":"space","system":{"space_mine":true},` + fleets + `}`, "system.space_mine: space mine: space mines exist only in Twilight Imperium 3"},
		{[]string{"space"}, `{"version":1,"action":"space","system":{"nebula":"yes"},` + fleets + `}`, `system.nebula: want true or false, got the string "yes"`},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}],"faction":"borg"},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.faction: "},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}],"modifier":12},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.modifier: 12 is out of range -9..9"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}],"order":"war sun, banana"},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.order: "},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}],"retreat":"sometimes"},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.retreat: "},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2}],"cards":[{"name":"morale-boost","copies":-1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.cards[0].copies: -1 is out of range"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"trials":0.5}}`, "run.trials: want a whole number"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"trials":2000000000}}`, "run.trials: 2000000000 is out of range 1..1000000000"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"exact":true,"trials":100}}`, "run.trials: an exact answer takes no trials"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"exact":true,"prefer_exact":true}}`, "run.prefer_exact: give exact (exact or an error) or prefer_exact"},
		{[]string{"vote"}, `{"version":1,"voters":["a:3:for=1"],"run":{"prefer_exact":true}}`, "run.prefer_exact: a vote takes exact or trials, not prefer_exact"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"precision":0.7}}`, "run.precision: 0.7 is out of range"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"rounds":5000}}`, "run.rounds: 5000 is out of range 1..1000"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"seed":-1}}`, "run.seed: -1 is out of range 0..18446744073709551615"},
		{[]string{"space"}, `{"version":1,"action":"space","defender":{"fleet":[{"unit":"cruiser","count":1}],"pds":2},"attacker":{"fleet":[{"unit":"dreadnought","count":2}]}}`, "defender.pds: only the attacker's PDS"},
		{[]string{"compare", "space"}, `{"version":1,"scenario":{"version":1,"action":"space",` + fleets + `},"vary":[]}`, "vary: empty"},
		{[]string{"compare", "space"}, `{"version":1,"scenario":{"version":1,"action":"space",` + fleets + `},"vary":[{"key":"magen","values":["omega"]}]}`, "vary[0].values: give at least two values"},
		{[]string{"compare", "space"}, `{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[]}},"vary":[{"key":"magen","values":["omega","omega2"]}]}`, "scenario.attacker.fleet: empty"},
		{[]string{"compare", "space"}, `{"version":1,"scenario":{"version":1,"action":"space",` + fleets + `},"vary":[{"key":"colour","values":["red","blue"]}]}`, "unknown key"},
		{[]string{"vote"}, `{"version":1,"voters":[]}`, "voters: empty"},
		{[]string{"vote"}, `{"version":1,"mode":"secret","voters":["a:3:for=1"]}`, `mode: "secret" is not allowed; allowed: preliminary, base`},
		{[]string{"vote"}, `{"version":1,"voters":["a:3:for=1.5"]}`, "--voter"},
		{[]string{"vote"}, `{"version":1,"voters":["a:3:for=1"],"run":{"rounds":2}}`, "run.rounds: a vote has no rounds"},
		// issue 27: one strict reading — duplicate keys, values the schema forbids, numbers typed wrongly
		{[]string{"space"}, `{"version":1,"action":"vote","action":"space",` + fleets + `}`, `action: duplicate key "action"`},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"trials":1000,"trials":5}}`, `run.trials: duplicate key "trials"`},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":2,"count":3}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, `attacker.fleet[0].count: duplicate key "count"`},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"precision":0}}`, "run.precision: 0 is out of range: allowed above 0 and below 0.5"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"rounds":0}}`, "run.rounds: 0 is out of range 1..1000"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"trials":0}}`, "run.trials: 0 is out of range 1..1000000000"},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":3.0}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet[0].count: want a whole number 1..99, got 3.0"},
		{[]string{"space"}, `{"version":1,"action":"space",` + fleets + `,"run":{"trials":"100"}}`, `run.trials: want a whole number 1..1000000000, got the string "100"`},
		{[]string{"space"}, `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":99999999999999999999}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`, "attacker.fleet[0].count: 99999999999999999999 is out of range 1..99"},
		{[]string{"compare", "space"}, `{"version":1,"scenario":{"version":1,"action":"space",` + fleets + `,"run":{"rounds":0}},"vary":[{"key":"magen","values":["omega","omega2"]}]}`, "scenario.run.rounds: 0 is out of range 1..1000"},
		{[]string{"vote"}, `{"version":1,"voters":["a:3:for=1"],"voters":["b:3:for=1"]}`, `voters: duplicate key "voters"`},
		{[]string{"vote"}, `{"version":1,"voters":["a:3:for=1"],"players":0}`, "players: 0 is out of range 1..16"},
		{[]string{"advise", "space"}, `{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}},"limits":{"resources":5,"resources":6}}`, `limits.resources: duplicate key "resources"`},
	} {
		out, stderr, code := runWithInput(t, c.doc, append(append([]string(nil), c.cmd...), "--scenario", "-")...)
		if code != exitUsage || out != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "ti4sim: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("%s %s: exit %d, stderr %q; want exit 2 and one line containing %q", c.cmd, c.doc, code, stderr, c.want)
		}
	}
}
