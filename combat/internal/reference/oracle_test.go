package reference

// Tests of the exact oracle (oracle.go) against numbers derived by hand
// from the rules model. Notation: p(X) is the chance that one die hits on X or
// more, (11 − X)/10; "A only" is the chance that in a round only the attacker
// scores, etc. A round that scores nothing repeats, so each outcome of a
// round is divided by 1 − P(no hit).

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// oracleApprox checks an oracle value against a hand-derived one to 1e-12.
func oracleApprox(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15g, want %.15g", what, got, want)
	}
}

// oracleCheckOutcome compares the oracle's outcome with (win, draw, loss) and
// checks that the final distribution sums to 1.
func oracleCheckOutcome(t *testing.T, r Result, win, draw, loss float64) {
	t.Helper()
	oracleApprox(t, "total probability", r.Total(), 1)
	oracleApprox(t, "P(attacker wins)", r.Win, win)
	oracleApprox(t, "P(draw)", r.Draw, draw)
	oracleApprox(t, "P(defender wins)", r.Loss, loss)
}

// mustFleet parses a fleet or fails the test.
func mustFleet(t testing.TB, s string) units.Fleet {
	t.Helper()
	f, err := units.ParseFleet(s)
	if err != nil {
		t.Fatalf("fleet %q: %v", s, err)
	}
	return f
}

// oracleScen is a scenario of action a between two fleets with no
// faction, techs or cards.
func oracleScen(t testing.TB, a combat.Action, att, def string) combat.Scenario {
	return combat.Scenario{
		Action:   a,
		Attacker: combat.Side{Fleet: mustFleet(t, att)},
		Defender: combat.Side{Fleet: mustFleet(t, def)},
	}
}

func TestOracleBinomial(t *testing.T) {
	// Bin(3, 0.6): 0.064, 0.288, 0.432, 0.216.
	b := obinom(3, 0.6)
	for i, w := range []float64{0.064, 0.288, 0.432, 0.216} {
		oracleApprox(t, "obinom(3,.6)", b[i], w)
	}
	// Bin(1,.2) * Bin(2,.5): P(0)=.8·.25, P(1)=.2·.25+.8·.5, P(2)=.2·.5+.8·.25, P(3)=.2·.25.
	c := oconvolve(obinom(1, 0.2), obinom(2, 0.5))
	for i, w := range []float64{0.2, 0.45, 0.3, 0.05} {
		oracleApprox(t, "convolve", c[i], w)
	}
	// Thresholds: 1 and below always hit, 11 and above never.
	oracleApprox(t, "ohitP(0)", ohitP(0), 1)
	oracleApprox(t, "ohitP(1)", ohitP(1), 1)
	oracleApprox(t, "ohitP(5)", ohitP(5), 0.6)
	oracleApprox(t, "ohitP(10)", ohitP(10), 0.1)
	oracleApprox(t, "ohitP(11)", ohitP(11), 0)
	oracleApprox(t, "ohitP(18)", ohitP(18), 0)
}

