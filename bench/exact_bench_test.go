package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// runSolve solves sc exactly b.N times and reports solves/s.
func runSolve(b *testing.B, sc combat.Scenario) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := combat.Solve(context.Background(), sc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExactSpaceStandard solves the README's standard space combat.
func BenchmarkExactSpaceStandard(b *testing.B) {
	runSolve(b, scenario(b, combat.SpaceCombat, spaceStandard))
}

// BenchmarkExactInvasion solves the README's standard invasion.
func BenchmarkExactInvasion(b *testing.B) {
	runSolve(b, scenario(b, combat.Invasion, invadeStd))
}

// BenchmarkExactSpaceHuge solves the battle whose product of state spaces
// is 37 million joint states (2,430 × 15,288): exact mode visits only the
// states it reaches.
func BenchmarkExactSpaceHuge(b *testing.B) {
	runSolve(b, scenario(b, combat.SpaceCombat, [2]string{"2 war sun, 4 dreadnought, 2 carrier, 8 fighter", "6 cruiser, 6 destroyer, 3 carrier, 12 fighter, 2 dreadnought"}))
}

// BenchmarkExactSpaceDenseCodes solves the largest bench battle, 2 war
// suns, 6 dreadnoughts, 4 carriers, 16 fighters and 4 cruisers against 8
// cruisers, 8 destroyers, 4 carriers, 16 fighters and 4 dreadnoughts, whose
// sides' unit states multiply past a joint code (71,400 × 103,275 > 2^32):
// exact mode numbers the states each side reaches as it meets them
// (densecodes.go): 169 and 45, at most 7,605 joint states.
func BenchmarkExactSpaceDenseCodes(b *testing.B) {
	runSolve(b, scenario(b, combat.SpaceCombat, [2]string{"2 war sun, 6 dreadnought, 4 carrier, 16 fighter, 4 cruiser", "8 cruiser, 8 destroyer, 4 carrier, 16 fighter, 4 dreadnought"}))
}

// BenchmarkExactRounds solves a space combat that can return to a state
// it was in, so that exact mode carries it forward round by round
// (fightRounds) instead of settling each state once: the attacker's
// Duranium Armor repairs a unit after the hits, and both sides hold
// Shields Holding and Direct Hit, whose copies left are in the state.
func BenchmarkExactRounds(b *testing.B) {
	sc := scenario(b, combat.SpaceCombat, [2]string{"3 dreadnought, 2 carrier, 6 fighter, 2 cruiser", "3 dreadnought, 4 cruiser, 6 fighter"})
	sc.Attacker.Techs = []string{"duranium-armor"}
	sc.Attacker.Cards = []string{"shields-holding:1", "direct-hit:1"}
	sc.Defender.Cards = []string{"shields-holding:1", "direct-hit:1"}
	runSolve(b, sc)
}

// unseenBattle draws a space combat of up to 30 units a side (war suns,
// dreadnoughts, cruisers, destroyers, carriers, fighters) with random unit
// upgrades, from a seeded stream: battles chosen by no one, for the exact
// solver's targets.
func unseenBattle(b testing.TB, rng *rand.Rand) combat.Scenario {
	kinds := []struct {
		name string
		most int
	}{{"war sun", 2}, {"dreadnought", 6}, {"cruiser", 8}, {"destroyer", 8}, {"carrier", 4}, {"fighter", 10}}
	var f [2]string
	var techs [2][]string
	for side := range f {
		left := 10 + rng.IntN(21)
		var parts []string
		for _, k := range kinds {
			n := min(left, rng.IntN(k.most+1))
			if n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, k.name))
				left -= n
			}
		}
		if len(parts) == 0 {
			parts = []string{"1 cruiser"}
		}
		f[side] = strings.Join(parts, ", ")
		techs[side] = randomUpgrades(rng)
	}
	sc := scenario(b, combat.SpaceCombat, f)
	sc.Attacker.Techs, sc.Defender.Techs = techs[0], techs[1]
	return sc
}

