package combat_test

import (
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Nekro Virus's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Mordred: a Nekro mech (6: 0.5, Sustain Damage: 2 points) against 1
// infantry (0.3). No assimilator token is given, so no +2: reference.PointDuel(2, 1)
// at 0.5 (with the +2 it would be 0.7: boardstate_test.go), exact-solvable,
// with a warning saying how to give the token.
func TestMordred(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "nekro", "1 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	win, draw := reference.PointDuel(2, 1, reference.FixedDice(1), reference.DiePerPoint, 0.5, 0.3)
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 404)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	modelled(t, res, "Mordred")
	warned(t, res, "Mordred", "assimilator-token", "not applied")
}

// Valefar Assimilator Z: the Nekro flagship with the C'morran N'orr's text
// (listed among the cards) gives +1 to the Nekro cruiser (6: 0.5): with
// the flagship's 2 dice at 9, a dreadnought falls in one round to 2 hits.
// Without the breakthrough another faction's flagship text listed by the
// Nekro could change nothing: it is refused rather than ignored.
func TestValefarAssimilatorZ(t *testing.T) {
	lone := factionSide(t, "nekro", "1 flagship, 1 cruiser")
	lone.Cards = []string{"cmorran-norr"}
	if err := (&combat.Scenario{Action: combat.SpaceCombat, Attacker: lone, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}).Validate(); err == nil || !strings.Contains(err.Error(), "valefar-assimilator-z") {
		t.Errorf("cmorran-norr without valefar-assimilator-z: %v, want a refusal naming valefar-assimilator-z", err)
	}
	for _, c := range []struct {
		cards []string
		pc    float64
	}{{[]string{"valefar-assimilator-z", "cmorran-norr"}, 0.5}} {
		a := factionSide(t, "nekro", "1 flagship, 1 cruiser")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
		res := mustRun(t, sc, factionTrials, 362)
		kill := reference.AtLeast2(2, 0.2, 1, c.pc)
		near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 1-kill, bernoulliSD(kill))
	}
}

// The Alastor: the Nekro flagship (2 dice at 9) and 2 infantry (8) against a
// dreadnought (5) for one round. The infantry fight as ships: the attacker
// rolls Bin(2, 0.2) + Bin(2, 0.3) and the dreadnought falls to 2 hits:
// P(0) = 0.64·0.49 = 0.3136, P(1) = 2·0.2·0.8·0.49 + 0.64·2·0.3·0.7 =
// 0.4256, so it is left with 1 − 0.2608 = 0.7392 (0.96 with the flagship's
// dice alone). Keeping Sustain Damage for last, the Nekro lose an infantry
// to its die (0.6): 2 − 0.6 = 1.4 left.
func TestTheAlastor(t *testing.T) {
	a := factionSide(t, "nekro", "1 flagship, 2 infantry")
	a.Order.SustainLast = true
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 301)
	near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 0.7392, bernoulliSD(0.7392))
	near(t, "infantry left", survivors(t, res.Attacker, "Infantry I"), 1.4, bernoulliSD(0.6))
	near(t, "flagship left", survivors(t, res.Attacker, "The Alastor"), 1, 0)
	modelled(t, res, "The Alastor")
	notExact(t, sc)

	// Without its flagship the Nekro infantry take no part in a space
	// combat.
	sc.Attacker = factionSide(t, "nekro", "1 cruiser, 2 infantry")
	refused(t, sc, "infantry takes no part in a space combat")
}

// The Alastor on the defender's side: the planet's infantry fight the space
// combat, then the ground combat. The defender (flagship, 1 infantry on the
// planet) against 1 cruiser (7) that cannot be hit (modifier −9 on the
// defender) for one space round: keeping Sustain Damage for last, the
// cruiser's die (0.4) kills the infantry, so 0.6 are left on the planet.
func TestTheAlastorDefender(t *testing.T) {
	d := factionSide(t, "nekro", "1 flagship, 1 infantry")
	d.Modifier = -9
	d.Order.SustainLast = true
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")}, Defender: d}
	res := mustRun(t, sc, factionTrials, 302)
	near(t, "defender infantry left", survivors(t, res.Defender, "Infantry I"), 0.6, bernoulliSD(0.6))
	near(t, "flagship left", survivors(t, res.Defender, "The Alastor"), 1, 0)
}