func TestOracleAssign(t *testing.T) {
	dread, fighter := units.Dreadnought, units.Fighter
	cases := []struct {
		name  string
		fleet string
		order combat.Order
		hits  int
		want  map[units.Kind][2]int16 // kind: undamaged, damaged
	}{
		// Default: sustain first.
		{"default 1", "1 dreadnought, 1 fighter", combat.Order{}, 1, map[units.Kind][2]int16{dread: {0, 1}, fighter: {1, 0}}},
		{"default 2", "1 dreadnought, 1 fighter", combat.Order{}, 2, map[units.Kind][2]int16{dread: {0, 1}, fighter: {0, 0}}},
		{"default 3", "1 dreadnought, 1 fighter", combat.Order{}, 3, map[units.Kind][2]int16{dread: {0, 0}, fighter: {0, 0}}},
		{"excess", "1 dreadnought, 1 fighter", combat.Order{}, 9, map[units.Kind][2]int16{dread: {0, 0}, fighter: {0, 0}}},
		// SustainLast: the fighter first, then Sustain Damage.
		{"last 1", "1 dreadnought, 1 fighter", combat.Order{SustainLast: true}, 1, map[units.Kind][2]int16{dread: {1, 0}, fighter: {0, 0}}},
		{"last 2", "1 dreadnought, 1 fighter", combat.Order{SustainLast: true}, 2, map[units.Kind][2]int16{dread: {0, 1}, fighter: {0, 0}}},
		// A custom order puts the dreadnought first: sustain, then it
		// is the first unit to destroy.
		{"custom 2", "1 dreadnought, 1 fighter", combat.Order{Kinds: []units.Kind{dread}}, 2, map[units.Kind][2]int16{dread: {0, 0}, fighter: {1, 0}}},
		// A damaged dreadnought is destroyed before an undamaged one:
		// damage, damage, destroy one damaged.
		{"damaged first", "2 dreadnought", combat.Order{}, 3, map[units.Kind][2]int16{dread: {0, 1}}},
		// SustainLast with the dreadnoughts listed first: hit 1 destroys
		// the cruiser (the dreadnoughts can still sustain), hit 2 damages a
		// dreadnought, hit 3 destroys that damaged one (it can no longer
		// sustain) rather than damaging the other.
		{"last damaged", "2 dreadnought, 1 cruiser", combat.Order{Kinds: []units.Kind{dread}, SustainLast: true}, 3,
			map[units.Kind][2]int16{dread: {1, 0}, units.Cruiser: {0, 0}}},
	}
	for _, c := range cases {
		s := newOSide(combat.Side{Fleet: mustFleet(t, c.fleet), Order: c.order})
		got := s.assign(s.start, c.hits, oShip, true)
		for k, w := range c.want {
			if got[k] != w {
				t.Errorf("%s: %v = %v, want %v", c.name, k, got[k], w)
			}
		}
	}
	// Anti-fighter barrage hits only fighters and never uses Sustain Damage.
	s := newOSide(combat.Side{Fleet: mustFleet(t, "1 dreadnought, 2 fighter")})
	got := s.assign(s.start, 3, oFighter, false)
	if got[dread] != [2]int16{1, 0} || got[fighter] != [2]int16{0, 0} {
		t.Errorf("AFB assignment: %v", got)
	}
}

func TestOracleFighterDuel(t *testing.T) {
	// 1 fighter vs 1 fighter: p(9) = 0.2 each. A only 0.2·0.8 = 0.16,
	// D only 0.16, both 0.04, none 0.64; 1 − 0.64 = 0.36.
	// Win 0.16/0.36 = 4/9, draw 0.04/0.36 = 1/9, loss 4/9.
	r := Solve(oracleScen(t, combat.SpaceCombat, "1 fighter", "1 fighter"))
	oracleCheckOutcome(t, r, 4.0/9, 1.0/9, 4.0/9)
	// The attacker's fighter survives the combat exactly when it wins, but
	// then has no room on a ship and is removed (LRR 16): it never stays,
	// and its 0.5 is always lost.
	oracleApprox(t, "E[attacker fighters]", r.Mean[0][units.Fighter], 0)
	oracleApprox(t, "E[attacker lost]", r.Lost[0], 0.5)
	oracleApprox(t, "E[attacker capacity lost]", r.CapLost[0], 4.0/9)
}

