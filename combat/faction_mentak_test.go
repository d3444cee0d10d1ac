package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Mentak Coalition's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Ambush: 2 Mentak cruisers and a destroyer that cannot hit in combat
// (modifier −9, which Ambush ignores) against 3 cruisers. Ambush rolls
// for the 2 best ships, the cruisers (7: 0.4 each), and nothing else ever
// hits the defender: 3 − 0.8 = 2.2 cruisers left (with the destroyer's
// die instead, 2.4), standard deviation √(2·0.4·0.6).
func TestAmbush(t *testing.T) {
	a := factionSide(t, "mentak", "2 cruiser, 1 destroyer")
	a.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	res := mustRun(t, sc, factionTrials, 110)
	near(t, "cruisers left", res.Defender.Survivors[0].Expected.Value, 2.2, math.Sqrt(0.48))
	modelled(t, res, "Ambush")
	notExact(t, sc)
}

// Fourth Moon: the Mentak flagship (2 dice at 7) against a dreadnought that
// cannot sustain: it survives round 1 only if both dice miss, 0.36 (0.84
// if it could sustain).
func TestFourthMoon(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "mentak", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 111)
	near(t, "dreadnought left", res.Defender.Survivors[0].Expected.Value, 0.36, bernoulliSD(0.36))
	modelled(t, res, "Fourth Moon")
	// To the end, exact (a chain by hand): the flagship (0.64 to hit
	// with 2 dice, Sustain Damage of its own) against the dreadnought
	// (0.6). Flagship damaged: W1 = 0.64·0.4/(1 − 0.36·0.4), D1 =
	// 0.64·0.6/0.856; whole: W2 = (0.64 + 0.36·0.6·W1)/0.856.
	sc.MaxRounds = 0
	w1, d1 := 0.256/0.856, 0.384/0.856
	exactOutcome(t, "Fourth Moon", mustSolve(t, sc), (0.64+0.216*w1)/0.856, 0.216*d1/0.856)
}

// exactOutcome checks an exact answer's attacker win and draw to 1e-9.
func exactOutcome(t *testing.T, what string, res combat.Result, win, draw float64) {
	t.Helper()
	if math.Abs(res.Outcome.AttackerWin.P-win) > 1e-9 || math.Abs(res.Outcome.Draw.P-draw) > 1e-9 {
		t.Errorf("%s: attacker wins %.12f, draw %.12f; want %.12f, %.12f", what, res.Outcome.AttackerWin.P, res.Outcome.Draw.P, win, draw)
	}
}

// Moll Terminus.
//   - Ground combat, a Mentak mech against a mech (both 6: 0.5) that cannot
//     sustain: it is left after one round with 0.5.
//   - Invasion, a Mentak mech lands against a mech that cannot sustain while
//     the Mentak mech's sustain still works. From (Mentak undamaged): a
//     Mentak hit wins (0.5, with the sustain absorbing the reply); the
//     defender's hit alone (0.25) damages the Mentak mech, from where the
//     Mentak win 1/3, draw 1/3, lose 1/3. So W = (0.5 + 0.25/3)/0.75 = 7/9.
//   - Invasion with bombardment: the Mentak mech is in space during the
//     bombardment, so the defender's mech sustains the dreadnought's hit;
//     then the Mentak (modifier −9) never hit, and always lose.
func TestMollTerminus(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
		Attacker: factionSide(t, "mentak", "1 mech"), Defender: combat.Side{Fleet: mustFleet(t, "1 mech")}}
	res := mustRun(t, sc, factionTrials, 112)
	near(t, "mech left", res.Defender.Survivors[0].Expected.Value, 0.5, bernoulliSD(0.5))
	modelled(t, res, "Moll Terminus")
	// To the end, exact: the chain of the invasion below, 7/9 and 1/9.
	sc.MaxRounds = 0
	exactOutcome(t, "Moll Terminus", mustSolve(t, sc), 7.0/9, 1.0/9)

	inv := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSide(t, "mentak", "1 carrier, 1 mech"), Defender: combat.Side{Fleet: mustFleet(t, "1 mech")}}
	res = mustRun(t, inv, factionTrials, 113)
	near(t, "invasion: Mentak win", res.Outcome.AttackerWin.P, 7.0/9, bernoulliSD(7.0/9))
	near(t, "invasion: draw", res.Outcome.Draw.P, 1.0/9, bernoulliSD(1.0/9))

	a := factionSide(t, "mentak", "1 dreadnought, 1 mech")
	a.Modifier = -9
	bomb := combat.Scenario{Action: combat.Invasion, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 mech")}}
	res = mustRun(t, bomb, factionTrials, 114)
	near(t, "bombarded: Mentak win", res.Outcome.AttackerWin.P, 0, 0)
	near(t, "bombarded: defender mech left", res.Defender.Survivors[0].Expected.Value, 1, 0)
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
				hm[i+j] += reference.BinomP(c, i, pc) * reference.BinomP(d, j, pd)
			}
		}
		self := hm[0] * reference.BinomP(o, 0, po)
		v := 0.0
		for h, q := range hm {
			for ho := 0; ho <= o; ho++ {
				if h == 0 && ho == 0 {
					continue
				}
				killed := min(h, o)
				nd, nc := d-min(ho, d), c-max(ho-d, 0)
				v += q * reference.BinomP(o, ho, po) / (1 - self) * solve(max(nc, 0), nd+killed, o-killed)
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
		{"1 destroyer", "2 fighter", reference.BinomP(2, 0, 0.2)*gainDuel(1, 0, 2, 0.2, 0.2, 0.2) + reference.BinomP(2, 1, 0.2)*gainDuel(1, 1, 1, 0.2, 0.2, 0.2) + reference.BinomP(2, 2, 0.2), false},
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
// 2 − X left (0.3 each): reference.PointDuelEnds.
func TestIpswitchInvasion(t *testing.T) {
	p2 := (0.6 + 0.24*0.24/0.84) / 0.84
	p1 := 0.24 * (0.36 / 0.84) / 0.84
	take := 0.0
	for k, pk := range map[int]float64{1: p1, 2: p2} {
		for x := 0; x <= k; x++ {
			win, _ := reference.EndsWinDraw(reference.PointDuelEnds(1, max(2-x, 0), reference.DiePerPoint, reference.DiePerPoint, 0.3, 0.3))
			take += pk * reference.BinomP(k, x, 0.6) * win
		}
	}
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry"), Cards: []string{"ipswitch-loose-cannon"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought (damaged), 2 infantry")}}
	res := mustRun(t, sc, factionTrials, 696)
	near(t, "the holder takes the planet", res.Outcome.AttackerWin.P, take, bernoulliSD(take))
}

// The Table's Grace: the Mentak Cruiser II becomes the Corsair, capacity 2:
// 2 of them carry 4 Fighter I, which 2 Cruiser II (capacity 1) cannot (2
// removed when the combat ends). The defender never hits (modifier −9).
func TestTablesGrace(t *testing.T) {
	for _, c := range []struct {
		cards []string
		lost  float64
	}{{[]string{"the-tables-grace"}, 0}, {nil, 2}} {
		a := factionSide(t, "mentak", "2 cruiser II, 4 fighter")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Modifier: -9}}
		res := mustRun(t, sc, 2000, 353)
		near(t, "fighters removed for capacity", res.Attacker.CapacityLost.Value, c.lost, 0)
		if c.cards != nil {
			survivors(t, res.Attacker, "Corsair")
			modelled(t, res, "The Table's Grace")
		}
	}
}
