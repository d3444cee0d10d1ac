package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the Barony of Letnev's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Non-Euclidean Shielding: one use of Sustain Damage cancels 2 hits, so a
// dreadnought facing 2 cruisers cannot die in round 1 (it would need 3
// hits); without it, 2 hits (0.4² = 0.16) destroy it.
func TestNonEuclideanShielding(t *testing.T) {
	for _, c := range []struct {
		techs []string
		left  float64
	}{{[]string{"non-euclidean-shielding"}, 1}, {nil, 0.84}} {
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
			Attacker: factionSide(t, "letnev", "1 dreadnought", c.techs...), Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser")}}
		mc := mustRun(t, sc, 100000, 24)
		got := mc.Attacker.Survivors[0].Expected.Value
		if se := math.Max(math.Sqrt(c.left*(1-c.left)/100000), 1e-9); math.Abs(got-c.left) > 4*se {
			t.Errorf("techs %v: dreadnought left after round 1 = %.5f, want %.2f", c.techs, got, c.left)
		}
	}
}

// Arc Secundus is repaired at the start of every space combat round.
// Given damaged, it is repaired before round 1: against 2 cruisers (0.4
// each) it dies in round 1 only to 2 hits, 0.16, so 0.84 are left (0.36
// without the repair). Over 2 rounds against 3 cruisers: round 1 it
// survives 0 or 1 hit, 0.648; its 2 dice on 5 with Munitions Reserves'
// reroll (1 − 0.4² = 0.84 each) kill A ~ Bin(2, 0.84) cruisers; repaired,
// it survives round 2 unless 2 of the 3 − A cruisers hit.
func TestArcSecundus(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "letnev", "1 flagship (damaged)", nil, nil),
		Defender: factionSideCards(t, "", "2 cruiser", nil, nil)}
	res := mustRun(t, sc, factionTrials, 303)
	near(t, "damaged Arc Secundus left after round 1", res.Attacker.Survivors[0].Expected.Value, 0.84, bernoulliSD(0.84))
	modelled(t, res, "Arc Secundus")

	atMost1 := func(n int) float64 { return reference.BinomP(n, 0, 0.4) + reference.BinomP(n, 1, 0.4) }
	want := 0.0
	for a := 0; a <= 2; a++ {
		want += reference.BinomP(2, a, 0.84) * atMost1(3-a)
	}
	want *= atMost1(3)
	sc.MaxRounds = 2
	sc.Attacker = factionSideCards(t, "letnev", "1 flagship", nil, nil)
	sc.Attacker.TradeGoods = 4 // Munitions Reserves in both rounds
	sc.Defender = factionSideCards(t, "", "3 cruiser", nil, nil)
	res = mustRun(t, sc, factionTrials, 304)
	near(t, "Arc Secundus left after round 2", res.Attacker.Survivors[0].Expected.Value, want, bernoulliSD(want))
	sc.MaxRounds = 0
	refused(t, sc, "start or end of combat rounds")
}

