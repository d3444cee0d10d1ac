package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the faction texts of factions_b.go. Every expected value is
// worked out by hand (in the comments) or by a small independent
// calculation here, never taken from the engine.

// factionSideCards is a side of the given faction with the fleet, technologies and
// cards.
func factionSideCards(t *testing.T, faction, fleet string, techs, cards []string) combat.Side {
	t.Helper()
	s := combat.Side{Fleet: mustFleet(t, fleet), Techs: techs, Cards: cards}
	if faction != "" {
		f, err := units.LookupFaction(faction)
		if err != nil {
			t.Fatal(err)
		}
		s.Faction = f
	}
	return s
}

// harrowDuel is an independent solution of a ground combat between a of the
// attacker's infantry hitting with pa and d of the defender's infantry
// hitting with pd, where after each round's hits, if the defender still has
// ground forces, one more die hitting with ph (Harrow's bombardment) may
// destroy one of them. It returns the attacker's chances to win and to
// draw (both sides eliminated).
func harrowDuel(a, d int, pa, pd, ph float64) (win, draw float64) {
	type key struct{ a, d int }
	type val struct{ win, draw float64 }
	memo := map[key]val{}
	var solve func(a, d int) val
	solve = func(a, d int) val {
		if v, ok := memo[key{a, d}]; ok {
			return v
		}
		var acc val
		self := 0.0
		for ha := 0; ha <= a; ha++ {
			for hd := 0; hd <= d; hd++ {
				q := binomP(a, ha, pa) * binomP(d, hd, pd)
				a1, d1 := max(a-hd, 0), max(d-ha, 0)
				for _, hr := range []struct {
					kill int
					p    float64
				}{{0, 1 - ph}, {1, ph}} {
					d2 := d1
					if d1 > 0 {
						d2 = d1 - hr.kill
					} else if hr.kill == 1 {
						continue // nothing to bombard: the round ends as it is
					}
					w := q * hr.p
					if d1 == 0 {
						w = q
					}
					switch {
					case a1 == a && d2 == d:
						self += w
					case d2 == 0 && a1 > 0:
						acc.win += w
					case d2 == 0:
						acc.draw += w
					case a1 == 0:
					default:
						v := solve(a1, d2)
						acc.win += w * v.win
						acc.draw += w * v.draw
					}
				}
			}
		}
		acc.win /= 1 - self
		acc.draw /= 1 - self
		memo[key{a, d}] = acc
		return acc
	}
	v := solve(a, d)
	return v.win, v.draw
}

// Harrow. The L1Z1X invade with a Super-Dreadnought I (Bombardment 5: 0.6)
// and 1 infantry against 2 infantry (all infantry hit on 8: 0.3). The
// bombardment leaves 1 defender w.p. 0.6 and 2 w.p. 0.4; then at the end of
// each ground round the dreadnought bombards again (0.6) if a defender is
// left — also in the round the attacker's infantry died, which makes draws.
// harrowDuel solves that chain. With a PDS on the planet (Planetary Shield),
// neither the bombardment nor Harrow happens; the PDS's space cannon
// offense only damages the dreadnought (1 die), and its space cannon
// defense (6: 0.5) kills the lone infantry, so the attacker wins
// 0.5 · win(1 vs 2, no Harrow).
func TestHarrow(t *testing.T) {
	w1, d1 := harrowDuel(1, 1, 0.3, 0.3, 0.6)
	w2, d2 := harrowDuel(1, 2, 0.3, 0.3, 0.6)
	win, draw := 0.6*w1+0.4*w2, 0.6*d1+0.4*d2
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "l1z1x", "1 dreadnought, 1 infantry", nil, nil),
		Defender: factionSideCards(t, "", "2 infantry", nil, nil)}
	res := mustRun(t, sc, factionTrials, 301)
	near(t, "Harrow: attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "Harrow: draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	modelled(t, res, "Harrow")
	refused(t, sc, "Harrow")
	// Without Harrow the attacker would win much less often.
	w1n, _ := harrowDuel(1, 1, 0.3, 0.3, 0)
	w2n, _ := harrowDuel(1, 2, 0.3, 0.3, 0)
	if plain := 0.6*w1n + 0.4*w2n; win-plain < 0.1 {
		t.Fatalf("hand values: with Harrow %.4f, without %.4f; the test does not tell them apart", win, plain)
	}

	sc.Defender = factionSideCards(t, "", "1 pds, 2 infantry", nil, nil)
	wn, dn := harrowDuel(1, 2, 0.3, 0.3, 0)
	res = mustRun(t, sc, factionTrials, 302)
	near(t, "Harrow under a shield: attacker wins", res.Outcome.AttackerWin.P, 0.5*wn, bernoulliSD(0.5*wn))
	near(t, "Harrow under a shield: draw", res.Outcome.Draw.P, 0.5*dn, bernoulliSD(0.5*dn))
}

