package combat_test

import (
	"context"
	"flag"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the faction texts of factions_a.go. Each expected value is
// derived by hand (in the comment) or by a small exact calculation here;
// Monte Carlo answers must fall within 4 standard errors of it.

// factionTrials is the Monte Carlo size of the faction (and TI3) tests:
// 200,000 trials, or 50,000 with -short, each divided by raceTrialDivisor
// under -race; near's tolerance follows it.
var factionTrials int64 = 200000 / raceTrialDivisor

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		factionTrials = 50000 / raceTrialDivisor
	}
	os.Exit(m.Run())
}

// near checks a Monte Carlo mean against a hand value: sd is the standard
// deviation of one trial's value (0: the value is certain).
func near(t *testing.T, what string, got, want, sd float64) {
	t.Helper()
	se := sd / math.Sqrt(float64(factionTrials))
	t.Logf("%s = %.5f, want %.5f (z = %.2f)", what, got, want, (got-want)/math.Max(se, 1e-12))
	if tol := math.Max(4*se, 1e-12); math.Abs(got-want) > tol {
		t.Errorf("%s = %.5f, want %.5f (z = %.1f)", what, got, want, (got-want)/math.Max(se, 1e-12))
	}
}

// bernoulliSD is the standard deviation of a 0/1 value with mean q.
func bernoulliSD(q float64) float64 { return math.Sqrt(q * (1 - q)) }

// modelled checks that no warning calls the faction text name unmodelled.
func modelled(t *testing.T, res combat.Result, name string) {
	t.Helper()
	for _, w := range res.Warnings {
		if strings.Contains(w, ": "+name+" (") && strings.Contains(w, "not modelled yet") {
			t.Errorf("warning still calls %s unmodelled: %q", name, w)
		}
	}
}

// notExact checks that Solve refuses sc.
func notExact(t *testing.T, sc combat.Scenario) {
	t.Helper()
	if _, err := combat.Solve(context.Background(), sc); err == nil {
		t.Errorf("Solve accepted a scenario with an effect it cannot replay")
	}
}

// survivors returns the expected number left of the side's unit type name.
func survivors(t *testing.T, sr combat.SideResult, name string) float64 {
	t.Helper()
	for _, s := range sr.Survivors {
		if s.Name == name {
			return s.Expected.Value
		}
	}
	t.Fatalf("no survivor line %q in %+v", name, sr.Survivors)
	return 0
}

func TestFactionsAModelled(t *testing.T) {
	for _, slug := range []string{
		"valkyrie-exoskeleton", "valkyrie-particle-weave", "exotrireme-ii", "tekklar-legion",
		"devotion", "indoctrination", "impulse-core", "van-hauge", "greyfire-mutagen",
		"ambush", "fourth-moon", "moll-terminus", "dimensional-splicer",
		"raid-formation", "strike-wing-alpha-ii", "strike-wing-ambuscade", "supercharge",
	} {
		if !combat.Modelled(slug) {
			t.Errorf("%s is not modelled", slug)
		}
	}
}

// Valkyrie Exoskeleton: a N'orr mech (6 − 1 = 5: 0.6) against an infantry
// (8: 0.3), one round. The infantry survives only if the mech misses and
// the infantry misses (a hit would be sustained, and the sustain hits
// back): 0.4 · 0.7 = 0.28; without the text 0.4. Articles of War takes the
// text away.
func TestValkyrieExoskeleton(t *testing.T) {
	for _, c := range []struct {
		cards []string
		left  float64
	}{{nil, 0.28}, {[]string{"articles-of-war"}, 0.4}} {
		a := factionSide(t, "sardakk", "1 mech")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1, Attacker: a,
			Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
		res := mustRun(t, sc, factionTrials, 101)
		near(t, "infantry left", res.Defender.Survivors[0].Expected.Value, c.left, bernoulliSD(c.left))
		modelled(t, res, "Valkyrie Exoskeleton")
		if c.cards != nil {
			warned(t, res, "Valkyrie Exoskeleton", "Articles of War")
		}
	}
	notExact(t, combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "sardakk", "1 mech"), Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}})
}

