package combat_test

// Tests of the space action cards (cards_space.go). Every expected number is
// derived by hand in the comments, or computed by the small exact
// calculations below (spDuel and explicit enumerations), independently of
// the engine. Simulated probabilities must lie within 4 standard errors of
// the expected value (the standard error from the expected p), means within
// 4 of the Result's own standard errors; deterministic cards are also solved
// exactly and must match to 1e-9.

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

// spTrials is the number of trials of each simulated scenario (fewer under
// -race, race_test.go).
const spTrials = 200_000 / raceTrialDivisor

func spSide(t *testing.T, fleet string, cards ...string) combat.Side {
	t.Helper()
	f, err := units.ParseFleet(fleet)
	if err != nil {
		t.Fatalf("fleet %q: %v", fleet, err)
	}
	return combat.Side{Fleet: f, Cards: cards}
}

func spRun(t *testing.T, sc combat.Scenario, seed uint64) combat.Result {
	t.Helper()
	res, err := combat.Run(context.Background(), sc, combat.Options{Trials: spTrials, Seed: seed})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// spP checks a simulated probability against its expected value.
func spP(t *testing.T, what string, got combat.Probability, want float64) {
	t.Helper()
	se := math.Sqrt(want * (1 - want) / spTrials)
	if se == 0 {
		if got.P != want {
			t.Errorf("%s = %.6f, want exactly %.6f", what, got.P, want)
		}
		return
	}
	z := (got.P - want) / se
	t.Logf("%s: expected %.5f, simulated %.5f, z = %+.2f", what, want, got.P, z)
	if math.Abs(z) > 4 {
		t.Errorf("%s = %.5f, want %.5f (z = %.2f)", what, got.P, want, z)
	}
}

// spMean checks a simulated mean against its expected value.
func spMean(t *testing.T, what string, got combat.Mean, want float64) {
	t.Helper()
	if got.SE == 0 {
		if math.Abs(got.Value-want) > 1e-12 {
			t.Errorf("%s = %.6f, want exactly %.6f", what, got.Value, want)
		}
		return
	}
	z := (got.Value - want) / got.SE
	t.Logf("%s: expected %.5f, simulated %.5f, z = %+.2f", what, want, got.Value, z)
	if math.Abs(z) > 4 {
		t.Errorf("%s = %.5f ± %.5f, want %.5f (z = %.2f)", what, got.Value, got.SE, want, z)
	}
}

// spOutcomes checks the outcome probabilities (attacker wins, draw,
// defender wins, attacker retreats, defender retreats, unfinished).
func spOutcomes(t *testing.T, what string, o combat.Outcomes, a, draw, d, ar, dr, unf float64) {
	t.Helper()
	if s := a + draw + d + ar + dr + unf; math.Abs(s-1) > 1e-9 {
		t.Fatalf("%s: expected outcomes add up to %v", what, s)
	}
	spP(t, what+": attacker wins", o.AttackerWin, a)
	spP(t, what+": draw", o.Draw, draw)
	spP(t, what+": defender wins", o.DefenderWin, d)
	spP(t, what+": attacker retreats", o.AttackerRetreats, ar)
	spP(t, what+": defender retreats", o.DefenderRetreats, dr)
	spP(t, what+": unfinished", o.Unfinished, unf)
}

// spSolve checks an exact result's outcomes to 1e-9.
func spSolve(t *testing.T, what string, sc combat.Scenario, a, draw, d float64) combat.Result {
	t.Helper()
	res, err := combat.Solve(context.Background(), sc)
	if err != nil {
		t.Fatalf("%s: Solve: %v", what, err)
	}
	o := res.Outcome
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"attacker wins", o.AttackerWin.P, a}, {"draw", o.Draw.P, draw}, {"defender wins", o.DefenderWin.P, d}} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: Solve: %s = %.12f, want %.12f", what, c.name, c.got, c.want)
		}
	}
	return res
}

func spSurvivor(t *testing.T, sr combat.SideResult, k units.Kind) combat.Mean {
	t.Helper()
	for _, s := range sr.Survivors {
		if s.Kind == k {
			return s.Expected
		}
	}
	t.Fatalf("no %s among the survivors", k)
	return combat.Mean{}
}

// spStates turns a Result's end states into "attacker | defender" keys,
// each side as "Name alive/damaged" items.
func spStates(res combat.Result) map[string]combat.Probability {
	out := map[string]combat.Probability{}
	for _, st := range res.States {
		var sides []string
		for _, us := range [][]combat.UnitCount{st.Attacker, st.Defender} {
			var items []string
			for _, u := range us {
				items = append(items, fmt.Sprintf("%s %d/%d", u.Name, u.Alive, u.Damaged))
			}
			sides = append(sides, strings.Join(items, ", "))
		}
		out[strings.Join(sides, " | ")] = st.P
	}
	return out
}