// Arc Secundus is repaired at the start of every space combat round.
// Given damaged, it is repaired before round 1: against 2 cruisers (0.4
// each) it dies in round 1 only to 2 hits, 0.16, so 0.84 are left (0.36
// without the repair). Over 2 rounds against 3 cruisers: round 1 it
// survives 0 or 1 hit, 0.648; its 2 dice on 5 with Munitions Reserves'
// reroll (1 − 0.4² = 0.84 each) kill A ~ Bin(2, 0.84) cruisers; repaired,
// it survives round 2 unless 2 of the 3 − A cruisers hit.
func TestArcSecundus(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "letnev", "1 flagship (damaged)", nil, nil),
		Defender: factionSideCards(t, "", "2 cruiser", nil, nil)}
	res := mustRun(t, sc, factionTrials, 303)
	near(t, "damaged Arc Secundus left after round 1", res.Attacker.Survivors[0].Expected.Value, 0.84, bernoulliSD(0.84))
	modelled(t, res, "Arc Secundus")

	atMost1 := func(n int) float64 { return binomP(n, 0, 0.4) + binomP(n, 1, 0.4) }
	want := 0.0
	for a := 0; a <= 2; a++ {
		want += binomP(2, a, 0.84) * atMost1(3-a)
	}
	want *= atMost1(3)
	sc.MaxRounds = 2
	sc.Attacker = factionSideCards(t, "letnev", "1 flagship", nil, nil)
	sc.Attacker.TradeGoods = 4 // Munitions Reserves in both rounds
	sc.Defender = factionSideCards(t, "", "3 cruiser", nil, nil)
	res = mustRun(t, sc, factionTrials, 304)
	near(t, "Arc Secundus left after round 2", res.Attacker.Survivors[0].Expected.Value, want, bernoulliSD(want))
	sc.MaxRounds = 0
	refused(t, sc, "start or end of combat rounds")
}

// Munitions Reserves: every missed die of the Letnev's space combat rounds
// (and of the barrage) is rerolled once. A cruiser (7: 0.4) then hits
// 1 − 0.6² = 0.64: one round against a cruiser leaves it 0.36 (0.6
// without). To the end: A-only 0.64·0.6 = 0.384, D-only 0.36·0.4 = 0.144,
// so the Letnev win 0.384/0.784. A destroyer's barrage (9 ×2) and its combat
// die (9) hit 0.36 each with the reroll: against a carrier and 2 fighters,
// fighters left after round 1 = P(X=0)·(2 − 0.36) + P(X=1)·(1 − 0.36) with
// X ~ Bin(2, 0.36) barrage hits (1.2544 without the reroll). Each round
// costs 2 trade goods: with only 2, the cruisers fight round 1 with the
// reroll (A-only 0.384, none 0.36·0.6 = 0.216) and then evenly (0.24/0.64
// = 0.375): the Letnev win 0.384 + 0.216·0.375 = 0.465. Without trade goods
// it does nothing and says so.
func TestMunitionsReserves(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "letnev", "1 cruiser", nil, nil),
		Defender: factionSideCards(t, "", "1 cruiser", nil, nil)}
	sc.Attacker.TradeGoods = 99
	res := mustRun(t, sc, factionTrials, 305)
	near(t, "cruiser left after a Letnev round", res.Defender.Survivors[0].Expected.Value, 0.36, bernoulliSD(0.36))
	modelled(t, res, "Munitions Reserves")
	sc.MaxRounds = 0
	res = mustRun(t, sc, factionTrials, 306)
	near(t, "Letnev cruiser wins", res.Outcome.AttackerWin.P, 0.384/0.784, bernoulliSD(0.384/0.784))
	refused(t, sc, "start or end of combat rounds")
	sc.Attacker.TradeGoods = 2
	res = mustRun(t, sc, factionTrials, 316)
	near(t, "Letnev cruiser wins with 2 trade goods", res.Outcome.AttackerWin.P, 0.465, bernoulliSD(0.465))
	sc.Attacker.TradeGoods = 1
	res = mustRun(t, sc, factionTrials, 317)
	near(t, "Letnev cruiser wins with 1 trade good", res.Outcome.AttackerWin.P, 0.375, bernoulliSD(0.375))
	warned(t, res, "Munitions Reserves", "does nothing", "trade goods")

	sc = combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "letnev", "1 destroyer", nil, nil),
		Defender: factionSideCards(t, "", "1 carrier, 2 fighter", nil, nil)}
	sc.Attacker.TradeGoods = 2
	want := binomP(2, 0, 0.36)*(2-0.36) + binomP(2, 1, 0.36)*(1-0.36)
	res = mustRun(t, sc, factionTrials, 307)
	found := false
	for _, s := range res.Defender.Survivors {
		if s.Kind == units.Fighter {
			found = true
			near(t, "fighters left after the barrage and round 1", s.Expected.Value, want, s.Expected.SE*math.Sqrt(float64(factionTrials)))
		}
	}
	if !found {
		t.Errorf("no fighters among the defender's survivors %+v", res.Defender.Survivors)
	}

	// Without a space combat (no defender ships) nothing is attached and
	// exact mode still works.
	sc = combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSideCards(t, "letnev", "1 infantry", nil, nil),
		Defender: factionSideCards(t, "", "1 infantry", nil, nil)}
	exactNear(t, "Letnev ground duel", mustSolve(t, sc).Outcome.AttackerWin.P, 0.21/0.51)
}

