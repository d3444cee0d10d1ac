package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// The standalone Shattered Ascension 4.2 texts the SA combat calculator
// (CALC: zekash-dev/ti-sa-combat-calc, src/logic/participant.ts, at commit
// a91b9265527654c54b5ce96919358999ee4bacdd, the checkout used for
// testdata/peers/figures.json) offers, modelled from its
// wording (combat/internal/effects/ti3sa42texts.go): each against a hand
// chain or binomial, exactly (to 1e-12) and by Monte Carlo (within 5 SE).

// ti3MC runs sc by 200,000 trials and compares the attacker's win with
// want within 5 standard errors; exact mode must refuse, naming refusal.
func ti3MC(t *testing.T, what string, sc combat.Scenario, want float64, refusal string) {
	t.Helper()
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), refusal) {
		t.Errorf("%s: exact mode: err %v, want a refusal naming %q", what, err, refusal)
	}
	const n = 200000
	mc, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	if se := math.Sqrt(want * (1 - want) / n); math.Abs(mc.Outcome.AttackerWin.P-want) > 5*se {
		t.Errorf("%s: Monte Carlo %.5f, want %.5f ± %.5f", what, mc.Outcome.AttackerWin.P, want, 5*se)
	}
}

// TestTI3DeepRoots: CALC "Your Ground Forces (and Shock Troops) receive -1
// to all combat rolls": an Arborec ground force at 9 (0.2) defending
// against one at 8 (0.3), the duel's law; without the text, TI3's Arborec
// sheet (GK 479) has no -1: duel(0.3, 0.3).
func TestTI3DeepRoots(t *testing.T) {
	sc := ti3Scenario(t, combat.GroundCombat, "1 gf", "1 gf")
	sc.Defender.Faction = race(t, "arborec")
	ti3Check(t, "Arborec without Deep Roots", sc, duel(0.3, 0.3))
	sc.Defender.Techs = []string{"deep-roots"}
	ti3Check(t, "Deep Roots", sc, duel(0.3, 0.2))
}

// TestTI3MagmaObliterator: CALC "One of your War Sun gains Bombardment
// (x2)" (its code: 2 dice added to one war sun): a Muaat war sun and a
// ground force invade 2 ground forces; the war sun bombards with 3 + 2
// dice at 3 (0.8). With k hits (binomial), min(k, 2) defenders are
// destroyed, then the ground combat 1 against 2 - min(k, 2) at 0.3 each
// (archonChain without negations). Without the text, 3 dice.
func TestTI3MagmaObliterator(t *testing.T) {
	taken := func(dice int) float64 {
		v := 0.0
		for k, q := range binom(dice, 0.8) {
			left := 2 - min(k, 2)
			v += q * archonChain(1, left, 0, 0.3, 0.3, 0.3, false)
		}
		return v
	}
	sc := ti3Scenario(t, combat.Invasion, "1 war sun, 1 gf", "2 gf")
	sc.Attacker.Faction = race(t, "muaat")
	ti3Check(t, "Muaat war sun without Magma Obliterator", sc, taken(3))
	sc.Attacker.Techs = []string{"magma-obliterator"}
	ti3Check(t, "Magma Obliterator", sc, taken(5))
	// Two war suns: one has the text, the other not: 3 + 5 dice.
	two := ti3Scenario(t, combat.Invasion, "2 war sun, 1 gf", "2 gf")
	two.Attacker.Faction, two.Attacker.Techs = race(t, "muaat"), []string{"magma-obliterator"}
	ti3Check(t, "Magma Obliterator, two war suns", two, taken(8))
}

// saimocChain is the Letnev dreadnought's win against a cruiser (0.4):
// undamaged it rolls 2 dice at 5 (0.6), damaged 1 (SA: a unit that used
// Sustain Damage loses a die); after a round in which it did not use
// Sustain Damage a damaged dreadnought is repaired while repairs are left
// (CALC: "After each combat round, repair one of your participating ships
// that did not use Sustain Damage this round"). States: damaged or not,
// repairs left r (r < 0: no limit).
func saimocChain(damaged bool, r int) float64 {
	const pa1, pa2, pd = 0.6, 0.6, 0.4
	if !damaged {
		hit := 1 - (1-pa1)*(1-pa1)
		// A miss and no hit repeats the state; a miss and a hit damages it.
		return (hit + (1-hit)*pd*saimocChain(true, r)) / (1 - (1-hit)*(1-pd))
	}
	win := pa2 * (1 - pd) // both hitting destroys both
	if r == 0 {
		return win / (1 - (1-pa2)*(1-pd))
	}
	next := r - 1
	if r < 0 {
		next = r
		// wD = win + (1-pa)(1-pd)·wI, and wI depends on wD: solve the pair.
		hit := 1 - (1-pa1)*(1-pa1)
		a, b := hit/(1-(1-hit)*(1-pd)), (1-hit)*pd/(1-(1-hit)*(1-pd)) // wI = a + b·wD
		return (win + (1-pa2)*(1-pd)*a) / (1 - (1-pa2)*(1-pd)*b)
	}
	return win + (1-pa2)*(1-pd)*saimocChain(false, next)
}

