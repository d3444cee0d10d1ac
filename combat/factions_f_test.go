package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the faction texts of factions_f.go. Every expected value comes
// from a hand calculation or the small Markov chain pointDuelEnds, written here
// independently of the engine; Monte Carlo answers must fall within 4
// standard errors of it and exact answers within 1e-9.

// pointDuelEnds solves a combat between two sides described by hit points: the
// attacker has a points and rolls attackerDice(a) dice hitting with pa, the
// defender d points and defenderDice(d) dice hitting with pd; each hit takes one
// point (a unit with Sustain Damage has 2, and takes hits on its Sustain
// Damage first). Both roll at once; the combat ends when a side has no
// points. It returns the distribution of the end states {a, d}. A round
// where nothing changes is divided out: from (a, d), the chain moves to
// (a', d') with P(a', d')/(1 − P(no change)).
func pointDuelEnds(a, d int, attackerDice, defenderDice func(int) int, pa, pd float64) map[[2]int]float64 {
	memo := map[[2]int]map[[2]int]float64{}
	var solve func(a, d int) map[[2]int]float64
	solve = func(a, d int) map[[2]int]float64 {
		if a == 0 || d == 0 {
			return map[[2]int]float64{{a, d}: 1}
		}
		if v, ok := memo[[2]int{a, d}]; ok {
			return v
		}
		out := map[[2]int]float64{}
		na, nd := attackerDice(a), defenderDice(d)
		self := binomP(na, 0, pa) * binomP(nd, 0, pd)
		for ha := 0; ha <= na; ha++ {
			for hd := 0; hd <= nd; hd++ {
				if ha == 0 && hd == 0 {
					continue
				}
				q := binomP(na, ha, pa) * binomP(nd, hd, pd) / (1 - self)
				for end, r := range solve(max(a-hd, 0), max(d-ha, 0)) {
					out[end] += q * r
				}
			}
		}
		memo[[2]int{a, d}] = out
		return out
	}
	return solve(a, d)
}

// endsWinDraw sums an end distribution of pointDuelEnds into the attacker's win
// (points left, the defender none) and the draw (neither has any).
func endsWinDraw(ends map[[2]int]float64) (win, draw float64) {
	for e, q := range ends {
		switch {
		case e[0] > 0 && e[1] == 0:
			win += q
		case e[0] == 0 && e[1] == 0:
			draw += q
		}
	}
	return win, draw
}

// oneDie is a dice function for a side that rolls 1 die whatever its
// points.
func oneDie(int) int { return 1 }

// checkWinDraw checks a run's and an exact solution's win and draw
// probabilities against hand values (exact is skipped when solve is
// false).
func checkWinDraw(t *testing.T, sc combat.Scenario, seed uint64, win, draw float64, solve bool) combat.Result {
	t.Helper()
	res := mustRun(t, sc, factionTrials, seed)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	if solve {
		ex := mustSolve(t, sc)
		exactNear(t, "attacker wins", ex.Outcome.AttackerWin.P, win)
		exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	}
	return res
}

func TestFactionsFModelled(t *testing.T) {
	for _, slug := range []string{"rickar-rickani", "imperator", "the-egeiro", "reanimator",
		"crimson-legionnaire-ii", "brother-milor", "iconoclast", "dynamo"} {
		if !combat.Modelled(slug) {
			t.Errorf("%s is not modelled", slug)
		}
	}
}

