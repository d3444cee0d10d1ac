package combat_test

// Tests of the technologies of cards_tech.go and the agendas and relics of
// cards_law.go. Every expected value is derived here, by hand in a comment
// or by a small exact calculation that does not call the engine; Run's
// estimates must be within 4 standard errors, Solve within 1e-9. Helpers are
// prefixed tl to keep clear of the other card tests in this package.

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

// tlTrials is the number of trials of each simulated scenario (fewer under
// -race, race_test.go).
const tlTrials = 200000 / raceTrialDivisor

// TestTechLawCardsListed checks, without helpers, that each card of these
// files is in the catalog with its kind and one copy.
func TestTechLawCardsListed(t *testing.T) {
	want := map[string]combat.CardKind{
		"plasma-scoring":              combat.KindTechnology,
		"antimass-deflectors":         combat.KindTechnology,
		"graviton-laser-system":       combat.KindTechnology,
		"publicize-weapon-schematics": combat.KindAgenda,
		"conventions-of-war":          combat.KindAgenda,
		"prophecy-of-ixth":            combat.KindAgenda,
		"articles-of-war":             combat.KindAgenda,
		"lightrail-ordnance":          combat.KindRelic,
		"metali-void-armaments":       combat.KindRelic,
		"metali-void-shielding":       combat.KindRelic,
		"heart-of-ixth":               combat.KindRelic,
	}
	seen := map[string]bool{}
	for _, c := range combat.Cards() {
		k, ok := want[c.Slug]
		if !ok {
			continue
		}
		if seen[c.Slug] {
			t.Errorf("%s listed twice", c.Slug)
		}
		seen[c.Slug] = true
		if c.Kind != k {
			t.Errorf("%s: kind %q, want %q", c.Slug, c.Kind, k)
		}
		if c.Copies != 1 {
			t.Errorf("%s: %d copies, want 1", c.Slug, c.Copies)
		}
		if c.Name == "" || c.Effect == "" {
			t.Errorf("%s: empty name or effect", c.Slug)
		}
	}
	for slug := range want {
		if !seen[slug] {
			t.Errorf("%s missing from combat.Cards()", slug)
		}
	}
	techs := strings.Join(combat.Technologies(), ",")
	for _, slug := range []string{"plasma-scoring", "antimass-deflectors", "graviton-laser-system"} {
		if !strings.Contains(techs, slug) {
			t.Errorf("%s missing from combat.Technologies()", slug)
		}
	}
}

// --- helpers -------------------------------------------------------------

// tlProb checks an estimated probability against its exact value, within 4
// standard errors of tlTrials Bernoulli trials, and logs the figures.
func tlProb(t *testing.T, name string, got combat.Probability, want float64) {
	t.Helper()
	se := math.Sqrt(want * (1 - want) / tlTrials)
	z := 0.0
	if se > 0 {
		z = (got.P - want) / se
	}
	t.Logf("%s: expected %.6f, simulated %.6f, z = %+.2f", name, want, got.P, z)
	if math.Abs(got.P-want) > 4*se+1e-12 {
		t.Errorf("%s = %.6f, want %.6f (z = %.2f)", name, got.P, want, z)
	}
}

// tlMean checks an estimated mean within 4 of its standard errors.
func tlMean(t *testing.T, name string, got combat.Mean, want float64) {
	t.Helper()
	z := 0.0
	if got.SE > 0 {
		z = (got.Value - want) / got.SE
	}
	t.Logf("%s: expected %.6f, simulated %.6f ± %.6f, z = %+.2f", name, want, got.Value, got.SE, z)
	if math.Abs(got.Value-want) > 4*got.SE+1e-12 {
		t.Errorf("%s = %.6f ± %.6f, want %.6f (z = %.2f)", name, got.Value, got.SE, want, z)
	}
}

func tlExact(t *testing.T, name string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s exactly = %.12f, want %.12f", name, got, want)
	}
}

func tlSurvivors(t *testing.T, s combat.SideResult, k units.Kind) combat.Mean {
	t.Helper()
	for _, u := range s.Survivors {
		if u.Kind == k {
			return u.Expected
		}
	}
	t.Fatalf("no survivors entry for %s", k)
	return combat.Mean{}
}

