package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The AsyncTI4 bot's exact calculator, ti4/ai/eval/CombatOdds.java, and its
// tests, src/test/java/ti4/ai/eval/CombatOddsTest.java, in
// AsyncTI4/TI4_map_generator_bot at commit
// d65fe16a0d5e4f31b9cf653edfaa0e9d9b6d81c5 (Unlicense). Its combatants are
// Dreadnought I (hits on 5, sustain), Cruiser I (7), Fighter I (9),
// Fighter II (8) and Infantry I (8); its model has no faction, anti-fighter
// barrage, space cannon or roll modifiers, stops after 60 rounds, drops
// states below 1e-7 and credits what is left to the defender. Its figures
// are asserted bounds (one closed form: 0.375 and 0.25); each row below
// checks that ti4sim's figure meets the bot's assertion.

// botOddsRow is one assertion of CombatOddsTest and ti4sim's figures for it.
type botOddsRow struct {
	test  string   // the bot's test method
	claim string   // what the bot asserts, as the docs table says it
	runs  []botRun // ti4sim's battles, in the order the claim names them
	check func(f []botFigure) error
	note  string // where the models differ, or "" where they agree
}

// botRun is one ti4sim command line (without --exact / -n, added here).
type botRun struct {
	label   string
	args    []string
	sampled bool // the effect acts when units are destroyed: sampled, not exact
}

// botFigure is ti4sim's answer to a botRun.
type botFigure struct {
	a, draw, d float64
	lo, hi     float64 // attacker's 95% interval when sampled
	sampled    bool
}