// Rickar Rickani: +2 to the Winnu's combat rolls. In space a Winnu cruiser
// hits on 7 − 2 = 5 (0.6) against a cruiser (0.4): per round only the
// Winnu hit 0.36, only the opponent 0.16, both 0.24, neither 0.24, so the
// Winnu win 0.36/0.76 = 9/19 and draw 0.24/0.76 = 6/19. On the ground a
// Winnu infantry hits on 8 − 2 = 6 (0.5) against an infantry (0.3): only
// the Winnu 0.35, only the opponent 0.15, both 0.15: win 0.35/0.65 = 7/13,
// draw 3/13. Without the commander the cruisers' duel is 0.24/0.64 = 3/8.
func TestRickarRickani(t *testing.T) {
	winnu := factionSide(t, "winnu", "1 cruiser")
	winnu.Cards = []string{"rickar-rickani"}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: winnu,
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	res := checkWinDraw(t, sc, 601, 9.0/19, 6.0/19, true)
	modelled(t, res, "Rickar Rickani")

	inf := factionSide(t, "winnu", "1 infantry")
	inf.Cards = []string{"rickar-rickani"}
	sc = combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry")}, Defender: inf}
	// The Winnu defend here: the attacker's win is the Winnu's loss.
	res = checkWinDraw(t, sc, 602, 0.15/0.65, 0.15/0.65, true)
	modelled(t, res, "Rickar Rickani")

	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: factionSide(t, "winnu", "1 cruiser"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	exactNear(t, "attacker wins without the commander", mustSolve(t, sc).Outcome.AttackerWin.P, 3.0/8)
}

// Imperator: +1 per Support for the Throne in the opponent's play area. A
// Winnu cruiser with imperator:3 hits on 7 − 3 = 4 (0.7) against a cruiser
// (0.4): only the Winnu 0.42, only the opponent 0.12, both 0.28, neither
// 0.18: win 0.42/0.82 = 21/41, draw 14/41. With no count (1): 6 (0.5):
// 0.3, 0.2, 0.2, 0.3: win 3/7, draw 2/7. imperator:0 leaves 0.4 against
// 0.4: 0.24, 0.24, 0.16, 0.36: win 3/8, draw 1/4. An out-of-range count
// (imperator:8) is an error.
func TestImperator(t *testing.T) {
	for i, c := range []struct {
		item      string
		win, draw float64
	}{
		{"imperator:3", 21.0 / 41, 14.0 / 41},
		{"imperator", 3.0 / 7, 2.0 / 7},
		{"imperator:0", 3.0 / 8, 1.0 / 4},
	} {
		winnu := factionSide(t, "winnu", "1 cruiser")
		winnu.Cards = []string{c.item}
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: winnu,
			Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := checkWinDraw(t, sc, 610+uint64(i), c.win, c.draw, true)
		modelled(t, res, "Imperator")
	}
	winnu := factionSide(t, "winnu", "1 cruiser")
	winnu.Cards = []string{"imperator:8"}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: winnu,
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	if _, err := combat.Run(context.Background(), sc, combat.Options{Trials: 10}); err == nil || !strings.Contains(err.Error(), "0..7") {
		t.Errorf("imperator:8: error %v, want one naming the range 0..7", err)
	}
}

// The Egeiro: +1 to its combat rolls per non-home system with a planet
// Last Bastion controls. The flagship (9, Sustain Damage) with
// the-egeiro:4 hits on 5 (0.6) against a dreadnought (5: 0.6, Sustain
// Damage): 2 points and 1 die each, pointDuelEnds. Without the count it hits on
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
		win, draw := endsWinDraw(pointDuelEnds(2, 2, oneDie, oneDie, c.p, 0.6))
		res := checkWinDraw(t, sc, 620+uint64(i), win, draw, true)
		modelled(t, res, "The Egeiro")
		if c.cards == nil {
			warned(t, res, "The Egeiro", "not given", "0 is assumed")
		}
	}
}

