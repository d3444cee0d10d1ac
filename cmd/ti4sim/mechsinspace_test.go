package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// space takes the mechs whose text acts during a space combat (issue 28
// A7a) and refuses the others, naming why.
//
// Nomad, Quantum Manipulator: "While this unit is in a space area during
// combat, you may use its SUSTAIN DAMAGE ability to cancel a hit that is
// produced against your ships in this system." 1 carrier (combat 9) and 1
// mech against 1 fighter (combat 9): each side hits with p = 1/5 a round.
// By hand, with the mech's Sustain Damage unused, a round ends the combat
// for the attacker when it hits (1/5: the defender's hit, if any, is
// cancelled), else the mech cancels a defender's hit (4/25) and the duel
// goes on as a plain 1-on-1 (a: 4/9, draw 1/9, d: 4/9): P(a) = (1/5)/(9/25)
// + (4/25)/(9/25)·4/9 = 61/81, P(draw) = 4/81, P(d) = 16/81.
//
// Xxcha, Indomitus: Space Cannon 8 in space cannon offense (LRR 77): the
// mech kills the fighter before the combat with 3/10; otherwise the 1-on-1
// duel: P(a) = 3/10 + 7/10·4/9 = 11/18, P(draw) = 7/90, P(d) = 28/90.
func TestSpaceMechsThatAct(t *testing.T) {
	const n = 100000
	for _, c := range []struct {
		faction     string
		win, draw   float64
		defenderWin float64
	}{
		{"nomad", 61.0 / 81, 4.0 / 81, 16.0 / 81},
		{"xxcha", 11.0 / 18, 7.0 / 90, 28.0 / 90},
	} {
		out, errOut, code := runCLI(t, "space", "--attacker-faction", c.faction, "-a", "1 carrier, 1 mech", "-d", "1 fighter",
			"-n", "100000", "--seed", "5", "-o", "json")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.faction, code, errOut)
		}
		var j struct {
			AttackerWin float64 `json:"attacker_win"`
			Draw        float64 `json:"draw"`
			DefenderWin float64 `json:"defender_win"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatal(err)
		}
		for _, o := range []struct {
			name      string
			got, want float64
		}{{"attacker wins", j.AttackerWin, c.win}, {"draw", j.Draw, c.draw}, {"defender wins", j.DefenderWin, c.defenderWin}} {
			se := math.Sqrt(o.want * (1 - o.want) / n)
			if math.Abs(o.got-o.want) > 4*se {
				t.Errorf("%s: %s %.5f, want %.5f (by hand) ± 4 SE (%.5f)", c.faction, o.name, o.got, o.want, 4*se)
			}
		}
	}
}

// Ground forces whose texts do nothing during a space combat stay refused,
// with the reason.
func TestSpaceMechsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--attacker-faction", "letnev", "-a", "1 carrier, 1 mech"}, "mech takes no part in a space combat: Dunlain Reaper's text does not act during a space combat"},
		{[]string{"--attacker-faction", "naalu", "-a", "1 carrier, 1 mech"}, "the current printing of Iconoclast does not act during a space combat (Iconoclast Ω does: printings iconoclast=omega)"},
		{[]string{"--attacker-faction", "nomad", "-a", "1 carrier, 1 infantry"}, "infantry takes no part in a space combat"},
		{[]string{"-a", "1 carrier, 1 mech"}, "mech takes no part in a space combat: a mech of no faction has no text"},
	} {
		_, errOut, code := runCLI(t, append([]string{"space", "-d", "1 fighter", "-n", "10"}, c.args...)...)
		if code == exitOK || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
	}
	if _, errOut, code := runCLI(t, "space", "--attacker-faction", "naalu", "--rules", "iconoclast=omega", "-a", "1 carrier, 1 mech", "-d", "1 fighter", "-n", "10"); code != exitOK {
		t.Errorf("Naalu with Iconoclast Ω: exit %d, %s", code, errOut)
	}
}