func tlWarned(res combat.Result, part string) bool {
	for _, w := range res.Warnings {
		if strings.Contains(w, part) {
			return true
		}
	}
	return false
}

// tlDuel is the exact outcome of a combat between two sides of identical
// one-hit units, na hitting with probability pa each and nd with pd, all
// rolling at once each round: P(attacker wins), P(draw), P(defender wins)
// (the chain reference.PointDuelEnds, a die per point).
func tlDuel(na, nd int, pa, pd float64) (aw, dr, dw float64) {
	aw, dr = reference.EndsWinDraw(reference.PointDuelEnds(na, nd, reference.DiePerPoint, reference.DiePerPoint, pa, pd))
	return aw, dr, 1 - aw - dr
}

// tlHPDuel is the exact outcome of one unit with ha hit points (each hit
// removes one) hitting with probability pa per round, against one with hd
// hit points and pd (the chain reference.PointDuelEnds, one die a side).
func tlHPDuel(ha, hd int, pa, pd float64) (aw, dr, dw float64) {
	aw, dr = reference.EndsWinDraw(reference.PointDuelEnds(ha, hd, reference.OneDie, reference.OneDie, pa, pd))
	return aw, dr, 1 - aw - dr
}

// --- Plasma Scoring ------------------------------------------------------

func TestPlasmaScoring(t *testing.T) {
	// Space cannon offense and defense: a PDS I (6, p = 0.5) rolls 2 dice
	// with Plasma Scoring. The carrier survives the offense with 0.5² =
	// 0.25 (else no invasion), its infantry the defense with 0.25; the
	// planet has no other ground force, so P(attacker takes it) = 0.0625
	// (0.25 without the card).
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 pds"), Techs: []string{"plasma-scoring"}}}
	tlProb(t, "plasma SCO+SCD: attacker takes the planet", mustRun(t, sc, tlTrials, 11).Outcome.AttackerWin, 0.0625)
	tlExact(t, "plasma SCO+SCD", mustSolve(t, sc).Outcome.AttackerWin.P, 0.0625)

	// Bombardment: a dreadnought (Bombardment 5, p = 0.6) rolls 2 dice;
	// the lone defending infantry survives with 0.4² = 0.16, then fights a
	// duel of infantry I (p = 0.3 each): attacker wins it with
	// 0.3·0.7/(1−0.7²) = 0.21/0.51. P = 0.84 + 0.16·0.21/0.51.
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry"), Techs: []string{"plasma"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	want := 0.84 + 0.16*0.21/0.51
	tlProb(t, "plasma bombardment: attacker takes the planet", mustRun(t, sc, tlTrials, 12).Outcome.AttackerWin, want)
	tlExact(t, "plasma bombardment", mustSolve(t, sc).Outcome.AttackerWin.P, want)

	// Not a combat roll: a space combat without space cannon is unchanged
	// (a cruiser duel, 0.4 each: attacker wins with 0.24/0.64).
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Techs: []string{"plasma-scoring"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	aw, _, _ := tlDuel(1, 1, 0.4, 0.4)
	tlExact(t, "plasma in combat rounds", mustSolve(t, sc).Outcome.AttackerWin.P, aw)
}

// --- Antimass Deflectors -------------------------------------------------

func TestAntimassDeflectors(t *testing.T) {
	// The PDS I hits on 7 instead of 6 (p = 0.4) in offense and defense:
	// carrier and infantry each survive with 0.6: P = 0.36 (0.25 without).
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 infantry"), Techs: []string{"antimass-deflectors"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 pds")}}
	tlProb(t, "antimass SCO+SCD: attacker takes the planet", mustRun(t, sc, tlTrials, 21).Outcome.AttackerWin, 0.36)
	tlExact(t, "antimass SCO+SCD", mustSolve(t, sc).Outcome.AttackerWin.P, 0.36)

	// Against the defender's Plasma Scoring die too (3 dice, 2 of them on
	// the one roll): 0.6² each step, P = 0.6⁴.
	sc.Defender.Techs = []string{"plasma-scoring"}
	tlExact(t, "antimass vs plasma", mustSolve(t, sc).Outcome.AttackerWin.P, math.Pow(0.6, 4))

	// Not against combat rolls: the defender's cruiser keeps 0.4.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Techs: []string{"antimass"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	aw, _, _ := tlDuel(1, 1, 0.4, 0.4)
	tlExact(t, "antimass in combat rounds", mustSolve(t, sc).Outcome.AttackerWin.P, aw)
}