func spCheckStates(t *testing.T, what string, res combat.Result, want map[string]float64) {
	t.Helper()
	got := spStates(res)
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: unexpected end state %q (p = %.5f)", what, k, got[k].P)
		}
	}
	for k, p := range want {
		spP(t, what+": state "+k, got[k], p)
	}
}

// spUnit is a unit of spDuel: one die hitting with probability p.
type spUnit struct {
	p       float64
	sustain bool
}

// spOut is how a duel ends.
type spOut struct{ a, draw, d float64 }

// spDuel is an exact combat of simple fleets, written for these tests: each
// round both sides roll one die per unit at once; each side takes hits on
// its undamaged units with Sustain Damage first, then loses its units in
// list order (the engine's default hit order when the list is in the
// default kind order). The state is the hits each side has taken; the
// no-hit self-loop is divided out.
type spDuel struct {
	side [2][]spUnit
	memo map[[2]int]spOut
}

func newSpDuel(att, def []spUnit) *spDuel {
	return &spDuel{side: [2][]spUnit{att, def}, memo: map[[2]int]spOut{}}
}

func (d *spDuel) sustains(s int) int {
	n := 0
	for _, u := range d.side[s] {
		if u.sustain {
			n++
		}
	}
	return n
}

// pmf is the hit distribution of side s after taking h hits.
func (d *spDuel) pmf(s, h int) []float64 {
	pmf := []float64{1}
	for _, u := range d.side[s][max(0, h-d.sustains(s)):] {
		next := make([]float64, len(pmf)+1)
		for k, q := range pmf {
			next[k] += q * (1 - u.p)
			next[k+1] += q * u.p
		}
		pmf = next
	}
	return pmf
}

// value is the outcome from the state where the attacker has taken ha hits
// and the defender hd.
func (d *spDuel) value(ha, hd int) spOut {
	attackerDead := ha >= len(d.side[0])+d.sustains(0)
	defenderDead := hd >= len(d.side[1])+d.sustains(1)
	switch {
	case attackerDead && defenderDead:
		return spOut{draw: 1}
	case attackerDead:
		return spOut{d: 1}
	case defenderDead:
		return spOut{a: 1}
	}
	if v, ok := d.memo[[2]int{ha, hd}]; ok {
		return v
	}
	pa, pd := d.pmf(0, ha), d.pmf(1, hd)
	stay := pa[0] * pd[0]
	var out spOut
	for x, qa := range pa {
		for y, qd := range pd {
			if x == 0 && y == 0 {
				continue
			}
			v := d.value(ha+y, hd+x)
			w := qa * qd / (1 - stay)
			out.a += w * v.a
			out.draw += w * v.draw
			out.d += w * v.d
		}
	}
	d.memo[[2]int{ha, hd}] = out
	return out
}

func spUnits(n int, p float64, sustain bool) []spUnit {
	out := make([]spUnit, n)
	for i := range out {
		out[i] = spUnit{p, sustain}
	}
	return out
}

func TestSpaceCardsListed(t *testing.T) {
	want := map[string]int{
		"direct-hit": 4, "maneuvering-jets": 4, "skilled-retreat": 4, "emergency-repairs": 1,
		"experimental-battlestation": 1, "fighter-prototype": 1, "courageous-to-the-end": 1,
		"intercept": 1, "waylay": 1, "rout": 1, "reflective-shielding": 1, "solar-flare": 1,
		"scramble-frequency": 1, "crash-landing": 1,
	}
	for _, c := range combat.Cards() {
		if n, ok := want[c.Slug]; ok {
			if c.Kind != combat.KindActionCard || c.Copies != n || c.Effect == "" {
				t.Errorf("%s: kind %q, copies %d, effect %q; want an action card with %d copies", c.Slug, c.Kind, c.Copies, c.Effect, n)
			}
			delete(want, c.Slug)
		}
	}
	for s := range want {
		t.Errorf("%s missing from Cards()", s)
	}
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "direct-hit:5"), Defender: spSide(t, "1 cruiser")}
	if err := sc.Validate(); err == nil {
		t.Error("direct-hit:5 accepted; the deck has 4")
	}
}

