package main

import (
	"math"
	"testing"
)

// invasionByHand is the invasion of 1 dreadnought, 1 carrier and 2
// infantry against a planet held by 1 infantry, worked out by hand: no
// space combat (the defender has no ships), the dreadnought's
// bombardment (1 die on 5: 0.6) kills the infantry or not, then the
// ground combat of 2 infantry against 1, every die hitting on 8 (0.3),
// solved by its own chain (ground2v1). It returns the chances of the
// four ends: taken with 2 infantry left, taken with 1, lost (the
// defender's infantry left) and both wiped out (the defender keeps the
// planet).
func invasionByHand() (took2, took1, lost, wiped float64) {
	const p = 0.3
	// From (a, 1), a round where somebody hits: the attacker's a dice hit
	// (1 − 0.7^a) and the defender's die (0.3), rounds where nobody hits
	// divided out.
	var end [3]map[[2]int]float64 // end[a]: ends from a infantry against 1
	end[0] = map[[2]int]float64{{0, 1}: 1}
	for a := 1; a <= 2; a++ {
		miss := math.Pow(1-p, float64(a))
		stay := miss * (1 - p)
		end[a] = map[[2]int]float64{}
		end[a][[2]int{a, 0}] += (1 - miss) * (1 - p) / (1 - stay)
		end[a][[2]int{a - 1, 0}] += (1 - miss) * p / (1 - stay)
		for e, q := range end[a-1] {
			end[a][e] += miss * p / (1 - stay) * q
		}
	}
	g := end[2]
	return 0.6 + 0.4*g[[2]int{2, 0}], 0.4 * g[[2]int{1, 0}], 0.4 * g[[2]int{0, 1}], 0.4 * g[[2]int{0, 0}]
}

var luckInvadeArgs = []string{"luck", "invade", "-a", "1 dreadnought, 1 carrier, 2 infantry", "-d", "1 infantry",
	"--attacker-left", "1 dreadnought, 1 carrier", "--defender-left", "", "--attacker-on", "1 infantry"}

// TestLuckInvadeByHand ranks "took the planet with 1 infantry left" for
// each side against invasionByHand. The attacker: worse are the ends
// where it took nothing, as good the end itself, better taking it with 2
// infantry. The defender: the ends where it kept the planet are better;
// the attacker keeping 2 infantry (more kept by the opponent) is worse.
// The resources: the attacker lost 0.5 (an infantry), expected 0.5·P(took
// 1) + 1·P(took none); the defender lost its infantry unless it won.
func TestLuckInvadeByHand(t *testing.T) {
	took2, took1, lost, wiped := invasionByHand()
	m := luckJSON(t, luckInvadeArgs...)
	r := m["result"].(map[string]any)
	if r["exact"] != true || r["action"] != "invade" || r["end_states"] != 4.0 {
		t.Fatalf("want an exact invasion with 4 end states: %v", r)
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s = %.15f, by hand %.15f", what, got, want)
		}
	}
	near("observed_p", num(t, m, "result", "observed_p"), took1)
	near("attacker this or worse", num(t, m, "result", "attacker", "this_or_worse"), lost+wiped+took1)
	near("attacker this or better", num(t, m, "result", "attacker", "this_or_better"), took1+took2)
	near("attacker percentile", num(t, m, "result", "attacker", "percentile"), lost+wiped+took1/2)
	near("attacker expected lost", num(t, m, "result", "attacker", "expected_resources_lost"), 0.5*took1+lost+wiped)
	near("defender this or worse", num(t, m, "result", "defender", "this_or_worse"), took1+took2)
	near("defender percentile", num(t, m, "result", "defender", "percentile"), took2+took1/2)
	near("defender expected lost", num(t, m, "result", "defender", "expected_resources_lost"), 0.5*(took1+took2+wiped))
	if a := r["attacker"].(map[string]any); a["outcome"] != "took 1 of 1" || a["planets_held"] != 1.0 {
		t.Errorf("attacker: %v, want took 1 of 1", a)
	}
	planets := r["planets"].([]any)
	if len(planets) != 1 || planets[0].(map[string]any)["taken"] != true || planets[0].(map[string]any)["attacker_left"] != "1 infantry" {
		t.Errorf("planets: %v", planets)
	}
	// Simulated with a seed: the same answer twice, within 4 standard
	// errors of the hand's.
	sim := append(append([]string{}, luckInvadeArgs...), "-n", "100000", "--seed", "9")
	a, b := luckJSON(t, sim...), luckJSON(t, sim...)
	if num(t, a, "result", "attacker", "this_or_worse") != num(t, b, "result", "attacker", "this_or_worse") {
		t.Error("the same seed gave two answers")
	}
	if a["result"].(map[string]any)["exact"] != false || num(t, a, "result", "trials") != 100000 {
		t.Errorf("not simulated: %v", a["result"])
	}
	want := lost + wiped + took1
	if got, se := num(t, a, "result", "attacker", "this_or_worse"), num(t, a, "result", "attacker", "se"); se <= 0 || math.Abs(got-want) > 4*se {
		t.Errorf("simulated this or worse %.4f ± %.4f, by hand %.4f", got, se, want)
	}
}