// Reanimator: Vuil'raith infantry destroyed on the mech's planet are
// captured. The default hit policy uses the mech's Sustain Damage on the
// first hit.
//
// Defending, one ground combat round: 3 infantry (0.3 each) against 2
// Vuil'raith infantry (0.3 each) and a mech (0.5, Sustain Damage). The
// opponent's H ~ Bin(3, 0.3) hits: the mech sustains the first, then
// min(H − 1, 2) infantry are destroyed with the mech alive, all captured:
// E = P(H=2) + 2·P(H=3) = 0.189 + 0.054 = 0.243. Devour adds the
// opponent's infantry the Vuil'raith destroy, A = Bin(2, 0.3) +
// Bin(1, 0.5) ≤ 3: E = 1.1, Var = 2·0.21 + 0.25 = 0.67; independent of H.
// Total 1.343.
//
// Attacking, an invasion: 3 dreadnoughts (capacity 1 each), 2 infantry and
// a mech against 3 PDS (space cannon 6: 0.5). The dreadnoughts sustain
// every space cannon offense hit, so every ground force is carried and
// lands; after the commitment, space cannon defense scores
// H ~ Bin(3, 0.5): the mech sustains the first and min(H − 1, 2) infantry
// are destroyed on the planet beside the mech: E = 3/8 + 2/8 = 0.625,
// Var = 3/8 + 4/8 − 0.625². With The Terror Between and 2 dreadnoughts
// instead (the three ships sustain every space cannon hit and carry
// everything, so the flagship lives) the flagship captures them itself and
// the total stays 0.625 (no double count).
func TestReanimator(t *testing.T) {
	h := binomDist(3, 0.3)
	m := h[2] + 2*h[3]
	v := h[2] + 4*h[3] - m*m
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
		Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")},
		Defender: factionSide(t, "vuil-raith", "2 infantry, 1 mech")}
	res := mustRun(t, sc, factionTrials, 630)
	modelled(t, res, "Reanimator")
	near(t, "captured (defending)", res.Defender.Captured.Value, m+1.1, math.Sqrt(v+0.67))
	refused(t, sc, "Reanimator")

	for i, fleet := range []string{"3 dreadnought, 2 infantry, 1 mech", "2 dreadnought, 1 flagship, 2 infantry, 1 mech"} {
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "vuil-raith", fleet),
			Defender: combat.Side{Fleet: mustFleet(t, "3 pds")}}
		res := mustRun(t, sc, factionTrials, 631+uint64(i))
		modelled(t, res, "Reanimator")
		near(t, "captured (invading) with "+fleet, res.Attacker.Captured.Value, 0.625, math.Sqrt(0.875-0.625*0.625))
	}

	sc.Defender.Cards = []string{"articles-of-war"}
	res = mustRun(t, sc, factionTrials, 633)
	near(t, "captured with Articles of War (Devour only)", res.Defender.Captured.Value, 1.1, math.Sqrt(0.67))
	warned(t, res, "Reanimator", "Articles of War")
}

// Crimson Legionnaire II always returns: Revived is the expected number
// destroyed. 2 of them (7: 0.4) against 2 infantry (0.3), to the end:
// pointDuelEnds with a point and a die per infantry. Exact mode agrees.
func TestCrimsonLegionnaireII(t *testing.T) {
	ends := pointDuelEnds(2, 2, diePerPoint, diePerPoint, 0.4, 0.3)
	killed, sq := 0.0, 0.0
	for e, q := range ends {
		k := float64(2 - e[0])
		killed += q * k
		sq += q * k * k
	}
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "mahact", "2 infantry", "infantry-ii"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	res := mustRun(t, sc, factionTrials, 640)
	modelled(t, res, "Crimson Legionnaire II")
	near(t, "revived", res.Attacker.Revived.Value, killed, math.Sqrt(sq-killed*killed))
	ex := mustSolve(t, sc)
	exactNear(t, "revived", ex.Attacker.Revived.Value, killed)
	win, _ := endsWinDraw(ends)
	exactNear(t, "attacker wins", ex.Outcome.AttackerWin.P, win)
}