// Direct Hit: a dreadnought (hits on 5, p = .6) against a cruiser (p = .4)
// whose owner holds Direct Hit. A sustain is followed by Direct Hit, so the
// dreadnought has one life. Per round: A hits alone .6·.6 = .36 (A wins);
// D hits alone .4·.4 = .16 (sustain, Direct Hit: D wins); both .24 (the
// cruiser dies, the dreadnought sustains and is destroyed: draw); none .24.
// Dividing out the none: A .36/.76, draw .24/.76, D .16/.76.
func TestDirectHit(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 dreadnought"), Defender: spSide(t, "1 cruiser", "direct-hit")}
	res := spRun(t, sc, 101)
	spOutcomes(t, "direct hit", res.Outcome, .36/.76, .24/.76, .16/.76, 0, 0, 0)
	// Exact mode keeps the copies left in the combat's state.
	ex := mustSolve(t, sc).Outcome
	exactNear(t, "direct hit: attacker wins", ex.AttackerWin.P, .36/.76)
	exactNear(t, "direct hit: draw", ex.Draw.P, .24/.76)
	exactNear(t, "direct hit: defender wins", ex.DefenderWin.P, .16/.76)

	// Dreadnought II is immune: the ordinary duel of a 2-life ship.
	sc.Attacker = spSide(t, "1 dreadnought ii")
	v := newSpDuel([]spUnit{{.6, true}}, []spUnit{{.4, false}}).value(0, 0)
	res = spRun(t, sc, 102)
	spOutcomes(t, "direct hit vs dreadnought ii", res.Outcome, v.a, v.draw, v.d, 0, 0, 0)

	// Space cannon offense is produced by units: a PDS (p = .5) hit makes
	// the dreadnought sustain, and Direct Hit destroys it — in both
	// printings. The defender has no ships: no combat; the attacker holds
	// the space area with .5, else nobody does (draw).
	for _, pr := range []combat.DirectHitPrinting{combat.DirectHitCurrent, combat.DirectHitOriginal} {
		sc := combat.Scenario{Action: combat.SpaceCombat, Printings: combat.Printings{DirectHit: pr},
			Attacker: spSide(t, "1 dreadnought"), Defender: spSide(t, "1 pds", "direct-hit")}
		res := spRun(t, sc, 103)
		spOutcomes(t, "direct hit on space cannon ("+pr.String()+")", res.Outcome, .5, .5, 0, 0, 0, 0)
		// Exact mode follows the copies through space cannon offense too.
		ex := mustSolve(t, sc).Outcome
		exactNear(t, "direct hit on space cannon: attacker", ex.AttackerWin.P, .5)
		exactNear(t, "direct hit on space cannon: draw", ex.Draw.P, .5)
	}
}

// Direct Hit and ability hits: the attacker's dreadnought never hits
// (modifier -9) and holds Reflective Shielding and Direct Hit; the
// defender's 2 dreadnoughts (p = .6 each) roll once (round limit 1). If any
// hits the attacker (1 - .4² = .84), its dreadnought sustains and
// Reflective Shielding makes 2 hits, each sustained by one defender
// dreadnought. Current printing: Direct Hit destroys the first one (one
// copy), so the defender keeps 2·.16 + 1·.84 = 1.16 dreadnoughts on average;
// with 2 copies both, .32. Original printing: ability hits do not count: 2.
func TestDirectHitAbilityHits(t *testing.T) {
	for _, c := range []struct {
		rules combat.DirectHitPrinting
		dh    string
		want  float64
	}{{combat.DirectHitCurrent, "direct-hit", 1.16}, {combat.DirectHitCurrent, "direct-hit:2", .32}, {combat.DirectHitOriginal, "direct-hit", 2}} {
		att := spSide(t, "1 dreadnought", "reflective-shielding", c.dh)
		att.Modifier = -9
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Printings: combat.Printings{DirectHit: c.rules},
			Attacker: att, Defender: spSide(t, "2 dreadnought")}
		res := spRun(t, sc, 104)
		spMean(t, fmt.Sprintf("%s (%s): defender dreadnoughts left", c.dh, c.rules), spSurvivor(t, res.Defender, units.Dreadnought), c.want)
	}
}

// Direct Hit against a ship already gone (the long scenario sweep's seed
// 1010594, where a side's units left went to 65,535): the attacker's
// dreadnought never hits (modifier -9) and holds Reflective Shielding; the
// defender's dreadnought (p = .6) holds Direct Hit and Courageous to the
// End; one round. When the defender hits (.6), the attacker's dreadnought
// sustains; Reflective Shielding, a "when" text, makes 2 hits first: the
// defender's dreadnought sustains one and is destroyed by the other, and
// Courageous to the End's 2 dice at 5 (at least one hit: 1 − .4² = .84)
// make the attacker destroy its dreadnought, so the ship Direct Hit would
// destroy is gone and no copy is played; otherwise (.16) Direct Hit
// destroys it. Either way both sides are destroyed: draw .6, unfinished
// .4, and the attacker's dreadnoughts left are .4 (a count, never more
// than the one it had).
func TestDirectHitShipAlreadyGone(t *testing.T) {
	att := spSide(t, "1 dreadnought", "reflective-shielding")
	att.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: att, Defender: spSide(t, "1 dreadnought", "direct-hit", "courageous-to-the-end")}
	res := spRun(t, sc, 105)
	spOutcomes(t, "direct hit after courageous", res.Outcome, 0, .6, 0, 0, 0, .4)
	spMean(t, "attacker dreadnoughts left", spSurvivor(t, res.Attacker, units.Dreadnought), .4)
}