// TestLuckInvadeSystem: two planets, a fixed split. The ends are ranked
// by planets first: taking both planets with few infantry left is better
// for the attacker than taking one with every infantry left, so "took 2
// of 2" is never below the chance of taking fewer (the answer's own
// chance of taking both, from ti4sim invade, is the rest).
func TestLuckInvadeSystem(t *testing.T) {
	base := []string{"-a", "2 dreadnought, 2 carrier, 6 infantry", "--planet", "A: 3 infantry", "--planet", "B: 1 infantry",
		"--commit", "A: 4 infantry; B: 2 infantry"}
	m := luckJSON(t, append(append([]string{"luck", "invade"}, base...), "--attacker-left", "2 dreadnought, 2 carrier", "--defender-left", "",
		"--attacker-on", "A: 1 infantry", "--attacker-on", "b: 1 infantry")...)
	inv := luckJSON(t, append(append([]string{"invade"}, base...), "--exact")...)
	takeAll := num(t, inv, "take_all")
	worse := num(t, m, "result", "attacker", "this_or_worse")
	better := num(t, m, "result", "attacker", "this_or_better")
	if worse < 1-takeAll-1e-12 || better > takeAll+1e-12 {
		t.Errorf("took both: this or worse %.6f must be at least P(took fewer) %.6f; this or better %.6f at most P(took both) %.6f", worse, 1-takeAll, better, takeAll)
	}
	if d := m["result"].(map[string]any)["defender"].(map[string]any); d["outcome"] != "kept 0 of 2" {
		t.Errorf("defender: %v", d)
	}
}

func TestLuckInvadeGolden(t *testing.T) {
	cases := map[string][]string{
		"luck_invade_table": luckInvadeArgs,
		"luck_system_table": {"luck", "invade", "-a", "2 dreadnought, 2 carrier, 6 infantry", "--planet", "A: 3 infantry", "--planet", "B: 1 infantry",
			"--commit", "A: 4 infantry; B: 2 infantry", "--attacker-left", "2 dreadnought, 2 carrier", "--defender-left", "",
			"--attacker-on", "B: 2 infantry", "--defender-on", "A: 1 infantry"},
		"luck_system_simulated_json": {"luck", "invade", "-a", "2 dreadnought, 2 carrier, 6 infantry", "-d", "1 destroyer", "--planet", "A: 3 infantry", "--planet", "B: 1 infantry",
			"--attacker-left", "2 dreadnought, 2 carrier", "--defender-left", "", "--attacker-on", "A: 2 infantry", "--attacker-on", "B: 1 infantry", "-n", "20000", "--seed", "4", "-o", "json"},
	}
	goldenRuns(t, cases)
}

func TestLuckInvadeUsage(t *testing.T) {
	sys := []string{"luck", "invade", "-a", "2 dreadnought, 1 carrier, 2 infantry", "--planet", "A: 3 infantry", "--defender-left", ""}
	with := func(args ...string) []string { return append(append([]string{}, sys...), args...) }
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--attacker-left is missing", []string{"luck", "invade", "-a", "1 carrier", "-d", "1 infantry", "--defender-left", ""}},
		{`--attacker-on "C: 1 infantry": no planet is named "C"`, with("--attacker-left", "", "--attacker-on", "C: 1 infantry")},
		{"give \"UNITS\" without a name", []string{"luck", "invade", "-a", "1 carrier, 1 infantry", "-d", "1 infantry", "--attacker-left", "", "--defender-left", "", "--attacker-on", "X: 1 infantry"}},
		{"--attacker-on: planet \"a\" is given twice", with("--attacker-left", "", "--attacker-on", "A: 1 infantry", "--attacker-on", "a: 1 infantry")},
		{"--attacker-on \"A: 1 frigate\"", with("--attacker-left", "", "--attacker-on", "A: 1 frigate")},
		{"--attacker-on: cruiser: only ground forces", []string{"luck", "invade", "-a", "1 cruiser, 1 carrier, 1 infantry", "-d", "1 infantry", "--attacker-left", "", "--defender-left", "", "--attacker-on", "1 cruiser"}},
		{"--attacker-left: 3 infantry left in space and on the planets together, but the attacker had 2", with("--attacker-left", "2 infantry", "--attacker-on", "A: 1 infantry")},
		{"--defender-on: 4 infantry left on A, but the defender had 3 there", with("--attacker-left", "", "--defender-on", "A: 4 infantry")},
		{"--defender-left: infantry: the defender's ground forces", []string{"luck", "invade", "-a", "1 carrier, 1 infantry", "-d", "1 infantry", "--attacker-left", "", "--defender-left", "1 infantry"}},
		{"--attacker-retreat", with("--attacker-left", "", "--attacker-retreat", "after=1")},
		{"--attacker-on or --defender-on: only an invasion has planets", []string{"luck", "space", "-a", "1 cruiser", "-d", "1 cruiser", "--attacker-left", "", "--defender-left", "", "--attacker-on", "1 infantry"}},
		{"--planet", []string{"luck", "ground", "-a", "1 infantry", "-d", "1 infantry", "--attacker-left", "", "--defender-left", "", "--planet", "A: 1 infantry"}},
	} {
		usageFails(t, c.want, c.args...)
	}
}