// randomUpgrades draws each ship upgrade with chance 1/3.
func randomUpgrades(rng *rand.Rand) []string {
	var techs []string
	for _, u := range []string{"dreadnought-ii", "cruiser-ii", "destroyer-ii", "carrier-ii", "fighter-ii"} {
		if rng.IntN(3) == 0 {
			techs = append(techs, u)
		}
	}
	return techs
}

// BenchmarkExactUnseen solves 20 unseen battles of up to 30 units a side
// (unseenBattle, seed 16).
func BenchmarkExactUnseen(b *testing.B) {
	rng := rand.New(rand.NewPCG(16, 20))
	for i := range 20 {
		sc := unseenBattle(b, rng)
		b.Run(fmt.Sprintf("battle=%02d", i+1), func(b *testing.B) { runSolve(b, sc) })
	}
}

// BenchmarkOptimalBestResponse finds the attacker's best hit assignment in
// the battle of BenchmarkExactSpaceHuge (both solves of Optimize).
func BenchmarkOptimalBestResponse(b *testing.B) {
	sc := scenario(b, combat.SpaceCombat, [2]string{"2 war sun, 4 dreadnought, 2 carrier, 8 fighter", "6 cruiser, 6 destroyer, 3 carrier, 12 fighter, 2 dreadnought"})
	sc.Attacker.Order.Optimal = true
	for b.Loop() {
		if _, err := combat.Optimize(context.Background(), sc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExactUnseenPerRound solves the 20 battles of BenchmarkExactUnseen
// each with per-round state, in turn: a round limit of 3, the attacker
// retreating after round 2, the defender retreating when losing, Morale
// Boost (2 copies) for the attacker, and Duranium Armor for the defender
// (settled round by round).
func BenchmarkExactUnseenPerRound(b *testing.B) {
	rng := rand.New(rand.NewPCG(16, 20))
	for i := range 20 {
		sc := unseenBattle(b, rng)
		what := [...]string{"rounds", "after", "losing", "morale", "duranium"}[i%5]
		switch what {
		case "rounds":
			sc.MaxRounds = 3
		case "after":
			sc.Attacker.Retreat = combat.Retreat{AfterRound: 2}
		case "losing":
			sc.Defender.Retreat = combat.Retreat{WhenLosing: true}
		case "morale":
			sc.Attacker.Cards = []string{"morale-boost:2"}
		case "duranium":
			sc.Defender.Techs = append(sc.Defender.Techs, "duranium-armor")
		}
		b.Run(fmt.Sprintf("battle=%02d/%s", i+1, what), func(b *testing.B) { runSolve(b, sc) })
	}
}

// BenchmarkExactMirrored solves the slowest 30-unit battle found: two equal
// fleets of 8 dreadnoughts, 6 cruisers, 6 destroyers and 10 fighters (the
// barrage and Sustain Damage make each side's states two-dimensional).
func BenchmarkExactMirrored(b *testing.B) {
	f := "8 dreadnought, 6 cruiser, 6 destroyer, 10 fighter"
	runSolve(b, scenario(b, combat.SpaceCombat, [2]string{f, f}))
}

// BenchmarkOptimalBothSides answers the both-sides-optimal question of
// docs/performance.md: `2 dreadnought, 3 cruiser, 4 fighter, 1 carrier`
// against `2 dreadnought, 2 destroyer, 4 fighter, 1 carrier`, both sides
// choosing their casualties at once each round (a zero-sum game per state
// and pair of hit counts) — all of Optimize: the solve by the orders, the
// game's solve and the decisions listed.
func BenchmarkOptimalBothSides(b *testing.B) {
	sc := scenario(b, combat.SpaceCombat, [2]string{"2 dreadnought, 3 cruiser, 4 fighter, 1 carrier", "2 dreadnought, 2 destroyer, 4 fighter, 1 carrier"})
	sc.Attacker.Order.Optimal, sc.Defender.Order.Optimal = true, true
	b.ReportAllocs()
	for b.Loop() {
		if _, err := combat.Optimize(context.Background(), sc); err != nil {
			b.Fatal(err)
		}
	}
}
