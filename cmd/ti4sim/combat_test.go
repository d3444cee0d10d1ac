package main

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
)

// Golden outputs of the combat commands, seeded so they never change unless
// the engine or the rendering does (then rerun with -update and review).
func TestCombatGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"space_default", []string{"space", "-n", "20000"}},
		{"ground_default", []string{"ground", "-n", "20000", "--seed", "3"}},
		{"invade_default", []string{"invade", "-n", "20000"}},
		{"invade_default_json", []string{"invade", "-n", "20000", "-o", "json"}},
		{"space_nebula_pds_json", []string{"space", "-a", "2 dread II, 3 cruiser", "-d", "2 destroyer II, 1 carrier, 2 fighter, 1 pds", "--defender-tech", "pds-ii", "--defender-adjacent-pds", "2", "--nebula", "-n", "20000", "-o", "json"}},
		{"space_exact", []string{"space", "--exact"}},
		{"invade_exact_json", []string{"invade", "--exact", "-o", "json"}},
		{"ground_precision_json", []string{"ground", "--precision", "0.005", "-o", "json"}},
		{"invade_magen_x89", []string{"invade", "-a", "2 dreadnought, 1 carrier, 4 infantry", "-d", "3 infantry, 1 mech, 1 pds", "--attacker-tech", "x89", "--defender-tech", "magen-defense-grid", "--rules", "magen=omega,x89=original", "-n", "20000"}},
		{"compare_magen", []string{"compare", "invade", "-a", "2 dread, 1 carrier, 4 inf", "-d", "3 inf, 1 mech, 1 pds", "--defender-tech", "magen-defense-grid", "--vary", "magen=original,omega,omega2", "-n", "20000"}},
		{"compare_x89_json", []string{"compare", "invade", "-a", "2 dread, 1 carrier, 4 inf", "-d", "4 inf, 1 mech", "--vary", "attacker-tech=,x89", "--vary", "x89=omega,omega2", "-n", "20000", "-o", "json"}},
		{"compare_space_fleets", []string{"compare", "space", "-d", "2 destroyer, 1 carrier, 3 fighter", "--vary", "attacker=3 cruiser; 2 dreadnought", "--vary", "nebula=false,true", "-n", "20000"}},
		{"space_retreat_cards", []string{"space", "-a", "2 dreadnought (1 damaged), 3 cruiser", "-d", "1 war sun, 2 destroyer", "--attacker-tech", "assault-cannon,duranium-armor", "--attacker-card", "morale-boost:2", "--defender-card", "shields-holding", "--attacker-retreat", "when=losing", "-n", "20000"}},
		{"space_rounds_json", []string{"space", "--rounds", "1", "-n", "20000", "-o", "json"}},
		{"ground_rounds", []string{"ground", "--rounds", "2", "-n", "20000"}},
		{"invade_capacity", []string{"invade", "-a", "1 carrier, 1 cruiser, 3 infantry", "-d", "2 destroyer, 2 infantry", "-n", "20000"}},
		{"cards", []string{"cards"}},
		{"units_sardakk", []string{"units", "--faction", "sardakk"}},
		{"space_sardakk_json", []string{"space", "-a", "1 flagship, 2 cruiser", "-d", "4 cruiser", "--attacker-faction", "norr", "-n", "20000", "-o", "json"}},
		{"units", []string{"units"}},
		{"units_json", []string{"units", "-o", "json"}},
		{"invade_warsun", []string{"invade", "-a", "1 war sun, 1 carrier, 4 infantry", "-d", "3 infantry, 1 mech, 2 pds", "-n", "20000", "--attacker-order", "infantry, sustain=last"}},
		{"space_ti3", []string{"space", "--ruleset", "ti3-sa", "-a", "1 war sun, 2 dreadnought, 2 cruiser", "-d", "3 dreadnought, 2 destroyer, 4 fighter, 1 carrier", "--attacker-tech", "assault-cannon", "--defender-tech", "hylar-v-assault-laser", "-n", "20000"}},
		{"invade_ti3_json", []string{"invade", "--ruleset", "ti3-sa", "-a", "2 dreadnought, 1 carrier, 3 gf, 1 st", "-d", "1 cruiser, 3 gf, 1 pds", "--defender-tech", "magen-defense-grid", "-n", "20000", "-o", "json"}},
		{"space_ti3_exact_json", []string{"space", "--ruleset", "ti3-sa", "-a", "1 war sun, 2 dreadnought, 2 cruiser", "-d", "3 dreadnought, 2 destroyer, 4 fighter, 1 carrier", "--attacker-tech", "assault-cannon", "--exact", "-o", "json"}},
		{"invade_ti3_wiped_out", []string{"invade", "--ruleset", "ti3-sa", "-a", "1 carrier, 3 gf", "-d", "3 gf", "-n", "20000"}},
		{"invade_ti3_wiped_out_exact", []string{"invade", "--ruleset", "ti3-sa", "-a", "1 carrier, 3 gf", "-d", "3 gf", "--exact"}},
		{"invade_ti3_x89_exact", []string{"invade", "--ruleset", "ti3-sa", "-a", "1 dreadnought, 1 carrier, 2 gf", "-d", "3 gf, 1 mu", "--attacker-tech", "x89", "--exact"}},
		{"compare_x89_ruleset", []string{"compare", "invade", "-a", "2 dreadnought, 1 carrier, 4 inf", "-d", "4 inf, 1 mech", "--vary", "ruleset=ti4,ti3-sa", "--vary", "attacker-tech=,x89", "-n", "20000"}},
		{"ground_ti3_order_exact", []string{"ground", "--ruleset", "ti3-sa", "-a", "2 gf, 1 st, 1 mu", "-d", "3 gf, 1 st", "--attacker-order", "st, gf, mu", "--defender-order", "shock troop, ground force", "--exact"}},
		{"compare_ruleset", []string{"compare", "space", "-a", "2 dreadnought, 2 cruiser", "-d", "1 war sun, 2 destroyer", "--vary", "ruleset=ti4,ti3-sa", "-n", "20000"}},
		{"invade_system", []string{"invade", "-a", "2 dreadnought, 2 carrier, 7 infantry, 1 mech", "-d", "1 cruiser", "--planet", "Arinam: 2 infantry, 1 pds", "--planet", "Meer (cultural): 3 infantry", "-n", "20000"}},
		{"invade_system_exact_json", []string{"invade", "-a", "1 war sun, 1 dreadnought, 2 carrier, 8 infantry, 2 mech", "-d", "2 destroyer, 2 fighter", "--planet", "Mehar Xull: 3 infantry, 1 mech, 1 pds, 1 space dock", "--planet", "Lodor: 2 infantry", "--planet", "Quann: none", "--commit", "best:count", "--exact", "-o", "json"}},
		{"invade_system_split", []string{"invade", "-a", "2 dreadnought, 1 carrier, 4 infantry", "--planet", "A: 2 infantry", "--planet", "B: 1 infantry", "--commit", "a: 3 infantry; b: 1 infantry", "--bombard", "B", "--exact"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, c.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

// The same seed gives byte-identical JSON whatever the number of workers;
// another seed gives another answer.
func TestCombatDeterminism(t *testing.T) {
	args := []string{"invade", "-a", "2 dread, 1 carrier, 2 fighter, 4 inf", "-d", "1 destroyer, 2 fighter, 3 inf, 1 pds", "-n", "30000", "-o", "json", "--seed", "7"}
	one, _, _ := runCLI(t, append(args, "--workers", "1")...)
	two, _, _ := runCLI(t, append(args, "--workers", "2")...)
	five, _, _ := runCLI(t, append(args, "--workers", "5")...)
	if one == "" || one != two || one != five {
		t.Fatalf("outputs differ between worker counts:\n1: %s\n2: %s\n5: %s", one, two, five)
	}
	other, _, _ := runCLI(t, append(args[:len(args)-1], "8")...)
	if other == one {
		t.Fatal("seed 8 gave the same output as seed 7")
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(one), &j); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	for _, k := range []string{"command", "trials", "seed", "attacker_win", "draw", "defender_win", "ci95", "space", "attacker", "defender", "rounds", "warnings"} {
		if _, ok := j[k]; !ok {
			t.Errorf("JSON lacks field %q", k)
		}
	}
	sum := j["attacker_win"].(float64) + j["draw"].(float64) + j["defender_win"].(float64)
	if sum < 0.999999 || sum > 1.000001 {
		t.Errorf("outcomes sum to %v", sum)
	}
}

// An invasion under ti3-sa where the ground combat can wipe out both
// sides: the outcomes add up to 1, the draw is 0 (no combat that cannot
// end), and the wiped-out share is reported as a part of the defender's,
// equal to the TI4 draw of the same invasion (exact mode: the same chain,
// the same number).
func TestTI3WipedOutJSON(t *testing.T) {
	var ti3, ti4 struct {
		AttackerWin  float64  `json:"attacker_win"`
		Draw         float64  `json:"draw"`
		DefenderWin  float64  `json:"defender_win"`
		BothWipedOut *float64 `json:"both_wiped_out"`
	}
	for _, c := range []struct {
		ruleset string
		dst     any
	}{{"ti3-sa", &ti3}, {"ti4", &ti4}} {
		out, errOut, code := runCLI(t, "invade", "--ruleset", c.ruleset, "-a", "1 carrier, 3 gf", "-d", "3 gf", "--exact", "-o", "json")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), c.dst); err != nil {
			t.Fatal(err)
		}
	}
	if sum := ti3.AttackerWin + ti3.Draw + ti3.DefenderWin; math.Abs(sum-1) > 1e-9 || ti3.Draw != 0 {
		t.Errorf("ti3-sa outcomes %+v: sum %v, want 1 with no draw", ti3, sum)
	}
	if ti3.BothWipedOut == nil || ti4.BothWipedOut != nil {
		t.Fatalf("both_wiped_out: ti3-sa %v, ti4 %v; want it under ti3-sa only", ti3.BothWipedOut, ti4.BothWipedOut)
	}
	if w := *ti3.BothWipedOut; math.Abs(w-ti4.Draw) > 1e-12 || math.Abs(ti3.DefenderWin-(ti4.DefenderWin+w)) > 1e-12 || w <= 0 {
		t.Errorf("ti3-sa wiped out %v, defender %v; ti4 draw %v, defender %v", w, ti3.DefenderWin, ti4.Draw, ti4.DefenderWin)
	}
}

