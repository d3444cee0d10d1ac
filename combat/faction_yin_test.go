package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Yin Brotherhood's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

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

// Moyin's Ashes: a Yin mech attacks 4 infantry (8: 0.3). Indoctrination
// replaces one of them; with 3 influence the Yin put a mech (6: 0.5,
// Sustain Damage) in its place, so 2 mechs fight 3 infantry. The Yin's
// track, sustain first: 0 and 1 and 2 hits absorbed leave 2 mechs rolling
// (0.5, 0.5), 3 leave 1 (0.5), 4 none; the defender's track is 3, 2, 1
// dice at 0.3. With 2 influence Indoctrination places an infantry (8: 0.3),
// taken before the mech: 0 and 1 hits leave (0.5, 0.3), 2 leave (0.5), 3
// none. reference.TrackChain solves both; the listed mech survives exactly when the
// Yin win (the deployed mech and the infantry are taken first).
func TestMoyinsAshes(t *testing.T) {
	inf := [][]float64{{.3, .3, .3}, {.3, .3}, {.3}}
	withMech := reference.TrackChain([][]float64{{.5, .5}, {.5, .5}, {.5, .5}, {.5}}, inf)
	withInf := reference.TrackChain([][]float64{{.5, .3}, {.5, .3}, {.5}}, inf)
	for _, c := range []struct {
		influence int
		end       [][]float64
		note      []string
	}{
		{3, withMech, []string{"Moyin's Ashes: the units it gives the attacker are not listed among its survivors"}},
		{2, withInf, []string{"Moyin's Ashes (attacker) does nothing", "costs 3 influence"}},
	} {
		win, draw, _ := reference.Outcomes(c.end)
		a := factionSide(t, "yin", "1 mech")
		a.Influence = c.influence
		sc := combat.Scenario{Action: combat.GroundCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "4 infantry")}}
		res := mustRun(t, sc, factionTrials, 195)
		t.Logf("influence %d: Yin win %.6f, draw %.6f", c.influence, win, draw)
		near(t, "Yin win", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
		near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
		near(t, "Yin mech listed", survivors(t, res.Attacker, "Moyin's Ashes"), win, bernoulliSD(win))
		warned(t, res, c.note...)
		modelled(t, res, "Moyin's Ashes")
		notExact(t, sc)
	}
}

// Moyin's Ashes does nothing with all 4 Yin mechs on the board (none to
// deploy) or under Articles of War; Indoctrination still places its
// infantry.
func TestMoyinsAshesIdle(t *testing.T) {
	a := factionSide(t, "yin", "4 mech")
	a.Influence = 5
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	res := mustRun(t, sc, 1000, 196)
	warned(t, res, "Moyin's Ashes (attacker) does nothing", "all 4 Yin mechs")
	warned(t, res, "Indoctrination", "not listed among its survivors")
	sc.Defender.Cards = []string{"articles-of-war"}
	sc.Attacker.Fleet = mustFleet(t, "1 mech")
	res = mustRun(t, sc, 1000, 197)
	warned(t, res, "Moyin's Ashes (attacker) does nothing", "Articles of War")
}

// Brother Milor's printings (Printings.Milor; TA prophecyofkings/leaders.ts):
// today's (Thunder's Edge) "After a player's unit is destroyed during
// combat: ... place 2 fighters in the destroyed unit's system if it was a
// ship, or 2 infantry on its planet if it was a ground force"; Codex III Ω
// the same without "during combat"; the original "After a player's
// destroyer or cruiser is destroyed: ... up to 2 fighters".
//
// A carrier (9: 0.2) with the agent against a cruiser (7: 0.4): the same
// chain as the destroyer of TestBrotherMilor under today's and Ω (any
// ship), the plain duel under the original (not a destroyer or cruiser):
// win 0.12/0.52, draw 0.08/0.52.
//
// The same carrier against a cruiser and a PDS (6: 0.5 in space cannon
// offense): with 0.5 the PDS destroys the carrier before the combat. Ω
// answers it (not during combat): 2 fighters fight the cruiser, W(2) and
// D(2) of TestBrotherMilor; today's does not: the attacker has lost. With
// 0.5 the carrier fights with the agent ready, as above.
//
// A ground combat, 1 infantry with the agent against 1 infantry (8: 0.3
// each). Original: the plain duel, win 0.21/0.51, draw 0.09/0.51. Today's:
// the holder's infantry destroyed in a round places 2 infantry: a round
// where only the holder hits (0.21) or both hit (0.09: the 2 placed
// infantry are left) wins; only the opponent hits (0.21): 2 against 1 with
// the agent spent, W2 = (0.51 + 0.147·W1)/0.657, D2 = 0.147·D1/0.657 (W1,
// D1 the duel's); neither 0.49 again.
func TestBrotherMilorPrintings(t *testing.T) {
	w1, d1 := 0.12/0.52, 0.08/0.52
	w2, d2 := (0.36+0.256*w1)/0.616, 0.256*d1/0.616
	wc, dc := (0.2+0.32*w2)/0.52, 0.32*d2/0.52
	g1, e1 := 0.21/0.51, 0.09/0.51
	g2, e2 := (0.51+0.147*g1)/0.657, 0.147*e1/0.657
	milor := combat.Side{Fleet: mustFleet(t, "1 carrier"), Cards: []string{"brother-milor"}}
	space := func(p combat.MilorPrinting, def string) combat.Scenario {
		return combat.Scenario{Action: combat.SpaceCombat, Attacker: milor, Defender: combat.Side{Fleet: mustFleet(t, def)},
			Printings: combat.Printings{Milor: p}}
	}
	groundInf := combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"brother-milor"}}
	ground := func(p combat.MilorPrinting) combat.Scenario {
		return combat.Scenario{Action: combat.GroundCombat, Attacker: groundInf, Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")},
			Printings: combat.Printings{Milor: p}}
	}
	for i, c := range []struct {
		name      string
		sc        combat.Scenario
		win, draw float64
	}{
		{"today's, a carrier", space(combat.MilorTE, "1 cruiser"), wc, dc},
		{"omega, a carrier", space(combat.MilorOmega, "1 cruiser"), wc, dc},
		{"original, a carrier", space(combat.MilorOriginal, "1 cruiser"), w1, d1},
		{"today's, space cannon", space(combat.MilorTE, "1 cruiser, 1 pds"), 0.5 * wc, 0.5 * dc},
		{"omega, space cannon", space(combat.MilorOmega, "1 cruiser, 1 pds"), 0.5*w2 + 0.5*wc, 0.5*d2 + 0.5*dc},
		{"today's, ground", ground(combat.MilorTE), (0.3 + 0.21*g2) / 0.51, 0.21 * e2 / 0.51},
		{"omega, ground", ground(combat.MilorOmega), (0.3 + 0.21*g2) / 0.51, 0.21 * e2 / 0.51},
		{"original, ground", ground(combat.MilorOriginal), g1, e1},
	} {
		t.Run(c.name, func(t *testing.T) { checkWinDraw(t, c.sc, uint64(660+i), c.win, c.draw, false) })
	}
	r, err := combat.ParseRules([]string{"Brother-Milor=Omega"})
	if err != nil || r.Milor != combat.MilorOmega || !strings.Contains(r.String(), "milor=omega") {
		t.Errorf("ParseRules(brother-milor=omega) = %+v (%q), %v", r, r.String(), err)
	}
	if got := combat.PrintingChoices()["milor"]; len(got) != 3 || got[0] != "current" {
		t.Errorf(`PrintingChoices()["milor"] = %v, want today's "current" first`, got)
	}
}