// --- Graviton Laser System -----------------------------------------------

func TestGravitonLaserSystem(t *testing.T) {
	// 2 PDS I fire h ~ Bin(2, 0.5) hits. With the card they go to the
	// carriers: E[carriers] = 2 − 1 = 1; when both carriers die (0.25) the
	// fighters cannot be carried and are removed: E[fighters] = 2·0.75.
	// Without it, the default order loses fighters first: E[fighters] = 1,
	// E[carriers] = 2.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 carrier, 2 fighter")},
		Defender: combat.Side{Fleet: mustFleet(t, "2 pds"), Techs: []string{"graviton-laser-system"}}}
	res := mustRun(t, sc, tlTrials, 31)
	tlMean(t, "graviton: carriers left", tlSurvivors(t, res.Attacker, units.Carrier), 1)
	tlMean(t, "graviton: fighters left", tlSurvivors(t, res.Attacker, units.Fighter), 1.5)
	ex := mustSolve(t, sc)
	tlExact(t, "graviton: carriers", tlSurvivors(t, ex.Attacker, units.Carrier).Value, 1)
	tlExact(t, "graviton: fighters", tlSurvivors(t, ex.Attacker, units.Fighter).Value, 1.5)

	sc.Defender.Techs = nil
	ex = mustSolve(t, sc)
	tlExact(t, "no graviton: carriers", tlSurvivors(t, ex.Attacker, units.Carrier).Value, 2)
	tlExact(t, "no graviton: fighters", tlSurvivors(t, ex.Attacker, units.Fighter).Value, 1)

	// Fighters still take the hits once no non-fighter ship is left (the
	// "if able"): 1 fighter alone against 1 PDS I survives with 0.5.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 fighter")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 pds"), Techs: []string{"gls"}}}
	tlExact(t, "graviton with only fighters", mustSolve(t, sc).Outcome.AttackerWin.P, 0.5)

	// Space combat hits are not forced: the defender's cruiser hits the
	// fighter first (default order) — compare with the card off.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 2 fighter")},
		Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser"), Techs: []string{"graviton-laser-system"}}}
	with := mustSolve(t, sc).Outcome.AttackerWin.P
	sc.Defender.Techs = nil
	tlExact(t, "graviton in combat rounds", with, mustSolve(t, sc).Outcome.AttackerWin.P)
}

// --- Publicize Weapon Schematics -----------------------------------------

func TestPublicizeWeaponSchematics(t *testing.T) {
	// The attacker's war sun has no Sustain Damage even though the defender
	// lists the law: one hit kills it. It hits with at least 1 of 3 dice at
	// 3: a = 1 − 0.2³ = 0.992, against a cruiser at 0.4.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 war sun")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"publicize-weapon-schematics"}}}
	a := 1 - math.Pow(0.2, 3)
	aw, dr, _ := tlHPDuel(1, 1, a, 0.4)
	res := mustRun(t, sc, tlTrials, 41)
	tlProb(t, "publicize: war sun vs cruiser, attacker wins", res.Outcome.AttackerWin, aw)
	tlProb(t, "publicize: war sun vs cruiser, draw", res.Outcome.Draw, dr)
	ex := mustSolve(t, sc)
	tlExact(t, "publicize: war sun vs cruiser", ex.Outcome.AttackerWin.P, aw)
	// Without the law the war sun takes 2 hits: it cannot lose a round in
	// which it hits, and needs two cruiser hits first.
	sc.Defender.Cards = nil
	aw2, _, _ := tlHPDuel(2, 1, a, 0.4)
	tlExact(t, "war sun with Sustain Damage", mustSolve(t, sc).Outcome.AttackerWin.P, aw2)

	// Both war suns, the attacker listing it.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 war sun"), Cards: []string{"publicize"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 war sun")}}
	_, dr, _ = tlHPDuel(1, 1, a, a)
	tlExact(t, "publicize: war sun vs war sun, draw", mustSolve(t, sc).Outcome.Draw.P, dr)
}