// Valkyrie Particle Weave: a N'orr infantry (7: 0.4) against an infantry
// (0.3), one round. The defender's infantry survives only if the N'orr
// score no hit: their die misses and the defender's misses too (else the
// weave adds one): 0.6 · 0.7 = 0.42; without it 0.6.
func TestValkyrieParticleWeave(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
		Attacker: factionSide(t, "sardakk", "1 infantry", "valkyrie-particle-weave"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	res := mustRun(t, sc, factionTrials, 102)
	near(t, "infantry left", res.Defender.Survivors[0].Expected.Value, 0.42, bernoulliSD(0.42))
	modelled(t, res, "Valkyrie Particle Weave")
	sc.MaxRounds = 0
	notExact(t, sc)
}

// Exotrireme II: one (5 − 1 = 4: 0.7, Sustain Damage) against 2
// dreadnoughts (5: 0.6 each). In round 1 the N'orr score at most 1 hit,
// which a dreadnought sustains; the Exotrireme is destroyed if both
// dreadnoughts hit (0.36). Otherwise, at the end of the round, it destroys
// itself and both dreadnoughts (worth 8 ≥ 4): a draw, 0.64.
func TestExotriremeII(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "sardakk", "1 dreadnought", "dreadnought-ii"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 103)
	near(t, "draw", res.Outcome.Draw.P, 0.64, bernoulliSD(0.64))
	near(t, "defender wins", res.Outcome.DefenderWin.P, 0.36, bernoulliSD(0.36))
	near(t, "defender dreadnoughts left", res.Defender.Survivors[0].Expected.Value, 0.72, 2*bernoulliSD(0.36))
	modelled(t, res, "Exotrireme II")
	notExact(t, sc)
}

// Tekklar Legion, held against the N'orr: the holder's infantry hits on
// 8 − 1 = 7 (0.4), the N'orr infantry on 8 − 1 (Unrelenting) + 1 = 8
// (0.3). Per round: holder only 0.28, N'orr only 0.18, both 0.12, none
// 0.42, so the holder wins 0.28/0.58 and draws 0.12/0.58. The N'orr cannot
// use their own note.
func TestTekklarLegion(t *testing.T) {
	a := combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"tekklar-legion"}}
	sc := combat.Scenario{Action: combat.GroundCombat, Attacker: a, Defender: factionSide(t, "sardakk", "1 infantry")}
	win, draw := 0.28/0.58, 0.12/0.58
	ex := mustSolve(t, sc)
	if math.Abs(ex.Outcome.AttackerWin.P-win) > 1e-9 || math.Abs(ex.Outcome.Draw.P-draw) > 1e-9 {
		t.Errorf("exact %.9f/%.9f, hand %.9f/%.9f", ex.Outcome.AttackerWin.P, ex.Outcome.Draw.P, win, draw)
	}
	res := mustRun(t, sc, factionTrials, 104)
	near(t, "holder wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	modelled(t, res, "Tekklar Legion")

	own := factionSide(t, "sardakk", "1 infantry")
	own.Cards = []string{"tekklar-legion"}
	res = mustRun(t, combat.Scenario{Action: combat.GroundCombat, Attacker: own,
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}, 1000, 1)
	warned(t, res, "Tekklar Legion", "own promissory note")
}

// Devotion: 2 Yin destroyers that cannot hit (modifier −9) against a
// cruiser (0.4), one round. If the cruiser misses (0.6), the Yin give up a
// destroyer (cost 1 ≤ 2) and destroy it; if it hits, the Yin keep their
// last destroyer. The cruiser is left with 0.4; the Yin always have exactly
// 1 destroyer left.
func TestDevotion(t *testing.T) {
	a := factionSide(t, "yin", "2 destroyer")
	a.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a,
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	res := mustRun(t, sc, factionTrials, 105)
	near(t, "cruiser left", res.Defender.Survivors[0].Expected.Value, 0.4, bernoulliSD(0.4))
	near(t, "Yin destroyers left", res.Attacker.Survivors[0].Expected.Value, 1, 0)
	near(t, "Yin wins", res.Outcome.AttackerWin.P, 0.6, bernoulliSD(0.6))
	modelled(t, res, "Devotion")
	sc.MaxRounds = 0
	notExact(t, sc)
}