func TestOracleNebulaAndModifier(t *testing.T) {
	// Nebula: the defender's fighter hits on 8 (0.3), the attacker's on 9.
	// A only 0.2·0.7 = 0.14, D only 0.8·0.3 = 0.24, both 0.06, none 0.56.
	sc := oracleScen(t, combat.SpaceCombat, "1 fighter", "1 fighter")
	sc.Nebula = true
	oracleCheckOutcome(t, Solve(sc), 0.14/0.44, 0.06/0.44, 0.24/0.44)

	// Modifier +9: threshold 0 always hits; the defender hits 0.2 of the
	// time in that same round: win 0.8, draw 0.2.
	sc = oracleScen(t, combat.SpaceCombat, "1 fighter", "1 fighter")
	sc.Attacker.Modifier = 9
	oracleCheckOutcome(t, Solve(sc), 0.8, 0.2, 0)

	// Modifier −9: threshold 18 never hits; the defender wins surely.
	sc.Attacker.Modifier = -9
	oracleCheckOutcome(t, Solve(sc), 0, 0, 1)

	// Nebula does not apply to ground combat: 1 infantry vs 1 infantry,
	// p(8) = 0.3 each: A only 0.21, D only 0.21, both 0.09, none 0.49:
	// 7/17, 3/17, 7/17.
	sc = oracleScen(t, combat.GroundCombat, "1 infantry", "1 infantry")
	sc.Nebula = true
	oracleCheckOutcome(t, Solve(sc), 7.0/17, 3.0/17, 7.0/17)
}

func TestOracleDreadnoughtVsCruiser(t *testing.T) {
	// 1 dreadnought (p(5) = 0.6, sustain) vs 1 cruiser (p(7) = 0.4).
	// Damaged dreadnought: A only 0.6·0.6 = 0.36, both 0.24 (draw),
	// D only 0.4·0.4 = 0.16, none 0.24; / 0.76:
	//   W1 = 0.36/0.76, D1 = 0.24/0.76, L1 = 0.16/0.76.
	// Undamaged: the dreadnought hits (0.6) → win whatever the cruiser does
	// (its hit is cancelled by Sustain Damage); misses and the cruiser hits
	// (0.16) → damaged state; none 0.24; / 0.76:
	//   W0 = (0.6 + 0.16·W1)/0.76, D0 = 0.16·D1/0.76, L0 = 0.16·L1/0.76.
	w1, d1, l1 := 0.36/0.76, 0.24/0.76, 0.16/0.76
	w0, d0, l0 := (0.6+0.16*w1)/0.76, 0.16*d1/0.76, 0.16*l1/0.76
	r := Solve(oracleScen(t, combat.SpaceCombat, "1 dreadnought", "1 cruiser"))
	oracleCheckOutcome(t, r, w0, d0, l0)
	oracleApprox(t, "W0 closed form 12.84/14.44", w0, 12.84/14.44)
	oracleApprox(t, "E[dreadnoughts]", r.Mean[0][units.Dreadnought], w0)
	oracleApprox(t, "E[cruisers]", r.Mean[1][units.Cruiser], l0)
	// E[(lost)²] for the attacker: 4² when the dreadnought dies.
	oracleApprox(t, "E[attacker lost²]", r.LostSq[0], 16*(d0+l0))
}

func TestOracleMechVsInfantry(t *testing.T) {
	// Ground: 1 mech (p(6) = 0.5, sustain) vs 1 infantry (p(8) = 0.3).
	// Damaged mech: A only 0.5·0.7 = 0.35, both 0.15, D only 0.5·0.3 = 0.15,
	// none 0.35; / 0.65. Undamaged: mech hits → win (0.5); mech misses,
	// infantry hits (0.15) → damaged; none 0.35; / 0.65.
	w1, d1, l1 := 0.35/0.65, 0.15/0.65, 0.15/0.65
	r := Solve(oracleScen(t, combat.GroundCombat, "1 mech", "1 infantry"))
	oracleCheckOutcome(t, r, (0.5+0.15*w1)/0.65, 0.15*d1/0.65, 0.15*l1/0.65)
}