// --- Conventions of War --------------------------------------------------

func TestConventionsOfWar(t *testing.T) {
	// On a cultural planet the dreadnought (and Plasma Scoring's die) does
	// not bombard: only the infantry duel, 0.21/0.51.
	sc := combat.Scenario{Action: combat.Invasion, Cultural: true,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry"), Techs: []string{"plasma-scoring"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"conventions-of-war"}}}
	duel := 0.21 / 0.51
	tlProb(t, "conventions: attacker takes the planet", mustRun(t, sc, tlTrials, 51).Outcome.AttackerWin, duel)
	tlExact(t, "conventions", mustSolve(t, sc).Outcome.AttackerWin.P, duel)

	// Elsewhere it changes nothing, with a warning: bombardment 2 dice at 5.
	sc.Cultural = false
	ex := mustSolve(t, sc)
	tlExact(t, "conventions on a non-cultural planet", ex.Outcome.AttackerWin.P, 0.84+0.16*duel)
	if !tlWarned(ex, "Conventions of War has no effect") {
		t.Errorf("no warning on a non-cultural planet: %q", ex.Warnings)
	}
}

// --- Prophecy of Ixth ----------------------------------------------------

func TestProphecyOfIxth(t *testing.T) {
	// The owner's fighter hits on 8 (0.3) against a fighter I on 9 (0.2).
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 fighter"), Cards: []string{"prophecy-of-ixth"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 fighter")}}
	// Carriers hit on 9 (0.2) on both sides; the attacker's fighter 0.3,
	// the defender's 0.2. Two one-hit ships a side with different odds:
	// the exact chain below tracks (attacker units, defender units) with
	// the fighters lost first (default order).
	want := tlMixedDuel([]float64{0.3, 0.2}, []float64{0.2, 0.2})
	res := mustRun(t, sc, tlTrials, 61)
	tlProb(t, "prophecy: attacker wins", res.Outcome.AttackerWin, want[0])
	tlExact(t, "prophecy", mustSolve(t, sc).Outcome.AttackerWin.P, want[0])

	// Owned by the defender: the bonus is the defender's.
	sc.Attacker.Cards, sc.Defender.Cards = nil, []string{"prophecy-of-ixth"}
	want = tlMixedDuel([]float64{0.2, 0.2}, []float64{0.3, 0.2})
	tlExact(t, "prophecy, defender's", mustSolve(t, sc).Outcome.AttackerWin.P, want[0])

	// Only fighters: a cruiser duel is unchanged.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"prophecy-of-ixth"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	aw, _, _ := tlDuel(1, 1, 0.4, 0.4)
	tlExact(t, "prophecy, no fighters", mustSolve(t, sc).Outcome.AttackerWin.P, aw)
}

// tlMixedDuel is the exact outcome of a combat of one-hit units with their
// own hit probabilities, each side losing its units in the order given
// (first first): P(attacker wins), P(draw), P(defender wins).
func tlMixedDuel(a, d []float64) [3]float64 {
	// hits returns the distribution of the hits of the last n units.
	hits := func(ps []float64) []float64 {
		out := []float64{1}
		for _, p := range ps {
			next := make([]float64, len(out)+1)
			for k, q := range out {
				next[k] += q * (1 - p)
				next[k+1] += q * p
			}
			out = next
		}
		return out
	}
	var f func(na, nd int) [3]float64
	f = func(na, nd int) [3]float64 {
		switch {
		case na == 0 && nd == 0:
			return [3]float64{0, 1, 0}
		case nd == 0:
			return [3]float64{1, 0, 0}
		case na == 0:
			return [3]float64{0, 0, 1}
		}
		ha, hd := hits(a[len(a)-na:]), hits(d[len(d)-nd:])
		stay := ha[0] * hd[0]
		var out [3]float64
		for i, qa := range ha {
			for j, qd := range hd {
				if i == 0 && j == 0 {
					continue
				}
				r := f(max(na-j, 0), max(nd-i, 0))
				for k := range out {
					out[k] += qa * qd * r[k] / (1 - stay)
				}
			}
		}
		return out
	}
	return f(len(a), len(d))
}

