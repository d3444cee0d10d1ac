package combat_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

func ti3Side(t *testing.T, fleet string, techs ...string) combat.Side {
	t.Helper()
	f, err := units.ParseFleetTI3(fleet)
	if err != nil {
		t.Fatal(err)
	}
	return combat.Side{Fleet: f, Techs: techs}
}

func ti3Edition() combat.Edition { return combat.EditionTI3SA }

// diceOf returns the dice a unit rolls with h hit points left, from a
// table indexed by h (for reference.PointDuel, whose chain counts hit points: one hit
// takes one, and a TI3 unit loses a die with each).
func diceOf(table ...int) func(int) int { return func(h int) int { return table[h] } }

// Dreadnoughts (SA Dreadnoughts, SA Sustain Damage): a TI3 dreadnought rolls 2 dice at 5 (0.6)
// and, once damaged, 1 die. One against one: reference.PointDuel with 2 hit points
// and dice [_, 1, 2]. Under TI4 a dreadnought rolls 1 die and keeps it.
func TestTI3Dreadnoughts(t *testing.T) {
	win, draw := reference.PointDuel(2, 2, diceOf(0, 1, 2), diceOf(0, 1, 2), 0.6, 0.6)
	sc := combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), Attacker: ti3Side(t, "1 dreadnought"), Defender: ti3Side(t, "1 dreadnought")}
	res := mustRun(t, sc, factionTrials, 401)
	near(t, "TI3 attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "TI3 draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	exactIsTI3(t, sc, win, draw)
	w4, d4 := reference.PointDuel(2, 2, diceOf(0, 1, 1), diceOf(0, 1, 1), 0.6, 0.6)
	sc.Edition = combat.EditionTI4
	sc.Attacker, sc.Defender = combat.Side{Fleet: mustFleet(t, "1 dreadnought")}, combat.Side{Fleet: mustFleet(t, "1 dreadnought")}
	res = mustRun(t, sc, factionTrials, 402)
	near(t, "TI4 attacker wins", res.Outcome.AttackerWin.P, w4, bernoulliSD(w4))
	near(t, "TI4 draw", res.Outcome.Draw.P, d4, bernoulliSD(d4))
	if math.Abs(win-w4) < 0.01 && math.Abs(draw-d4) < 0.01 {
		t.Errorf("TI3 and TI4 dreadnought duels should differ: %v/%v vs %v/%v", win, draw, w4, d4)
	}
}

// War suns (SA War Suns, Sustain Damage): 3 hit points, 3 dice at 3 (0.8), 2 once damaged, 1
// twice. Against a carrier... a TI3 war sun against 1 dreadnought (2 hit
// points, 2/1 dice at 0.6): reference.PointDuel.
func TestTI3WarSun(t *testing.T) {
	win, draw := reference.PointDuel(3, 2, diceOf(0, 1, 2, 3), diceOf(0, 1, 2), 0.8, 0.6)
	sc := combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), Attacker: ti3Side(t, "1 war sun"), Defender: ti3Side(t, "1 dreadnought")}
	res := mustRun(t, sc, factionTrials, 403)
	near(t, "war sun wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	near(t, "war suns left (one row, worn ones included)", survivors(t, res.Attacker, "War Sun"), win, bernoulliSD(win))
	exactIsTI3(t, sc, win, draw)
}

// exactIsTI3 checks exact mode against the hand values win and draw to
// 1e-9.
func exactIsTI3(t *testing.T, sc combat.Scenario, win, draw float64) {
	t.Helper()
	ex := mustSolve(t, sc)
	if math.Abs(ex.Outcome.AttackerWin.P-win) > 1e-9 || math.Abs(ex.Outcome.Draw.P-draw) > 1e-9 {
		t.Errorf("exact: win %.12f draw %.12f, want %.12f %.12f", ex.Outcome.AttackerWin.P, ex.Outcome.Draw.P, win, draw)
	}
}

// Anti-fighter barrage first, then Assault Cannon (SA Pre-Combat effects, SA Assault Cannons): a
// destroyer (barrage 2 dice at 9: 0.2 each) and a cruiser with Assault
// Cannon (1 pre-combat die at 7: 0.4) against a fighter and a carrier;
// nobody hits in the round (modifier −9 on combat rolls). The barrage
// kills the fighter with 1 − 0.8² = 0.36; the cannon's hit then goes to
// the carrier, else to the fighter: carrier left 1 − 0.36·0.4, fighter left
// 0.64·0.6.
func TestTI3AssaultCannonAfterBarrage(t *testing.T) {
	a := ti3Side(t, "1 destroyer, 1 cruiser", "assault-cannon")
	a.Modifier = -9
	d := ti3Side(t, "1 fighter, 1 carrier")
	d.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), MaxRounds: 1, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 404)
	near(t, "carrier left", survivors(t, res.Defender, "Carrier"), 1-0.36*0.4, bernoulliSD(0.144))
	near(t, "fighter left", survivors(t, res.Defender, "Fighter"), 0.64*0.6, bernoulliSD(0.384))
}