// Impulse Core: 2 destroyers that cannot hit against a cruiser, a carrier
// and a fighter (hit order: fighter, cruiser, carrier). At the start of the
// combat a destroyer is given up and its hit must go to a non-fighter: the
// cruiser dies. The last destroyer's barrage (2 dice at 9) kills the
// fighter with 1 − 0.8² = 0.36, and nothing else ever hits the defender,
// who wins: 0.64 fighters, no cruiser, 1 carrier left. The exact solver
// replays it (a generic side listing the technology, so that Devotion is
// not there).
func TestImpulseCore(t *testing.T) {
	a := factionSide(t, "yin", "2 destroyer", "impulse-core")
	a.Modifier = -9
	d := combat.Side{Fleet: mustFleet(t, "1 cruiser, 1 carrier, 1 fighter")}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 106)
	near(t, "defender wins", res.Outcome.DefenderWin.P, 1, 0)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), 0.64, bernoulliSD(0.64))
	near(t, "cruisers left", survivors(t, res.Defender, "Cruiser I"), 0, 0)
	near(t, "carriers left", survivors(t, res.Defender, "Carrier I"), 1, 0)
	modelled(t, res, "Impulse Core")
	notExact(t, sc) // Devotion acts at the end of rounds

	g := combat.Side{Fleet: mustFleet(t, "2 destroyer"), Techs: []string{"impulse-core"}, Modifier: -9}
	ex := mustSolve(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: g, Defender: d})
	if math.Abs(ex.Outcome.DefenderWin.P-1) > 1e-9 || math.Abs(survivors(t, ex.Defender, "Cruiser I")) > 1e-9 ||
		math.Abs(survivors(t, ex.Defender, "Fighter I")-0.64) > 1e-9 || math.Abs(survivors(t, ex.Defender, "Carrier I")-1) > 1e-9 {
		t.Errorf("exact: defender wins %.9f, defender %+v; want 1, no cruiser, 0.64 fighters, 1 carrier", ex.Outcome.DefenderWin.P, ex.Defender.Survivors)
	}
}

// vanHaugeHand is the Yin flagship (2 dice at 9) against a dreadnought (1
// die at 5), both with Sustain Damage, by hand: the Yin win when the
// dreadnought dies in a round the flagship survives; when the flagship is
// destroyed every ship is, a draw. da, dd say who is damaged.
func vanHaugeHand(da, dd int) (win, draw float64) {
	pa := []float64{0.64, 0.32, 0.04}
	pd := []float64{0.4, 0.6}
	for ha, qa := range pa {
		for hd, qd := range pd {
			q := qa * qd
			switch {
			case ha == 0 && hd == 0:
			case hd >= 2-da:
				draw += q
			case ha >= 2-dd:
				win += q
			default:
				w, d := vanHaugeHand(da+hd, dd+ha)
				win += q * w
				draw += q * d
			}
		}
	}
	stay := pa[0] * pd[0]
	return win / (1 - stay), draw / (1 - stay)
}

// Van Hauge: the Yin never lose against the dreadnought; they win or draw
// as vanHaugeHand says.
func TestVanHauge(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "yin", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	win, draw := vanHaugeHand(0, 0)
	if math.Abs(win+draw-1) > 1e-12 {
		t.Fatalf("hand win %.6f + draw %.6f != 1", win, draw)
	}
	res := mustRun(t, sc, factionTrials, 107)
	near(t, "Yin win", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	near(t, "defender wins", res.Outcome.DefenderWin.P, 0, 0)
	modelled(t, res, "Van Hauge")
	notExact(t, sc)
}

// Indoctrination: a Yin infantry against 2 infantry. At the start one of
// them becomes a Yin infantry: 2 against 1, each die 0.3. After one round
// the defender's infantry is left with 0.7² = 0.49, and the Yin lose only
// the converted infantry (it is ahead in their hit order), so their listed
// infantry is always 1. Against a lone infantry the Yin win at once.
func TestIndoctrination(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
		Attacker: factionSide(t, "yin", "1 infantry"), Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	sc.Attacker.Influence = 2
	res := mustRun(t, sc, factionTrials, 108)
	near(t, "defender infantry left", res.Defender.Survivors[0].Expected.Value, 0.49, bernoulliSD(0.49))
	near(t, "Yin infantry listed", res.Attacker.Survivors[0].Expected.Value, 1, 0)
	modelled(t, res, "Indoctrination")
	warned(t, res, "Indoctrination", "not listed among its survivors")
	sc.MaxRounds = 0
	notExact(t, sc)

	sc.Defender = combat.Side{Fleet: mustFleet(t, "1 infantry")}
	res = mustRun(t, sc, 1000, 2)
	near(t, "Yin win against one infantry", res.Outcome.AttackerWin.P, 1, 0)
}

// Greyfire Mutagen Ω: against 2 infantry the holder (2 infantry) fights 3
// against 1 after the replacement: the defender's infantry is left after
// one round with 0.7³ = 0.343. Against a single ground force it cannot be
// played: 0.7² = 0.49.
func TestGreyfireMutagen(t *testing.T) {
	for _, c := range []struct {
		defender string
		left     float64
	}{{"2 infantry", 0.343}, {"1 infantry", 0.49}} {
		a := combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: []string{"greyfire-mutagen"}}
		sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1, Attacker: a,
			Defender: combat.Side{Fleet: mustFleet(t, c.defender)}}
		res := mustRun(t, sc, factionTrials, 109)
		near(t, c.defender+": infantry left", res.Defender.Survivors[0].Expected.Value, c.left, bernoulliSD(c.left))
		modelled(t, res, "Greyfire Mutagen Ω")
	}
}

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
	sc.MaxRounds = 0
	notExact(t, sc)
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
	sc.MaxRounds = 0
	notExact(t, sc)

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