// --- Articles of War -----------------------------------------------------

func TestArticlesOfWar(t *testing.T) {
	// Generic mechs keep Sustain Damage and have nothing else: the result
	// is that of the same combat without the law, with a warning.
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 mech, 1 infantry"), Cards: []string{"articles-of-war"}},
		Defender: combat.Side{Fleet: mustFleet(t, "3 infantry")}}
	with := mustSolve(t, sc)
	if !tlWarned(with, "Articles of War changes nothing") {
		t.Errorf("no warning: %q", with.Warnings)
	}
	sc.Attacker.Cards = nil
	tlExact(t, "articles of war", with.Outcome.AttackerWin.P, mustSolve(t, sc).Outcome.AttackerWin.P)
	// Sustain Damage stays: a mech against 1 infantry I (0.3), mech 0.5,
	// the mech with 2 hit points.
	sc = combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 mech"), Cards: []string{"articles"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	aw, _, _ := tlHPDuel(2, 1, 0.5, 0.3)
	tlExact(t, "articles: mech keeps Sustain Damage", mustSolve(t, sc).Outcome.AttackerWin.P, aw)
}

// --- Lightrail Ordnance --------------------------------------------------

func TestLightrailOrdnance(t *testing.T) {
	// The space dock fires 2 dice at 5 (p = 0.6) in offense and defense:
	// the carrier and then the infantry each survive with 0.4²: P = 0.4⁴.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 space dock"), Cards: []string{"lightrail-ordnance"}}}
	want := math.Pow(0.4, 4)
	tlProb(t, "lightrail: attacker takes the planet", mustRun(t, sc, tlTrials, 71).Outcome.AttackerWin, want)
	tlExact(t, "lightrail", mustSolve(t, sc).Outcome.AttackerWin.P, want)

	// Two docks: 4 dice a step. The attacker's Antimass Deflectors applies
	// to them (hit on 6, 0.5): P = (0.5⁴)².
	sc.Defender.Fleet = mustFleet(t, "2 space dock")
	sc.Attacker.Techs = []string{"antimass-deflectors"}
	want = math.Pow(0.5, 8)
	tlExact(t, "lightrail, 2 docks, vs antimass", mustSolve(t, sc).Outcome.AttackerWin.P, want)
	tlProb(t, "lightrail, 2 docks, vs antimass", mustRun(t, sc, tlTrials, 72).Outcome.AttackerWin, want)

	// With Plasma Scoring one more die at 5 per step: 0.4³ each.
	sc.Defender.Fleet = mustFleet(t, "1 space dock")
	sc.Attacker.Techs = nil
	sc.Defender.Techs = []string{"plasma-scoring"}
	tlExact(t, "lightrail with plasma", mustSolve(t, sc).Outcome.AttackerWin.P, math.Pow(0.4, 6))

	// No dock: a warning, no effect (P = 1).
	sc.Defender = combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"lightrail"}}
	sc.Attacker.Fleet = mustFleet(t, "1 carrier, 2 infantry")
	ex := mustSolve(t, sc)
	if !tlWarned(ex, "Lightrail Ordnance has no effect") {
		t.Errorf("no warning without a dock: %q", ex.Warnings)
	}
	sc.Defender.Cards = nil
	tlExact(t, "lightrail without a dock", ex.Outcome.AttackerWin.P, mustSolve(t, sc).Outcome.AttackerWin.P)
}

// --- Metali Void Armaments -----------------------------------------------

