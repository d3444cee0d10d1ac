package combat_test

// Tests of capacity (LRR 16), units that start damaged, retreat policies and
// round limits, against the oracle of package reference.
//
// Every test states numbers derived by hand in its comments; decHand checks
// them against the oracle (1e-12), against exact mode (1e-9) where exact
// mode accepts the scenario, and, through compareRun, every figure of a
// Monte Carlo run against the oracle (4 standard errors, see exact_test.go).
// Scenarios without hand numbers are compared with the oracle only
// (decCompare). Exact mode solves retreat policies and round limits (the
// round is in the rounds histogram of each state); where it refuses, it
// must name the feature.
//
// Notation as in reference's oracle_test.go: p(X) = (11 − X)/10 is the chance
// that a die hits on X; "A only" is the chance that only the attacker
// scores in a round, etc.

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

// decSolve checks exact mode: with refuse "" it must agree with the oracle
// (compareSolve); otherwise it must refuse sc with an error naming refuse.
func decSolve(t *testing.T, sc combat.Scenario, want reference.Result, refuse string) {
	t.Helper()
	if refuse == "" {
		compareSolve(t, sc, want)
		return
	}
	_, err := combat.Solve(context.Background(), sc)
	switch {
	case err == nil:
		t.Errorf("exact mode accepts a scenario with %s; want it refused", refuse)
	case !strings.Contains(err.Error(), refuse):
		t.Errorf("exact mode refuses with %q, which does not name %q", err, refuse)
	default:
		t.Logf("exact mode refuses: %v", err)
	}
}

// decCompare compares a Monte Carlo run (every figure, compareRun) and
// exact mode (decSolve) with the oracle.
func decCompare(t *testing.T, sc combat.Scenario, seed uint64, refuse string) reference.Result {
	t.Helper()
	want := reference.Solve(sc)
	compareRun(t, sc, seed, want)
	decSolve(t, sc, want, refuse)
	return want
}

// decWant are hand-derived numbers of a scenario.
type decWant struct {
	// Outcome probabilities.
	win, draw, loss, aRetreat, dRetreat, unfinished float64
	// Expected survivors.
	means []errataMean
	// Expected units removed for lack of capacity: capLost[0] attacker,
	// [1] defender.
	capLost [2]float64
}

// decHand checks hand-derived numbers against the oracle (1e-12), then
// compares Run and Solve with the oracle (decCompare), which thus compares
// them with the hand numbers.
func decHand(t *testing.T, name string, sc combat.Scenario, seed uint64, refuse string, w decWant) reference.Result {
	t.Helper()
	r := reference.Solve(sc)
	oracleApprox(t, name+": oracle total", r.Total(), 1)
	for _, q := range []struct {
		what      string
		got, want float64
	}{
		{"P(attacker wins)", r.Win, w.win},
		{"P(draw)", r.Draw, w.draw},
		{"P(defender wins)", r.Loss, w.loss},
		{"P(attacker retreats)", r.ARetreat, w.aRetreat},
		{"P(defender retreats)", r.DRetreat, w.dRetreat},
		{"P(unfinished)", r.Unfinished, w.unfinished},
		{"E[attacker capacity lost]", r.CapLost[0], w.capLost[0]},
		{"E[defender capacity lost]", r.CapLost[1], w.capLost[1]},
	} {
		oracleApprox(t, name+": oracle "+q.what, q.got, q.want)
	}
	for _, m := range w.means {
		oracleApprox(t, fmt.Sprintf("%s: oracle side %d E[%v]", name, m.side, m.kind), r.Mean[m.side][m.kind], m.value)
	}
	t.Logf("%s: oracle agrees with the hand numbers", name)
	compareRun(t, sc, seed, r)
	decSolve(t, sc, r, refuse)
	return r
}

// decRetreat parses a retreat policy.
func decRetreat(t *testing.T, s string) combat.Retreat {
	t.Helper()
	r, err := combat.ParseRetreat(s)
	if err != nil {
		t.Fatalf("ParseRetreat(%q): %v", s, err)
	}
	return r
}

// Hand-derived numbers used by several tests.
const (
	// 1 fighter (p(9) = 0.2) against 1 cruiser (p(7) = 0.4): A only
	// 0.2·0.6 = 0.12, D only 0.8·0.4 = 0.32, both 0.08, none 0.48.
	decFCWin, decFCDraw, decFCLoss = 0.12 / 0.52, 0.08 / 0.52, 0.32 / 0.52
)

