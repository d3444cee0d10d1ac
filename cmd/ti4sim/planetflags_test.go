package main

import (
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

// TestPlanetUsageErrors checks that every mistake with --planet, --commit
// and --bombard exits 2 with one "ti4sim:" line naming what is wrong.
func TestPlanetUsageErrors(t *testing.T) {
	att := []string{"invade", "-a", "2 dreadnought, 2 carrier, 6 infantry", "-n", "100"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--planet", "Mecatol 3 infantry"}, "--planet 1"},
		{[]string{"--planet", ": 3 infantry"}, "needs a name"},
		{[]string{"--planet", "A: 3 dreadnot"}, "dreadnought"},
		{[]string{"--planet", "A: 1 carrier"}, "are ships"},
		{[]string{"--planet", "A: 1 infantry", "--planet", "a: 1 infantry"}, "given twice"},
		{[]string{"--planet", "A: 1 infantry", "--planet", "B: none", "--planet", "C: none", "--planet", "D: none"}, "1 to 3 planets"},
		{[]string{"--planet", "A: 1 infantry", "--commit", "secure:2"}, "--commit"},
		{[]string{"--planet", "A: 1 infantry", "--commit", "B: 2 infantry"}, "no planet is named"},
		{[]string{"--planet", "A: 1 infantry", "--commit", "A: 9 infantry"}, "the attacker has"},
		{[]string{"--planet", "A: 1 infantry", "--bombard", "Z"}, "no planet is named"},
		{[]string{"--commit", "best"}, "--planet"},
		{[]string{"--planet", "A: 1 infantry", "--cultural"}, "--cultural"},
		{[]string{"-d", "1 cruiser, 2 infantry", "--planet", "A: 1 infantry"}, "go on their planet"},
		{[]string{"--planet", "A: 1 infantry", "--planet", "B: 1 infantry", "--attacker-card", "morale-boost:2"}, "morale-boost"},
		{[]string{"--planet", "A: 1 infantry", "--precision", "0.01"}, "--precision"},
	} {
		args := append(append([]string{}, att...), c.args...)
		out, errOut, code := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, "ti4sim: ") || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one ti4sim: line naming %q", c.args, code, out, errOut, c.want)
		}
	}
	// compare and space have no planets.
	for _, cmd := range [][]string{{"space"}, {"compare", "invade"}} {
		if _, errOut, code := runCLI(t, append(cmd, "--planet", "A: 1 infantry")...); code != exitUsage || !strings.Contains(errOut, "planet") {
			t.Errorf("%s --planet: exit %d, %q", cmd, code, errOut)
		}
	}
}

// TestOnePlanetSystemIsInvade checks, through the command line, that a
// one-planet system gives today's invade figures for the same seed.
func TestOnePlanetSystemIsInvade(t *testing.T) {
	a := "2 dreadnought, 1 carrier, 2 fighter, 4 infantry"
	one, _, code := runCLI(t, "invade", "-a", a, "-d", "1 destroyer, 2 fighter, 3 infantry, 1 pds, 1 space dock", "-n", "30000", "--seed", "4", "-o", "json")
	sys, errOut, code2 := runCLI(t, "invade", "-a", a, "-d", "1 destroyer, 2 fighter", "--planet", "P: 3 infantry, 1 pds, 1 space dock", "-n", "30000", "--seed", "4", "-o", "json")
	if code != exitOK || code2 != exitOK {
		t.Fatalf("exit %d, %d: %s", code, code2, errOut)
	}
	win := field(t, one, `"attacker_win":`)
	if take := field(t, sys, `"take_all":`); take != win {
		t.Errorf("one planet: take_all %s, invade attacker_win %s", take, win)
	}
}

// field returns the JSON number after key in out.
func field(t *testing.T, out, key string) string {
	t.Helper()
	i := strings.Index(out, key)
	if i < 0 {
		t.Fatalf("no %s in %s", key, out)
	}
	v := out[i+len(key):]
	return v[:strings.IndexAny(v, ",}")]
}

// FuzzParsePlanet checks --planet's grammar: no panic, one-line errors,
// and what is accepted written back (planetText) and read again the same.
func FuzzParsePlanet(f *testing.F) {
	for _, s := range []string{
		"Mecatol: 3 infantry, 1 pds", "Lodor (cultural): 2 infantry", "Quann: none", "Abyz:", "A (CULTURAL): 1 mech",
		"Mecatol 3 infantry", ": 1 infantry", "A (b): 1 infantry", "A: 3 dreadnot", "A;B: 1 infantry", "(cultural): 1 mech",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := scenario.ParsePlanet(s, combat.EditionTI4)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error for %q is not one non-empty line: %q", s, msg)
			}
			return
		}
		back := p.Text()
		again, err := scenario.ParsePlanet(back, combat.EditionTI4)
		if err != nil {
			t.Fatalf("%q written %q, which does not parse: %v", s, back, err)
		}
		if again.Name != p.Name || again.Cultural != p.Cultural || scenario.FleetText(again.Units) != scenario.FleetText(p.Units) {
			t.Fatalf("%q -> %+v -> %q -> %+v", s, p, back, again)
		}
	})
}