func TestMetaliVoidArmaments(t *testing.T) {
	// A carrier (0.2) against 2 fighters I (0.2). The relic's barrage, 3
	// dice at 6, hits k ~ Bin(3, 0.5): the fighters left are 2 (1/8), 1
	// (3/8) or none (1/2, the combat ends in round 1).
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier"), Cards: []string{"metali-void-armaments"}},
		Defender: combat.Side{Fleet: mustFleet(t, "2 fighter")}}
	a2, _, _ := tlDuel(1, 2, 0.2, 0.2)
	a1, _, _ := tlDuel(1, 1, 0.2, 0.2)
	want := 0.5 + 3.0/8*a1 + 1.0/8*a2
	tlProb(t, "void armaments: attacker wins", mustRun(t, sc, tlTrials, 81).Outcome.AttackerWin, want)
	tlExact(t, "void armaments", mustSolve(t, sc).Outcome.AttackerWin.P, want)
	sc.Attacker.Cards = nil
	tlExact(t, "no void armaments", mustSolve(t, sc).Outcome.AttackerWin.P, a2)

	// Anti-fighter barrage hits only fighters: against a cruiser nothing
	// changes (cruiser duel).
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"void-armaments"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	aw, _, _ := tlDuel(1, 1, 0.4, 0.4)
	tlExact(t, "void armaments vs no fighters", mustSolve(t, sc).Outcome.AttackerWin.P, aw)
}

// --- Metali Void Shielding -----------------------------------------------

func TestMetaliVoidShielding(t *testing.T) {
	// Space cannon offense: 2 PDS I, h ~ Bin(2, 0.5). The cruiser cancels 1
	// hit of the roll (it has no Sustain Damage of its own): it dies only
	// when both hit: survives with 0.75 (0.25 without the relic).
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"metali-void-shielding"}},
		Defender: combat.Side{Fleet: mustFleet(t, "2 pds")}}
	tlProb(t, "void shielding vs SCO", mustRun(t, sc, tlTrials, 91).Outcome.AttackerWin, 0.75)
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "Metali Void Shielding") {
		t.Errorf("Solve: %v; want an error naming Metali Void Shielding", err)
	}

	// Space combat: a cruiser duel (0.4 each) where the holder's cruiser
	// cancels the first hit and is then damaged: it cannot cancel again, so
	// it has 2 hit points, not more.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"void-shielding"}}}
	_, _, dw := tlHPDuel(1, 2, 0.4, 0.4)
	tlProb(t, "void shielding in space combat: defender wins", mustRun(t, sc, tlTrials, 92).Outcome.DefenderWin, dw)

	// A ship with Sustain Damage does not gain a second one: a dreadnought
	// duel (0.6 each, 2 hit points each) is unchanged.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought"), Cards: []string{"metali-void-shielding"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	aw, _, _ := tlHPDuel(2, 2, 0.6, 0.6)
	tlProb(t, "void shielding, dreadnoughts: attacker wins", mustRun(t, sc, tlTrials, 93).Outcome.AttackerWin, aw)

	// Fighters cannot use it: 1 fighter against 1 PDS I survives with 0.5.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 fighter"), Cards: []string{"metali-void-shielding"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 pds")}}
	tlProb(t, "void shielding, fighter only", mustRun(t, sc, tlTrials, 94).Outcome.AttackerWin, 0.5)

	// A war sun that lost Sustain Damage to Publicize Weapon Schematics may
	// use it (cancel 1 of 2 PDS hits): survives with 0.75.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 war sun"), Cards: []string{"metali-void-shielding", "publicize-weapon-schematics"}},
		Defender: combat.Side{Fleet: mustFleet(t, "2 pds")}}
	tlProb(t, "void shielding with publicize", mustRun(t, sc, tlTrials, 95).Outcome.AttackerWin, 0.75)
}

// --- Heart of Ixth -------------------------------------------------------

// tlHeartRoll is the exact distribution of the hits of one roll of the
// given dice (hit probabilities, thresholds 2..10) with Heart of Ixth
// ready: each die is a hit (p), a near miss (0.1: the result one below the
// threshold) or another miss; with at least one near miss the card turns
// one into a hit. used[k] is the part of P(k hits) where the card was used.
func tlHeartRoll(ps []float64) (all, used []float64) {
	// dp[h][near]: h hits so far, near = some near miss so far.
	dp := [][2]float64{{1, 0}}
	for _, p := range ps {
		next := make([][2]float64, len(dp)+1)
		for h, v := range dp {
			for n := range 2 {
				next[h+1][n] += v[n] * p
				next[h][1] += v[n] * 0.1
				next[h][n] += v[n] * (0.9 - p)
			}
		}
		dp = next
	}
	all = make([]float64, len(ps)+2)
	used = make([]float64, len(ps)+2)
	for h, v := range dp {
		all[h] += v[0]
		all[h+1] += v[1]
		used[h+1] += v[1]
	}
	return all, used
}