// TestTI3SaimocInfusedHulls: the repair, by saimocChain: every round (the
// wording, the default: exact too) and at most 5 (saimoc-infused-hulls=
// five, CALC's code: Monte Carlo, exact mode refusing); without the text,
// no repair. The fighters' part: a Letnev cruiser (0.4) against 2
// fighters (9, 0.2): in round 1 the fighters' hits cannot be assigned to
// it (CALC: "Hits from Fighters may not be assigned to your non-Fighter
// ships during the first round of Space Battles"), so round 1 only
// removes a fighter with 0.4; then the plain chain.
func TestTI3SaimocInfusedHulls(t *testing.T) {
	sc := flagshipScenario(t, "letnev", "1 dreadnought", "1 cruiser")
	ti3Check(t, "Letnev dreadnought, no repair", sc, saimocChain(false, 0))
	sc.Attacker.Techs = []string{"saimoc-infused-hulls"}
	ti3Check(t, "Saimoc-Infused Hulls, every round", sc, saimocChain(false, -1))
	sc.Attacker.Choices = []string{"saimoc-infused-hulls=five"}
	ti3MC(t, "Saimoc-Infused Hulls, five", sc, saimocChain(false, 5), "saimoc-infused-hulls=five")

	f := flagshipScenario(t, "letnev", "1 cruiser", "2 fighter")
	f.Attacker.Techs = []string{"saimoc-infused-hulls"}
	want := 0.4*archonChain(1, 1, 0, 0.4, 0.4, 0.2, false) + 0.6*archonChain(1, 2, 0, 0.4, 0.4, 0.2, false)
	ti3MC(t, "Saimoc-Infused Hulls, fighters' hits", f, want, "")
}

// TestTI3SA42Races: the Krotoan Virus and the Order of the Last are races
// (CALC: no racial ability or upgrade with a combat effect, the Order's
// Chronos Field unimplemented): the TI3 unit table, a cruiser duel; the
// Order's Chronos Field is named as not modelled; their flagships are
// refused, saying why.
func TestTI3SA42Races(t *testing.T) {
	for _, name := range []string{"krotoan-virus", "order-of-the-last"} {
		if _, err := units.LookupTI3Race(name); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sc := flagshipScenario(t, name, "1 cruiser", "1 cruiser")
		ti3Check(t, name, sc, duel(0.4, 0.4))
		res := mustSolve(t, sc)
		if name == "order-of-the-last" {
			warned(t, res, "Chronos Field", "not modelled")
		}
		fl := flagshipScenario(t, name, "1 flagship", "1 cruiser")
		if _, err := combat.Solve(context.Background(), fl); err == nil || !strings.Contains(err.Error(), "Shattered Ascension 4.2") {
			t.Errorf("%s flagship: err %v, want a refusal saying why", name, err)
		}
	}
}

// TestTI3AdvancedFleetTactics: CALC "During each combat round of Space
// Battles, up to three Fighters and one Carrier receive +2 to combat
// rolls. No more than half of your Fighters (round up) may be lost to
// Anti-Fighter Barrage." A Sol carrier and fighter at 7 (0.4, from 9)
// against a cruiser (0.4): archonChain without negations. 3 Sol fighters
// (0.4) against a destroyer (0.2) whose barrage rolls 2 dice at 9: k hits
// (binomial), at most ceil(3/2) = 2 lost (round-up, the default: the cap
// never binds, exact too) or floor(3/2) = 1 (round-down, CALC's code:
// Monte Carlo), then the chain of the fighters left against the
// destroyer. Without the text: 0.2 each, no cap.
func TestTI3AdvancedFleetTactics(t *testing.T) {
	sc := flagshipScenario(t, "sol", "1 carrier, 1 fighter", "1 cruiser")
	ti3Check(t, "Sol without Advanced Fleet Tactics", sc, archonChain(2, 1, 0, 0.2, 0.2, 0.4, false))
	sc.Attacker.Techs = []string{"advanced-fleet-tactics"}
	ti3Check(t, "Advanced Fleet Tactics, +2", sc, archonChain(2, 1, 0, 0.4, 0.4, 0.4, false))

	barrage := func(p float64, limit int) float64 {
		v := 0.0
		for k, q := range binom(2, 0.2) {
			v += q * archonChain(3-min(k, limit), 1, 0, p, p, 0.2, false)
		}
		return v
	}
	f := flagshipScenario(t, "sol", "3 fighter", "1 destroyer")
	ti3Check(t, "Sol fighters against a barrage", f, barrage(0.2, 3))
	f.Attacker.Techs = []string{"advanced-fleet-tactics"}
	ti3Check(t, "Advanced Fleet Tactics, round-up", f, barrage(0.4, 2))
	f.Attacker.Choices = []string{"advanced-fleet-tactics=round-down"}
	ti3MC(t, "Advanced Fleet Tactics, round-down", f, barrage(0.4, 1), "anti-fighter barrage")
}

