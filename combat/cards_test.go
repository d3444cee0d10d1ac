package combat_test

// Tests of the technologies Duranium Armor and Assault Cannon and the action
// cards Morale Boost and Shields Holding, against the oracle of
// package reference, with the helpers of decisions_test.go: hand-derived
// numbers (decHand: oracle 1e-12, exact mode 1e-9 where it accepts the
// scenario, Monte Carlo 4 standard errors) and oracle comparisons
// (decCompare). Exact mode handles them all: Assault Cannon, Morale Boost
// (in an invasion, the ground combat's bonus rounds shifted by the space
// combat's rounds), Duranium Armor (settled round by round: its repairs
// return the combat to earlier states) and Shields Holding (its copies left
// in the combat's state).
//
// Notation as in reference's oracle_test.go.

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

const (
	cdDuranium = "duranium-armor"
	cdAssault  = "assault-cannon"
)

// cdSide is a side with fleet, technologies and action cards.
func cdSide(t testing.TB, fleet string, techs []string, cards ...string) combat.Side {
	t.Helper()
	s := errataSide(t, fleet, techs...)
	s.Cards = cards
	return s
}

// ---- Duranium Armor ----

func TestDuraniumArmorHand(t *testing.T) {
	// 1 dreadnought (0.6, Sustain Damage) with Duranium Armor against 1
	// cruiser (0.4). U: undamaged at the start of a round; D: damaged
	// before this round (repairable at its end).
	//   From U: the dreadnought hits (0.6) → win (a cruiser hit is
	//   sustained, and that unit is not repaired this round, which does
	//   not matter); misses, cruiser hits (0.16) → D; none (0.24) → U.
	//   From D: both hit (0.24) → draw; only the dreadnought (0.36) →
	//   win; only the cruiser (0.16) → loss; none (0.24): repaired → U.
	// W_U = 0.6 + 0.16·W_D + 0.24·W_U, W_D = 0.36 + 0.24·W_U, so
	// 0.7216·W_U = 0.6576; likewise 0.7216·D_U = 0.16·0.24 = 0.0384 and
	// 0.7216·L_U = 0.16·0.16 = 0.0256. (Without the card: 12.84/14.44.)
	wU, dU, lU := 0.6576/0.7216, 0.0384/0.7216, 0.0256/0.7216
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "1 dreadnought", cdDuranium), Defender: errataSide(t, "1 cruiser")}
	decHand(t, "undamaged", sc, 601, "", decWant{win: wU, draw: dU, loss: lU,
		means: []errataMean{{0, units.Dreadnought, wU}, {1, units.Cruiser, lU}}})
	// Damaged before the combat: it starts in D and can be repaired.
	wD, dD, lD := 0.36+0.24*wU, 0.24+0.24*dU, 0.16+0.24*lU
	sc.Attacker = errataSide(t, "1 dreadnought (damaged)", cdDuranium)
	decHand(t, "damaged", sc, 602, "", decWant{win: wD, draw: dD, loss: lD,
		means: []errataMean{{0, units.Dreadnought, wD}}})

	// Ground combat: 1 damaged mech (0.5) against 1 infantry (0.3).
	//   From U: the mech hits (0.5) → win; misses, the infantry hits (0.15)
	//   → D; none (0.35) → U.
	//   From D: both (0.15) → draw; the mech only (0.35) → win; the
	//   infantry only (0.15) → loss; none (0.35): repaired → U.
	// 0.5975·W_U = 0.5 + 0.15·0.35 = 0.5525; 0.5975·D_U = 0.5975·L_U =
	// 0.15·0.15 = 0.0225.
	gW, gDL := 0.5525/0.5975, 0.0225/0.5975
	sc = combat.Scenario{Action: combat.GroundCombat,
		Attacker: errataSide(t, "1 mech (damaged)", cdDuranium), Defender: errataSide(t, "1 infantry")}
	decHand(t, "ground damaged", sc, 603, "", decWant{
		win: 0.35 + 0.35*gW, draw: 0.15 + 0.35*gDL, loss: 0.15 + 0.35*gDL,
		means: []errataMean{{0, units.Mech, 0.35 + 0.35*gW}}})
	sc.Attacker = errataSide(t, "1 mech", cdDuranium)
	decHand(t, "ground", sc, 604, "", decWant{win: gW, draw: gDL, loss: gDL,
		means: []errataMean{{0, units.Mech, gW}}})
}