// Ground combat of 2 Infantry I against 2 Infantry I (p(8) = 0.3 each).
// A side's hits with 2 infantry: 0 with 0.49, 1 with 0.42, 2 with 0.09; with
// 1: 0 with 0.7, 1 with 0.3. (1,1) is the duel 7/17, 3/17, 7/17.
// (2,1): the attacker scores ≥ 1 (0.51) and wins whatever the defender
// does; it misses and the defender hits (0.49·0.3 = 0.147): (1,1); none
// 0.343. (1,2) is the mirror image: (1,1) with 0.147, else lost.
// (2,2): (1,0) hits 0.42·0.49 = 0.2058 → (2,1); (0,1) 0.2058 → (1,2);
// (1,1) 0.1764 → (1,1); (2,0) 0.0441 and (2,1) 0.0378 win; (2,2) 0.0081
// draw; (0,2) 0.0441 and (1,2) 0.0378 lose; none 0.2401.
var (
	dec21Win, dec21Draw = (0.51 + 0.147*7.0/17) / 0.657, 0.147 * 3.0 / 17 / 0.657
	dec12Win, dec12Draw = 0.147 * 7.0 / 17 / 0.657, 0.147 * 3.0 / 17 / 0.657
	dec22Win            = (0.2058*dec21Win + 0.2058*dec12Win + 0.1764*7.0/17 + 0.0441 + 0.0378) / 0.7599
	dec22Draw           = (0.2058*dec21Draw + 0.2058*dec12Draw + 0.1764*3.0/17 + 0.0081) / 0.7599
)

func TestDec22InfantryHand(t *testing.T) {
	// The 2-against-2 infantry numbers above, against the oracle's
	// recursion; by symmetry the loss equals the win.
	r := reference.Solve(oracleScen(t, combat.GroundCombat, "2 infantry", "2 infantry"))
	oracleCheckOutcome(t, r, dec22Win, dec22Draw, dec22Win)
}

// ---- Capacity ----

func TestCapacityFightersOnly(t *testing.T) {
	// The attacker's fighters have no ship to carry them: they fight with
	// everything (capacity is not checked at the start), and win or lose
	// the combat (decided before capacity), then all survivors are removed.
	// 1 fighter against 1 cruiser: decFC*; the fighter is removed exactly
	// when it wins.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "1 fighter"), Defender: errataSide(t, "1 cruiser")}
	decHand(t, "1 fighter", sc, 501, "", decWant{win: decFCWin, draw: decFCDraw, loss: decFCLoss,
		means:   []errataMean{{0, units.Fighter, 0}, {1, units.Cruiser, decFCLoss}},
		capLost: [2]float64{decFCWin, 0}})

	// 2 fighters (≥ 1 hit: 0.36) against the cruiser (0.4; each hit
	// destroys a fighter): both hit 0.144 → win with 1 fighter; only the
	// fighters 0.216 → win with 2; only the cruiser 0.256 → 1 fighter
	// against the cruiser; none 0.384.
	w2 := (0.36 + 0.256*decFCWin) / 0.616
	d2 := 0.256 * decFCDraw / 0.616
	removed := (0.144*1 + 0.216*2 + 0.256*decFCWin*1) / 0.616
	sc.Attacker = errataSide(t, "2 fighter")
	decHand(t, "2 fighters", sc, 502, "", decWant{win: w2, draw: d2, loss: 1 - w2 - d2,
		means: []errataMean{{0, units.Fighter, 0}}, capLost: [2]float64{removed, 0}})
}

func TestCapacityCarrierLostInvasion(t *testing.T) {
	// A carrier (p(9) = 0.2) with 2 infantry against a destroyer (0.2):
	// the fighter duel, space win 4/9, draw 1/9, loss 4/9. If the carrier
	// dies the 2 infantry have no room and are removed (capacity lost
	// 2·5/9); otherwise they land on the empty planet: win 4/9.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 carrier, 2 infantry"), Defender: errataSide(t, "1 destroyer")}
	r := decHand(t, "carrier", sc, 503, "", decWant{win: 4.0 / 9, loss: 5.0 / 9,
		means:   []errataMean{{0, units.Infantry, 8.0 / 9}, {0, units.Carrier, 4.0 / 9}},
		capLost: [2]float64{10.0 / 9, 0}})
	oracleApprox(t, "space: attacker wins", r.SpaceWin, 4.0/9)
	oracleApprox(t, "space: draw", r.SpaceDraw, 1.0/9)
	oracleApprox(t, "invaded", r.Invaded, 4.0/9)
}

func TestCapacityFighterWinsThenLost(t *testing.T) {
	// 1 fighter and 1 infantry against 1 fighter: the space combat is the
	// fighter duel 4/9, 1/9, 4/9 and its outcome stands, but a surviving
	// fighter has no room, nor has the infantry: the attacker keeps no ship
	// and does not invade (the defender keeps the planet: loss 1). Removed:
	// fighter and infantry (2) after a space win, the infantry (1)
	// otherwise: 2·4/9 + 5/9 = 13/9; the defender's surviving fighter: 4/9.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 fighter, 1 infantry"), Defender: errataSide(t, "1 fighter")}
	r := decHand(t, "fighter", sc, 504, "", decWant{loss: 1,
		means:   []errataMean{{0, units.Fighter, 0}, {0, units.Infantry, 0}, {1, units.Fighter, 0}},
		capLost: [2]float64{13.0 / 9, 4.0 / 9}})
	oracleApprox(t, "space: attacker wins", r.SpaceWin, 4.0/9)
	oracleApprox(t, "space: draw", r.SpaceDraw, 1.0/9)
	oracleApprox(t, "space: defender wins", r.SpaceLoss, 4.0/9)
	oracleApprox(t, "invaded", r.Invaded, 0)
}

