package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of Last Bastion's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// The Egeiro: +1 to its combat rolls per non-home system with a planet
// Last Bastion controls. The flagship (9, Sustain Damage) with
// the-egeiro:4 hits on 5 (0.6) against a dreadnought (5: 0.6, Sustain
// Damage): 2 points and 1 die each, reference.PointDuelEnds. Without the count it hits on
// 9 (0.2), with a warning.
func TestTheEgeiro(t *testing.T) {
	for i, c := range []struct {
		cards []string
		p     float64
	}{{[]string{"the-egeiro:4"}, 0.6}, {nil, 0.2}} {
		lb := factionSide(t, "last-bastion", "1 flagship")
		lb.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: lb,
			Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
		win, draw := reference.EndsWinDraw(reference.PointDuelEnds(2, 2, reference.OneDie, reference.OneDie, c.p, 0.6))
		res := checkWinDraw(t, sc, 620+uint64(i), win, draw, true)
		modelled(t, res, "The Egeiro")
		if c.cards == nil {
			warned(t, res, "The Egeiro", "not given", "0 is assumed")
		}
	}
}

// Proxima Targeting VI, first text: 3 dreadnoughts (Bombardment 5: 0.6
// each) bombard 3 Last Bastion infantry, 1 of them galvanized; the
// attacker lands 3 infantry; neither side can hit in ground combat
// (modifier −9 on both: it does not touch bombardment), so the combat is
// unresolved and the infantry left are the bombardment's (the Last Bastion
// never have more ground forces than the attacker: the second text is not
// used).
// H ~ Bin(3, 0.6) hits (P(1) = 0.288, P(2) = 0.432, P(3) = 0.216), 1
// cancelled by the galvanized infantry: D = max(H − 1, 0) plain infantry
// (hit first) are destroyed: E[D] = 0.432 + 2·0.216 = 0.864,
// E[D²] = 0.432 + 4·0.216 = 1.296: 2 − 0.864 = 1.136 left; the galvanized
// one always lives. Without the technology D = min(H, 2): E = 0.288 +
// 2·0.648 = 1.584, E[D²] = 0.288 + 4·0.648 = 2.88: 0.416 left, and the
// galvanized one takes the third hit: it lives with 1 − 0.216.
func TestProximaTargetingCancels(t *testing.T) {
	for i, c := range []struct {
		techs             []string
		lost, lost2, galv float64
	}{{[]string{"proxima-targeting-vi"}, 0.864, 1.296, 1}, {nil, 1.584, 2.88, 0.784}} {
		lb := lastBastionSide(t, "3 infantry", "1 infantry", c.techs...)
		lb.Modifier = -9
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: combat.Side{Fleet: mustFleet(t, "3 dreadnought, 3 infantry"), Modifier: -9},
			Defender: lb}
		res := mustRun(t, sc, factionTrials, 700+uint64(i))
		modelled(t, res, "Proxima Targeting VI")
		near(t, "plain infantry left", survivors(t, res.Defender, "Infantry I"), 2-c.lost, math.Sqrt(c.lost2-c.lost*c.lost))
		near(t, "galvanized infantry left", survivors(t, res.Defender, "Infantry I (galvanized)"), c.galv, bernoulliSD(c.galv))
		if c.techs != nil {
			refused(t, sc, "Proxima Targeting VI")
		}
	}
}