// Invasion with both sides wiped out: 1 ground force against 1 (8: 0.3
// each): a round is A-only 0.21, D-only 0.21, both 0.09, none 0.49. TI3
// leaves the planet to the defender (0.3/0.51); TI4 calls it a draw.
func TestTI3MutualDestruction(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 carrier, 1 ground force"), Defender: ti3Side(t, "1 ground force")}
	res := mustRun(t, sc, factionTrials, 405)
	near(t, "TI3: defender keeps it", res.Outcome.DefenderWin.P, 0.30/0.51, bernoulliSD(0.30/0.51))
	near(t, "TI3: draw", res.Outcome.Draw.P, 0, 0)
	// The wiped-out share is reported apart, as a part of the defender's.
	near(t, "TI3: both wiped out", res.Outcome.BothWipedOut.P, 0.09/0.51, bernoulliSD(0.09/0.51))
	if res.Counts.BothWipedOut > res.Counts.DefenderWin || res.Counts.AttackerWin+res.Counts.Draw+res.Counts.DefenderWin != res.Trials {
		t.Errorf("TI3 counts %+v: the wiped-out trials must be among the defender's, the outcomes add up to %d", res.Counts, res.Trials)
	}
	ex := mustSolve(t, sc)
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"defender", ex.Outcome.DefenderWin.P, 0.30 / 0.51}, {"draw", ex.Outcome.Draw.P, 0}, {"both wiped out", ex.Outcome.BothWipedOut.P, 0.09 / 0.51}} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("TI3 exact %s %.12f, want %.12f", c.name, c.got, c.want)
		}
	}
	sc.Edition = combat.EditionTI4
	sc.Attacker, sc.Defender = combat.Side{Fleet: mustFleet(t, "1 carrier, 1 infantry")}, combat.Side{Fleet: mustFleet(t, "1 infantry")}
	res = mustRun(t, sc, factionTrials, 406)
	near(t, "TI4: draw", res.Outcome.Draw.P, 0.09/0.51, bernoulliSD(0.09/0.51))
	if res.Counts.BothWipedOut != res.Counts.Draw {
		t.Errorf("TI4: both wiped out %d, want the draws %d", res.Counts.BothWipedOut, res.Counts.Draw)
	}
	if ex = mustSolve(t, sc); math.Abs(ex.Outcome.BothWipedOut.P-0.09/0.51) > 1e-9 || math.Abs(ex.Outcome.Draw.P-0.09/0.51) > 1e-9 {
		t.Errorf("TI4 exact: draw %.12f, both wiped out %.12f, want %.12f", ex.Outcome.Draw.P, ex.Outcome.BothWipedOut.P, 0.09/0.51)
	}
}

// Planetary Shield (SA table: War Sun): a PDS stops a dreadnought's bombardment; a
// war sun bombards through it (3 dice at 3: 0.8) and does not lift it for
// the dreadnought. Against 3 ground forces, after bombardment: with a
// dreadnought alone 3 left; with a war sun too, 3 − 2.4 on average, the
// dreadnought adding nothing. (TI4: the war sun removes the shield and the
// dreadnought bombards too.) Ground forces are counted after the
// bombardment with a round limit... the invasion continues, so the test
// reads the defender's loss in the bombardment through a defender whose
// ground forces never roll (−9) against attackers who never hit (−9):
// their ground combat cannot end, and the space cannon defense of the PDS
// has nothing to do with it.
func TestTI3PlanetaryShield(t *testing.T) {
	for _, c := range []struct {
		fleet string
		left  float64
		sd    float64
	}{{"1 dreadnought, 1 carrier, 1 ground force", 3, 0}, {"1 war sun, 1 dreadnought, 1 ground force", 3 - 2.4, math.Sqrt(3 * 0.16)}} {
		a := ti3Side(t, c.fleet)
		a.Modifier = -9
		d := ti3Side(t, "3 ground force, 1 pds")
		d.Modifier = -9
		sc := combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: a, Defender: d}
		res := mustRun(t, sc, 20000, 407)
		near(t, c.fleet+": ground forces left", survivors(t, res.Defender, "Ground Force"), c.left, c.sd*math.Sqrt(float64(factionTrials)/20000.0))
	}
}

// Retreats (TI3 round order): the attacker announces first. Both sides'
// policies say "retreat after round 1" and nobody hits: under TI3 the
// attacker leaves; under TI4 the defender announces first and leaves.
func TestTI3RetreatOrder(t *testing.T) {
	for _, c := range []struct {
		edition  combat.Edition
		attacker bool
	}{{ti3Edition(), true}, {combat.EditionTI4, false}} {
		a := combat.Side{Fleet: mustFleet(t, "1 cruiser"), Modifier: -9, Retreat: combat.Retreat{AfterRound: 1}}
		d := combat.Side{Fleet: mustFleet(t, "1 cruiser"), Modifier: -9, Retreat: combat.Retreat{AfterRound: 1}}
		sc := combat.Scenario{Action: combat.SpaceCombat, Edition: c.edition, Attacker: a, Defender: d}
		res := mustRun(t, sc, 1000, 408)
		got := res.Outcome.AttackerRetreats.P
		if c.attacker && got != 1 || !c.attacker && res.Outcome.DefenderRetreats.P != 1 {
			t.Errorf("%v: attacker retreats %v, defender %v", c.edition, got, res.Outcome.DefenderRetreats.P)
		}
	}
}