// Dimensional Splicer: the Creuss (2 cruisers, 0.4 each) hit the
// defender's cruiser at the start (it dies; the dreadnought would only
// sustain). After round 1 no cruiser is left, and the dreadnought only if
// fewer than 2 dice hit: 0.84. Exactly, the whole combat equals one
// against the dreadnought alone; and against a lone dreadnought the hit
// damages it, as if it started damaged.
func TestDimensionalSplicer(t *testing.T) {
	a := factionSide(t, "creuss", "2 cruiser", "dimensional-splicer")
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a,
		Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 cruiser")}}
	res := mustRun(t, sc, factionTrials, 115)
	near(t, "cruiser left", survivors(t, res.Defender, "Cruiser I"), 0, 0)
	near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 0.84, bernoulliSD(0.84))
	modelled(t, res, "Dimensional Splicer")
	warned(t, res, "Dimensional Splicer", "wormhole")

	plain := factionSide(t, "creuss", "2 cruiser")
	for _, c := range []struct{ with, without string }{
		{"1 dreadnought, 1 cruiser", "1 dreadnought"},
		{"1 dreadnought", "1 dreadnought (damaged)"},
	} {
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, c.with)}}
		ex := mustSolve(t, sc)
		ref := mustSolve(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: plain, Defender: combat.Side{Fleet: mustFleet(t, c.without)}})
		if math.Abs(ex.Outcome.AttackerWin.P-ref.Outcome.AttackerWin.P) > 1e-9 || math.Abs(ex.Outcome.Draw.P-ref.Outcome.Draw.P) > 1e-9 {
			t.Errorf("%s: exact %.9f/%.9f, equivalent %.9f/%.9f", c.with, ex.Outcome.AttackerWin.P, ex.Outcome.Draw.P, ref.Outcome.AttackerWin.P, ref.Outcome.Draw.P)
		}
		mc := mustRun(t, sc, factionTrials, 116)
		w := ref.Outcome.AttackerWin.P
		near(t, c.with+": Creuss win", mc.Outcome.AttackerWin.P, w, bernoulliSD(w))
	}
}

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

// Supercharge: a Naaz-Rokha cruiser (6 with it: 0.5; 7 without: 0.4)
// against a cruiser (0.4). After round 1 the defender's cruiser is left
// with 0.5. It is used once: after 2 rounds, 0.5·(0.4 + 0.6·0.6) = 0.38
// (the attacker's cruiser dies in round 1 with 0.4, ending the combat), not
// 0.5·(0.4 + 0.6·0.5) = 0.35.
func TestSupercharge(t *testing.T) {
	for _, c := range []struct {
		rounds int
		left   float64
	}{{1, 0.5}, {2, 0.38}} {
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: c.rounds,
			Attacker: factionSide(t, "naaz-rokha", "1 cruiser", "supercharge"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := mustRun(t, sc, factionTrials, 120)
		near(t, "cruiser left", res.Defender.Survivors[0].Expected.Value, c.left, bernoulliSD(c.left))
		modelled(t, res, "Supercharge")
		sc.MaxRounds = 0
		notExact(t, sc)
	}
}