func TestOracleAFB(t *testing.T) {
	// 1 destroyer vs 2 fighters. AFB: 2 dice on 9 (0.2): both fighters
	// die 0.04 (win at once), one 0.32, none 0.64.
	// 1 destroyer vs 1 fighter (p 0.2 each): 4/9, 1/9, 4/9 as the fighter
	// duel. 1 destroyer vs 2 fighters: the fighters score ≥1 with 0.36,
	// which always kills the destroyer; the destroyer scores 0.2.
	//   destroyer hits, fighters miss: 0.2·0.64 = 0.128 → 1 vs 1;
	//   destroyer hits, fighters ≥1: 0.2·0.36 → loss (a fighter is left);
	//   destroyer misses, fighters ≥1: 0.8·0.36 → loss; none 0.8·0.64 = 0.512.
	// So W2 = 0.128·(4/9)/0.488, D2 = 0.128·(1/9)/0.488.
	w2, d2 := 0.128*(4.0/9)/0.488, 0.128*(1.0/9)/0.488
	win := 0.04 + 0.32*4/9 + 0.64*w2
	draw := 0.32*1/9 + 0.64*d2
	r := Solve(oracleScen(t, combat.SpaceCombat, "1 destroyer", "2 fighter"))
	oracleCheckOutcome(t, r, win, draw, 1-win-draw)

	// Destroyer II: AFB 3 dice on 6 (0.5). 2 fighters both die with
	// 1 − P(0 or 1 hit) = 1 − 0.125 − 0.375 = 0.5; a destroyer II hits on 8
	// (0.3) in rounds. One fighter left (0.375): A only 0.3·0.8 = 0.24,
	// D only 0.7·0.2 = 0.14, both 0.06; / 0.44.
	// Two left (0.125): the destroyer scores 0.3, the fighters ≥1 with 0.36:
	//   0.3·0.64 = 0.192 → 1 vs 1; none 0.7·0.64 = 0.448.
	w1, d1 := 0.24/0.44, 0.06/0.44
	w2, d2 = 0.192*w1/0.552, 0.192*d1/0.552
	win = 0.5 + 0.375*w1 + 0.125*w2
	draw = 0.375*d1 + 0.125*d2
	r = Solve(oracleScen(t, combat.SpaceCombat, "1 destroyer II", "2 fighter"))
	oracleCheckOutcome(t, r, win, draw, 1-win-draw)
}

func TestOracleSpaceCannonOffense(t *testing.T) {
	// PDS I (6: 0.5) fires at 1 cruiser; if the cruiser survives, cruiser
	// (0.4) vs fighter (0.2): A only 0.32, D only 0.12, both 0.08;
	// / 0.52. A dead cruiser: the defender's fighter holds space.
	r := Solve(oracleScen(t, combat.SpaceCombat, "1 cruiser", "1 fighter, 1 pds"))
	oracleCheckOutcome(t, r, 0.5*0.32/0.52, 0.5*0.08/0.52, 0.5+0.5*0.12/0.52)
	// Structures are never hit in a space action.
	oracleApprox(t, "E[pds]", r.Mean[1][units.PDS], 1)

	// PDS II (5: 0.6) with 2 adjacent PDS: 3 dice at 0.6 on 2 cruisers and
	// no defender ships. The attacker keeps a cruiser iff ≤ 1 hit:
	// 0.4³ + 3·0.6·0.4² = 0.352; else neither side has ships (draw).
	// E[cruisers] = 2·0.064 + 1·0.288 = 0.416.
	sc := oracleScen(t, combat.SpaceCombat, "2 cruiser", "1 pds II")
	sc.Defender.AdjacentPDS = 2
	r = Solve(sc)
	oracleCheckOutcome(t, r, 0.352, 0.648, 0)
	oracleApprox(t, "E[cruisers] PDS II", r.Mean[0][units.Cruiser], 0.416)
	// The same with the upgrade as a technology.
	sc = oracleScen(t, combat.SpaceCombat, "2 cruiser", "1 pds")
	sc.Defender.AdjacentPDS = 2
	sc.Defender.Techs = []string{"pds-ii"}
	oracleCheckOutcome(t, Solve(sc), 0.352, 0.648, 0)

	// PDS I: the adjacent PDS do not fire; 1 die at 0.5: E = 1.5, always a win.
	sc = oracleScen(t, combat.SpaceCombat, "2 cruiser", "1 pds")
	sc.Defender.AdjacentPDS = 2
	r = Solve(sc)
	oracleCheckOutcome(t, r, 1, 0, 0)
	oracleApprox(t, "E[cruisers] PDS I", r.Mean[0][units.Cruiser], 1.5)
}