func TestCapacityDefenderSpaceDock(t *testing.T) {
	// The attacker's fighter (−9) never hits: the defender's 4 fighters
	// all survive and win surely. A space dock on the planet gives them 3
	// room: 1 fighter is removed, 3 stay. The attacker's fighter is always
	// destroyed (no capacity loss).
	att := errataSide(t, "1 fighter")
	att.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: att, Defender: errataSide(t, "4 fighter, 1 space dock")}
	decHand(t, "dock", sc, 505, "", decWant{loss: 1,
		means: []errataMean{{1, units.Fighter, 3}, {1, units.SpaceDock, 1}}, capLost: [2]float64{0, 1}})
	// Without the dock all 4 are removed.
	sc.Defender = errataSide(t, "4 fighter")
	decHand(t, "no dock", sc, 506, "", decWant{loss: 1,
		means: []errataMean{{1, units.Fighter, 0}}, capLost: [2]float64{0, 4}})
	// The attacker has no dock room: its 4 fighters against a defender
	// that never hits lose everything to capacity.
	def := errataSide(t, "1 fighter, 1 space dock")
	def.Modifier = -9
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: errataSide(t, "4 fighter"), Defender: def}
	decHand(t, "attacker", sc, 507, "", decWant{win: 1,
		means: []errataMean{{0, units.Fighter, 0}, {1, units.Fighter, 0}}, capLost: [2]float64{4, 0}})

	// Exact values: reference.Solve. The carrier (4) and the dock (3) carry 7
	// fighters; when the cruisers destroy the carrier, at most 3 stay.
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "3 cruiser, 1 destroyer"),
		Defender: errataSide(t, "1 carrier, 6 fighter, 1 space dock")}, 508, "")
}

func TestCapacityFighterII(t *testing.T) {
	// Fighter II needs no room: 3 of them against a fighter that never
	// hits win surely and all stay; Fighter I would all be removed.
	def := errataSide(t, "1 fighter")
	def.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: errataSide(t, "3 fighter II"), Defender: def}
	decHand(t, "fighter II", sc, 509, "", decWant{win: 1, means: []errataMean{{0, units.Fighter, 3}}})
	sc.Attacker = errataSide(t, "3 fighter", "fighter-ii")
	decHand(t, "fighter-ii tech", sc, 510, "", decWant{win: 1, means: []errataMean{{0, units.Fighter, 3}}})
	sc.Attacker = errataSide(t, "3 fighter")
	decHand(t, "fighter I", sc, 511, "", decWant{win: 1, means: []errataMean{{0, units.Fighter, 0}}, capLost: [2]float64{3, 0}})

	// Exact values: reference.Solve. Anti-fighter barrage both ways; the
	// attacker's 6 Fighter II need no room, the defender's 5 Fighter I
	// have 4 on the carrier.
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "1 carrier, 6 fighter II, 1 destroyer"),
		Defender: errataSide(t, "1 carrier, 5 fighter, 1 destroyer")}, 512, "")
}

func TestCapacityInvasionLanding(t *testing.T) {
	// 1 dreadnought (capacity 1) and 3 infantry against 2 infantry, no
	// defending ships: when the space combat step ends, 2 infantry are
	// removed (no variance), 1 lands. The bombardment (p(5) = 0.6) kills
	// 1 of 2 defending infantry: then the 1-against-1 duel (7/17, 3/17);
	// on a miss (0.4) 1 against 2, which reaches the duel with
	// 0.147/0.657 and is lost otherwise.
	reach := 0.6 + 0.4*0.147/0.657
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 dreadnought, 3 infantry"), Defender: errataSide(t, "2 infantry")}
	decHand(t, "dreadnought", sc, 513, "", decWant{win: reach * 7 / 17, draw: reach * 3 / 17, loss: 1 - reach*10/17,
		means: []errataMean{{0, units.Infantry, reach * 7 / 17}}, capLost: [2]float64{2, 0}})

	// Removal order: fighters, then infantry, then mechs. 1 dreadnought
	// with 1 fighter, 1 infantry and 1 mech: room 1, so the fighter and
	// the infantry are removed and the mech lands. The bombardment hit
	// (0.6) kills the lone defending infantry (win); on a miss, 1 mech
	// (p(6) = 0.5, Sustain Damage) against 1 infantry (0.3): W1 = 0.35/0.65
	// and D1 = L1 = 0.15/0.65 damaged (TestOracleMechVsInfantry),
	// W0 = (0.5 + 0.15·W1)/0.65, D0 = 0.15·D1/0.65.
	w1, d1 := 0.35/0.65, 0.15/0.65
	w0, d0 := (0.5+0.15*w1)/0.65, 0.15*d1/0.65
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 dreadnought, 1 fighter, 1 infantry, 1 mech"), Defender: errataSide(t, "1 infantry")}
	decHand(t, "mech lands", sc, 514, "", decWant{win: 0.6 + 0.4*w0, draw: 0.4 * d0, loss: 0.4 * d0,
		means:   []errataMean{{0, units.Mech, 0.6 + 0.4*w0}, {0, units.Infantry, 0}, {0, units.Fighter, 0}},
		capLost: [2]float64{2, 0}})

	// Exact values: reference.Solve. A carrier carries 4 of 5 (fighters go
	// first); if the cruiser sinks it, nothing lands.
	decCompare(t, combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 carrier, 3 fighter, 2 infantry"),
		Defender: errataSide(t, "1 cruiser, 2 infantry")}, 515, "")
	// Exact values: reference.Solve. Over capacity at the start (a carrier with
	// 8 fighters): all 8 fight through space cannon offense and the combat,
	// and the excess is removed only at the end.
	decCompare(t, combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 carrier, 8 fighter, 1 infantry"),
		Defender: errataSide(t, "1 pds, 2 cruiser, 1 infantry")}, 516, "")
}

