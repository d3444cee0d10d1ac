package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestTI3FriendlyFire (SA Friendly Fire): in the first round the
// opponent's fighters hit their own side for each die showing a natural 1
// to 4. With nobody able to score (modifier -9) and a one-round limit, 4
// fighters lose Binomial(4, 0.4): 2.4 left, SD √(4·0.4·0.6). The faces
// count whatever the modifiers: with +5 (fighters hit on a natural 4 or
// more) a natural 4 both hits the cruisers and backfires: the fighters
// still lose Binomial(4, 0.4) to their own dice, and the two cruisers
// lose the hits of the fighters and their carrier, Binomial(5, 0.7),
// capped at 2.
func TestTI3FriendlyFire(t *testing.T) {
	a := ti3Side(t, "2 cruiser")
	a.Modifier, a.Cards = -9, []string{"Friendly Fire"}
	d := ti3Side(t, "4 fighter")
	d.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), MaxRounds: 1, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 441)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter"), 2.4, math.Sqrt(4*0.4*0.6))
	near(t, "cruisers left", survivors(t, res.Attacker, "Cruiser"), 2, 0)
	sc.Defender = ti3Side(t, "1 carrier, 4 fighter") // the carrier keeps the fighters when the battle ends
	sc.Defender.Modifier = 5
	res = mustRun(t, sc, factionTrials, 442)
	near(t, "fighters left (+5)", survivors(t, res.Defender, "Fighter"), 2.4, math.Sqrt(4*0.4*0.6))
	// The cruisers left: 2 − E[min(H, 2)] for H ~ Binomial(5, 0.7), the
	// fighters' and the carrier's dice: 2·P(0) + P(1).
	p0, p1 := math.Pow(0.3, 5), 5*0.7*math.Pow(0.3, 4)
	e := 2*p0 + p1
	near(t, "cruisers left (+5)", survivors(t, res.Attacker, "Cruiser"), e, 1)
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "Friendly Fire") {
		t.Errorf("exact mode with Friendly Fire: %v", err)
	}
	// Only TI3 cards under ti3-sa, once each.
	for _, c := range [][]string{{"morale-boost-x"}, {"friendly-fire", "friendly fire"}, {"direct-hit-ii"}} {
		sc.Attacker.Cards = c
		if err := sc.Validate(); err == nil {
			t.Errorf("cards %q under ti3-sa: no error", c)
		}
	}
}

// TestTI3CombatCards checks each of the other TI3 action cards against a
// hand-derived value (cruisers at 7: 0.4; fighters and ground forces at
// 9 and 8).
func TestTI3CombatCards(t *testing.T) {
	card := func(sc combat.Scenario, side, c string) combat.Scenario {
		if side == "attacker" {
			sc.Attacker.Cards = []string{c}
		} else {
			sc.Defender.Cards = []string{c}
		}
		return sc
	}
	// Morale Boost: round 1 at 0.5 against 0.4 (win 0.3, go on 0.3), then
	// duel(0.4, 0.4); with no space battle, the invasion combat's round 1
	// at 0.4 against 0.3 (win 0.28, go on 0.42), then duel(0.3, 0.3).
	ti3Check(t, "Morale Boost", card(ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser"), "attacker", "morale-boost"), 0.3+0.3*duel(0.4, 0.4))
	ti3Check(t, "Morale Boost, ground", card(ti3Scenario(t, combat.Invasion, "1 gf", "1 gf"), "attacker", "Morale Boost"), 0.28+0.42*duel(0.3, 0.3))
	// Fighter Prototype: a fighter at 7 in round 1 (0.4 against 0.2), then
	// duel(0.2, 0.2).
	ti3MonteCarlo(t, "Fighter Prototype", card(ti3Scenario(t, combat.SpaceCombat, "1 fighter", "1 fighter"), "attacker", "fighter-prototype"), 0.4*0.8+0.6*0.8*duel(0.2, 0.2))
	// Recheck: the first miss rerolled: round 1 at 1 − 0.6², then 0.4.
	ti3MonteCarlo(t, "Recheck", card(ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser"), "attacker", "recheck"), 0.64*0.6+0.36*0.6*duel(0.4, 0.4))
	// Recheck with dice drawn one by one (Fighter Prototype's single-slot
	// modifier): one round where the defender cannot score, a fighter at 7
	// rerolls its miss: 2 fighters lose 1 with 1 − 0.6².
	fr := ti3Scenario(t, combat.SpaceCombat, "1 fighter", "2 fighter")
	fr.Attacker.Cards = []string{"fighter-prototype", "recheck"}
	leftAfterOneRound(t, "Recheck, die by die", fr, "Fighter", false, 2-0.64, math.Sqrt(0.64*0.36))
	// A Beacon of Hope: the Arborec flagship's 2 dice at 6, a 10 one hit
	// more: a die scores 0 (0.5), 1 (0.4) or 2 (0.1); 2 cruisers that
	// cannot score lose E[min(H, 2)] = 0.4 + 2·0.35 in a round.
	b := card(flagshipScenario(t, "arborec", "1 flagship", "2 cruiser"), "attacker", "a-beacon-of-hope")
	leftAfterOneRound(t, "A Beacon of Hope", b, "Cruiser", true, 2-(0.4+2*0.35), 0)
	// Overrun and Geomagnetic Mines: one ground round where nobody scores.
	g := ti3Scenario(t, combat.GroundCombat, "1 mu, 1 gf", "2 gf")
	g.MaxRounds, g.Attacker.Modifier, g.Defender.Modifier = 1, -9, -9
	exactNear(t, "Overrun", survivors(t, mustSolve(t, card(g, "attacker", "overrun")).Defender, "Ground Force"), 1)
	exactNear(t, "Geomagnetic Mines", survivors(t, mustSolve(t, card(g, "defender", "geomagnetic-mines")).Attacker, "Mechanized Unit"), 0)
	// Chemical Warfare: the dreadnought's bombardment leaves 3 or 2 ground
	// forces; half of them rounded up go, so one always remains against
	// the attacker's one: duel(0.3, 0.3) (a double kill keeps the planet
	// for the defender, TI3).
	ti3Check(t, "Chemical Warfare", card(ti3Scenario(t, combat.Invasion, "1 dreadnought, 1 carrier, 1 gf", "3 gf"), "attacker", "chemical-warfare"), duel(0.3, 0.3))
}