// A retreat still ends a combat where nobody can hit, when Direct Hit is
// held (the long scenario sweep's seed 1031221): two cruisers that cannot
// hit (modifiers -5), the defender retreating after round 1, the attacker
// holding Direct Hit — a card the exact solver follows round by round.
// Nothing happens in round 1 and the defender leaves at its end: it
// retreats with certainty after 1 round, exactly and in the trials
// (without the card both always did; the round-by-round solve had called
// the combat unfinished).
func TestRetreatWhereNobodyHitsWithDirectHit(t *testing.T) {
	att, def := spSide(t, "1 cruiser", "direct-hit"), spSide(t, "1 cruiser")
	att.Modifier, def.Modifier, def.Retreat = -5, -5, combat.Retreat{AfterRound: 1}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: att, Defender: def}
	ex := mustSolve(t, sc)
	if ex.Outcome.DefenderRetreats.P != 1 || ex.Rounds.Mean.Value != 1 {
		t.Errorf("exact: defender retreats %v after %v rounds; want 1 after 1", ex.Outcome.DefenderRetreats.P, ex.Rounds.Mean.Value)
	}
	spOutcomes(t, "nobody hits, the defender retreats", spRun(t, sc, 106).Outcome, 0, 0, 0, 0, 1, 0)
}

// Maneuvering Jets cancels 1 hit of each space cannon roll against the
// holder. A cruiser against 2 PDS (p = .5 each): it dies only to 2 hits,
// .25 (without the card, to 1 or 2: .75). Space cannon defense: a carrier
// with 2 infantry invades a planet with 3 PDS and no ground forces (Solar
// Flare keeps the PDS from firing at the carrier); the infantry all die
// only to 3 hits, .125 (without: 2 or more, .5).
func TestManeuveringJets(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "maneuvering-jets"), Defender: spSide(t, "2 pds")}
	res := spRun(t, sc, 201)
	spOutcomes(t, "jets vs space cannon offense", res.Outcome, .75, .25, 0, 0, 0, 0)
	refused(t, sc, "Maneuvering Jets")

	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: spSide(t, "1 carrier, 2 infantry", "maneuvering-jets", "solar-flare"), Defender: spSide(t, "3 pds")}
	res = spRun(t, sc, 202)
	spOutcomes(t, "jets vs space cannon defense", res.Outcome, .875, 0, .125, 0, 0, 0)

	// One copy a roll: a carrier with 2 infantry against 3 PDS. Offense
	// (3 dice): 0 hits (.125) keep the card for the defense; 1 hit (.375)
	// is cancelled; 2 or 3 (1 cancelled) destroy the carrier: no invasion.
	// Defense at the infantry (3 dice): with a copy left they all die only
	// to 3 hits (win .875), with none to 2 or more (win .5). 1 copy:
	// .125·.875 + .375·.5; 2 copies: .5·.875.
	for _, c := range []struct {
		card string
		want float64
	}{{"maneuvering-jets", .125*.875 + .375*.5}, {"maneuvering-jets:2", .5 * .875}} {
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: spSide(t, "1 carrier, 2 infantry", c.card), Defender: spSide(t, "3 pds")}
		res := spRun(t, sc, 203)
		spOutcomes(t, c.card+" in both space cannon steps", res.Outcome, c.want, 0, 1-c.want, 0, 0, 0)
	}
}

// Skilled Retreat: a carrier (p = .2) against a cruiser (p = .4). Round 1
// is fought: A alone .12, D alone .32, both .08, none .48. The carrier's
// expected hits are below the cruiser's, so with both alive at the start of
// round 2 it leaves: attacker retreats .48. The carrier survives in .6.
func TestSkilledRetreat(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 carrier", "skilled-retreat"), Defender: spSide(t, "1 cruiser")}
	res := spRun(t, sc, 301)
	spOutcomes(t, "skilled retreat", res.Outcome, .12, .08, .32, .48, 0, 0)
	spMean(t, "skilled retreat: carriers left", spSurvivor(t, res.Attacker, units.Carrier), .6)
	spMean(t, "skilled retreat: rounds", res.Rounds.Mean, 1)
	refused(t, sc, "Skilled Retreat")

	// It is not a retreat: the defender's Intercept does not stop it.
	sc.Defender = spSide(t, "1 cruiser", "intercept")
	res = spRun(t, sc, 302)
	spOutcomes(t, "skilled retreat vs intercept", res.Outcome, .12, .08, .32, .48, 0, 0)

	// With a retreat policy (leave after round 3) it follows the policy:
	// played at the start of round 3, so rounds 1 and 2 are fought: each
	// outcome of a round as above times 1 + .48, and .48² leaves.
	sc.Attacker.Retreat = combat.Retreat{AfterRound: 3}
	res = spRun(t, sc, 303)
	spOutcomes(t, "skilled retreat with after=3", res.Outcome, .12*1.48, .08*1.48, .32*1.48, .48*.48, 0, 0)

	// In an invasion the attacker's retreat ends the action: a carrier with
	// an infantry against a cruiser and an infantry. The space rounds as
	// above; the carrier leaves with .48 (no invasion); it wins the space
	// area with .12 and lands: infantry duel (p = .3 each) A .21/.51, draw
	// .09/.51, D .21/.51; otherwise (.40) the defender keeps the planet.
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: spSide(t, "1 carrier, 1 infantry", "skilled-retreat"), Defender: spSide(t, "1 cruiser, 1 infantry")}
	res = spRun(t, sc, 305)
	spOutcomes(t, "skilled retreat in an invasion", res.Outcome, .12*.21/.51, .12*.09/.51, .40+.12*.21/.51, .48, 0, 0)

	// The defender can play it too: its carrier against 2 cruisers. Round
	// 1: any hit of the 2 cruisers (1 - .6² = .64) destroys it (attacker
	// wins: the carrier can hit only 1 cruiser). Otherwise (.36) it leaves
	// at the start of round 2, whatever it hit: its expected hits (.2) are
	// below the attacker's (.4 or .8).
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "2 cruiser"), Defender: spSide(t, "1 carrier", "skilled-retreat")}
	res = spRun(t, sc, 304)
	spOutcomes(t, "defender's skilled retreat", res.Outcome, .64, 0, 0, 0, .36, 0)
}