// TestCapacitySolve: exact mode's CapacityLost against the oracle (1e-9).
func TestCapacitySolve(t *testing.T) {
	for _, c := range []struct {
		action   combat.Action
		att, def string
	}{
		{combat.SpaceCombat, "2 fighter", "1 cruiser"},
		{combat.Invasion, "1 carrier, 2 infantry", "1 destroyer"},
		{combat.Invasion, "1 dreadnought, 1 fighter, 1 infantry, 1 mech", "1 infantry"},
		{combat.SpaceCombat, "3 cruiser, 1 destroyer", "1 carrier, 6 fighter, 1 space dock"},
	} {
		sc := oracleScen(t, c.action, c.att, c.def)
		want := reference.Solve(sc)
		res, err := combat.Solve(context.Background(), sc)
		if err != nil {
			t.Fatalf("%s vs %s: Solve: %v", c.att, c.def, err)
		}
		for i, sr := range []combat.SideResult{res.Attacker, res.Defender} {
			if math.Abs(sr.CapacityLost.Value-want.CapLost[i]) > 1e-9 {
				t.Errorf("%s vs %s: exact mode side %d capacity lost %.12f, oracle %.12f", c.att, c.def, i, sr.CapacityLost.Value, want.CapLost[i])
			}
		}
	}
}

// ---- Units that start damaged ----

func TestDamagedStartSpace(t *testing.T) {
	// A damaged dreadnought against a cruiser is the damaged state of
	// TestOracleDreadnoughtVsCruiser: 0.36/0.76, 0.24/0.76, 0.16/0.76.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "1 dreadnought (damaged)"), Defender: errataSide(t, "1 cruiser")}
	decHand(t, "damaged dreadnought", sc, 521, "", decWant{win: 0.36 / 0.76, draw: 0.24 / 0.76, loss: 0.16 / 0.76,
		means: []errataMean{{0, units.Dreadnought, 0.36 / 0.76}, {1, units.Cruiser, 0.16 / 0.76}}})
	// Exact values: reference.Solve. Damaged units on both sides, a damaged
	// war sun, and space cannon offense (a damaged unit cannot sustain its
	// hit).
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "2 dreadnought (1 damaged), 1 war sun (damaged)"),
		Defender: errataSide(t, "1 dreadnought (damaged), 3 cruiser, 1 pds")}, 522, "")
	// Exact values: reference.Solve. An invasion: a damaged dreadnought is
	// destroyed by the first hit of space cannon offense.
	decCompare(t, combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 dreadnought (damaged), 1 carrier, 3 infantry, 1 mech (damaged)"),
		Defender: errataSide(t, "1 pds, 2 infantry, 1 mech")}, 523, "")
}

func TestDamagedStartGround(t *testing.T) {
	// A damaged mech against an infantry: the damaged state of
	// TestOracleMechVsInfantry: 0.35/0.65, 0.15/0.65, 0.15/0.65.
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: errataSide(t, "1 mech (damaged)"), Defender: errataSide(t, "1 infantry")}
	decHand(t, "damaged mech", sc, 524, "", decWant{win: 0.35 / 0.65, draw: 0.15 / 0.65, loss: 0.15 / 0.65,
		means: []errataMean{{0, units.Mech, 0.35 / 0.65}}})
	// Exact values: reference.Solve.
	decCompare(t, combat.Scenario{Action: combat.GroundCombat,
		Attacker: errataSide(t, "2 mech (1 damaged), 2 infantry"),
		Defender: errataSide(t, "1 mech (damaged), 3 infantry")}, 525, "")
}

// ---- Retreats ----