// Bad input under TI3: factions, cards, TI4 technologies, printings of TI4
// cards, adjacent PDS without Deep Space Cannon.
func TestTI3Refusals(t *testing.T) {
	base := func() combat.Scenario {
		return combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), Attacker: ti3Side(t, "1 cruiser"), Defender: ti3Side(t, "1 cruiser, 1 pds")}
	}
	sc := base()
	sc.Attacker.Faction, _ = units.LookupFaction("sardakk") // the TI4 faction, not the TI3 race
	refused(t, sc, "Twilight Imperium 4 faction")
	sc = base()
	sc.Attacker.Cards = []string{"direct-hit"}
	refused(t, sc, "Twilight Imperium 4 cards")
	sc = base()
	sc.Attacker.Techs = []string{"plasma-scoring"}
	refused(t, sc, "unknown Twilight Imperium 3 technology")
	sc = base()
	sc.Printings.X89 = combat.X89Original
	refused(t, sc, "the printings choose among Twilight Imperium 4 cards' texts")
	sc = base()
	sc.Defender.AdjacentPDS = 2
	refused(t, sc, "Deep Space Cannon")
}

// Shock troops (SA table note ***): a ground force and a shock troop (5: 0.6)
// invade 1 ground force (0.3). Hits take the ground force first; a shock
// troop left alone reverts to a ground force (8: 0.3). From both: the
// defender dies with 1 − 0.7·0.4 = 0.72 (a win whatever its own die does);
// it kills the ground force alone with 0.28·0.3, leaving 1 against 1 (win
// 0.21/0.51, and a mutual wipe-out leaves the planet to the defender);
// nothing happens with 0.28·0.7. P(win) = (0.72 + 0.084·0.21/0.51)/0.804.
// Without the reversion it would be (0.72 + 0.084·0.42/0.72)/0.804.
func TestTI3ShockTroops(t *testing.T) {
	want := (0.72 + 0.084*0.21/0.51) / 0.804
	sc := combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 carrier, 1 ground force, 1 shock troop"), Defender: ti3Side(t, "1 ground force")}
	res := mustRun(t, sc, factionTrials, 409)
	near(t, "attacker takes the planet", res.Outcome.AttackerWin.P, want, bernoulliSD(want))
	exactWins(t, sc, want)
	// Shock troops alone fight as ground forces from the start: 1 against 1
	// at 0.3 each.
	sc.Attacker = ti3Side(t, "1 carrier, 1 shock troop")
	res = mustRun(t, sc, factionTrials, 410)
	near(t, "a lone shock troop", res.Outcome.AttackerWin.P, 0.21/0.51, bernoulliSD(0.21/0.51))
	near(t, "it is reported as the ground force it became", survivors(t, res.Attacker, "Ground Force"), 0.21/0.51, bernoulliSD(0.21/0.51))
	ex := exactWins(t, sc, 0.21/0.51)
	if got := survivors(t, ex.Attacker, "Ground Force"); math.Abs(got-0.21/0.51) > 1e-9 {
		t.Errorf("exact: ground forces left %.12f, want %.12f", got, 0.21/0.51)
	}
	// A ground combat (no invasion) of 1 ground force and 1 shock troop
	// against 2 ground forces, by hand: states (g, s) of the attacker
	// (ground forces at 0.3, shock troops at 0.6, ground forces hit first,
	// a lone shock troop reverting) against d ground forces at 0.3.
	// P(win) from (1,1) v 2 solved by the recursion in ti3ShockTroopWin.
	sc = combat.Scenario{Action: combat.GroundCombat, Edition: ti3Edition(), Attacker: ti3Side(t, "1 gf, 1 st"), Defender: ti3Side(t, "2 gf")}
	exactWins(t, sc, ti3ShockTroopWin(1, 1, 2))
	// TI4 has no shock troops.
	if _, err := units.ParseFleet("1 shock troop"); err == nil {
		t.Error("TI4 parsed a shock troop")
	}
}

// exactWins checks exact mode's attacker win against the hand value want
// to 1e-9 and returns its result.
func exactWins(t *testing.T, sc combat.Scenario, want float64) combat.Result {
	t.Helper()
	ex := mustSolve(t, sc)
	if math.Abs(ex.Outcome.AttackerWin.P-want) > 1e-9 {
		t.Errorf("exact: attacker wins %.12f, want %.12f", ex.Outcome.AttackerWin.P, want)
	}
	return ex
}