// Emergency Repairs, held by an attacker that never hits (modifier -9),
// against a cruiser hitting on 6 (p = .5), for 3 rounds. One dreadnought
// (1 unit with Sustain Damage: played at the first damage): of the 8 equally
// likely hit sequences, the first hit is repaired; 000, 100, 010, 001 end
// undamaged (4/8), 110, 101, 011 damaged (3/8), 111 destroyed (1/8).
// Two dreadnoughts (played when 2 are damaged): 000 and the 4 sequences with
// exactly 2 hits or 3 hits... by sequence: 110 → repaired after round 2,
// undamaged; 101, 011 → repaired after round 3; 111 → repaired after round
// 2, then 1 damaged; 100, 010, 001 → 1 damaged; 000 → none: undamaged 4/8,
// 1 damaged 4/8.
func TestEmergencyRepairs(t *testing.T) {
	att := spSide(t, "1 dreadnought", "emergency-repairs")
	att.Modifier = -9
	def := spSide(t, "1 cruiser")
	def.Modifier = 1
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 3, Attacker: att, Defender: def}
	res := spRun(t, sc, 401)
	spCheckStates(t, "repairs, 1 dreadnought", res, map[string]float64{
		"Dreadnought I 1/0 | Cruiser I 1/0": 4. / 8,
		"Dreadnought I 1/1 | Cruiser I 1/0": 3. / 8,
		" | Cruiser I 1/0":                  1. / 8,
	})
	refused(t, sc, "Emergency Repairs")

	sc.Attacker = spSide(t, "2 dreadnought", "emergency-repairs")
	sc.Attacker.Modifier = -9
	res = spRun(t, sc, 402)
	spCheckStates(t, "repairs, 2 dreadnoughts", res, map[string]float64{
		"Dreadnought I 2/0 | Cruiser I 1/0": 4. / 8,
		"Dreadnought I 2/1 | Cruiser I 1/0": 4. / 8,
	})

	// Ground combat: a mech against an infantry hitting on 6 (8 - 2): the
	// same sequences as the single dreadnought.
	att = spSide(t, "1 mech", "emergency-repairs")
	att.Modifier = -9
	def = spSide(t, "1 infantry")
	def.Modifier = 2
	sc = combat.Scenario{Action: combat.GroundCombat, MaxRounds: 3, Attacker: att, Defender: def}
	res = spRun(t, sc, 403)
	spCheckStates(t, "repairs, 1 mech", res, map[string]float64{
		"Mech 1/0 | Infantry I 1/0": 4. / 8,
		"Mech 1/1 | Infantry I 1/0": 3. / 8,
		" | Infantry I 1/0":         1. / 8,
	})
}

// Experimental Battlestation: a cruiser against a planet with a space dock
// and a PDS (p = .5): the dock adds 3 dice at 5 (p = .6). The cruiser
// survives space cannon offense with .5·.4³ = .032 and then holds the space
// area (the defender has no ships); otherwise nobody does (draw).
func TestExperimentalBattlestation(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser"), Defender: spSide(t, "1 space dock, 1 pds", "experimental-battlestation")}
	res := spRun(t, sc, 501)
	spOutcomes(t, "battlestation", res.Outcome, .032, .968, 0, 0, 0, 0)
	spSolve(t, "battlestation", sc, .032, .968, 0)

	// The attacker's Antimass Deflectors apply: PDS on 7 (.4), dock on 6
	// (.5): .6·.5³ = .075.
	sc.Attacker.Techs = []string{"antimass-deflectors"}
	spSolve(t, "battlestation vs antimass", sc, .075, .925, 0)
	sc.Attacker.Techs = nil

	// No space dock: nothing (the PDS alone: .5), with a warning.
	sc.Defender = spSide(t, "1 pds", "experimental-battlestation")
	r := spSolve(t, "battlestation without a dock", sc, .5, .5, 0)
	warned(t, r, "Experimental Battlestation", "space dock")

	// Held by the attacker: nothing.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "experimental-battlestation"), Defender: spSide(t, "1 space dock, 1 pds")}
	r = spSolve(t, "battlestation held by the attacker", sc, .5, .5, 0)
	warned(t, r, "Experimental Battlestation", "attacker")

	// Solar Flare stops it: no space cannon offense at all.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "solar-flare"), Defender: spSide(t, "1 space dock, 1 pds", "experimental-battlestation")}
	spSolve(t, "battlestation vs solar flare", sc, 1, 0, 0)
}