// War Funding Ω held by a cruiser's owner, played in round 1: its miss is
// rerolled (0.64 to hit) and the opponent's hit, more than its expected
// 0.4, is rerolled (0.4 · 0.4 = 0.16 to hit). One round: the opponent's
// cruiser is left 0.36, the holder's 0.84. To the end: round 1 A-only
// 0.64·0.84 = 0.5376, none 0.36·0.84 = 0.3024, then plain rounds the holder
// wins 0.24/0.64 = 0.375: 0.5376 + 0.3024·0.375 = 0.651.
func TestWarFunding(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSideCards(t, "", "1 cruiser", nil, []string{"war-funding"}),
		Defender: factionSideCards(t, "", "1 cruiser", nil, nil)}
	res := mustRun(t, sc, factionTrials, 308)
	near(t, "opponent's cruiser left", res.Defender.Survivors[0].Expected.Value, 0.36, bernoulliSD(0.36))
	near(t, "holder's cruiser left", res.Attacker.Survivors[0].Expected.Value, 0.84, bernoulliSD(0.84))
	modelled(t, res, "War Funding")
	sc.MaxRounds = 0
	res = mustRun(t, sc, factionTrials, 309)
	near(t, "holder wins", res.Outcome.AttackerWin.P, 0.651, bernoulliSD(0.651))
	refused(t, sc, "War Funding")

	// The Letnev cannot play their own note.
	sc.Attacker = factionSideCards(t, "letnev", "1 cruiser", nil, []string{"war-funding"})
	res = mustRun(t, sc, 1000, 310)
	idle := false
	for _, w := range res.Warnings {
		idle = idle || strings.Contains(w, "War Funding held by the attacker does nothing")
	}
	if !idle {
		t.Errorf("warnings %q do not say the Letnev's own War Funding does nothing", res.Warnings)
	}
}

// L4 Disruptors: the defender's PDS fires no space cannon defense at the
// Letnev's committed infantry. The PDS's offense (1 die) is cancelled by the
// dreadnought's Sustain Damage and its Planetary Shield stops the
// bombardment (the carrier gives the infantry room), so 2
// infantry fight 1: win(2 vs 1). Without the technology the PDS (6: 0.5)
// kills one first: 0.5·win(2 vs 1) + 0.5·win(1 vs 1).
func TestL4Disruptors(t *testing.T) {
	w21, _ := harrowDuel(2, 1, 0.3, 0.3, 0)
	w11, _ := harrowDuel(1, 1, 0.3, 0.3, 0)
	for _, c := range []struct {
		techs []string
		win   float64
	}{{[]string{"l4-disruptors"}, w21}, {nil, 0.5*w21 + 0.5*w11}} {
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: factionSideCards(t, "letnev", "1 carrier, 1 dreadnought, 2 infantry", c.techs, nil),
			Defender: factionSideCards(t, "", "1 pds, 1 infantry", nil, nil)}
		ex := mustSolve(t, sc)
		exactNear(t, "L4 Disruptors "+strings.Join(c.techs, ""), ex.Outcome.AttackerWin.P, c.win)
		res := mustRun(t, sc, factionTrials, 311)
		near(t, "L4 Disruptors "+strings.Join(c.techs, ""), res.Outcome.AttackerWin.P, c.win, bernoulliSD(c.win))
		modelled(t, res, "L4 Disruptors")
	}
}