// Proxima Targeting VI, second text, one ground combat round: 3 Last
// Bastion infantry (8: 0.3) attack 1 infantry (0.3). They have more ground
// forces, so they first roll 3 dice at 8 against the opponent (it lives
// with 0.7³ = 0.343), then B ~ Bin(3, 0.3) against themselves: 3 − B
// infantry are left to roll the round (with none left, no round), and the
// opponent's infantry lives the round with 0.7^(3−B):
// P = 0.343·Σ P(B=b)·0.7^(3−b). With one of the 3 galvanized (2 dice), the
// self-roll's hits are cancelled by 1: max(B − 1, 0) plain infantry are
// lost, and 2 − max(B−1, 0) + 2 dice roll the round. Not used: with a PDS
// (Planetary Shield) on the planet, P = 0.7³; with 1 infantry against 1
// (not more), P = 0.7.
func TestProximaTargetingRoll(t *testing.T) {
	plainP, galvP := 0.0, 0.0
	for b := 0; b <= 3; b++ {
		q := reference.BinomP(3, b, 0.3)
		plainP += q * math.Pow(0.7, float64(3-b))
		galvP += q * math.Pow(0.7, float64(2-max(b-1, 0)+2))
	}
	plainP *= 0.343
	galvP *= 0.343
	for i, c := range []struct {
		lb, galv, opp string
		lives         float64
	}{
		{"3 infantry", "", "1 infantry", plainP},
		{"3 infantry", "1 infantry", "1 infantry", galvP},
		{"3 infantry", "", "1 infantry, 1 pds", 0.343},
		{"1 infantry", "", "1 infantry", 0.7},
	} {
		sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
			Attacker: lastBastionSide(t, c.lb, c.galv, "proxima-targeting-vi"),
			Defender: combat.Side{Fleet: mustFleet(t, c.opp)}}
		res := mustRun(t, sc, factionTrials, 710+uint64(i))
		modelled(t, res, "Proxima Targeting VI")
		near(t, c.lb+" vs "+c.opp+": the opponent's infantry lives", survivors(t, res.Defender, "Infantry I"), c.lives, bernoulliSD(c.lives))
	}
}