// Technological Singularity: 2 Nekro infantry (8: 0.3) fight a ground
// combat against 2 infantry II (7: 0.4). After the first of the
// defender's infantry is destroyed, the Nekro take Infantry II and roll at
// 7 (0.4) from the next round. Expected value: the chain over (a, d) where
// the attacker hits with 0.3 while d = 2 and 0.4 after, solved below by
// first-step analysis with the no-hit self-loop divided out
// (singularityDuel). Without the opponent's upgrade the text does nothing
// and says so; the gain depends on a destruction: exact mode refuses.
func TestTechnologicalSingularity(t *testing.T) {
	nekro := factionSide(t, "nekro", "2 infantry")
	upgraded := combat.Side{Fleet: mustFleet(t, "2 infantry"), Techs: []string{"infantry-ii"}}
	sc := combat.Scenario{Action: combat.GroundCombat, Attacker: nekro, Defender: upgraded}
	win, draw := singularityDuel(2, 2, 0.3, 0.4, 0.4)
	res := mustRun(t, sc, 4*factionTrials, 913)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win)/2)
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw)/2)
	modelled(t, res, "Technological Singularity")
	notExact(t, sc)
	// The same combat without the text's gain (0.3 throughout) is
	// measurably different: the test can tell the text acts.
	if plain, _ := singularityDuel(2, 2, 0.3, 0.3, 0.4); win-plain < 0.03 {
		t.Fatalf("the gain changes P(win) by %.3f only: a weak test", win-plain)
	}
	// Without Infantry II to take, nothing changes, and a warning says so.
	sc.Defender = combat.Side{Fleet: mustFleet(t, "2 infantry")}
	plain, plainDraw := singularityDuel(2, 2, 0.3, 0.3, 0.3)
	res = mustRun(t, sc, factionTrials, 914)
	near(t, "attacker wins, nothing to take", res.Outcome.AttackerWin.P, plain, bernoulliSD(plain))
	near(t, "draw, nothing to take", res.Outcome.Draw.P, plainDraw, bernoulliSD(plainDraw))
	warned(t, res, "Technological Singularity", "does nothing")
}

// singularityDuel returns P(attacker wins) and P(draw) of a ground combat
// of a attacker units against d defender units, one die each, where the
// attacker hits with before while the defender has all d0 of its units and
// with after once one is destroyed, and the defender hits with pd; hits
// are simultaneous. First-step analysis over (a, d), the round where
// nobody is hit divided out.
func singularityDuel(a0, d0 int, before, after, pd float64) (win, draw float64) {
	type key struct{ a, d int }
	memo := map[key][2]float64{}
	var solve func(a, d int) [2]float64
	solve = func(a, d int) [2]float64 {
		switch {
		case a == 0 && d == 0:
			return [2]float64{0, 1}
		case d == 0:
			return [2]float64{1, 0}
		case a == 0:
			return [2]float64{0, 0}
		}
		if v, ok := memo[key{a, d}]; ok {
			return v
		}
		pa := after
		if d == d0 {
			pa = before
		}
		var acc [2]float64
		stay := 0.0
		for ha := 0; ha <= a; ha++ {
			for hd := 0; hd <= d; hd++ {
				q := reference.BinomP(a, ha, pa) * reference.BinomP(d, hd, pd)
				if ha == 0 && hd == 0 {
					stay = q
					continue
				}
				v := solve(max(a-hd, 0), max(d-ha, 0))
				acc[0] += q * v[0]
				acc[1] += q * v[1]
			}
		}
		v := [2]float64{acc[0] / (1 - stay), acc[1] / (1 - stay)}
		memo[key{a, d}] = v
		return v
	}
	v := solve(a0, d0)
	return v[0], v[1]
}

