package main

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// luckJSON runs a luck command with -o json and decodes its answer.
func luckJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, errOut, code := runCLI(t, append(args, "-o", "json")...)
	if code != exitOK {
		t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%q: %v\n%s", args, err, out)
	}
	return m
}

func num(t *testing.T, m map[string]any, path ...string) float64 {
	t.Helper()
	var v any = m
	for _, p := range path {
		v = v.(map[string]any)[p]
	}
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("%v: %v is not a number", path, v)
	}
	return f
}

// groundChain enumerates the end states of a ground combat of a attacker
// infantry against d defender infantry (each die hits on 8: p = 0.3), round
// by round for LuckRounds rounds, by its own Markov chain: each round both
// sides roll one die per infantry, hits remove infantry at once. It
// returns the probability of each (attacker, defender) count at the end.
func groundChain(a, d, rounds int) map[[2]int]float64 {
	binom := func(n, k int, p float64) float64 {
		c := 1.0
		for i := range k {
			c = c * float64(n-i) / float64(i+1)
		}
		return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	cur := map[[2]int]float64{{a, d}: 1}
	for range rounds {
		next := map[[2]int]float64{}
		for s, q := range cur {
			if s[0] == 0 || s[1] == 0 {
				next[s] += q
				continue
			}
			for ha := 0; ha <= s[0]; ha++ {
				for hd := 0; hd <= s[1]; hd++ {
					to := [2]int{max(0, s[0]-hd), max(0, s[1]-ha)}
					next[to] += q * binom(s[0], ha, 0.3) * binom(s[1], hd, 0.3)
				}
			}
		}
		cur = next
	}
	return cur
}

// TestLuckGroundByEnumeration: 3 infantry against 2; the attacker ends
// with 1 infantry and the defender with none. For the attacker, worse is
// every end where it lost, drew (or the combat is unfinished) or won with
// at most 1 infantry (kept 0.5); equal is won with exactly 1.
func TestLuckGroundByEnumeration(t *testing.T) {
	ends := groundChain(3, 2, answer.LuckRounds)
	var worseOrEqual, equal, defWorseOrEqual, lost, lostSq float64
	for s, q := range ends {
		attWon := s[0] > 0 && s[1] == 0
		if !attWon || s[0] <= 1 {
			worseOrEqual += q
		}
		if attWon && s[0] == 1 {
			equal += q
		}
		// The defender lost with nothing: worse are the defender's losses
		// where the attacker kept at least 1 infantry (2 or 3 kept by the
		// attacker are worse; 1 is equal).
		if attWon && s[0] >= 1 {
			defWorseOrEqual += q
		}
		l := float64(3-s[0]) * 0.5
		lost += q * l
		lostSq += q * l * l
	}
	m := luckJSON(t, "luck", "ground", "-a", "3 infantry", "-d", "2 infantry", "--attacker-left", "1 infantry", "--defender-left", "")
	r := m["result"].(map[string]any)
	if r["exact"] != true {
		t.Fatalf("not exact: %v", r)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"attacker this or worse", num(t, r, "attacker", "this_or_worse"), worseOrEqual},
		{"attacker percentile", num(t, r, "attacker", "percentile"), worseOrEqual - equal/2},
		{"observed p", num(t, r, "observed_p"), equal},
		{"defender this or worse", num(t, r, "defender", "this_or_worse"), defWorseOrEqual},
		{"attacker expected lost", num(t, r, "attacker", "expected_resources_lost"), lost},
		{"attacker lost", num(t, r, "attacker", "resources_lost"), 1},
	} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("%s = %.15g, enumeration %.15g", c.name, c.got, c.want)
		}
	}
	if r["attacker"].(map[string]any)["outcome"] != "won" || r["defender"].(map[string]any)["outcome"] != "lost" {
		t.Errorf("outcomes %v", r)
	}
}

// TestLuckRoundsExact: LuckRounds is the most rounds the exact solver
// follows (the states are exact); one more is refused.
func TestLuckRoundsExact(t *testing.T) {
	f, err := units.ParseFleet("2 infantry")
	if err != nil {
		t.Fatal(err)
	}
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: answer.LuckRounds, Attacker: combat.Side{Fleet: f}, Defender: combat.Side{Fleet: f}}
	if res, err := combat.Solve(context.Background(), sc); err != nil || len(res.States) == 0 {
		t.Fatalf("Solve with %d rounds: %v (%d states)", sc.MaxRounds, err, len(res.States))
	}
	sc.MaxRounds++
	if _, err := combat.Solve(context.Background(), sc); err == nil {
		t.Errorf("Solve with %d rounds: no error; LuckRounds could be larger", sc.MaxRounds)
	}
}

