package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the Argent Flight's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Raid Formation: an Argent destroyer (Strike Wing Alpha I: barrage 2 dice
// at 9, combat 8) against a dreadnought with no fighters: each barrage hit
// is in excess, so with 1 − 0.8² = 0.36 the dreadnought starts round 1
// damaged and then dies to the destroyer's hit (0.3): 1 − 0.36·0.3 = 0.892
// left (1 without Raid Formation).
func TestRaidFormation(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "argent", "1 destroyer"), Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 117)
	near(t, "dreadnought left", res.Defender.Survivors[0].Expected.Value, 0.892, bernoulliSD(0.892))
	modelled(t, res, "Raid Formation")
	sc.MaxRounds = 0
	notExact(t, sc)
}

// Strike Wing Alpha II: defending against an invasion with a destroyer
// that cannot hit in combat (barrage 3 dice at 6). Each die shows 9 or 10
// with 0.2 and destroys an infantry in the attacker's space area; nothing
// else touches the 4 infantry (the carrier wins, carries them, and the
// planet is empty): 4 − 3·0.2 = 3.4 left, standard deviation √(3·0.2·0.8).
// With Metali Void Armaments' 3 more dice at 6, the hits' split between the
// two rolls is drawn and the answer stays 3.4.
func TestStrikeWingAlphaII(t *testing.T) {
	for _, cards := range [][]string{nil, {"metali-void-armaments"}} {
		d := factionSide(t, "argent", "1 destroyer", "destroyer-ii")
		d.Modifier = -9
		d.Cards = cards
		sc := combat.Scenario{Action: combat.Invasion, Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 4 infantry")}, Defender: d}
		res := mustRun(t, sc, factionTrials, 118)
		near(t, "infantry left", survivors(t, res.Attacker, "Infantry I"), 3.4, math.Sqrt(0.48))
		modelled(t, res, "Strike Wing Alpha II")
		notExact(t, sc)
	}
}

// Strike Wing Ambuscade: a destroyer that cannot hit in combat, 2 barrage
// dice at 9 and the note's third, against 3 fighters on a carrier: the
// fighters lose E[Binomial(3, 0.2)] = 0.6 and nothing else (2.6 without
// the note). The Argent cannot use their own note.
func TestStrikeWingAmbuscade(t *testing.T) {
	a := combat.Side{Fleet: mustFleet(t, "1 destroyer"), Cards: []string{"strike-wing-ambuscade"}, Modifier: -9}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 fighter")}}
	ex := mustSolve(t, sc)
	if got := survivors(t, ex.Defender, "Fighter I"); math.Abs(got-2.4) > 1e-9 {
		t.Errorf("exact fighters left %.9f, want 2.4", got)
	}
	res := mustRun(t, sc, factionTrials, 119)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), 2.4, math.Sqrt(0.48))
	modelled(t, res, "Strike Wing Ambuscade")

	own := factionSide(t, "argent", "1 destroyer")
	own.Cards = []string{"strike-wing-ambuscade"}
	res = mustRun(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: own, Defender: combat.Side{Fleet: mustFleet(t, "3 fighter")}}, 1000, 3)
	warned(t, res, "Strike Wing Ambuscade", "own promissory note")
}

// Quetzecoatl: the Argent flagship and a cruiser, whose dice always hit
// (modifier +9), against 3 PDS and a fighter that never hits (modifier
// −9). The PDS's space cannon cannot be used against the Argent ships, the
// fighter dies in round 1: the attacker always wins with both ships intact
// (without the text each PDS hits on 6, and the cruiser is often lost).
// Deterministic, but exact mode does not replay effects on space cannon
// offense: Solve refuses it.
func TestQuetzecoatl(t *testing.T) {
	a := factionSide(t, "argent", "1 flagship, 1 cruiser")
	a.Modifier = 9
	d := combat.Side{Fleet: mustFleet(t, "3 pds, 1 fighter"), Modifier: -9}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 302)
	near(t, "cruisers left", survivors(t, res.Attacker, "Cruiser I"), 1, 0)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, 1, 0)
	modelled(t, res, "Quetzecoatl")
	notExact(t, sc)
}

// Trrakan Aun Zulok: an Argent Strike Wing Alpha I that cannot hit in
// combat (Anti-Fighter Barrage 9 (x2): 0.2) rolls a third barrage die
// against a carrier with 3 fighters: 3 − 3·0.2 = 2.4 fighters left,
// standard deviation √(3·0.2·0.8) (2.6 without the commander). Raid
// Formation has no excess hit to use (at most 3 hits, 3 fighters). Static:
// the exact answer is 2.4 too. Against 2 PDS I (Space Cannon 6: 0.5) of an
// Argent defender, the extra space cannon die makes the 3 destroyers lose
// 3·0.5: 1.5 left.
func TestTrrakanAunZulok(t *testing.T) {
	a := factionSide(t, "argent", "1 destroyer")
	a.Cards, a.Modifier = []string{"trrakan-aun-zulok"}, -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 fighter")}}
	exactNear(t, "fighters left", survivors(t, mustSolve(t, sc).Defender, "Fighter I"), 2.4)
	res := mustRun(t, sc, factionTrials, 511)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), 2.4, math.Sqrt(3*0.2*0.8))
	modelled(t, res, "Trrakan Aun Zulok")
	noTrialAllocs(t, "trrakan aun zulok", sc)

	d := factionSide(t, "argent", "2 pds")
	d.Cards = []string{"trrakan-aun-zulok"}
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 destroyer")}, Defender: d}
	exactNear(t, "destroyers left", survivors(t, mustSolve(t, sc).Attacker, "Destroyer I"), 1.5)
	res = mustRun(t, sc, factionTrials, 512)
	near(t, "destroyers left", survivors(t, res.Attacker, "Destroyer I"), 1.5, math.Sqrt(3*0.25))

	// With Plasma Scoring too, the extra dice add up: 4 dice at 0.5, H ~
	// Bin(4, 0.5), destroyers left E[max(3 − H, 0)] = (3·1 + 2·4 + 1·6)/16 =
	// 17/16; E[left²] = (9 + 16 + 6)/16 = 31/16.
	sc.Defender.Techs = []string{"plasma-scoring"}
	exactNear(t, "destroyers left with Plasma Scoring", survivors(t, mustSolve(t, sc).Attacker, "Destroyer I"), 17.0/16)
	res = mustRun(t, sc, factionTrials, 513)
	near(t, "destroyers left with Plasma Scoring", survivors(t, res.Attacker, "Destroyer I"), 17.0/16, math.Sqrt(31.0/16-17.0*17/256))
}

// Aerie Sentinel: an Argent dreadnought (capacity 1) brings 2 mechs; they
// need no room, so none is removed for capacity (1 otherwise, with Articles
// of War taking the text away... which does not apply to capacity texts:
// the generic side shows the loss).
func TestAerieSentinel(t *testing.T) {
	for _, c := range []struct {
		faction string
		lost    float64
	}{{"argent", 0}, {"sardakk", 1}} {
		sc := combat.Scenario{Action: combat.Invasion, Attacker: factionSide(t, c.faction, "1 dreadnought, 2 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
		res := mustRun(t, sc, 2000, 351)
		near(t, c.faction+": mechs removed for capacity", res.Attacker.CapacityLost.Value, c.lost, 0)
	}
}