func TestOracleBombardment(t *testing.T) {
	// 1 war sun bombards 3 infantry: 3 dice on 3 (0.8), no shield.
	// E[infantry left] = 3 − 3·0.8 = 0.6; all die with 0.8³ = 0.512.
	// The attacker has no ground forces: the defender keeps the planet.
	r := Solve(oracleScen(t, combat.Invasion, "1 war sun", "3 infantry"))
	oracleCheckOutcome(t, r, 0, 0, 1)
	oracleApprox(t, "E[infantry]", r.Mean[1][units.Infantry], 0.6)
	p0 := 0.0
	for s, p := range r.Final {
		if s.d.alive(units.Infantry) == 0 {
			p0 += p
		}
	}
	oracleApprox(t, "P(no infantry)", p0, 0.512)
	oracleApprox(t, "P(space held by attacker)", r.SpaceWin, 1)
	oracleApprox(t, "P(invaded)", r.Invaded, 0)

	// 1 dreadnought (5: 0.6) bombards 1 mech + 1 infantry: the hit is
	// cancelled by the mech's Sustain Damage: nothing dies.
	r = Solve(oracleScen(t, combat.Invasion, "1 dreadnought", "1 mech, 1 infantry"))
	oracleApprox(t, "E[infantry] sustain", r.Mean[1][units.Infantry], 1)
	oracleApprox(t, "E[mech] sustain", r.Mean[1][units.Mech], 1)
	// With SustainLast the infantry dies first: E = 0.4.
	sc := oracleScen(t, combat.Invasion, "1 dreadnought", "1 mech, 1 infantry")
	sc.Defender.Order.SustainLast = true
	oracleApprox(t, "E[infantry] sustain last", Solve(sc).Mean[1][units.Infantry], 0.4)

	// Planetary Shield: a PDS blocks the dreadnought's bombardment. The
	// PDS fires in space cannon offense (0.5) and the hit is sustained.
	r = Solve(oracleScen(t, combat.Invasion, "1 dreadnought", "1 pds, 2 infantry"))
	oracleApprox(t, "E[infantry] shield", r.Mean[1][units.Infantry], 2)
	oracleApprox(t, "E[dreadnoughts] shield", r.Mean[0][units.Dreadnought], 1)
	// A war sun removes the shield: 3 dice on 3 (0.8) on 2 infantry:
	// E = 2·0.2³ + 1·3·0.8·0.2² = 0.016 + 0.096 = 0.112.
	r = Solve(oracleScen(t, combat.Invasion, "1 war sun", "1 pds, 2 infantry"))
	oracleApprox(t, "E[infantry] war sun", r.Mean[1][units.Infantry], 0.112)
}

