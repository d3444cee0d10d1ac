package combat_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Texts the Shattered Ascension combat calculator (CALC) offers under
// ti3-sa (combat/internal/effects/ti3calctexts.go): each against a hand
// chain, exactly (to 1e-12) and by Monte Carlo (within 5 SE, ti3Check).

// impulsionDuel is the attacker's win in a duel (hit chances p, q a
// round) when the attacker ignores the first hit it takes: a round where
// only the defender hits uses the shield and the duel goes on plain; a
// round where both hit leaves the attacker alone.
func impulsionDuel(p, q float64) float64 {
	return (p*(1-q) + p*q + (1-p)*q*duel(p, q)) / (1 - (1-p)*(1-q))
}

// TestTI3ImpulsionShields: "During your actions, once each round, ignore
// one hit from combat rolls (or Space Mines)" (SA technology tree; CALC
// "Ignore one hit from combat rolls (or Space Mines)"): the attacker's
// cruiser against a cruiser wins with impulsionDuel(0.4, 0.4) = 0.765625
// (0.375 without); in a ground combat, ground forces at 8,
// impulsionDuel(0.3, 0.3). A defender's does nothing: duel(0.4, 0.4).
func TestTI3ImpulsionShields(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sc.Attacker.Techs = []string{"impulsion-shields"}
	if w := impulsionDuel(0.4, 0.4); w != 0.765625 {
		t.Fatalf("hand value %v", w)
	}
	ti3Check(t, "Impulsion Shields in space", sc, impulsionDuel(0.4, 0.4))
	gr := ti3Scenario(t, combat.GroundCombat, "1 gf", "1 gf")
	gr.Attacker.Techs = []string{"impulsion-shields"}
	ti3Check(t, "Impulsion Shields on the ground", gr, impulsionDuel(0.3, 0.3))
	def := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	def.Defender.Techs = []string{"impulsion-shields"}
	ti3Check(t, "Impulsion Shields defending", def, duel(0.4, 0.4))
}

// archonChain is the attacker's win when a attackers (hit chance pa1 in
// the first round — the Xxcha's −1, SA race sheet, RD — then pa) fight d
// Xxcha defenders (pd) who negate the first k hits they take, as they come.
func archonChain(a, d, k int, pa1, pa, pd float64, first bool) float64 {
	if d == 0 {
		if a > 0 {
			return 1
		}
		return 0
	}
	if a == 0 {
		return 0
	}
	p := pa
	if first {
		p = pa1
	}
	ha, hd := binom(a, p), binom(d, pd)
	v, stay := 0.0, 0.0
	for x, qa := range ha {
		for y, qd := range hd {
			if x == 0 && y == 0 && !first {
				stay = qa * qd
				continue
			}
			u := min(x, k)
			v += qa * qd * archonChain(max(a-y, 0), max(d-(x-u), 0), k-u, pa1, pa, pd, false)
		}
	}
	return v / (1 - stay)
}

// TestTI3ArchonEnergyShell: "As the defender in Space Combat or Invasion
// Combat, you may negate two hits" (CALC; SA 4.2 Racial Upgrade): 2
// cruisers against an Xxcha cruiser negating the first 2 hits (and the
// Xxcha −1 in round 1), archonChain; 2 ground forces against 1 in a
// ground combat likewise. Attacking, it does nothing: the Xxcha cruiser
// against one, round 1 at 0.4 against 0.3, then duel(0.4, 0.4).
func TestTI3ArchonEnergyShell(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "2 cruiser", "1 cruiser")
	sc.Defender.Faction, sc.Defender.Techs = race(t, "xxcha"), []string{"archon-energy-shell"}
	ti3Check(t, "Archon Energy Shell in space", sc, archonChain(2, 1, 2, 0.3, 0.4, 0.4, true))
	gr := ti3Scenario(t, combat.GroundCombat, "2 gf", "1 gf")
	gr.Defender.Faction, gr.Defender.Techs = race(t, "xxcha"), []string{"archon-energy-shell"}
	ti3Check(t, "Archon Energy Shell on the ground", gr, archonChain(2, 1, 2, 0.2, 0.3, 0.3, true))
	att := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	att.Attacker.Faction, att.Attacker.Techs = race(t, "xxcha"), []string{"archon-energy-shell"}
	ti3Check(t, "Archon Energy Shell attacking", att, 0.4*0.7+0.6*0.7*duel(0.4, 0.4))
}

// TestTI3ChaosMapping: "All pre-combat rolls receive -1 against you"
// (CALC; SA 4.2 Racial Upgrade): a destroyer's barrage (2 dice at 9) at a
// Saar fighter rolls at 10: the fighter falls with 1 − 0.9² = 0.19 (0.36
// without), then destroyer and fighter duel at 0.2 each. A Mentak
// cruiser's pre-combat shot at a Saar cruiser hits with 0.3, not 0.4,
// then duel(0.4, 0.4).
func TestTI3ChaosMapping(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 destroyer", "1 fighter")
	sc.Defender.Faction, sc.Defender.Techs = race(t, "saar"), []string{"chaos-mapping"}
	ti3Check(t, "Chaos Mapping against the barrage", sc, 0.19+0.81*duel(0.2, 0.2))
	sc.Defender.Techs = nil
	ti3Check(t, "the barrage without it", sc, 0.36+0.64*duel(0.2, 0.2))
	mk := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	mk.Attacker.Faction = race(t, "mentak")
	mk.Defender.Faction, mk.Defender.Techs = race(t, "saar"), []string{"chaos-mapping"}
	ti3Check(t, "Chaos Mapping against Mentak's shot", mk, 0.3+0.7*duel(0.4, 0.4))
}

// TestTI3RefusedCalcTexts: a CALC race technology given to a side of
// another race is refused, naming the race to give.
func TestTI3RefusedCalcTexts(t *testing.T) {
	for _, c := range []struct{ race, tech, name, owner string }{
		{"none", "advanced-fleet-tactics", "Advanced Fleet Tactics", "sol"},
		{"letnev", "versatile-combat-tactics", "Versatile Combat Tactics", "sol"},
		{"none", "adaptable-ordnance-rigs", "Adaptable Ordnance Rigs", "mentak"},
		{"sol", "deep-roots", "Deep Roots", "arborec"},
	} {
		sc := ti3Scenario(t, combat.SpaceCombat, "2 cruiser", "1 cruiser")
		if c.race != "none" {
			sc.Attacker.Faction = race(t, c.race)
		}
		sc.Attacker.Techs = []string{c.tech}
		_, err := combat.Solve(context.Background(), sc)
		if err == nil || !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), "--attacker-faction "+c.owner) {
			t.Errorf("%s: %v, want a refusal naming it and its race", c.tech, err)
		}
	}
}
