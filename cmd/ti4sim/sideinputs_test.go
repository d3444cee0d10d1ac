package main

import (
	"strings"
	"testing"
)

// The side inputs beyond the fleets: the attacker's PDS outside its fleet,
// the board states faction texts read, an invasion that only bombards, a
// space combat against structures that fire space cannon.

// Seeded goldens (rerun with -update and review when the output changes).
func TestSideInputsGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"space_attacker_pds", []string{"space", "-a", "2 cruiser", "-d", "2 destroyer, 1 carrier", "--attacker-pds", "1", "--attacker-adjacent-pds", "2", "--attacker-tech", "pds-ii", "-n", "20000"}},
		{"invade_bombard_only", []string{"invade", "-a", "1 war sun", "-d", "4 infantry", "-n", "20000"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, c.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

func TestSideInputsUsageErrors(t *testing.T) {
	usageFails(t, "--attacker-pds: PDS on its planets in the system 100 out of range", "space", "-a", "1 cruiser", "-d", "1 destroyer", "--attacker-pds", "100")
	usageFails(t, "--attacker-adjacent-pds: adjacent PDS -1 out of range", "space", "-a", "1 cruiser", "-d", "1 destroyer", "--attacker-adjacent-pds", "-1")
	usageFails(t, "no part in a ground combat", "ground", "-a", "1 infantry", "-d", "1 infantry", "--attacker-pds", "1")
	usageFails(t, "not nekro", "ground", "-a", "1 mech", "-d", "1 infantry", "--attacker-faction", "sol", "--attacker-card", "assimilator-token")
	usageFails(t, "not mahact", "space", "-a", "1 cruiser", "-d", "1 destroyer", "--defender-card", "fleet-pool-token")
	usageFails(t, "give iihq-modernization", "space", "-a", "1 cruiser", "-d", "1 destroyer", "--defender-faction", "keleres", "--defender-card", "mecatol-rex")
	usageFails(t, "nothing that fires space cannon", "space", "-a", "1 cruiser", "-d", "1 space dock")
	usageFails(t, "no unit with Bombardment", "invade", "-a", "2 cruiser", "-d", "1 infantry")
}

// units --faction lists each faction's board states with the text they
// feed.
func TestUnitsBoardStates(t *testing.T) {
	for _, c := range []struct{ faction, want string }{
		{"nekro", "assimilator-token (for mordred)"},
		{"mahact", "fleet-pool-token (for arvicon-rex)"},
		{"keleres", "mecatol-rex (for iihq-modernization)"},
	} {
		out, errOut, code := runCLI(t, "units", "--faction", c.faction)
		if code != exitOK || !strings.Contains(out, "Board states") || !strings.Contains(out, c.want) {
			t.Errorf("units --faction %s: exit %d, stderr %q; want a board-state line %q in:\n%s", c.faction, code, errOut, c.want, out)
		}
	}
	out, _, _ := runCLI(t, "units", "--faction", "keleres")
	if !strings.Contains(out, "iihq-modernization; modelled") {
		t.Errorf("units --faction keleres does not list I.I.H.Q. Modernization as modelled:\n%s", out)
	}
}