func TestHeartOfIxth(t *testing.T) {
	// One roll with dice at three thresholds (round limit 1): dreadnought
	// 5, 2 cruisers 7, carrier and 2 fighters 9. The defender's 8 cruisers
	// lose exactly the attacker's hits, whose distribution is tlHeartRoll.
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 2 cruiser, 1 carrier, 2 fighter"), Cards: []string{"heart-of-ixth"}},
		Defender: combat.Side{Fleet: mustFleet(t, "8 cruiser")}}
	all, _ := tlHeartRoll([]float64{0.6, 0.4, 0.4, 0.2, 0.2, 0.2})
	res := mustRun(t, sc, tlTrials, 101)
	got := make([]float64, len(all))
	for _, s := range res.States {
		for _, u := range s.Defender {
			if u.Kind == units.Cruiser {
				got[8-u.Alive] += s.P.P
			}
		}
	}
	mean := 0.0
	for k, q := range all {
		tlProb(t, "heart: P(roll of "+string(rune('0'+k))+" hits)", combat.Probability{P: got[k]}, q)
		mean += float64(k) * q
	}
	tlMean(t, "heart: defender cruisers left", tlSurvivors(t, res.Defender, units.Cruiser), 8-mean)

	// Once per action, in ground combat: 3 infantry I against 3 (0.3
	// each); the exact chain tracks whether the card is used.
	sc = combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "3 infantry"), Cards: []string{"heart-of-ixth"}}}
	want := tlHeartDuel(3, 3)
	res = mustRun(t, sc, tlTrials, 102)
	tlProb(t, "heart, ground 3v3: defender wins", res.Outcome.DefenderWin, want[2])
	tlProb(t, "heart, ground 3v3: draw", res.Outcome.Draw, want[1])
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "Heart of Ixth") {
		t.Errorf("Solve: %v; want an error naming Heart of Ixth", err)
	}

	// Not on space cannon: 1 PDS I (the holder's) still hits a lone
	// cruiser with 0.5.
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 pds"), Cards: []string{"heart-of-ixth"}}}
	tlProb(t, "heart not on space cannon", mustRun(t, sc, tlTrials, 103).Outcome.AttackerWin, 0.5)
}

// tlHeartDuel is the exact outcome of a ground combat of na infantry I
// against nd infantry I (0.3 each) where the defender holds Heart of Ixth:
// the chain over (attacker units, defender units, card ready).
func tlHeartDuel(na, nd int) [3]float64 {
	type key struct {
		a, d  int
		ready bool
	}
	memo := map[key][3]float64{}
	var f func(a, d int, ready bool) [3]float64
	f = func(a, d int, ready bool) [3]float64 {
		switch {
		case a == 0 && d == 0:
			return [3]float64{0, 1, 0}
		case d == 0:
			return [3]float64{1, 0, 0}
		case a == 0:
			return [3]float64{0, 0, 1}
		}
		k := key{a, d, ready}
		if v, ok := memo[k]; ok {
			return v
		}
		ha := reference.BinomDist(a, 0.3)
		hd, usedHd := reference.BinomDist(d, 0.3), make([]float64, d+2)
		if ready {
			ps := make([]float64, d)
			for i := range ps {
				ps[i] = 0.3
			}
			hd, usedHd = tlHeartRoll(ps)
		}
		// The self-loop: no hits, card still as it was (a zero-hit roll
		// never uses it).
		stay := ha[0] * (hd[0] - usedHd[0])
		var out [3]float64
		for i, qa := range ha {
			for j, qd := range hd {
				for _, use := range []bool{false, true} {
					q := qd - usedHd[j]
					if use {
						q = usedHd[j]
					}
					if i == 0 && j == 0 && !use || qa*q == 0 {
						continue
					}
					r := f(max(a-j, 0), max(d-i, 0), ready && !use)
					for k := range out {
						out[k] += qa * q * r[k] / (1 - stay)
					}
				}
			}
		}
		memo[k] = out
		return out
	}
	return f(na, nd, true)
}