func TestRetreatAfterRound1Space(t *testing.T) {
	// 3 cruisers (p(7) = 0.4) against 1 destroyer (0.2), the attacker
	// retreating after round 1: the destroyer survives round 1 with
	// 0.6³ = 0.216, and the attacker then leaves with its cruisers (the
	// destroyer kills at most one): win 0.784, attacker retreats 0.216.
	// E[cruisers] = 3 − 0.2.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "3 cruiser"), Defender: errataSide(t, "1 destroyer")}
	sc.Attacker.Retreat = decRetreat(t, "after=1")
	decHand(t, "attacker", sc, 531, "", decWant{win: 0.784, aRetreat: 0.216,
		means: []errataMean{{0, units.Cruiser, 2.8}, {1, units.Destroyer, 0.216}}})
	// The defender retreating after round 1 instead: the same numbers,
	// defender retreats 0.216.
	sc.Attacker.Retreat = combat.Retreat{}
	sc.Defender.Retreat = decRetreat(t, "after=1")
	decHand(t, "defender", sc, 532, "", decWant{win: 0.784, dRetreat: 0.216,
		means: []errataMean{{0, units.Cruiser, 2.8}, {1, units.Destroyer, 0.216}}})
	// Both announce in round 1: the defender announces first, so the
	// attacker cannot.
	sc.Attacker.Retreat = decRetreat(t, "after=1")
	decHand(t, "both", sc, 533, "", decWant{win: 0.784, dRetreat: 0.216,
		means: []errataMean{{0, units.Cruiser, 2.8}, {1, units.Destroyer, 0.216}}})

	// A retreat takes what the ships carry: a carrier with 5 fighters
	// (room 4) against a cruiser that never hits. Round 1 scores nothing
	// with 0.8⁶ = 0.262144 (carrier and fighters hit on 9) and the
	// attacker retreats; otherwise it wins. Either way 1 fighter is
	// removed.
	def := errataSide(t, "1 cruiser")
	def.Modifier = -9
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: errataSide(t, "1 carrier, 5 fighter"), Defender: def}
	sc.Attacker.Retreat = combat.Retreat{AfterRound: 1}
	decHand(t, "carrier", sc, 534, "", decWant{win: 1 - 0.262144, aRetreat: 0.262144,
		means: []errataMean{{0, units.Fighter, 4}, {1, units.Cruiser, 0.262144}}, capLost: [2]float64{1, 0}})

	// Exact values: reference.Solve. Retreat after round 2, with AFB and
	// capacity.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "1 carrier, 4 fighter, 1 cruiser"),
		Defender: errataSide(t, "2 destroyer, 1 cruiser")}
	sc.Attacker.Retreat = combat.Retreat{AfterRound: 2}
	decCompare(t, sc, 535, "")
}

func TestRetreatInvasion(t *testing.T) {
	// 1 carrier, 2 cruisers and 2 infantry against 1 destroyer and 2
	// infantry. The destroyer survives round 1 with 0.6²·0.8 = 0.288 and
	// can only kill a cruiser (the carrier is lost after them).
	att, def := "1 carrier, 2 cruiser, 2 infantry", "1 destroyer, 2 infantry"
	// The attacker retreating after round 1: no invasion with 0.288 (its
	// infantry leave on the carrier), otherwise the destroyer is dead and
	// the 2 infantry land: 2 against 2 (dec22*).
	sc := oracleScen(t, combat.Invasion, att, def)
	sc.Attacker.Retreat = decRetreat(t, "after=1")
	r := decHand(t, "attacker", sc, 541, "", decWant{
		win: 0.712 * dec22Win, draw: 0.712 * dec22Draw, loss: 0.712 * dec22Win, aRetreat: 0.288,
		means: []errataMean{{1, units.Destroyer, 0.288}}})
	oracleApprox(t, "attacker: invaded", r.Invaded, 0.712)
	oracleApprox(t, "attacker: space attacker retreats", r.SpaceARetreat, 0.288)
	oracleApprox(t, "attacker: space attacker wins", r.SpaceWin, 0.712)
	// E[attacker's infantry]: 2 after a retreat, else what the ground
	// combat leaves: checked against a 2-against-2 ground combat.
	g := reference.Solve(oracleScen(t, combat.GroundCombat, "2 infantry", "2 infantry"))
	oracleApprox(t, "attacker: E[infantry]", r.Mean[0][units.Infantry], 0.288*2+0.712*g.Mean[0][units.Infantry])

	// The defender retreating after round 1: its destroyer leaves with
	// 0.288 (space: defender retreats), the invasion always follows.
	sc = oracleScen(t, combat.Invasion, att, def)
	sc.Defender.Retreat = decRetreat(t, "after=1")
	r = decHand(t, "defender", sc, 542, "", decWant{win: dec22Win, draw: dec22Draw, loss: dec22Win,
		means: []errataMean{{1, units.Destroyer, 0.288}}})
	oracleApprox(t, "defender: invaded", r.Invaded, 1)
	oracleApprox(t, "defender: space defender retreats", r.SpaceDRetreat, 0.288)
	oracleApprox(t, "defender: space attacker wins", r.SpaceWin, 0.712)

	// Exact values: reference.Solve. The attacker retreats when losing, with
	// bombardment, space cannon and capacity in play. Expected hits: the
	// attacker 1.4, 1.1, 0.8 as its Fighter II (0.3) die, then 0.6; the
	// defender (Cruiser II 0.5, destroyers 0.2) 0.9, 0.7, 0.5: no ties.
	sc = oracleScen(t, combat.Invasion, "1 dreadnought, 1 carrier, 2 fighter II, 3 infantry", "1 cruiser II, 2 destroyer, 1 pds, 2 infantry")
	sc.Attacker.Retreat = decRetreat(t, "when=losing")
	decCompare(t, sc, 543, "")
	// Exact values: reference.Solve. The defender retreats after round 2.
	sc = oracleScen(t, combat.Invasion, "2 cruiser, 1 carrier, 1 fighter, 3 infantry", "1 cruiser, 2 fighter, 1 carrier, 2 infantry")
	sc.Defender.Retreat = combat.Retreat{AfterRound: 2}
	decCompare(t, sc, 544, "")
}