func TestDuraniumArmorExact(t *testing.T) {
	// Exact values: reference.Solve (solved round by round, see reference's
	// oracle.go); exact mode must agree to 1e-9.
	// A damaged war sun and a damaged dreadnought: the war sun, last in
	// the default hit order, is repaired first.
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "1 war sun (damaged), 1 dreadnought (damaged)", cdDuranium),
		Defender: errataSide(t, "4 cruiser, 2 destroyer")}, 611, "")
	// Both sides hold it; the attacker keeps Sustain Damage for last.
	att := errataSide(t, "1 dreadnought, 1 war sun, 2 fighter, 1 carrier", cdDuranium)
	att.Order.SustainLast = true
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: att,
		Defender: errataSide(t, "1 dreadnought, 4 cruiser, 1 destroyer", cdDuranium)}, 612, "")
	// Space cannon offense before the combat is no combat round: a hit on
	// a fighter repairs nothing, so the damaged dreadnought enters round 1
	// damaged (exact mode once repaired it there: 0.921 against 0.837).
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "1 dreadnought (damaged), 2 fighter", cdDuranium),
		Defender: errataSide(t, "1 pds, 2 cruiser")}, 614, "")
	// Ground combat, both sides, a damaged mech at the start.
	decCompare(t, combat.Scenario{Action: combat.GroundCombat,
		Attacker: errataSide(t, "1 mech, 3 infantry", cdDuranium),
		Defender: errataSide(t, "1 mech (damaged), 3 infantry", cdDuranium)}, 613, "")
}

// ---- Assault Cannon ----

func TestAssaultCannonHand(t *testing.T) {
	// 3 cruisers with Assault Cannon against 1 destroyer: at the start of
	// the combat the defender destroys its destroyer before it rolls; the
	// attacker wins surely with its 3 cruisers.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "3 cruiser", cdAssault), Defender: errataSide(t, "1 destroyer")}
	decHand(t, "3 cruisers", sc, 621, "", decWant{win: 1,
		means: []errataMean{{0, units.Cruiser, 3}, {1, units.Destroyer, 0}}})

	// Invasion: the destroyer is destroyed at the start, so the 2
	// infantry always land: the 2-against-2 ground combat (dec22*).
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "3 cruiser, 1 carrier, 2 infantry", cdAssault),
		Defender: errataSide(t, "1 destroyer, 2 infantry")}
	r := decHand(t, "invasion", sc, 622, "", decWant{win: dec22Win, draw: dec22Draw, loss: dec22Win,
		means: []errataMean{{1, units.Destroyer, 0}, {0, units.Cruiser, 3}}})
	oracleApprox(t, "invasion: invaded", r.Invaded, 1)
}

func TestAssaultCannonEquivalent(t *testing.T) {
	// Each scenario equals a plain one, in the oracle (errataSame, 1e-12:
	// outcomes and expected survivors of every kind), and is compared with
	// Run and Solve.
	same := func(name string, sc combat.Scenario, seed uint64, att, def string) {
		t.Helper()
		errataSame(t, name, decCompare(t, sc, seed, ""), reference.Solve(oracleScen(t, sc.Action, att, def)))
	}
	// The damaged dreadnought of the two is destroyed (a damaged one of
	// the kind first): 3 cruisers against 1 undamaged dreadnought.
	same("damaged first", combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "3 cruiser", cdAssault), Defender: errataSide(t, "2 dreadnought (1 damaged)")}, 631,
		"3 cruiser", "1 dreadnought")
	// No Sustain Damage: the dreadnought is destroyed outright, the
	// fighter is left (a fighter is never the target).
	same("no sustain", combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "3 cruiser", cdAssault), Defender: errataSide(t, "1 dreadnought, 1 fighter")}, 632,
		"3 cruiser", "1 fighter")
	// Fighters do not count towards the 3 ships: no effect.
	same("fighters do not count", combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "2 cruiser, 4 fighter", cdAssault), Defender: errataSide(t, "1 destroyer")}, 633,
		"2 cruiser, 4 fighter", "1 destroyer")
	// Both sides hold it, the attacker's resolves first: the defender
	// loses a cruiser and has only 2 left, so its own is off.
	same("second switched off", combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "3 destroyer", cdAssault), Defender: errataSide(t, "3 cruiser", cdAssault)}, 634,
		"3 destroyer", "2 cruiser")
	// With 4 cruisers the defender still has 3: both fire.
	same("both fire", combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "3 destroyer", cdAssault), Defender: errataSide(t, "4 cruiser", cdAssault)}, 635,
		"2 destroyer", "3 cruiser")
}