// Technological Singularity on the defending side, against an attacker
// with more unit kinds than the Nekro (this once indexed the Nekro's units
// with the attacker's and crashed): 2 infantry II (7: 0.4) and 1 mech
// (6: 0.5, Sustain Damage) attack 2 Nekro infantry (8: 0.3, and 7: 0.4
// once the first attacking unit is destroyed: a mech's Sustain Damage
// destroys nothing). Expected value: singularityMechChain, a chain over
// (infantry, mech, mech damaged, Nekro infantry, gained) written for this
// test alone.
func TestTechnologicalSingularityDefending(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 infantry II, 1 mech"), Techs: []string{"infantry-ii"}},
		Defender: factionSide(t, "nekro", "2 infantry")}
	win, draw := singularityMechChain()
	res := mustRun(t, sc, 4*factionTrials, 915)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win)/2)
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw)/2)
	modelled(t, res, "Technological Singularity")
	// The gain is measurable: without it (0.3 throughout) the attacker
	// would win 0.0062 more often, over 20 standard errors at 4 ×
	// factionTrials.
	if plain, _ := singularityMechChainAt(0.3); plain-win < 0.005 {
		t.Fatalf("the gain changes P(win) by %.4f only: a weak test", plain-win)
	}
}

// singularityMechChain is TestTechnologicalSingularityDefending's value:
// the Nekro hit with 0.3 before the gain and 0.4 after.
func singularityMechChain() (win, draw float64) { return singularityMechChainAt(0.4) }

// singularityMechChainAt solves the ground combat of 2 infantry (0.4) and
// 1 mech (0.5, Sustain Damage taken first) against 2 Nekro infantry that
// hit with 0.3 until an attacking unit is destroyed and with after from
// the next round on. Hits are simultaneous; the round where nothing
// changes is divided out (first-step analysis).
func singularityMechChainAt(after float64) (win, draw float64) {
	type state struct{ inf, mech, worn, d, gained int }
	memo := map[state][2]float64{}
	var solve func(s state) [2]float64
	solve = func(s state) [2]float64 {
		a := s.inf + s.mech
		switch {
		case a == 0 && s.d == 0:
			return [2]float64{0, 1}
		case s.d == 0:
			return [2]float64{1, 0}
		case a == 0:
			return [2]float64{0, 0}
		}
		if v, ok := memo[s]; ok {
			return v
		}
		pd := 0.3
		if s.gained == 1 {
			pd = after
		}
		var acc [2]float64
		stay := 0.0
		for hi := 0; hi <= s.inf; hi++ {
			for hm := 0; hm <= s.mech; hm++ {
				for hd := 0; hd <= s.d; hd++ {
					q := reference.BinomP(s.inf, hi, 0.4) * reference.BinomP(s.mech, hm, 0.5) * reference.BinomP(s.d, hd, pd)
					next := s
					next.d = max(s.d-hi-hm, 0)
					h := hd
					if h > 0 && next.mech == 1 && next.worn == 0 {
						next.worn, h = 1, h-1
					}
					killed := min(h, next.inf)
					next.inf -= killed
					h -= killed
					if h > 0 && next.mech == 1 {
						next.mech, killed = 0, killed+1
					}
					if killed > 0 {
						next.gained = 1
					}
					if next == s {
						stay += q
						continue
					}
					v := solve(next)
					acc[0] += q * v[0]
					acc[1] += q * v[1]
				}
			}
		}
		v := [2]float64{acc[0] / (1 - stay), acc[1] / (1 - stay)}
		memo[s] = v
		return v
	}
	v := solve(state{inf: 2, mech: 1, d: 2})
	return v[0], v[1]
}