// ti3ShockTroopWin is the probability that g ground forces (8: 0.3) and s
// shock troops (5: 0.6) win a ground combat against d ground forces
// (0.3), computed independently of the engine: a round's hits on each side
// are binomial sums, hits go to ground forces first, and shock troops left
// without ground forces revert to them. Win = the attacker has units left
// and the defender none; the no-hit round is divided out.
func ti3ShockTroopWin(g, s, d int) float64 {
	if d == 0 {
		if g+s > 0 {
			return 1
		}
		return 0
	}
	if g+s == 0 {
		return 0
	}
	if g == 0 { // lone shock troops are ground forces
		g, s = s, 0
	}
	binom := func(n int, p float64) []float64 {
		dist := []float64{1}
		for range n {
			next := make([]float64, len(dist)+1)
			for k, q := range dist {
				next[k] += q * (1 - p)
				next[k+1] += q * p
			}
			dist = next
		}
		return dist
	}
	ga, sa, dd := binom(g, 0.3), binom(s, 0.6), binom(d, 0.3)
	att := make([]float64, g+s+1) // the attacker's hits
	for i, p := range ga {
		for j, q := range sa {
			att[i+j] += p * q
		}
	}
	stay := att[0] * dd[0]
	win := 0.0
	for ha, pa := range att {
		for hd, pd := range dd {
			if ha == 0 && hd == 0 {
				continue
			}
			g2, s2 := g-min(hd, g), s-max(0, hd-g)
			win += pa * pd * ti3ShockTroopWin(g2, max(s2, 0), max(d-ha, 0))
		}
	}
	return win / (1 - stay)
}

// Exact mode against Monte Carlo with shock troops on either side, mechs
// with Sustain Damage, bombardment (a dreadnought; a war sun through the
// Planetary Shield) and space cannon defense: every outcome within 4
// standard errors (the two share the hit policy but nothing of the
// sampling: per-state hit distributions against dice or round tables).
func TestTI3ShockTroopsExactAgainstMonteCarlo(t *testing.T) {
	for i, c := range []struct {
		act      combat.Action
		att, def string
	}{
		{combat.GroundCombat, "2 gf, 2 st, 1 mu", "4 gf, 1 st, 1 mu (1 damaged)"},
		{combat.GroundCombat, "3 st", "2 gf, 1 st"},
		{combat.Invasion, "1 dreadnought, 1 carrier, 1 gf, 2 st", "3 gf, 1 st"},
		{combat.Invasion, "1 war sun, 1 carrier, 2 gf, 1 st, 1 mu", "1 cruiser, 2 gf, 1 st, 1 pds"},
	} {
		sc := combat.Scenario{Action: c.act, Edition: ti3Edition(), Attacker: ti3Side(t, c.att), Defender: ti3Side(t, c.def)}
		ex := mustSolve(t, sc)
		mc := mustRun(t, sc, factionTrials, uint64(450+i))
		for _, o := range []struct {
			name      string
			mc, exact float64
		}{{"attacker wins", mc.Outcome.AttackerWin.P, ex.Outcome.AttackerWin.P}, {"draw", mc.Outcome.Draw.P, ex.Outcome.Draw.P}, {"defender wins", mc.Outcome.DefenderWin.P, ex.Outcome.DefenderWin.P}} {
			se := math.Sqrt(o.exact*(1-o.exact)/float64(factionTrials)) + 1e-12
			if math.Abs(o.mc-o.exact) > 4*se+1/float64(factionTrials) {
				t.Errorf("%v %s v %s: %s Monte Carlo %.5f, exact %.5f (z %.1f)", c.act, c.att, c.def, o.name, o.mc, o.exact, (o.mc-o.exact)/se)
			}
		}
		if w, e := survivors(t, mc.Attacker, "Shock Troop"), survivors(t, ex.Attacker, "Shock Troop"); math.Abs(w-e) > 0.02 {
			t.Errorf("%s: shock troops left %.4f, exact %.4f", c.att, w, e)
		}
	}
}

// TI3 Magen Defense Grid: +1 to PDS rolls and to the holder's ground
// forces on a planet with its PDS. A PDS (6, with Magen 5: 0.6) fires at
// the carrier before the combat and at the landing ground force: the
// planet falls with 0.4·0.4 (0.5·0.5 without). On the ground, a ground
// force (8) against the holder's (7 with Magen: 0.4): the attacker wins
// 0.3·0.6/(1 − 0.7·0.6), draws 0.12/0.58.
func TestTI3Magen(t *testing.T) {
	for _, c := range []struct {
		techs []string
		take  float64
	}{{[]string{"magen-defense-grid"}, 0.16}, {nil, 0.25}} {
		sc := combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 carrier, 1 ground force"), Defender: ti3Side(t, "1 pds", c.techs...)}
		res := mustRun(t, sc, factionTrials, 411)
		near(t, "planet taken", res.Outcome.AttackerWin.P, c.take, bernoulliSD(c.take))
	}
	sc := combat.Scenario{Action: combat.GroundCombat, Edition: ti3Edition(), Attacker: ti3Side(t, "1 ground force"), Defender: ti3Side(t, "1 ground force, 1 pds", "magen-defense-grid")}
	res := mustRun(t, sc, factionTrials, 412)
	near(t, "ground: attacker wins", res.Outcome.AttackerWin.P, 0.18/0.58, bernoulliSD(0.18/0.58))
	near(t, "ground: draw", res.Outcome.Draw.P, 0.12/0.58, bernoulliSD(0.12/0.58))
}