func TestCombatUsageErrors(t *testing.T) {
	cases := []struct {
		want string
		args []string
	}{
		{`unknown unit "dreadnot" in item 2`, []string{"space", "-a", "1 carrier, 2 dreadnot", "-d", "1 cruiser"}},
		{"did you mean dreadnought?", []string{"space", "-a", "1 carrier, 2 dreadnot", "-d", "1 cruiser"}},
		{"count -2 out of range", []string{"space", "-a", "-2 carrier", "-d", "1 cruiser"}},
		{"count 100 out of range", []string{"space", "-a", "100 fighter", "-d", "1 cruiser"}},
		{"count 100000 out of range", []string{"ground", "-a", "100000 infantry", "-d", "1 infantry"}},
		{"empty fleet", []string{"space", "-a", " ", "-d", "1 cruiser"}},
		{"--defender (-d) is missing", []string{"space", "-a", "1 cruiser"}},
		{"is a ship; a ground combat has only ground forces", []string{"ground", "-a", "2 infantry, 1 carrier", "-d", "2 infantry"}},
		{"defender has no ground forces", []string{"ground", "-a", "2 infantry", "-d", "1 pds"}},
		{"takes no part in a space combat", []string{"space", "-a", "1 carrier, 2 infantry", "-d", "1 cruiser"}},
		{"attacker has no ground forces to invade with", []string{"invade", "-a", "2 cruiser", "-d", "2 infantry"}},
		{`--ruleset: unknown ruleset "ti5"; allowed: ti4, ti3-sa`, []string{"space", "--ruleset", "ti5"}},
		{"unknown Twilight Imperium 3 race", []string{"space", "--ruleset", "ti3-sa", "-a", "1 cruiser", "-d", "1 cruiser", "--attacker-faction", "argent"}},
		{"shock troops exist only in ruleset ti3-sa", []string{"invade", "-a", "1 carrier, 2 shock troop", "-d", "1 infantry"}},
		{"Twilight Imperium 3 has no unit upgrades", []string{"space", "--ruleset", "ti3-sa", "-a", "1 cruiser II", "-d", "1 cruiser"}},
		{"--attacker-order: order item 1: Twilight Imperium 3 has no unit upgrades", []string{"space", "--ruleset", "ti3-sa", "-a", "1 cruiser", "-d", "1 cruiser", "--attacker-order", "flagship ii"}},
		{"--defender-order: order item 2: ground force listed twice", []string{"ground", "--ruleset", "ti3-sa", "-a", "1 gf", "-d", "2 gf", "--defender-order", "gf, infantry"}},
		{"--attacker-order: order item 1: unknown unit \"st\": shock troops exist only in ruleset ti3-sa", []string{"ground", "-a", "1 infantry", "-d", "1 infantry", "--attacker-order", "st"}},
		{"Twilight Imperium 4 calls it infantry", []string{"ground", "-a", "1 infantry", "-d", "1 infantry", "--defender-order", "ground force"}},
		{"ruleset ti3-sa: the printings choose among Twilight Imperium 4 cards' texts", []string{"invade", "--ruleset", "ti3-sa", "-a", "1 dreadnought, 1 carrier, 2 gf", "-d", "2 gf", "--attacker-tech", "x89", "--rules", "x89=original"}},
		{"exact mode cannot express space mine", []string{"space", "--ruleset", "ti3-sa", "-a", "1 dreadnought", "-d", "1 cruiser", "--space-mine", "--exact"}},
		{"the attacker has no structures", []string{"invade", "-a", "1 carrier, 2 inf, 1 pds", "-d", "2 infantry"}},
		{"a flagship is a faction unit", []string{"space", "-a", "1 flagship", "-d", "1 cruiser"}},
		{`unknown faction "sardak"`, []string{"space", "-a", "1 carrier", "-d", "1 cruiser", "--attacker-faction", "sardak"}},
		{`unknown technology "laser-sharks"`, []string{"space", "-a", "1 carrier", "-d", "1 cruiser", "--attacker-tech", "laser-sharks"}},
		{`--rules: unknown magen printing "omega3"; allowed: omega2, omega, original`, []string{"invade", "--rules", "magen=omega3"}},
		{"want CARD=PRINTING with CARD one of magen, x89, direct-hit", []string{"invade", "--rules", "lucky-shot=original"}},
		{"--rules: x89 given twice", []string{"invade", "--rules", "x89=omega,x-89=original"}},
		{"--precision has no meaning with --exact", []string{"space", "--exact", "--precision", "0.01"}},
		{"--precision 0.7 out of range", []string{"space", "--precision", "0.7"}},
		{"--precision -0.01 out of range", []string{"ground", "--precision", "-0.01"}},
		{"about 6.3 GB of memory), more than the limit of the exact solver (4194304); run without exact mode", []string{"space", "-a", "10 dreadnought, 20 cruiser, 10 destroyer, 60 fighter", "-d", "10 dreadnought, 20 cruiser, 10 destroyer, 60 fighter", "--attacker-order", "cruiser, destroyer, fighter", "--defender-order", "cruiser, destroyer, fighter", "--exact"}},
		{"--trials 0 out of range", []string{"space", "-n", "0"}},
		{"--trials 2000000000 out of range", []string{"space", "-n", "2000000000"}},
		{`--trials "lots": want a whole number such as 100000 or 1e6`, []string{"space", "-n", "lots"}},
		{"--workers -1 out of range", []string{"space", "--workers", "-1"}},
		{`--output "xml": allowed table or json`, []string{"space", "-o", "xml"}},
		{"--attacker-modifier: modifier 12 out of range", []string{"space", "--attacker-modifier", "12", "-a", "1 cruiser", "-d", "1 cruiser"}},
		{"--defender-adjacent-pds: adjacent PDS -1 out of range", []string{"space", "--defender-adjacent-pds", "-1"}},
		{"listed twice", []string{"space", "--attacker-order", "fighter, fighter"}},
		{"allowed sustain=first or sustain=last", []string{"space", "--defender-order", "sustain=never"}},
		{"unknown flag: --bogus", []string{"invade", "--bogus"}},
		{`unknown command "fight"`, []string{"fight"}},
		{`unexpected argument "extra"`, []string{"space", "extra"}},
		{"nebula: it changes only space combat", []string{"ground", "--nebula"}},
		{`--faction: unknown faction "xyz"; allowed: none`, []string{"units", "--faction", "xyz"}},
		{"compare: name the action first", []string{"compare", "--vary", "magen=original,omega"}},
		{`compare: unknown action "duel"`, []string{"compare", "duel", "--vary", "magen=original,omega"}},
		{"compare: give at least one --vary", []string{"compare", "invade"}},
		{`unknown key "colour"`, []string{"compare", "invade", "--vary", "colour=red,blue"}},
		{"give at least two values to compare", []string{"compare", "invade", "--vary", "magen=omega"}},
		{"attacker-tech is both set with --attacker-tech and varied", []string{"compare", "invade", "--attacker-tech", "x89", "--vary", "attacker-tech=,x89"}},
		{"compare: magen varied twice", []string{"compare", "invade", "--vary", "magen=omega,original", "--vary", "magen=omega2,omega"}},
		{`--vary nebula: "maybe" is not true or false`, []string{"compare", "space", "--vary", "nebula=false,maybe"}},
		{`unknown magen printing "omega9"`, []string{"compare", "invade", "--vary", "magen=omega,omega9"}},
		{`--attacker-retreat: retreat "sometimes": allowed never, after=N, when=losing, when=losing:T, best or best:V`, []string{"space", "--attacker-retreat", "sometimes"}},
		{`--attacker-retreat: retreat "best:1.5": best:V wants the value of a retreat as a share of a win, above 0 and below 1`, []string{"space", "--attacker-retreat", "best:1.5"}},
		{`--trials: the best retreat is solved exactly: drop it`, []string{"space", "--attacker-retreat", "best", "-n", "100"}},
		{`--attacker-retreat: the best retreat (attacker's retreat policy best) cannot handle a retreat policy for the other side too`, []string{"space", "--attacker-retreat", "best", "--defender-retreat", "after=2"}},
		{`--seed: an optimal hit policy is solved exactly: drop it`, []string{"space", "--attacker-policy", "optimal", "--seed", "3"}},
		{`--attacker-policy: the optimal hit assignment cannot handle cards and technologies that act round by round`, []string{"space", "-a", "2 dreadnought", "-d", "2 cruiser", "--attacker-tech", "duranium-armor", "--attacker-policy", "optimal"}},
		{`--attacker-retreat: the best retreat (attacker's retreat policy best) cannot handle cards and technologies that act round by round`, []string{"space", "-a", "2 dreadnought", "-d", "2 cruiser", "--defender-card", "shields-holding", "--attacker-retreat", "best"}},
		{`variant 1: compare runs trials, and the best retreat is solved exactly only`, []string{"compare", "space", "--attacker-retreat", "best", "--vary", "nebula=false,true"}},
		{"after=N wants a round 1..1000", []string{"space", "--defender-retreat", "after=0"}},
		{"no retreat from a ground combat", []string{"ground", "--attacker-retreat", "after=1"}},
		{"--rounds: 1001 is out of range", []string{"space", "--rounds", "1001"}},
		{"a round limit applies to one combat: use space or ground", []string{"invade", "--rounds", "2"}},
		{`unknown card "lucky-shot"`, []string{"space", "--attacker-card", "lucky-shot"}},
		{"it is a technology: give it with the techs", []string{"space", "--attacker-card", "duranium-armor"}},
		{"card morale-boost: 5 copies; allowed 1..4", []string{"space", "--defender-card", "morale-boost:5"}},
		{"card shields-holding listed twice", []string{"space", "--defender-card", "shields-holding,shields-holding"}},
		{"3 damaged but only 2 dreadnought", []string{"space", "-a", "2 dread (3 damaged)", "-d", "1 cruiser"}},
		{"dreadnought given both with and without II", []string{"space", "-a", "1 dread, 1 dread II", "-d", "1 cruiser"}},
		// Only absent fleets select the built-in example; empty ones are mistakes.
		{"--attacker (-a): empty fleet", []string{"space", "-a", "", "-d", ""}},
		{"--defender (-d): empty fleet", []string{"ground", "-a", "2 infantry", "-d", ""}},
		{"--defender (-d) is missing", []string{"invade", "-a", ""}},
		{"--attacker (-a) is missing", []string{"space", "-d", ""}},
		{`--vary "attacker=;": value 1 is an empty fleet`, []string{"compare", "space", "--vary", "attacker=;"}},
		{`value 2 is an empty fleet`, []string{"compare", "space", "--vary", "defender=2 cruiser;"}},
		{`--vary "magen=omega,omega": "omega" given twice`, []string{"compare", "invade", "--vary", "magen=omega,omega"}},
		{`"3 Cruiser" given twice`, []string{"compare", "space", "--vary", "attacker=3 cruiser; 3 Cruiser"}},
		{"--attacker (-a): empty fleet", []string{"compare", "space", "-a", "", "-d", "1 cruiser", "--vary", "nebula=false,true"}},
		// Ranges as the help states them.
		{"--rounds 0 out of range: allowed 1..1000", []string{"space", "--rounds", "0"}},
		{"--precision 0 out of range: allowed 0 < P < 0.5", []string{"space", "--precision", "0"}},
		{"--exact computes without trials; drop -n", []string{"space", "--exact", "-n", "5"}},
		{"--exact computes without trials; drop -n", []string{"invade", "--exact", "--trials", "1e6"}},
		{"--exact draws no random numbers; drop --seed", []string{"ground", "--exact", "--seed", "3"}},
		{"want a whole number such as 100000 or 1e6", []string{"space", "-n", "2.5"}},
		{"--trials 10000000000 out of range: allowed 1..1e9", []string{"space", "-n", "1e10"}},
		{"did you mean destroyer II?", []string{"space", "-a", "2 destoyer2", "-d", "1 cruiser"}},
	}
	for _, c := range cases {
		usageFails(t, c.want, c.args...)
	}
}

func TestCombatHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "invade"}, {"invade", "--help"}, {"space", "-h"}, {"help", "ground"}} {
		out, errOut, code := runCLI(t, args...)
		if code != exitOK || errOut != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		for _, want := range []string{"Usage: ti4sim", "Examples:", "--attacker", "--trials"} {
			if !strings.Contains(out, want) {
				t.Errorf("%q: help lacks %q", args, want)
			}
		}
	}
	out, errOut, code := runCLI(t)
	if code != exitUsage || out != "" || !strings.Contains(errOut, "Commands:") {
		t.Errorf("no arguments: exit %d, stdout %q, stderr %q; want exit %d and the overview on stderr", code, out, errOut, exitUsage)
	}
}

// Each side's "left" has one list per outcome that happens, under the
// outcome's key, adding up to its probability (exact: to 1e-12; Monte
// Carlo: within rounding of shares of trials); an outcome of probability 0
// has none.
func TestCombatJSONUnitsLeft(t *testing.T) {
	keys := []string{"attacker_win", "draw", "defender_win", "attacker_retreats", "defender_retreats", "unfinished"}
	for _, args := range [][]string{
		{"space", "-a", "1 dreadnought", "-d", "2 destroyer", "--exact"},
		{"invade", "-a", "2 dreadnought, 1 carrier, 3 infantry", "-d", "1 destroyer, 2 infantry, 1 pds", "--exact"},
		{"space", "-a", "2 cruiser, 1 carrier, 2 fighter", "-d", "3 cruiser", "--attacker-retreat", "after=2", "-n", "5000"},
		{"space", "-a", "2 cruiser", "-d", "2 destroyer", "--rounds", "1", "-n", "5000"},
	} {
		out, errOut, code := runCLI(t, append(args, "-o", "json")...)
		if code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		var j map[string]any
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("%q: not JSON: %v", args, err)
		}
		for _, side := range []string{"attacker", "defender"} {
			left, ok := j[side].(map[string]any)["left"].(map[string]any)
			if !ok {
				t.Fatalf("%q: %s has no left object", args, side)
			}
			for _, k := range keys {
				p, _ := j[k].(float64)
				bins, has := left[k].([]any)
				if has != (p > 0) {
					t.Errorf("%q: %s left.%s present %v, outcome probability %v", args, side, k, has, p)
				}
				sum := 0.0
				for _, b := range bins {
					sum += b.(float64)
				}
				if math.Abs(sum-p) > 1e-12 {
					t.Errorf("%q: %s left.%s adds up to %v, outcome %v", args, side, k, sum, p)
				}
			}
			if len(left) == 0 {
				t.Errorf("%q: %s left is empty", args, side)
			}
			for k := range left {
				if !slices.Contains(keys, k) {
					t.Errorf("%q: %s left has unknown key %q", args, side, k)
				}
			}
		}
	}
}
