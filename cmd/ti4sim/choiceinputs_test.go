package main

import (
	"strings"
	"testing"
)

// Board-state and choice inputs through the command line and a document: a
// Keleres defender of Mecatol Rex with no units (-d "" with mecatol-rex;
// the planet's SPACE CANNON 5 at a cruiser: 0.6 it is destroyed, a draw,
// 0.4 the attacker holds space), and a side's stated choice (a damaged
// dreadnought with Emergency Repairs played at the start of round 1
// fights undamaged from the start: the hand value U = (0.6 + 0.16·D)/0.76,
// D = 0.36/0.76, is in combat/choices_test.go; here only that the flag
// and the document field reach the library, by the figure's change).
func TestChoiceAndEmptyDefenderInputs(t *testing.T) {
	out, errOut, code := runCLI(t, "space", "-a", "1 cruiser", "-d", "", "--defender-faction", "keleres",
		"--defender-tech", "iihq-modernization", "--defender-card", "mecatol-rex", "--exact")
	if code != exitOK || !strings.Contains(out, "Defender: no units") || !strings.Contains(out, "40.00%") || !strings.Contains(out, "60.00%") {
		t.Errorf("Keleres defender with no units: exit %d, stderr %q, out:\n%s", code, errOut, out)
	}
	usageFails(t, "--defender (-d): empty fleet", "space", "-a", "1 cruiser", "-d", "", "--defender-faction", "keleres")
	usageFails(t, `unknown emergency-repairs choice "later"`, "space", "-a", "1 dreadnought (damaged)", "-d", "1 cruiser",
		"--attacker-card", "emergency-repairs", "--attacker-choice", "emergency-repairs=later")
	run := func(args ...string) string {
		out, errOut, code := runCLI(t, append([]string{"space", "-a", "1 dreadnought (damaged)", "-d", "1 cruiser",
			"--attacker-card", "emergency-repairs", "-n", "20000", "--seed", "5"}, args...)...)
		if code != exitOK {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		return out
	}
	end, start := run(), run("--attacker-choice", "emergency-repairs=start")
	if !strings.Contains(end, "attacker wins (only attacker has ships) │ 57.") || !strings.Contains(start, "attacker wins (only attacker has ships) │ 88.") {
		t.Errorf("emergency-repairs end/start:\n%s\n%s", end, start)
	}
	doc := `{"version": 1, "action": "space", "attacker": {"fleet": [{"unit": "dreadnought", "count": 1, "damaged": 1}],
		"cards": [{"name": "emergency-repairs"}], "choices": ["emergency-repairs=start"]},
		"defender": {"fleet": [{"unit": "cruiser", "count": 1}]}, "run": {"trials": 20000, "seed": 5}}`
	out, errOut, code = runWithInput(t, doc, "space", "--scenario", "-")
	if code != exitOK || !strings.Contains(out, "88.") {
		t.Errorf("document with choices: exit %d, stderr %q, out:\n%s", code, errOut, out)
	}
}