// Shield Paling: the Jol-Nar infantry on the mech's planet roll on 8 (0.3)
// instead of 9. A lone infantry (0.3) attacks a Jol-Nar mech (7 with
// Fragile: 0.4) and infantry. The attacker needs 3 hits (sustain, then two
// units) before any defender die hits; with k hits left and the defender
// hitting at least once w.p. q_k, it takes the next step w.p.
// 0.3(1 − q_k)/(1 − 0.7(1 − q_k)). With both units q = 1 − 0.6·0.7 = 0.58.
// Default order (infantry lost before the mech): the last unit is the
// mech, q = 0.4. Mech first: the last unit is the infantry, Fragile again
// (9: 0.2), q = 0.2.
func TestShieldPaling(t *testing.T) {
	step := func(q float64) float64 { return 0.3 * (1 - q) / (1 - 0.7*(1-q)) }
	for _, c := range []struct {
		order []units.Kind
		win   float64
	}{{nil, step(0.58) * step(0.58) * step(0.4)}, {[]units.Kind{units.Mech, units.Infantry}, step(0.58) * step(0.58) * step(0.2)}} {
		def := factionSideCards(t, "jol-nar", "1 mech, 1 infantry", nil, nil)
		def.Order = combat.Order{Kinds: c.order}
		sc := combat.Scenario{Action: combat.GroundCombat, Attacker: factionSideCards(t, "", "1 infantry", nil, nil), Defender: def}
		exactNear(t, "Shield Paling", mustSolve(t, sc).Outcome.AttackerWin.P, c.win)
		res := mustRun(t, sc, factionTrials, 312)
		near(t, "Shield Paling", res.Outcome.AttackerWin.P, c.win, bernoulliSD(c.win))
		modelled(t, res, "Shield Paling")
	}
}

// Indomitus (Space Cannon 8: 0.3). Defending: its space cannon defense
// kills the lone attacking infantry w.p. 0.3; else the infantry (0.3)
// fights the mech (0.5, Sustain Damage): it must hit twice before the mech
// hits once; a damaged mech and the infantry hitting each other is a draw.
// Win = 0.7 · (0.15/0.65)² (0.15 = 0.3·0.5 both the infantry hits and the
// mech misses; 0.65 = 1 − 0.7·0.5). Attacking: its space cannon offense
// destroys the defender's lone destroyer w.p. 0.3 (then the invasion is
// unopposed); else carrier (9) against destroyer (9): A-only 0.16, D-only
// 0.16, both 0.04, so 0.16/0.36; a lost carrier ends the invasion. Win =
// 0.3 + 0.7·4/9. Under Articles of War the mech has no Space Cannon.
func TestIndomitus(t *testing.T) {
	r := 0.15 / 0.65
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "", "1 infantry", nil, nil),
		Defender: factionSideCards(t, "xxcha", "1 mech", nil, nil)}
	exactNear(t, "Indomitus defending", mustSolve(t, sc).Outcome.AttackerWin.P, 0.7*r*r)
	res := mustRun(t, sc, factionTrials, 313)
	near(t, "Indomitus defending", res.Outcome.AttackerWin.P, 0.7*r*r, bernoulliSD(0.7*r*r))
	modelled(t, res, "Indomitus")

	sc.Attacker.Cards = []string{"articles-of-war"}
	exactNear(t, "Indomitus under Articles of War", mustSolve(t, sc).Outcome.AttackerWin.P, r*r)

	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "xxcha", "1 carrier, 1 mech", nil, nil),
		Defender: factionSideCards(t, "", "1 destroyer", nil, nil)}
	exactNear(t, "Indomitus attacking", mustSolve(t, sc).Outcome.AttackerWin.P, 0.3+0.7*4/9)
	res = mustRun(t, sc, factionTrials, 314)
	near(t, "Indomitus attacking", res.Outcome.AttackerWin.P, 0.3+0.7*4/9, bernoulliSD(0.3+0.7*4/9))
}