// Munitions Reserves: every missed die of the Letnev's space combat rounds
// (and of the barrage) is rerolled once. A cruiser (7: 0.4) then hits
// 1 − 0.6² = 0.64: one round against a cruiser leaves it 0.36 (0.6
// without). To the end: A-only 0.64·0.6 = 0.384, D-only 0.36·0.4 = 0.144,
// so the Letnev win 0.384/0.784. A destroyer's barrage (9 ×2) and its combat
// die (9) hit 0.36 each with the reroll: against a carrier and 2 fighters,
// fighters left after round 1 = P(X=0)·(2 − 0.36) + P(X=1)·(1 − 0.36) with
// X ~ Bin(2, 0.36) barrage hits (1.2544 without the reroll). Each round
// costs 2 trade goods: with only 2, the cruisers fight round 1 with the
// reroll (A-only 0.384, none 0.36·0.6 = 0.216) and then evenly (0.24/0.64
// = 0.375): the Letnev win 0.384 + 0.216·0.375 = 0.465. Without trade goods
// it does nothing and says so.
func TestMunitionsReserves(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "letnev", "1 cruiser", nil, nil),
		Defender: factionSideCards(t, "", "1 cruiser", nil, nil)}
	sc.Attacker.TradeGoods = 99
	res := mustRun(t, sc, factionTrials, 305)
	near(t, "cruiser left after a Letnev round", res.Defender.Survivors[0].Expected.Value, 0.36, bernoulliSD(0.36))
	modelled(t, res, "Munitions Reserves")
	sc.MaxRounds = 0
	res = mustRun(t, sc, factionTrials, 306)
	near(t, "Letnev cruiser wins", res.Outcome.AttackerWin.P, 0.384/0.784, bernoulliSD(0.384/0.784))
	refused(t, sc, "start or end of combat rounds")
	sc.Attacker.TradeGoods = 2
	res = mustRun(t, sc, factionTrials, 316)
	near(t, "Letnev cruiser wins with 2 trade goods", res.Outcome.AttackerWin.P, 0.465, bernoulliSD(0.465))
	sc.Attacker.TradeGoods = 1
	res = mustRun(t, sc, factionTrials, 317)
	near(t, "Letnev cruiser wins with 1 trade good", res.Outcome.AttackerWin.P, 0.375, bernoulliSD(0.375))
	warned(t, res, "Munitions Reserves", "does nothing", "trade goods")

	sc = combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "letnev", "1 destroyer", nil, nil),
		Defender: factionSideCards(t, "", "1 carrier, 2 fighter", nil, nil)}
	sc.Attacker.TradeGoods = 2
	want := reference.BinomP(2, 0, 0.36)*(2-0.36) + reference.BinomP(2, 1, 0.36)*(1-0.36)
	res = mustRun(t, sc, factionTrials, 307)
	found := false
	for _, s := range res.Defender.Survivors {
		if s.Kind == units.Fighter {
			found = true
			near(t, "fighters left after the barrage and round 1", s.Expected.Value, want, s.Expected.SE*math.Sqrt(float64(factionTrials)))
		}
	}
	if !found {
		t.Errorf("no fighters among the defender's survivors %+v", res.Defender.Survivors)
	}

	// Without a space combat (no defender ships) nothing is attached and
	// exact mode still works.
	sc = combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSideCards(t, "letnev", "1 infantry", nil, nil),
		Defender: factionSideCards(t, "", "1 infantry", nil, nil)}
	exactNear(t, "Letnev ground duel", mustSolve(t, sc).Outcome.AttackerWin.P, 0.21/0.51)
}

// War Funding Ω held by a cruiser's owner, played in round 1: its miss is
// rerolled (0.64 to hit) and the opponent's hit, more than its expected
// 0.4, is rerolled (0.4 · 0.4 = 0.16 to hit). One round: the opponent's
// cruiser is left 0.36, the holder's 0.84. To the end: round 1 A-only
// 0.64·0.84 = 0.5376, none 0.36·0.84 = 0.3024, then plain rounds the holder
// wins 0.24/0.64 = 0.375: 0.5376 + 0.3024·0.375 = 0.651.
func TestWarFunding(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "", "1 cruiser", nil, []string{"war-funding"}),
		Defender: factionSideCards(t, "", "1 cruiser", nil, nil)}
	res := mustRun(t, sc, factionTrials, 308)
	near(t, "opponent's cruiser left", res.Defender.Survivors[0].Expected.Value, 0.36, bernoulliSD(0.36))
	near(t, "holder's cruiser left", res.Attacker.Survivors[0].Expected.Value, 0.84, bernoulliSD(0.84))
	modelled(t, res, "War Funding")
	sc.MaxRounds = 0
	res = mustRun(t, sc, factionTrials, 309)
	near(t, "holder wins", res.Outcome.AttackerWin.P, 0.651, bernoulliSD(0.651))
	refused(t, sc, "War Funding")

	// The Letnev cannot play their own note.
	sc.Attacker = factionSideCards(t, "letnev", "1 cruiser", nil, []string{"war-funding"})
	res = mustRun(t, sc, 1000, 310)
	idle := false
	for _, w := range res.Warnings {
		idle = idle || strings.Contains(w, "War Funding held by the attacker does nothing")
	}
	if !idle {
		t.Errorf("warnings %q do not say the Letnev's own War Funding does nothing", res.Warnings)
	}
}