// Brother Milor: a destroyer (9: 0.2) with the agent against a cruiser
// (7: 0.4). Per round: neither hits 0.48 (again); only the destroyer 0.12
// (win); only the cruiser 0.32: the destroyer is destroyed and 2 fighters
// (9: 0.2 each) are placed; both 0.08: the cruiser is destroyed and the
// fighters placed: a win. From f fighters against the cruiser:
// W(1) = 0.12/0.52, D(1) = 0.08/0.52; from 2, X ~ Bin(2, 0.2) with
// P(X ≥ 1) = 0.36: neither 0.384, the fighters hit (0.36, whatever the
// cruiser does: one fighter is left at worst) win, only the cruiser hits
// 0.256 → 1 fighter: W(2) = (0.36 + 0.256·W(1))/0.616,
// D(2) = 0.256·D(1)/0.616. In all: win (0.12 + 0.08 + 0.32·W(2))/0.52,
// draw 0.32·D(2)/0.52. Without the agent: 0.12/0.52, 0.08/0.52.
func TestBrotherMilor(t *testing.T) {
	w1, d1 := 0.12/0.52, 0.08/0.52
	w2, d2 := (0.36+0.256*w1)/0.616, 0.256*d1/0.616
	win, draw := (0.2+0.32*w2)/0.52, 0.32*d2/0.52
	a := combat.Side{Fleet: mustFleet(t, "1 destroyer"), Cards: []string{"brother-milor"}}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	res := checkWinDraw(t, sc, 650, win, draw, false)
	modelled(t, res, "Brother Milor")
	warned(t, res, "Brother Milor", "not listed among its survivors")
	refused(t, sc, "Brother Milor")
	// The defender holding it: the mirror image.
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer"), Cards: []string{"brother-milor"}}}
	res = mustRun(t, sc, factionTrials, 651)
	near(t, "defender wins", res.Outcome.DefenderWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
}

// Iconoclast, by printing.
//
// PoK: +2 to the mech's combat rolls. A Naalu mech (6 − 2 = 4: 0.7; 2
// points, 1 die) against 2 infantry (0.3): pointDuelEnds; Thunder's Edge and Ω do
// nothing on the ground (0.5), nor does PoK under Articles of War.
//
// Ω: no anti-fighter barrage against the Naalu. The space combat of an
// invasion: 2 Naalu fighters (8: 0.3 each; the mech beside them in the
// space area) against a destroyer (barrage 9 (x2), combat 9: 0.2; one
// point). From f fighters: W(1) = 0.24/0.44 and D(1) = 0.06/0.44 (only
// the fighter hits 0.24, both 0.06, only the destroyer 0.14, neither
// 0.56); from 2, the fighters hit with 0.51: neither 0.392, the fighters
// hit and win (one is left at worst) 0.51, only the destroyer 0.098 → 1:
// W(2) = (0.51 + 0.098·W(1))/0.608, D(2) = 0.098·D(1)/0.608. Under Ω
// there is no barrage: the Naalu hold the space area with W(2). Under the
// Thunder's Edge text the barrage first destroys X ~ Bin(2, 0.2)
// fighters: 0.64·W(2) + 0.32·W(1) (with none left the destroyer holds
// it). The same with the Naalu defending (2 fighters in space, the mech
// on the planet) against a destroyer and an infantry.
func TestIconoclast(t *testing.T) {
	for i, c := range []struct {
		rules string
		cards []string
		p     float64
	}{{"iconoclast=original", nil, 0.7}, {"", nil, 0.5}, {"iconoclast=omega", nil, 0.5},
		{"iconoclast=original", []string{"articles-of-war"}, 0.5}} {
		rules, err := combat.ParseRules(strings.Split(c.rules, ","))
		if err != nil {
			t.Fatal(err)
		}
		sc := combat.Scenario{Action: combat.GroundCombat, Printings: rules,
			Attacker: factionSide(t, "naalu", "1 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: c.cards}}
		win, draw := endsWinDraw(pointDuelEnds(2, 2, oneDie, diePerPoint, c.p, 0.3))
		res := checkWinDraw(t, sc, 660+uint64(i), win, draw, true)
		modelled(t, res, "Iconoclast")
		for _, w := range res.Warnings {
			if c.cards == nil && strings.Contains(w, "Iconoclast") {
				t.Errorf("warning about Iconoclast (%q): %q", c.rules, w)
			}
		}
	}

	w1, d1 := 0.24/0.44, 0.06/0.44
	w2, d2 := (0.51+0.098*w1)/0.608, 0.098*d1/0.608
	te, omega := combat.Printings{}, combat.Printings{Iconoclast: combat.IconoclastOmega}
	for i, c := range []struct {
		rules     combat.Printings
		win, draw float64
		naalu     int
	}{
		{omega, w2, d2, 0}, {te, 0.64*w2 + 0.32*w1, 0.64*d2 + 0.32*d1, 0},
		{omega, w2, d2, 1}, {te, 0.64*w2 + 0.32*w1, 0.64*d2 + 0.32*d1, 1},
	} {
		sc := combat.Scenario{Action: combat.Invasion, Printings: c.rules}
		if c.naalu == 0 {
			sc.Attacker = factionSide(t, "naalu", "2 fighter, 1 mech")
			sc.Defender = combat.Side{Fleet: mustFleet(t, "1 destroyer")}
		} else {
			sc.Attacker = combat.Side{Fleet: mustFleet(t, "1 destroyer, 1 infantry")}
			sc.Defender = factionSide(t, "naalu", "2 fighter, 1 mech")
		}
		res := mustRun(t, sc, factionTrials, 670+uint64(i))
		naaluWin := []combat.Probability{res.Space.Outcome.AttackerWin, res.Space.Outcome.DefenderWin}[c.naalu]
		near(t, "the Naalu hold the space area", naaluWin.P, c.win, bernoulliSD(c.win))
		near(t, "space draw", res.Space.Outcome.Draw.P, c.draw, bernoulliSD(c.draw))
		modelled(t, res, "Iconoclast")
		if c.rules == omega {
			refused(t, sc, "Iconoclast Ω")
			continue
		}
		ex := mustSolve(t, sc)
		exactNear(t, "the Naalu hold the space area", []combat.Probability{ex.Space.Outcome.AttackerWin, ex.Space.Outcome.DefenderWin}[c.naalu].P, c.win)
		exactNear(t, "space draw", ex.Space.Outcome.Draw.P, c.draw)
	}
}

// Dynamo: an Empyrean flagship (Sustain Damage) against 4 cruisers (0.4
// each), one round: H ~ Bin(4, 0.4) hits. A repair comes after the use of
// Sustain Damage, and the repaired flagship cannot sustain again within the
// same roll (LRR 1.18, 87): whatever the influence it lives if H ≤ 1,
// P(H ≤ 1) = 0.4752 (no influence: a warning says Dynamo does nothing).
// The repairs' effect across rounds is TestDynamoOncePerAssignment's.
func TestDynamo(t *testing.T) {
	h := binomDist(4, 0.4)
	for i, c := range []struct{ influence, k int }{{0, 0}, {2, 0}, {3, 0}, {4, 0}} {
		e := factionSide(t, "empyrean", "1 flagship")
		e.Influence = c.influence
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: e,
			Defender: combat.Side{Fleet: mustFleet(t, "4 cruiser")}}
		res := mustRun(t, sc, factionTrials, 680+uint64(i))
		modelled(t, res, "Dynamo")
		lives := 0.0
		for j := 0; j <= c.k+1; j++ {
			lives += h[j]
		}
		near(t, "flagship left", survivors(t, res.Attacker, "Dynamo"), lives, bernoulliSD(lives))
		if c.influence < 2 {
			warned(t, res, "Dynamo", "does nothing", "influence")
		} else {
			sc.MaxRounds = 0
			refused(t, sc, "Dynamo")
		}
	}
}

// The trials of these texts allocate nothing.
func TestFactionsFDoNotAllocate(t *testing.T) {
	winnu := factionSide(t, "winnu", "2 cruiser, 2 infantry, 1 carrier")
	winnu.Cards = []string{"rickar-rickani", "imperator:2"}
	lb := factionSide(t, "last-bastion", "1 flagship, 2 destroyer")
	lb.Cards = []string{"the-egeiro:3", "brother-milor"}
	emp := factionSide(t, "empyrean", "1 flagship, 2 dreadnought, 2 infantry, 1 mech")
	emp.Influence = 6
	cases := []struct {
		name string
		sc   combat.Scenario
	}{
		{"winnu invades", combat.Scenario{Action: combat.Invasion, Attacker: winnu,
			Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser, 2 infantry")}}},
		{"egeiro and milor", combat.Scenario{Action: combat.SpaceCombat, Attacker: lb,
			Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 fighter")}}},
		{"reanimator", combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "vuil-raith", "1 flagship, 2 dreadnought, 3 infantry, 1 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 pds, 3 infantry")}}},
		{"iconoclast omega", combat.Scenario{Action: combat.Invasion, Printings: combat.Printings{Iconoclast: combat.IconoclastOmega},
			Attacker: factionSide(t, "naalu", "1 carrier, 3 fighter, 1 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 destroyer, 2 infantry")}}},
		{"dynamo", combat.Scenario{Action: combat.Invasion, Attacker: emp,
			Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser, 1 mech, 2 infantry")}}},
		{"crimson legionnaires", combat.Scenario{Action: combat.GroundCombat,
			Attacker: factionSide(t, "mahact", "3 infantry", "infantry-ii"),
			Defender: combat.Side{Fleet: mustFleet(t, "3 infantry")}}},
	}
	for _, c := range cases {
		noTrialAllocs(t, c.name, c.sc)
	}
}

// gainDuel solves a space combat where the holder of Ipswitch has c units
// hitting with pc (lost last) and d units hitting with pd (lost first),
// against o opponent units hitting with po, one die and one point each;
// every opponent unit destroyed gives the holder one more unit of the d
// kind once the round's hits are assigned. It returns the probability that
// the opponent is destroyed (the holder then always has a unit left: the
// last hit gave one), from (c, d, o), dividing out rounds where nothing
// changes.
func gainDuel(c, d, o int, pc, pd, po float64) float64 {
	type st struct{ c, d, o int }
	memo := map[st]float64{}
	var solve func(c, d, o int) float64
	solve = func(c, d, o int) float64 {
		switch {
		case o == 0:
			return 1
		case c+d == 0:
			return 0
		}
		if v, ok := memo[st{c, d, o}]; ok {
			return v
		}
		// The holder's hits: Bin(c, pc) + Bin(d, pd).
		hm := make([]float64, c+d+1)
		for i := 0; i <= c; i++ {
			for j := 0; j <= d; j++ {
				hm[i+j] += binomP(c, i, pc) * binomP(d, j, pd)
			}
		}
		self := hm[0] * binomP(o, 0, po)
		v := 0.0
		for h, q := range hm {
			for ho := 0; ho <= o; ho++ {
				if h == 0 && ho == 0 {
					continue
				}
				killed := min(h, o)
				nd, nc := d-min(ho, d), c-max(ho-d, 0)
				v += q * binomP(o, ho, po) / (1 - self) * solve(max(nc, 0), nd+killed, o-killed)
			}
		}
		memo[st{c, d, o}] = v
		return v
	}
	return solve(c, d, o)
}

// Ipswitch, Loose Cannon: every enemy ship destroyed in the space combat
// gives the holder one of that kind. The holder is a side with no faction
// (no Ambush) listing the hero, except in the last case.
//
// A cruiser (7: 0.4) against 2 destroyers (9: 0.2): each destroyer
// destroyed gives a destroyer (9: 0.2), lost before the cruiser; the
// Mentak win P = gainDuel(1, 0, 2, 0.4, 0.2, 0.2) and never draw (the
// last destroyer destroyed gives them one). Alone against 1 cruiser
// (0.4 each): the Mentak win whenever they hit, (0.24 + 0.16)/0.64 = 5/8,
// no draw. The same holds with the Mentak defending (their ships are placed
// after both sides' hits). Barrage: a Mentak destroyer (anti-fighter
// barrage 9 (x2), combat 9) against 2 fighters (9): X ~ Bin(2, 0.2)
// fighters are destroyed by the barrage, each giving a fighter (9): from
// there gainDuel(1, X, 2 − X, 0.2, 0.2, 0.2) (with 2 − X = 0 a win).
// The Mentak themselves, a cruiser against a cruiser: Ambush (a die at 7
// before the rounds) destroys the enemy cruiser with 0.4, which gives a
// cruiser and the win; else 5/8: 0.4 + 0.6·5/8 = 0.775.
func TestIpswitch(t *testing.T) {
	for i, c := range []struct {
		mentak, opp string
		win         float64
		faction     bool
	}{
		{"1 cruiser", "2 destroyer", gainDuel(1, 0, 2, 0.4, 0.2, 0.2), false},
		{"1 cruiser", "1 cruiser", 5.0 / 8, false},
		{"1 destroyer", "2 fighter", binomP(2, 0, 0.2)*gainDuel(1, 0, 2, 0.2, 0.2, 0.2) + binomP(2, 1, 0.2)*gainDuel(1, 1, 1, 0.2, 0.2, 0.2) + binomP(2, 2, 0.2), false},
		{"1 cruiser", "1 cruiser", 0.4 + 0.6*5/8, true},
	} {
		for side := range 2 {
			m := combat.Side{Fleet: mustFleet(t, c.mentak)}
			if c.faction {
				m = factionSide(t, "mentak", c.mentak)
			}
			m.Cards = []string{"ipswitch-loose-cannon"}
			o := combat.Side{Fleet: mustFleet(t, c.opp)}
			sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: m, Defender: o}
			if side == 1 {
				sc.Attacker, sc.Defender = o, m
			}
			res := mustRun(t, sc, factionTrials, 690+uint64(2*i+side))
			mentakWin := []combat.Probability{res.Outcome.AttackerWin, res.Outcome.DefenderWin}[side]
			near(t, c.mentak+" vs "+c.opp+": the Mentak win", mentakWin.P, c.win, bernoulliSD(c.win))
			near(t, c.mentak+" vs "+c.opp+": draw", res.Outcome.Draw.P, 0, 0)
			modelled(t, res, "Ipswitch")
			warned(t, res, "Ipswitch", "not listed among its survivors")
			refused(t, sc, "Ipswitch")
		}
	}
}

// Ipswitch out of room: the Mentak defend with 11 unit types against 7
// kinds of ships; a destroyed flagship gives nothing (theirs is there), and
// after 5 hidden slots (fighters to dreadnoughts) the side has maxSlots:
// war suns give nothing, with a warning each.
func TestIpswitchOutOfRoom(t *testing.T) {
	m := factionSide(t, "mentak", "1 war sun, 1 flagship, 1 dreadnought, 1 carrier, 1 cruiser, 1 destroyer, 1 fighter, 1 infantry, 1 mech, 1 pds, 1 space dock")
	m.Cards = []string{"ipswitch-loose-cannon"}
	sc := combat.Scenario{Action: combat.Invasion, Defender: m,
		Attacker: factionSide(t, "sol", "1 war sun, 1 flagship, 1 dreadnought, 1 carrier, 1 cruiser, 1 destroyer, 1 fighter, 2 infantry")}
	res := mustRun(t, sc, 1000, 695)
	warned(t, res, "Ipswitch", "flagship is already in the system")
	warned(t, res, "Ipswitch", "too many unit types", "war suns give nothing")
}

// Ipswitch in an invasion: the gained ships stay and bombard. A
// dreadnought (5: 0.6, 2 points, Bombardment 5, capacity 1) carrying an
// infantry, holder of the hero, against a damaged dreadnought (0.6, 1
// point) and 2 infantry. Space combat from 2 points: the holder hits 0.6:
// the enemy dreadnought is destroyed and a dreadnought placed: 2 of them;
// only the enemy hits 0.24 → 1 point; neither 0.16. From 1 point: only the
// holder hits 0.24 → 2 dreadnoughts; both 0.36 → the placed one alone;
// only the enemy 0.24 → no ship, no invasion; neither 0.16. So
// P(2) = (0.6 + 0.24·0.24/0.84)/0.84, P(1) = 0.24·(0.36/0.84)/0.84. Then k
// dreadnoughts bombard, X ~ Bin(k, 0.6), and the infantry (0.3) fights the
// 2 − X left (0.3 each): pointDuelEnds.
func TestIpswitchInvasion(t *testing.T) {
	p2 := (0.6 + 0.24*0.24/0.84) / 0.84
	p1 := 0.24 * (0.36 / 0.84) / 0.84
	take := 0.0
	for k, pk := range map[int]float64{1: p1, 2: p2} {
		for x := 0; x <= k; x++ {
			win, _ := endsWinDraw(pointDuelEnds(1, max(2-x, 0), diePerPoint, diePerPoint, 0.3, 0.3))
			take += pk * binomP(k, x, 0.6) * win
		}
	}
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry"), Cards: []string{"ipswitch-loose-cannon"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought (damaged), 2 infantry")}}
	res := mustRun(t, sc, factionTrials, 696)
	near(t, "the holder takes the planet", res.Outcome.AttackerWin.P, take, bernoulliSD(take))
}