// Phoenix Standard: a Last Bastion dreadnought (5: 0.6, Sustain Damage,
// capacity 1) carrying 1 infantry invades against a destroyer (9: 0.2)
// and 2 infantry. Space combat, from 1 point: only the dreadnought hits
// 0.48 (it lives), the destroyer hits 0.2 (it dies), neither 0.32:
// P1 = 0.48/0.68; from 2: the dreadnought hits 0.6 (it lives), only the
// destroyer 0.08 → 1 point, neither 0.32: P2 = (0.6 + 0.08·P1)/0.68.
// Without the dreadnought there is no invasion. A living dreadnought is
// galvanized at the combat's end and bombards with 2 dice at 5: X ~
// Bin(2, 0.6) infantry destroyed; then the Last Bastion infantry (8: 0.3)
// fights the 2 − X left (0.3 each): reference.PointDuelEnds. The Last Bastion take the
// planet with P2·Σ P(X = x)·W(1 against 2 − x). Raise the Standard gives a
// side with no faction the same; the Last Bastion listing their own note
// get Phoenix Standard only; the side with no faction and no note bombards
// with 1 die: X ~ Bin(1, 0.6).
func TestPhoenixStandard(t *testing.T) {
	p1 := 0.48 / 0.68
	p2 := (0.6 + 0.08*p1) / 0.68
	take := func(dice int) float64 {
		w := 0.0
		for x := 0; x <= dice; x++ {
			win, _ := reference.EndsWinDraw(reference.PointDuelEnds(1, 2-x, reference.DiePerPoint, reference.DiePerPoint, 0.3, 0.3))
			w += reference.BinomP(dice, x, 0.6) * win
		}
		return p2 * w
	}
	plain := combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry"), Cards: []string{"raise-the-standard"}}
	own := lastBastionSide(t, "1 dreadnought, 1 infantry", "")
	own.Cards = []string{"raise-the-standard"}
	none := combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry")}
	for i, a := range []combat.Side{lastBastionSide(t, "1 dreadnought, 1 infantry", ""), plain, own, none} {
		sc := combat.Scenario{Action: combat.Invasion, Attacker: a,
			Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer, 2 infantry")}}
		res := mustRun(t, sc, factionTrials, 720+uint64(i))
		modelled(t, res, "Phoenix Standard")
		modelled(t, res, "Raise the Standard")
		want := take(2)
		if i == 3 {
			want = take(1)
		} else {
			refused(t, sc, []string{"Phoenix Standard", "Raise the Standard", "Phoenix Standard"}[i])
		}
		near(t, "the attacker takes the planet", res.Outcome.AttackerWin.P, want, bernoulliSD(want))
		if i == 2 {
			warned(t, res, "Raise the Standard", "own promissory note")
		}
	}
	// In a space combat alone Phoenix Standard changes nothing, and exact
	// mode solves it: the dreadnought (2 points, 0.6) against the
	// destroyer (1 point, 0.2), reference.PointDuelEnds.
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: lastBastionSide(t, "1 dreadnought", ""),
		Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer")}}
	win, draw := reference.EndsWinDraw(reference.PointDuelEnds(2, 1, reference.OneDie, reference.OneDie, 0.6, 0.2))
	checkWinDraw(t, sc, 725, win, draw, true)
}

// A3 Valiance: a damaged, galvanized Last Bastion mech (6 (x2): 0.5 each)
// and 3 infantry (0.3), hit order mech first, defend against 2 infantry
// that always hit (modifier +9), 2 rounds at most. Round 1: the mech takes
// the first hit and is destroyed: 3 infantry become galvanized, one of
// which takes the second hit. The Last Bastion roll H1 = Bin(2, 0.5) +
// Bin(3, 0.3): a1 = max(2 − H1, 0) attackers are left. Round 2 (a1 > 0):
// the 2 galvanized infantry roll 4 dice at 8, H2 ~ Bin(4, 0.3), the
// attacker max(a1 − H2, 0) left; a1 of the Last Bastion infantry die. So
// E[attackers left] = Σ P(a1)·E[max(a1 − H2, 0)] and E[galvanized infantry
// left] = 2 − E[a1]. Under Articles of War the infantry stay plain (1 die
// each: H2 ~ Bin(2, 0.3)).
func TestA3Valiance(t *testing.T) {
	h1 := make([]float64, 6)
	for i := 0; i <= 2; i++ {
		for j := 0; j <= 3; j++ {
			h1[i+j] += reference.BinomP(2, i, 0.5) * reference.BinomP(3, j, 0.3)
		}
	}
	pa1 := []float64{0, h1[1], h1[0]} // P(a1 = 0, 1, 2)
	pa1[0] = 1 - pa1[1] - pa1[2]
	for i, c := range []struct {
		cards []string
		dice  int
		name  string
	}{{nil, 4, "Infantry I (galvanized)"}, {[]string{"articles-of-war"}, 2, "Infantry I"}} {
		left, sq, ea1 := 0.0, 0.0, 0.0
		for a1 := 1; a1 <= 2; a1++ {
			ea1 += pa1[a1] * float64(a1)
			for h2 := 0; h2 <= c.dice; h2++ {
				l := float64(max(a1-h2, 0))
				left += pa1[a1] * reference.BinomP(c.dice, h2, 0.3) * l
				sq += pa1[a1] * reference.BinomP(c.dice, h2, 0.3) * l * l
			}
		}
		lb := lastBastionSide(t, "1 mech (damaged), 3 infantry", "1 mech")
		order, err := combat.ParseOrder("mech, infantry")
		if err != nil {
			t.Fatal(err)
		}
		lb.Order = order
		sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 2,
			Attacker: combat.Side{Fleet: mustFleet(t, "2 infantry"), Modifier: 9, Cards: c.cards},
			Defender: lb}
		res := mustRun(t, sc, factionTrials, 730+uint64(i))
		modelled(t, res, "A3 Valiance")
		near(t, "attackers left", survivors(t, res.Attacker, "Infantry I"), left, math.Sqrt(sq-left*left))
		var a1sq float64
		for a1 := 1; a1 <= 2; a1++ {
			a1sq += pa1[a1] * float64(a1*a1)
		}
		near(t, "Last Bastion infantry left", survivors(t, res.Defender, c.name), 2-ea1, math.Sqrt(a1sq-ea1*ea1))
		if c.cards == nil {
			near(t, "plain infantry left", survivors(t, res.Defender, "Infantry I"), 0, 0)
			refused(t, sc, "A3 Valiance")
		}
	}
}

// Galvanize: a galvanized Last Bastion cruiser rolls 2 dice at 7: a
// dreadnought falls in one round to 2 hits, 0.16 (never to one cruiser
// die).
func TestGalvanize(t *testing.T) {
	a := factionSide(t, "last-bastion", "1 cruiser")
	a.Galvanized = mustFleet(t, "1 cruiser")
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 356)
	near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 0.84, bernoulliSD(0.84))
	survivors(t, res.Attacker, "Cruiser I (galvanized)")
	runAgreesWithExact(t, sc, 358)
	a.Faction = nil
	sc.Attacker = a
	refused(t, sc, "only the Last Bastion galvanize")
}