// groundChain is the attacker's win (units left, none for the defender) in
// a ground combat of a attackers hitting with pa(a, d) each against d
// defenders hitting with pd(a, d) each, both rolling at once.
func groundChain(a, d int, pa, pd func(a, d int) float64) float64 {
	if d == 0 {
		if a > 0 {
			return 1
		}
		return 0
	}
	if a == 0 {
		return 0
	}
	ha, hd := binom(a, pa(a, d)), binom(d, pd(a, d))
	v := 0.0
	for x, qa := range ha {
		for y, qd := range hd {
			if x > 0 || y > 0 {
				v += qa * qd * groundChain(max(a-y, 0), max(d-x, 0), pa, pd)
			}
		}
	}
	return v / (1 - ha[0]*hd[0])
}

// TestTI3VersatileCombatTactics: CALC "Your Ground Forces (and Shock
// Troops) gain +2 to combat rolls in combat rounds where you have fewer
// combat dice than the opponent. During enemy Bombardment, half of your
// Ground Forces (round up) are immune." Ground forces at 8 (0.3): the Sol
// defender's at 6 (0.5) in a round where it has fewer dice (groundChain).
// Invading 2 Sol ground forces with 2 dreadnoughts and a carrier (bombardment, 2 dice at
// 5, 0.6): at most 2 − ceil(2/2) = 1 destroyed, then the chain. Monte
// Carlo (exact mode refuses the +2, a hook on the rolls).
func TestTI3VersatileCombatTactics(t *testing.T) {
	plain := func(int, int) float64 { return 0.3 }
	vct := func(a, d int) float64 {
		if d < a {
			return 0.5
		}
		return 0.3
	}
	g := ti3Scenario(t, combat.GroundCombat, "2 gf", "1 gf")
	g.Defender.Faction = race(t, "sol")
	ti3Check(t, "Sol without Versatile Combat Tactics", g, groundChain(2, 1, plain, plain))
	g.Defender.Techs = []string{"versatile-combat-tactics"}
	ti3MC(t, "Versatile Combat Tactics, +2", g, groundChain(2, 1, plain, vct), "ground combat rolls")

	inv := ti3Scenario(t, combat.Invasion, "2 dreadnought, 1 carrier, 2 gf", "2 gf")
	inv.Defender.Faction, inv.Defender.Techs = race(t, "sol"), []string{"versatile-combat-tactics"}
	want := 0.0
	for k, q := range binom(2, 0.6) {
		want += q * groundChain(2, 2-min(k, 1), plain, vct)
	}
	ti3MC(t, "Versatile Combat Tactics, bombardment", inv, want, "ground combat rolls")
}

// TestTI3AdaptableOrdnanceRigs: CALC "Your Cruisers gain Capacity (1
// Ground Force). During your actions, Cruisers not using this Capacity may
// either sustain damage outside of combat rounds, or make an extra combat
// roll in the first combat round of Space Battles." A Mentak cruiser
// attacking a cruiser (0.4 each) and a PDS (space cannon at 6, 0.5): the
// Mentak pre-combat shot (0.4) first, then round 1. PDS missed: round 1
// with 2 dice, 1 − 0.6², then the duel; PDS hit: sustain (the default),
// no extra die, the duel after the shot; with adaptable-ordnance-rigs=roll
// the PDS hit destroys it. Monte Carlo (exact mode refuses the extra
// dice, rolled after round 1's dice).
func TestTI3AdaptableOrdnanceRigs(t *testing.T) {
	d := duel(0.4, 0.4)
	extra := 0.4 + 0.6*((1-0.36)*0.6+0.36*0.6*d)
	plain := 0.4 + 0.6*d
	sc := flagshipScenario(t, "mentak", "1 cruiser", "1 cruiser, 1 pds")
	ti3Check(t, "Mentak without Adaptable Ordnance Rigs", sc, 0.5*plain)
	sc.Attacker.Techs = []string{"adaptable-ordnance-rigs"}
	ti3MC(t, "Adaptable Ordnance Rigs, sustain", sc, 0.5*extra+0.5*plain, "combat rounds")
	sc.Attacker.Choices = []string{"adaptable-ordnance-rigs=roll"}
	ti3MC(t, "Adaptable Ordnance Rigs, roll", sc, 0.5*extra, "combat rounds")
	// Defending (not the holder's action) it does nothing: the Mentak
	// shot (0.4) missed, the duel.
	def := flagshipScenario(t, "none", "1 cruiser", "1 cruiser")
	def.Defender.Faction, def.Defender.Techs = race(t, "mentak"), []string{"adaptable-ordnance-rigs"}
	ti3Check(t, "Adaptable Ordnance Rigs defending", def, 0.6*d)
}