// Loncara Ssodu fires its Space Cannon 5 (x3) in space cannon offense, as a
// ship, and not in space cannon defense. Defending a planet against 2
// infantry with 1 infantry, it does nothing: win(2 vs 1). Attacking a lone
// destroyer: no offense hit 0.4³ = 0.064; then the flagship (2 dice on 7:
// ≥ 1 hit 0.64, Sustain Damage) fights the destroyer (9: 0.2): undamaged it
// wins w.p. (0.64 + 0.36·0.2·W1)/(1 − 0.36·0.8) where damaged it wins
// W1 = 0.64·0.8/(1 − 0.36·0.8).
func TestLoncaraSsodu(t *testing.T) {
	w21, _ := harrowDuel(2, 1, 0.3, 0.3, 0)
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "", "2 infantry", nil, nil),
		Defender: factionSideCards(t, "xxcha", "1 flagship, 1 infantry", nil, nil)}
	exactNear(t, "Loncara Ssodu in space cannon defense", mustSolve(t, sc).Outcome.AttackerWin.P, w21)
	res := mustRun(t, sc, factionTrials, 315)
	near(t, "Loncara Ssodu in space cannon defense", res.Outcome.AttackerWin.P, w21, bernoulliSD(w21))
	modelled(t, res, "Loncara Ssodu")

	w1 := 0.64 * 0.8 / (1 - 0.36*0.8)
	w2 := (0.64 + 0.36*0.2*w1) / (1 - 0.36*0.8)
	win := 1 - 0.064 + 0.064*w2
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSideCards(t, "xxcha", "1 flagship", nil, nil),
		Defender: factionSideCards(t, "", "1 destroyer", nil, nil)}
	exactNear(t, "Loncara Ssodu in space cannon offense", mustSolve(t, sc).Outcome.AttackerWin.P, win)
	res = mustRun(t, sc, factionTrials, 316)
	near(t, "Loncara Ssodu in space cannon offense", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
}

// Ul the Progenitor: Elysium fires Space Cannon 5 (x3) (0.6 a die). In
// space, no hit on the attacker's cruiser w.p. 0.064, then a cruiser duel
// (0.4 each) won 0.24/0.64 = 0.375 and drawn 0.16/0.64 = 0.25. Invaded by 2
// infantry against 1, its space cannon defense kills K ~ Bin(3, 0.6) of
// them: win = P(K=0)·win(2 vs 1) + P(K=1)·win(1 vs 1).
func TestUlTheProgenitor(t *testing.T) {
	ul := []string{"ul-the-progenitor"}
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSideCards(t, "", "1 cruiser", nil, nil),
		Defender: factionSideCards(t, "titans", "1 cruiser", nil, ul)}
	ex := mustSolve(t, sc)
	exactNear(t, "Elysium against ships: attacker wins", ex.Outcome.AttackerWin.P, 0.064*0.375)
	exactNear(t, "Elysium against ships: draw", ex.Outcome.Draw.P, 0.064*0.25)
	res := mustRun(t, sc, factionTrials, 317)
	near(t, "Elysium against ships", res.Outcome.AttackerWin.P, 0.064*0.375, bernoulliSD(0.064*0.375))
	modelled(t, res, "Ul the Progenitor")

	// Held by the attacker: offense only, at the defender's cruiser.
	sc.Attacker, sc.Defender = factionSideCards(t, "titans", "1 cruiser", nil, ul), factionSideCards(t, "", "1 cruiser", nil, nil)
	exactNear(t, "Elysium of the attacker", mustSolve(t, sc).Outcome.AttackerWin.P, 0.936+0.064*0.375)

	w21, _ := harrowDuel(2, 1, 0.3, 0.3, 0)
	w11, _ := harrowDuel(1, 1, 0.3, 0.3, 0)
	win := binomP(3, 0, 0.6)*w21 + binomP(3, 1, 0.6)*w11
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "", "2 infantry", nil, nil),
		Defender: factionSideCards(t, "titans", "1 infantry", nil, ul)}
	exactNear(t, "Elysium against ground forces", mustSolve(t, sc).Outcome.AttackerWin.P, win)
	res = mustRun(t, sc, factionTrials, 318)
	near(t, "Elysium against ground forces", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
}