func TestRetreatWhenLosing(t *testing.T) {
	// 1 destroyer (0.2 a round) against 1 cruiser (0.4): the attacker
	// expects fewer hits and announces in round 1. A only 0.2·0.6 = 0.12
	// (win), D only 0.8·0.4 = 0.32 (loss), both 0.08 (draw); none 0.48:
	// both have ships, the attacker leaves.
	sc := oracleScen(t, combat.SpaceCombat, "1 destroyer", "1 cruiser")
	sc.Attacker.Retreat = decRetreat(t, "when=losing")
	decHand(t, "attacker", sc, 551, "", decWant{win: 0.12, draw: 0.08, loss: 0.32, aRetreat: 0.48})
	// Threshold 0.4: 0.2 is not below 0.4·0.4: no retreat, the plain duel
	// (/ 0.52).
	sc.Attacker.Retreat = decRetreat(t, "when=losing:0.4")
	decHand(t, "threshold", sc, 552, "", decWant{win: 0.12 / 0.52, draw: 0.08 / 0.52, loss: 0.32 / 0.52})
	// The defender with the destroyer: the mirror image.
	sc = oracleScen(t, combat.SpaceCombat, "1 cruiser", "1 destroyer")
	sc.Defender.Retreat = decRetreat(t, "when=losing")
	decHand(t, "defender", sc, 553, "", decWant{win: 0.32, draw: 0.08, loss: 0.12, dRetreat: 0.48})

	// Exact values: reference.Solve. The attacker (1 dreadnought 0.6, 3
	// Fighter II 0.3 each: 1.5, then 1.2, 0.9, 0.6 as the fighters die)
	// starts ahead of the defender (2 cruisers 0.4, 1 destroyer 0.2: 1.0,
	// then 0.8, 0.4) and announces once its losses put it behind (no ties
	// are possible).
	sc = oracleScen(t, combat.SpaceCombat, "1 dreadnought, 3 fighter II", "2 cruiser, 1 destroyer")
	sc.Attacker.Retreat = decRetreat(t, "when=losing")
	r := decCompare(t, sc, 554, "")
	if r.ARetreat < 0.05 || r.ARetreat > 0.95 {
		t.Errorf("oracle: P(attacker retreats) = %.4f; want a scenario where it matters", r.ARetreat)
	}
	// Both sides retreat when losing, the defender with threshold 0.8.
	sc.Defender.Retreat = decRetreat(t, "when=losing:0.8")
	decCompare(t, sc, 555, "")
}

func TestRetreatParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want combat.Retreat
	}{
		{"after=1", combat.Retreat{AfterRound: 1}},
		{"when=losing", combat.Retreat{WhenLosing: true}},
		{"when=losing:0.8", combat.Retreat{WhenLosing: true, Threshold: 0.8}},
		{"never", combat.Retreat{}},
	} {
		if got := decRetreat(t, c.in); got != c.want {
			t.Errorf("ParseRetreat(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
	// No retreat from ground combat (LRR 42).
	sc := oracleScen(t, combat.GroundCombat, "1 infantry", "1 infantry")
	sc.Attacker.Retreat = combat.Retreat{AfterRound: 1}
	if err := sc.Validate(); err == nil {
		t.Error("Validate accepts a retreat policy in a ground combat")
	}
}

// ---- Round limits ----

func TestMaxRoundsSpace(t *testing.T) {
	// 3 cruisers against 1 destroyer, 1 round: the destroyer survives with
	// 0.216 (unfinished), else the attacker wins; E[cruisers] = 2.8.
	sc := oracleScen(t, combat.SpaceCombat, "3 cruiser", "1 destroyer")
	sc.MaxRounds = 1
	decHand(t, "1 round", sc, 561, "", decWant{win: 0.784, unfinished: 0.216,
		means: []errataMean{{0, units.Cruiser, 2.8}, {1, units.Destroyer, 0.216}}})
	// 2 rounds: the destroyer survives round 2 with 0.216 against 3
	// cruisers (its round-1 roll missed, 0.8) and 0.6² = 0.36 against 2:
	// unfinished 0.216·(0.8·0.216 + 0.2·0.36) = 0.0528768. It rolls in
	// round 2 only if alive: E[cruisers] = 3 − 0.2 − 0.216·0.2 = 2.7568.
	sc.MaxRounds = 2
	decHand(t, "2 rounds", sc, 562, "", decWant{win: 1 - 0.0528768, unfinished: 0.0528768,
		means: []errataMean{{0, units.Cruiser, 2.7568}, {1, units.Destroyer, 0.0528768}}})
	// A combat stopped by the limit has not ended, so capacity is not
	// applied: the survivors stay as they are ("survivors as they are";
	// capacity applies when the space combat step ends). A carrier with 6
	// fighters (−9: never hits) against a cruiser (0.4), 1 round: always
	// unfinished; E[fighters] = 6 − 0.4, nothing removed. (Applying
	// capacity would remove 2·0.6 + 1·0.4 = 1.6.)
	att := errataSide(t, "1 carrier, 6 fighter")
	att.Modifier = -9
	sc = combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: att, Defender: errataSide(t, "1 cruiser")}
	decHand(t, "over capacity", sc, 567, "", decWant{unfinished: 1,
		means: []errataMean{{0, units.Fighter, 5.6}, {0, units.Carrier, 1}, {1, units.Cruiser, 1}}})
	// Exact values: reference.Solve. 2 rounds after AFB.
	sc = oracleScen(t, combat.SpaceCombat, "1 carrier, 3 fighter, 1 destroyer", "2 cruiser, 1 destroyer")
	sc.MaxRounds = 2
	decCompare(t, sc, 563, "")
	// A round limit does not apply to a whole invasion.
	sc = oracleScen(t, combat.Invasion, "1 carrier, 2 infantry", "1 infantry")
	sc.MaxRounds = 1
	if err := sc.Validate(); err == nil {
		t.Error("Validate accepts a round limit in an invasion")
	}
}

func TestMaxRoundsGround(t *testing.T) {
	// Infantry duel, 1 round: A only 0.21, both 0.09, D only 0.21,
	// unfinished 0.49; 2 rounds: each ending times 1 + 0.49, unfinished
	// 0.49².
	sc := oracleScen(t, combat.GroundCombat, "1 infantry", "1 infantry")
	sc.MaxRounds = 1
	decHand(t, "1 round", sc, 564, "", decWant{win: 0.21, draw: 0.09, loss: 0.21, unfinished: 0.49,
		means: []errataMean{{0, units.Infantry, 0.7}}})
	sc.MaxRounds = 2
	decHand(t, "2 rounds", sc, 565, "", decWant{win: 0.21 * 1.49, draw: 0.09 * 1.49, loss: 0.21 * 1.49, unfinished: 0.2401,
		means: []errataMean{{0, units.Infantry, 0.21*1.49 + 0.2401}}})
	// Exact values: reference.Solve.
	sc = oracleScen(t, combat.GroundCombat, "2 mech, 2 infantry", "1 mech, 4 infantry")
	sc.MaxRounds = 2
	decCompare(t, sc, 566, "")
}

// TestOracleIterMatchesRecursion checks the oracle's round-by-round solver
// (roundsIter) against its recursion on scenarios both can solve (1e-12),
// and that a round limit or retreat round far beyond any likely combat
// changes nothing.
func TestOracleIterMatchesRecursion(t *testing.T) {
	scs := []combat.Scenario{
		oracleScen(t, combat.SpaceCombat, "3 cruiser, 2 fighter", "1 dreadnought, 1 carrier, 2 fighter"),
		oracleScen(t, combat.SpaceCombat, "2 destroyer, 1 cruiser", "1 carrier, 5 fighter, 1 space dock"),
		oracleScen(t, combat.GroundCombat, "2 mech (1 damaged), 3 infantry", "1 mech, 4 infantry"),
		oracleScen(t, combat.Invasion, "2 dreadnought, 1 carrier, 4 infantry, 1 mech", "1 destroyer, 1 pds, 3 infantry"),
	}
	same := func(name string, got, want reference.Result) {
		t.Helper()
		for _, q := range []struct {
			what string
			a, b float64
		}{
			{"win", got.Win, want.Win}, {"draw", got.Draw, want.Draw}, {"loss", got.Loss, want.Loss},
			{"unfinished", got.Unfinished, want.Unfinished}, {"aRetreat", got.ARetreat, want.ARetreat},
			{"spaceWin", got.SpaceWin, want.SpaceWin}, {"invaded", got.Invaded, want.Invaded},
			{"lost 0", got.Lost[0], want.Lost[0]}, {"lost 1", got.Lost[1], want.Lost[1]},
			{"capLost 0", got.CapLost[0], want.CapLost[0]}, {"capLost 1", got.CapLost[1], want.CapLost[1]},
		} {
			if math.Abs(q.a-q.b) > 1e-12 {
				t.Errorf("%s: %s = %.15f, recursion %.15f", name, q.what, q.a, q.b)
			}
		}
		for i := range 2 {
			for k := range onk {
				if math.Abs(got.Mean[i][k]-want.Mean[i][k]) > 1e-12 {
					t.Errorf("%s: side %d E[%v] = %.15f, recursion %.15f", name, i, units.Kind(k), got.Mean[i][k], want.Mean[i][k])
				}
			}
		}
	}
	for i, sc := range scs {
		want := reference.Solve(sc)
		same(fmt.Sprintf("scenario %d iterated", i), reference.SolveIterated(sc), want)
		if sc.Action != combat.Invasion {
			limited := sc
			limited.MaxRounds = 1000
			same(fmt.Sprintf("scenario %d MaxRounds 1000", i), reference.Solve(limited), want)
		}
		if sc.Action != combat.GroundCombat {
			late := sc
			late.Attacker.Retreat = combat.Retreat{AfterRound: 1000}
			same(fmt.Sprintf("scenario %d retreat after 1000", i), reference.Solve(late), want)
		}
	}
}

// TestExactRoundLimitStates: under a round limit exact mode lists the end
// states (Result.States) as Monte Carlo does, with exact probabilities.
// 3 cruisers (7: 0.4) against 1 destroyer (9: 0.2), 1 round: the destroyer
// dies unless all three miss (1 − 0.6³ = 0.784) and hits a cruiser with
// 0.2, independently: (3 cruisers, —) 0.6272, (2, —) 0.1568, (3, 1
// destroyer) 0.1728, (2, 1) 0.0432.
func TestExactRoundLimitStates(t *testing.T) {
	sc := oracleScen(t, combat.SpaceCombat, "3 cruiser", "1 destroyer")
	sc.MaxRounds = 1
	ex, err := combat.Solve(context.Background(), sc)
	if err != nil {
		t.Fatal(err)
	}
	mc := mustRun(t, sc, 200_000/raceTrialDivisor, 568)
	want := map[[2]int]float64{{3, 0}: 0.6272, {2, 0}: 0.1568, {3, 1}: 0.1728, {2, 1}: 0.0432}
	key := func(st combat.State) [2]int {
		var k [2]int
		for i, list := range [][]combat.UnitCount{st.Attacker, st.Defender} {
			for _, u := range list {
				k[i] += u.Alive
			}
		}
		return k
	}
	if len(ex.States) != len(want) {
		t.Fatalf("exact: %d end states, want %d: %+v", len(ex.States), len(want), ex.States)
	}
	for _, st := range ex.States {
		if w, ok := want[key(st)]; !ok || math.Abs(st.P.P-w) > 1e-12 || st.P.Lo != st.P.P || st.P.Hi != st.P.P {
			t.Errorf("exact state %v: P %+v, want %.4f exactly", key(st), st.P, w)
		}
	}
	for _, st := range mc.States {
		w := want[key(st)]
		if se := math.Sqrt(w * (1 - w) / float64(mc.Trials)); math.Abs(st.P.P-w) > 4*se {
			t.Errorf("Monte Carlo state %v: P %.5f, want %.4f (4 SE = %.5f)", key(st), st.P.P, w, 4*se)
		}
	}
}

// TestExactRetreatRefusals: exact mode solves retreat policies (the
// retreat tests above compare it with the oracle) but refuses, by name, a
// retreat after round 30 (the rounds it counts one by one) and an effect
// that acts when ships retreat (Ral Nel's Last Dispatch).
func TestExactRetreatRefusals(t *testing.T) {
	sc := oracleScen(t, combat.SpaceCombat, "3 cruiser", "2 destroyer")
	sc.Attacker.Retreat = combat.Retreat{AfterRound: 31}
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "retreat after round 31") {
		t.Errorf("after=31: err = %v, want a refusal naming the retreat after round 31", err)
	}
	a := factionSide(t, "ral-nel", "1 flagship, 2 cruiser")
	a.Retreat = combat.Retreat{AfterRound: 1}
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "2 destroyer")}}
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "when ships retreat") {
		t.Errorf("Last Dispatch: err = %v, want a refusal naming the retreat effect", err)
	}
	sc.Attacker.Retreat = combat.Retreat{}
	if _, err := combat.Solve(context.Background(), sc); err != nil {
		t.Errorf("Last Dispatch without a retreat: %v", err)
	}
}

// TestExactRetreatsWithBarrage: retreat policies on both sides (the
// attacker after round 2, the defender when its expected hits fall below
// half the attacker's) in fleets with anti-fighter barrage, Sustain Damage
// and fighters: exact mode agrees with the oracle on every figure
// (decCompare, 1e-9), and Monte Carlo with both.
func TestExactRetreatsWithBarrage(t *testing.T) {
	for i, c := range []struct{ a, d string }{
		{"2 destroyer, 3 fighter, 1 dreadnought", "1 carrier, 4 fighter, 1 cruiser, 1 destroyer"},
		{"1 war sun, 2 dreadnought, 4 fighter, 1 destroyer", "3 cruiser, 2 destroyer, 4 fighter, 1 carrier"},
	} {
		sc := oracleScen(t, combat.SpaceCombat, c.a, c.d)
		sc.Attacker.Retreat = combat.Retreat{AfterRound: 2}
		sc.Defender.Retreat = combat.Retreat{WhenLosing: true, Threshold: 0.5}
		decCompare(t, sc, 570+uint64(i), "")
	}
}