// Fighter Prototype: a fighter (p = .2, .4 in round 1) against a fighter
// (p = .2). Round 1: A alone .4·.8 = .32, D alone .6·.2 = .12, both .08,
// none .48; then the even duel: each wins .16/.36 = 4/9, draw .04/.36 = 1/9.
func TestFighterPrototype(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 fighter", "fighter-prototype"), Defender: spSide(t, "1 fighter")}
	res := spRun(t, sc, 601)
	spOutcomes(t, "fighter prototype", res.Outcome, .32+.48*4/9, .08+.48/9, .12+.48*4/9, 0, 0, 0)
	refused(t, sc, "Fighter Prototype")

	// Fighters only: a destroyer duel stays even (each .2·.8/.36 = 4/9).
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 destroyer", "fighter-prototype"), Defender: spSide(t, "1 destroyer")}
	res = spRun(t, sc, 602)
	spOutcomes(t, "fighter prototype without fighters", res.Outcome, 4./9, 1./9, 4./9, 0, 0, 0)
	warned(t, res, "Fighter Prototype", "no fighters")
}

// Courageous to the End: cruiser against cruiser (p = .4 each). Per round
// A alone .24 (A wins), both .16 (draw), none .36, D alone .24: the
// attacker's cruiser dies and its 2 dice at 7 (p = .4) destroy the
// defender's cruiser with 1 - .6² = .64 (draw), else D wins. Dividing out
// the none (.64): A .375, draw (.16 + .24·.64)/.64 = .49, D .24·.36/.64 =
// .135.
func TestCourageousToTheEnd(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "courageous-to-the-end"), Defender: spSide(t, "1 cruiser")}
	res := spRun(t, sc, 701)
	spOutcomes(t, "courageous", res.Outcome, .375, .49, .135, 0, 0, 0)
	refused(t, sc, "Courageous to the End")

	// No modifiers: with -9 the cruiser never hits in combat, but its 2
	// dice still hit on 7: draw .64, D .36.
	sc.Attacker.Modifier = -9
	res = spRun(t, sc, 702)
	spOutcomes(t, "courageous ignores modifiers", res.Outcome, 0, .64, .36, 0, 0, 0)

	// Fighters do not trigger it: the fighter duel stays even.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 fighter", "courageous-to-the-end"), Defender: spSide(t, "1 fighter")}
	res = spRun(t, sc, 703)
	spOutcomes(t, "courageous after a fighter", res.Outcome, 4./9, 1./9, 4./9, 0, 0, 0)
}

// Intercept: 2 cruisers (holding it) against a cruiser that retreats when
// losing. Round 1: the defender announces (.4 < .8), Intercept cancels.
// A hits k ~ Bin(2, .4), D hits j ~ Bin(1, .4). k ≥ 1 (.64): A wins. k = 0,
// j = 1 (.144): 1 cruiser each, no retreat (.4 is not below .4): even duel,
// A .375, draw .25, D .375. k = 0, j = 0 (.216): round 2, the defender
// announces again and Intercept is spent: A wins with .64, else it leaves.
func TestIntercept(t *testing.T) {
	def := spSide(t, "1 cruiser")
	def.Retreat = combat.Retreat{WhenLosing: true}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: spSide(t, "2 cruiser", "intercept"), Defender: def}
	res := spRun(t, sc, 801)
	spOutcomes(t, "intercept", res.Outcome, .64+.144*.375+.216*.64, .144*.25, .144*.375, 0, .216*.36, 0)
	refused(t, sc, "Intercept")

	// Without a retreat policy on the other side it idles.
	sc.Defender.Retreat = combat.Retreat{}
	r, err := combat.Run(context.Background(), sc, combat.Options{Trials: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	warned(t, r, "Intercept", "no retreat policy")
}

// Waylay: 2 Destroyer II (anti-fighter barrage 6 x3: 6 dice at .5) against
// a cruiser: the barrage destroys it unless all 6 dice miss (1/64); then
// the duel of 2 destroyers (p = .3) against the cruiser (p = .4). Against a
// dreadnought, which cannot sustain barrage hits, the same 63/64.
func TestWaylay(t *testing.T) {
	for _, c := range []struct {
		fleet string
		unit  spUnit
	}{{"1 cruiser", spUnit{.4, false}}, {"1 dreadnought", spUnit{.6, true}}} {
		v := newSpDuel(spUnits(2, .3, false), []spUnit{c.unit}).value(0, 0)
		a, draw, d := 63./64+v.a/64, v.draw/64, v.d/64
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: spSide(t, "2 destroyer ii", "waylay"), Defender: spSide(t, c.fleet)}
		res := spRun(t, sc, 901)
		spOutcomes(t, "waylay vs "+c.fleet, res.Outcome, a, draw, d, 0, 0, 0)
		spSolve(t, "waylay vs "+c.fleet, sc, a, draw, d)
	}
}