// TI3 technologies on rolls, one round each with the other side unable to
// hit: Deep Space Cannon (2 adjacent PDS at 6 against a cruiser: left
// 0.25); Hylar V (a cruiser at 6 against a cruiser at 7: win 3/7, draw
// 2/7, to the end); Automated Defense Turrets (barrage 3 dice at 7 against
// 3 fighters: 1.8 left) and Hylar's barrage without it (2 dice at 8: 2.4
// left); Cybernetics and Advanced Fighters (a fighter at 7: 0.4, and a
// carrier at 9, against a destroyer whose barrage, 2 dice at 9, first kills
// the fighter with 0.36: the destroyer falls with 0.36·0.2 + 0.64·(1 −
// 0.6·0.8) = 0.4048); Duranium Armor (a dreadnought that cannot be hit
// twice in one round by one cruiser is repaired every round: alive after 2
// rounds 1, else 1 − 0.4²).
func TestTI3Technologies(t *testing.T) {
	noHit := func(s combat.Side) combat.Side { s.Modifier = -9; return s }
	cases := []struct {
		name     string
		sc       combat.Scenario
		got      func(combat.Result) float64
		want, sd float64
	}{
		{"deep space cannon", combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: noHit(ti3Side(t, "1 cruiser")),
			Defender: func() combat.Side {
				s := noHit(ti3Side(t, "1 carrier", "deep-space-cannon"))
				s.AdjacentPDS = 2
				return s
			}()},
			func(r combat.Result) float64 { return survivors(t, r.Attacker, "Cruiser") }, 0.25, bernoulliSD(0.25)},
		{"hylar v: win", combat.Scenario{Action: combat.SpaceCombat, Attacker: ti3Side(t, "1 cruiser", "hylar-v-assault-laser"), Defender: ti3Side(t, "1 cruiser")},
			func(r combat.Result) float64 { return r.Outcome.AttackerWin.P }, 3.0 / 7, bernoulliSD(3.0 / 7)},
		{"automated defense turrets", combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: noHit(ti3Side(t, "1 destroyer", "automated-defense-turrets", "hylar-v-assault-laser")), Defender: noHit(ti3Side(t, "3 fighter, 1 space dock"))},
			func(r combat.Result) float64 { return survivors(t, r.Defender, "Fighter") }, 1.8, math.Sqrt(3 * 0.24)},
		{"hylar v barrage", combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: noHit(ti3Side(t, "1 destroyer", "hylar-v-assault-laser")), Defender: noHit(ti3Side(t, "3 fighter, 1 space dock"))},
			func(r combat.Result) float64 { return survivors(t, r.Defender, "Fighter") }, 2.4, math.Sqrt(2 * 0.21)},
		{"cybernetics and advanced fighters", combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: ti3Side(t, "1 fighter, 1 carrier", "cybernetics", "advanced-fighters"), Defender: noHit(ti3Side(t, "1 destroyer"))},
			func(r combat.Result) float64 { return survivors(t, r.Defender, "Destroyer") }, 1 - 0.4048, bernoulliSD(0.4048)},
		{"duranium armor", combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 2, Attacker: noHit(ti3Side(t, "1 dreadnought", "duranium-armor")), Defender: ti3Side(t, "1 cruiser")},
			func(r combat.Result) float64 { return survivors(t, r.Attacker, "Dreadnought") }, 1, 0},
		{"no duranium armor", combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 2, Attacker: noHit(ti3Side(t, "1 dreadnought")), Defender: ti3Side(t, "1 cruiser")},
			func(r combat.Result) float64 { return survivors(t, r.Attacker, "Dreadnought") }, 0.84, bernoulliSD(0.84)},
	}
	for i, c := range cases {
		c.sc.Edition = ti3Edition()
		res := mustRun(t, c.sc, factionTrials, 420+uint64(i))
		near(t, c.name, c.got(res), c.want, c.sd)
	}
}

// Space mine (SA Space Mines, SA table: Space Mines): each of the attacker's non-fighter ships rolls
// 1 die at 9 on entering; a hit stays on that ship. A cruiser and a
// dreadnought against a carrier, nobody hitting in the one round: the
// cruiser is left with 0.8, the dreadnought always (it sustains), with its
// second die lost with 0.2.
func TestTI3SpaceMine(t *testing.T) {
	a := ti3Side(t, "1 cruiser, 1 dreadnought")
	a.Modifier = -9
	d := ti3Side(t, "1 carrier")
	d.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), MaxRounds: 1, SpaceMine: true, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 430)
	near(t, "cruiser left", survivors(t, res.Attacker, "Cruiser"), 0.8, bernoulliSD(0.8))
	near(t, "dreadnought left", survivors(t, res.Attacker, "Dreadnought"), 1, 0)
	warned(t, res, "space mine")
	sc.Edition = combat.EditionTI4
	sc.Attacker, sc.Defender = combat.Side{Fleet: mustFleet(t, "1 cruiser")}, combat.Side{Fleet: mustFleet(t, "1 carrier")}
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "space mines exist only in Twilight Imperium 3") {
		t.Errorf("TI4 with a space mine: Validate = %v", err)
	}
}