var botOddsRows = []botOddsRow{
	{test: "outcomesAddUpToOne", claim: "attacker + defender + both destroyed within 1e-4 of 1",
		runs: []botRun{{"1 cruiser, 1 fighter vs 1 dreadnought", []string{"space", "-a", "1 cruiser, 1 fighter", "-d", "1 dreadnought"}, false}},
		check: func(f []botFigure) error {
			if s := f[0].a + f[0].draw + f[0].d; math.Abs(s-1) > 1e-12 {
				return fmt.Errorf("sum %v, want 1", s)
			}
			return nil
		},
		note: "ti4sim's sum is 1 to 1e-12: it neither caps the rounds at 60 nor drops states under 1e-7; it warns that the fighter has no carrier (removed after the combat, so the odds are the same)"},
	{test: "identicalSidesAreEvenlyMatched", claim: "attacker wins = defender wins within 1e-6",
		runs: []botRun{{"1 cruiser vs 1 cruiser", []string{"space", "-a", "1 cruiser", "-d", "1 cruiser"}, false}},
		check: func(f []botFigure) error {
			if math.Abs(f[0].a-f[0].d) > 1e-12 {
				return fmt.Errorf("attacker %v, defender %v", f[0].a, f[0].d)
			}
			return nil
		}},
	{test: "matchesTheClosedFormForASingleDuel", claim: "attacker wins 0.375, both destroyed 0.25 (within 1e-4)",
		runs: []botRun{{"1 cruiser vs 1 cruiser", []string{"space", "-a", "1 cruiser", "-d", "1 cruiser"}, false}},
		check: func(f []botFigure) error {
			// 0.4·0.6/(1−0.6²) = 0.375 and 0.4²/(1−0.6²) = 0.25.
			if math.Abs(f[0].a-0.375) > 1e-12 || math.Abs(f[0].draw-0.25) > 1e-12 {
				return fmt.Errorf("attacker %v, draw %v", f[0].a, f[0].draw)
			}
			return nil
		}},
	{test: "overwhelmingForceAlmostAlwaysWins", claim: "attacker wins > 0.95",
		runs:  []botRun{{"3 dreadnought vs 1 fighter", []string{"space", "-a", "3 dreadnought", "-d", "1 fighter"}, false}},
		check: func(f []botFigure) error { return above(f[0].a, 0.95) }},
	{test: "sustainDamageHelps", claim: "dreadnought vs cruiser > cruiser vs cruiser",
		runs: []botRun{
			{"1 dreadnought vs 1 cruiser", []string{"space", "-a", "1 dreadnought", "-d", "1 cruiser"}, false},
			{"1 cruiser vs 1 cruiser", []string{"space", "-a", "1 cruiser", "-d", "1 cruiser"}, false}},
		check: func(f []botFigure) error { return above(f[0].a, f[1].a) }},
	{test: "moreInfantryWinsGroundCombatMoreOften", claim: "4 infantry vs 1 > 2 infantry vs 1",
		runs: []botRun{
			{"4 infantry vs 1 infantry", []string{"ground", "-a", "4 infantry", "-d", "1 infantry"}, false},
			{"2 infantry vs 1 infantry", []string{"ground", "-a", "2 infantry", "-d", "1 infantry"}, false}},
		check: func(f []botFigure) error { return above(f[0].a, f[1].a) }},
	{test: "doubledHitsTurnAGroundFight", claim: "3 infantry vs 4: plain < 0.35, X-89 ΩΩ > 0.5",
		runs: []botRun{
			{"3 infantry vs 4 infantry", []string{"ground", "-a", "3 infantry", "-d", "4 infantry"}, false},
			{"the same, attacker with X-89 ΩΩ", []string{"ground", "-a", "3 infantry", "-d", "4 infantry", "--attacker-tech", "x89-bacterial-weapon"}, false}},
		check: func(f []botFigure) error {
			if err := above(0.35, f[0].a); err != nil {
				return err
			}
			return above(f[1].a, 0.5)
		},
		note: "agree on ground combat; ti4sim's ΩΩ text (the default printing, x89=omega2) doubles bombardment hits too, which this fight has none of"},
	{test: "duraniumArmorRepairsBetweenRounds", claim: "2 dreadnought vs 4 cruiser: Duranium Armor > plain + 0.03",
		runs: []botRun{
			{"2 dreadnought vs 4 cruiser", []string{"space", "-a", "2 dreadnought", "-d", "4 cruiser"}, false},
			{"the same, attacker with Duranium Armor", []string{"space", "-a", "2 dreadnought", "-d", "4 cruiser", "--attacker-tech", "duranium-armor"}, false}},
		check: func(f []botFigure) error { return above(f[1].a, f[0].a+0.03) }},
	{test: "anUpgradeAfterTheFirstKillHelpsTheRestOfTheFight", claim: "6 fighters vs 3 cruisers: never < upgraded after the first kill < always upgraded",
		runs: []botRun{
			{"6 fighter vs 3 cruiser", []string{"space", "-a", "6 fighter", "-d", "3 cruiser"}, false},
			{"Nekro, defender owns Fighter II (Technological Singularity)", []string{"space", "-a", "6 fighter", "-d", "3 cruiser", "--attacker-faction", "nekro", "--defender-tech", "fighter-ii"}, true},
			{"6 fighter II vs 3 cruiser", []string{"space", "-a", "6 fighter", "-d", "3 cruiser", "--attacker-tech", "fighter-ii"}, false}},
		check: func(f []botFigure) error {
			// The sampled figure's whole 95% interval lies between the exact ones.
			if err := above(f[1].lo, f[0].a); err != nil {
				return err
			}
			return above(f[2].a, f[1].hi)
		},
		note: "ti4sim plays the card text: the Nekro copies a technology the opponent owns after its first unit is destroyed; an effect on destruction is sampled (200,000 trials, seed 1), not exact"},
	{test: "anEmptySideLosesImmediately", claim: "no attacker: attacker wins 0; no defender: attacker wins 1",
		check: nil,
		note:  "not comparable: ti4sim refuses a battle with an empty side as an input error (exit 2) rather than answer it"},
}

func above(x, y float64) error {
	if x > y {
		return nil
	}
	return fmt.Errorf("%v is not above %v", x, y)
}