// Rout: the defender's cruiser (expected .4) against 2 cruisers (.8): the
// attacker must announce in round 1 and leaves at its end unless the
// cruiser is dead by then: A wins .64 (any of 2 dice at .4), else attacker
// retreats .36.
func TestRout(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "2 cruiser"), Defender: spSide(t, "1 cruiser", "rout")}
	res := spRun(t, sc, 1001)
	spOutcomes(t, "rout", res.Outcome, .64, 0, 0, .36, 0, 0)
	refused(t, sc, "Rout")

	// A forced retreat is not the attacker's to intercept: the defender's
	// own Intercept does not undo its Rout.
	sc.Defender = spSide(t, "1 cruiser", "rout", "intercept")
	res = spRun(t, sc, 1002)
	spOutcomes(t, "rout with intercept", res.Outcome, .64, 0, 0, .36, 0, 0)

	// Held by the attacker: nothing; the even duel of 1 cruiser each.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "rout"), Defender: spSide(t, "1 cruiser")}
	res = spRun(t, sc, 1003)
	spOutcomes(t, "rout held by the attacker", res.Outcome, .375, .25, .375, 0, 0, 0)
	warned(t, res, "Rout", "defender")
}

// Reflective Shielding, one round (round limit 1): a dreadnought (p = .6)
// against 3 cruisers (p = .4 each), enumerated: the defender assigns the
// dreadnought's hit first; when a cruiser hit makes the dreadnought
// sustain, 2 hits go to the cruisers left; a second hit destroys it.
func TestReflectiveShielding(t *testing.T) {
	var cruisers, dread, pa, pdraw, pd, pu float64
	for ha := 0; ha <= 1; ha++ {
		qa := map[int]float64{0: .4, 1: .6}[ha]
		for hd := 0; hd <= 3; hd++ {
			q := qa * reference.BinomP(3, hd, .4)
			c := 3 - ha
			if hd >= 1 {
				c -= min(2, c)
			}
			alive := hd <= 1
			cruisers += q * float64(c)
			if alive {
				dread += q
			}
			switch {
			case c == 0 && alive:
				pa += q
			case c == 0:
				pdraw += q
			case !alive:
				pd += q
			default:
				pu += q
			}
		}
	}
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: spSide(t, "1 dreadnought", "reflective-shielding"), Defender: spSide(t, "3 cruiser")}
	res := spRun(t, sc, 1101)
	spOutcomes(t, "reflective shielding", res.Outcome, pa, pdraw, pd, 0, 0, pu)
	spMean(t, "reflective shielding: cruisers left", spSurvivor(t, res.Defender, units.Cruiser), cruisers)
	spMean(t, "reflective shielding: dreadnoughts left", spSurvivor(t, res.Attacker, units.Dreadnought), dread)
	refused(t, sc, "Reflective Shielding")

	// Not in space cannon offense (not combat): a PDS (.5) hit damages the
	// dreadnought with no reflection; then one round against a cruiser.
	// Undamaged (.5): a cruiser hit (.4) is sustained and reflected, so the
	// cruiser lives only if both miss. Damaged (.5): a cruiser hit destroys
	// the dreadnought; the cruiser dies only to the dreadnought's hit (.6).
	// Cruiser left: .5·(.4·.6) + .5·.4 = .32 (it would be .12 if the space
	// cannon sustain were reflected).
	left := .5*(.4*.6) + .5*.4
	sc = combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: spSide(t, "1 dreadnought", "reflective-shielding"), Defender: spSide(t, "1 pds, 1 cruiser")}
	res = spRun(t, sc, 1102)
	spMean(t, "reflective shielding after space cannon: cruisers left", spSurvivor(t, res.Defender, units.Cruiser), left)
}

// Solar Flare: no space cannon offense against the holder: a cruiser
// against 2 PDS always holds the space area (without it .25). Space cannon
// defense still fires: 2 infantry (carried by a carrier) against 2 PDS are
// both killed with .25.
func TestSolarFlare(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "solar-flare"), Defender: spSide(t, "2 pds")}
	spSolve(t, "solar flare", sc, 1, 0, 0)
	res := spRun(t, sc, 1201)
	spOutcomes(t, "solar flare", res.Outcome, 1, 0, 0, 0, 0, 0)

	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: spSide(t, "1 carrier, 2 infantry", "solar-flare"), Defender: spSide(t, "2 pds")}
	spSolve(t, "solar flare, space cannon defense", sc, .75, 0, .25)
	res = spRun(t, sc, 1202)
	spOutcomes(t, "solar flare, space cannon defense", res.Outcome, .75, 0, .25, 0, 0, 0)

	// Held by the defender: nothing (.25 as without it).
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser"), Defender: spSide(t, "2 pds", "solar-flare")}
	r := spSolve(t, "solar flare held by the defender", sc, .25, .75, 0)
	warned(t, r, "Solar Flare", "active player")
}