// TestTI3NegateMineHits (SA Space Mines: "The victim of a Space Mines hit
// may negate the specific hit by taking 2 hits to non-fighter ships in the
// same fleet"): nobody hits in the one round (modifier -9), so the ships
// left are the mines'. A cruiser (p = 0.2 of a mine hit) beside 2
// dreadnoughts is lost only when hit and a dreadnought was hit too (its
// own hit sustained first, leaving fewer than 2 free): 0.2·(1 − 0.8²) =
// 0.072. The dreadnoughts never die; they end damaged by their own hits
// (0.2 each) plus 2 when the cruiser's hit is negated (0.2·0.8²): 0.4 +
// 0.256 = 0.656 damaged in all.
func TestTI3NegateMineHits(t *testing.T) {
	a := ti3Side(t, "1 cruiser, 2 dreadnought")
	a.Modifier = -9
	d := ti3Side(t, "1 carrier")
	d.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), MaxRounds: 1, SpaceMine: true, NegateMineHits: true, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 431)
	near(t, "cruiser left", survivors(t, res.Attacker, "Cruiser"), 0.928, bernoulliSD(0.928))
	near(t, "dreadnoughts left", survivors(t, res.Attacker, "Dreadnought"), 2, 0)
	// D is 2 when the cruiser's hit is negated (0.128), else X1 + X2:
	// E[D²] = 0.48 + 4·0.128.
	near(t, "dreadnoughts damaged", damagedAtEnd(t, res, "Dreadnought"), 0.656, math.Sqrt(0.992-0.656*0.656))
	warned(t, res, "negated")
	// A war sun's hits are never negated: it sustains twice. Alone with a
	// destroyer, the destroyer's hit needs two other ships: none.
	sc.Attacker = ti3Side(t, "1 destroyer, 1 dreadnought")
	sc.Attacker.Modifier = -9
	res = mustRun(t, sc, factionTrials, 432)
	near(t, "destroyer left (one other ship)", survivors(t, res.Attacker, "Destroyer"), 0.8, bernoulliSD(0.8))
	sc.SpaceMine = false
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "no space mine") {
		t.Errorf("negating without a mine: Validate = %v", err)
	}
}

// damagedAtEnd is the attacker's expected number of damaged units named
// name when a round limit stops the combat (Result.States).
func damagedAtEnd(t *testing.T, res combat.Result, name string) float64 {
	t.Helper()
	if len(res.States) == 0 {
		t.Fatal("no end states (a round limit is needed)")
	}
	e := 0.0
	for _, st := range res.States {
		for _, u := range st.Attacker {
			if u.Name == name {
				e += st.P.P * float64(u.Damaged)
			}
		}
	}
	return e
}

// The trials of the TI3 ruleset allocate nothing.
func TestTI3DoNotAllocate(t *testing.T) {
	for _, c := range []struct {
		name string
		sc   combat.Scenario
	}{
		{"space", combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), SpaceMine: true, NegateMineHits: true,
			Attacker: ti3Side(t, "1 war sun, 2 dreadnought, 2 cruiser, 1 destroyer", "assault-cannon", "duranium-armor"),
			Defender: ti3Side(t, "3 dreadnought, 2 destroyer, 4 fighter, 1 carrier", "hylar-v-assault-laser", "automated-defense-turrets")}},
		{"invasion", combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(),
			Attacker: ti3Side(t, "1 war sun, 1 dreadnought, 1 carrier, 3 gf, 1 st"),
			Defender: ti3Side(t, "1 cruiser, 4 gf, 2 pds", "magen-defense-grid")}},
	} {
		noTrialAllocs(t, c.name, c.sc)
	}
}

// Random TI3 battles and invasions (random fleets, starting damage and
// technologies, drawn from a fixed seed) against exact mode: Monte Carlo
// within 4.5 standard errors (and 5 trials) on every outcome (the two use different code:
// per-die draws or the round tables against hit distributions convolved
// state by state).
func TestTI3RandomAgainstExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 8))
	kinds := []string{"war sun", "dreadnought", "cruiser", "destroyer", "carrier", "fighter"}
	techs := []string{"assault-cannon", "hylar-v-assault-laser", "automated-defense-turrets", "cybernetics", "advanced-fighters"}
	fleet := func(ground bool) combat.Side {
		var parts []string
		for _, k := range kinds {
			if rng.Float64() < 0.45 {
				n := 1 + rng.IntN(3)
				if k == "war sun" {
					n = 1
				}
				item := fmt.Sprintf("%d %s", n, k)
				if (k == "war sun" || k == "dreadnought") && rng.Float64() < 0.3 {
					item += " (1 damaged)"
				}
				parts = append(parts, item)
			}
		}
		if len(parts) == 0 {
			parts = []string{"1 cruiser"}
		}
		parts = append(parts, "1 carrier")
		if ground {
			parts = append(parts, fmt.Sprintf("%d ground force", 1+rng.IntN(4)))
		}
		var ts []string
		for _, tc := range techs {
			if rng.Float64() < 0.3 {
				ts = append(ts, tc)
			}
		}
		return ti3Side(t, strings.Join(parts, ", "), ts...)
	}
	for i := range 8 {
		act := combat.SpaceCombat
		if i%2 == 1 {
			act = combat.Invasion
		}
		sc := combat.Scenario{Action: act, Edition: ti3Edition(), Attacker: fleet(act == combat.Invasion), Defender: fleet(act == combat.Invasion)}
		ex := mustSolve(t, sc)
		mc := mustRun(t, sc, factionTrials, uint64(500+i))
		for _, o := range []struct {
			name      string
			mc, exact float64
		}{{"attacker wins", mc.Outcome.AttackerWin.P, ex.Outcome.AttackerWin.P}, {"draw", mc.Outcome.Draw.P, ex.Outcome.Draw.P}, {"defender wins", mc.Outcome.DefenderWin.P, ex.Outcome.DefenderWin.P}} {
			// 4.5 standard errors, plus 5 trials' worth for outcomes so rare
			// (1e-7) that the normal approximation does not hold.
			n := float64(factionTrials)
			se := math.Sqrt(o.exact*(1-o.exact)/n) + 1e-12
			if z := (o.mc - o.exact) / se; math.Abs(o.mc-o.exact) > 4.5*se+5/n {
				t.Errorf("%s %v vs %s %v (%v): %s %.7f, exact %.7f (z %.1f)", sc.Attacker.Fleet.TI3String(), sc.Attacker.Techs, sc.Defender.Fleet.TI3String(), sc.Defender.Techs, act, o.name, o.mc, o.exact, z)
			} else {
				t.Logf("%s: z %+.2f", o.name, z)
			}
		}
	}
}