func TestAssaultCannonExact(t *testing.T) {
	// Exact values: reference.Solve. A custom order puts the carrier first: it
	// is the ship destroyed, and its fighters then have no room.
	def := errataSide(t, "1 carrier, 1 destroyer, 2 fighter")
	def.Order.Kinds = []units.Kind{units.Carrier}
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: errataSide(t, "2 cruiser, 1 dreadnought, 2 fighter", cdAssault), Defender: def}, 641, "")
	// Before anti-fighter barrage, after space cannon offense: the
	// attacker loses cruisers first, and 2 hits of the 2 PDS (0.25) leave
	// it below 3 non-fighter ships. The defender's 2 ships never fire it.
	att := errataSide(t, "3 cruiser, 1 carrier, 2 fighter, 2 infantry", cdAssault)
	att.Order.Kinds = []units.Kind{units.Cruiser, units.Carrier}
	decCompare(t, combat.Scenario{Action: combat.Invasion, Attacker: att,
		Defender: errataSide(t, "1 destroyer, 1 cruiser, 3 fighter, 2 pds, 2 infantry", cdAssault)}, 642, "")
}

// ---- Morale Boost ----

func TestMoraleBoostHand(t *testing.T) {
	// The fighter duel with Morale Boost ×1 for the attacker: in round 1
	// it hits on 8 (0.3), the defender on 9 (0.2): A only 0.24, D only
	// 0.14, both 0.06, none 0.56, then the plain duel 4/9, 1/9, 4/9.
	// Win 0.24 + 0.56·4/9, draw 0.06 + 0.56/9, loss 0.14 + 0.56·4/9. A
	// winning fighter has no room and is removed: capacity lost = win.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: cdSide(t, "1 fighter", nil, "morale-boost:1"), Defender: errataSide(t, "1 fighter")}
	w, d, l := 0.24+0.56*4/9, 0.06+0.56/9, 0.14+0.56*4/9
	decHand(t, "×1", sc, 651, "", decWant{win: w, draw: d, loss: l,
		means: []errataMean{{0, units.Fighter, 0}}, capLost: [2]float64{w, l}})
	// ×2: two boosted rounds, each ending with 0.44: win 0.24·(1 + 0.56) +
	// 0.56²·4/9, etc.
	sc.Attacker.Cards = []string{"morale-boost:2"}
	w, d, l = 0.24*1.56+0.56*0.56*4/9, 0.06*1.56+0.56*0.56/9, 0.14*1.56+0.56*0.56*4/9
	decHand(t, "×2", sc, 652, "", decWant{win: w, draw: d, loss: l, capLost: [2]float64{w, l}})

	// Invasion without space combat: ground round 1 is the first combat
	// round of the action. Infantry on 7 (0.4) against 8 (0.3): A only
	// 0.28, D only 0.18, both 0.12, none 0.42, then the plain duel 7/17,
	// 3/17, 7/17.
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: cdSide(t, "1 carrier, 1 infantry", nil, "morale-boost"), Defender: errataSide(t, "1 infantry")}
	decHand(t, "ground", sc, 653, "", decWant{win: 0.28 + 0.42*7/17, draw: 0.12 + 0.42*3/17, loss: 0.18 + 0.42*7/17})
	// With a defending fighter the boost is spent in space round 1 (the
	// carrier 0.3 against the fighter 0.2: the carrier survives with the
	// fighter dead with 0.24 + 0.56·4/9, else no invasion); the ground
	// combat is the plain duel: win ·7/17, draw ·3/17. Capacity: the
	// infantry is removed when the carrier is lost (1 − reach), the
	// defender's fighter when it survives (0.14 + 0.56·4/9).
	sc.Defender = errataSide(t, "1 fighter, 1 infantry")
	reach := 0.24 + 0.56*4/9
	decHand(t, "spent in space", sc, 654, "", decWant{win: reach * 7 / 17, draw: reach * 3 / 17, loss: 1 - reach*10/17,
		capLost: [2]float64{1 - reach, 0.14 + 0.56*4/9}})
}

func TestMoraleBoostExact(t *testing.T) {
	// Exact values: reference.Solve. Both sides hold it in an invasion, the
	// count going on from space into ground combat; anti-fighter barrage
	// is not boosted.
	decCompare(t, combat.Scenario{Action: combat.Invasion,
		Attacker: cdSide(t, "2 cruiser, 1 carrier, 1 destroyer, 2 infantry", nil, "morale-boost:2"),
		Defender: cdSide(t, "1 destroyer, 2 fighter, 2 infantry", nil, "morale-boost:3")}, 661, "")
	// Bombardment is not boosted (the dreadnought's 1 die on 5).
	decCompare(t, combat.Scenario{Action: combat.Invasion,
		Attacker: cdSide(t, "1 dreadnought, 1 carrier, 3 infantry", nil, "morale-boost:4"),
		Defender: errataSide(t, "3 infantry, 1 mech")}, 662, "")
	// Space cannon offense and defense are not boosted (a defender holder
	// with 2 PDS).
	decCompare(t, combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "2 dreadnought, 1 carrier, 4 infantry"),
		Defender: cdSide(t, "2 pds, 1 cruiser, 3 infantry", nil, "morale-boost:2")}, 663, "")
	// A space combat with the attacker's +1 modifier on top.
	att := cdSide(t, "1 dreadnought, 2 cruiser, 3 fighter, 1 carrier", nil, "morale-boost:3")
	att.Modifier = 1
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: att,
		Defender: errataSide(t, "1 war sun, 2 destroyer, 2 fighter")}, 664, "")
}