// Scramble Frequency makes the opponent reroll its first bombardment, space
// cannon or barrage roll with more hits than expected.
func TestScrambleFrequency(t *testing.T) {
	// 2 PDS (expected 1) against a cruiser: 2 hits (.25) are rerolled. The
	// cruiser dies with P(1 hit) + .25·P(1 or 2 hits) = .5 + .25·.75.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "1 cruiser", "scramble-frequency"), Defender: spSide(t, "2 pds")}
	res := spRun(t, sc, 1301)
	spOutcomes(t, "scramble vs space cannon offense", res.Outcome, .3125, .6875, 0, 0, 0, 0)
	refused(t, sc, "Scramble Frequency")

	// Bombardment: a dreadnought (5: .6, expected .6) bombards the
	// defender's infantry; a hit is rerolled, so it kills with .36. Then 1
	// infantry each (p = .3): A .21/.51, draw .09/.51, D .21/.51.
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: spSide(t, "1 dreadnought, 1 infantry"), Defender: spSide(t, "1 infantry", "scramble-frequency")}
	res = spRun(t, sc, 1302)
	spOutcomes(t, "scramble vs bombardment", res.Outcome, .36+.64*.21/.51, .64*.09/.51, .64*.21/.51, 0, 0, 0)

	// Space cannon defense: a PDS (.5) at an infantry landing from a
	// carrier (Solar Flare stops the offense): a hit is rerolled: the
	// infantry dies with .25.
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: spSide(t, "1 carrier, 1 infantry", "scramble-frequency", "solar-flare"), Defender: spSide(t, "1 pds")}
	res = spRun(t, sc, 1303)
	spOutcomes(t, "scramble vs space cannon defense", res.Outcome, .75, 0, .25, 0, 0, 0)

	// Anti-fighter barrage: a Destroyer II (3 dice at .5, expected 1.5)
	// against 3 Fighter II (p = .3); 2 or 3 hits are rerolled:
	// P(h) = Bin(3,.5)(h)·([h ≤ 1] + .5). Then the duel of the fighters
	// left against the destroyer (p = .3).
	var a, draw, d float64
	for h := 0; h <= 3; h++ {
		q := reference.BinomP(3, h, .5) * .5
		if h <= 1 {
			q *= 3
		}
		v := spOut{d: 1}
		if h < 3 {
			v = newSpDuel(spUnits(3-h, .3, false), []spUnit{{.3, false}}).value(0, 0)
		}
		a, draw, d = a+q*v.a, draw+q*v.draw, d+q*v.d
	}
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: spSide(t, "3 fighter ii", "scramble-frequency"), Defender: spSide(t, "1 destroyer ii")}
	res = spRun(t, sc, 1304)
	spOutcomes(t, "scramble vs anti-fighter barrage", res.Outcome, a, draw, d, 0, 0, 0)
}

// Crash Landing: a carrier (p = .2) with 2 infantry invades a planet
// defended by a cruiser (p = .4) and no ground forces. Space combat: A
// alone .12, D alone .32, both .08, none .48: the attacker wins it with
// .12/.52 and takes the planet; otherwise (.40/.52) its carrier is
// destroyed: without the card both infantry are removed (capacity), with
// it one lands in coexistence (not lost, no control) and one is removed.
func TestCrashLanding(t *testing.T) {
	lose := .40 / .52
	for _, c := range []struct {
		cards   []string
		removed float64 // ground forces removed for capacity when the carrier dies
		lost    float64 // resources lost then
	}{{nil, 2, 4}, {[]string{"crash-landing"}, 1, 3.5}} {
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: spSide(t, "1 carrier, 2 infantry", c.cards...), Defender: spSide(t, "1 cruiser")}
		res := spRun(t, sc, 1401)
		what := fmt.Sprintf("crash landing %v", c.cards)
		spOutcomes(t, what, res.Outcome, .12/.52, 0, lose, 0, 0, 0)
		spMean(t, what+": capacity lost", res.Attacker.CapacityLost, c.removed*lose)
		spMean(t, what+": resources lost", res.Attacker.ResourcesLost, c.lost*lose)
		spMean(t, what+": infantry left", spSurvivor(t, res.Attacker, units.Infantry), 2*.12/.52)
		if c.cards != nil {
			refused(t, sc, "Crash Landing")
		}
	}

	// Held by the defender, whose ground forces are on the planet already.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: spSide(t, "1 carrier, 2 infantry"), Defender: spSide(t, "1 cruiser, 1 infantry", "crash-landing")}
	r, err := combat.Run(context.Background(), sc, combat.Options{Trials: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	warned(t, r, "Crash Landing", "defender")
}