// Hit orders under TI3 take the ruleset's unit names (those of
// ParseFleetTI3) and refuse what TI3 has not; TI4 orders keep TI4's names
// and refuse TI3's.
func TestTI3ParseOrder(t *testing.T) {
	o, err := combat.ParseOrderFor(combat.EditionTI3SA, "ST, ground forces, mechanized unit, sustain=last")
	if err != nil || len(o.Kinds) != 3 || o.Kinds[0] != units.ShockTroop || o.Kinds[1] != units.Infantry || o.Kinds[2] != units.Mech || !o.SustainLast {
		t.Fatalf("TI3 order = %+v, %v", o, err)
	}
	if o, err = combat.ParseOrderFor(combat.EditionTI3SA, "gf, mu, st"); err != nil || len(o.Kinds) != 3 {
		t.Errorf("TI3 short names: %+v, %v", o, err)
	}
	// The TI4 names of the units TI3 has are TI3 names too (as in fleets).
	if o, err = combat.ParseOrderFor(combat.EditionTI3SA, "infantry, mech, fighter"); err != nil || o.Kinds[0] != units.Infantry || o.Kinds[1] != units.Mech {
		t.Errorf("TI4 names under TI3: %+v, %v", o, err)
	}
	for _, c := range []struct {
		game      combat.Edition
		order     string
		errorPart string
	}{
		{combat.EditionTI3SA, "infantry ii", "Twilight Imperium 3 has no unit upgrades"},
		{combat.EditionTI3SA, "gf, infantry", "ground force listed twice"},
		{combat.EditionTI3SA, "mu, mech", "mechanized unit listed twice"},
		{combat.EditionTI3SA, "pds", "pds is a structure"},
		{combat.EditionTI3SA, "zeppelin", `unknown unit "zeppelin"`},
		{combat.EditionTI4, "st", "shock troops exist only in ruleset ti3-sa"},
		{combat.EditionTI4, "ground force", "Twilight Imperium 3 name (ruleset ti3-sa); Twilight Imperium 4 calls it infantry"},
		{combat.EditionTI4, "mu", "Twilight Imperium 4 calls it mech"},
		{combat.EditionTI4, "infantry ii", "give the unit without II"},
	} {
		if _, err := combat.ParseOrderFor(c.game, c.order); err == nil || !strings.Contains(err.Error(), c.errorPart) {
			t.Errorf("%v %q: %v, want an error containing %q", c.game, c.order, err, c.errorPart)
		}
	}
	// A flagship is a race's unit: it may be ordered.
	if o, err := combat.ParseOrderFor(combat.EditionTI3SA, "fighter, flagship"); err != nil || o.Kinds[1] != units.Flagship {
		t.Errorf("ti3-sa order with a flagship: %v, %v", o, err)
	}
	// ParseOrder is the TI4 grammar.
	if _, err := combat.ParseOrder("shock troop"); err == nil {
		t.Error("ParseOrder accepted a shock troop")
	}
	if o, err := combat.ParseOrder("gf"); err != nil || o.Kinds[0] != units.Infantry {
		t.Errorf(`ParseOrder("gf") (a TI4 alias of infantry) = %+v, %v`, o, err)
	}
}

// The order is played: 2 ground forces and a shock troop take one hit from
// a defender that always hits, while they never hit (one round). Ground
// forces first (the default): 1 ground force and the shock troop are left;
// the shock troop first: 2 ground forces. The values are certain.
func TestTI3OrderPlayed(t *testing.T) {
	for _, c := range []struct {
		order  string
		gf, st float64
	}{{"", 1, 1}, {"st, gf", 2, 0}} {
		a := ti3Side(t, "2 gf, 1 st")
		a.Modifier = -9
		if c.order != "" {
			var err error
			if a.Order, err = combat.ParseOrderFor(combat.EditionTI3SA, c.order); err != nil {
				t.Fatal(err)
			}
		}
		d := ti3Side(t, "1 gf")
		d.Modifier = 9
		sc := combat.Scenario{Action: combat.GroundCombat, Edition: ti3Edition(), MaxRounds: 1, Attacker: a, Defender: d}
		res := mustRun(t, sc, 200, 440)
		near(t, c.order+": ground forces left", survivors(t, res.Attacker, "Ground Force"), c.gf, 0)
		near(t, c.order+": shock troops left", survivors(t, res.Attacker, "Shock Troop"), c.st, 0)
	}
}