// L4 Disruptors: the defender's PDS fires no space cannon defense at the
// Letnev's committed infantry. The PDS's offense (1 die) is cancelled by the
// dreadnought's Sustain Damage and its Planetary Shield stops the
// bombardment (the carrier gives the infantry room), so 2
// infantry fight 1: win(2 vs 1). Without the technology the PDS (6: 0.5)
// kills one first: 0.5·win(2 vs 1) + 0.5·win(1 vs 1).
func TestL4Disruptors(t *testing.T) {
	w21, _ := reference.HarrowDuel(2, 1, 0.3, 0.3, 0)
	w11, _ := reference.HarrowDuel(1, 1, 0.3, 0.3, 0)
	for _, c := range []struct {
		techs []string
		win   float64
	}{{[]string{"l4-disruptors"}, w21}, {nil, 0.5*w21 + 0.5*w11}} {
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: factionSideCards(t, "letnev", "1 carrier, 1 dreadnought, 2 infantry", c.techs, nil),
			Defender: factionSideCards(t, "", "1 pds, 1 infantry", nil, nil)}
		ex := mustSolve(t, sc)
		exactNear(t, "L4 Disruptors "+strings.Join(c.techs, ""), ex.Outcome.AttackerWin.P, c.win)
		res := mustRun(t, sc, factionTrials, 311)
		near(t, "L4 Disruptors "+strings.Join(c.techs, ""), res.Outcome.AttackerWin.P, c.win, bernoulliSD(c.win))
		modelled(t, res, "L4 Disruptors")
	}
}

// Viscount Unlenn: a cruiser (7: 0.4) and a destroyer (9: 0.2) of no
// faction (the Letnev's Munitions Reserves would reroll) holding the agent, against 2 cruisers that never hit (modifier −9), one round. The
// extra die goes to the cruiser (the best value): hits H = X + Y with X ~
// Binomial(2, 0.4), Y ~ Bernoulli(0.2); the defender keeps 2 − min(H, 2)
// cruisers. The mean and its standard deviation come from the 6 cases.
func TestViscountUnlenn(t *testing.T) {
	a := combat.Side{Fleet: mustFleet(t, "1 cruiser, 1 destroyer"), Cards: []string{"viscount-unlenn"}}
	d := combat.Side{Fleet: mustFleet(t, "2 cruiser"), Modifier: -9}
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: d}
	px := [3]float64{0.36, 0.48, 0.16}
	py := [2]float64{0.8, 0.2}
	mean, sq := 0.0, 0.0
	for x, p := range px {
		for y, q := range py {
			left := float64(2 - min(x+y, 2))
			mean += p * q * left
			sq += p * q * left * left
		}
	}
	res := mustRun(t, sc, factionTrials, 304)
	near(t, "cruisers left", res.Defender.Survivors[0].Expected.Value, mean, math.Sqrt(sq-mean*mean))
	modelled(t, res, "Viscount Unlenn")
	sc.MaxRounds = 0
	sc.Defender.Modifier = 0
	notExact(t, sc)
}

// Dunlain Reaper: the Letnev ground forces, 1 infantry and 1 mech (6: 0.5,
// Sustain Damage), against 1 infantry (0.3). At the start of round 1 the
// infantry becomes a mech: 2 mechs, 4 points, rolling 2 dice while both
// live (points 4 to 2, Sustain Damage first) and 1 die at 1 point:
// reference.PointDuel(4, 1).
// The side asks for it: "dunlain-reaper" among its cards (1 mech).
func TestDunlainReaper(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSideCards(t, "letnev", "1 infantry, 1 mech", nil, []string{"dunlain-reaper"}),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	dice := func(p int) int {
		if p >= 2 {
			return 2
		}
		return 1
	}
	win, draw := reference.PointDuel(4, 1, dice, reference.DiePerPoint, 0.5, 0.3)
	res := mustRun(t, sc, factionTrials, 407)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, math.Max(bernoulliSD(draw), 1e-3))
	if inf := survivors(t, res.Attacker, "Infantry I"); inf != 0 {
		t.Errorf("the infantry should have been replaced: %v left", inf)
	}
	modelled(t, res, "Dunlain Reaper")
	warned(t, res, "Dunlain Reaper", "up to 1 mech(s) deployed")
	notExact(t, sc)
}