// TestAsyncTI4CombatOdds answers each battle of the bot's CombatOddsTest
// with ti4sim, checks the bot's assertion against ti4sim's figures, and
// checks that docs/asyncti4.md's table is the one these figures give (-update
// rewrites it).
func TestAsyncTI4CombatOdds(t *testing.T) {
	var table strings.Builder
	table.WriteString("| the bot's test | its assertion | ti4sim (exact unless said) | agrees |\n|---|---|---|---|\n")
	for _, row := range botOddsRows {
		var figs []botFigure
		var cells []string
		for _, r := range row.runs {
			f := runBotBattle(t, r)
			figs = append(figs, f)
			cells = append(cells, botCell(r, f))
		}
		verdict := "yes"
		if row.check == nil {
			verdict = "—"
			_, _, code := runCLI(t, "space", "-a", "", "-d", "1 fighter", "--exact")
			if code != 2 {
				t.Errorf("%s: an empty attacker exits %d, want 2", row.test, code)
			}
			cells = append(cells, "refused: empty fleet")
		} else if err := row.check(figs); err != nil {
			t.Errorf("%s: ti4sim's figures break the bot's assertion %q: %v", row.test, row.claim, err)
			verdict = "no"
		}
		if row.note != "" {
			verdict += ": " + row.note
		}
		fmt.Fprintf(&table, "| `%s` | %s | %s | %s |\n", row.test, row.claim, strings.Join(cells, "; "), verdict)
	}
	compareGeneratedSection(t, filepath.Join("docs", "asyncti4.md"), "combatodds", table.String())
}

func runBotBattle(t *testing.T, r botRun) botFigure {
	t.Helper()
	args := append([]string{}, r.args...)
	if r.sampled {
		args = append(args, "-n", "200000", "--seed", "1")
	} else {
		args = append(args, "--exact")
	}
	out, errOut, code := runCLI(t, append(args, "-o", "json")...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", r.label, code, errOut)
	}
	var res struct {
		Exact    bool    `json:"exact"`
		Attacker float64 `json:"attacker_win"`
		Draw     float64 `json:"draw"`
		Defender float64 `json:"defender_win"`
		CI       struct {
			Attacker [2]float64 `json:"attacker_win"`
		} `json:"ci95"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%s: %v", r.label, err)
	}
	if res.Exact == r.sampled {
		t.Fatalf("%s: exact %v, want %v", r.label, res.Exact, !r.sampled)
	}
	return botFigure{a: res.Attacker, draw: res.Draw, d: res.Defender, lo: res.CI.Attacker[0], hi: res.CI.Attacker[1], sampled: r.sampled}
}

func botCell(r botRun, f botFigure) string {
	if f.sampled {
		return fmt.Sprintf("%s: attacker %.4f (95%% %.4f–%.4f)", r.label, f.a, f.lo, f.hi)
	}
	return fmt.Sprintf("%s: attacker %.6f, both destroyed %.6f, defender %.6f", r.label, f.a, f.draw, f.d)
}

// compareGeneratedSection checks that the file (relative to the repository's
// root) holds want between the lines "<!-- BEGIN name -->" and
// "<!-- END name -->"; with -update it rewrites that part.
func compareGeneratedSection(t *testing.T, rel, name, want string) {
	t.Helper()
	path := filepath.Join(repoRoot, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := "<!-- BEGIN "+name+" -->\n", "<!-- END "+name+" -->"
	i, j := strings.Index(string(data), begin), strings.Index(string(data), end)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q … %q section", rel, begin, end)
	}
	got := string(data[i+len(begin) : j])
	if got == want {
		return
	}
	if *update {
		out := string(data[:i+len(begin)]) + want + string(data[j:])
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's %s table is not what the figures give (run `go test ./cmd/ti4sim -run TestAsyncTI4CombatOdds -update`):\n got %q\nwant %q", rel, name, got, want)
}