// ---- Shields Holding ----

func TestShieldsHoldingHand(t *testing.T) {
	// The fighter duel with 1 Shields Holding for the attacker (p 0.2
	// each). Until the first round in which the defender hits: only the
	// attacker hits (0.16) → win; both (0.04) → the defender's hit is
	// cancelled → win; only the defender (0.16) → cancelled, card spent,
	// the plain duel. W1 = (0.2 + 0.16·4/9)/0.36, D1 = 0.16·(1/9)/0.36,
	// L1 = 0.16·(4/9)/0.36.
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: cdSide(t, "1 fighter", nil, "shields-holding"), Defender: errataSide(t, "1 fighter")}
	w1, d1, l1 := (0.2+0.16*4.0/9)/0.36, 0.16/9/0.36, 0.16*4.0/9/0.36
	decHand(t, "×1", sc, 671, "", decWant{win: w1, draw: d1, loss: l1, capLost: [2]float64{w1, l1}})
	// 2 copies: the second opportunity leads to the ×1 state.
	sc.Attacker.Cards = []string{"shields-holding:2"}
	w2, d2, l2 := (0.2+0.16*w1)/0.36, 0.16*d1/0.36, 0.16*l1/0.36
	decHand(t, "×2", sc, 672, "", decWant{win: w2, draw: d2, loss: l2, capLost: [2]float64{w2, l2}})

	// Up to 2 hits: 1 dreadnought (0.6) against 3 fighters that always hit
	// (+9). Round 1: 3 hits, 2 cancelled, 1 sustained; round 2: the
	// dreadnought is destroyed. It rolls twice, so the defender keeps
	// 3 − 2·0.6 = 1.8 fighters, which have no room and are removed; the
	// defender wins surely. (Cancelling 1 hit or all 3 would give 2.4 or
	// more rounds.)
	def := errataSide(t, "3 fighter")
	def.Modifier = 9
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: cdSide(t, "1 dreadnought", nil, "shields-holding"), Defender: def}
	decHand(t, "up to 2", sc, 673, "", decWant{loss: 1,
		means: []errataMean{{0, units.Dreadnought, 0}, {1, units.Fighter, 0}}, capLost: [2]float64{0, 1.8}})

	// Not anti-fighter barrage: 2 fighters against a destroyer that never
	// hits in combat rounds (−9; AFB takes no modifier). AFB (2 dice on 9)
	// destroys both fighters with 0.04 (loss); otherwise the fighters win
	// surely. Removed for lack of room: 2·0.64 + 1·0.32 = 1.6.
	def = errataSide(t, "1 destroyer")
	def.Modifier = -9
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: cdSide(t, "2 fighter", nil, "shields-holding:2"), Defender: def}
	decHand(t, "not AFB", sc, 674, "", decWant{win: 0.96, loss: 0.04, capLost: [2]float64{1.6, 0}})
}

func TestShieldsHoldingExact(t *testing.T) {
	// Exact values: reference.Solve. Both sides hold copies; 3 cruisers can
	// score 3 hits, of which 2 are cancelled.
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: cdSide(t, "1 dreadnought, 1 carrier, 3 fighter", nil, "shields-holding:2"),
		Defender: cdSide(t, "3 cruiser, 1 destroyer", nil, "shields-holding")}, 681, "")
	// Invasion: not in ground combat (the defender's copies stay unused
	// there).
	decCompare(t, combat.Scenario{Action: combat.Invasion,
		Attacker: errataSide(t, "1 carrier, 2 fighter, 1 cruiser, 3 infantry"),
		Defender: cdSide(t, "2 cruiser, 2 infantry", nil, "shields-holding:4")}, 682, "")
	// Not space cannon offense: a PDS II fires first.
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: cdSide(t, "2 cruiser, 1 destroyer", nil, "shields-holding:3"),
		Defender: errataSide(t, "1 pds II, 2 cruiser")}, 683, "")
}

// TestCardsTogether: every card and technology at once, space combat.
// Exact values: reference.Solve.
func TestCardsTogether(t *testing.T) {
	att := cdSide(t, "1 war sun, 1 dreadnought, 2 cruiser, 1 carrier, 2 fighter", []string{cdAssault, cdDuranium}, "morale-boost:1")
	def := cdSide(t, "1 dreadnought, 3 cruiser, 2 destroyer, 2 fighter, 1 space dock", []string{cdAssault, cdDuranium}, "shields-holding:2")
	decCompare(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: att, Defender: def}, 691, "")
}