// Dunlain Reaper deploys only when the side asks (issue 28 A7b): "you
// MAY spend 2 resources". Unasked, the same battle is 1 mech (0.5, Sustain
// Damage) and 1 infantry (0.3) against 1 infantry (0.3), which exact mode
// solves. By hand, the defender's one die a round takes the mech's Sustain
// Damage (S0 → S1), then the infantry (S1 → S2), then the mech; a round
// where the attacker hits (a = 1 − 0.5·0.7 while both live, 0.5 with the
// mech alone) ends it: P(S2) = 0.5·0.7/(1 − 0.5·0.7), P(S1) = (0.65 +
// 0.35·0.3·P(S2))/(1 − 0.35·0.7), P(S0) likewise from P(S1).
func TestDunlainReaperNotAsked(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "letnev", "1 infantry, 1 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	s2 := 0.5 * 0.7 / (1 - 0.5*0.7)
	s1 := (0.65 + 0.35*0.3*s2) / (1 - 0.35*0.7)
	s0 := (0.65 + 0.35*0.3*s1) / (1 - 0.35*0.7)
	ex := exactWins(t, sc, s0)
	warned(t, ex, "Dunlain Reaper (attacker) does nothing", "dunlain-reaper:N")
}

// "dunlain-reaper:N": one mech at the start of each round while fewer than
// N are deployed and an infantry is left. Against 10 infantry that cannot
// hit (−9), after 2 rounds the 2 infantry are replaced one a round: N
// deployed, at most 2 (the infantry). Certain values.
func TestDunlainReaperCount(t *testing.T) {
	for _, c := range []struct {
		cards []string
		mechs float64
	}{{nil, 1}, {[]string{"dunlain-reaper"}, 2}, {[]string{"dunlain-reaper:1"}, 2}, {[]string{"dunlain-reaper:2"}, 3}, {[]string{"dunlain-reaper:5"}, 3}} {
		sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 2,
			Attacker: factionSideCards(t, "letnev", "2 infantry, 1 mech", nil, c.cards),
			Defender: combat.Side{Fleet: mustFleet(t, "10 infantry"), Modifier: -9}}
		res := mustRun(t, sc, 2000, 1)
		if m, i := survivors(t, res.Attacker, "Dunlain Reaper"), survivors(t, res.Attacker, "Infantry I"); m != c.mechs || i != 3-c.mechs {
			t.Errorf("%q: %v mechs and %v infantry left, want %v and %v", c.cards, m, i, c.mechs, 3-c.mechs)
		}
	}
}

// Gravleash Maneuvers: the Letnev flagship (2 dice at 5) and a cruiser (7)
// have 2 ship types, X = 2. The flagship gains most (2 dice × 2 faces
// against the cruiser's 1 × 2), so its dice hit on 3: against 3 fighters
// one round destroys H ~ Bin(2, 0.8) + Bin(1, 0.4) of them (H ≤ 3), leaving
// 3 − 2.0 = 1.0 (1.4 without), standard deviation √(2·0.8·0.2 + 0.4·0.6).
// With a single cruiser X = 1: it hits on 6, leaving 3 − 0.5. (The space
// dock keeps the fighters from being removed for capacity.)
func TestGravleashManeuvers(t *testing.T) {
	for _, c := range []struct {
		fleet    string
		left, sd float64
	}{{"1 flagship, 1 cruiser", 1.0, math.Sqrt(0.56)}, {"1 cruiser", 2.5, 0.5}} {
		a := factionSide(t, "letnev", c.fleet)
		a.Cards = []string{"gravleash-maneuvers"}
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "3 fighter, 1 space dock")}}
		res := mustRun(t, sc, factionTrials, 330)
		near(t, c.fleet+": fighters left", survivors(t, res.Defender, "Fighter I"), c.left, c.sd)
		modelled(t, res, "Gravleash Maneuvers")
		notExact(t, sc)
	}
}