// TestLuckRollAndTotals: the roll of the help (by hand in combat/luck) and
// totals whose worst case is 0.9^20 (20 dice at 10, no hit).
func TestLuckRollAndTotals(t *testing.T) {
	r := luckJSON(t, "luck", "roll", "--dice", "3 at 6, 2 at 9", "--hits", "1")
	if got := num(t, r, "roll", "at_most"); math.Abs(got-0.36) > 1e-12 {
		t.Errorf("P(≤1) = %v, want 0.36", got)
	}
	if got := num(t, r, "roll", "at_least"); math.Abs(got-0.92) > 1e-12 {
		t.Errorf("P(≥1) = %v, want 0.92", got)
	}
	tt := luckJSON(t, "luck", "totals", "--expected-x10", "20", "--actual", "0")
	if got := num(t, tt, "totals", "at_most_this_common"); math.Abs(got-math.Pow(0.9, 20)) > 1e-12 {
		t.Errorf("worst = %v, want 0.9^20", got)
	}
}

func TestLuckGolden(t *testing.T) {
	cases := map[string][]string{
		"luck_space_table":  {"luck", "space", "-a", "2 dreadnought, 2 cruiser", "-d", "3 destroyer, 2 cruiser", "--attacker-left", "", "--defender-left", "1 cruiser"},
		"luck_ground_json":  {"luck", "ground", "-a", "5 infantry", "-d", "3 infantry", "--attacker-left", "1 infantry", "--defender-left", "", "-o", "json"},
		"luck_roll_table":   {"luck", "roll", "--dice", "3 at 6, 2 at 9 reroll", "--hits", "0"},
		"luck_totals_table": {"luck", "totals", "--expected-x10", "512", "--actual", "38"},
		"luck_simulated_table": {"luck", "space", "-a", "2 dreadnought, 2 cruiser", "-d", "3 destroyer, 2 cruiser", "--attacker-left", "1 dreadnought (1 damaged)",
			"--defender-left", "", "-n", "20000", "--seed", "3"},
	}
	goldenRuns(t, cases)
}

func TestLuckUsage(t *testing.T) {
	for _, c := range []struct {
		want string
		args []string
	}{
		{"name the action first", []string{"luck"}},
		{"unknown question", []string{"luck", "fly"}},
		{"--attacker-left is missing", []string{"luck", "invade", "-a", "1 carrier", "-d", "1 infantry"}},
		{"--attacker-left is missing", []string{"luck", "space", "-a", "1 cruiser", "-d", "1 cruiser", "--defender-left", ""}},
		{"give the battle", []string{"luck", "space", "--attacker-left", "", "--defender-left", ""}},
		{"--attacker-left: 2 cruiser left, but the side had 1", []string{"luck", "space", "-a", "1 cruiser", "-d", "1 cruiser", "--attacker-left", "2 cruiser", "--defender-left", ""}},
		{"--attacker-left:", []string{"luck", "space", "-a", "1 cruiser", "-d", "1 cruiser", "--attacker-left", "2 spaceship", "--defender-left", ""}},
		{"--dice: item 2", []string{"luck", "roll", "--dice", "3 at 6, 2 on 9", "--hits", "1"}},
		{"--hits: 6 out of range: allowed 0..5", []string{"luck", "roll", "--dice", "3 at 6, 2 at 9", "--hits", "6"}},
		{"--hits is missing", []string{"luck", "roll", "--dice", "3 at 6"}},
		{"--seed: not a flag of luck roll", []string{"luck", "roll", "--dice", "3 at 6", "--hits", "1", "--seed", "2"}},
		{"--actual: actual hits 9 out of range: allowed 0..5", []string{"luck", "totals", "--expected-x10", "5", "--actual", "9"}},
		{"--expected-x10", []string{"luck", "totals", "--expected-x10", "-1", "--actual", "0"}},
		{"--dice: a flag of luck roll", []string{"luck", "space", "-a", "1 cruiser", "-d", "1 cruiser", "--attacker-left", "", "--defender-left", "", "--dice", "at 5"}},
		{"--defender-retreat: luck ranks combats fought to their end", []string{"luck", "space", "-a", "1 cruiser", "-d", "1 cruiser", "--attacker-left", "", "--defender-left", "", "--defender-retreat", "after=2"}},
		{"-a", []string{"luck", "space", "-a", "1 spaceship", "-d", "1 cruiser", "--attacker-left", "", "--defender-left", ""}},
	} {
		usageFails(t, c.want, c.args...)
	}
	// roll.hits is named --hits, never --dice (roll's flag): every time,
	// whatever order a map gives.
	for range 20 {
		usageFails(t, "--hits: 4 out of range", "luck", "roll", "--dice", "3 at 6", "--hits", "4")
	}
}