func TestOracleInvasion(t *testing.T) {
	// Space cannon defense: 1 carrier + 2 infantry vs 1 PDS (0.5) and no
	// ground forces. SCO kills the carrier with 0.5 → no invasion
	// (defender wins, infantry lost). Otherwise both infantry land and SCD
	// kills one with 0.5; at least one is left → the attacker wins and the
	// PDS is destroyed. E[infantry] = 0.5·1.5 = 0.75, E[pds] = 0.5.
	r := Solve(oracleScen(t, combat.Invasion, "1 carrier, 2 infantry", "1 pds"))
	oracleCheckOutcome(t, r, 0.5, 0, 0.5)
	oracleApprox(t, "E[infantry]", r.Mean[0][units.Infantry], 0.75)
	oracleApprox(t, "E[carrier]", r.Mean[0][units.Carrier], 0.5)
	oracleApprox(t, "E[pds]", r.Mean[1][units.PDS], 0.5)
	oracleApprox(t, "space held by attacker", r.SpaceWin, 0.5)
	oracleApprox(t, "space held by neither", r.SpaceDraw, 0.5)
	oracleApprox(t, "invaded", r.Invaded, 0.5)
	// Resources lost: the carrier (3) and both infantry (1) with 0.5; one
	// infantry (0.5) with 0.25; nothing with 0.25: 0.5·4 + 0.25·0.5.
	oracleApprox(t, "E[attacker lost]", r.Lost[0], 2.125)

	// With 1 infantry the attacker wins with 0.5·0.5; SCD kills the only
	// infantry → defender wins, no ground combat, no draw.
	oracleCheckOutcome(t, Solve(oracleScen(t, combat.Invasion, "1 carrier, 1 infantry", "1 pds")), 0.25, 0, 0.75)

	// 1 fighter + 1 infantry vs 1 fighter: space 4/9, 1/9, 4/9 (decided
	// before capacity), but even after a space win neither the fighter nor
	// the infantry has room on a ship (LRR 16): both are removed, the
	// attacker has no ship left and no invasion takes place.
	r = Solve(oracleScen(t, combat.Invasion, "1 fighter, 1 infantry", "1 fighter"))
	oracleCheckOutcome(t, r, 0, 0, 1)
	oracleApprox(t, "space win", r.SpaceWin, 4.0/9)
	oracleApprox(t, "space draw", r.SpaceDraw, 1.0/9)
	oracleApprox(t, "space loss", r.SpaceLoss, 4.0/9)
	oracleApprox(t, "E[infantry]", r.Mean[0][units.Infantry], 0)
	oracleApprox(t, "invaded", r.Invaded, 0)

	// A ground draw: 1 carrier + 1 infantry vs 1 infantry: no space
	// combat; the ground combat is the infantry duel 7/17, 3/17, 7/17.
	r = Solve(oracleScen(t, combat.Invasion, "1 carrier, 1 infantry", "1 infantry"))
	oracleCheckOutcome(t, r, 7.0/17, 3.0/17, 7.0/17)
	oracleApprox(t, "invaded", r.Invaded, 1)
}

// TestOracleEntryPoints checks SolveIterated, DefenderStartsAsFleet and
// StartRows on scenarios whose answers are known by hand.
func TestOracleEntryPoints(t *testing.T) {
	// The fighter duel of TestOracleFighterDuel, solved round by round:
	// 4/9, 1/9, 4/9 again (the iteration stops below 1e-15 of probability
	// left, well inside 1e-12).
	sc := oracleScen(t, combat.SpaceCombat, "1 fighter", "1 fighter")
	oracleCheckOutcome(t, SolveIterated(sc), 4.0/9, 1.0/9, 4.0/9)
	// A plain scenario starts with its fleets.
	g := oracleScen(t, combat.GroundCombat, "2 infantry", "1 mech")
	if !DefenderStartsAsFleet(g) {
		t.Errorf("DefenderStartsAsFleet(2 infantry vs 1 mech) = false, want true")
	}
	rows := StartRows(g)
	if len(rows[0]) != 1 || rows[0][0] != (units.Group{Kind: units.Infantry, Count: 2}) ||
		len(rows[1]) != 1 || rows[1][0] != (units.Group{Kind: units.Mech, Count: 1}) {
		t.Errorf("StartRows(2 infantry vs 1 mech) = %v", rows)
	}
	// Magen Defense Grid ΩΩ (the default printing) places 1 infantry with
	// the defender's space dock when an invasion activates the system: the
	// defender's rows are the dock and that infantry, in kind order.
	inv := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 2 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 space dock"), Techs: []string{combat.TechMagen}}}
	if DefenderStartsAsFleet(inv) {
		t.Errorf("DefenderStartsAsFleet(Magen ΩΩ with a dock) = true, want false")
	}
	got := StartRows(inv)[1]
	want := []units.Group{{Kind: units.Infantry, Count: 1}, {Kind: units.SpaceDock, Count: 1}}
	if units.Infantry > units.SpaceDock {
		want[0], want[1] = want[1], want[0]
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("StartRows(Magen ΩΩ)[1] = %v, want %v", got, want)
	}
}