// X-89 Bacterial Weapon under TI3 (Shattered Ascension's technology list:
// "Dreadnaughts may now wipe all GF from a planet during bombardment"):
//
//   - 1 dreadnought, 1 carrier, 2 ground forces against 3 ground forces and
//     a mechanized unit: the ground forces are wiped out; the dreadnought's
//     bombardment (1 die at 5: 0.6) then damages the mechanized unit (2
//     dice at 6, 1 once damaged: 0.5 each); 2 ground forces (0.3) fight it:
//     reference.PointDuel with 2 points against 1 or 2;
//   - with a PDS on the planet the shield stops the dreadnought, and X-89
//     with it: 1 ground force against 1 after the PDS's space cannon
//     defense (1 die at 6) missed: 0.5·0.21/0.51, as without X-89;
//   - a war sun is not a dreadnought: nothing changes;
//   - the defender's X-89 does nothing (with a warning).
func TestTI3X89(t *testing.T) {
	hit, _ := reference.PointDuel(2, 1, diceOf(0, 1, 2), diceOf(0, 1), 0.3, 0.5)
	miss, _ := reference.PointDuel(2, 2, diceOf(0, 1, 2), diceOf(0, 1, 2), 0.3, 0.5)
	want := 0.6*hit + 0.4*miss
	sc := combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 dreadnought, 1 carrier, 2 gf", "x89"), Defender: ti3Side(t, "3 gf, 1 mu")}
	res := mustRun(t, sc, factionTrials, 460)
	near(t, "X-89: attacker takes the planet", res.Outcome.AttackerWin.P, want, bernoulliSD(want))
	near(t, "X-89: defender's ground forces left", survivors(t, res.Defender, "Ground Force"), 0, 0)
	warned(t, res, "X-89 Bacterial Weapon", "action cards")
	exactWins(t, sc, want)
	sc.Attacker.Techs = nil
	if without := mustSolve(t, sc).Outcome.AttackerWin.P; without > want-0.1 {
		t.Errorf("without X-89 the attacker takes the planet with %.4f, want far less than %.4f", without, want)
	}

	shield := 0.5 * 0.21 / 0.51
	for _, techs := range [][]string{{"x-89"}, nil} {
		sc = combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 dreadnought, 1 carrier, 1 gf", techs...), Defender: ti3Side(t, "1 gf, 1 pds")}
		exactWins(t, sc, shield)
	}

	same := func(what string, a, b combat.Scenario) {
		t.Helper()
		x, y := mustSolve(t, a).Outcome, mustSolve(t, b).Outcome
		if x.AttackerWin.P != y.AttackerWin.P || x.DefenderWin.P != y.DefenderWin.P {
			t.Errorf("%s: X-89 changed the answer: %.12f against %.12f", what, x.AttackerWin.P, y.AttackerWin.P)
		}
	}
	ws := combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 war sun, 2 gf", "x89-bacterial-weapon"), Defender: ti3Side(t, "3 gf")}
	plain := ws
	plain.Attacker = ti3Side(t, "1 war sun, 2 gf")
	same("a war sun", ws, plain)
	def := combat.Scenario{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 dreadnought, 1 carrier, 2 gf"), Defender: ti3Side(t, "3 gf", "x89")}
	plain = def
	plain.Defender = ti3Side(t, "3 gf")
	same("the defender's", def, plain)
	warned(t, mustSolve(t, def), "only the active player bombards")
}

// TI3's Duranium Armor in exact mode (the repair replayed after the
// holder's assignment, the combat settled round by round) against Monte
// Carlo within 4 standard errors: a space combat, and an invasion whose
// attacker has a damaged dreadnought in space and a damaged mechanized unit
// on the ground (only the mechanized unit is in the ground battle, so only
// it is repaired there).
func TestTI3DuraniumExact(t *testing.T) {
	for i, sc := range []combat.Scenario{
		{Action: combat.SpaceCombat, Edition: ti3Edition(),
			Attacker: ti3Side(t, "1 war sun, 2 dreadnought, 2 cruiser", "duranium-armor"),
			Defender: ti3Side(t, "3 dreadnought, 1 carrier, 2 destroyer, 4 fighter")},
		{Action: combat.Invasion, Edition: ti3Edition(),
			Attacker: ti3Side(t, "1 dreadnought (damaged), 1 carrier, 2 gf, 1 mu (damaged)", "duranium-armor"),
			Defender: ti3Side(t, "4 gf", "duranium-armor")},
	} {
		ex := mustSolve(t, sc)
		res := mustRun(t, sc, factionTrials, 440+uint64(i))
		for _, o := range []struct {
			what      string
			sim, want float64
		}{{"attacker wins", res.Outcome.AttackerWin.P, ex.Outcome.AttackerWin.P}, {"defender wins", res.Outcome.DefenderWin.P, ex.Outcome.DefenderWin.P}} {
			near(t, fmt.Sprintf("%d: %s", i, o.what), o.sim, o.want, bernoulliSD(o.want))
		}
	}
}
